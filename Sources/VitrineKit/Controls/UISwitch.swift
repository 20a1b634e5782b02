import Foundation
import VitrineLayers

/// An on/off switch, as UIKit's `UISwitch` (the iOS 7+ look): a rounded track, filled with
/// `onTintColor` when on, and a round thumb that sits right when on, left when off.
///
/// - Its size is fixed at 51x31 points, as in UIKit: `frame` and `bounds` keep the size
///   whatever is asked (the origin or center still moves).
/// - A tap (a touch that lifts inside the bounds plus the slop) toggles it; a touch dragged
///   more than 10 points sideways sets it to the side it ends on, as UIKit's drag does. When
///   the value changes by touch it sends `.valueChanged`, then `.primaryActionTriggered`
///   (the action of `init(frame:primaryAction:)`), before `.touchUpInside`. Setting `isOn`
///   in code sends nothing, as in UIKit.
/// - While touched the thumb widens by 7 points, as UIKit's does. Disabled, it draws at half
///   opacity.
/// - `setOn(_:animated:)` with `animated` slides the thumb and cross-fades the track's colour
///   while `isOn` changes at once, as in UIKit; see there for the timing. Setting `isOn`, and
///   a change by touch, show at once.
/// - Deviations: there is no thumb shadow (a hairline ring stands in); the off track is always the system's
///   light grey (`tintColor` does not colour it); no `offImage`/`onImage`, no
///   `preferredStyle` (always the sliding switch).
@preconcurrency @MainActor
open class UISwitch: UIControl {
    // Accessibility defaults, as UIKit's switches: `.button`, value "1" when on, "0" when off.
    override var controlAccessibilityTraits: UIAccessibilityTraits { .button }
    override var defaultAccessibilityValue: String? { isOn ? "1" : "0" }

    /// A slider's or switch's drag is its own: pans and swipes on ancestors do not take it.
    override func claimsTouches(from recognizer: UIGestureRecognizer) -> Bool {
        recognizer is UIPanGestureRecognizer || recognizer is UISwipeGestureRecognizer
            || super.claimsTouches(from: recognizer)
    }

    /// The switch's one size.
    static let fixedSize = CGSize(width: 51, height: 31)
    private static let thumbInset: CGFloat = 2
    private static let thumbStretch: CGFloat = 7
    /// The sideways drag beyond which a touch sets the side rather than toggling.
    private static let dragThreshold: CGFloat = 10
    /// How long `setOn(_:animated:)` animates (UIKit does not document it).
    static let animationDuration: CFTimeInterval = 0.25

    private let contentLayer = CALayer()
    private let trackLayer = CALayer()
    private let thumbLayer = CALayer()
    private var trackingStartX: CGFloat = 0

    /// A switch at `frame`'s origin, 51x31 points, off, as `init(frame:)`.
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.fixedSize))
        setUpParts()
    }

    /// A switch already on or off: the nib loader's, so that a file's switches are laid out
    /// once rather than again when `isOn` is set.
    init(frame: CGRect, isOn: Bool) {
        self.isOn = isOn
        super.init(frame: CGRect(origin: frame.origin, size: Self.fixedSize))
        setUpParts()
    }

    /// A view an interface file makes, as `init?(coder:)`: set up as `init(frame:)` sets it up,
    /// for the coder nib loading passes; fails for any other coder (see `UIView.init?(coder:)`).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        bounds.size = Self.fixedSize
        setUpParts()
    }

    /// What both initializers set up: the parts the control draws with.
    private func setUpParts() {
        isOpaque = false
        layer.addSublayer(contentLayer)
        contentLayer.addSublayer(trackLayer)
        contentLayer.addSublayer(thumbLayer)
        thumbLayer.borderWidth = 0.5
        thumbLayer.borderColor = UIColor(white: 0, alpha: 0.12).cgColor
        refreshParts()
    }

    // MARK: Value

    /// Whether the switch is on, as `isOn` (default false). Setting it sends no event and
    /// shows at once (a running `setOn(_:animated:)` animation stops), as in UIKit.
    open var isOn = false {
        didSet {
            guard isOn != oldValue else { return }
            ControlPartAnimation.cancel(animatedParts)
            refreshParts()
        }
    }

    /// Sets `isOn`, as `setOn(_:animated:)`; sends no event. `isOn` changes at once, as in
    /// UIKit. With `animated`, the change shows over 0.25 s, ease-in-ease-out (UIKit does not
    /// document its timing; Vitrine's choice): the thumb slides to its new side and the track's
    /// colour cross-fades, starting from what is shown, so a set during a running animation
    /// turns back without a jump. Without it, the change shows at once, as setting `isOn`.
    open func setOn(_ on: Bool, animated: Bool) {
        guard animated, on != isOn else {
            isOn = on
            return
        }
        let animation = ControlPartAnimation(animatedParts)
        isOn = on
        animation.run(duration: Self.animationDuration, timing: .easeInEaseOut)
    }

    /// The parts' key paths an animated change moves.
    private var animatedParts: [(CALayer, [String])] {
        [(thumbLayer, ["position", "bounds"]), (trackLayer, ["backgroundColor"])]
    }

    // MARK: Colours

    /// The track's colour when on, as `onTintColor`; nil is UIKit's default, the system
    /// green.
    open var onTintColor: UIColor? {
        didSet { refreshParts() }
    }

    /// The thumb's colour, as `thumbTintColor`; nil is white.
    open var thumbTintColor: UIColor? {
        didSet { refreshParts() }
    }

    // MARK: Size

    /// Keeps the size at 51x31 points; the origin moves.
    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = CGRect(origin: newValue.origin, size: Self.fixedSize) }
    }

    /// Keeps the size at 51x31 points; the origin shifts the content as for any view.
    open override var bounds: CGRect {
        get { super.bounds }
        set { super.bounds = CGRect(origin: newValue.origin, size: Self.fixedSize) }
    }

    /// 51x31, as UIKit's.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.fixedSize }

    /// 51x31, as UIKit's.
    open override var intrinsicContentSize: CGSize { Self.fixedSize }

    // MARK: Tracking

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        trackingStartX = touch.location(in: self).x
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        guard isTouchInside, let touch else { return }
        let x = touch.location(in: self).x
        let newValue: Bool
        if x.isFinite, abs(x - trackingStartX) > Self.dragThreshold {
            newValue = x > bounds.midX
        } else {
            newValue = !isOn
        }
        guard newValue != isOn else { return }
        isOn = newValue
        performActions(for: .valueChanged, with: event)
        performActions(for: .primaryActionTriggered, with: event)
    }

    // MARK: Drawing

    /// Puts the track and thumb where the state says, in their colours.
    override func layOutParts() {
        let size = Self.fixedSize
        let area = CGRect(origin: bounds.origin, size: size)
        contentLayer.frame = area
        contentLayer.opacity = isEnabled ? 1 : 0.5
        trackLayer.frame = CGRect(origin: .zero, size: size)
        trackLayer.cornerRadius = size.height / 2
        let onColor = onTintColor ?? .systemGreen
        let offColor = UIColor.systemGray5
        trackLayer.backgroundColor = (isOn ? onColor : offColor).cgColor
        let diameter = size.height - 2 * Self.thumbInset
        let width = diameter + (isHighlighted ? Self.thumbStretch : 0)
        let x = isOn ? size.width - Self.thumbInset - width : Self.thumbInset
        thumbLayer.frame = CGRect(x: x, y: Self.thumbInset, width: width, height: diameter)
        thumbLayer.cornerRadius = diameter / 2
        thumbLayer.backgroundColor = (thumbTintColor ?? .white).cgColor
    }
}
