import Foundation
import VitrinePlatform

/// A view whose content is larger than its bounds and moves under a finger, as UIKit's
/// `UIScrollView`. As the View Programming Guide has it, the content offset is the bounds'
/// origin: subviews stay where they are in the content, and the scroll view shows the part at
/// `contentOffset`.
///
/// This file holds the content model (size, offset, insets, the adjusted insets and their
/// behaviour, the layout guides) and every overridable member; the work lives beside it:
/// dragging, paging and touches on the content in `UIScrollView+Dragging.swift` and
/// `ScrollViewDelayedTouchesRecognizer.swift`, the curves in `ScrollPhysics.swift`, running
/// them on the display link in `UIScrollView+Motion.swift`, then `+Indicators`, `+Zooming`
/// and `+Keys` (docs/architecture.md, "Scroll views", has the formulas and constants).
@preconcurrency @MainActor
open class UIScrollView: UIView {
    /// How the safe area enters `adjustedContentInset`, as
    /// `UIScrollView.ContentInsetAdjustmentBehavior`.
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        /// As `.scrollableAxes`, except that a scroll view that is a controller's root view
        /// also takes the top and bottom safe area (UIKit's default).
        case automatic
        /// The safe area on the axes the content scrolls along (or bounces along).
        case scrollableAxes
        /// No safe area.
        case never
        /// The whole safe area.
        case always
    }

    /// How fast deceleration stops: the velocity kept per millisecond, as
    /// `UIScrollView.DecelerationRate` (`.normal` 0.998, `.fast` 0.99).
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// 0.998 per millisecond, as `.normal`.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// 0.99 per millisecond, as `.fast`.
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// The scroll view's delegate, as `delegate` (held weakly).
    open weak var delegate: (any UIScrollViewDelegate)?

    /// The size of the content, as `contentSize` (default zero).
    open var contentSize: CGSize = .zero {
        didSet {
            guard contentSize != oldValue else { return }
            contentLayoutGuideDidChange()
            contentSizeDidChange()
        }
    }

    /// The point of the content at the top-left corner of the bounds, as `contentOffset`: the
    /// bounds' origin. Setting it scrolls at once (`scrollViewDidScroll(_:)` follows).
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set { bounds.origin = newValue }
    }

    /// Extra room around the content, as `contentInset` (default zero).
    open var contentInset: UIEdgeInsets = .zero {
        didSet { if contentInset != oldValue { adjustedContentInsetMayHaveChanged() } }
    }

    /// How the safe area adds to `contentInset`, as `contentInsetAdjustmentBehavior` (default
    /// `.automatic`).
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic {
        didSet { if contentInsetAdjustmentBehavior != oldValue { adjustedContentInsetMayHaveChanged() } }
    }

    /// `contentInset` plus the safe area as `contentInsetAdjustmentBehavior` says, as
    /// `adjustedContentInset`: the insets the offset limits and scrolling use.
    open var adjustedContentInset: UIEdgeInsets { storedAdjustedContentInset }
    private var storedAdjustedContentInset = UIEdgeInsets.zero

    /// Called when `adjustedContentInset` changed, as `adjustedContentInsetDidChange()`; the
    /// default tells the delegate.
    open func adjustedContentInsetDidChange() {
        delegate?.scrollViewDidChangeAdjustedContentInset(self)
    }

    /// Whether a finger scrolls the content, as `isScrollEnabled` (default true). As in
    /// UIKit, it enables or disables `panGestureRecognizer`; scrolling by program still works.
    open var isScrollEnabled = true {
        didSet { panGestureRecognizer.isEnabled = isScrollEnabled }
    }

    /// Whether the content bounces past its edges, as `bounces` (default true).
    open var bounces = true
    /// Whether the content bounces vertically even when it fits, as `alwaysBounceVertical`.
    open var alwaysBounceVertical = false
    /// Whether the content bounces horizontally even when it fits, as
    /// `alwaysBounceHorizontal`.
    open var alwaysBounceHorizontal = false
    /// The control that starts a refresh when the content is pulled down, as
    /// `refreshControl` (see `UIRefreshControl`): set, it sits behind the content above its
    /// top, and the content can be pulled down even when it fits.
    open var refreshControl: UIRefreshControl? {
        didSet { refreshControlDidChange(from: oldValue) }
    }
    /// Whether a drag that starts along one axis stays on it, as `isDirectionalLockEnabled`.
    open var isDirectionalLockEnabled = false
    /// Whether scrolling settles on multiples of the bounds size, as `isPagingEnabled`.
    open var isPagingEnabled = false
    /// How fast deceleration stops, as `decelerationRate` (default `.normal`).
    open var decelerationRate = DecelerationRate.normal
    /// Whether a tap on the status bar scrolls to the top, as `scrollsToTop` (kept for the
    /// API: a panel has no status bar).
    open var scrollsToTop = true

    /// Whether the vertical indicator shows while scrolling, as
    /// `showsVerticalScrollIndicator` (default true).
    open var showsVerticalScrollIndicator = true
    /// Whether the horizontal indicator shows while scrolling, as
    /// `showsHorizontalScrollIndicator` (default true).
    open var showsHorizontalScrollIndicator = true
    /// Insets of the vertical indicator, as `verticalScrollIndicatorInsets`.
    open var verticalScrollIndicatorInsets = UIEdgeInsets.zero
    /// Insets of the horizontal indicator, as `horizontalScrollIndicatorInsets`.
    open var horizontalScrollIndicatorInsets = UIEdgeInsets.zero
    /// Both indicators' insets, as `scrollIndicatorInsets`: setting it sets both; reading it
    /// gives the vertical one's.
    open var scrollIndicatorInsets: UIEdgeInsets {
        get { verticalScrollIndicatorInsets }
        set {
            verticalScrollIndicatorInsets = newValue
            horizontalScrollIndicatorInsets = newValue
        }
    }
    /// Whether the indicator insets also take the safe area the content insets take, as
    /// `automaticallyAdjustsScrollIndicatorInsets` (default true).
    open var automaticallyAdjustsScrollIndicatorInsets = true
    /// The indicators' colour, as `indicatorStyle` (default `.default`).
    open var indicatorStyle = IndicatorStyle.default

    /// Whether touches on the content wait (150 ms) to see whether they scroll, as
    /// `delaysContentTouches` (default true).
    open var delaysContentTouches = true
    /// Whether a touch the content already has is cancelled when it turns into a scroll, as
    /// `canCancelContentTouches` (default true).
    open var canCancelContentTouches = true

    /// The least zoom scale, as `minimumZoomScale` (default 1). Zooming is possible (a
    /// `pinchGestureRecognizer` exists) while it is below `maximumZoomScale`.
    open var minimumZoomScale: CGFloat = 1 {
        didSet { zoomLimitsDidChange() }
    }
    /// The largest zoom scale, as `maximumZoomScale` (default 1).
    open var maximumZoomScale: CGFloat = 1 {
        didSet { zoomLimitsDidChange() }
    }
    /// Whether zooming past the limits bounces back, as `bouncesZoom` (default true).
    open var bouncesZoom = true
    /// The zoom scale the content has (`zoomScale`).
    var currentZoomScale: CGFloat = 1

    /// Whether a finger is on the content (it may not have moved yet), as `isTracking`.
    open internal(set) var isTracking = false
    /// Whether the content is being dragged, as `isDragging`.
    open internal(set) var isDragging = false
    /// Whether the content is moving on after the finger lifted (decelerating, or springing
    /// back from past an edge), as `isDecelerating`.
    open internal(set) var isDecelerating = false
    /// Whether a pinch is zooming the content, as `isZooming`.
    open internal(set) var isZooming = false
    /// Whether the zoom scale is springing back inside its limits after a pinch went past
    /// them, as `isZoomBouncing`.
    open internal(set) var isZoomBouncing = false

    // MARK: Gesture recognizers

    /// The recognizer that drags the content, as `panGestureRecognizer`: the scroll view
    /// owns it and handles its actions; enabled while `isScrollEnabled`.
    public let panGestureRecognizer: UIPanGestureRecognizer = ScrollViewPanGestureRecognizer()

    /// The recognizer that zooms the content, as `pinchGestureRecognizer`: nil while zooming
    /// is not possible (`maximumZoomScale` not above `minimumZoomScale`).
    open internal(set) var pinchGestureRecognizer: UIPinchGestureRecognizer?

    /// Holds touches on the content back for `contentTouchDelay` while the drag decides
    /// (`delaysContentTouches`); UIKit has a private recognizer for this too.
    let delayedTouchesRecognizer = ScrollViewDelayedTouchesRecognizer()
    /// Answers for the scroll view's own recognizers (simultaneous pan and pinch).
    let gestureCoordinator = ScrollViewGestureCoordinator()

    // MARK: Motion state (see UIScrollView+Dragging.swift, UIScrollView+Motion.swift)

    /// The drag under way.
    var drag: ScrollDrag?
    /// The motion after a drag, of an animated scroll or of a zoom, if any.
    var motion: ScrollMotion?
    /// The display link driving `motion` on the screen's vblanks.
    var motionLink: CADisplayLink?
    /// A touch stopped a motion: it belongs to the scroll view, not the content.
    var touchStoppedMotion = false
    /// The pinch under way.
    var pinch: ScrollPinch?
    /// The scroll indicators, made when first shown (UIKit's are subviews too).
    var verticalScrollIndicator: ScrollIndicatorView?
    var horizontalScrollIndicator: ScrollIndicatorView?
    /// The wake-up that starts the indicators' fade.
    var indicatorFadeTimer: ClockTimer?

    // MARK: Layout guides

    /// The content's rectangle, `(0, 0, contentSize)`, for constraints, as
    /// `contentLayoutGuide`: constraints between it and the content define the content size
    /// when Auto Layout lays the content out.
    open var contentLayoutGuide: UILayoutGuide {
        if let guide = storedContentLayoutGuide { return guide }
        let guide = UILayoutGuide(role: .scrollContent, owningView: self)
        autoLayoutState.layoutGuides.append(guide)
        storedContentLayoutGuide = guide
        return guide
    }
    private var storedContentLayoutGuide: UILayoutGuide?

    /// The scroll view's own frame, not scrolling with the content, for constraints, as
    /// `frameLayoutGuide`.
    open var frameLayoutGuide: UILayoutGuide {
        if let guide = storedFrameLayoutGuide { return guide }
        let guide = UILayoutGuide(role: .scrollFrame, owningView: self)
        autoLayoutState.layoutGuides.append(guide)
        storedFrameLayoutGuide = guide
        return guide
    }
    private var storedFrameLayoutGuide: UILayoutGuide?

    // MARK: Creation

    /// A scroll view with the given frame, clipping its content, as `init(frame:)`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
        setUpGestureRecognizers()
    }

    /// A view an interface file makes, as `init?(coder:)`: set up as `init(frame:)` sets it up,
    /// for the coder nib loading passes; fails for any other coder (see `UIView.init?(coder:)`).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        clipsToBounds = true
        setUpGestureRecognizers()
    }

    // MARK: Scrolling by program

    /// Scrolls to `contentOffset`, animated with UIKit's scroll animation (ending with
    /// `scrollViewDidEndScrollingAnimation(_:)`) or at once, as `setContentOffset(_:animated:)`.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        scroll(to: contentOffset, animated: animated)
    }

    /// Scrolls the least that makes `rect` (in content coordinates) visible, as
    /// `scrollRectToVisible(_:animated:)`.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        let visible = bounds
        var target = visible.origin
        if rect.maxX > visible.maxX { target.x = rect.maxX - visible.width }
        if rect.minX < target.x { target.x = rect.minX }
        if rect.maxY > visible.maxY { target.y = rect.maxY - visible.height }
        if rect.minY < target.y { target.y = rect.minY }
        scroll(to: clampedOffset(target), animated: animated)
    }

    /// The offset range the content may rest in: from `-adjustedContentInset.left/top` to
    /// the content's far edge plus its inset, less the bounds (never below the start).
    public var contentOffsetLimits: (minimum: CGPoint, maximum: CGPoint) {
        let inset = adjustedContentInset
        let minimum = CGPoint(x: -inset.left, y: -inset.top)
        let maximum = CGPoint(
            x: max(minimum.x, contentSize.width + inset.right - bounds.width),
            y: max(minimum.y, contentSize.height + inset.bottom - bounds.height))
        return (minimum, maximum)
    }

    /// `offset` brought inside `contentOffsetLimits`.
    func clampedOffset(_ offset: CGPoint) -> CGPoint {
        let (minimum, maximum) = contentOffsetLimits
        return CGPoint(x: min(max(offset.x, minimum.x), maximum.x), y: min(max(offset.y, minimum.y), maximum.y))
    }

    /// `offset` on the screen's pixel grid (multiples of 1 / `contentScaleFactor`), as UIKit
    /// puts the offsets of a drag, a deceleration and a scroll animation: content moved by
    /// whole pixels stays sharp, and the compositor moves its pixels instead of repainting
    /// them. A limit (the content's edge) is kept exactly.
    func pixelAligned(_ offset: CGPoint) -> CGPoint {
        let scale = contentScaleFactor
        guard scale.isFinite, scale > 0 else { return offset }
        let (minimum, maximum) = contentOffsetLimits
        func aligned(_ value: CGFloat, _ low: CGFloat, _ high: CGFloat) -> CGFloat {
            guard value.isFinite, value != low, value != high else { return value }
            return (value * scale).rounded() / scale
        }
        return CGPoint(x: aligned(offset.x, minimum.x, maximum.x), y: aligned(offset.y, minimum.y, maximum.y))
    }

    // MARK: Zooming (see UIScrollView+Zooming.swift)

    /// The scale applied to the content, as `zoomScale` (default 1): the zooming view's
    /// transform. Setting it is `setZoomScale(_:animated:)` without animation.
    open var zoomScale: CGFloat {
        get { currentZoomScale }
        set { setZoomScale(newValue, animated: false) }
    }

    /// Zooms to `scale`, kept within `minimumZoomScale...maximumZoomScale`, about the
    /// middle of what is visible, as `setZoomScale(_:animated:)`. Animated (UIKit's 0.3 s),
    /// the delegate hears `scrollViewWillBeginZooming`, `scrollViewDidZoom` each frame and
    /// `scrollViewDidEndZooming` at the end; at once, only `scrollViewDidZoom`. Nothing
    /// happens without a `viewForZooming(in:)`.
    open func setZoomScale(_ scale: CGFloat, animated: Bool) {
        zoomBody(toScale: scale, animated: animated)
    }

    /// Zooms so that `rect` (in the zooming view's coordinates) fills the bounds as far as
    /// the scale limits allow, centred where the content allows, as `zoom(to:animated:)`.
    open func zoom(to rect: CGRect, animated: Bool) {
        zoomBody(to: rect, animated: animated)
    }

    // MARK: Indicators and stopping (see UIScrollView+Indicators.swift, +Motion.swift)

    /// Shows the scroll indicators for a moment, as `flashScrollIndicators()`: they appear
    /// and fade out as after a scroll.
    open func flashScrollIndicators() {
        flashIndicators()
    }

    /// Whether a scroll animation (`setContentOffset(_:animated:)`, `scrollRectToVisible`,
    /// keyboard scrolling) runs, as `isScrollAnimating`.
    open var isScrollAnimating: Bool {
        if let motion, case .scrollAnimation = motion.kind { return true }
        return false
    }

    /// Whether a zoom animation (animated zoom changes, the bounce back after a pinch) runs,
    /// as `isZoomAnimating`.
    open var isZoomAnimating: Bool {
        if let motion, case .zoom = motion.kind { return true }
        return false
    }

    /// Stops scroll and zoom animations and decelerations, as `stopScrollingAndZooming()`:
    /// the content stays where it is, except that past an edge it goes back to the edge and,
    /// with paging, to the nearest page (a scale past its limits to the limit).
    open func stopScrollingAndZooming() {
        stopMotionWhereItIs()
    }

    /// How a drag dismisses the on-screen keyboard, as `UIScrollView.KeyboardDismissMode`.
    public enum KeyboardDismissMode: Int, Sendable {
        case none, onDrag, interactive, onDragWithAccessory, interactiveWithAccessory
    }

    /// How a drag dismisses the keyboard, as `keyboardDismissMode` (default `.none`). Kept
    /// for the API: Vitrine has no on-screen keyboard.
    open var keyboardDismissMode = KeyboardDismissMode.none

    /// Whether keys scroll the content, as `allowsKeyboardScrolling` (default true; see
    /// `UIScrollView+Keys.swift`).
    open var allowsKeyboardScrolling = true

    /// Whether the scroll view may become first responder: while `allowsKeyboardScrolling`,
    /// since Apple documents that a scroll view "needs to have focus or be first responder"
    /// to scroll by keyboard (a kiosk has no focus engine).
    open override var canBecomeFirstResponder: Bool { allowsKeyboardScrolling }

    /// Leaving its window, the scroll view stops moving (its display link is the screen's).
    open override func willMove(toWindow newWindow: UIWindow?) {
        super.willMove(toWindow: newWindow)
        if newWindow == nil && window != nil { stopMotion() }
    }

    // MARK: Touches on the content

    /// Returns whether to cancel the touches of a content view and scroll, as
    /// `touchesShouldCancel(in:)`: called when a drag would begin on a touch the content
    /// already has (only while `canCancelContentTouches`). The default is UIKit's: false for
    /// a `UIControl`, true otherwise.
    open func touchesShouldCancel(in view: UIView) -> Bool {
        !(view is UIControl)
    }

    /// Returns whether `view` in the content gets the touches that begin on it, as
    /// `touchesShouldBegin(_:with:in:)`: asked when a touch-down would be delivered to it
    /// (after the delay with `delaysContentTouches`, else at once). The default is true.
    open func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool {
        true
    }

    /// The scroll view's own recognizers: the pan begins only when the content can move
    /// along the finger (`UIScrollView+Dragging.swift`), the pinch only with a view to zoom.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if gestureRecognizer === panGestureRecognizer { return panShouldBegin() }
        if gestureRecognizer === pinchGestureRecognizer { return pinchShouldBegin() }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    // MARK: Keys (see UIScrollView+Keys.swift)

    /// Key codes whose press this scroll view took: their release is its too.
    private var pressedScrollKeys: Set<UInt32> = []

    /// Scrolling keys scroll (arrows, page up and down, home, end, space; see
    /// `UIScrollView+Keys.swift`); other keys, and keys that cannot move the content, go on
    /// up the responder chain.
    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        var unhandled = Set<UIPress>()
        for press in presses {
            if scrollForKey(press), let code = press.key?.keyCode {
                pressedScrollKeys.insert(code)
            } else {
                unhandled.insert(press)
            }
        }
        if !unhandled.isEmpty { super.pressesBegan(unhandled, with: event) }
    }

    open override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        let unhandled = presses.filter { press in
            guard let code = press.key?.keyCode else { return true }
            return pressedScrollKeys.remove(code) == nil
        }
        if !unhandled.isEmpty { super.pressesEnded(unhandled, with: event) }
    }

    // MARK: Hooks for the other files

    /// Scrolls to `offset`: any motion under way stops; `animated` runs UIKit's scroll
    /// animation (`UIScrollView+Motion.swift`), else it jumps.
    func scroll(to offset: CGPoint, animated: Bool) {
        stopMotion()
        guard animated else {
            contentOffset = offset
            return
        }
        animateScroll(to: offset)
    }

    /// The content size changed (the indicators and limits follow).
    func contentSizeDidChange() {
        layoutScrollIndicators()
    }

    private func contentLayoutGuideDidChange() {
        setNeedsLayout()
    }

    /// Recomputes `adjustedContentInset` and tells of a change.
    func adjustedContentInsetMayHaveChanged() {
        let adjusted = computedAdjustedContentInset()
        guard adjusted != storedAdjustedContentInset else { return }
        storedAdjustedContentInset = adjusted
        adjustedContentInsetDidChange()
    }

    private func computedAdjustedContentInset() -> UIEdgeInsets {
        let safe = safeAreaInsets
        var adjustment = UIEdgeInsets.zero
        switch contentInsetAdjustmentBehavior {
        case .never: break
        case .always: adjustment = safe
        case .scrollableAxes, .automatic:
            let scrollsVertically =
                contentSize.height > bounds.height || alwaysBounceVertical
                || (contentInsetAdjustmentBehavior == .automatic && owningViewController != nil)
            let scrollsHorizontally = contentSize.width > bounds.width || alwaysBounceHorizontal
            if scrollsVertically {
                adjustment.top = safe.top
                adjustment.bottom = safe.bottom
            }
            if scrollsHorizontally {
                adjustment.left = safe.left
                adjustment.right = safe.right
            }
        }
        // A refresh under way keeps the control's band above the content (UIRefreshControl).
        adjustment.top += refreshControl?.appliedInset ?? 0
        return UIEdgeInsets(
            top: contentInset.top + adjustment.top, left: contentInset.left + adjustment.left,
            bottom: contentInset.bottom + adjustment.bottom, right: contentInset.right + adjustment.right)
    }

    open override func safeAreaInsetsDidChange() {
        super.safeAreaInsetsDidChange()
        adjustedContentInsetMayHaveChanged()
    }

    // MARK: Geometry

    /// The bounds: a change of origin is a scroll (`scrollViewDidScroll(_:)`), as in UIKit.
    open override var bounds: CGRect {
        get { super.bounds }
        set {
            let oldOrigin = super.bounds.origin
            super.bounds = newValue
            if newValue.origin != oldOrigin { didScroll() }
        }
    }

    /// The content moved: the delegate hears of it, and the layout (which places reused
    /// cells and the indicators) runs at the next pass.
    func didScroll() {
        setNeedsLayout()
        layoutScrollIndicators()
        refreshControl?.scrollViewDidScroll()
        delegate?.scrollViewDidScroll(self)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutScrollIndicators()
        refreshControl?.layoutInScrollView()
    }

    open override func didAddSubview(_ subview: UIView) {
        super.didAddSubview(subview)
        // The indicators stay above the content, as UIKit brings them to the front.
        if !(subview is ScrollIndicatorView) { bringScrollIndicatorsToFront() }
    }
}
