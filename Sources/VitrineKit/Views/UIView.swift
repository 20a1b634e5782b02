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
    open internal(set) var subviews: [UIView] = []

    /// The view this one is a subview of, as `superview`.
    open internal(set) weak var superview: UIView?

    /// The controller whose root view this is (it is the view's next responder).
    internal weak var owningViewController: UIViewController?

    /// An integer to find the view by with `viewWithTag(_:)`, as `tag`.
    open var tag: Int = 0

    /// Whether touches reach this view and its subviews, as `isUserInteractionEnabled`.
    open var isUserInteractionEnabled = true

    /// The interactions added with `addInteraction(_:)` (see UIInteraction.swift).
    var interactionList: [any UIInteraction] = []

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

    /// Removes the view from its superview, as `removeFromSuperview()`. A view that leaves its
    /// window this way loses its running animations, as on iOS: their completions run with
    /// `finished == false` at the window's next frame (animations with `isRemovedOnCompletion`
    /// false stay).
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

    // MARK: Overridable members of the topic extensions

    // Declared here, in the class body, rather than in the extension of their topic
    // (UIView+Coordinates, +Hierarchy, +LayoutDirection, +AutoLayout, UITextField+Editing,
    // UIKeyboardLayoutGuide): Swift cannot override a member declared in an extension (there
    // is no Objective-C), and UIKit declares each of these `open`.

    /// `point` from this view's bounds coordinates into `view`'s, as `convert(_:to:)`. A nil
    /// `view` means the window (for a view in no window: its topmost superview). Views in
    /// different windows convert through screen coordinates.
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        layer.convert(point, to: (view ?? rootAncestor).layer)
    }

    /// `point` from `view`'s bounds coordinates into this view's, as `convert(_:from:)`; a nil
    /// `view` means the window.
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        layer.convert(point, from: (view ?? rootAncestor).layer)
    }

    /// The bounding box of `rect` converted into `view`'s coordinates, as `convert(_:to:)`.
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        layer.convert(rect, to: (view ?? rootAncestor).layer)
    }

    /// The bounding box of `rect` converted from `view`'s coordinates, as `convert(_:from:)`.
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        layer.convert(rect, from: (view ?? rootAncestor).layer)
    }

    /// `point` into any coordinate space (a view, a screen's `coordinateSpace`), as
    /// `UICoordinateSpace.convert(_:to:)`.
    open func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint {
        if let view = coordinateSpace as? UIView { return layer.convert(point, to: view.layer) }
        return CoordinateSpaceConversion.convert(point, from: self, to: coordinateSpace)
    }

    /// `point` from any coordinate space, as `UICoordinateSpace.convert(_:from:)`.
    open func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint {
        if let view = coordinateSpace as? UIView { return layer.convert(point, from: view.layer) }
        return CoordinateSpaceConversion.convert(point, from: coordinateSpace, to: self)
    }

    /// `rect` into any coordinate space, as `UICoordinateSpace.convert(_:to:)`.
    open func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect {
        if let view = coordinateSpace as? UIView { return layer.convert(rect, to: view.layer) }
        return CoordinateSpaceConversion.convert(rect, from: self, to: coordinateSpace)
    }

    /// `rect` from any coordinate space, as `UICoordinateSpace.convert(_:from:)`.
    open func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect {
        if let view = coordinateSpace as? UIView { return layer.convert(rect, from: view.layer) }
        return CoordinateSpaceConversion.convert(rect, from: coordinateSpace, to: self)
    }

    /// The window the view is in, as `window`: the nearest `UIWindow` up the superview chain
    /// (a window is its own window).
    open var window: UIWindow? {
        var view: UIView? = self
        while let current = view {
            if let window = current as? UIWindow { return window }
            view = current.superview
        }
        return nil
    }

    /// Whether this view is `view` or one of its descendants, as `isDescendant(of:)`.
    open func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// The view itself or the first descendant (depth first, in subview order) whose `tag` is
    /// `tag`, as `viewWithTag(_:)`.
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    /// The direction the view's immediate content is laid out in, as
    /// `effectiveUserInterfaceLayoutDirection`: from its `semanticContentAttribute`; a view
    /// that leaves it `.unspecified` takes its superview's (UIKit carries a forced direction
    /// down through the subviews' trait collections), and at the top the interface's, which
    /// is left to right in Vitrine (no right-to-left localisation; see `UITraitCollection`).
    open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        var view: UIView? = self
        while let current = view {
            switch current.semanticContentAttribute {
            case .forceRightToLeft: return .rightToLeft
            case .forceLeftToRight, .playback, .spatial: return .leftToRight
            case .unspecified: view = current.superview
            }
        }
        return Self.interfaceLayoutDirection
    }

    /// Makes the first responder inside this view (or this view) resign, as
    /// `endEditing(_:)`: with `force`, even if it would refuse. Returns whether none is left
    /// editing here.
    @discardableResult
    open func endEditing(_ force: Bool) -> Bool {
        guard let view = FirstResponder.current as? UIView, view.isDescendant(of: self) else { return true }
        if view.resignFirstResponder() { return true }
        guard force else { return false }
        FirstResponder.forceResign(view)
        return true
    }

    /// The on-screen keyboard's place in this view, as UIKit's `keyboardLayoutGuide` (made
    /// the first time it is asked for): tie a view's bottom to its `topAnchor` to keep it
    /// above the keyboard. See `UIKeyboardLayoutGuide`.
    open var keyboardLayoutGuide: UIKeyboardLayoutGuide {
        let state = autoLayoutState
        if let guide = state.keyboardGuide { return guide }
        let guide = UIKeyboardLayoutGuide(owningView: self)
        state.keyboardGuide = guide
        return guide
    }

    /// The constraints installed on the view, as `constraints`: the active constraints whose
    /// items' nearest common ancestor is this view (or that were added to it).
    open var constraints: [NSLayoutConstraint] { autoLayout?.installedConstraints ?? [] }

    /// Activates `constraint` installed on this view, as the legacy `addConstraint(_:)`; the
    /// view must be its items' common ancestor or an ancestor of it (else a logged error).
    open func addConstraint(_ constraint: NSLayoutConstraint) {
        constraint.activateConstraint(installingOn: self)
    }

    /// As `addConstraints(_:)`.
    open func addConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { addConstraint(constraint) }
    }

    /// Deactivates `constraint` if it is installed on this view, as `removeConstraint(_:)`.
    open func removeConstraint(_ constraint: NSLayoutConstraint) {
        guard constraint.installedView === self else { return }
        constraint.isActive = false
    }

    /// As `removeConstraints(_:)`.
    open func removeConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { removeConstraint(constraint) }
    }

    /// As `leadingAnchor` (the left edge: Vitrine lays out left to right).
    open var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }

    /// As `trailingAnchor` (the right edge).
    open var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }

    /// As `leftAnchor`.
    open var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }

    /// As `rightAnchor`.
    open var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }

    /// As `topAnchor`.
    open var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }

    /// As `bottomAnchor`.
    open var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }

    /// As `widthAnchor`.
    open var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }

    /// As `heightAnchor`.
    open var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }

    /// As `centerXAnchor`.
    open var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }

    /// As `centerYAnchor`.
    open var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }

    /// The first line's baseline (of `forFirstBaselineLayout`), as `firstBaselineAnchor`.
    open var firstBaselineAnchor: NSLayoutYAxisAnchor {
        NSLayoutYAxisAnchor(item: self, attribute: .firstBaseline)
    }

    /// The last line's baseline (of `forLastBaselineLayout`), as `lastBaselineAnchor`.
    open var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .lastBaseline) }

    /// The guides added to the view, as `layoutGuides`.
    open var layoutGuides: [UILayoutGuide] { autoLayout?.layoutGuides ?? [] }

    /// Adds a guide whose frame is in this view's coordinates, as `addLayoutGuide(_:)`; a
    /// guide owned by another view moves here (its constraints deactivate).
    open func addLayoutGuide(_ layoutGuide: UILayoutGuide) {
        guard layoutGuide.role == .custom, layoutGuide.owningView !== self else { return }
        layoutGuide.owningView?.removeLayoutGuide(layoutGuide)
        layoutGuide.owningView = self
        autoLayoutState.layoutGuides.append(layoutGuide)
    }

    /// Removes a guide and deactivates its constraints, as `removeLayoutGuide(_:)`.
    open func removeLayoutGuide(_ layoutGuide: UILayoutGuide) {
        guard layoutGuide.owningView === self, let state = autoLayout else { return }
        NSLayoutConstraint.deactivate(layoutGuide.itemState.referencingConstraints)
        state.layoutGuides.removeAll { $0 === layoutGuide }
        state.item.engine?.removeGuide(layoutGuide)
        layoutGuide.owningView = nil
    }

    /// The view's bounds inset by its layout margins, as `layoutMarginsGuide`. The margins it
    /// follows are `layoutMargins`, raised to a controller's `systemMinimumLayoutMargins`,
    /// measured from the safe area (`insetsLayoutMarginsFromSafeArea`) and, with
    /// `preservesSuperviewLayoutMargins`, reaching at least the superview's margins.
    open var layoutMarginsGuide: UILayoutGuide {
        let state = autoLayoutState
        if let guide = state.marginsGuide { return guide }
        let guide = UILayoutGuide(role: .layoutMargins, owningView: self)
        state.marginsGuide = guide
        return guide
    }

    /// The part of the view not covered by the screen's overscan or by controllers'
    /// `additionalSafeAreaInsets`, as `safeAreaLayoutGuide`.
    open var safeAreaLayoutGuide: UILayoutGuide {
        let state = autoLayoutState
        if let guide = state.safeAreaGuide { return guide }
        let guide = UILayoutGuide(role: .safeArea, owningView: self)
        state.safeAreaGuide = guide
        return guide
    }

    /// How far the view reaches into the unsafe edges of its window, as `safeAreaInsets`:
    /// zero on a panel, the screen's configured `overscan` where the view covers it, plus the
    /// `additionalSafeAreaInsets` of the controllers whose views contain it, and what their
    /// containers add (a navigation bar's height for the controllers of a navigation
    /// controller). Zero outside a window.
    open var safeAreaInsets: UIEdgeInsets {
        guard let window else { return .zero }
        let screenBounds = window.screen.bounds
        var safe = screenBounds.inset(by: window.screen.overscanInsets)
        if safe.isNull { safe = CGRect(x: screenBounds.midX, y: screenBounds.midY, width: 0, height: 0) }
        // The screen's safe rectangle in the window's coordinates (windows stand in screen
        // coordinates).
        safe = safe.offsetBy(dx: -window.frame.minX, dy: -window.frame.minY)
        var current: UIView? = self
        while let view = current {
            if let controller = view.owningViewController, controller.effectiveAdditionalSafeAreaInsets != .zero {
                let inset = view.convert(view.bounds, to: window).inset(
                    by: controller.effectiveAdditionalSafeAreaInsets)
                safe = inset.isNull ? .zero : safe.intersection(inset)
            }
            current = view.superview
        }
        let mine = window === self ? bounds : convert(bounds, to: window)
        func clamp(_ value: CGFloat, _ limit: CGFloat) -> CGFloat { min(max(0, value), max(0, limit)) }
        if safe.isNull { return UIEdgeInsets(top: mine.height, left: 0, bottom: 0, right: 0) }
        return UIEdgeInsets(
            top: clamp(safe.minY - mine.minY, mine.height), left: clamp(safe.minX - mine.minX, mine.width),
            bottom: clamp(mine.maxY - safe.maxY, mine.height), right: clamp(mine.maxX - safe.maxX, mine.width))
    }

    /// How much the view resists growing beyond its intrinsic size on `axis`, as
    /// `contentHuggingPriority(for:)` (default `.defaultLow`, 250).
    open func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        guard let state = autoLayout else { return .defaultLow }
        return axis == .horizontal ? state.huggingPriority.horizontal : state.huggingPriority.vertical
    }

    /// As `setContentHuggingPriority(_:for:)`.
    open func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        let state = autoLayoutState
        if axis == .horizontal {
            state.huggingPriority.horizontal = priority
        } else {
            state.huggingPriority.vertical = priority
        }
        state.item.engine?.configurationDidChange(of: self)
    }

    /// How much the view resists shrinking below its intrinsic size on `axis`, as
    /// `contentCompressionResistancePriority(for:)` (default `.defaultHigh`, 750).
    open func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        guard let state = autoLayout else { return .defaultHigh }
        return axis == .horizontal ? state.compressionResistance.horizontal : state.compressionResistance.vertical
    }

    /// As `setContentCompressionResistancePriority(_:for:)`.
    open func setContentCompressionResistancePriority(
        _ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis
    ) {
        let state = autoLayoutState
        if axis == .horizontal {
            state.compressionResistance.horizontal = priority
        } else {
            state.compressionResistance.vertical = priority
        }
        state.item.engine?.configurationDidChange(of: self)
    }

    /// Marks the view for `updateConstraints()` at the next constraint pass, as
    /// `setNeedsUpdateConstraints()`.
    open func setNeedsUpdateConstraints() {
        autoLayoutState.needsUpdateConstraints = true
        let root = rootAncestor
        root.autoLayoutState.treeNeedsConstraintUpdate = true
        root.setNeedsLayout()
    }

    /// Whether the view is marked for `updateConstraints()`, as `needsUpdateConstraints()`.
    open func needsUpdateConstraints() -> Bool { autoLayout?.needsUpdateConstraints ?? false }

    /// Runs `updateConstraints()` now for the marked views of this subtree, subviews before
    /// their superview, as `updateConstraintsIfNeeded()`.
    open func updateConstraintsIfNeeded() {
        var order: [UIView] = []
        var stack: [UIView] = [self]
        while let view = stack.popLast() {
            order.append(view)
            stack.append(contentsOf: view.subviews)
        }
        // Reversed pre-order visits every subview before its superview.
        for view in order.reversed() {
            guard let state = view.autoLayout, state.needsUpdateConstraints else { continue }
            state.needsUpdateConstraints = false
            state.calledBaseUpdateConstraints = false
            view.updateConstraints()
            if !state.calledBaseUpdateConstraints {
                kitLog.error(
                    "\(type(of: view)).updateConstraints() did not call super.updateConstraints(), as UIKit requires")
            }
            view.owningViewController?.updateViewConstraints()
        }
    }

    /// Whether the constraints leave the view's frame undetermined, as `hasAmbiguousLayout`.
    open var hasAmbiguousLayout: Bool { LayoutEngine.hasAmbiguousLayout(self) }

    /// UIKit moves an ambiguous view to another valid place to show the ambiguity, as
    /// `exerciseAmbiguityInLayout()`; Vitrine logs the view instead.
    open func exerciseAmbiguityInLayout() {
        if hasAmbiguousLayout { kitLog.notice("ambiguous layout: \(LayoutDescription.item(self)) \(frame)") }
    }

    /// The active constraints on `axis` that mention the view, as
    /// `constraintsAffectingLayout(for:)`.
    open func constraintsAffectingLayout(for axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
        autoLayout?.item.constraintsAffecting(axis) ?? []
    }

    // MARK: Overridable animation class methods

    // Declared here rather than in UIView+Animation, +AnimationKeyframes and
    // +AnimationTransitions: Swift cannot override a member declared in an extension, and
    // UIKit declares these `open class` methods.

    /// Whether property changes inside animation blocks animate, as `areAnimationsEnabled`
    /// (default true).
    open class var areAnimationsEnabled: Bool { animationsEnabled }

    /// Turns block animations on or off, as `setAnimationsEnabled(_:)`. While off, changes in
    /// blocks apply at once and completions still run.
    open class func setAnimationsEnabled(_ enabled: Bool) {
        animationsEnabled = enabled
    }

    /// Runs `actionsWithoutAnimation` with animations disabled, as
    /// `performWithoutAnimation(_:)`, even inside an animation block.
    open class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        let saved = animationsEnabled
        animationsEnabled = false
        actionsWithoutAnimation()
        animationsEnabled = saved
    }

    /// The duration of the innermost running animation block, as
    /// `inheritedAnimationDuration`; 0 outside any block.
    open class var inheritedAnimationDuration: TimeInterval {
        ViewAnimationContext.current?.duration ?? 0
    }

    /// Animates the changes `animations` makes, over `duration` seconds with the ease-in-out
    /// curve, as `animate(withDuration:animations:)`.
    open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// As `animate(withDuration:animations:completion:)`: `completion` gets true when every
    /// animation the block made ran to its end, false when one was removed or replaced first.
    open class func animate(
        withDuration duration: TimeInterval, animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Animates the changes `animations` makes, as
    /// `animate(withDuration:delay:options:animations:completion:)`.
    ///
    /// - The block runs at once; the animations begin after `delay` (the old values show
    ///   meanwhile).
    /// - Inside another block, the block takes the enclosing one's duration and curve unless
    ///   `.overrideInheritedDuration` / `.overrideInheritedCurve`, and its options unless
    ///   `.overrideInheritedOptions`, as UIKit does; its completion is its own.
    /// - A duration of 0, negative or not finite applies the changes at once; the completion
    ///   runs at the next turn of the clock with `finished` true (as UIKit calls it
    ///   asynchronously). A delay that is negative or not finite counts as 0.
    /// - `.layoutSubviews` lays out the changed views at the end of the block, inside the
    ///   animation; changes made by `layoutIfNeeded()` inside the block animate in any case.
    open class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let group = ViewAnimationGroup()
        let context = ViewAnimationContext.push(duration: duration, delay: delay, options: options, group: group)
        runBlock(animations, in: context)
        group.close(completion: completion)
    }

    /// Animates the changes with a spring, as
    /// `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:)`.
    ///
    /// UIKit's damping ratio ζ (1: no overshoot; smaller: more oscillation) and initial velocity
    /// (in animation distances per second) map onto a `CASpringAnimation` of mass 1 whose
    /// natural frequency ω₀ makes it settle (within 0.1%) in about `duration`:
    /// ω₀ = ln(1000) / (r · duration) with r = ζ below 1, ζ − √(ζ² − 1) above, ≈ 0.75 at 1;
    /// `stiffness` = ω₀², `damping` = 2ζω₀, `initialVelocity` = the velocity. The animation lasts
    /// `duration`. ζ is clamped to 0.01...100 (NaN: 1). The options' curve is not used (the
    /// spring is the curve), as in UIKit.
    open class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let group = ViewAnimationGroup()
        let seconds = ViewAnimationContext.sanitized(duration, "duration")
        let spring = SpringParameters(dampingRatio: dampingRatio, velocity: velocity, duration: seconds)
        let context = ViewAnimationContext.push(
            duration: seconds, delay: delay, options: options.union(.overrideInheritedCurve), spring: spring,
            group: group)
        runBlock(animations, in: context)
        group.close(completion: completion)
    }

    /// Animates through keyframes added by `animations` with
    /// `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`, as
    /// `animateKeyframes(withDuration:delay:options:animations:completion:)`.
    ///
    /// As in UIKit, the keyframes of each animated property of each view become one
    /// `CAKeyframeAnimation` over the whole duration, with the options' calculation mode. Its
    /// values are the value before the first keyframe, then the value each keyframe sets, in the
    /// order the keyframes were added (a keyframe that sets a property twice counts once, with
    /// the last value). Its key times follow the mode:
    /// - `calculationModeLinear`, `calculationModeDiscrete` and `calculationModeCubic`: the
    ///   value before a keyframe at the keyframe's start, the value it sets at its end; where a
    ///   keyframe starts when the one before ended the two share the key time, otherwise the
    ///   value holds in between (the pair of key times UIKit gives every keyframe). So linear
    ///   runs each keyframe straight over its part of the duration, discrete shows each value
    ///   from its keyframe's end, and cubic passes through each value at its keyframe's end on
    ///   a Catmull-Rom curve. A keyframe starting before the previous one ended starts at that
    ///   end. Before the first keyframe the old value shows, after the last the final one.
    /// - `calculationModePaced` and `calculationModeCubicPaced`: no key times; the keyframes'
    ///   start times and durations are ignored and Core Animation times the values by the
    ///   distance between them, for a constant speed along the straight or smooth path.
    ///
    /// The animation is additive (its values minus the final one, on top of the model), as
    /// UIKit's block animations are, so a keyframe animation of a property that is animating
    /// continues from what is shown; colours and singular transforms animate their values as
    /// they are, from the value shown. Changes made in `animations` outside any keyframe animate
    /// over the whole duration, linearly. `repeat` and `autoreverse` apply to the whole
    /// animation; `beginFromCurrentState` removes no running animation (the additive animations
    /// already start from what is shown); UIKit's undocumented overall curve is not applied.
    /// The completion follows the rules of
    /// `animate(withDuration:delay:options:animations:completion:)`.
    open class func animateKeyframes(
        withDuration duration: TimeInterval, delay: TimeInterval, options: KeyframeAnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let group = ViewAnimationGroup()
        let viewOptions = AnimationOptions(rawValue: options.rawValue & 0x3FF).union(.curveLinear)
            .subtracting(.beginFromCurrentState)
        let context = ViewAnimationContext.push(
            duration: duration, delay: delay, options: viewOptions.union(.overrideInheritedCurve), group: group)
        let keyframes = ViewKeyframeTracks(
            mode: options.calculationMode, begin: CACurrentMediaTime() + context.delay)
        context.keyframes = keyframes
        runBlock(animations, in: context)
        keyframes.addAnimations(in: context)
        group.close(completion: completion)
    }

    /// Adds a keyframe to the enclosing keyframe animation, as
    /// `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`: the changes
    /// `animations` makes run from `frameStartTime` for `frameDuration`, both fractions of the
    /// whole duration (clamped to 0...1; NaN counts as 0), or, in the paced calculation modes,
    /// take their turn in a constant-speed animation over the whole duration. A duration of 0
    /// changes the values at the start time (but in the paced modes). Outside
    /// `animateKeyframes` the changes apply at once, as in UIKit.
    open class func addKeyframe(
        withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
        animations: @escaping () -> Void
    ) {
        guard let keyframes = ViewAnimationContext.current?.keyframes else {
            performWithoutAnimation(animations)
            return
        }
        let start = frameStartTime.isNaN ? 0 : min(1, max(0, frameStartTime))
        let length = frameDuration.isNaN ? 0 : min(1 - start, max(0, frameDuration))
        keyframes.add(start: start, duration: length, animations)
    }

    /// Changes a view's content with a transition, as
    /// `transition(with:duration:options:animations:completion:)`.
    ///
    /// The changes `animations` makes apply at once (animated, with `allowAnimatedContent`),
    /// and a snapshot of the view as shown before them stands in for the old content: the
    /// view's bounds as drawn by the compositor at the screen's scale (parts of a view outside
    /// its superview's positive quadrant, or under a transform, are not captured). The
    /// snapshot leaves when the transition ends, before the completion runs. Without a
    /// transition option the changes apply at once (animated with `allowAnimatedContent`).
    ///
    /// - `transitionFlipFromLeft`, `FromRight`, `FromTop`, `FromBottom`: UIKit's flips (see
    ///   `FlipTransition`). The snapshot takes the view's place just above it among its
    ///   superlayer's sublayers and turns from 0 to 90 degrees about the view's centre while
    ///   the view itself is edge-on (drawn nowhere); then the view turns in from −90 to 0, so
    ///   what is behind the view shows around it and at the midpoint. The angle follows the
    ///   options' curve over the whole duration. The turn is an animation of the view layer's
    ///   presentation only: its model transform, its geometry and hit-testing (which passes
    ///   over the view until the end, as for any animation without `allowUserInteraction`)
    ///   stay as they are. A view with no superlayer cross-dissolves instead. A flip made
    ///   while another flip of the view runs ends that one (its snapshot leaves and its
    ///   completion gets false at the next frame) and starts from the view as drawn then:
    ///   turned part way, or nothing in the other flip's first half (its snapshot is not
    ///   part of the view).
    /// - `transitionCrossDissolve`, and the curls (`transitionCurlUp`, `transitionCurlDown`,
    ///   not drawn as curls yet): the snapshot is laid over the view's content, as its topmost
    ///   sublayer, and fades out.
    open class func transition(
        with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
        animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
    ) {
        let group = ViewAnimationGroup()
        let context = ViewAnimationContext.push(duration: duration, delay: 0, options: options, group: group)
        context.suppressesPropertyAnimations = !options.contains(.allowAnimatedContent)
        let snapshot =
            options.transition != 0 && context.duration > 0 && areAnimationsEnabled ? view.snapshotLayer() : nil
        let oldFrame = view.layer.frame
        if let animations { runBlock(animations, in: context) } else { ViewAnimationContext.pop() }
        guard let snapshot else {
            group.close(completion: completion)
            return
        }
        let layer = view.layer
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        if let flip = FlipTransition(options), let superlayer = layer.superlayer {
            // A flip of the view still running ends here, its snapshot's turn too.
            if let running = layer.animation(forKey: "transition")?.delegate as? ViewAnimationObserver {
                for record in running.group.records where record.animationKey == "transition" {
                    record.layer?.removeAnimation(forKey: "transition")
                }
            }
            snapshot.frame = oldFrame
            snapshot.zPosition = layer.zPosition
            superlayer.insertSublayer(snapshot, above: layer)
            CATransaction.commit()
            let turnOut = flip.animation(
                outgoing: true, size: snapshot.bounds.size, anchorPoint: snapshot.anchorPoint,
                duration: context.duration, timingFunction: context.timingFunction)
            addTransitionAnimation(turnOut, to: snapshot, of: view, context: context, from: snapshot.transform)
            let turnIn = flip.animation(
                outgoing: false, size: layer.bounds.size, anchorPoint: layer.anchorPoint,
                duration: context.duration, timingFunction: context.timingFunction)
            addTransitionAnimation(turnIn, to: layer, of: view, context: context, from: layer.transform)
        } else {
            snapshot.zPosition = .greatestFiniteMagnitude
            layer.addSublayer(snapshot)
            snapshot.opacity = 0
            CATransaction.commit()
            addTransitionAnimation(
                fadeOut(from: 1, context: context), to: snapshot, of: view, context: context, from: CGFloat(1),
                to: CGFloat(0))
        }
        group.close { [weak snapshot] finished in
            snapshot?.removeFromSuperlayer()
            completion?(finished)
        }
    }

    /// Replaces `fromView` with `toView` with a transition, as
    /// `transition(from:to:duration:options:completion:)`.
    ///
    /// - The flips animate `fromView`'s superview, as UIKit's do: its content turns over
    ///   (`transition(with:)` with a flip), and within it `toView` takes
    ///   `fromView`'s place among the subviews and `fromView` leaves at once (with
    ///   `showHideTransitionViews`: `toView` is shown and `fromView` hidden, neither added
    ///   nor removed). A `fromView` without a superview is replaced at once.
    /// - The cross dissolve (and the curls, not drawn as curls yet): `toView` takes
    ///   `fromView`'s place (just below it) and `fromView` fades out over it, then leaves its
    ///   superview (with `showHideTransitionViews`: it is hidden).
    ///
    /// Without a transition option the replacement happens at once and the completion runs at
    /// the next turn of the clock.
    open class func transition(
        from fromView: UIView, to toView: UIView, duration: TimeInterval, options: AnimationOptions = [],
        completion: ((Bool) -> Void)? = nil
    ) {
        let showHide = options.contains(.showHideTransitionViews)
        let flips = FlipTransition(options) != nil
        if flips, let superview = fromView.superview {
            transition(
                with: superview, duration: duration, options: options,
                animations: {
                    if showHide {
                        toView.isHidden = false
                        fromView.isHidden = true
                    } else if toView !== fromView {
                        superview.insertSubview(toView, belowSubview: fromView)
                        fromView.removeFromSuperview()
                    }
                }, completion: completion)
            return
        }
        if showHide {
            toView.isHidden = false
        } else if let superview = fromView.superview, toView !== fromView {
            superview.insertSubview(toView, belowSubview: fromView)
        }
        let removeFromView = {
            if showHide { fromView.isHidden = true } else { fromView.removeFromSuperview() }
        }
        let group = ViewAnimationGroup()
        let seconds = ViewAnimationContext.sanitized(duration, "duration")
        guard !flips, options.transition != 0, seconds > 0, areAnimationsEnabled,
            fromView.layer.presentation() != nil
        else {
            removeFromView()
            group.close(completion: completion)
            return
        }
        let context = ViewAnimationContext.push(duration: seconds, delay: 0, options: options, group: group)
        ViewAnimationContext.pop()
        let opacity = CGFloat(fromView.layer.opacity)
        let fade = fadeOut(from: opacity, context: context)
        fade.fillMode = .forwards
        fade.isRemovedOnCompletion = false
        addTransitionAnimation(fade, to: fromView.layer, of: fromView, context: context, from: opacity, to: CGFloat(0))
        group.close { [weak fromView] finished in
            fromView?.layer.removeAnimation(forKey: "transition")
            removeFromView()
            completion?(finished)
        }
    }
}
