import Foundation
import VitrineLayers

/// A control for picking a value from a continuous range, as UIKit's `UISlider` (the iOS 7+
/// look): a thin track, filled with `minimumTrackTintColor` left of the thumb and
/// `maximumTrackTintColor` right of it, and a round thumb.
///
/// - `value` is always within `minimumValue...maximumValue`: setting it clamps, as UIKit
///   does; moving a bound past the other drags the other along, and moving a bound past the
///   value moves the value. Non-finite values are ignored.
/// - Dragging the thumb changes the value: the thumb keeps its offset from the finger, as in
///   UIKit, so it does not jump when grabbed off-center. A touch must begin within 8 points of
///   the thumb (a 44-point target for the 28-point thumb); a touch elsewhere on the track
///   does not move it, as in UIKit (the touch events are still sent). The drag goes on
///   wherever the finger goes, outside the slop too.
/// - With `isContinuous` (the default) `.valueChanged` is sent during the drag, once for each
///   move that changes the value; otherwise once when the touch ends (or is cancelled) if the
///   value changed. `.primaryActionTriggered` follows each `.valueChanged`, as the action of
///   `init(frame:primaryAction:)` runs on value changes. Setting the value in code sends
///   nothing.
/// - `setValue(_:animated:)` with `animated` moves the thumb and the filled part of the track
///   to the new value while `value` changes at once, as in UIKit; see there for the timing.
///   Setting `value`, and a drag, show at once.
/// - Disabled, it draws at half opacity.
/// - Deviations: no custom thumb or track
///   images and no min/max value images (those need `UIImage`), no thumb shadow (a hairline
///   ring stands in). The default height (`intrinsicContentSize`) is 31 points.
@preconcurrency @MainActor
open class UISlider: UIControl {
    // Accessibility defaults, as UIKit's sliders: `.adjustable`, the value as a percentage of
    // the range ("50%").
    override var controlAccessibilityTraits: UIAccessibilityTraits { .adjustable }
    override var defaultAccessibilityValue: String? {
        let range = maximumValue - minimumValue
        let fraction = range > 0 ? (value - minimumValue) / range : 0
        return "\(Int((fraction * 100).rounded()))%"
    }

    /// A slider's or switch's drag is its own: pans and swipes on ancestors do not take it.
    override func claimsTouches(from recognizer: UIGestureRecognizer) -> Bool {
        recognizer is UIPanGestureRecognizer || recognizer is UISwipeGestureRecognizer
            || super.claimsTouches(from: recognizer)
    }

    private static let thumbDiameter: CGFloat = 28
    private static let trackHeight: CGFloat = 4
    private static let thumbTouchMargin: CGFloat = 8
    private static let defaultHeight: CGFloat = 31
    /// How long `setValue(_:animated:)` animates (UIKit does not document it).
    static let animationDuration: CFTimeInterval = 0.25

    private let contentLayer = CALayer()
    private let maximumTrackLayer = CALayer()
    private let minimumTrackLayer = CALayer()
    private let thumbLayer = CALayer()
    /// The finger's offset from the thumb's center along the track while dragging.
    private var grabOffset: CGFloat = 0
    private var valueAtTrackingStart: Float = 0

    /// A slider at `frame`, at value 0 of 0...1, as `init(frame:)`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpParts()
    }

    /// A view an interface file makes, as `init?(coder:)`: set up as `init(frame:)` sets it up,
    /// for the coder nib loading passes; fails for any other coder (see `UIView.init?(coder:)`).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpParts()
    }

    /// What both initializers set up: the parts the control draws with.
    private func setUpParts() {
        isOpaque = false
        layer.addSublayer(contentLayer)
        contentLayer.addSublayer(maximumTrackLayer)
        contentLayer.addSublayer(minimumTrackLayer)
        contentLayer.addSublayer(thumbLayer)
        thumbLayer.borderWidth = 0.5
        thumbLayer.borderColor = UIColor(white: 0, alpha: 0.12).cgColor
        refreshParts()
    }

    // MARK: Value

    /// The value, as `value` (default 0), clamped to `minimumValue...maximumValue`.
    open var value: Float {
        get { storedValue }
        set { setValue(newValue, animated: false) }
    }
    private var storedValue: Float = 0

    /// The smallest value, as `minimumValue` (default 0).
    open var minimumValue: Float {
        get { storedMinimum }
        set {
            guard newValue.isFinite else { return }
            storedMinimum = newValue
            if storedMaximum < newValue { storedMaximum = newValue }
            clampValue()
        }
    }
    private var storedMinimum: Float = 0

    /// The largest value, as `maximumValue` (default 1).
    open var maximumValue: Float {
        get { storedMaximum }
        set {
            guard newValue.isFinite else { return }
            storedMaximum = newValue
            if storedMinimum > newValue { storedMinimum = newValue }
            clampValue()
        }
    }
    private var storedMaximum: Float = 1

    /// Whether `.valueChanged` is sent during a drag (true, the default) or only at its end,
    /// as `isContinuous`.
    open var isContinuous = true

    /// Sets the value, clamped to the range, as `setValue(_:animated:)`; sends no event.
    /// Non-finite values are ignored. `value` changes at once, as in UIKit. With `animated`,
    /// the thumb and the filled part of the track move to the new value over 0.25 s,
    /// ease-in-ease-out (UIKit does not document its timing; Vitrine's choice), starting from
    /// what is shown, so a set during a running animation turns without a jump. Without it,
    /// the change shows at once (a running animation stops), as setting `value` or dragging.
    open func setValue(_ value: Float, animated: Bool) {
        guard value.isFinite else { return }
        let clamped = min(max(value, storedMinimum), storedMaximum)
        guard clamped != storedValue else { return }
        let parts: [(CALayer, [String])] = [
            (thumbLayer, ["position"]), (minimumTrackLayer, ["position", "bounds"]),
        ]
        guard animated else {
            ControlPartAnimation.cancel(parts)
            storedValue = clamped
            refreshParts()
            return
        }
        let animation = ControlPartAnimation(parts)
        storedValue = clamped
        refreshParts()
        animation.run(duration: Self.animationDuration, timing: .easeInEaseOut)
    }

    private func clampValue() {
        storedValue = min(max(storedValue, storedMinimum), storedMaximum)
        refreshParts()
    }

    /// Where the value lies in the range, 0...1 (0 for an empty range).
    private var fraction: CGFloat {
        let span = storedMaximum - storedMinimum
        guard span > 0 else { return 0 }
        return CGFloat((storedValue - storedMinimum) / span)
    }

    // MARK: Colours

    /// The track's colour left of the thumb, as `minimumTrackTintColor`; nil: the tint
    /// colour, as in UIKit.
    open var minimumTrackTintColor: UIColor? {
        didSet { refreshParts() }
    }

    /// The track's colour right of the thumb, as `maximumTrackTintColor`; nil: the system's
    /// light grey.
    open var maximumTrackTintColor: UIColor? {
        didSet { refreshParts() }
    }

    /// The thumb's colour, as `thumbTintColor`; nil: white.
    open var thumbTintColor: UIColor? {
        didSet { refreshParts() }
    }

    // MARK: Geometry

    /// The track's rectangle for `bounds`, as `trackRect(forBounds:)`: the full width, 4
    /// points high, centered vertically.
    open func trackRect(forBounds bounds: CGRect) -> CGRect {
        CGRect(
            x: bounds.minX, y: bounds.midY - Self.trackHeight / 2, width: bounds.width, height: Self.trackHeight)
    }

    /// The thumb's rectangle for `value`, as `thumbRect(forBounds:trackRect:value:)`: a
    /// 28-point circle centered on the track, inside its ends (at the minimum its left edge
    /// meets the track's left end). Values outside the range are clamped.
    open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
        let span = storedMaximum - storedMinimum
        var position: CGFloat = 0
        if span > 0, value.isFinite {
            position = CGFloat((min(max(value, storedMinimum), storedMaximum) - storedMinimum) / span)
        }
        let travel = max(0, rect.width - Self.thumbDiameter)
        let x = rect.minX + position * travel
        return CGRect(
            x: x, y: rect.midY - Self.thumbDiameter / 2, width: Self.thumbDiameter, height: Self.thumbDiameter)
    }

    /// As UIKit's: no intrinsic width, 31 points high.
    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: Self.defaultHeight)
    }

    /// The current width (at least the thumb's), 31 points high.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: max(bounds.width, Self.thumbDiameter), height: Self.defaultHeight)
    }

    // MARK: Tracking

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let point = touch.location(in: self)
        let thumb = thumbRect(forBounds: bounds, trackRect: trackRect(forBounds: bounds), value: storedValue)
        let margin = Self.thumbTouchMargin
        guard thumb.insetBy(dx: -margin, dy: -margin).contains(point) else { return false }
        grabOffset = point.x - thumb.midX
        valueAtTrackingStart = storedValue
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let before = storedValue
        setValue(value(forThumbCenterX: touch.location(in: self).x - grabOffset), animated: false)
        if isContinuous && storedValue != before { sendValueChanged(event) }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        if let touch { setValue(value(forThumbCenterX: touch.location(in: self).x - grabOffset), animated: false) }
        finishDrag(event)
    }

    open override func cancelTracking(with event: UIEvent?) {
        finishDrag(event)
    }

    /// A non-continuous slider reports the drag's outcome once.
    private func finishDrag(_ event: UIEvent?) {
        if !isContinuous && storedValue != valueAtTrackingStart { sendValueChanged(event) }
    }

    private func sendValueChanged(_ event: UIEvent?) {
        performActions(for: .valueChanged, with: event)
        performActions(for: .primaryActionTriggered, with: event)
    }

    /// The value whose thumb is centered at `x` (bounds coordinates), unclamped.
    private func value(forThumbCenterX x: CGFloat) -> Float {
        let track = trackRect(forBounds: bounds)
        let travel = track.width - Self.thumbDiameter
        guard travel > 0, x.isFinite else { return storedValue }
        let position = (x - track.minX - Self.thumbDiameter / 2) / travel
        return storedMinimum + Float(position) * (storedMaximum - storedMinimum)
    }

    // MARK: Drawing

    /// Puts the track and thumb where the state says, in their colours.
    override func layOutParts() {
        contentLayer.frame = bounds
        contentLayer.opacity = isEnabled ? 1 : 0.5
        let local = CGRect(origin: .zero, size: bounds.size)
        let track = trackRect(forBounds: local)
        let thumb = thumbRect(forBounds: local, trackRect: track, value: storedValue)
        maximumTrackLayer.frame = track
        maximumTrackLayer.cornerRadius = track.height / 2
        maximumTrackLayer.backgroundColor = (maximumTrackTintColor ?? .systemGray4).cgColor
        minimumTrackLayer.frame = CGRect(
            x: track.minX, y: track.minY, width: max(0, thumb.midX - track.minX), height: track.height)
        minimumTrackLayer.cornerRadius = track.height / 2
        minimumTrackLayer.backgroundColor = (minimumTrackTintColor ?? tintColor).cgColor
        thumbLayer.frame = thumb
        thumbLayer.cornerRadius = thumb.height / 2
        thumbLayer.backgroundColor = (thumbTintColor ?? .white).cgColor
    }
}
