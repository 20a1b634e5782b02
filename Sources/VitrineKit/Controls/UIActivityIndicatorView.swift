import Foundation
import VitrineLayers

/// A spinner showing that work is under way, as UIKit's `UIActivityIndicatorView`: spokes
/// around a centre, the leading one opaque and the ones behind it fading, turning one spoke
/// a step.
///
/// - Sizes are UIKit's: `.medium` (and the deprecated `.white`, `.gray`) 20x20 points,
///   `.large` (and `.whiteLarge`) 37x37; `intrinsicContentSize` and `sizeThatFits(_:)` give
///   them. The spokes are drawn centred in whatever bounds the view has.
/// - `.medium` and `.large` have 8 spokes (iOS 13+); the deprecated styles 12 (iOS 6's).
/// - `startAnimating()` adds a discrete `CAKeyframeAnimation` of `transform.rotation.z` to the
///   spokes' layer (one step per spoke, one turn a second, repeating): it is sampled by the
///   screen's frame loop on the display link's vblanks, not a timer thread, and costs nothing
///   while stopped. `stopAnimating()` removes it.
/// - `hidesWhenStopped` (default true, as UIKit's) hides the view while it is stopped, so a
///   new indicator is hidden until started, as in UIKit.
/// - `color` defaults to the style's: grey (the secondary label colour) for `.medium`,
///   `.large` and `.gray`, white for `.white` and `.whiteLarge`. Setting it overrides the
///   style's until set to nil.
@preconcurrency @MainActor
open class UIActivityIndicatorView: UIView {
    /// The look of an indicator, as `UIActivityIndicatorView.Style`, with UIKit's raw values.
    public enum Style: Int, Sendable, Hashable {
        /// Deprecated in iOS 13: a large white indicator (37 points, 12 spokes).
        case whiteLarge = 0
        /// Deprecated in iOS 13: a white indicator (20 points, 12 spokes).
        case white = 1
        /// Deprecated in iOS 13: a grey indicator (20 points, 12 spokes).
        case gray = 2
        /// The standard indicator (20 points, 8 spokes).
        case medium = 100
        /// The large indicator (37 points, 8 spokes).
        case large = 101
    }

    // Accessibility defaults, as UIKit's: an element labelled "In progress" while it spins
    // and "Progress halted" when stopped.
    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityLabel: String? { isAnimating ? "In progress" : "Progress halted" }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { .updatesFrequently }

    /// How long one turn takes.
    static let turnDuration: CFTimeInterval = 1
    /// The key of the spinning animation on the spokes' layer.
    static let spinKey = "vitrine.activityIndicator.spin"

    private let spokesLayer = CALayer()
    private var spokeLayers: [CALayer] = []

    /// An indicator of `style`, sized for it, as `init(style:)`.
    public init(style: Style) {
        self.style = style
        super.init(frame: CGRect(origin: .zero, size: Self.size(for: style)))
        setUp()
    }

    /// A `.medium` indicator at `frame`, as `init(frame:)`.
    public override init(frame: CGRect) {
        self.style = .medium
        super.init(frame: frame)
        setUp()
    }

    /// Vitrine has no archives; always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    private func setUp() {
        isOpaque = false
        isUserInteractionEnabled = false
        layer.addSublayer(spokesLayer)
        rebuildSpokes()
        isHidden = hidesWhenStopped
    }

    // MARK: Style and colour

    /// The style, as `style`. Changing it changes the spokes, their default colour and the
    /// intrinsic size (the frame is left as it is, as in UIKit).
    open var style: Style {
        didSet {
            guard style != oldValue else { return }
            rebuildSpokes()
            invalidateIntrinsicContentSize()
        }
    }

    /// The spokes' colour, as `color`: the style's colour until set.
    open var color: UIColor! {
        get { storedColor ?? Self.defaultColor(for: style) }
        set {
            storedColor = newValue
            refreshSpokes()
        }
    }
    private var storedColor: UIColor?

    /// The style's own size.
    static func size(for style: Style) -> CGSize {
        switch style {
        case .large, .whiteLarge: return CGSize(width: 37, height: 37)
        case .medium, .white, .gray: return CGSize(width: 20, height: 20)
        }
    }

    /// How many spokes the style has.
    static func spokeCount(for style: Style) -> Int {
        style == .medium || style == .large ? 8 : 12
    }

    static func defaultColor(for style: Style) -> UIColor {
        switch style {
        case .white, .whiteLarge: return .white
        case .gray: return .gray
        case .medium, .large: return .secondaryLabel
        }
    }

    // MARK: Animating

    /// Whether the indicator is spinning, as `isAnimating`.
    open private(set) var isAnimating = false

    /// Whether the indicator hides while stopped, as `hidesWhenStopped` (default true).
    open var hidesWhenStopped = true {
        didSet { if !isAnimating { isHidden = hidesWhenStopped } }
    }

    /// Starts spinning and shows the indicator, as `startAnimating()`. Starting a spinning
    /// indicator does nothing.
    open func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        isHidden = false
        addSpin()
    }

    /// Stops spinning, as `stopAnimating()`; hides the indicator when `hidesWhenStopped`.
    open func stopAnimating() {
        guard isAnimating else { return }
        isAnimating = false
        spokesLayer.removeAnimation(forKey: Self.spinKey)
        if hidesWhenStopped { isHidden = true }
    }

    private func addSpin() {
        let count = spokeLayers.count
        let spin = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        spin.values = (0..<count).map { CGFloat($0) * 2 * .pi / CGFloat(count) }
        spin.calculationMode = .discrete
        spin.duration = Self.turnDuration
        spin.repeatCount = .infinity
        spin.isRemovedOnCompletion = false
        spokesLayer.add(spin, forKey: Self.spinKey)
    }

    // MARK: Size and drawing

    /// The style's size, as UIKit's.
    open override var intrinsicContentSize: CGSize { Self.size(for: style) }

    /// The style's size, as UIKit's.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size(for: style) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        refreshSpokes()
    }

    private func rebuildSpokes() {
        for spoke in spokeLayers { spoke.removeFromSuperlayer() }
        spokeLayers = (0..<Self.spokeCount(for: style)).map { _ in CALayer() }
        for spoke in spokeLayers { spokesLayer.addSublayer(spoke) }
        refreshSpokes()
        if isAnimating {
            spokesLayer.removeAnimation(forKey: Self.spinKey)
            addSpin()
        }
    }

    /// Puts the spokes around the centre: spoke i points at angle i·2π/n clockwise from the
    /// top; the leading spoke (index 0, at the top) is opaque and the ones before it fade to
    /// 25%, so the bright spoke leads clockwise as the layer turns.
    private func refreshSpokes() {
        CATransaction.withActionsDisabled {
            let side = min(bounds.width, bounds.height)
            spokesLayer.frame = CGRect(
                x: bounds.midX - side / 2, y: bounds.midY - side / 2, width: side, height: side)
            let count = spokeLayers.count
            let large = style == .large || style == .whiteLarge
            // Proportions of UIKit's spokes: width and length as fractions of the side.
            let width = side * (large ? 0.095 : 0.1)
            let length = side * (count == 8 ? 0.28 : 0.27)
            let outer = side / 2
            let colour = (color ?? Self.defaultColor(for: style)).cgColor
            for (index, spoke) in spokeLayers.enumerated() {
                let angle = CGFloat(index) * 2 * .pi / CGFloat(count)
                spoke.bounds = CGRect(x: 0, y: 0, width: width, height: length)
                spoke.cornerRadius = width / 2
                spoke.backgroundColor = colour
                // Trailing spokes (counter-clockwise from the leader) fade.
                let behind = CGFloat((count - index) % count)
                spoke.opacity = Float(1 - 0.75 * behind / CGFloat(count - 1))
                let radius = outer - length / 2
                spoke.position = CGPoint(x: side / 2 + radius * sin(angle), y: side / 2 - radius * cos(angle))
                spoke.setAffineTransform(CGAffineTransform(rotationAngle: angle))
            }
        }
    }
}
