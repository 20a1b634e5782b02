import Foundation

/// The rules between recognizers, as UIKit applies them when a recognizer changes state:
/// `gestureRecognizerShouldBegin`, failure requirements (`require(toFail:)`), exclusion of
/// recognizers that share touches unless the delegate allows simultaneous recognition,
/// actions, and cancelling the view's touches (`cancelsTouchesInView`).
///
/// Each `TouchDelivery` (one per `TouchRouter`) has its own arena, and a recognizer is decided
/// in the arena of the router whose touches it receives (`UIGestureRecognizer.arena`): what
/// waits and what is batched belongs to that event machinery alone.
@MainActor
final class GestureArena {
    /// The delivery whose touches this arena's recognizers receive (it owns the arena).
    private unowned let delivery: TouchDelivery

    /// Recognizers holding a transition until others fail.
    private var waiting: [UIGestureRecognizer.WeakRecognizer] = []

    /// Recognitions asked for during the event being delivered, in the order asked.
    private var batch: [UIGestureRecognizer]?

    init(delivery: TouchDelivery) {
        self.delivery = delivery
    }

    /// Whether its delivery (its router) is gone: recognizers bound here go back to the
    /// application's arena.
    private(set) var isDetached = false

    /// Its delivery is going away.
    func detach() { isDetached = true }

    /// `recognizer` receives a touch of this arena's router: its transitions are decided here
    /// from now on, and no longer wait in the arena it was decided in before.
    func adopt(_ recognizer: UIGestureRecognizer) {
        guard recognizer.boundArena !== self else { return }
        recognizer.boundArena?.waiting.removeAll { $0.recognizer == nil || $0.recognizer === recognizer }
        recognizer.boundArena = self
    }

    /// Delivers one event to its recognizers (`body`), then resolves the recognitions they asked
    /// for together, as UIKit updates its gesture environment once per event: a recognizer
    /// that may prevent another (and may not be prevented by it) goes first, so a double tap
    /// recognized on the same touch as a single tap stops it whatever their order.
    func deliveringEvent(_ body: () -> Void) {
        guard batch == nil else { return body() }
        batch = []
        body()
        var pending = batch ?? []
        batch = nil
        var ordered: [UIGestureRecognizer] = []
        while !pending.isEmpty {
            let index =
                pending.firstIndex { candidate in
                    !pending.contains { other in
                        other !== candidate && other.canPrevent(candidate) && candidate.canBePrevented(by: other)
                            && !(candidate.canPrevent(other) && other.canBePrevented(by: candidate))
                    }
                } ?? 0
            ordered.append(pending.remove(at: index))
        }
        for recognizer in ordered {
            guard let state = recognizer.batchedState else { continue }
            recognizer.batchedState = nil
            transition(recognizer, to: state)
        }
    }

    func transition(_ recognizer: UIGestureRecognizer, to newState: UIGestureRecognizer.State) {
        let old = recognizer.currentState
        if batch != nil, old == .possible, newState == .began || newState == .ended {
            if recognizer.batchedState == nil { batch?.append(recognizer) }
            recognizer.batchedState = newState
            return
        }
        if batch != nil, newState == .failed || newState == .possible { recognizer.batchedState = nil }
        switch newState {
        case .possible:
            recognizer.currentState = .possible
        case .failed:
            fail(recognizer)
        case .began where old == .possible, .ended where old == .possible:
            start(recognizer, as: newState)
        case .changed where old == .began || old == .changed:
            recognizer.currentState = .changed
            recognizer.sendActions()
        case .ended where old == .began || old == .changed, .cancelled where old == .began || old == .changed:
            recognizer.currentState = newState
            recognizer.sendActions()
            finish(recognizer)
        default:
            break  // not a transition UIKit allows: ignored
        }
    }

    /// Leaving `.possible`: as `.began` (continuous) or `.ended` (discrete).
    private func start(_ recognizer: UIGestureRecognizer, as newState: UIGestureRecognizer.State) {
        guard recognizer.isEnabled, shouldBegin(recognizer) else {
            fail(recognizer)
            return
        }
        for dependency in dependencies(of: recognizer) {
            if dependency.currentState == .began || dependency.currentState == .changed
                || dependency.currentState == .ended
            {
                fail(recognizer)
                return
            }
            if dependency.currentState == .possible && dependency.isInvolved {
                recognizer.pendingState = newState
                waiting.removeAll { $0.recognizer == nil || $0.recognizer === recognizer }
                waiting.append(.init(recognizer: recognizer))
                return
            }
        }
        let competitors = self.competitors(of: recognizer)
        for other in competitors where other.currentState == .began || other.currentState == .changed {
            if !simultaneous(recognizer, other) && other.canPrevent(recognizer)
                && recognizer.canBePrevented(by: other)
            {
                fail(recognizer)
                return
            }
        }
        recognizer.pendingState = nil
        recognizer.currentState = newState
        for other in competitors where other.currentState == .possible {
            if !simultaneous(recognizer, other) && recognizer.canPrevent(other) && other.canBePrevented(by: recognizer)
            {
                fail(other)
            }
        }
        recognizer.sendActions()
        if recognizer.cancelsTouchesInView { delivery.cancelViewTouches(of: recognizer) }
        // Those waiting for this one to fail never will.
        for waiter in waiters(on: recognizer) { fail(waiter) }
        if newState == .ended { finish(recognizer) }
    }

    /// The recognizer fails; those waiting on it may now go ahead; touches it held back are
    /// delivered.
    func fail(_ recognizer: UIGestureRecognizer) {
        guard recognizer.currentState == .possible else { return }
        recognizer.currentState = .failed
        recognizer.pendingState = nil
        // A recognition it asked for in this event is void.
        recognizer.batchedState = nil
        for waiter in waiters(on: recognizer) {
            guard let pending = waiter.pendingState else { continue }
            waiter.pendingState = nil
            transition(waiter, to: pending)
        }
        delivery.releaseHeldTouches()
        finish(recognizer)
    }

    /// A recognizer whose state is final returns to `.possible` once it tracks no touches.
    func finish(_ recognizer: UIGestureRecognizer) {
        guard recognizer.trackedTouches.isEmpty else { return }
        reset(recognizer)
    }

    func reset(_ recognizer: UIGestureRecognizer) {
        // A reset without recognizing (its view left the window, say) is a failure to those
        // waiting on it: they go ahead once it is back to an idle `.possible`.
        let recognized = recognizer.currentState == .ended
        let released = recognized ? [] : waiters(on: recognizer).filter { $0 !== recognizer }
        recognizer.reset()
        recognizer.currentState = .possible
        recognizer.pendingState = nil
        recognizer.trackedTouches = []
        recognizer.liftedTouches = []
        recognizer.seenTouches = []
        recognizer.isInvolved = false
        waiting.removeAll { $0.recognizer == nil || $0.recognizer === recognizer }
        for waiter in released {
            guard let pending = waiter.pendingState else { continue }
            waiter.pendingState = nil
            transition(waiter, to: pending)
        }
    }

    /// Disabling a recognizer cancels a gesture in progress and fails a possible one.
    func disable(_ recognizer: UIGestureRecognizer) {
        switch recognizer.currentState {
        case .began, .changed:
            recognizer.currentState = .cancelled
            recognizer.sendActions()
        case .possible:
            fail(recognizer)
        default:
            break
        }
        for touch in recognizer.trackedTouches { touch.gestureRecognizers.removeAll { $0 === recognizer } }
        recognizer.trackedTouches = []
        reset(recognizer)
        delivery.releaseHeldTouches()
    }

    // MARK: Relations

    private func shouldBegin(_ recognizer: UIGestureRecognizer) -> Bool {
        // A control's default action wins over an overlapping recognizer of an ancestor.
        for touch in recognizer.seenTouches {
            if let control = touch.view as? UIControl, control !== recognizer.view, control.isEnabled,
                control.claimsTouches(from: recognizer)
            {
                return false
            }
        }
        if let delegate = recognizer.delegate, !delegate.gestureRecognizerShouldBegin(recognizer) { return false }
        if let view = recognizer.view, !view.gestureRecognizerShouldBegin(recognizer) { return false }
        return true
    }

    func simultaneous(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        (a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) ?? false)
            || (b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) ?? false)
    }

    /// The recognizers `recognizer` must see fail first.
    private func dependencies(of recognizer: UIGestureRecognizer) -> [UIGestureRecognizer] {
        var result = recognizer.requiredToFail.compactMap(\.recognizer)
        // The subclasses' overrides, then the delegate, as UIKit consults them.
        for other in competitors(of: recognizer) where !result.contains(where: { $0 === other }) {
            if recognizer.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: recognizer)
                || recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) == true
            {
                result.append(other)
            }
        }
        return result
    }

    private func waiters(on recognizer: UIGestureRecognizer) -> [UIGestureRecognizer] {
        waiting.compactMap(\.recognizer).filter { waiter in
            waiter.pendingState != nil && dependencies(of: waiter).contains { $0 === recognizer }
        }
    }

    /// Other recognizers receiving any of the touches `recognizer` has seen.
    private func competitors(of recognizer: UIGestureRecognizer) -> [UIGestureRecognizer] {
        var result: [UIGestureRecognizer] = []
        for touch in recognizer.seenTouches {
            for other in touch.gestureRecognizers
            where other !== recognizer && !result.contains(where: { $0 === other }) {
                result.append(other)
            }
        }
        return result
    }
}
