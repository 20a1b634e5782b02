// The audit of what UIKit and Core Animation let an app override (issue 28): every class
// below subclasses a VitrineKit or VitrineLayers class from another module, overriding the
// members UIKit declares `open` (and that iOS apps override), with the initializers iOS code
// writes. A member that is not `open`, or an initializer of the wrong kind, fails this file's
// compile. `OverrideAuditTests` then makes each class and checks its overrides are called.
//
// Left out, with why: `draw(_:in:)` on a view (UIView draws through `display(_:)`, which is
// overridable).
import VitrineKit
import XCTest

/// Records which overrides ran, by name, in order.
final class OverrideLog {
    static var calls: [String] = []
    static func note(_ name: String) { calls.append(name) }
    static func take() -> [String] {
        defer { calls = [] }
        return calls
    }
}

// MARK: Layers

final class AuditLayer: CALayer {
    var tint = 0

    required init() {
        super.init()
    }

    // As iOS custom layers write it, for presentation copies.
    override init(layer: Any) {
        super.init(layer: layer)
        tint = (layer as? AuditLayer)?.tint ?? 0
    }

    override class func defaultAction(forKey event: String) -> (any CAAction)? {
        event == "tint" ? NSNull() : super.defaultAction(forKey: event)
    }
    override class func needsDisplay(forKey key: String) -> Bool {
        key == "cornerRadius" || super.needsDisplay(forKey: key)
    }
    override class func defaultValue(forKey key: String) -> Any? {
        key == "tint" ? 0 : super.defaultValue(forKey: key)
    }
    override func action(forKey event: String) -> (any CAAction)? {
        OverrideLog.note("layer action \(event)")
        return super.action(forKey: event)
    }
    override func display() {
        OverrideLog.note("layer display")
        super.display()
    }
    override func draw(in ctx: CGContext) { OverrideLog.note("layer draw") }
    override func layoutSublayers() {
        OverrideLog.note("layer layoutSublayers")
        super.layoutSublayers()
    }
    override func preferredFrameSize() -> CGSize { CGSize(width: 11, height: 7) }
    override func hitTest(_ p: CGPoint) -> CALayer? { contains(convert(p, from: superlayer)) ? self : nil }
    override func contains(_ p: CGPoint) -> Bool { bounds.insetBy(dx: -10, dy: -10).contains(p) }
    override func setNeedsDisplay() {
        OverrideLog.note("layer setNeedsDisplay")
        super.setNeedsDisplay()
    }
    override func setNeedsLayout() { super.setNeedsLayout() }
    override func layoutIfNeeded() { super.layoutIfNeeded() }
    override func displayIfNeeded() { super.displayIfNeeded() }
    override func addSublayer(_ layer: CALayer) {
        OverrideLog.note("layer addSublayer")
        super.addSublayer(layer)
    }
    override func insertSublayer(_ layer: CALayer, at idx: UInt32) { super.insertSublayer(layer, at: idx) }
    override func removeFromSuperlayer() { super.removeFromSuperlayer() }
    override func add(_ anim: CAAnimation, forKey key: String?) {
        OverrideLog.note("layer add \(key ?? "nil")")
        super.add(anim, forKey: key)
    }
    override func removeAnimation(forKey key: String) {
        OverrideLog.note("layer removeAnimation \(key)")
        super.removeAnimation(forKey: key)
    }
    override func removeAllAnimations() { super.removeAllAnimations() }
    override func animation(forKey key: String) -> CAAnimation? { super.animation(forKey: key) }
    override func animationKeys() -> [String]? { super.animationKeys() }
    override func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint { super.convert(p, from: layer) }
    override func convert(_ r: CGRect, to layer: CALayer?) -> CGRect { super.convert(r, to: layer) }
    override func convertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval {
        super.convertTime(t, from: l)
    }
    override func affineTransform() -> CGAffineTransform { super.affineTransform() }
    override func presentation() -> Self? { super.presentation() }
}

final class AuditShapeLayer: CAShapeLayer {
    override func layoutSublayers() {
        super.layoutSublayers()
        path = CGPath(ellipseIn: bounds, transform: nil)
    }
}

final class AuditGradientLayer: CAGradientLayer {}
final class AuditTextLayer: CATextLayer {}
final class AuditReplicatorLayer: CAReplicatorLayer {}

final class AuditAnimation: CABasicAnimation {
    override func copy() -> Any {
        OverrideLog.note("animation copy")
        return super.copy()
    }
}

final class AuditKeyframeAnimation: CAKeyframeAnimation {}
final class AuditSpringAnimation: CASpringAnimation {}
final class AuditAnimationGroup: CAAnimationGroup {}

// MARK: Views

final class AuditView: UIView {
    override class var layerClass: AnyClass { AuditShapeLayer.self }
    override class var requiresConstraintBasedLayout: Bool { false }

    override init(frame: CGRect) {
        super.init(frame: frame)
    }
    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func awakeFromNib() { super.awakeFromNib() }
    override func layoutSubviews() {
        super.layoutSubviews()
        OverrideLog.note("view layoutSubviews")
    }
    override func draw(_ rect: CGRect) { OverrideLog.note("view draw") }
    override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: 33, height: 22) }
    override var intrinsicContentSize: CGSize { CGSize(width: 44, height: 11) }
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.insetBy(dx: -20, dy: -20).contains(point)
    }
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        OverrideLog.note("view hitTest")
        return super.hitTest(point, with: event)
    }
    override func willMove(toSuperview newSuperview: UIView?) { OverrideLog.note("view willMoveToSuperview") }
    override func didMoveToSuperview() { OverrideLog.note("view didMoveToSuperview") }
    override func willMove(toWindow newWindow: UIWindow?) { super.willMove(toWindow: newWindow) }
    override func didMoveToWindow() { super.didMoveToWindow() }
    override func didAddSubview(_ subview: UIView) { OverrideLog.note("view didAddSubview") }
    override func willRemoveSubview(_ subview: UIView) { super.willRemoveSubview(subview) }
    override func addSubview(_ view: UIView) { super.addSubview(view) }
    override func removeFromSuperview() { super.removeFromSuperview() }
    override func setNeedsLayout() { super.setNeedsLayout() }
    override func layoutIfNeeded() { super.layoutIfNeeded() }
    override func setNeedsDisplay() { super.setNeedsDisplay() }
    override func sizeToFit() { super.sizeToFit() }
    override func updateConstraints() {
        OverrideLog.note("view updateConstraints")
        super.updateConstraints()
    }
    override func invalidateIntrinsicContentSize() { super.invalidateIntrinsicContentSize() }
    override func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        super.systemLayoutSizeFitting(targetSize)
    }
    override func layoutMarginsDidChange() { super.layoutMarginsDidChange() }
    override func safeAreaInsetsDidChange() { super.safeAreaInsetsDidChange() }
    override func tintColorDidChange() {
        super.tintColorDidChange()
        OverrideLog.note("view tintColorDidChange")
    }
    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
    }
    override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    override func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        super.addGestureRecognizer(gestureRecognizer)
    }
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { OverrideLog.note("view touchesBegan") }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { OverrideLog.note("view touchesEnded") }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override var canBecomeFirstResponder: Bool { true }
    override func becomeFirstResponder() -> Bool { super.becomeFirstResponder() }
    override func resignFirstResponder() -> Bool { super.resignFirstResponder() }
    override var next: UIResponder? { super.next }
    override var backgroundColor: UIColor? {
        didSet { OverrideLog.note("view backgroundColor") }
    }
    override var frame: CGRect {
        didSet { OverrideLog.note("view frame") }
    }
    // The layer delegate's members a view implements, overridable as in UIKit.
    override func layoutSublayers(of layer: CALayer) {
        OverrideLog.note("view layoutSublayers(of:)")
        super.layoutSublayers(of: layer)
    }
    override func display(_ layer: CALayer) {
        OverrideLog.note("view display(_:)")
        super.display(layer)
    }
    override func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        event == "opacity" ? CABasicAnimation(keyPath: event) : super.action(for: layer, forKey: event)
    }
}

final class AuditLabel: UILabel {
    override func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        super.textRect(forBounds: bounds.insetBy(dx: 5, dy: 0), limitedToNumberOfLines: numberOfLines)
    }
    override func drawText(in rect: CGRect) {
        OverrideLog.note("label drawText")
        super.drawText(in: rect)
    }
    override var text: String? {
        didSet { OverrideLog.note("label text") }
    }
    override var intrinsicContentSize: CGSize {
        let size = super.intrinsicContentSize
        return CGSize(width: size.width + 10, height: size.height)
    }
}

final class AuditImageView: UIImageView {
    override init(image: UIImage?) {
        super.init(image: image)
        OverrideLog.note("imageView init(image:)")
    }
    override init(frame: CGRect) {
        super.init(frame: frame)
    }
    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
    override var image: UIImage? {
        didSet { OverrideLog.note("imageView image") }
    }
}

final class AuditWindow: UIWindow {
    override func sendEvent(_ event: UIEvent) {
        OverrideLog.note("window sendEvent")
        super.sendEvent(event)
    }
    override func makeKeyAndVisible() { super.makeKeyAndVisible() }
    override func becomeKey() {
        super.becomeKey()
        OverrideLog.note("window becomeKey")
    }
    override func resignKey() { super.resignKey() }
}

final class AuditStackView: UIStackView {
    override func addArrangedSubview(_ view: UIView) {
        OverrideLog.note("stack addArrangedSubview")
        super.addArrangedSubview(view)
    }
}

final class AuditScrollView: UIScrollView {
    override func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool { true }
    override func touchesShouldCancel(in view: UIView) -> Bool { true }
    override func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        OverrideLog.note("scroll setContentOffset")
        super.setContentOffset(contentOffset, animated: animated)
    }
    override func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        super.scrollRectToVisible(rect, animated: animated)
    }
    override func layoutSubviews() { super.layoutSubviews() }
    override var contentOffset: CGPoint {
        didSet { OverrideLog.note("scroll contentOffset") }
    }
}

// MARK: Controls

/// A button subclass overriding UIButton's designated initializers, as iOS apps write one:
/// `AuditButton(type: .system)` and `AuditButton()` still make it, through `init(frame:)`.
final class AuditButton: UIButton {
    var madeByFrame = false

    override init(frame: CGRect) {
        super.init(frame: frame)
        madeByFrame = true
        setTitle("Audit", for: .normal)
    }
    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override var isHighlighted: Bool {
        didSet { OverrideLog.note("button isHighlighted \(isHighlighted)") }
    }
    override var isEnabled: Bool {
        didSet { OverrideLog.note("button isEnabled \(isEnabled)") }
    }
    override var isSelected: Bool {
        didSet { OverrideLog.note("button isSelected \(isSelected)") }
    }
    override func setTitle(_ title: String?, for state: UIControl.State) { super.setTitle(title, for: state) }
    override func layoutSubviews() { super.layoutSubviews() }
    override func sizeThatFits(_ size: CGSize) -> CGSize { super.sizeThatFits(size) }
    override func backgroundRect(forBounds bounds: CGRect) -> CGRect { super.backgroundRect(forBounds: bounds) }
    override func contentRect(forBounds bounds: CGRect) -> CGRect { super.contentRect(forBounds: bounds) }
}

/// The usual image-above-title button: the image on top, the title in the band below it.
final class StackedButton: UIButton {
    override func imageRect(forContentRect contentRect: CGRect) -> CGRect {
        CGRect(x: contentRect.midX - 12, y: contentRect.minY, width: 24, height: 24)
    }
    override func titleRect(forContentRect contentRect: CGRect) -> CGRect {
        CGRect(x: contentRect.minX, y: contentRect.minY + 28, width: contentRect.width, height: 20)
    }
}

/// A control tracking touches as UIKit's custom controls do.
final class AuditKnob: UIControl {
    var angle: CGFloat = 0

    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        OverrideLog.note("knob beginTracking")
        return true
    }
    override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        angle = touch.location(in: self).x
        OverrideLog.note("knob continueTracking")
        return true
    }
    override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        OverrideLog.note("knob endTracking")
        sendActions(for: .valueChanged)
    }
    override func cancelTracking(with event: UIEvent?) { OverrideLog.note("knob cancelTracking") }
    override func sendActions(for controlEvents: UIControl.Event) {
        OverrideLog.note("knob sendActions")
        super.sendActions(for: controlEvents)
    }
    override func sendAction(_ action: UIAction) { super.sendAction(action) }
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool { super.point(inside: point, with: event) }
}

final class AuditSegmentedControl: UISegmentedControl {
    override init(items: [Any]?) {
        super.init(items: items)
        OverrideLog.note("segments init(items:)")
    }
    override init(frame: CGRect) {
        super.init(frame: frame)
    }
    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}

final class AuditSlider: UISlider {
    override func trackRect(forBounds bounds: CGRect) -> CGRect { bounds.insetBy(dx: 10, dy: 0) }
    override func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
        super.thumbRect(forBounds: bounds, trackRect: rect, value: value)
    }
    override func setValue(_ value: Float, animated: Bool) { super.setValue(value, animated: animated) }
}

final class AuditSwitch: UISwitch {}
final class AuditStepper: UIStepper {}
final class AuditPageControl: UIPageControl {}
final class AuditDatePicker: UIDatePicker {}
final class AuditProgressView: UIProgressView {}
final class AuditActivityIndicator: UIActivityIndicatorView {}
final class AuditPickerView: UIPickerView {}

final class AuditTextField: UITextField {
    override func textRect(forBounds bounds: CGRect) -> CGRect { bounds.insetBy(dx: 12, dy: 0) }
    override func editingRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }
    override func placeholderRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }
    override func borderRect(forBounds bounds: CGRect) -> CGRect { super.borderRect(forBounds: bounds) }
    override func clearButtonRect(forBounds bounds: CGRect) -> CGRect { super.clearButtonRect(forBounds: bounds) }
    override func leftViewRect(forBounds bounds: CGRect) -> CGRect { super.leftViewRect(forBounds: bounds) }
    override func rightViewRect(forBounds bounds: CGRect) -> CGRect { super.rightViewRect(forBounds: bounds) }
    override func drawText(in rect: CGRect) { super.drawText(in: rect) }
    override func drawPlaceholder(in rect: CGRect) { super.drawPlaceholder(in: rect) }
    override func becomeFirstResponder() -> Bool { super.becomeFirstResponder() }
    override func resignFirstResponder() -> Bool { super.resignFirstResponder() }
    override func insertText(_ text: String) { super.insertText(text.uppercased()) }
    override func deleteBackward() { super.deleteBackward() }
}

final class AuditTextView: UITextView {}

// MARK: Lists

final class AuditTableCell: UITableViewCell {
    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
    }
    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        OverrideLog.note("cell prepareForReuse")
    }
    override func setSelected(_ selected: Bool, animated: Bool) {
        super.setSelected(selected, animated: animated)
        OverrideLog.note("cell setSelected \(selected)")
    }
    override func setHighlighted(_ highlighted: Bool, animated: Bool) {
        super.setHighlighted(highlighted, animated: animated)
    }
    override func setEditing(_ editing: Bool, animated: Bool) { super.setEditing(editing, animated: animated) }
    override func layoutSubviews() { super.layoutSubviews() }
    override func updateConfiguration(using state: UICellConfigurationState) {
        super.updateConfiguration(using: state)
    }
}

final class AuditHeaderView: UITableViewHeaderFooterView {
    override init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
    }
    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
    override func prepareForReuse() { super.prepareForReuse() }
}

final class AuditTableView: UITableView {
    override init(frame: CGRect, style: UITableView.Style) {
        super.init(frame: frame, style: style)
    }
    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
    override func reloadData() {
        OverrideLog.note("table reloadData")
        super.reloadData()
    }
    override func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        super.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
    }
    override func setEditing(_ editing: Bool, animated: Bool) { super.setEditing(editing, animated: animated) }
}

final class AuditTableViewController: UITableViewController {
    let rows = ["One", "Two"]

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(AuditTableCell.self, forCellReuseIdentifier: "Row")
    }
    override func numberOfSections(in tableView: UITableView) -> Int { 1 }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Row", for: indexPath)
        cell.textLabel?.text = rows[indexPath.row]
        return cell
    }
    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        OverrideLog.note("tableController didSelect \(indexPath.row)")
    }
    override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 50 }
    // The scroll view delegate's methods, as a table view controller overrides them.
    override func scrollViewDidScroll(_ scrollView: UIScrollView) { super.scrollViewDidScroll(scrollView) }
    override func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
        targetContentOffset.pointee.y = (targetContentOffset.pointee.y / 50).rounded() * 50
    }
    override func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    override func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { false }
    override func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
    override func scrollViewDidZoom(_ scrollView: UIScrollView) {}
    override func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
    override func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
    override func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
    override func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
}

final class AuditCollectionCell: UICollectionViewCell {
    override func prepareForReuse() { super.prepareForReuse() }
    override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        OverrideLog.note("collectionCell apply")
    }
    override func preferredLayoutAttributesFitting(
        _ layoutAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutAttributes {
        super.preferredLayoutAttributesFitting(layoutAttributes)
    }
    override var isSelected: Bool {
        didSet { OverrideLog.note("collectionCell isSelected") }
    }
    override var isHighlighted: Bool {
        didSet {}
    }
}

final class AuditCollectionLayout: UICollectionViewLayout {
    override class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }
    override func prepare() {
        super.prepare()
        OverrideLog.note("layout prepare")
    }
    override var collectionViewContentSize: CGSize { CGSize(width: 100, height: 100) }
    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { [] }
    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
    override func invalidateLayout() { super.invalidateLayout() }
}

final class AuditFlowLayout: UICollectionViewFlowLayout {
    override func prepare() { super.prepare() }
}

// MARK: Gestures

final class AuditRecognizer: UIGestureRecognizer {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        OverrideLog.note("recognizer touchesBegan")
        state = .began
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { state = .changed }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        OverrideLog.note("recognizer touchesEnded")
        state = .ended
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { state = .cancelled }
    override func reset() {
        super.reset()
        OverrideLog.note("recognizer reset")
    }
    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    override func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    override func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    override func ignore(_ touch: UITouch, for event: UIEvent) { super.ignore(touch, for: event) }
    override func location(in view: UIView?) -> CGPoint { super.location(in: view) }
}

/// A tap that waits for every other recognizer on its touches to fail, by overriding
/// `shouldRequireFailure(of:)`.
final class PatientTapRecognizer: UITapGestureRecognizer {
    override func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    override func reset() { super.reset() }
}

final class AuditPanRecognizer: UIPanGestureRecognizer {
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
    }
}
final class AuditLongPressRecognizer: UILongPressGestureRecognizer {}
final class AuditSwipeRecognizer: UISwipeGestureRecognizer {}
final class AuditPinchRecognizer: UIPinchGestureRecognizer {}
final class AuditRotationRecognizer: UIRotationGestureRecognizer {}
final class AuditEdgePanRecognizer: UIScreenEdgePanGestureRecognizer {}

// MARK: Controllers

final class AuditViewController: UIViewController {
    override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        OverrideLog.note("controller setEditing \(editing)")
    }
    override func loadView() {
        view = AuditView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        OverrideLog.note("controller loadView")
    }
    override func viewDidLoad() {
        super.viewDidLoad()
        OverrideLog.note("controller viewDidLoad")
    }
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        OverrideLog.note("controller viewWillAppear")
    }
    override func viewIsAppearing(_ animated: Bool) { super.viewIsAppearing(animated) }
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        OverrideLog.note("controller viewDidAppear")
    }
    override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated) }
    override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated) }
    override func viewWillLayoutSubviews() { super.viewWillLayoutSubviews() }
    override func viewDidLayoutSubviews() { super.viewDidLayoutSubviews() }
    override func updateViewConstraints() { super.updateViewConstraints() }
    override func viewSafeAreaInsetsDidChange() { super.viewSafeAreaInsetsDidChange() }
    override func viewLayoutMarginsDidChange() { super.viewLayoutMarginsDidChange() }
    override func didReceiveMemoryWarning() { super.didReceiveMemoryWarning() }
    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
    }
    override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
    }
    override func willMove(toParent parent: UIViewController?) {
        super.willMove(toParent: parent)
        OverrideLog.note("controller willMove(toParent:)")
    }
    override func didMove(toParent parent: UIViewController?) {
        super.didMove(toParent: parent)
        OverrideLog.note("controller didMove(toParent:)")
    }
    override func addChild(_ childController: UIViewController) { super.addChild(childController) }
    override func removeFromParent() { super.removeFromParent() }
    override func prepare(for segue: UIStoryboardSegue, sender: Any?) { super.prepare(for: segue, sender: sender) }
    override func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool { false }
    override func show(_ viewController: UIViewController, sender: Any?) { super.show(viewController, sender: sender) }
    override func present(
        _ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil
    ) {
        super.present(viewControllerToPresent, animated: flag, completion: completion)
    }
    override func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        super.dismiss(animated: flag, completion: completion)
    }
    override var title: String? {
        didSet { OverrideLog.note("controller title") }
    }
}

final class AuditNavigationController: UINavigationController {
    override init(rootViewController: UIViewController) {
        super.init(rootViewController: rootViewController)
        OverrideLog.note("navigation init(rootViewController:)")
    }
    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }
    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
    override func pushViewController(_ viewController: UIViewController, animated: Bool) {
        OverrideLog.note("navigation push")
        super.pushViewController(viewController, animated: animated)
    }
    override func popViewController(animated: Bool) -> UIViewController? { super.popViewController(animated: animated) }
    override func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        super.setViewControllers(viewControllers, animated: animated)
    }
}

final class AuditTabBarController: UITabBarController {}
final class AuditAlertController: UIAlertController {}

final class AuditCollectionViewController: UICollectionViewController {
    override init(collectionViewLayout layout: UICollectionViewLayout) {
        super.init(collectionViewLayout: layout)
    }
    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Tile")
    }
    override func numberOfSections(in collectionView: UICollectionView) -> Int { 2 }
    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        section == 0 ? 3 : 1
    }
    override func collectionView(
        _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    ) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "Tile", for: indexPath)
    }
    override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        OverrideLog.note("collection didSelect \(indexPath.item)")
    }
}
