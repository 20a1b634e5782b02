import Foundation

/// What a scroll view's motion is, which decides what the delegate hears at its end.
struct ScrollMotion {
    enum Kind {
        /// After a drag: `scrollViewDidEndDecelerating(_:)`.
        case deceleration
        /// `setContentOffset(_:animated:)` and kin: `scrollViewDidEndScrollingAnimation(_:)`.
        case scrollAnimation
        /// A zoom change (a bounce back after a pinch, or by program): `scrollViewDidEndZooming`.
        case zoom(bounce: Bool)
    }

    var kind: Kind
    var x: ScrollAxisMotion
    var y: ScrollAxisMotion
    /// The zoom scale's motion, for zooms.
    var scale: ScrollAxisMotion?

    /// Where a timed motion (an animated scroll) ends.
    var destination: CGPoint? {
        guard case .timed(_, let toX, _, _, _) = x.curve, case .timed(_, let toY, _, _, _) = y.curve else {
            return nil
        }
        return CGPoint(x: toX, y: toY)
    }
}

extension UIScrollView {
    /// How long an animated scroll or zoom takes: UIKit's is undocumented and measures about
    /// 0.3 s, easing out.
    static let scrollAnimationDuration: Double = 0.3

    /// The media time now (the display backend's clock, as `CACurrentMediaTime()`).
    var mediaTime: Double { UIApplication.shared.displayBackend.clock.now }

    // MARK: Running a motion

    /// Starts `motion`, driven by the screen's display link until it arrives.
    func start(_ motion: ScrollMotion) {
        self.motion = motion
        guard motionLink == nil else { return }
        let screen = window?.screen ?? UIScreen.main
        let handler: @MainActor (CADisplayLink) -> Void = { [weak self] link in
            // A scroll view gone mid-motion must not keep its screen ticking.
            guard let self else { return link.invalidate() }
            self.advanceMotion(to: link.targetTimestamp)
        }
        guard let link = screen.displayLink(handler: handler) else {
            // No screen to time it: it arrives at once.
            advanceMotion(to: .infinity)
            return
        }
        motionLink = link
        link.add(to: .main, forMode: .common)
    }

    /// Puts the content where the motion is at `time` (the time the frame shows).
    func advanceMotion(to time: Double) {
        guard var current = motion else { return stopMotionLink() }
        let x = current.x.sample(at: time)
        let y = current.y.sample(at: time)
        var arrived = x.arrived && y.arrived
        if var scale = current.scale {
            let value = scale.sample(at: time)
            arrived = arrived && value.arrived
            current.scale = scale
            applyZoomScale(value.value)
        }
        motion = current
        // On whole pixels; a scroll animation or zoom ends exactly where it was asked to.
        let exact = CGPoint(x: x.value, y: y.value)
        let endsExactly: Bool
        if case .deceleration = current.kind { endsExactly = false } else { endsExactly = arrived }
        let offset = endsExactly ? exact : pixelAligned(exact)
        if offset != contentOffset { contentOffset = offset }
        if arrived { finishMotion() }
    }

    /// The motion arrived: the delegate hears of its end.
    private func finishMotion() {
        guard let finished = motion else { return }
        motion = nil
        stopMotionLink()
        switch finished.kind {
        case .deceleration:
            isDecelerating = false
            delegate?.scrollViewDidEndDecelerating(self)
        case .scrollAnimation:
            delegate?.scrollViewDidEndScrollingAnimation(self)
        case .zoom:
            isZoomBouncing = false
            delegate?.scrollViewDidEndZooming(self, with: zoomingView, atScale: currentZoomScale)
        }
        scrollingDidStop()
    }

    /// Stops any motion where it is, without telling the delegate (a touch, a drag or a new
    /// scroll took over), as UIKit stops a deceleration under a finger. A zoom animation
    /// is finished at once instead (its scale may be past the limits).
    func stopMotion() {
        guard let stopped = motion else { return }
        if case .zoom = stopped.kind {
            advanceMotion(to: .infinity)
            return
        }
        haltMotion()
    }

    /// `stopScrollingAndZooming()`: the motion stops where it is, then the content goes
    /// back within its limits (and the scale within its own), onto a page when paging.
    func stopMotionWhereItIs() {
        haltMotion()
        let low = minimumZoomScale
        let high = max(minimumZoomScale, maximumZoomScale)
        let scale = ScrollPhysics.clamp(currentZoomScale, low, high)
        if scale != currentZoomScale && zoomingView != nil { applyZoomScale(scale) }
        var offset = contentOffset
        if isPagingEnabled {
            if bounds.width > 0 { offset.x = (offset.x / bounds.width).rounded() * bounds.width }
            if bounds.height > 0 { offset.y = (offset.y / bounds.height).rounded() * bounds.height }
        }
        offset = clampedOffset(offset)
        if offset != contentOffset { contentOffset = offset }
        scrollingDidStop()
    }

    /// Drops the motion without a word.
    private func haltMotion() {
        guard let stopped = motion else { return }
        motion = nil
        stopMotionLink()
        isDecelerating = false
        if case .zoom = stopped.kind { isZoomBouncing = false }
    }

    private func stopMotionLink() {
        motionLink?.invalidate()
        motionLink = nil
    }

    /// Whether a motion is under way.
    var isMoving: Bool { motion != nil }

    // MARK: Animated scrolling

    /// Scrolls to `offset` over UIKit's scroll animation (about 0.3 s, easing out), sending
    /// `scrollViewDidScroll(_:)` each frame and `scrollViewDidEndScrollingAnimation(_:)` at
    /// the end, as `setContentOffset(_:animated:)` does.
    func animateScroll(to offset: CGPoint) {
        let now = mediaTime
        let from = contentOffset
        let duration = Self.scrollAnimationDuration
        showScrollIndicators()
        start(
            ScrollMotion(
                kind: .scrollAnimation,
                x: ScrollAxisMotion(
                    curve: .timed(from: from.x, to: offset.x, start: now, duration: duration, timing: .easeOut)),
                y: ScrollAxisMotion(
                    curve: .timed(from: from.y, to: offset.y, start: now, duration: duration, timing: .easeOut)),
                scale: nil))
    }
}
