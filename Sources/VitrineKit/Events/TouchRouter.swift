import Foundation
import VitrinePlatform

/// Turns an input source's touch and key events into `UIEvent`s: each touch frame (the
/// changes that happened together) becomes one event whose touches are the fingers down, and
/// goes to `UIApplication.sendEvent(_:)`. Touches are mapped onto the screen their device is
/// mapped to (else the main screen), hit-tested against that screen's windows from the front
/// (level order), and stay bound to the view they began in.
///
/// Bad input is ignored with a debug log and never leaves a touch stuck: a change for a slot
/// that never began, a duplicate begin, NaN or off-screen coordinates.
@MainActor
final class TouchRouter {
    /// Delivers this router's touches to recognizers and views; holds what recognizers hold
    /// back, and their arena. Owned here so that event state belongs to the router's owner
    /// (`UIApplication`), not to the process.
    let delivery = TouchDelivery()
    /// The touches down, by input slot.
    private(set) var active: [Int: UITouch] = [:]
    /// Slots changed since the last frame.
    private var changedSlots: [Int] = []
    /// The latest timestamp of the changes since the last frame: the event's timestamp. (Not
    /// the latest ever seen: a new input source may run on another time base.)
    private var frameTimestamp: Double?
    /// The last lifted touch, for `tapCount`.
    private var lastTap: LastTap?
    private struct LastTap {
        var time: Double
        var location: CGPoint
        weak var window: UIWindow?
        var count: Int
    }

    /// Taps closer than this in time and distance count as one multi-tap sequence.
    static let multiTapInterval = 0.35
    static let multiTapDistance: CGFloat = 20

    func handle(_ input: InputEvent) {
        switch input {
        case .touch(let event): handle(event)
        case .key(let event): handle(event)
        case .pointer(let event): handle(event)
        }
    }

    // MARK: Touches

    private func handle(_ event: TouchEvent) {
        if event.phase == .frame {
            noteTimestamp(event.timestamp)
            flush()
            return
        }
        guard let slot = event.slot else {
            kitLog.debug("touch event without a slot ignored")
            return
        }
        // A second change of the same slot before a frame: the first stands as its own frame.
        if changedSlots.contains(slot) { flush() }
        noteTimestamp(event.timestamp)
        switch event.phase {
        case .down: begin(slot: slot, event: event)
        case .motion: move(slot: slot, event: event)
        case .up: finish(slot: slot, phase: .ended, timestamp: event.timestamp)
        case .cancel: finish(slot: slot, phase: .cancelled, timestamp: event.timestamp)
        case .frame: break
        }
    }

    private func noteTimestamp(_ timestamp: Double) {
        guard timestamp.isFinite else { return }
        frameTimestamp = max(frameTimestamp ?? timestamp, timestamp)
    }

    private func screenPoint(_ event: TouchEvent) -> (UIScreen, CGPoint)? {
        guard let position = event.position, position.x.isFinite, position.y.isFinite,
            (0...1).contains(position.x), (0...1).contains(position.y)
        else { return nil }
        let screen = UIScreen.screens.first { $0.name == event.outputName } ?? UIScreen.main
        return (screen, screen.point(fromNormalizedOutputPosition: position))
    }

    private func begin(slot: Int, event: TouchEvent) {
        guard active[slot] == nil else {
            kitLog.debug("duplicate touch down in slot \(slot) ignored")
            return
        }
        guard let (screen, point) = screenPoint(event) else {
            kitLog.debug("touch down in slot \(slot) with unusable coordinates ignored")
            return
        }
        let (hitWindow, hitView) = hitTest(point, on: screen)
        let location = hitWindow.map { $0.convert(point, from: screen.coordinateSpace) } ?? point
        kitLog.debug(
            "touch down in slot \(slot) at \(Int(point.x)),\(Int(point.y)) on \(screen.name): \(hitView.map(Self.describe) ?? "no view")"
        )
        let touch = UITouch(
            slot: slot, window: hitWindow, view: hitView, location: location, timestamp: event.timestamp,
            delivery: delivery)
        hitWindow?.noteTouchRouter(self)
        touch.tapCount = tapCount(at: location, in: hitWindow, time: event.timestamp)
        if let view = hitView {
            touch.deliversToView = mayDeliver(to: view, in: hitWindow)
            touch.gestureRecognizers = recognizers(for: view, touch: touch)
        }
        active[slot] = touch
        changedSlots.append(slot)
    }

    /// The frontmost visible window of `screen` with a view at `point` (screen points), and
    /// that view.
    private func hitTest(_ point: CGPoint, on screen: UIScreen) -> (UIWindow?, UIView?) {
        for window in screen.windows.reversed() where !window.isHidden {
            let local = window.convert(point, from: screen.coordinateSpace)
            guard local.x.isFinite, local.y.isFinite, let view = window.hitTest(local, with: nil) else { continue }
            return (window, view)
        }
        return (nil, nil)
    }

    /// A view as a debug line names it: its class, and a button's title.
    private static func describe(_ view: UIView) -> String {
        let name = String(describing: type(of: view))
        guard let title = (view as? UIButton)?.currentTitle else { return name }
        return "\(name) \"\(title)\""
    }

    private func tapCount(at location: CGPoint, in window: UIWindow?, time: Double) -> Int {
        guard let last = lastTap, last.window === window, time - last.time <= Self.multiTapInterval,
            hypot(location.x - last.location.x, location.y - last.location.y) <= Self.multiTapDistance
        else { return 1 }
        return last.count + 1
    }

    /// UIKit's rules: a view without `isMultipleTouchEnabled` takes one touch at a time; an
    /// `isExclusiveTouch` view takes none while another view of the window has one, and while
    /// it has one, no other view of the window gets any.
    private func mayDeliver(to view: UIView, in window: UIWindow?) -> Bool {
        let others = active.values.filter { $0.window === window && $0.deliversToView && !$0.cancelledInView }
        if !view.isMultipleTouchEnabled && others.contains(where: { $0.view === view }) { return false }
        if others.contains(where: { $0.view !== view && ($0.view?.isExclusiveTouch ?? false) }) { return false }
        if view.isExclusiveTouch && others.contains(where: { $0.view !== view }) { return false }
        return true
    }

    /// The enabled recognizers of the view and its ancestors (nearest first) that accept the
    /// touch.
    private func recognizers(for view: UIView, touch: UITouch) -> [UIGestureRecognizer] {
        var result: [UIGestureRecognizer] = []
        var current: UIView? = view
        while let candidate = current {
            for recognizer in candidate.gestureRecognizers ?? []
            where recognizer.isEnabled && recognizer.currentState != .failed
                && (recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) ?? true)
            {
                delivery.arena.adopt(recognizer)
                result.append(recognizer)
            }
            current = candidate.superview
        }
        return result
    }

    private func move(slot: Int, event: TouchEvent) {
        guard let touch = active[slot] else {
            kitLog.debug("touch motion in slot \(slot) that never began ignored")
            return
        }
        guard let (screen, point) = screenPoint(event) else {
            kitLog.debug("touch motion in slot \(slot) with unusable coordinates ignored")
            return
        }
        let location = touch.window.map { $0.convert(point, from: screen.coordinateSpace) } ?? point
        touch.previousWindowLocation = touch.windowLocation
        touch.windowLocation = location
        touch.phase = .moved
        touch.timestamp = event.timestamp
        changedSlots.append(slot)
    }

    private func finish(slot: Int, phase: UITouch.Phase, timestamp: Double) {
        guard let touch = active[slot] else {
            kitLog.debug("touch end in slot \(slot) that never began ignored")
            return
        }
        touch.previousWindowLocation = touch.windowLocation
        touch.phase = phase
        touch.timestamp = timestamp
        changedSlots.append(slot)
        kitLog.debug("touch \(phase == .ended ? "up" : "cancelled") in slot \(slot)")
    }

    /// Sends one event for the changes since the last frame.
    func flush() {
        guard !changedSlots.isEmpty else {
            frameTimestamp = nil
            return
        }
        changedSlots.removeAll()
        let touches = active.keys.sorted().compactMap { active[$0] }
        let timestamp = frameTimestamp ?? touches.map(\.timestamp).max() ?? 0
        frameTimestamp = nil
        let event = UIEvent(type: .touches, timestamp: timestamp, touches: touches)
        UIApplication.shared.sendEvent(event)
        for touch in touches {
            switch touch.phase {
            case .ended:
                lastTap = LastTap(
                    time: touch.timestamp, location: touch.windowLocation, window: touch.window, count: touch.tapCount)
                active[touch.slot] = nil
            case .cancelled:
                active[touch.slot] = nil
            default:
                touch.phase = .stationary
            }
        }
    }

    /// Cancels every touch (the input device went away).
    func cancelAll(timestamp: Double) {
        flush()
        for slot in active.keys.sorted() { finish(slot: slot, phase: .cancelled, timestamp: timestamp) }
        flush()
    }

    /// `view` leaves its window: its touches are cancelled there.
    func viewWillLeaveWindow(_ view: UIView) {
        guard !active.isEmpty || !(view.gestureRecognizers ?? []).isEmpty else { return }
        delivery.viewWillLeaveWindow(view, activeTouches: Array(active.values))
    }

    // MARK: Pointer as touch

    /// The input slot the pointer's emulated touch uses (real slots are never negative).
    static let pointerSlot = -1
    /// Where the pointer is, normalised to its screen, and whether its left button is down.
    private var cursor = CGPoint(x: 0.5, y: 0.5)
    private var cursorOutput: String?
    private var pointerDown = false
    /// The screen the pointer was last on; nil until a pointer event arrives.
    private var pointerScreenName: String?

    /// A new input source: where its pointer is is not known until it says.
    func forgetPointer() {
        pointerScreenName = nil
        cursor = CGPoint(x: 0.5, y: 0.5)
        cursorOutput = nil
        pointerDown = false
    }

    /// The view under the mouse pointer, nil before any pointer event: key presses go there
    /// when there is no first responder.
    func viewUnderPointer() -> UIView? {
        guard let name = pointerScreenName, let screen = UIScreen.screens.first(where: { $0.name == name })
        else { return nil }
        return hitTest(screen.point(fromNormalizedOutputPosition: cursor), on: screen).1
    }

    /// A mouse acts as a single finger, for development: the left button held is a touch at
    /// the cursor; relative motion moves the cursor one point per unit in the screen's
    /// (upright) coordinates, clamped to the screen. The cursor is kept as a panel position,
    /// as absolute pointers and touches report theirs.
    private func handle(_ event: PointerEvent) {
        let screen = UIScreen.screens.first { $0.name == event.outputName } ?? UIScreen.main
        pointerScreenName = screen.name
        switch event.kind {
        case .motion(let dx, let dy):
            let bounds = screen.bounds
            guard dx.isFinite, dy.isFinite, bounds.width > 0, bounds.height > 0 else { return }
            let point = screen.point(fromNormalizedOutputPosition: cursor)
            let moved = CGPoint(
                x: min(bounds.width, max(0, point.x + dx)), y: min(bounds.height, max(0, point.y + dy)))
            let position = screen.normalizedOutputPosition(of: moved)
            cursor = CGPoint(x: min(1, max(0, position.x)), y: min(1, max(0, position.y)))
        case .motionAbsolute(let point):
            guard point.x.isFinite, point.y.isFinite else { return }
            cursor = CGPoint(x: min(1, max(0, point.x)), y: min(1, max(0, point.y)))
        case .button(let button, let isPressed):
            guard button == 0x110 else { return }  // BTN_LEFT
            if isPressed && !pointerDown {
                pointerDown = true
                cursorOutput = screen.name
                handle(.down(slot: Self.pointerSlot, at: cursor, output: cursorOutput, timestamp: event.timestamp))
                handle(TouchEvent.frame(timestamp: event.timestamp))
            } else if !isPressed && pointerDown {
                pointerDown = false
                handle(.up(slot: Self.pointerSlot, timestamp: event.timestamp))
                handle(TouchEvent.frame(timestamp: event.timestamp))
            }
            return
        case .scroll(let dx, let dy):
            // The wheel scrolls what is under the pointer (UIScrollView+Keys.swift).
            let point = screen.point(fromNormalizedOutputPosition: cursor)
            if let view = hitTest(point, on: screen).1 {
                UIScrollView.deliverWheel(CGPoint(x: dx, y: dy), from: view)
            }
            return
        }
        if pointerDown {
            handle(.motion(slot: Self.pointerSlot, to: cursor, output: cursorOutput, timestamp: event.timestamp))
            handle(TouchEvent.frame(timestamp: event.timestamp))
        }
    }

    // MARK: Keys

    private func handle(_ event: KeyEvent) {
        let key = UIKey(
            keyCode: event.keyCode, characters: event.characters,
            charactersIgnoringModifiers: event.charactersIgnoringModifiers,
            modifierFlags: UIKeyModifierFlags(rawValue: event.modifiers.rawValue))
        let press = UIPress(key: key, phase: event.isPressed ? .began : .ended, timestamp: event.timestamp)
        UIApplication.shared.sendEvent(UIPressesEvent(presses: [press], timestamp: event.timestamp))
        // Held, it repeats through `UIApplication.repeatKey(_:)` (KeyRepeater.swift).
        UIApplication.shared.keyRepeater.keyChanged(event, key: key)
    }
}
