import Foundation

// Turning one tracked touch into tracking calls, highlight changes and control events.
extension UIControl {
    /// Whether `point` (bounds coordinates) is inside the bounds grown by the tracking slop.
    func isInsideTrackingArea(_ point: CGPoint) -> Bool {
        guard point.x.isFinite, point.y.isFinite else { return false }
        let slop = Self.trackingSlop
        return bounds.insetBy(dx: -slop, dy: -slop).contains(point)
    }

    /// The touch of `touches` this control is tracking, if any.
    private func tracked(in touches: Set<UITouch>) -> UITouch? {
        guard let trackedTouch else { return nil }
        return touches.contains(trackedTouch) ? trackedTouch : nil
    }

    /// The touches of `touches` that began while the control was disabled.
    private func forwarded(in touches: Set<UITouch>) -> Set<UITouch> {
        touches.filter { touch in forwardedTouches.contains { $0 === touch } }
    }

    func controlTouchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled else {
            forwardedTouches += touches
            next?.touchesBegan(touches, with: event)
            return
        }
        // One touch at a time; further ones (a subclass enabling multiple touches) are kept
        // without acting.
        guard trackedTouch == nil, let touch = touches.first else { return }
        trackedTouch = touch
        isTouchInside = true
        isTracking = beginTracking(touch, with: event)
        guard trackedTouch === touch, !trackedTouchAbandoned else { return }  // disabled meanwhile
        isHighlighted = true
        performActions(for: .touchDown, with: event)
        if touch.tapCount > 1 { performActions(for: .touchDownRepeat, with: event) }
    }

    func controlTouchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        let passed = forwarded(in: touches)
        if !passed.isEmpty { next?.touchesMoved(passed, with: event) }
        guard let touch = tracked(in: touches), !trackedTouchAbandoned else { return }
        let wasInside = isTouchInside
        isTouchInside = isInsideTrackingArea(touch.location(in: self))
        isHighlighted = isTouchInside
        if isTracking { isTracking = continueTracking(touch, with: event) }
        guard trackedTouch === touch, !trackedTouchAbandoned else { return }
        let controlEvent: Event
        switch (wasInside, isTouchInside) {
        case (true, true): controlEvent = .touchDragInside
        case (true, false): controlEvent = .touchDragExit
        case (false, true): controlEvent = .touchDragEnter
        case (false, false): controlEvent = .touchDragOutside
        }
        performActions(for: controlEvent, with: event)
    }

    func controlTouchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        let passed = forwarded(in: touches)
        if !passed.isEmpty {
            forwardedTouches.removeAll { passed.contains($0) }
            next?.touchesEnded(passed, with: event)
        }
        guard let touch = tracked(in: touches) else { return }
        guard !trackedTouchAbandoned else {
            finishTracking()
            return
        }
        isTouchInside = isInsideTrackingArea(touch.location(in: self))
        if isTracking { endTracking(touch, with: event) }
        let inside = isTouchInside
        finishTracking()
        if inside, showsMenuAsPrimaryAction, showMenuAsPrimaryAction() {
            performActions(for: .menuActionTriggered, with: event)
        } else if inside {
            performActions(for: .touchUpInside, with: event)
            if sendsPrimaryActionOnTouchUpInside { performActions(for: .primaryActionTriggered, with: event) }
        } else {
            performActions(for: .touchUpOutside, with: event)
        }
    }

    func controlTouchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        let passed = forwarded(in: touches)
        if !passed.isEmpty {
            forwardedTouches.removeAll { passed.contains($0) }
            next?.touchesCancelled(passed, with: event)
        }
        guard tracked(in: touches) != nil else { return }
        guard !trackedTouchAbandoned else {
            finishTracking()
            return
        }
        if isTracking { cancelTracking(with: event) }
        finishTracking()
        performActions(for: .touchCancel, with: event)
    }

    /// Forgets the tracked touch and clears the highlight.
    private func finishTracking() {
        trackedTouch = nil
        trackedTouchAbandoned = false
        isTracking = false
        isTouchInside = false
        isHighlighted = false
    }

    /// The control was disabled mid-touch: tracking stops without events, and the rest of
    /// that touch is ignored.
    func abandonTracking() {
        guard trackedTouch != nil, !trackedTouchAbandoned else { return }
        if isTracking { cancelTracking(with: nil) }
        isTracking = false
        isTouchInside = false
        isHighlighted = false
        trackedTouchAbandoned = true
    }
}
