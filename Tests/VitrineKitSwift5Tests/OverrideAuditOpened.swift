// The override audit, continued (issue 28): the classes UIKit and Core Animation declare
// `open` that were `final` here (UIApplication, UIScreen, UITouch, UIImage, UIFont, ...), and
// the members UIKit declares `open` that were `public` or declared in extensions (UIView's
// `convert` overloads, layout anchors and `endEditing(_:)`, UIControl's target-action
// methods, CALayer's key-path coding, ...). Each class below is made in another module, in
// the Swift 5 language mode, and overrides a sample of each newly open member: a member that
// is not `open` again fails this file's compile. `OverrideAuditOpenedTests` checks the
// overrides are the ones called. OpenAPIListingTests keeps the full list.
import VitrineKit
import XCTest

// The value classes UIKit marks Sendable are `@unchecked Sendable` here too; Swift asks a
// subclass to restate that, as an app's subclass of UIKit's would.

// MARK: Classes that were final

final class AuditApplication: UIApplication {
    override class var shared: UIApplication { super.shared }
    override var delegate: (any UIApplicationDelegate)? {
        get { super.delegate }
        set { super.delegate = newValue }
    }
    override var applicationState: UIApplication.State { super.applicationState }
    override var windows: [UIWindow] { super.windows }
    override var keyWindow: UIWindow? { super.keyWindow }
    override func sendEvent(_ event: UIEvent) { super.sendEvent(event) }
    override func sendAction(_ action: String, to target: AnyObject?, from sender: Any?, for event: UIEvent?) -> Bool {
        super.sendAction(action, to: target, from: sender, for: event)
    }
}

final class AuditScreen: UIScreen {
    override class var main: UIScreen { super.main }
    override class var screens: [UIScreen] { super.screens }
    override var bounds: CGRect { super.bounds }
    override var nativeBounds: CGRect { super.nativeBounds }
    override var scale: CGFloat { super.scale }
    override var nativeScale: CGFloat { super.nativeScale }
    override var coordinateSpace: any UICoordinateSpace { super.coordinateSpace }
    override var fixedCoordinateSpace: any UICoordinateSpace { super.fixedCoordinateSpace }
    override var availableModes: [UIScreenMode] { super.availableModes }
    override var preferredMode: UIScreenMode? { super.preferredMode }
    override var currentMode: UIScreenMode? {
        get { super.currentMode }
        set { super.currentMode = newValue }
    }
    override var maximumFramesPerSecond: Int { super.maximumFramesPerSecond }
    override var brightness: CGFloat {
        didSet { OverrideLog.note("screen brightness") }
    }
    override var wantsSoftwareDimming: Bool {
        get { super.wantsSoftwareDimming }
        set { super.wantsSoftwareDimming = newValue }
    }
}

final class AuditScreenMode: UIScreenMode, @unchecked Sendable {
    override var size: CGSize { super.size }
    override var pixelAspectRatio: CGFloat { 1 }
}

/// A touch reporting pressure, as a test double of a 3D Touch screen is written.
final class AuditTouch: UITouch {
    override var force: CGFloat { 2 }
    override var maximumPossibleForce: CGFloat { 4 }
    override var phase: UITouch.Phase { super.phase }
    override var timestamp: Double { super.timestamp }
    override var tapCount: Int { super.tapCount }
    override var type: UITouch.TouchType { super.type }
    override var view: UIView? { super.view }
    override var window: UIWindow? { super.window }
    override var gestureRecognizers: [UIGestureRecognizer] { super.gestureRecognizers }
    override func location(in view: UIView?) -> CGPoint { super.location(in: view) }
    override func previousLocation(in view: UIView?) -> CGPoint { super.previousLocation(in: view) }
}

final class AuditPress: UIPress {
    override var phase: UIPress.Phase { super.phase }
    override var timestamp: Double { super.timestamp }
    override var key: UIKey? { super.key }
    override var type: UIPress.PressType { super.type }
    override var force: CGFloat { super.force }
}

final class AuditPressesEvent: UIPressesEvent {
    override var allPresses: Set<UIPress> { super.allPresses }
}

final class AuditImage: UIImage, @unchecked Sendable {
    override var size: CGSize { super.size }
    override var scale: CGFloat { super.scale }
    override var cgImage: CGImage? { super.cgImage }
    override var imageOrientation: UIImage.Orientation { super.imageOrientation }
    override var capInsets: UIEdgeInsets { super.capInsets }
    override var resizingMode: UIImage.ResizingMode { super.resizingMode }
    override var renderingMode: UIImage.RenderingMode { super.renderingMode }
}

/// A font with a taller line, as apps subclass `UIFont` to adjust metrics.
final class AuditFont: UIFont, @unchecked Sendable {
    override class func systemFont(ofSize fontSize: CGFloat) -> UIFont { super.systemFont(ofSize: fontSize) }
    override class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { super.boldSystemFont(ofSize: fontSize) }
    override class var labelFontSize: CGFloat { 20 }
    override class var familyNames: [String] { super.familyNames }
    override var lineHeight: CGFloat { super.lineHeight + 10 }
    override var pointSize: CGFloat { super.pointSize }
    override var fontName: String { super.fontName }
    override var familyName: String { super.familyName }
    override var ascender: CGFloat { super.ascender }
    override var descender: CGFloat { super.descender }
    override var leading: CGFloat { super.leading }
    override var fontDescriptor: UIFontDescriptor { super.fontDescriptor }
    override func withSize(_ fontSize: CGFloat) -> UIFont { super.withSize(fontSize) }
}

final class AuditFontDescriptor: UIFontDescriptor, @unchecked Sendable {
    override var pointSize: CGFloat { super.pointSize + 1 }
    override var postscriptName: String { super.postscriptName }
    override var symbolicTraits: UIFontDescriptor.SymbolicTraits { super.symbolicTraits }
    override func withSymbolicTraits(_ symbolicTraits: UIFontDescriptor.SymbolicTraits) -> UIFontDescriptor? {
        super.withSymbolicTraits(symbolicTraits)
    }
    override func withSize(_ newPointSize: CGFloat) -> UIFontDescriptor { super.withSize(newPointSize) }
    override func withFamily(_ newFamily: String) -> UIFontDescriptor { super.withFamily(newFamily) }
}

/// Traits that are always dark, as a test of dark-mode drawing is written.
final class AuditTraitCollection: UITraitCollection, @unchecked Sendable {
    override var userInterfaceStyle: UIUserInterfaceStyle { .dark }
    override var displayScale: CGFloat { super.displayScale }
    override var horizontalSizeClass: UIUserInterfaceSizeClass { super.horizontalSizeClass }
    override var verticalSizeClass: UIUserInterfaceSizeClass { super.verticalSizeClass }
    override var userInterfaceIdiom: UIUserInterfaceIdiom { super.userInterfaceIdiom }
    override var layoutDirection: UITraitEnvironmentLayoutDirection { super.layoutDirection }
    @MainActor override class var current: UITraitCollection {
        get { super.current }
        set { super.current = newValue }
    }
    override func containsTraits(in trait: UITraitCollection?) -> Bool { super.containsTraits(in: trait) }
    override func hasDifferentColorAppearance(comparedTo traitCollection: UITraitCollection?) -> Bool {
        super.hasDifferentColorAppearance(comparedTo: traitCollection)
    }
    @MainActor override func performAsCurrent(_ actions: () throws -> Void) rethrows {
        try super.performAsCurrent(actions)
    }
}

final class AuditDisplayLink: CADisplayLink {
    override var timestamp: CFTimeInterval { super.timestamp }
    override var targetTimestamp: CFTimeInterval { super.targetTimestamp }
    override var duration: CFTimeInterval { super.duration }
    override var isPaused: Bool {
        didSet { OverrideLog.note("displayLink isPaused \(isPaused)") }
    }
    override var preferredFramesPerSecond: Int {
        get { super.preferredFramesPerSecond }
        set { super.preferredFramesPerSecond = newValue }
    }
    override var preferredFrameRateRange: CAFrameRateRange {
        get { super.preferredFrameRateRange }
        set { super.preferredFrameRateRange = newValue }
    }
    override func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) { super.add(to: runloop, forMode: mode) }
    override func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        super.remove(from: runloop, forMode: mode)
    }
    override func invalidate() {
        OverrideLog.note("displayLink invalidate")
        super.invalidate()
    }
}

final class AuditTimingFunction: CAMediaTimingFunction, @unchecked Sendable {
    override func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        super.getControlPoint(at: idx, values: ptr)
    }
}

final class AuditTransaction: CATransaction {
    override class func begin() {
        OverrideLog.note("transaction begin")
        super.begin()
    }
    override class func commit() { super.commit() }
    override class func flush() { super.flush() }
    override class func disableActions() -> Bool { super.disableActions() }
    override class func setDisableActions(_ flag: Bool) { super.setDisableActions(flag) }
    override class func animationDuration() -> CFTimeInterval { super.animationDuration() }
    override class func setAnimationDuration(_ dur: CFTimeInterval) { super.setAnimationDuration(dur) }
    override class func animationTimingFunction() -> CAMediaTimingFunction? { super.animationTimingFunction() }
    override class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        super.setAnimationTimingFunction(function)
    }
    override class func completionBlock() -> (() -> Void)? { super.completionBlock() }
    override class func setCompletionBlock(_ block: (() -> Void)?) { super.setCompletionBlock(block) }
    override class func value(forKey key: String) -> Any? { super.value(forKey: key) }
    override class func setValue(_ anObject: Any?, forKey key: String) { super.setValue(anObject, forKey: key) }
}

final class AuditAction: UIAction {
    override var title: String {
        get { "Audit " + super.title }
        set { super.title = newValue }
    }
    override var image: UIImage? {
        get { super.image }
        set { super.image = newValue }
    }
    override var sender: Any? { super.sender }
}

final class AuditPasteboard: UIPasteboard {
    override class var general: UIPasteboard { super.general }
    override var changeCount: Int { super.changeCount }
    override var string: String? {
        get { super.string }
        set { super.string = newValue }
    }
    override var strings: [String]? {
        get { super.strings }
        set { super.strings = newValue }
    }
    override var hasStrings: Bool { super.hasStrings }
    override var numberOfItems: Int { super.numberOfItems }
}

final class AuditKeyboardLayoutGuide: UIKeyboardLayoutGuide {
    override var followsUndockedKeyboard: Bool {
        get { super.followsUndockedKeyboard }
        set { super.followsUndockedKeyboard = newValue }
    }
    override var usesBottomSafeArea: Bool {
        get { super.usesBottomSafeArea }
        set { super.usesBottomSafeArea = newValue }
    }
}

// MARK: Members that were public, or declared in extensions

/// A view that shifts every conversion by (1000, 0), so the tests can tell its overrides ran.
final class AuditGeometryView: UIView {
    static let shift = CGPoint(x: 1000, y: 0)
    override func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let converted = super.convert(point, to: view)
        return CGPoint(x: converted.x + Self.shift.x, y: converted.y)
    }
    override func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        let converted = super.convert(point, from: view)
        return CGPoint(x: converted.x + Self.shift.x, y: converted.y)
    }
    override func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        super.convert(rect, to: view).offsetBy(dx: Self.shift.x, dy: 0)
    }
    override func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        super.convert(rect, from: view).offsetBy(dx: Self.shift.x, dy: 0)
    }
    override func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint {
        let converted = super.convert(point, to: coordinateSpace)
        return CGPoint(x: converted.x + Self.shift.x, y: converted.y)
    }
    override func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint {
        let converted = super.convert(point, from: coordinateSpace)
        return CGPoint(x: converted.x + Self.shift.x, y: converted.y)
    }
    override func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect {
        super.convert(rect, to: coordinateSpace).offsetBy(dx: Self.shift.x, dy: 0)
    }
    override func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect {
        super.convert(rect, from: coordinateSpace).offsetBy(dx: Self.shift.x, dy: 0)
    }
    override var window: UIWindow? { super.window }
    override var superview: UIView? { super.superview }
    override var subviews: [UIView] { super.subviews }
    override func isDescendant(of view: UIView) -> Bool { super.isDescendant(of: view) }
    override func viewWithTag(_ tag: Int) -> UIView? { tag == 99 ? self : super.viewWithTag(tag) }
    override var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .rightToLeft }
    override func endEditing(_ force: Bool) -> Bool {
        OverrideLog.note("view endEditing \(force)")
        return super.endEditing(force)
    }
    override var keyboardLayoutGuide: UIKeyboardLayoutGuide { super.keyboardLayoutGuide }
}

/// A view whose leading edge is its layout margin's, as apps override anchors to pin content
/// to an inner guide.
final class AuditAnchoredView: UIView {
    override var leadingAnchor: NSLayoutXAxisAnchor { layoutMarginsGuide.leadingAnchor }
    override var trailingAnchor: NSLayoutXAxisAnchor { super.trailingAnchor }
    override var leftAnchor: NSLayoutXAxisAnchor { super.leftAnchor }
    override var rightAnchor: NSLayoutXAxisAnchor { super.rightAnchor }
    override var topAnchor: NSLayoutYAxisAnchor { super.topAnchor }
    override var bottomAnchor: NSLayoutYAxisAnchor { super.bottomAnchor }
    override var widthAnchor: NSLayoutDimension { super.widthAnchor }
    override var heightAnchor: NSLayoutDimension { super.heightAnchor }
    override var centerXAnchor: NSLayoutXAxisAnchor { super.centerXAnchor }
    override var centerYAnchor: NSLayoutYAxisAnchor { super.centerYAnchor }
    override var firstBaselineAnchor: NSLayoutYAxisAnchor { super.firstBaselineAnchor }
    override var lastBaselineAnchor: NSLayoutYAxisAnchor { super.lastBaselineAnchor }
    override var constraints: [NSLayoutConstraint] { super.constraints }
    override func addConstraint(_ constraint: NSLayoutConstraint) {
        OverrideLog.note("view addConstraint")
        super.addConstraint(constraint)
    }
    override func addConstraints(_ constraints: [NSLayoutConstraint]) { super.addConstraints(constraints) }
    override func removeConstraint(_ constraint: NSLayoutConstraint) { super.removeConstraint(constraint) }
    override func removeConstraints(_ constraints: [NSLayoutConstraint]) { super.removeConstraints(constraints) }
    override var layoutGuides: [UILayoutGuide] { super.layoutGuides }
    override func addLayoutGuide(_ layoutGuide: UILayoutGuide) { super.addLayoutGuide(layoutGuide) }
    override func removeLayoutGuide(_ layoutGuide: UILayoutGuide) { super.removeLayoutGuide(layoutGuide) }
    override var layoutMarginsGuide: UILayoutGuide { super.layoutMarginsGuide }
    override var safeAreaLayoutGuide: UILayoutGuide { super.safeAreaLayoutGuide }
    override var safeAreaInsets: UIEdgeInsets { UIEdgeInsets(top: 7, left: 0, bottom: 0, right: 0) }
    override func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        super.contentHuggingPriority(for: axis)
    }
    override func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        super.setContentHuggingPriority(priority, for: axis)
    }
    override func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        super.contentCompressionResistancePriority(for: axis)
    }
    override func setContentCompressionResistancePriority(
        _ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis
    ) {
        super.setContentCompressionResistancePriority(priority, for: axis)
    }
    override func setNeedsUpdateConstraints() { super.setNeedsUpdateConstraints() }
    override func needsUpdateConstraints() -> Bool { super.needsUpdateConstraints() }
    override func updateConstraintsIfNeeded() { super.updateConstraintsIfNeeded() }
    override var hasAmbiguousLayout: Bool { super.hasAmbiguousLayout }
    override func exerciseAmbiguityInLayout() { super.exerciseAmbiguityInLayout() }
    override func constraintsAffectingLayout(for axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
        super.constraintsAffectingLayout(for: axis)
    }
}

/// A control logging its target-action bookkeeping, as analytics subclasses do.
final class AuditTargetControl: UIControl {
    override func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {
        OverrideLog.note("control addAction \(action.title)")
        super.addAction(action, for: controlEvents)
    }
    override func removeAction(_ action: UIAction, for controlEvents: UIControl.Event) {
        super.removeAction(action, for: controlEvents)
    }
    override func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: UIControl.Event) {
        super.removeAction(identifiedBy: actionIdentifier, for: controlEvents)
    }
    override func addTarget(
        for controlEvents: UIControl.Event, _ handler: @escaping @MainActor (UIControl, UIEvent?) -> Void
    ) -> UIControl.Target {
        super.addTarget(for: controlEvents, handler)
    }
    override func addTarget(
        _ target: AnyObject?, action: String, for controlEvents: UIControl.Event,
        _ handler: @escaping @MainActor (UIControl, UIEvent?) -> Void
    ) -> UIControl.Target {
        OverrideLog.note("control addTarget \(action)")
        return super.addTarget(target, action: action, for: controlEvents, handler)
    }
    override func removeTarget(_ target: UIControl.Target?, for controlEvents: UIControl.Event) {
        OverrideLog.note("control removeTarget")
        super.removeTarget(target, for: controlEvents)
    }
    override var allTargets: Set<AnyHashable> { super.allTargets }
    override func actions(forTarget target: Any?, forControlEvent controlEvent: UIControl.Event) -> [String]? {
        super.actions(forTarget: target, forControlEvent: controlEvent)
    }
    override var allControlEvents: UIControl.Event { super.allControlEvents }
    override var isTracking: Bool { super.isTracking }
    override var isTouchInside: Bool { super.isTouchInside }
}

final class AuditTypedButton: UIButton {
    override var buttonType: UIButton.ButtonType { super.buttonType }
}

/// A layer answering one more key path, as layers with custom animatable state do.
final class AuditKeyPathLayer: CALayer {
    var level: CGFloat = 0
    override func value(forKeyPath keyPath: String) -> Any? {
        keyPath == "level" ? level : super.value(forKeyPath: keyPath)
    }
    override func setValue(_ value: Any?, forKeyPath keyPath: String) {
        if keyPath == "level", let level = value as? CGFloat {
            self.level = level
        } else {
            super.setValue(value, forKeyPath: keyPath)
        }
    }
    override var superlayer: CALayer? { super.superlayer }
}

final class AuditTargetRecognizer: UITapGestureRecognizer {
    override func addTarget(_ action: @escaping @MainActor (UIGestureRecognizer) -> Void) -> UIGestureRecognizer.Target
    {
        OverrideLog.note("recognizer addTarget")
        return super.addTarget(action)
    }
    override func removeTarget(_ target: UIGestureRecognizer.Target?) { super.removeTarget(target) }
    override func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        OverrideLog.note("recognizer require(toFail:)")
        super.require(toFail: otherGestureRecognizer)
    }
    override var numberOfTouches: Int { super.numberOfTouches }
    override var view: UIView? { super.view }
    override var delegate: (any UIGestureRecognizerDelegate)? {
        get { super.delegate }
        set { super.delegate = newValue }
    }
}

final class AuditLayoutGuide: UILayoutGuide {
    override var layoutFrame: CGRect { super.layoutFrame.insetBy(dx: 1, dy: 1) }
    override var owningView: UIView? { super.owningView }
    override var leadingAnchor: NSLayoutXAxisAnchor { super.leadingAnchor }
    override var topAnchor: NSLayoutYAxisAnchor { super.topAnchor }
    override var widthAnchor: NSLayoutDimension { super.widthAnchor }
    override var hasAmbiguousLayout: Bool { super.hasAmbiguousLayout }
    override func constraintsAffectingLayout(for axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
        super.constraintsAffectingLayout(for: axis)
    }
}

final class AuditConstraint: NSLayoutConstraint {
    override var firstItem: AnyObject? { super.firstItem }
    override var secondItem: AnyObject? { super.secondItem }
    override var firstAnchor: NSLayoutAnchor<AnyObject> { super.firstAnchor }
    override var secondAnchor: NSLayoutAnchor<AnyObject>? { super.secondAnchor }
}

final class AuditParentViewController: UIViewController {
    override var children: [UIViewController] { super.children }
    override var parent: UIViewController? { super.parent }
    override var isMovingToParent: Bool { super.isMovingToParent }
    override var isMovingFromParent: Bool { super.isMovingFromParent }
}

final class AuditGuidedScrollView: UIScrollView {
    override var contentLayoutGuide: UILayoutGuide { super.contentLayoutGuide }
    override var frameLayoutGuide: UILayoutGuide { super.frameLayoutGuide }
    override var pinchGestureRecognizer: UIPinchGestureRecognizer? { super.pinchGestureRecognizer }
}

final class AuditPropertyAnimator: UIViewPropertyAnimator {
    override var state: UIViewAnimatingState { super.state }
    override var isRunning: Bool { super.isRunning }
    override var delay: TimeInterval { super.delay }
}

final class AuditListedAlertController: UIAlertController {
    override var actions: [UIAlertAction] { super.actions }
    override var preferredStyle: UIAlertController.Style { super.preferredStyle }
}

final class AuditReusedCell: UITableViewCell {
    override var reuseIdentifier: String? { super.reuseIdentifier }
}

final class AuditColor: UIColor, @unchecked Sendable {
    override var cgColor: CGColor { super.cgColor }
}

// MARK: Members moved out of extensions in the second pass

/// A colour class whose named colours are the brand's, as apps override `UIColor`'s.
final class AuditBrandColor: UIColor, @unchecked Sendable {
    override class var systemBlue: UIColor { UIColor(red: 0, green: 0.5, blue: 0.25, alpha: 1) }
    override class var label: UIColor { super.label }
    override class var red: UIColor { super.red }
    override func setFill() {
        OverrideLog.note("color setFill")
        super.setFill()
    }
    override func setStroke() { super.setStroke() }
    override func set() { super.set() }
}

/// An image that reports a fixed encoding, made by the initializers it inherits.
final class AuditEncodedImage: UIImage, @unchecked Sendable {
    override func pngData() -> Data? { Data([1, 2, 3]) }
    override func jpegData(compressionQuality: CGFloat) -> Data? {
        super.jpegData(compressionQuality: compressionQuality)
    }
    override func draw(in rect: CGRect) {
        OverrideLog.note("image draw(in:)")
        super.draw(in: rect)
    }
    override func draw(at point: CGPoint) { super.draw(at: point) }
    override func resizableImage(withCapInsets capInsets: UIEdgeInsets) -> UIImage {
        super.resizableImage(withCapInsets: capInsets)
    }
    override func resizableImage(withCapInsets capInsets: UIEdgeInsets, resizingMode: UIImage.ResizingMode) -> UIImage {
        super.resizableImage(withCapInsets: capInsets, resizingMode: resizingMode)
    }
    override func withRenderingMode(_ renderingMode: UIImage.RenderingMode) -> UIImage {
        OverrideLog.note("image withRenderingMode")
        return super.withRenderingMode(renderingMode)
    }
}

/// A view class that never animates, as test doubles of views are written.
final class AuditInstantView: UIView {
    override class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        OverrideLog.note("view animate")
        performWithoutAnimation(animations)
    }
    override class func animate(
        withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        super.animate(withDuration: duration, animations: animations, completion: completion)
    }
    override class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        super.animate(
            withDuration: duration, delay: delay, options: options, animations: animations, completion: completion)
    }
    override class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        super.animate(
            withDuration: duration, delay: delay, usingSpringWithDamping: dampingRatio,
            initialSpringVelocity: velocity, options: options, animations: animations, completion: completion)
    }
    override class func animateKeyframes(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.KeyframeAnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        super.animateKeyframes(
            withDuration: duration, delay: delay, options: options, animations: animations, completion: completion)
    }
    override class func addKeyframe(
        withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
        animations: @escaping () -> Void
    ) {
        super.addKeyframe(
            withRelativeStartTime: frameStartTime, relativeDuration: frameDuration, animations: animations)
    }
    override class func transition(
        with view: UIView, duration: TimeInterval, options: UIView.AnimationOptions = [],
        animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
    ) {
        super.transition(
            with: view, duration: duration, options: options, animations: animations, completion: completion)
    }
    override class func transition(
        from fromView: UIView, to toView: UIView, duration: TimeInterval, options: UIView.AnimationOptions = [],
        completion: ((Bool) -> Void)? = nil
    ) {
        super.transition(from: fromView, to: toView, duration: duration, options: options, completion: completion)
    }
    override class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        super.performWithoutAnimation(actionsWithoutAnimation)
    }
    override class func setAnimationsEnabled(_ enabled: Bool) { super.setAnimationsEnabled(enabled) }
    override class var areAnimationsEnabled: Bool { super.areAnimationsEnabled }
    override class var inheritedAnimationDuration: TimeInterval { super.inheritedAnimationDuration }
}

/// A controller that finds its navigation controller its own way, as container-heavy apps do.
final class AuditContainedViewController: UIViewController {
    var pretendNavigation: UINavigationController?
    override var navigationController: UINavigationController? { pretendNavigation ?? super.navigationController }
    override var tabBarController: UITabBarController? { super.tabBarController }
    override var tabBarItem: UITabBarItem! {
        get { super.tabBarItem }
        set { super.tabBarItem = newValue }
    }
    override var presentedViewController: UIViewController? { super.presentedViewController }
    override var presentingViewController: UIViewController? { super.presentingViewController }
    override var isBeingPresented: Bool { super.isBeingPresented }
    override var isBeingDismissed: Bool { super.isBeingDismissed }
    override func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        OverrideLog.note("controller beginAppearanceTransition \(isAppearing)")
        super.beginAppearanceTransition(isAppearing, animated: animated)
    }
    override func endAppearanceTransition() { super.endAppearanceTransition() }
    override func setOverrideTraitCollection(
        _ collection: UITraitCollection?, forChild childViewController: UIViewController
    ) {
        super.setOverrideTraitCollection(collection, forChild: childViewController)
    }
    override func overrideTraitCollection(forChild childViewController: UIViewController) -> UITraitCollection? {
        super.overrideTraitCollection(forChild: childViewController)
    }
}

final class AuditTraitScreen: UIScreen {
    override var traitCollection: UITraitCollection { super.traitCollection }
    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
    }
}

final class AuditStyledFont: UIFont, @unchecked Sendable {
    override class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont {
        super.systemFont(ofSize: 40)
    }
    override class func preferredFont(
        forTextStyle style: UIFont.TextStyle, compatibleWith traitCollection: UITraitCollection?
    ) -> UIFont {
        super.preferredFont(forTextStyle: style, compatibleWith: traitCollection)
    }
    override class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        super.monospacedDigitSystemFont(ofSize: fontSize, weight: weight)
    }
    override class func fontNames(forFamilyName familyName: String) -> [String] {
        super.fontNames(forFamilyName: familyName)
    }
}
