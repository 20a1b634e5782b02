import Foundation

/// Delivers touch events inside a window, as UIKit does: first to the gesture recognizers the
/// touches carry (each in the order began, moved, ended, cancelled), then to the views the
/// touches are bound to, unless a recognizer cancelled them there (`cancelsTouchesInView`) or
/// holds them back (`delaysTouchesBegan`, `delaysTouchesEnded`) until it fails.
///
/// One belongs to each `TouchRouter` and delivers only that router's touches: what it holds
/// back and its gesture arena are state of that event machinery, not of the process, so two
/// routers (two apps' worth of windows in one test process) never see each other's touches.
@MainActor
final class TouchDelivery {
    /// Touches whose view deliveries wait for recognizers to fail, in arrival order.
    private var held: [(touch: UITouch, phase: UITouch.Phase, event: UIEvent)] = []

    /// The rules between the recognizers this delivery's touches reach.
    private(set) lazy var arena = GestureArena(delivery: self)

    /// Recognizers bound to the arena hold it strongly (no weak reference, whose side table
    /// would slow every retain of the event path): once the delivery goes, they must not use it.
    isolated deinit {
        arena.detach()
    }

    /// How many view deliveries recognizers hold back now.
    var heldCount: Int { held.count }

    /// Delivers the changes of this delivery's touches that began in `window`.
    func deliver(_ event: UIEvent, in window: UIWindow) {
        let changed = event.touchList.filter { $0.window === window && $0.phase != .stationary && $0.delivery === self }
        guard !changed.isEmpty else { return }
        deliverToRecognizers(changed, event: event)
        deliverToViews(changed, event: event)
    }

    // MARK: Recognizers

    private static let phaseOrder: [UITouch.Phase] = [.began, .moved, .ended, .cancelled]

    private func deliverToRecognizers(_ touches: [UITouch], event: UIEvent) {
        arena.deliveringEvent { deliverEachRecognizer(touches, event: event) }
        for touch in touches {
            for recognizer in touch.gestureRecognizers
            where [.ended, .cancelled, .failed].contains(recognizer.currentState) {
                arena.finish(recognizer)
            }
        }
    }

    private func deliverEachRecognizer(_ touches: [UITouch], event: UIEvent) {
        var recognizers: [UIGestureRecognizer] = []
        for touch in touches {
            for recognizer in touch.gestureRecognizers where !recognizers.contains(where: { $0 === recognizer }) {
                recognizers.append(recognizer)
            }
        }
        for recognizer in recognizers {
            let mine = touches.filter { touch in touch.gestureRecognizers.contains { $0 === recognizer } }
            let receives = recognizer.isEnabled && [.possible, .began, .changed].contains(recognizer.currentState)
            for phase in Self.phaseOrder {
                let group = mine.filter { $0.phase == phase }
                guard !group.isEmpty else { continue }
                if phase == .began {
                    // A new press (the next tap of a multi-tap): the last one's touches go.
                    if recognizer.trackedTouches.isEmpty { recognizer.liftedTouches = [] }
                    recognizer.trackedTouches += group
                    recognizer.seenTouches += group
                    recognizer.isInvolved = true
                }
                if receives && [.possible, .began, .changed].contains(recognizer.currentState) {
                    let set = Set(group)
                    switch phase {
                    case .began: recognizer.touchesBegan(set, with: event)
                    case .moved: recognizer.touchesMoved(set, with: event)
                    case .ended: recognizer.touchesEnded(set, with: event)
                    case .cancelled: recognizer.touchesCancelled(set, with: event)
                    case .stationary: break
                    }
                }
                if phase == .ended || phase == .cancelled {
                    if let window = group.first?.window {
                        recognizer.lastWindow = window
                        recognizer.lastWindowLocation = centroid(of: recognizer.trackedTouches)
                    }
                    if phase == .ended {
                        recognizer.liftedTouches += group.filter { touch in
                            recognizer.trackedTouches.contains { $0 === touch }
                        }
                    }
                    recognizer.trackedTouches.removeAll { touch in group.contains { $0 === touch } }
                }
            }
            if [.ended, .cancelled, .failed].contains(recognizer.currentState) { arena.finish(recognizer) }
        }
    }

    private func centroid(of touches: [UITouch]) -> CGPoint? {
        guard !touches.isEmpty else { return nil }
        let sum = touches.reduce(CGPoint.zero) { CGPoint(x: $0.x + $1.windowLocation.x, y: $0.y + $1.windowLocation.y) }
        return CGPoint(x: sum.x / CGFloat(touches.count), y: sum.y / CGFloat(touches.count))
    }

    // MARK: Views

    private func deliverToViews(_ touches: [UITouch], event: UIEvent) {
        var batches: [(view: UIView, phase: UITouch.Phase, touches: [UITouch])] = []
        for touch in touches {
            guard let view = touch.view, touch.deliversToView, !touch.cancelledInView else { continue }
            if holds(touch, phase: touch.phase) {
                held.append((touch, touch.phase, event))
                continue
            }
            if touch.phase == .began {
                // A scroll view around the view may keep the touch from it.
                guard UIScrollView.contentTouchMayBegin(touch, with: event) else {
                    touch.cancelledInView = true
                    continue
                }
                touch.deliveredToView = true
            }
            if let index = batches.firstIndex(where: { $0.view === view && $0.phase == touch.phase }) {
                batches[index].touches.append(touch)
            } else {
                batches.append((view, touch.phase, [touch]))
            }
        }
        for batch in batches { send(batch.phase, Set(batch.touches), to: batch.view, event: event) }
    }

    /// Whether a recognizer still deciding holds this delivery back.
    private func holds(_ touch: UITouch, phase: UITouch.Phase) -> Bool {
        if held.contains(where: { $0.touch === touch }) { return true }  // keep the order
        return recognizersHoldBack(touch, phase: phase)
    }

    /// Whether a recognizer still deciding delays this phase of the touch for its view.
    private func recognizersHoldBack(_ touch: UITouch, phase: UITouch.Phase) -> Bool {
        let deciding = touch.gestureRecognizers.filter { $0.currentState == .possible && $0.isEnabled }
        switch phase {
        case .began: return deciding.contains { $0.delaysTouchesBegan }
        case .ended: return deciding.contains { $0.delaysTouchesEnded && $0.isInvolved }
        default: return false
        }
    }

    private func send(_ phase: UITouch.Phase, _ touches: Set<UITouch>, to view: UIView, event: UIEvent) {
        switch phase {
        case .began: view.touchesBegan(touches, with: event)
        case .moved: view.touchesMoved(touches, with: event)
        case .ended: view.touchesEnded(touches, with: event)
        case .cancelled: view.touchesCancelled(touches, with: event)
        case .stationary: break
        }
    }

    /// Delivers what recognizers held back and no longer hold (they failed).
    func releaseHeldTouches() {
        var index = 0
        while index < held.count {
            let entry = held[index]
            if entry.touch.cancelledInView {
                held.remove(at: index)
                continue
            }
            let stillHeld =
                held[..<index].contains { $0.touch === entry.touch }
                || recognizersHoldBack(entry.touch, phase: entry.phase)
            if stillHeld {
                index += 1
                continue
            }
            held.remove(at: index)
            if let view = entry.touch.view {
                if entry.phase == .began {
                    guard UIScrollView.contentTouchMayBegin(entry.touch, with: entry.event) else {
                        entry.touch.cancelledInView = true
                        continue
                    }
                    entry.touch.deliveredToView = true
                }
                let phase = entry.phase
                let saved = entry.touch.phase
                entry.touch.phase = phase
                send(phase, [entry.touch], to: view, event: entry.event)
                entry.touch.phase = saved
            }
        }
    }

    /// A recognizer recognized with `cancelsTouchesInView`: its touches' views get
    /// `touchesCancelled` (those that heard `touchesBegan`) and nothing more of them.
    func cancelViewTouches(of recognizer: UIGestureRecognizer) {
        var byView: [(view: UIView, touches: [UITouch])] = []
        for touch in recognizer.seenTouches where !touch.cancelledInView {
            touch.cancelledInView = true
            held.removeAll { $0.touch === touch }
            guard touch.deliveredToView, let view = touch.view else { continue }
            if let index = byView.firstIndex(where: { $0.view === view }) {
                byView[index].touches.append(touch)
            } else {
                byView.append((view, [touch]))
            }
        }
        for entry in byView {
            let event = UIEvent(
                type: .touches, timestamp: entry.touches.map(\.timestamp).max() ?? 0, touches: entry.touches)
            let saved = entry.touches.map(\.phase)
            for touch in entry.touches { touch.phase = .cancelled }
            entry.view.touchesCancelled(Set(entry.touches), with: event)
            for (touch, phase) in zip(entry.touches, saved) { touch.phase = phase }
        }
    }

    /// `view` is leaving its window: its touches are cancelled there and its recognizers
    /// reset.
    func viewWillLeaveWindow(_ view: UIView, activeTouches: [UITouch]) {
        let mine = activeTouches.filter { $0.view === view && !$0.cancelledInView }
        for touch in mine { touch.cancelledInView = true }
        held.removeAll { entry in mine.contains { $0 === entry.touch } }
        let delivered = mine.filter(\.deliveredToView)
        if !delivered.isEmpty {
            let event = UIEvent(type: .touches, timestamp: delivered.map(\.timestamp).max() ?? 0, touches: delivered)
            view.touchesCancelled(Set(delivered), with: event)
        }
        // Only the recognizers this delivery's touches reached: another router's are its own.
        for recognizer in view.gestureRecognizers ?? [] where recognizer.isInvolved && recognizer.arena === arena {
            for touch in recognizer.trackedTouches { touch.gestureRecognizers.removeAll { $0 === recognizer } }
            if recognizer.currentState == .began || recognizer.currentState == .changed {
                recognizer.currentState = .cancelled
                recognizer.sendActions()
            }
            recognizer.trackedTouches = []
            arena.reset(recognizer)
        }
    }
}
