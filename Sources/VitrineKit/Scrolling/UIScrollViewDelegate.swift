import Foundation

/// What a scroll view tells its delegate, as UIKit's `UIScrollViewDelegate`: every method is
/// optional (the defaults do nothing, or answer as UIKit does when the delegate does not
/// implement the method).
@preconcurrency @MainActor
public protocol UIScrollViewDelegate: AnyObject {
    /// The content offset changed, as `scrollViewDidScroll(_:)`.
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    /// The zoom scale changed, as `scrollViewDidZoom(_:)`.
    func scrollViewDidZoom(_ scrollView: UIScrollView)
    /// A drag is about to scroll, as `scrollViewWillBeginDragging(_:)`.
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    /// The finger lifted: `targetContentOffset` is where deceleration will stop, and the
    /// delegate may change it, as `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`
    /// (velocity in points per millisecond, as UIKit reports it).
    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
        targetContentOffset: UnsafeMutablePointer<CGPoint>)
    /// The drag ended, as `scrollViewDidEndDragging(_:willDecelerate:)`.
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    /// Deceleration begins, as `scrollViewWillBeginDecelerating(_:)`.
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    /// Deceleration ended, as `scrollViewDidEndDecelerating(_:)`.
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    /// An animated `setContentOffset` or `scrollRectToVisible` ended, as
    /// `scrollViewDidEndScrollingAnimation(_:)`.
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    /// The view that zooms, nil for none (no zooming), as `viewForZooming(in:)`.
    func viewForZooming(in scrollView: UIScrollView) -> UIView?
    /// Zooming begins, as `scrollViewWillBeginZooming(_:with:)`.
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?)
    /// Zooming ended, as `scrollViewDidEndZooming(_:with:atScale:)`.
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat)
    /// Whether a scroll-to-top may happen, as `scrollViewShouldScrollToTop(_:)` (default true).
    func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool
    /// A scroll to the top ended, as `scrollViewDidScrollToTop(_:)`.
    func scrollViewDidScrollToTop(_ scrollView: UIScrollView)
    /// `adjustedContentInset` changed, as `scrollViewDidChangeAdjustedContentInset(_:)`.
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewDidZoom(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
        targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {}
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    public func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
    public func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
    public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
    public func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
    public func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
}
