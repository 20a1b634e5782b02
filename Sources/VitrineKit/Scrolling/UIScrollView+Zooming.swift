import Foundation

/// A pinch under way.
struct ScrollPinch {
    /// The zoom scale when it began.
    var startScale: CGFloat
    /// The point of the zooming view (its own coordinates) under the fingers' centroid: kept
    /// under them as they move.
    var anchor: CGPoint
}

extension UIScrollView {
    /// The view that zooms: the delegate's `viewForZooming(in:)`.
    var zoomingView: UIView? { delegate?.viewForZooming(in: self) }

    /// `setZoomScale(_:animated:)`'s work.
    func zoomBody(toScale scale: CGFloat, animated: Bool) {
        guard scale.isFinite, scale > 0, let view = zoomingView else { return }
        let target = ScrollPhysics.clamp(scale, minimumZoomScale, max(minimumZoomScale, maximumZoomScale))
        let middle = CGPoint(x: contentOffset.x + bounds.width / 2, y: contentOffset.y + bounds.height / 2)
        let anchor = view.convert(middle, from: self)
        zoom(
            view, to: target, keeping: anchor, at: CGPoint(x: bounds.width / 2, y: bounds.height / 2),
            animated: animated)
    }

    /// `zoom(to:animated:)`'s work.
    func zoomBody(to rect: CGRect, animated: Bool) {
        guard let view = zoomingView, rect.width > 0, rect.height > 0, bounds.width > 0, bounds.height > 0
        else { return }
        let wanted = min(bounds.width / rect.width, bounds.height / rect.height)
        let target = ScrollPhysics.clamp(wanted, minimumZoomScale, max(minimumZoomScale, maximumZoomScale))
        zoom(
            view, to: target, keeping: CGPoint(x: rect.midX, y: rect.midY),
            at: CGPoint(x: bounds.width / 2, y: bounds.height / 2), animated: animated)
    }

    /// Zooms to `scale` with the view's point `anchor` shown at `visible` (a point of the
    /// bounds, measured from their corner), then the offset kept within its limits.
    private func zoom(_ view: UIView, to scale: CGFloat, keeping anchor: CGPoint, at visible: CGPoint, animated: Bool) {
        stopMotion()
        let offset = zoomedOffset(view, scale: scale, anchor: anchor, visible: visible, clamped: true)
        guard animated else {
            applyZoomScale(scale)
            contentOffset = offset
            return
        }
        delegate?.scrollViewWillBeginZooming(self, with: view)
        startZoomMotion(to: scale, offset: offset, bounce: false)
    }

    /// Where the offset must be for `anchor` of the view to show at `visible` at `scale`
    /// (kept within the limits the content has at that scale when `clamped`).
    private func zoomedOffset(_ view: UIView, scale: CGFloat, anchor: CGPoint, visible: CGPoint, clamped: Bool)
        -> CGPoint
    {
        let origin = view.frame.origin
        let boundsOrigin = view.bounds.origin
        let point = CGPoint(
            x: origin.x + (anchor.x - boundsOrigin.x) * scale, y: origin.y + (anchor.y - boundsOrigin.y) * scale)
        var offset = CGPoint(x: point.x - visible.x, y: point.y - visible.y)
        guard clamped else { return offset }
        // The limits for the content the view's frame will make at that scale.
        let inset = adjustedContentInset
        let content = CGSize(width: view.bounds.width * scale, height: view.bounds.height * scale)
        let minimum = CGPoint(x: -inset.left, y: -inset.top)
        let maximum = CGPoint(
            x: max(minimum.x, content.width + inset.right - bounds.width),
            y: max(minimum.y, content.height + inset.bottom - bounds.height))
        offset.x = ScrollPhysics.clamp(offset.x, minimum.x, maximum.x)
        offset.y = ScrollPhysics.clamp(offset.y, minimum.y, maximum.y)
        return offset
    }

    private func startZoomMotion(to scale: CGFloat, offset: CGPoint, bounce: Bool) {
        let now = mediaTime
        let duration = Self.scrollAnimationDuration
        let from = contentOffset
        isZoomBouncing = bounce
        start(
            ScrollMotion(
                kind: .zoom(bounce: bounce),
                x: ScrollAxisMotion(
                    curve: .timed(from: from.x, to: offset.x, start: now, duration: duration, timing: .easeOut)),
                y: ScrollAxisMotion(
                    curve: .timed(from: from.y, to: offset.y, start: now, duration: duration, timing: .easeOut)),
                scale: ScrollAxisMotion(
                    curve: .timed(from: currentZoomScale, to: scale, start: now, duration: duration, timing: .easeOut)))
        )
    }

    /// Sets the zooming view's scale (its transform, keeping its frame's origin), makes the
    /// content size its frame's size, and tells the delegate (`scrollViewDidZoom(_:)`), as
    /// UIKit does.
    func applyZoomScale(_ scale: CGFloat) {
        guard scale.isFinite, scale > 0, scale != currentZoomScale || zoomingView?.transform.a != scale else { return }
        currentZoomScale = scale
        guard let view = zoomingView else { return }
        let origin = view.frame.origin
        view.transform = CGAffineTransform(scaleX: scale, y: scale)
        let frame = view.frame
        view.center = CGPoint(x: view.center.x + origin.x - frame.minX, y: view.center.y + origin.y - frame.minY)
        contentSize = view.frame.size
        delegate?.scrollViewDidZoom(self)
    }

    /// Makes or drops the pinch recognizer as zooming becomes possible or not.
    func zoomLimitsDidChange() {
        let possible = maximumZoomScale > minimumZoomScale
        if possible, pinchGestureRecognizer == nil {
            let pinch = UIPinchGestureRecognizer()
            pinch.delegate = gestureCoordinator
            pinch.addTarget { [weak self] _ in self?.handlePinch() }
            addGestureRecognizer(pinch)
            pinchGestureRecognizer = pinch
        } else if !possible, let pinch = pinchGestureRecognizer {
            removeGestureRecognizer(pinch)
            pinchGestureRecognizer = nil
        }
    }

    /// A pinch zooms only when the delegate gives a view to zoom.
    func pinchShouldBegin() -> Bool { zoomingView != nil }

    // MARK: Pinching

    private func handlePinch() {
        guard let recognizer = pinchGestureRecognizer else { return }
        switch recognizer.state {
        case .began:
            guard let view = zoomingView else { return }
            stopMotion()
            pinch = ScrollPinch(startScale: currentZoomScale, anchor: recognizer.location(in: view))
            isZooming = true
            delegate?.scrollViewWillBeginZooming(self, with: view)
            showScrollIndicators()
            updatePinch()
        case .changed:
            updatePinch()
        case .ended, .cancelled:
            endPinch()
        default:
            break
        }
    }

    /// The scale follows the fingers (rubber-banded past the limits with `bouncesZoom`), and
    /// the point first under them stays under their centroid.
    private func updatePinch() {
        guard let pinch, let recognizer = pinchGestureRecognizer, let view = zoomingView else { return }
        let wanted = pinch.startScale * recognizer.scale
        guard wanted.isFinite, wanted > 0 else { return }
        let low = minimumZoomScale
        let high = max(minimumZoomScale, maximumZoomScale)
        var scale = wanted
        if wanted > high {
            scale = bouncesZoom ? high * (1 + ScrollPhysics.rubberBand(wanted / high - 1, dimension: 1)) : high
        } else if wanted < low {
            scale = bouncesZoom ? low / (1 + ScrollPhysics.rubberBand(low / wanted - 1, dimension: 1)) : low
        }
        let finger = recognizer.location(in: self)
        let visible = CGPoint(x: finger.x - contentOffset.x, y: finger.y - contentOffset.y)
        applyZoomScale(scale)
        contentOffset = zoomedOffset(view, scale: scale, anchor: pinch.anchor, visible: visible, clamped: false)
    }

    /// The fingers lifted: past a limit the scale springs back (`isZoomBouncing`), and the
    /// offset back within its limits; `scrollViewDidEndZooming` follows at the end.
    private func endPinch() {
        guard let pinch else { return }
        self.pinch = nil
        isZooming = false
        rebaseDrag()
        guard let view = zoomingView, let recognizer = pinchGestureRecognizer else { return }
        let low = minimumZoomScale
        let high = max(minimumZoomScale, maximumZoomScale)
        let scale = ScrollPhysics.clamp(currentZoomScale, low, high)
        let finger = recognizer.location(in: self)
        let visible = CGPoint(x: finger.x - contentOffset.x, y: finger.y - contentOffset.y)
        let offset = zoomedOffset(view, scale: scale, anchor: pinch.anchor, visible: visible, clamped: true)
        if scale == currentZoomScale && offset == contentOffset {
            delegate?.scrollViewDidEndZooming(self, with: view, atScale: scale)
            scrollingDidStop()
            return
        }
        stopMotion()
        startZoomMotion(to: scale, offset: offset, bounce: scale != currentZoomScale)
    }
}
