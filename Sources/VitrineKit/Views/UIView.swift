import Foundation
import VitrineGraphics
import VitrineLayers

/// A rectangular area on screen and the content in it, as UIKit's `UIView`.
///
/// Every view is backed by a `CALayer` and is that layer's delegate, as in UIKit: geometry
/// (`frame`, `bounds`, `center`, `transform`) and appearance (`alpha`, `isHidden`,
/// `backgroundColor`, `clipsToBounds`) are the layer's properties seen through the view.
/// The rules of Apple's View Programming Guide hold: setting `frame` changes `bounds.size` and
/// `center`; setting `center` moves the frame and keeps its size; setting `bounds.size` resizes
/// the frame about the center; `bounds.origin` shifts what the subviews show; `transform`
/// applies about the center, and with a non-identity transform `frame` is the bounding box of
/// the transformed bounds while `bounds` and `center` stay exact.
///
/// Overridable (`open`) members live in this class body and forward to implementations in the
/// `UIView+*.swift` files, because Swift cannot override declarations made in extensions.
@preconcurrency @MainActor
open class UIView: UIResponder, CALayerDelegate {
    // MARK: Layer

    /// The class of the backing layer, as `layerClass`. Vitrine creates it with `init()`,
    /// which `CALayer` declares `required` for that reason.
    open class var layerClass: AnyClass { CALayer.self }

    /// The backing layer, as `layer`. The view is its delegate.
    public let layer: CALayer

    // MARK: Hierarchy storage (see UIView+Hierarchy.swift)

    /// The subviews, back to front, as `subviews`.
    public internal(set) var subviews: [UIView] = []

    /// The view this one is a subview of, as `superview`.
    public internal(set) weak var superview: UIView?

    /// The controller whose root view this is (it is the view's next responder).
    internal weak var owningViewController: UIViewController?

    /// An integer to find the view by with `viewWithTag(_:)`, as `tag`.
    open var tag: Int = 0

    /// Whether touches reach this view and its subviews, as `isUserInteractionEnabled`.
    open var isUserInteractionEnabled = true

    // MARK: Accessibility (stored; Vitrine has no screen reader yet)

    var accessibility = AccessibilityAttributes()

    /// Whether assistive technologies see this view as one element, as
    /// `isAccessibilityElement`: by default true for labels, image views and controls
    /// (`defaultIsAccessibilityElement`), false for other views, as UIKit.
    open var isAccessibilityElement: Bool {
        get { accessibility.isElement ?? defaultIsAccessibilityElement }
        set { accessibility.isElement = newValue }
    }
    /// The class's default for `isAccessibilityElement`.
    var defaultIsAccessibilityElement: Bool { false }

    /// A short name for the element, as `accessibilityLabel` (by default a label's text, a
    /// button's title: `defaultAccessibilityLabel`).
    open var accessibilityLabel: String? {
        get { accessibility.label ?? defaultAccessibilityLabel }
        set { accessibility.label = newValue }
    }
    /// The class's default for `accessibilityLabel`.
    var defaultAccessibilityLabel: String? { nil }

    /// What acting on the element does, as `accessibilityHint`.
    open var accessibilityHint: String? {
        get { accessibility.hint }
        set { accessibility.hint = newValue }
    }

    /// The element's value, as `accessibilityValue` (a slider's, a switch's "1"/"0").
    open var accessibilityValue: String? {
        get { accessibility.value ?? defaultAccessibilityValue }
        set { accessibility.value = newValue }
    }
    /// The class's default for `accessibilityValue`.
    var defaultAccessibilityValue: String? { nil }

    /// What the element is, as `accessibilityTraits` (by default `.button` for buttons,
    /// `.staticText` for labels, `.image` for image views, `.adjustable` for sliders).
    open var accessibilityTraits: UIAccessibilityTraits {
        get { accessibility.traits ?? defaultAccessibilityTraits }
        set { accessibility.traits = newValue }
    }
    /// The class's default for `accessibilityTraits`.
    var defaultAccessibilityTraits: UIAccessibilityTraits { .none }

    /// A string that identifies the view in tests, as `accessibilityIdentifier`.
    open var accessibilityIdentifier: String? {
        get { accessibility.identifier }
        set { accessibility.identifier = newValue }
    }

    /// The element's frame in screen coordinates, as `accessibilityFrame`: by default the
    /// view's bounds converted to its screen's coordinate space (`.zero` outside a window).
    open var accessibilityFrame: CGRect {
        get {
            if let frame = accessibility.frame { return frame }
            guard let window else { return .zero }
            return window.convert(convert(bounds, to: window), to: window.screen.coordinateSpace)
        }
        set { accessibility.frame = newValue }
    }

    /// Whether the view's subviews are hidden from assistive technologies, as
    /// `accessibilityElementsHidden`.
    open var accessibilityElementsHidden: Bool {
        get { accessibility.elementsHidden }
        set { accessibility.elementsHidden = newValue }
    }

    /// Whether assistive technologies ignore the view's siblings, as
    /// `accessibilityViewIsModal`.
    open var accessibilityViewIsModal: Bool {
        get { accessibility.viewIsModal }
        set { accessibility.viewIsModal = newValue }
    }

    // MARK: Creation

    /// A view with the given frame, as `init(frame:)`.
    public init(frame: CGRect) {
        let layerType = (Self.layerClass as? CALayer.Type) ?? CALayer.self
        layer = layerType.init()
        super.init()
        layer.delegate = self
        // UIKit views are opaque by default (a drawing hint; the compositor decides
        // coverage from colours and images).
        layer.isOpaque = true
        layer.frame = frame
        markForFirstDisplay()
        if Self.requiresConstraintBasedLayout { setNeedsUpdateConstraints() }
    }

    /// A view with a zero frame, as `init()`.
    public convenience override init() {
        self.init(frame: .zero)
    }

    /// A view an interface file makes, as `init?(coder:)`: it succeeds, with a zero frame, for the
    /// coder nib and storyboard loading passes (`UINibDecoder`), and fails for any other (Vitrine
    /// reads no archives). The loader sets the file's frame and properties after it returns, so an
    /// override that calls `super.init(coder:)` and then sets itself up works as on iOS.
    /// UIKit's own subclasses are made by the loader from their elements.
    public required init?(coder: NSCoder) {
        guard coder is UINibDecoder else { return nil }
        let layerType = (Self.layerClass as? CALayer.Type) ?? CALayer.self
        layer = layerType.init()
        super.init()
        layer.delegate = self
        layer.isOpaque = true
        markForFirstDisplay()
        if Self.requiresConstraintBasedLayout { setNeedsUpdateConstraints() }
    }

    /// Called on every view a nib makes once all of the nib's objects are made, their properties,
    /// subviews and constraints set, as UIKit's `awakeFromNib()` (which is on `NSObject` there).
    /// Empty; an override calls `super`, as UIKit asks.
    open func awakeFromNib() {}

    // MARK: Geometry (see UIView+Geometry.swift)

    /// The view's rectangle in its superview's coordinates, as `frame`. With a non-identity
    /// transform it reads as the bounding box of the transformed bounds (UIKit calls it
    /// undefined then but reports exactly that); setting it keeps the transform and, as iOS,
    /// sets `bounds.size` to the frame's size through the inverse transform (a 100x100 frame
    /// under a 0.5 scale gives 200x200 bounds) and `center` so that reading `frame` gives back
    /// what was set (for scales, translations and quarter turns).
    open var frame: CGRect {
        get { layer.frame }
        set { setGeometry { layer.frame = newValue } }
    }

    /// The view's own coordinate space, as `bounds`. Changing the size resizes the view about
    /// its center; changing the origin shifts what the subviews show (scrolling).
    open var bounds: CGRect {
        get { layer.bounds }
        set { setGeometry { layer.bounds = newValue } }
    }

    /// The center of the frame in the superview's coordinates, as `center` (the layer's
    /// `position`).
    open var center: CGPoint {
        get { layer.position }
        set {
            layer.position = newValue
            autoLayout?.item.engine?.geometryDidChange(of: self)
        }
    }

    /// The view's transform, applied about its center, as `transform`.
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }

    /// The layer's 3D transform, as `transform3D`.
    open var transform3D: CATransform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }

    // MARK: Appearance (see UIView+Appearance.swift)

    /// The background colour, as `backgroundColor` (the layer's background colour; a dynamic
    /// colour resolved with the view's `traitCollection`, and again when it changes).
    open var backgroundColor: UIColor? {
        didSet { layer.backgroundColor = backgroundColor?.resolvedColor(with: traitCollection).cgColor }
    }

    /// The view's opacity, as `alpha`: the layer's `opacity`, so the view and its subviews
    /// fade as one group. Values are clamped to 0...1 when drawn.
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }

    /// Whether the view and its subviews are hidden, as `isHidden`.
    open var isHidden: Bool {
        get { layer.isHidden }
        set {
            guard newValue != layer.isHidden else { return }
            layer.isHidden = newValue
            superview?.subviewVisibilityDidChange(self)
        }
    }

    /// Whether the view promises to fill its bounds with opaque content, as `isOpaque`
    /// (default true). A hint, as in UIKit.
    open var isOpaque: Bool {
        get { layer.isOpaque }
        set { layer.isOpaque = newValue }
    }

    /// Whether subviews are clipped to the bounds, as `clipsToBounds` (the layer's
    /// `masksToBounds`; rounded by `layer.cornerRadius`).
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// The tint colour, as `tintColor`: the view's own, else its superview's, else the system
    /// blue. Setting it tells the view and every descendant that inherits it
    /// (`tintColorDidChange()`).
    open var tintColor: UIColor! {
        get { resolvedTintColor }
        set { setTintColor(newValue) }
    }
    /// The colour set on this view, if any.
    internal var ownTintColor: UIColor?

    /// Called when the tint colour the view shows changes, as `tintColorDidChange()`.
    open func tintColorDidChange() {}

    /// Pixels per point of the view's content, as `contentScaleFactor`: the layer's
    /// `contentsScale`. Until set explicitly it follows the scale of the screen the view's
    /// window is on, as UIKit does.
    open var contentScaleFactor: CGFloat {
        get { layer.contentsScale }
        set {
            hasExplicitContentScale = true
            setContentScale(newValue)
        }
    }
    internal var hasExplicitContentScale = false

    // MARK: Drawing (see UIView+Drawing.swift)

    /// Pending display marks and first-draw bookkeeping; nil for views that do not draw.
    internal var drawingState: ViewDrawingState?

    /// How cached content is placed when the bounds change, as `contentMode` (default
    /// `.scaleToFill`).
    open var contentMode: ContentMode = .scaleToFill {
        didSet { contentModeDidChange() }
    }

    /// The stretchable part of the content, in unit coordinates, as the guide's
    /// `contentStretch` (deprecated in UIKit, still honoured there): mapped onto the layer's
    /// `contentsCenter` and honoured only with the scaling content modes.
    open var contentStretch = CGRect(x: 0, y: 0, width: 1, height: 1) {
        didSet { contentModeDidChange() }
    }

    /// Draws the view's content in `rect` (in bounds coordinates), as `draw(_:)`, into
    /// `UIGraphicsGetCurrentContext()`. The default draws nothing; a view that does not
    /// override it gets no backing image.
    open func draw(_ rect: CGRect) { baseDrawCalled() }

    /// Marks the whole view for redrawing at the next display pass, as `setNeedsDisplay()`.
    open func setNeedsDisplay() { markNeedsDisplay(in: nil) }

    /// Marks `rect` for redrawing at the next display pass, as `setNeedsDisplay(_:)`; marks
    /// made before the pass are drawn by one `draw(_:)` call with their union.
    open func setNeedsDisplay(_ rect: CGRect) { markNeedsDisplay(in: rect) }

    // MARK: Hierarchy callbacks (see UIView+Hierarchy.swift)

    /// Called before the view moves to `newSuperview` (nil: removed), as
    /// `willMove(toSuperview:)`.
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the view moved to a new superview (or was removed), as
    /// `didMoveToSuperview()`.
    open func didMoveToSuperview() {}
    /// Called before the view's window changes, as `willMove(toWindow:)`; every descendant
    /// is told too.
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// Called after the view's window changed, as `didMoveToWindow()`.
    open func didMoveToWindow() {}
    /// Called after `subview` was added, as `didAddSubview(_:)`.
    open func didAddSubview(_ subview: UIView) {}
    /// Called before `subview` is removed, as `willRemoveSubview(_:)`.
    open func willRemoveSubview(_ subview: UIView) {}

    /// Adds `view` as the frontmost subview, as `addSubview(_:)`; a view already elsewhere
    /// leaves its superview first. Adding a view to itself or to one of its descendants is
    /// refused (UIKit raises; a kiosk must not die): an error is logged and nothing changes.
    open func addSubview(_ view: UIView) { insert(view, at: subviews.count) }

    /// Inserts `view` at `index` of `subviews` (clamped), as `insertSubview(_:at:)`.
    open func insertSubview(_ view: UIView, at index: Int) { insert(view, at: index) }

    /// Inserts `view` just above `siblingSubview`, as `insertSubview(_:aboveSubview:)`: its
    /// layer goes directly above the sibling's layer. At the front when `siblingSubview` is
    /// not a subview, as iOS.
    open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        insert(view, nextTo: siblingSubview, above: true)
    }

    /// Inserts `view` just below `siblingSubview`, as `insertSubview(_:belowSubview:)`: its
    /// layer goes directly below the sibling's layer. At the front (as `addSubview(_:)`) when
    /// `siblingSubview` is not a subview, as iOS.
    open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        insert(view, nextTo: siblingSubview, above: false)
    }

    /// Moves `view` to the front of the subviews, as `bringSubviewToFront(_:)`.
    open func bringSubviewToFront(_ view: UIView) { reorder(view, toFront: true) }

    /// Moves `view` to the back of the subviews, as `sendSubviewToBack(_:)`.
    open func sendSubviewToBack(_ view: UIView) { reorder(view, toFront: false) }

    /// Swaps the subviews at two indices, as `exchangeSubview(at:withSubviewAt:)`; out-of-range
    /// indices change nothing.
    open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) { exchange(index1, index2) }

    /// Removes the view from its superview, as `removeFromSuperview()`.
    open func removeFromSuperview() { detachFromSuperview() }

    // MARK: Layout (see UIView+Layout.swift and Layout/)

    /// Lays out the subviews, as `layoutSubviews()`; called once per layout pass for a view
    /// that needs layout, parents before children. Before it runs, the view tree's Auto
    /// Layout engine has set the frames of the subviews placed by constraints (UIKit's
    /// default implementation does that; here it happens whether or not an override calls
    /// `super`). The default does nothing more; autoresizing happens when the bounds change.
    open func layoutSubviews() {}

    /// Marks the view as needing layout at the next pass, as `setNeedsLayout()`.
    open func setNeedsLayout() { layer.setNeedsLayout() }

    /// Lays out now, as `layoutIfNeeded()`: first the view tree's pending constraint updates
    /// and Auto Layout solution (so that, inside `UIView.animate`, constraint changes
    /// animate), then the layout pass for this view's subtree, from the topmost superview that
    /// needs layout.
    open func layoutIfNeeded() {
        prepareConstraintBasedLayout()
        layer.layoutIfNeeded()
    }

    /// Whether subviews are resized by their `autoresizingMask` when the bounds change, as
    /// `autoresizesSubviews` (default true).
    open var autoresizesSubviews = true

    /// How the view resizes when its superview's bounds change, as `autoresizingMask`.
    open var autoresizingMask: AutoresizingMask = [] {
        didSet {
            if autoresizingMask != oldValue { autoLayout?.item.engine?.configurationDidChange(of: self) }
        }
    }

    /// The size that fits `size`, as `sizeThatFits(_:)`: the default is the current size.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// Resizes the view to `sizeThatFits(bounds.size)`, keeping the frame's origin, as
    /// `sizeToFit()`.
    open func sizeToFit() { resizeToFit() }

    // MARK: Auto Layout (see Layout/)

    /// Auto Layout's bookkeeping for the view, made when it first takes part.
    internal var autoLayout: AutoLayoutViewState?

    /// Whether the view's autoresizing mask is turned into constraints, as
    /// `translatesAutoresizingMaskIntoConstraints` (default true, as for views made in code):
    /// while true, the engine keeps the frame the app or autoresizing gives the view, and
    /// other views may be constrained to it; set it false for a view placed by constraints.
    open var translatesAutoresizingMaskIntoConstraints = true {
        didSet {
            guard translatesAutoresizingMaskIntoConstraints != oldValue else { return }
            autoLayout?.item.engine?.configurationDidChange(of: self)
        }
    }

    /// Whether the view needs constraint-based layout to work, as
    /// `requiresConstraintBasedLayout` (default false): a view class that makes its
    /// constraints in `updateConstraints()` returns true, and then gets that call before its
    /// first layout.
    open class var requiresConstraintBasedLayout: Bool { false }

    /// Updates the view's constraints, as `updateConstraints()`: called in the constraint pass
    /// before layout for views marked by `setNeedsUpdateConstraints()`, subviews before their
    /// superview. An override changes its constraints and calls `super` last, as UIKit
    /// requires (Vitrine logs an error when it does not).
    open func updateConstraints() { autoLayout?.calledBaseUpdateConstraints = true }

    /// The view's natural size, as `intrinsicContentSize`: `noIntrinsicMetric` both ways by
    /// default. A view placed by constraints hugs it at its content hugging priority and
    /// resists being squeezed below it at its compression resistance priority.
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// Tells the view its intrinsic size changed, as `invalidateIntrinsicContentSize()`: the
    /// engine takes the new size at the next layout pass.
    open func invalidateIntrinsicContentSize() {
        superview?.setNeedsLayout()
        autoLayout?.item.engine?.intrinsicContentSizeDidChange(of: self)
        superview?.subviewIntrinsicContentSizeDidChange(self)
    }

    /// A subview's `isHidden` changed (a stack view collapses its hidden arranged views).
    internal func subviewVisibilityDidChange(_ subview: UIView) {}

    /// A subview's intrinsic content size changed (a stack view filling proportionally
    /// follows it).
    internal func subviewIntrinsicContentSizeDidChange(_ subview: UIView) {}

    /// The smallest size that satisfies the view's constraints and content closest to
    /// `targetSize`, as `systemLayoutSizeFitting(_:)`: with `layoutFittingCompressedSize` the
    /// smallest, with `layoutFittingExpandedSize` the largest.
    open func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        fittingSize(targetSize, horizontal: .fittingSizeLevel, vertical: .fittingSizeLevel)
    }

    /// The size closest to `targetSize` that the view's constraints and content allow, with
    /// the target held at the given priorities, as
    /// `systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)`: a
    /// `.required` width with `.fittingSizeLevel` height gives the height for a fixed width.
    open func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        fittingSize(targetSize, horizontal: horizontalFittingPriority, vertical: verticalFittingPriority)
    }

    /// The view whose first baseline is the view's, for `.firstBaseline` constraints, as
    /// `forFirstBaselineLayout` (default: `forLastBaselineLayout`, as UIKit's). Return a
    /// subview with text; a view without text gives its top edge.
    open var forFirstBaselineLayout: UIView { forLastBaselineLayout }

    /// The view whose last baseline is the view's, as `forLastBaselineLayout` (default: the
    /// view itself). A view without text gives its bottom edge.
    open var forLastBaselineLayout: UIView { self }

    /// Where the view's text sits, for `.firstBaseline` and `.lastBaseline` constraints: the
    /// first baseline's distance from the top and the last baseline's from the bottom, in
    /// points; nil for a view without text (UIKit then uses its top edge for the first
    /// baseline and its bottom edge for the last).
    internal var layoutBaselines: (firstFromTop: CGFloat, lastFromBottom: CGFloat)? { nil }

    /// Space to keep between the edges and the content, as `layoutMargins` (default 8 on
    /// each side). `layoutMarginsGuide` and the margin attributes follow it.
    open var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8) {
        didSet {
            // Margins set by their left and right stay there when the direction changes.
            if !isSettingDirectionalMargins { directionalMarginsGiven = nil }
            guard layoutMargins != oldValue else { return }
            autoLayout?.item.engine?.markNeedsSolve()
            layoutMarginsDidChange()
        }
    }

    /// The layout margins with leading and trailing edges, as `directionalLayoutMargins`:
    /// leading is the left margin, or the right one when the view's
    /// `effectiveUserInterfaceLayoutDirection` is right to left. Margins set this way follow
    /// a later change of direction (`semanticContentAttribute`), as UIKit's.
    open var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get { layoutMargins.directional(effectiveUserInterfaceLayoutDirection) }
        set {
            isSettingDirectionalMargins = true
            layoutMargins = UIEdgeInsets(newValue, effectiveUserInterfaceLayoutDirection)
            isSettingDirectionalMargins = false
            directionalMarginsGiven = newValue
        }
    }
    /// The margins as last set through `directionalLayoutMargins`, while `layoutMargins` has
    /// not been set since.
    var directionalMarginsGiven: NSDirectionalEdgeInsets?
    private var isSettingDirectionalMargins = false

    /// How the view's content reads when the layout direction flips, as
    /// `semanticContentAttribute` (default `.unspecified`: it follows the interface's
    /// direction). `.forceRightToLeft` lays out leading and trailing anchors, stack views and
    /// directional margins right to left in the view and the subviews that leave theirs
    /// unspecified; see `effectiveUserInterfaceLayoutDirection`.
    open var semanticContentAttribute: UISemanticContentAttribute = .unspecified {
        didSet {
            if semanticContentAttribute != oldValue { layoutDirectionDidChange() }
        }
    }

    /// Whether the view also keeps its superview's margins where it reaches into them, as
    /// `preservesSuperviewLayoutMargins` (default false).
    open var preservesSuperviewLayoutMargins = false {
        didSet { if preservesSuperviewLayoutMargins != oldValue { marginSourceDidChange() } }
    }

    /// Whether the margins are measured from the safe area rather than the bounds, as
    /// `insetsLayoutMarginsFromSafeArea` (default true).
    open var insetsLayoutMarginsFromSafeArea = true {
        didSet { if insetsLayoutMarginsFromSafeArea != oldValue { marginSourceDidChange() } }
    }

    /// Called when `layoutMargins` change, as `layoutMarginsDidChange()`: the default marks
    /// the view for layout.
    open func layoutMarginsDidChange() { setNeedsLayout() }

    /// Called when the view's safe area insets change, as `safeAreaInsetsDidChange()`.
    open func safeAreaInsetsDidChange() {}

    // MARK: Traits

    /// The view's traits, as `traitCollection`: its view controller's when it is a
    /// controller's root view, else its superview's, else (outside any hierarchy) the main
    /// screen's. A window's come from its screen and its own size.
    open var traitCollection: UITraitCollection {
        let inherited = owningViewController?.traitCollection ?? superview?.traitCollection
        return applyingOwnTraitOverrides(to: inherited ?? UIScreen.main.traitCollection)
    }

    /// The interface style the view and its subviews use whatever they inherit, as
    /// `overrideUserInterfaceStyle` (default `.unspecified`: inherit). Setting it changes the
    /// `userInterfaceStyle` of the view's `traitCollection` and of its subtree's (down to a
    /// view or controller with its own override): `traitCollectionDidChange(_:)` is called
    /// down the subtree and dynamic colours resolve again. On a window it sets the style of
    /// everything the window shows.
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified {
        didSet {
            guard overrideUserInterfaceStyle != oldValue else { return }
            overrideUserInterfaceStyleDidChange(from: oldValue)
        }
    }

    /// Called after the traits changed, as `traitCollectionDidChange(_:)`: after the
    /// superview's (and the view's controller's), before the subviews'; only for views in a
    /// window (see `UITraitEnvironment`).
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    // MARK: Responder chain

    /// The view's controller when it is a controller's root view, else the superview, as
    /// UIKit's `next` for views.
    open override var next: UIResponder? { owningViewController ?? superview }

    // MARK: Hit-testing

    /// Whether `point` (in bounds coordinates) is inside the view, as `point(inside:with:)`.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { bounds.contains(point) }

    /// The farthest descendant containing `point` (in bounds coordinates), as
    /// `hitTest(_:with:)`: hidden views, views with interaction disabled and views with alpha
    /// below 0.01 are passed over; subviews are tried front to back.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? { performHitTest(point, with: event) }

    // MARK: Touches and gestures

    /// Whether the view receives more than one touch at a time, as `isMultipleTouchEnabled`
    /// (default false: later touches on it are not delivered while one is down).
    open var isMultipleTouchEnabled = false

    /// Whether the view takes touches only alone in its window, as `isExclusiveTouch`
    /// (default false).
    open var isExclusiveTouch = false

    /// The recognizers attached to the view, as `gestureRecognizers`.
    open var gestureRecognizers: [UIGestureRecognizer]? {
        get { attachedRecognizers.isEmpty ? nil : attachedRecognizers }
        set {
            for recognizer in attachedRecognizers { recognizer.view = nil }
            attachedRecognizers = []
            for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
        }
    }
    internal var attachedRecognizers: [UIGestureRecognizer] = []

    /// Attaches a recognizer (taking it from its previous view), as
    /// `addGestureRecognizer(_:)`.
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard !attachedRecognizers.contains(where: { $0 === gestureRecognizer }) else { return }
        gestureRecognizer.view?.removeGestureRecognizer(gestureRecognizer)
        attachedRecognizers.append(gestureRecognizer)
        gestureRecognizer.view = self
    }

    /// Detaches a recognizer, as `removeGestureRecognizer(_:)`.
    open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard attachedRecognizers.contains(where: { $0 === gestureRecognizer }) else { return }
        attachedRecognizers.removeAll { $0 === gestureRecognizer }
        gestureRecognizer.view = nil
    }

    /// Whether a recognizer attached to this view or an ancestor may begin, as
    /// `gestureRecognizerShouldBegin(_:)` (default true).
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }

    // MARK: Animations (see Animation/ and UIView+LayerActions.swift)

    /// Running UIView animations of this view made without `.allowUserInteraction`: while
    /// any runs, hit-testing passes over the view, as UIKit ignores touches on views it
    /// animates.
    internal var interactionBlockingAnimationCount = 0

    /// The action for a change of the view's layer, as UIView's `action(for:forKey:)`
    /// (`CALayerDelegate`): inside an animation block, an action that animates the change
    /// (from the old value to the new one, additively unless `.beginFromCurrentState`); outside
    /// one, `NSNull()`, so a view's own layer does not animate implicitly, as in UIKit.
    /// Subclasses may override it, as in UIKit.
    open func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        viewAnimationAction(for: layer, forKey: event)
    }

    // MARK: Layer delegate

    /// The layer asks its delegate to lay out: the view's controller is told around
    /// `layoutSubviews()`, as UIKit does, and the Auto Layout engine sets the frames of the
    /// subviews placed by constraints between `viewWillLayoutSubviews()` and
    /// `layoutSubviews()`.
    /// Open, as in UIKit: a subclass that overrides it calls `super` for the view's layout.
    open func layoutSublayers(of layer: CALayer) {
        guard layer === self.layer else { return }
        owningViewController?.deliverViewIsAppearing()
        owningViewController?.viewWillLayoutSubviews()
        let identity = ObjectIdentifier(self)
        let outermost = UIView.viewsLayingOut.insert(identity).inserted
        defer { if outermost { UIView.viewsLayingOut.remove(identity) } }
        prepareConstraintBasedLayout()
        layoutSubviews()
        owningViewController?.viewDidLayoutSubviews()
    }

    /// Redraws the view's backing image through `draw(_:)`, as UIView's `display(_:)`
    /// (`CALayerDelegate`); see `displayBackingImage(of:)` in `UIView+Drawing.swift`. Open, as
    /// in UIKit: a subclass may supply the layer's contents itself.
    open func display(_ layer: CALayer) { displayBackingImage(of: layer) }
}
