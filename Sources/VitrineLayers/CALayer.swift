import Foundation
import VitrineGraphics

/// A rectangle of visual content in a tree, as Core Animation's `CALayer`: the model layer
/// (the values an app sets; presentation values arrive with animations).
///
/// Geometry follows Core Animation: `bounds` is the layer's own coordinate space, `position`
/// is where the `anchorPoint` (unit coordinates of the bounds) sits in the superlayer's
/// coordinates, `transform` applies about the anchor point, and `frame` is derived from them.
/// Coordinates are y-down, as on iOS. Each layer is flattened into its superlayer's plane
/// (there is no `CATransformLayer` yet).
///
/// Any value may be stored, NaN and infinities included; a layer with non-finite geometry
/// is not drawn and not hit, but never traps.
///
/// Overridable (`open`) methods live in this class body and forward to their implementations
/// in the `CALayer+*.swift` files, because Swift cannot override declarations made in
/// extensions.
@preconcurrency @MainActor
open class CALayer {
    // MARK: Identity and change tracking (for the compositor)

    private static var lastLayerID: UInt64 = 0

    /// A unique identifier, assigned in creation order and never reused.
    internal let layerID: UInt64

    /// Bumped by every change to a visual property of this layer, and by changes to its list
    /// of sublayers or to their drawing order.
    internal private(set) var changeSerial: UInt64 = 0

    /// Bumped with `changeSerial`, except by changes that leave the layer's own drawing where
    /// it was on screen: its bounds' origin alone (which only moves the sublayers, as a scroll
    /// does) and its list or order of sublayers. The compositor compares it to tell a scroll
    /// from a change of what the layer itself shows.
    internal private(set) var drawingSerial: UInt64 = 0

    private static var lastSubtreeStamp: UInt64 = 0

    /// Changes whenever this layer or any layer below it changes (a new value from one
    /// counter for the whole process): the compositor reuses what it worked out for a subtree
    /// whose stamp it has seen before.
    internal private(set) var subtreeStamp: UInt64 = 0

    /// Changes whenever a layer below this one changes, or this layer's list or order of
    /// sublayers (a stamp from the same counter): while it stays, the compositor may go through
    /// the sublayers it saw last frame without looking at the layers.
    internal private(set) var sublayersStamp: UInt64 = 0

    /// Who is told when this tree changes (a Vitrine extension; see ``CALayerTreeHost``).
    /// Usually set on the root layer only. Held weakly.
    public weak var treeHost: (any CALayerTreeHost)?

    // MARK: Tree

    /// The layer this one is a sublayer of, as `superlayer`.
    open internal(set) weak var superlayer: CALayer?

    /// The storage behind `sublayers`; nil when there are none.
    internal var sublayerStorage: [CALayer]?

    /// The cached result of `sublayersInDrawingOrder`; nil when it must be recomputed.
    internal var drawingOrderCache: [CALayer]?

    /// The sublayers, back to front in array order, as `sublayers`. Setting it removes the
    /// current sublayers and adds the new ones (each leaves its old superlayer first),
    /// as Core Animation does. Reads nil when there are none (Vitrine normalises an empty list
    /// to nil); layers that would create a cycle, and repeats, are left out.
    open var sublayers: [CALayer]? {
        get { sublayerStorage }
        set { replaceAllSublayers(with: newValue ?? []) }
    }

    /// The object that draws and lays out this layer, as `delegate`. Held weakly.
    open weak var delegate: (any CALayerDelegate)?

    /// A name for finding and debugging the layer, as `name`.
    open var name: String?

    // MARK: Geometry

    /// The layer's own coordinate space, as `bounds`. Its origin shifts where the sublayers
    /// appear; its size is the layer's extent. A change marks the layer as needing layout and,
    /// with `needsDisplayOnBoundsChange`, as needing display.
    open var bounds: CGRect = .zero {
        willSet { if newValue != bounds { willChangeAnimatableProperty("bounds") } }
        didSet {
            guard bounds != oldValue else { return }
            markNeedsLayout(notifying: false)
            if needsDisplayOnBoundsChange { markNeedsDisplay(notifying: false) }
            layerDidChange(ownDrawing: bounds.size != oldValue.size)
            didChangeAnimatableProperty("bounds")
            if bounds.size != oldValue.size {
                (delegate as? CALayerBoundsSizeObserver)?.layerBoundsSizeDidChange(self)
            }
        }
    }

    /// Where the anchor point sits in the superlayer's coordinates, as `position`.
    open var position: CGPoint = .zero {
        willSet { if newValue != position { willChangeAnimatableProperty("position") } }
        didSet { animatablePropertyDidChange(position != oldValue, "position") }
    }

    /// The layer's position along z, as `zPosition`: it orders siblings (higher draws in
    /// front) and, under a perspective `sublayerTransform`, moves the layer towards the viewer.
    open var zPosition: CGFloat = 0 {
        willSet { if newValue != zPosition { willChangeAnimatableProperty("zPosition") } }
        didSet {
            guard zPosition != oldValue else { return }
            layerDidChange()
            if let superlayer {
                superlayer.drawingOrderCache = nil
                superlayer.layerDidChange(ownDrawing: false, sublayers: true)
            }
            didChangeAnimatableProperty("zPosition")
        }
    }

    /// The point of the bounds, in unit coordinates, that `position` places and `transform`
    /// pivots about, as `anchorPoint` (default (0.5, 0.5)). Changing it moves the frame, not
    /// the position.
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5) {
        willSet { if newValue != anchorPoint { willChangeAnimatableProperty("anchorPoint") } }
        didSet { animatablePropertyDidChange(anchorPoint != oldValue, "anchorPoint") }
    }

    /// The anchor point's z component, as `anchorPointZ` (default 0).
    open var anchorPointZ: CGFloat = 0 {
        didSet { if anchorPointZ != oldValue { layerDidChange() } }
    }

    /// The transform applied about the anchor point, as `transform`.
    open var transform: CATransform3D = CATransform3DIdentity {
        willSet { if newValue != transform { willChangeAnimatableProperty("transform") } }
        didSet {
            guard transform != oldValue else { return }
            hasIdentityTransform = transform.isIdentity
            layerDidChange()
            didChangeAnimatableProperty("transform")
        }
    }

    /// Whether `transform` is the identity (a Vitrine addition, kept with every change, so
    /// that hit-testing can skip matrix work without comparing sixteen numbers).
    public private(set) var hasIdentityTransform = true

    /// The transform applied to the sublayers about this layer's anchor point, as
    /// `sublayerTransform` (commonly a perspective with `m34 = -1 / distance`).
    open var sublayerTransform: CATransform3D = CATransform3DIdentity {
        willSet { if newValue != sublayerTransform { willChangeAnimatableProperty("sublayerTransform") } }
        didSet { animatablePropertyDidChange(sublayerTransform != oldValue, "sublayerTransform") }
    }

    /// The layer's rectangle in its superlayer's coordinates, as `frame`.
    ///
    /// Reading gives the bounding box of the bounds transformed about the anchor point and
    /// placed at `position` (the superlayer's `sublayerTransform` is not included). Writing
    /// sets `position` and `bounds.size` from the rectangle (standardised), ignoring
    /// `transform`, as Core Animation does; a transformed layer's frame read back then differs.
    open var frame: CGRect {
        get { computedFrame }
        set { applyFrame(newValue) }
    }

    // MARK: Appearance

    /// The opacity the layer and its sublayers are composited with, as `opacity` (default 1).
    open var opacity: Float = 1 {
        willSet { if newValue != opacity { willChangeAnimatableProperty("opacity") } }
        didSet { animatablePropertyDidChange(opacity != oldValue, "opacity") }
    }

    /// Whether the layer and its sublayers are not drawn and not hit, as `isHidden`.
    open var isHidden = false {
        didSet { if isHidden != oldValue { layerDidChange() } }
    }

    /// Whether the sublayers are clipped to the bounds (with `cornerRadius`), as
    /// `masksToBounds`. Also limits `hitTest(_:)` to the bounds.
    open var masksToBounds = false {
        didSet { if masksToBounds != oldValue { layerDidChange() } }
    }

    /// Vitrine's backdrop filter, what Core Animation's `backgroundFilters` does with a
    /// Gaussian blur: the pixels behind the layer (everything drawn before it, within its
    /// ancestors' clip) are blurred with this standard deviation in points and drawn inside its
    /// bounds, under its background and contents. 0 (the default), negative or not finite: no
    /// backdrop. Large values are clamped when drawn (`ColorBlur.maximumSigma` pixels). Not
    /// animatable; `UIVisualEffectView` fades it with the layer's opacity. The compositor keeps
    /// the blurred backdrop while nothing behind the layer changes. The GLES renderer draws no
    /// backdrop yet (the layer shows its background and contents only).
    @_spi(VitrineEffects) public var backdropBlurRadius: CGFloat = 0 {
        didSet {
            if backdropBlurRadius != oldValue, !(backdropBlurRadius.isNaN && oldValue.isNaN) { layerDidChange() }
        }
    }

    /// The colour filling the bounds behind the contents, as `backgroundColor` (default nil).
    open var backgroundColor: CGColor? {
        willSet { if newValue != backgroundColor { willChangeAnimatableProperty("backgroundColor") } }
        didSet { animatablePropertyDidChange(backgroundColor != oldValue, "backgroundColor") }
    }

    /// The width of the border drawn inside the bounds, above contents and sublayers, as
    /// `borderWidth` (default 0).
    open var borderWidth: CGFloat = 0 {
        willSet { if newValue != borderWidth { willChangeAnimatableProperty("borderWidth") } }
        didSet { animatablePropertyDidChange(borderWidth != oldValue, "borderWidth") }
    }

    /// The border's colour, as `borderColor` (default opaque black, as Core Animation).
    open var borderColor: CGColor? = .black {
        willSet { if newValue != borderColor { willChangeAnimatableProperty("borderColor") } }
        didSet { animatablePropertyDidChange(borderColor != oldValue, "borderColor") }
    }

    /// The radius of the rounded corners of the background and border (and of the clip when
    /// `masksToBounds`), as `cornerRadius` (default 0).
    open var cornerRadius: CGFloat = 0 {
        willSet { if newValue != cornerRadius { willChangeAnimatableProperty("cornerRadius") } }
        didSet { animatablePropertyDidChange(cornerRadius != oldValue, "cornerRadius") }
    }

    /// A hint that the layer fills its bounds with opaque content, as `isOpaque`.
    open var isOpaque = false {
        didSet { if isOpaque != oldValue { layerDidChange() } }
    }

    // MARK: Shadow

    /// The shadow's colour, as `shadowColor` (default opaque black). Animatable.
    open var shadowColor: CGColor? = .black {
        willSet { if newValue != shadowColor { willChangeAnimatableProperty("shadowColor") } }
        didSet { animatablePropertyDidChange(shadowColor != oldValue, "shadowColor") }
    }

    /// The shadow's opacity, as `shadowOpacity` (default 0: no shadow). Values outside 0...1
    /// are clamped when drawn. Animatable. As in Core Animation, a layer that `masksToBounds`
    /// clips its own shadow to its bounds (so it does not show outside them). Deviation: a
    /// layer drawn through a perspective projection (`m34`) casts no shadow.
    open var shadowOpacity: Float = 0 {
        willSet { if newValue != shadowOpacity { willChangeAnimatableProperty("shadowOpacity") } }
        didSet { animatablePropertyDidChange(shadowOpacity != oldValue, "shadowOpacity") }
    }

    /// How far the shadow is moved, in the layer's coordinates, as `shadowOffset` (default
    /// (0, -3), Core Animation's: on iOS's flipped geometry the shadow falls 3 points up).
    /// Animatable.
    open var shadowOffset = CGSize(width: 0, height: -3) {
        willSet { if newValue != shadowOffset { willChangeAnimatableProperty("shadowOffset") } }
        didSet { animatablePropertyDidChange(shadowOffset != oldValue, "shadowOffset") }
    }

    /// The blur radius of the shadow, as `shadowRadius` (default 3). Drawn as a Gaussian blur
    /// of standard deviation `shadowRadius / 2` in points, as Core Animation's shadows look;
    /// blurs wider than `AlphaBlur.maximumSigma` pixels are clamped to it. Animatable.
    open var shadowRadius: CGFloat = 3 {
        willSet { if newValue != shadowRadius { willChangeAnimatableProperty("shadowRadius") } }
        didSet { animatablePropertyDidChange(shadowRadius != oldValue, "shadowRadius") }
    }

    /// The shadow's shape, as `shadowPath` (default nil: the shape is the alpha of the layer's
    /// contents, background, border and sublayers, which costs an offscreen render of the
    /// subtree whenever it changes). Filled with the non-zero winding rule, in the layer's
    /// coordinates. Kept as an immutable copy, as Core Animation copies it. Animatable between
    /// paths with the same elements (point by point); others switch at once.
    open var shadowPath: CGPath? {
        get { storedShadowPath }
        set {
            let copy = newValue?.copy()
            guard copy != storedShadowPath else { return }
            willChangeAnimatableProperty("shadowPath")
            storedShadowPath = copy
            layerDidChange()
            didChangeAnimatableProperty("shadowPath")
        }
    }
    private var storedShadowPath: CGPath?

    // MARK: Contents

    /// The typed view of `contents`, kept in step with it.
    private var storedContentsImage: CGImage?

    /// The layer's image, as `contents`. Like Core Animation it is typed `Any?`; a `CGImage`
    /// is shown, anything else is stored and ignored. `display()` replaces it.
    open var contents: Any? {
        didSet {
            let image = contents as? CGImage
            let previousImage = storedContentsImage
            storedContentsImage = image
            // Only images can be compared; any other value counts as a change.
            let unchanged =
                (contents == nil && oldValue == nil) || (image != nil && image === previousImage)
            if !unchanged { layerDidChange() }
        }
    }

    /// `contents` as an image, nil when it holds no `CGImage`.
    internal var contentsImage: CGImage? {
        get { storedContentsImage }
        set { contents = newValue }
    }

    /// How the contents are placed in the bounds, as `contentsGravity` (default `.resize`).
    open var contentsGravity: CALayerContentsGravity = .resize {
        didSet { if contentsGravity != oldValue { layerDidChange() } }
    }

    /// The part of the contents image shown, in unit coordinates of the image, as
    /// `contentsRect` (default (0, 0, 1, 1)).
    open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1) {
        willSet { if newValue != contentsRect { willChangeAnimatableProperty("contentsRect") } }
        didSet { animatablePropertyDidChange(contentsRect != oldValue, "contentsRect") }
    }

    /// The stretchable middle of the contents for nine-part scaling, in unit coordinates of
    /// the image, as `contentsCenter` (default (0, 0, 1, 1): all of it stretches).
    open var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1) {
        willSet { if newValue != contentsCenter { willChangeAnimatableProperty("contentsCenter") } }
        didSet { animatablePropertyDidChange(contentsCenter != oldValue, "contentsCenter") }
    }

    /// Image pixels per point of the contents, as `contentsScale` (default 1). `display()`
    /// draws its backing image at this scale.
    open var contentsScale: CGFloat = 1 {
        didSet { if contentsScale != oldValue { layerDidChange() } }
    }

    // MARK: Time (see Animation/CALayer+MediaTiming.swift)

    /// The layer's timing, as Core Animation's `CAMediaTiming` on `CALayer`; nil while every
    /// value is the default (the layer's time is its superlayer's). Boxed: few layers set one.
    internal var timingBox: Boxed<LayerTiming>?

    /// When the layer's time begins, in its superlayer's time, as `beginTime` (default 0).
    /// See `convertTime(_:from:)`.
    open var beginTime: CFTimeInterval {
        get { timing.beginTime }
        set { changeTiming { $0.beginTime = newValue } }
    }

    /// How fast the layer's time runs relative to its superlayer's, as `speed` (default 1;
    /// 0 freezes the layer and its sublayers at `timeOffset`, negative runs backwards). See
    /// `convertTime(_:from:)`.
    open var speed: Float {
        get { timing.speed }
        set { changeTiming { $0.speed = newValue } }
    }

    /// An offset added to the layer's time, as `timeOffset` (default 0). See
    /// `convertTime(_:from:)`.
    open var timeOffset: CFTimeInterval {
        get { timing.timeOffset }
        set { changeTiming { $0.timeOffset = newValue } }
    }

    /// Stored as `duration` for `CAMediaTiming`; Vitrine's layer time does not use it (a
    /// layer's time runs unbounded, as Core Animation's does with the default 0).
    open var duration: CFTimeInterval {
        get { timing.duration }
        set { changeTiming { $0.duration = newValue } }
    }

    /// Stored as `repeatCount` for `CAMediaTiming`; Vitrine's layer time does not use it.
    open var repeatCount: Float {
        get { timing.repeatCount }
        set { changeTiming { $0.repeatCount = newValue } }
    }

    /// Stored as `repeatDuration` for `CAMediaTiming`; Vitrine's layer time does not use it.
    open var repeatDuration: CFTimeInterval {
        get { timing.repeatDuration }
        set { changeTiming { $0.repeatDuration = newValue } }
    }

    /// Stored as `autoreverses` for `CAMediaTiming`; Vitrine's layer time does not use it.
    open var autoreverses: Bool {
        get { timing.autoreverses }
        set { changeTiming { $0.autoreverses = newValue } }
    }

    /// Stored as `fillMode` for `CAMediaTiming` (default `.removed`); Vitrine's layer time
    /// does not use it.
    open var fillMode: CAMediaTimingFillMode {
        get { timing.fillMode }
        set { changeTiming { $0.fillMode = newValue } }
    }

    // MARK: Animation state (see Animation/)

    /// The animations attached with `add(_:forKey:)`, in the order added.
    internal var attachedAnimations: [AttachedAnimation] = []
    /// Removed animations whose `animationDidStop(_:finished: false)` is still to be sent.
    internal var pendingAnimationStops: [AttachedAnimation] = []
    /// This layer or a layer below it has animations, a presentation overlay or pending stops:
    /// the animation engine visits it.
    internal var subtreeHasAnimations = false
    /// The values animations show, sampled by the engine; nil when nothing animates. Boxed, as
    /// are the action fields below: most layers never animate, and inline these would double
    /// every layer's size.
    internal var presentationOverlay: PresentationOverlay? {
        get { presentationOverlayBox?.value }
        set { Boxed.store(newValue, in: &presentationOverlayBox) }
    }
    /// The overlay's storage, read in place by the render accessors (no copy of the whole
    /// overlay per property read).
    internal private(set) var presentationOverlayBox: Boxed<PresentationOverlay>?
    /// Whether animations show values of their own on this layer.
    internal var hasPresentationOverlay: Bool { presentationOverlayBox != nil }
    /// Set once a compositor has drawn (or considered) the layer: from then on property changes
    /// run implicit actions, as Core Animation animates only layers already committed.
    internal var hasBeenRendered = false
    /// The action looked up before a property change, run after it.
    internal var pendingAction: PendingAction? {
        get { pendingActionBox?.value }
        set { Boxed.store(newValue, in: &pendingActionBox) }
    }
    private var pendingActionBox: Boxed<PendingAction>?
    /// While an action runs: the value shown before the change (for `CABasicAnimation`s with no
    /// values).
    internal var actionPreviousValue: (key: String, value: AnimationValue)? {
        get { actionPreviousValueBox?.value }
        set { Boxed.store(newValue, in: &actionPreviousValueBox) }
    }
    private var actionPreviousValueBox: Boxed<(key: String, value: AnimationValue)>?
    /// For a presentation copy: the model layer it was made from.
    internal weak var modelLayer: CALayer?
    /// For a replicator's copy of a layer: the original's animations its own were copied from.
    internal var copiedAnimationIDs: [ObjectIdentifier] = []

    /// Actions by key, consulted after the delegate, as `actions`. An `NSNull` value disables
    /// the key's action.
    open var actions: [String: any CAAction]?

    // MARK: Display and layout state

    /// Whether a bounds change marks the layer as needing display, as
    /// `needsDisplayOnBoundsChange` (default false).
    open var needsDisplayOnBoundsChange = false

    /// Set by `setNeedsDisplay()`, cleared by `displayIfNeeded()`.
    internal var needsDisplayFlag = false
    /// Some descendant needs display (lets a display pass skip clean subtrees).
    internal var descendantNeedsDisplay = false
    /// Set by `setNeedsLayout()`, cleared by `layoutIfNeeded()`. New layers need layout once.
    internal var needsLayoutFlag = true
    /// Some descendant needs layout (lets a layout pass skip clean subtrees).
    internal var descendantNeedsLayout = false

    // MARK: Creation

    /// A new layer with Core Animation's default property values, as `init()`.
    ///
    /// Vitrine makes it `required` (Core Animation does not) so that `UIView.layerClass` can
    /// create a layer of any subclass: a subclass that overrides it writes `required init()`
    /// where iOS code writes `override init()`.
    public required init() {
        CALayer.lastLayerID += 1
        layerID = CALayer.lastLayerID
    }

    /// A copy of `layer`'s own properties (not its sublayers, superlayer, delegate or tree
    /// host), as `init(layer:)`, which Core Animation uses to make presentation layers.
    /// Anything that is not a `CALayer` gives a default layer. A designated initializer, as in
    /// Core Animation, so a subclass overrides it (`override init(layer: Any)`) to copy its own
    /// properties; Vitrine's `presentation()` does not call it (see there).
    public init(layer: Any) {
        CALayer.lastLayerID += 1
        layerID = CALayer.lastLayerID
        guard let other = layer as? CALayer else { return }
        copyProperties(from: other)
    }

    // MARK: Subclass hooks (internal: the Core Animation subclasses in this module)

    /// The model values of the subclass's animatable properties, by key path (see
    /// `AnimatableKeyPath.extraKinds`); none for a plain layer.
    internal func extraAnimatableValues() -> [String: AnimationValue] { [:] }

    /// Sets the subclass's model property `key` (for presentation copies and
    /// `setValue(_:forKeyPath:)`).
    internal func setExtraAnimatableValue(_ value: AnimationValue, forKey key: String) {}

    /// What a layer that draws itself (shape, gradient, text) shows when `contents` holds no
    /// image: an image and the rectangle of the bounds' coordinates it covers, drawn for
    /// `pixelsPerPoint`, from the values shown this frame (animations applied). Made again
    /// only when something it depends on changed. Nil: nothing to draw.
    internal func generatedContents(pixelsPerPoint: CGFloat) -> GeneratedContents? { nil }

    /// The layers the compositor draws inside this one, in drawing order: the sublayers, or a
    /// replicator's instances.
    internal var compositedSublayers: [CALayer] { sublayersInDrawingOrder }

    /// Layers below this one that are not sublayers but carry animations (a replicator's
    /// instances), for the animation engine's walk.
    internal var animatedInternalSublayers: [CALayer] { [] }

    // MARK: Overridable behaviour (implemented in the CALayer+*.swift files)

    /// Reloads the contents, as `display()`: the delegate's `display(_:)` when there is a
    /// delegate, else the backing image drawn through `draw(in:)` (see `drawBackingImage`).
    open func display() { performDisplay() }

    /// Draws the layer's content into `ctx`, in bounds coordinates, as `draw(in:)`. The default
    /// asks the delegate's `draw(_:in:)`.
    open func draw(in ctx: CGContext) { delegate?.draw(self, in: ctx) }

    /// Marks the contents as needing to be redrawn, as `setNeedsDisplay()`.
    open func setNeedsDisplay() { markNeedsDisplay() }

    /// Marks part of the contents as needing to be redrawn, as `setNeedsDisplay(_:)`.
    /// Vitrine redraws the whole layer; an empty rectangle marks nothing.
    open func setNeedsDisplay(_ r: CGRect) {
        if !r.isNull, !r.isEmpty { markNeedsDisplay() }
    }

    /// Whether the layer is marked as needing display, as `needsDisplay()`.
    open func needsDisplay() -> Bool { needsDisplayFlag }

    /// Calls `display()` when the layer needs display, as `displayIfNeeded()`.
    open func displayIfNeeded() { performDisplayIfNeeded() }

    /// Marks the layer as needing layout, as `setNeedsLayout()`.
    open func setNeedsLayout() { markNeedsLayout() }

    /// Whether the layer is marked as needing layout, as `needsLayout()`.
    open func needsLayout() -> Bool { needsLayoutFlag }

    /// Lays out what needs it, parents before children, as `layoutIfNeeded()`: like Core
    /// Animation it starts from the highest ancestor in the unbroken chain of superlayers
    /// needing layout, then visits every layer below that needs it.
    open func layoutIfNeeded() { performLayoutIfNeeded() }

    /// Lays out the sublayers, as `layoutSublayers()`. The default asks the delegate's
    /// `layoutSublayers(of:)`.
    open func layoutSublayers() { delegate?.layoutSublayers(of: self) }

    /// The layer's preferred size in its superlayer's coordinates, as `preferredFrameSize()`:
    /// with no layout manager, the bounds size mapped through the transform (the frame's size).
    open func preferredFrameSize() -> CGSize { frame.size }

    /// The deepest visible layer containing `p`, given in the superlayer's coordinates, as
    /// `hitTest(_:)`. See `CALayer+HitTesting.swift`.
    open func hitTest(_ p: CGPoint) -> CALayer? { performHitTest(p) }

    /// Whether `p`, in this layer's coordinates, lies in its bounds, as `contains(_:)`.
    open func contains(_ p: CGPoint) -> Bool { bounds.contains(p) }

    /// Appends `layer` as the frontmost sublayer, as `addSublayer(_:)`.
    open func addSublayer(_ layer: CALayer) { insert(layer, atIndex: Int.max) }

    /// Inserts `layer` at `idx` of `sublayers` (clamped to the count), as
    /// `insertSublayer(_:at:)`.
    open func insertSublayer(_ layer: CALayer, at idx: UInt32) { insert(layer, atIndex: Int(idx)) }

    /// Inserts `layer` just below `sibling`, as `insertSublayer(_:below:)`. Vitrine inserts at
    /// the back when `sibling` is nil or not a sublayer (Core Animation raises for the latter).
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        insert(layer, nextTo: sibling, above: false)
    }

    /// Inserts `layer` just above `sibling`, as `insertSublayer(_:above:)`. Vitrine inserts at
    /// the front when `sibling` is nil or not a sublayer (Core Animation raises for the latter).
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        insert(layer, nextTo: sibling, above: true)
    }

    /// Puts `newLayer` where `oldLayer` is, as `replaceSublayer(_:with:)`. Does nothing when
    /// `oldLayer` is not a sublayer or `newLayer` would create a cycle.
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        replace(oldLayer, with: newLayer)
    }

    /// Detaches the layer from its superlayer, as `removeFromSuperlayer()`.
    open func removeFromSuperlayer() { detachFromSuperlayer() }

    /// The model layer, as `model()`: this layer, or for a presentation copy the layer it was
    /// made from.
    open func model() -> Self { (modelLayer as? Self) ?? self }

    /// A copy of the layer showing what is on screen, as `presentation()`: its own properties
    /// with the values animations gave them at the last frame's sample time (the time that
    /// frame shows). As in Core Animation, nil for a layer never drawn. Unlike Core
    /// Animation's, it has no superlayer or sublayers. A new copy each call. Made with the
    /// required `init()`, not `init(layer:)` (Swift cannot call a subclass's non-required
    /// initializer through `Self`), so a subclass's own stored properties keep their defaults.
    open func presentation() -> Self? {
        guard hasBeenRendered || hasPresentationOverlay else { return nil }
        let copy = Self()
        copy.copyProperties(from: self)
        if let overlay = presentationOverlay { copy.applyRenderValues(overlay.values, mask: overlay.mask) }
        copy.modelLayer = self
        return copy
    }

    /// The action for `event`, as `action(forKey:)`: the delegate's
    /// `action(for:forKey:)`, else `actions[event]`, else `defaultAction(forKey:)`;
    /// an `NSNull` found on the way ends the search with nil, as in Core Animation.
    open func action(forKey event: String) -> (any CAAction)? { lookUpAction(forKey: event) }

    /// The action for `event` when neither the delegate nor `actions` has one, as
    /// `defaultAction(forKey:)`. Core Animation documents nil here and makes its implicit
    /// animations elsewhere; Vitrine returns them here so a subclass can change them: for an
    /// animatable property (`position`, `bounds`, `opacity`, `transform`, `backgroundColor`
    /// ...), a `CABasicAnimation` of that key with `CATransaction.animationDuration()` and
    /// `CATransaction.animationTimingFunction()` (`.default` when nil); nil for anything else.
    open class func defaultAction(forKey event: String) -> (any CAAction)? { implicitAnimation(forKey: event) }

    /// Whether a change of the property `key` marks the layer as needing display, as
    /// `needsDisplay(forKey:)`. The default is false for every key; a subclass whose drawing
    /// depends on a property (a gauge drawing its `cornerRadius`, say) returns true for it,
    /// and then setting that property, directly or through `setValue(_:forKeyPath:)`, calls
    /// `setNeedsDisplay()`, as in Core Animation. Vitrine asks for its animatable properties
    /// (Swift has no dynamic properties for a subclass's own, which call `setNeedsDisplay()`
    /// in their `didSet`), and redraws for the model value, not each frame of an animation.
    open class func needsDisplay(forKey key: String) -> Bool { false }

    /// The value the property `key` has on a new layer, as `defaultValue(forKey:)`: Core
    /// Animation's documented defaults (`anchorPoint` (0.5, 0.5), `opacity` 1, `transform`
    /// and `sublayerTransform` the identity, `contentsRect` and `contentsCenter` the unit
    /// rectangle, `shadowOffset` (0, -3), `shadowRadius` 3, `shadowColor` and `borderColor`
    /// opaque black, `contentsScale` and `speed` 1, `contentsGravity` `.resize`, zero and false for the rest,
    /// and a subclass's own properties), in the types `value(forKeyPath:)` gives. Nil for a
    /// key the class does not have; a subclass overrides it for its own keys and calls
    /// `super` for the rest.
    open class func defaultValue(forKey key: String) -> Any? { layerDefaultValue(forKey: key) }

    /// Attaches a copy of `anim` under `key` (replacing one there), as `add(_:forKey:)`. See
    /// `performAdd(_:forKey:)` in `CALayer+Animations.swift` for how its timing is resolved.
    open func add(_ anim: CAAnimation, forKey key: String?) { performAdd(anim, forKey: key) }

    /// Removes the animation attached under `key`, as `removeAnimation(forKey:)`; its
    /// delegate gets `animationDidStop(_:finished: false)` at the next frame.
    open func removeAnimation(forKey key: String) { performRemoveAnimation(forKey: key) }

    /// Removes every attached animation, as `removeAllAnimations()`.
    open func removeAllAnimations() { performRemoveAllAnimations() }

    /// The layer's own copy of the animation attached under `key`, as `animation(forKey:)`.
    open func animation(forKey key: String) -> CAAnimation? { attachedAnimation(forKey: key) }

    /// The keys of the attached animations in the order added (nil when none), as
    /// `animationKeys()`.
    open func animationKeys() -> [String]? { attachedAnimationKeys() }

    /// The transform as an affine transform, as `affineTransform()` (meaningful when the
    /// transform is affine).
    open func affineTransform() -> CGAffineTransform { affineTransformValue() }

    /// Sets `transform` from an affine transform, as `setAffineTransform(_:)`.
    open func setAffineTransform(_ m: CGAffineTransform) { setAffineTransformValue(m) }

    /// `p` from `layer`'s coordinates into this layer's, as `convert(_:from:)`; a nil `layer`
    /// is the space the root layer is placed in. See `CALayer+Geometry.swift`.
    open func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint { mapPoint(p, from: layer) }

    /// `p` from this layer's coordinates into `layer`'s, as `convert(_:to:)`.
    open func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint { mapPoint(p, to: layer) }

    /// The bounding box of `r` mapped from `layer`'s coordinates into this layer's, as
    /// `convert(_:from:)`; `.null` when a corner cannot be mapped.
    open func convert(_ r: CGRect, from layer: CALayer?) -> CGRect { mapRect(r, from: layer) }

    /// The bounding box of `r` mapped from this layer's coordinates into `layer`'s, as
    /// `convert(_:to:)`; `.null` when a corner cannot be mapped.
    open func convert(_ r: CGRect, to layer: CALayer?) -> CGRect { mapRect(r, to: layer) }

    /// `t` from `l`'s time space into this layer's, as `convertTime(_:from:)`; a nil `l` is the
    /// media time. See `CALayer+MediaTiming.swift`.
    open func convertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval { mapTime(t, from: l) }

    /// `t` from this layer's time space into `l`'s, as `convertTime(_:to:)`.
    open func convertTime(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval { mapTime(t, to: l) }

    // MARK: Change notification

    /// Records a visual change of this layer and tells the tree's host; `ownDrawing` false for
    /// a change that leaves the layer's own pixels where they are (see `drawingSerial`).
    internal func layerDidChange(ownDrawing: Bool = true, sublayers: Bool = false) {
        updateSuperlayerOffset()
        // `bumpChangeSerial` and `notifyTreeHosts` in one walk up the tree: every property
        // set comes here, and each step up reads weak references.
        let stamp = stampOwnChange(ownDrawing: ownDrawing, sublayers: sublayers)
        var root = self
        var hosts = HostsOnTheWay(treeHost)
        while let parent = root.superlayer {
            parent.subtreeStamp = stamp
            parent.sublayersStamp = stamp
            hosts.add(parent.treeHost)
            root = parent
        }
        hosts.notify(ofChangeTo: root)
    }

    /// The tree hosts met on a walk from a layer to its root, in that order: almost always
    /// none (a tree being built) or one (a window's layer), so no array unless there are more.
    @MainActor private struct HostsOnTheWay {
        private var first: (any CALayerTreeHost)?
        private var more: [any CALayerTreeHost] = []

        init(_ host: (any CALayerTreeHost)?) { first = host }

        mutating func add(_ host: (any CALayerTreeHost)?) {
            guard let host else { return }
            if first == nil { first = host } else { more.append(host) }
        }

        func notify(ofChangeTo root: CALayer) {
            guard let first else { return }
            Self.tell(first, root)
            for host in more { Self.tell(host, root) }
        }

        private static func tell(_ host: any CALayerTreeHost, _ root: CALayer) {
            host.layerTreeDidChange(root)
            CATransaction.noteChange(of: root, hostedBy: host)
        }
    }

    /// What to add to a point in the superlayer's coordinates to get it in this layer's, when
    /// `transform` is the identity (nil otherwise); `sublayerTransform` of the superlayer not
    /// included. A Vitrine addition kept with every change, so that hit-testing thousands of
    /// views reads one stored value instead of four properties.
    public private(set) var offsetFromSuperlayer: CGPoint? = .zero

    private func updateSuperlayerOffset() {
        guard hasIdentityTransform else {
            offsetFromSuperlayer = nil
            return
        }
        let bounds = self.bounds
        let anchor = anchorPoint
        let position = self.position
        offsetFromSuperlayer = CGPoint(
            x: bounds.origin.x + anchor.x * bounds.size.width - position.x,
            y: bounds.origin.y + anchor.y * bounds.size.height - position.y)
    }

    /// A new change serial and subtree stamp for this layer alone; the stamp, for its ancestors.
    private func stampOwnChange(ownDrawing: Bool, sublayers: Bool) -> UInt64 {
        changeSerial &+= 1
        if ownDrawing { drawingSerial &+= 1 }
        CALayer.lastSubtreeStamp &+= 1
        let stamp = CALayer.lastSubtreeStamp
        subtreeStamp = stamp
        if sublayers { sublayersStamp = stamp }
        return stamp
    }

    /// A new change serial for this layer and a new subtree stamp for it and its ancestors.
    internal func bumpChangeSerial(ownDrawing: Bool = true, sublayers: Bool = false) {
        let stamp = stampOwnChange(ownDrawing: ownDrawing, sublayers: sublayers)
        var layer = superlayer
        while let current = layer {
            current.subtreeStamp = stamp
            current.sublayersStamp = stamp
            layer = current.superlayer
        }
    }

    /// Tells every tree host between this layer and its root that the tree changed.
    internal func notifyTreeHosts() {
        // One walk up: each layer's weak links read once.
        var root = self
        var hosts = HostsOnTheWay(treeHost)
        while let parent = root.superlayer {
            hosts.add(parent.treeHost)
            root = parent
        }
        hosts.notify(ofChangeTo: root)
    }

    internal func copyProperties(from other: CALayer) {
        bounds = other.bounds
        position = other.position
        zPosition = other.zPosition
        anchorPoint = other.anchorPoint
        anchorPointZ = other.anchorPointZ
        transform = other.transform
        sublayerTransform = other.sublayerTransform
        opacity = other.opacity
        isHidden = other.isHidden
        masksToBounds = other.masksToBounds
        backdropBlurRadius = other.backdropBlurRadius
        backgroundColor = other.backgroundColor
        borderWidth = other.borderWidth
        borderColor = other.borderColor
        cornerRadius = other.cornerRadius
        isOpaque = other.isOpaque
        contents = other.contents
        contentsGravity = other.contentsGravity
        contentsRect = other.contentsRect
        contentsCenter = other.contentsCenter
        contentsScale = other.contentsScale
        shadowColor = other.shadowColor
        shadowOpacity = other.shadowOpacity
        shadowOffset = other.shadowOffset
        shadowRadius = other.shadowRadius
        shadowPath = other.shadowPath
        timingBox = other.timingBox.map { Boxed($0.value) }
        needsDisplayOnBoundsChange = other.needsDisplayOnBoundsChange
        name = other.name
    }

    // MARK: Overridable members of CALayer+Animations

    // Declared here, in the class body: Swift cannot override a member declared in an
    // extension (there is no Objective-C), and Core Animation's key-value coding is open.

    /// The model value of an animatable key path, as `value(forKeyPath:)` for those key paths
    /// (Vitrine has no key-value coding; other key paths give nil). Scalars come as `CGFloat`
    /// (`opacity` too), colours as `CGColor`.
    open func value(forKeyPath keyPath: String) -> Any? {
        AnimatableKeyPath(keyPath)?.read(LayerRenderValues(model: self)).boxed
    }

    /// Sets the model value of an animatable key path, as `setValue(_:forKeyPath:)` for those
    /// key paths, through the property's setter (so actions run). A value of the wrong type,
    /// not finite, or another key path, is ignored.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        guard let path = AnimatableKeyPath(keyPath), let value, let converted = AnimationValue(value, kind: path.kind)
        else { return }
        var values = LayerRenderValues(model: self)
        path.write(converted, into: &values)
        applyRenderValues(values, mask: path.property)
    }
}
