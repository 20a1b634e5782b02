import Foundation
import VitrineLayers
import VitrinePlatform

/// A control that steps a value up and down, as UIKit's `UIStepper` (the iOS 13+ look): a
/// rounded grey box, 94x32 points, a minus button on the left and a plus button on the right
/// with a hairline between them.
///
/// - The size is fixed at 94x32 points, as in UIKit: `frame` and `bounds` keep that size.
/// - `value` stays within `minimumValue...maximumValue` (0...100 by default), `stepValue`
///   defaults to 1. As UIKit raises for a minimum not below the maximum and for a step of 0 or
///   less, Vitrine refuses those (and non-finite numbers): the property keeps its value.
///   Setting `value` in code clamps it and sends nothing.
/// - A touch down on a half steps at once (as UIKit's stepper does); held, with `autorepeat`
///   (default true) it steps again 0.5 s after touch-down and then repeatedly, each interval
///   shorter than the last (from 0.2 s by ×0.85 down to 0.05 s), on the display backend's
///   clock; the repeat stops while the finger is outside the control's bounds (plus the slop)
///   and ends with the touch. UIKit's timing is undocumented; these are Vitrine's choices.
/// - With `wraps`, stepping past one end goes to the other; otherwise the value stops at the
///   end and that end's button is disabled (dimmed, touches on it do nothing), as in UIKit.
/// - With `isContinuous` (default true) `.valueChanged` (then `.primaryActionTriggered`) is
///   sent for each step; otherwise once when the touch ends if the value changed.
/// - While touched, a button's half darkens; disabled, the whole stepper draws at half
///   opacity.
/// - Deviations: `setIncrementImage(_:for:)` / `setDecrementImage(_:for:)` are basic: the
///   image for the state (else `.normal`'s) replaces the drawn glyph, tinted as a template
///   image is not; `setBackgroundImage(_:for:)` and `setDividerImage(...)` are stored and
///   returned but not drawn.
@preconcurrency @MainActor
open class UIStepper: UIControl {
    override var controlAccessibilityTraits: UIAccessibilityTraits { .adjustable }
    override var defaultAccessibilityValue: String? {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// The stepper's one size.
    static let fixedSize = CGSize(width: 94, height: 32)
    /// When the first repeat comes, after touch-down.
    static let autorepeatDelay: Double = 0.5
    /// The interval after the first repeat, how it shrinks, and its floor.
    static let autorepeatFirstInterval: Double = 0.2
    static let autorepeatAcceleration: Double = 0.85
    static let autorepeatShortestInterval: Double = 0.05

    private let contentLayer = CALayer()
    private let backgroundLayer = CALayer()
    private let minusHighlightLayer = CALayer()
    private let plusHighlightLayer = CALayer()
    private let separatorLayer = CALayer()
    private let minusGlyph = CALayer()
    private let plusGlyphHorizontal = CALayer()
    private let plusGlyphVertical = CALayer()
    private let decrementImageView = UIImageView(frame: .zero)
    private let incrementImageView = UIImageView(frame: .zero)

    /// Which half the tracked touch went down on: -1 minus, +1 plus, 0 none (a disabled end).
    private var trackedDirection = 0
    private var valueAtTrackingStart: Double = 0
    private var repeatTimer: ClockTimer?
    private var repeatInterval: Double = 0

    /// A stepper at `frame`'s origin, 94x32 points, value 0 of 0...100, as `init(frame:)`.
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.fixedSize))
        isOpaque = false
        layer.addSublayer(contentLayer)
        for part in [backgroundLayer, separatorLayer, minusGlyph, plusGlyphHorizontal, plusGlyphVertical] {
            contentLayer.addSublayer(part)
        }
        // The pressed halves, clipped to the box's rounded corners.
        backgroundLayer.masksToBounds = true
        backgroundLayer.addSublayer(minusHighlightLayer)
        backgroundLayer.addSublayer(plusHighlightLayer)
        for imageView in [decrementImageView, incrementImageView] {
            imageView.isUserInteractionEnabled = false
            imageView.contentMode = .center
            imageView.isHidden = true
            addSubview(imageView)
        }
        refreshParts()
    }

    /// Vitrine has no archives; always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    // MARK: Value

    /// The value, as `value` (default 0), clamped to `minimumValue...maximumValue`; NaN is
    /// ignored. Setting it sends no event.
    open var value: Double {
        get { storedValue }
        set {
            guard !newValue.isNaN else { return }
            storedValue = min(max(newValue, storedMinimum), storedMaximum)
            refreshParts()
        }
    }
    private var storedValue: Double = 0

    /// The lowest value, as `minimumValue` (default 0). UIKit raises when it is not below
    /// `maximumValue`; Vitrine ignores such a value (and non-finite ones). The value is
    /// clamped into the new range.
    open var minimumValue: Double {
        get { storedMinimum }
        set {
            guard newValue.isFinite, newValue < storedMaximum else { return }
            storedMinimum = newValue
            value = storedValue
        }
    }
    private var storedMinimum: Double = 0

    /// The highest value, as `maximumValue` (default 100). UIKit raises when it is not above
    /// `minimumValue`; Vitrine ignores such a value (and non-finite ones).
    open var maximumValue: Double {
        get { storedMaximum }
        set {
            guard newValue.isFinite, newValue > storedMinimum else { return }
            storedMaximum = newValue
            value = storedValue
        }
    }
    private var storedMaximum: Double = 100

    /// How much one press changes the value, as `stepValue` (default 1). UIKit raises for 0
    /// or less; Vitrine ignores such a value (and non-finite ones).
    open var stepValue: Double {
        get { storedStep }
        set {
            guard newValue.isFinite, newValue > 0 else { return }
            storedStep = newValue
        }
    }
    private var storedStep: Double = 1

    /// Whether stepping past an end goes to the other end, as `wraps` (default false).
    open var wraps = false {
        didSet { refreshParts() }
    }

    /// Whether holding a button keeps stepping, as `autorepeat` (default true).
    open var autorepeat = true

    /// Whether `.valueChanged` is sent at each step (true, the default) or once when the
    /// touch ends, as `isContinuous`.
    open var isContinuous = true

    /// Whether the minus button can step (the value is above the minimum, or it wraps).
    private var canDecrement: Bool { wraps || storedValue > storedMinimum }
    /// Whether the plus button can step.
    private var canIncrement: Bool { wraps || storedValue < storedMaximum }

    /// One step in `direction` (-1 or +1), as UIKit documents `wraps`: a step beyond the
    /// maximum goes to the minimum when wrapping and holds at the maximum otherwise (and the
    /// other way round below the minimum).
    /// Returns whether the value changed.
    @discardableResult
    private func step(_ direction: Int) -> Bool {
        let before = storedValue
        var next = storedValue + Double(direction) * storedStep
        if next > storedMaximum {
            next = wraps ? storedMinimum : storedMaximum
        } else if next < storedMinimum {
            next = wraps ? storedMaximum : storedMinimum
        }
        storedValue = next
        refreshParts()
        return storedValue != before
    }

    // MARK: Images

    private var decrementImages = ControlStateTable<UIImage>()
    private var incrementImages = ControlStateTable<UIImage>()
    private var backgroundImages = ControlStateTable<UIImage>()
    private var dividerImages: [String: UIImage] = [:]

    /// Sets the plus button's image for `state`, as `setIncrementImage(_:for:)`.
    open func setIncrementImage(_ image: UIImage?, for state: UIControl.State) {
        incrementImages.set(image, for: state)
        refreshParts()
    }

    /// The plus button's image for `state` (else `.normal`'s), as `incrementImage(for:)`.
    open func incrementImage(for state: UIControl.State) -> UIImage? { incrementImages.value(for: state) }

    /// Sets the minus button's image for `state`, as `setDecrementImage(_:for:)`.
    open func setDecrementImage(_ image: UIImage?, for state: UIControl.State) {
        decrementImages.set(image, for: state)
        refreshParts()
    }

    /// The minus button's image for `state` (else `.normal`'s), as `decrementImage(for:)`.
    open func decrementImage(for state: UIControl.State) -> UIImage? { decrementImages.value(for: state) }

    /// Stores a background image, as `setBackgroundImage(_:for:)` (not drawn on Vitrine).
    open func setBackgroundImage(_ image: UIImage?, for state: UIControl.State) {
        backgroundImages.set(image, for: state)
    }

    /// The background image for `state`, as `backgroundImage(for:)`.
    open func backgroundImage(for state: UIControl.State) -> UIImage? { backgroundImages.value(for: state) }

    /// Stores a divider image, as `setDividerImage(_:forLeftSegmentState:rightSegmentState:)`
    /// (not drawn on Vitrine).
    open func setDividerImage(
        _ image: UIImage?, forLeftSegmentState leftState: UIControl.State, rightSegmentState rightState: UIControl.State
    ) {
        dividerImages["\(leftState.rawValue)-\(rightState.rawValue)"] = image
    }

    /// The divider image for the two states, as `dividerImage(forLeftSegmentState:rightSegmentState:)`.
    open func dividerImage(
        forLeftSegmentState leftState: UIControl.State, rightSegmentState rightState: UIControl.State
    ) -> UIImage? {
        dividerImages["\(leftState.rawValue)-\(rightState.rawValue)"]
    }

    // MARK: Size

    /// Keeps the size at 94x32 points; the origin moves.
    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = CGRect(origin: newValue.origin, size: Self.fixedSize) }
    }

    /// Keeps the size at 94x32 points.
    open override var bounds: CGRect {
        get { super.bounds }
        set { super.bounds = CGRect(origin: newValue.origin, size: Self.fixedSize) }
    }

    /// 94x32, as UIKit's.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.fixedSize }

    /// 94x32, as UIKit's.
    open override var intrinsicContentSize: CGSize { Self.fixedSize }

    // MARK: Tracking

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let x = touch.location(in: self).x
        let direction = x < bounds.midX ? -1 : 1
        guard direction < 0 ? canDecrement : canIncrement else {
            trackedDirection = 0
            return false
        }
        trackedDirection = direction
        valueAtTrackingStart = storedValue
        refreshParts()
        return true
    }

    /// After the control's own touch-down handling (`.touchDown` first, as UIKit sends it), a
    /// touch on an enabled half steps at once and starts the autorepeat.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        let wasTracking = isTracking
        super.touchesBegan(touches, with: event)
        guard !wasTracking, isTracking, trackedDirection != 0, let touch = touches.first else { return }
        if step(trackedDirection), isContinuous { sendValueChanged(event) }
        if autorepeat {
            repeatInterval = Self.autorepeatFirstInterval
            scheduleRepeat(at: touch.timestamp + Self.autorepeatDelay)
        }
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        refreshParts()
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        finishTracking(event)
    }

    open override func cancelTracking(with event: UIEvent?) {
        finishTracking(event)
    }

    private func finishTracking(_ event: UIEvent?) {
        stopRepeating()
        trackedDirection = 0
        if !isContinuous && storedValue != valueAtTrackingStart { sendValueChanged(event) }
        refreshParts()
    }

    private var clock: any MediaClock { UIApplication.shared.displayBackend.clock }

    private func scheduleRepeat(at deadline: Double) {
        repeatTimer?.cancel()
        repeatTimer = clock.schedule(at: deadline) { [weak self] in self?.repeatFired(deadline: deadline) }
    }

    private func stopRepeating() {
        repeatTimer?.cancel()
        repeatTimer = nil
    }

    /// A held button steps again (while the finger is inside), then waits a shorter interval.
    private func repeatFired(deadline: Double) {
        repeatTimer = nil
        guard isTracking, trackedDirection != 0, autorepeat, isEnabled else { return }
        if isTouchInside, trackedDirection < 0 ? canDecrement : canIncrement {
            if step(trackedDirection), isContinuous { sendValueChanged(nil) }
        }
        var next = deadline + repeatInterval
        if next <= clock.now { next = clock.now + repeatInterval }
        repeatInterval = max(Self.autorepeatShortestInterval, repeatInterval * Self.autorepeatAcceleration)
        scheduleRepeat(at: next)
    }

    private func sendValueChanged(_ event: UIEvent?) {
        performActions(for: .valueChanged, with: event)
        performActions(for: .primaryActionTriggered, with: event)
    }

    open override func willMove(toWindow newWindow: UIWindow?) {
        super.willMove(toWindow: newWindow)
        if newWindow == nil { stopRepeating() }
    }

    // MARK: Drawing

    /// The box, the halves' highlight, the hairline and the glyphs, for the state.
    override func layOutParts() {
        let size = Self.fixedSize
        contentLayer.frame = CGRect(origin: bounds.origin, size: size)
        contentLayer.opacity = isEnabled ? 1 : 0.5
        backgroundLayer.frame = CGRect(origin: .zero, size: size)
        backgroundLayer.cornerRadius = 8
        backgroundLayer.backgroundColor =
            UIColor(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.12)
            .cgColor
        let half = size.width / 2
        let pressed = UIColor(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.2).cgColor
        for (part, direction, x) in [(minusHighlightLayer, -1, 0), (plusHighlightLayer, 1, half)] {
            part.frame = CGRect(x: x, y: 0, width: half, height: size.height)
            let lit = isHighlighted && trackedDirection == direction
            part.backgroundColor = lit ? pressed : UIColor.clear.cgColor
        }
        separatorLayer.frame = CGRect(x: half - 0.5, y: 8, width: 1, height: size.height - 16)
        separatorLayer.backgroundColor = UIColor(white: 0, alpha: 0.15).cgColor

        let glyph = UIColor.label
        let dimmed = UIColor(white: 0, alpha: 0.25)
        let stroke: CGFloat = 2
        let arm: CGFloat = 14
        let minusCenter = CGPoint(x: half / 2, y: size.height / 2)
        let plusCenter = CGPoint(x: half + half / 2, y: size.height / 2)
        let decrementImage = decrementImages.value(for: canDecrement ? state : state.union(.disabled))
        let incrementImage = incrementImages.value(for: canIncrement ? state : state.union(.disabled))
        minusGlyph.isHidden = decrementImage != nil
        minusGlyph.frame = CGRect(
            x: minusCenter.x - arm / 2, y: minusCenter.y - stroke / 2, width: arm, height: stroke)
        minusGlyph.cornerRadius = stroke / 2
        minusGlyph.backgroundColor = (canDecrement ? glyph : dimmed).cgColor
        plusGlyphHorizontal.isHidden = incrementImage != nil
        plusGlyphVertical.isHidden = incrementImage != nil
        plusGlyphHorizontal.frame = CGRect(
            x: plusCenter.x - arm / 2, y: plusCenter.y - stroke / 2, width: arm, height: stroke)
        plusGlyphVertical.frame = CGRect(
            x: plusCenter.x - stroke / 2, y: plusCenter.y - arm / 2, width: stroke, height: arm)
        for bar in [plusGlyphHorizontal, plusGlyphVertical] {
            bar.cornerRadius = stroke / 2
            bar.backgroundColor = (canIncrement ? glyph : dimmed).cgColor
        }
        decrementImageView.image = decrementImage
        decrementImageView.isHidden = decrementImage == nil
        decrementImageView.frame = CGRect(x: 0, y: 0, width: half, height: size.height)
        decrementImageView.alpha = canDecrement ? 1 : 0.25
        incrementImageView.image = incrementImage
        incrementImageView.isHidden = incrementImage == nil
        incrementImageView.frame = CGRect(x: half, y: 0, width: half, height: size.height)
        incrementImageView.alpha = canIncrement ? 1 : 0.25
    }
}
