import Foundation

/// A drag under way.
struct ScrollDrag {
    /// The offset the drag started from with any rubber band undone: the finger's
    /// translation is taken from it 1:1.
    var origin: CGPoint
    /// The offset when the drag began (paging goes at most one page from its page).
    var startOffset: CGPoint
    /// The axes the drag moves (directional lock and what can scroll decide).
    var movesHorizontally: Bool
    var movesVertically: Bool
}

/// The scroll view's `panGestureRecognizer`: a plain `UIPanGestureRecognizer` (10-point
/// hysteresis, velocity over the last 0.1 s) that also tells its scroll view when fingers
/// go down and lift, so that a touch-down stops a deceleration (UIKit's private
/// `UIScrollViewPanGestureRecognizer` does the same).
final class ScrollViewPanGestureRecognizer: UIPanGestureRecognizer {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if trackedTouches.count == touches.count, let scrollView = view as? UIScrollView {
            scrollView.fingerWentDown()
        }
        super.touchesBegan(touches, with: event)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        if trackedTouches.allSatisfy({ touches.contains($0) }), let scrollView = view as? UIScrollView {
            scrollView.fingersLifted()
        }
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        if trackedTouches.allSatisfy({ touches.contains($0) }), let scrollView = view as? UIScrollView {
            scrollView.fingersLifted()
        }
    }

    override func reset() {
        super.reset()
        (view as? UIScrollView)?.fingersLifted()
    }
}

/// Answers for a scroll view's own recognizers: its pan and pinch recognize together, as
/// UIKit's do (two fingers pan while they pinch).
@MainActor
final class ScrollViewGestureCoordinator: UIGestureRecognizerDelegate {
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        guard let scrollView = gestureRecognizer.view as? UIScrollView, otherGestureRecognizer.view === scrollView,
            let pinch = scrollView.pinchGestureRecognizer
        else { return false }
        let pan = scrollView.panGestureRecognizer
        return (gestureRecognizer === pan && otherGestureRecognizer === pinch)
            || (gestureRecognizer === pinch && otherGestureRecognizer === pan)
    }
}

extension UIScrollView {
    /// The directional lock's cone: a drag locks to an axis when its movement across that
    /// axis is under half its movement along it (within about 27 degrees); a steeper
    /// diagonal moves freely. UIKit's angle is undocumented.
    static let directionalLockRatio: CGFloat = 0.5

    /// A paging drag released faster than this (points per millisecond, 300 points per
    /// second) goes on to the next page in its direction; slower ones settle on the nearest
    /// page. UIKit's threshold is undocumented.
    static let pagingFlickVelocity: CGFloat = 0.3

    func setUpGestureRecognizers() {
        panGestureRecognizer.addTarget { [weak self] _ in self?.handlePan() }
        addGestureRecognizer(panGestureRecognizer)
        addGestureRecognizer(delayedTouchesRecognizer)
    }

    /// Whether a drag may move the content horizontally: content wider than the bounds (with
    /// its insets), or `alwaysBounceHorizontal` with `bounces`.
    var canDragHorizontally: Bool {
        let (minimum, maximum) = contentOffsetLimits
        return maximum.x > minimum.x || (bounces && alwaysBounceHorizontal)
    }

    /// Whether a drag may move the content vertically.
    var canDragVertically: Bool {
        let (minimum, maximum) = contentOffsetLimits
        return maximum.y > minimum.y || (bounces && (alwaysBounceVertical || refreshControl != nil))
    }

    /// The pan's translation in the scroll view's coordinates.
    var panTranslation: CGPoint { inOwnCoordinates(panGestureRecognizer.translation(in: nil)) }

    /// A vector in window coordinates in the scroll view's: the same numbers when nothing
    /// between them scales or turns (so a drag is exactly 1:1, without the rounding of a
    /// conversion through the view tree), else converted.
    func inOwnCoordinates(_ vector: CGPoint) -> CGPoint {
        guard let window else { return vector }
        let origin = convert(CGPoint.zero, from: window)
        let unitX = convert(CGPoint(x: 1, y: 0), from: window)
        let unitY = convert(CGPoint(x: 0, y: 1), from: window)
        let tolerance: CGFloat = 1e-9
        let axisAligned =
            abs(unitX.x - origin.x - 1) < tolerance && abs(unitX.y - origin.y) < tolerance
            && abs(unitY.x - origin.x) < tolerance && abs(unitY.y - origin.y - 1) < tolerance
        if axisAligned { return vector }
        let end = convert(vector, from: window)
        let result = CGPoint(x: end.x - origin.x, y: end.y - origin.y)
        return result.x.isFinite && result.y.isFinite ? result : .zero
    }

    /// The pan may begin when the content can move along the finger's main direction (so a
    /// scroll view inside another that scrolls across it lets the outer one have the drag),
    /// and when no content view tracking the touch keeps it: with `canCancelContentTouches`
    /// false, or `touchesShouldCancel(in:)` false, the content keeps the touch, as UIKit's
    /// documentation says.
    func panShouldBegin() -> Bool {
        let translation = panTranslation
        let horizontal = canDragHorizontally
        let vertical = canDragVertically
        guard horizontal || vertical else { return false }
        if abs(translation.x) > abs(translation.y) && !horizontal { return false }
        if abs(translation.y) > abs(translation.x) && !vertical { return false }
        for touch in panGestureRecognizer.seenTouches where touch.deliveredToView && !touch.cancelledInView {
            guard let content = touch.view, content !== self, content.isDescendant(of: self) else { continue }
            if !canCancelContentTouches || !touchesShouldCancel(in: content) { return false }
        }
        return true
    }

    /// Whether `touch`'s view may hear it begin: every scroll view it is inside agrees
    /// (`touchesShouldBegin(_:with:in:)`). `TouchDelivery` asks before `touchesBegan`.
    static func contentTouchMayBegin(_ touch: UITouch, with event: UIEvent) -> Bool {
        guard let view = touch.view else { return true }
        var ancestor = view.superview
        while let current = ancestor {
            if let scrollView = current as? UIScrollView,
                !scrollView.touchesShouldBegin([touch], with: event, in: view)
            {
                return false
            }
            ancestor = current.superview
        }
        return true
    }

    // MARK: Fingers

    /// The first finger went down: tracking starts, and a motion under way stops there (the
    /// touch is then the scroll view's, not the content's).
    func fingerWentDown() {
        isTracking = true
        touchStoppedMotion = false
        if let motion, case .zoom = motion.kind {
            return  // a zoom bounce finishes
        }
        if isMoving {
            stopMotion()
            touchStoppedMotion = true
            scrollingDidStop()
        }
    }

    /// Every finger lifted (or the pan reset). A touch that stopped a motion and lifted
    /// without dragging leaves the content where the motion was: past an edge it springs
    /// back, and with paging it settles on the nearest page, as a deceleration.
    func fingersLifted() {
        guard drag == nil else { return }
        isTracking = false
        guard touchStoppedMotion else { return }
        touchStoppedMotion = false
        var goal = contentOffset
        if isPagingEnabled {
            if bounds.width > 0 { goal.x = (goal.x / bounds.width).rounded() * bounds.width }
            if bounds.height > 0 { goal.y = (goal.y / bounds.height).rounded() * bounds.height }
        }
        goal = clampedOffset(goal)
        guard goal != contentOffset, window != nil else { return }
        let now = mediaTime
        let offset = contentOffset
        isDecelerating = true
        delegate?.scrollViewWillBeginDecelerating(self)
        guard isDecelerating else { return }
        start(
            ScrollMotion(
                kind: .deceleration, x: pageSettling(offset.x, goal.x, 0, now),
                y: pageSettling(offset.y, goal.y, 0, now),
                scale: nil))
    }

    // MARK: Dragging

    private func handlePan() {
        switch panGestureRecognizer.state {
        case .began: beginDrag()
        case .changed: updateDrag()
        case .ended: endDrag(cancelled: false)
        case .cancelled: endDrag(cancelled: true)
        default: break
        }
    }

    private func beginDrag() {
        stopMotion()
        touchStoppedMotion = false
        let translation = panTranslation
        var horizontal = canDragHorizontally
        var vertical = canDragVertically
        if isDirectionalLockEnabled && horizontal && vertical {
            if abs(translation.y) < abs(translation.x) * Self.directionalLockRatio {
                vertical = false
            } else if abs(translation.x) < abs(translation.y) * Self.directionalLockRatio {
                horizontal = false
            }
        }
        let offset = contentOffset
        drag = ScrollDrag(
            origin: unbandedOffset(offset), startOffset: offset, movesHorizontally: horizontal,
            movesVertically: vertical)
        isTracking = true
        isDragging = true
        refreshControl?.scrollViewWillBeginDragging()
        delegate?.scrollViewWillBeginDragging(self)
        showScrollIndicators()
        updateDrag()
    }

    /// The offset follows the finger 1:1 (the point touched stays under it), rubber-banded
    /// past the edges.
    private func updateDrag() {
        // While pinching, the pinch keeps the content under the fingers.
        guard let drag, pinch == nil else { return }
        let translation = panTranslation
        let (minimum, maximum) = contentOffsetLimits
        var offset = contentOffset
        if drag.movesHorizontally {
            offset.x = banded(drag.origin.x - translation.x, minimum.x, maximum.x, dimension: bounds.width)
        }
        if drag.movesVertically {
            offset.y = banded(drag.origin.y - translation.y, minimum.y, maximum.y, dimension: bounds.height)
        }
        offset = pixelAligned(offset)
        if offset != contentOffset { contentOffset = offset }
    }

    /// `value` as a drag shows it: itself within the limits, rubber-banded past them (or held
    /// at them without `bounces`).
    private func banded(_ value: CGFloat, _ low: CGFloat, _ high: CGFloat, dimension: CGFloat) -> CGFloat {
        if value < low { return bounces ? low + ScrollPhysics.rubberBand(value - low, dimension: dimension) : low }
        if value > high { return bounces ? high + ScrollPhysics.rubberBand(value - high, dimension: dimension) : high }
        return value
    }

    /// A pinch ended while the drag goes on: the drag continues from where the content is.
    func rebaseDrag() {
        guard var drag else { return }
        let translation = panTranslation
        let offset = unbandedOffset(contentOffset)
        drag.origin = CGPoint(x: offset.x + translation.x, y: offset.y + translation.y)
        drag.movesHorizontally = canDragHorizontally
        drag.movesVertically = canDragVertically
        self.drag = drag
    }

    /// The offset a drag would have to be at to show `offset` (the rubber band undone).
    func unbandedOffset(_ offset: CGPoint) -> CGPoint {
        let (minimum, maximum) = contentOffsetLimits
        func axis(_ value: CGFloat, _ low: CGFloat, _ high: CGFloat, _ dimension: CGFloat) -> CGFloat {
            if value < low { return low + ScrollPhysics.unbanded(value - low, dimension: dimension) }
            if value > high { return high + ScrollPhysics.unbanded(value - high, dimension: dimension) }
            return value
        }
        return CGPoint(
            x: axis(offset.x, minimum.x, maximum.x, bounds.width),
            y: axis(offset.y, minimum.y, maximum.y, bounds.height))
    }

    /// The finger lifted (or the drag was cancelled): the delegate hears
    /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` with where the content
    /// would come to rest, and may move that target; then `scrollViewDidEndDragging` and, when
    /// the content moves on, `scrollViewWillBeginDecelerating` and the deceleration.
    private func endDrag(cancelled: Bool) {
        guard let drag else { return }
        self.drag = nil
        // A refresh the drag started takes its inset now, so the content settles below it.
        refreshControl?.scrollViewWillEndDragging()
        // The content's velocity in points per millisecond, as UIKit reports it: against
        // the finger's.
        var velocity = CGPoint.zero
        if !cancelled && pinch == nil {
            let finger = inOwnCoordinates(panGestureRecognizer.velocity(in: nil))
            if drag.movesHorizontally && finger.x.isFinite { velocity.x = -finger.x / 1000 }
            if drag.movesVertically && finger.y.isFinite { velocity.y = -finger.y / 1000 }
        }
        let offset = contentOffset
        let (minimum, maximum) = contentOffsetLimits
        let rate = decelerationRate.rawValue
        var target: CGPoint
        if isPagingEnabled {
            target = CGPoint(
                x: drag.movesHorizontally
                    ? pagedValue(offset.x, velocity.x, drag.startOffset.x, bounds.width, minimum.x, maximum.x)
                    : ScrollPhysics.clamp(offset.x, minimum.x, maximum.x),
                y: drag.movesVertically
                    ? pagedValue(offset.y, velocity.y, drag.startOffset.y, bounds.height, minimum.y, maximum.y)
                    : ScrollPhysics.clamp(offset.y, minimum.y, maximum.y))
        } else {
            target = CGPoint(
                x: ScrollPhysics.clamp(
                    offset.x + ScrollPhysics.projectedDistance(velocity: velocity.x, rate: rate), minimum.x, maximum.x),
                y: ScrollPhysics.clamp(
                    offset.y + ScrollPhysics.projectedDistance(velocity: velocity.y, rate: rate), minimum.y, maximum.y))
            target = pixelAligned(target)
        }
        var chosen = target
        withUnsafeMutablePointer(to: &chosen) { pointer in
            delegate?.scrollViewWillEndDragging(self, withVelocity: velocity, targetContentOffset: pointer)
        }
        if !chosen.x.isFinite || !chosen.y.isFinite { chosen = target }
        let now = mediaTime
        let motion: ScrollMotion
        if isPagingEnabled || chosen != target {
            // To a chosen place: paging on a spring, a delegate's target on the deceleration
            // curve that arrives exactly there.
            let goal = clampedOffset(chosen)
            motion = ScrollMotion(
                kind: .deceleration,
                x: isPagingEnabled
                    ? pageSettling(offset.x, goal.x, velocity.x, now) : curve(to: goal.x, from: offset.x, now),
                y: isPagingEnabled
                    ? pageSettling(offset.y, goal.y, velocity.y, now) : curve(to: goal.y, from: offset.y, now),
                scale: nil)
        } else {
            motion = ScrollMotion(
                kind: .deceleration,
                x: naturalCurve(offset.x, velocity.x, minimum.x, maximum.x, now),
                y: naturalCurve(offset.y, velocity.y, minimum.y, maximum.y, now),
                scale: nil)
        }
        // A pinch still under way settles everything when it ends.
        let willDecelerate = pinch == nil && (!motion.x.isResting || !motion.y.isResting)
        isDragging = false
        isTracking = false
        delegate?.scrollViewDidEndDragging(self, willDecelerate: willDecelerate)
        guard willDecelerate else {
            // Within a quarter point of where it rests: put it there.
            if let resting = motion.restingOffset, resting != contentOffset { contentOffset = resting }
            scrollingDidStop()
            return
        }
        isDecelerating = true
        delegate?.scrollViewWillBeginDecelerating(self)
        // The delegate may have scrolled or started something else meanwhile.
        guard isDecelerating else { return }
        start(motion)
    }

    /// A free deceleration: from inside the limits, UIKit's exponential decay (bouncing off
    /// an edge it reaches); from past an edge, the spring back to it.
    private func naturalCurve(_ offset: CGFloat, _ velocity: CGFloat, _ low: CGFloat, _ high: CGFloat, _ now: Double)
        -> ScrollAxisMotion
    {
        let distance = ScrollPhysics.projectedDistance(velocity: velocity, rate: decelerationRate.rawValue)
        if offset < low || offset > high {
            // Flung back in far enough to pass the edge: decelerate to the projection. Else the
            // spring brings it back to the edge.
            let edge = ScrollPhysics.clamp(offset, low, high)
            let projected = offset + distance
            let comesIn = offset < low ? projected > low : projected < high
            guard comesIn else {
                return ScrollAxisMotion(
                    curve: .spring(target: edge, displacement: offset - edge, velocity: velocity * 1000, start: now))
            }
        }
        guard abs(distance) >= ScrollPhysics.restingDistance else { return ScrollAxisMotion(curve: .resting(offset)) }
        return ScrollAxisMotion(
            curve: .decay(
                origin: offset, distance: distance, rate: decelerationRate.rawValue, start: now, limits: low...high,
                bounces: bounces))
    }

    /// The deceleration curve from `offset` that comes to rest exactly at `goal`.
    private func curve(to goal: CGFloat, from offset: CGFloat, _ now: Double) -> ScrollAxisMotion {
        guard abs(goal - offset) >= ScrollPhysics.restingDistance else {
            return ScrollAxisMotion(curve: .resting(goal))
        }
        return ScrollAxisMotion(
            curve: .decay(
                origin: offset, distance: goal - offset, rate: decelerationRate.rawValue, start: now, limits: nil,
                bounces: bounces),
            endValue: goal)
    }

    /// Paging settles on the critically damped spring from the finger's velocity, capped so
    /// that it never passes the page.
    func pageSettling(_ offset: CGFloat, _ goal: CGFloat, _ velocity: CGFloat, _ now: Double)
        -> ScrollAxisMotion
    {
        let displacement = offset - goal
        guard abs(displacement) >= ScrollPhysics.restingDistance else { return ScrollAxisMotion(curve: .resting(goal)) }
        // Toward the page at most ω·|d| (faster would overshoot); never away from it.
        let limit = CGFloat(ScrollPhysics.springFrequency) * abs(displacement)
        var speed = velocity * 1000
        if speed * displacement > 0 { speed = 0 }
        speed = ScrollPhysics.clamp(speed, -limit, limit)
        return ScrollAxisMotion(curve: .spring(target: goal, displacement: displacement, velocity: speed, start: now))
    }

    /// The page a paging drag settles on along one axis: the nearest page, or with a flick
    /// the next one in its direction; at most one page from where the drag began.
    private func pagedValue(
        _ offset: CGFloat, _ velocity: CGFloat, _ start: CGFloat, _ pageSize: CGFloat, _ low: CGFloat, _ high: CGFloat
    ) -> CGFloat {
        guard pageSize > 0 else { return ScrollPhysics.clamp(offset, low, high) }
        let startPage = (start / pageSize).rounded()
        var page: CGFloat
        if abs(velocity) >= Self.pagingFlickVelocity {
            page = velocity > 0 ? (offset / pageSize).rounded(.down) + 1 : (offset / pageSize).rounded(.up) - 1
        } else {
            page = (offset / pageSize).rounded()
        }
        page = ScrollPhysics.clamp(page, startPage - 1, startPage + 1)
        return ScrollPhysics.clamp(page * pageSize, low, high)
    }
}

extension ScrollAxisMotion {
    var isResting: Bool { restingValue != nil }

    var restingValue: CGFloat? {
        if case .resting(let value) = curve { return value }
        return nil
    }
}

extension ScrollMotion {
    /// Where the motion rests when both axes already do.
    var restingOffset: CGPoint? {
        guard let x = x.restingValue, let y = y.restingValue else { return nil }
        return CGPoint(x: x, y: y)
    }
}
