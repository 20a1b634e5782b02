import Foundation
import VitrineLayers

/// A bar showing how far a task has come, as UIKit's `UIProgressView` (the iOS 13+ look): a
/// 4-point track, rounded in the `.default` style, with the part done filled from the leading
/// (left) edge in `progressTintColor`.
///
/// - `progress` is always within 0...1: setting it clamps, as UIKit does; NaN counts as 0.
/// - `setProgress(_:animated:)` with `animated` moves the fill through the UIView animation
///   machinery (a `UIView.animate` block, 0.25 s ease-in-ease-out; UIKit does not document
///   its timing), so it composes with other UIView animations; `progress` changes at once.
/// - The track and the fill are subviews laid out in `layoutSubviews`; the view's height is
///   whatever its frame says, and `intrinsicContentSize` is 4 points high with no width, as
///   UIKit's.
/// - Deviations: `observedProgress` (a Foundation `Progress` followed by key-value observing)
///   is not offered: Foundation on Linux has no key-value observing. `progressImage` and
///   `trackImage` are stored and shown stretched in place of the colours.
@preconcurrency @MainActor
open class UIProgressView: UIView {
    /// The look of a progress view, as `UIProgressView.Style`, with UIKit's raw values.
    public enum Style: Int, Sendable, Hashable {
        /// The standard bar: a rounded grey track under a rounded fill.
        case `default` = 0
        /// The toolbar bar: no track colour of its own (clear), square ends.
        case bar = 1
    }

    // Accessibility defaults, as UIKit's: an element that updates frequently, its value the
    // progress as a percentage ("50%").
    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { .updatesFrequently }
    override var defaultAccessibilityValue: String? { "\(Int((storedProgress * 100).rounded()))%" }

    /// The height UIKit gives a progress view.
    static let barHeight: CGFloat = 4
    /// How long `setProgress(_:animated:)` animates.
    static let animationDuration: TimeInterval = 0.25

    private let trackView = UIImageView(frame: .zero)
    private let fillView = UIImageView(frame: .zero)

    /// A progress view of `.default` style at `frame`, as `init(frame:)`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpParts()
    }

    /// A progress view of `style`, 4 points high and without width, as
    /// `init(progressViewStyle:)`.
    public convenience init(progressViewStyle style: Style) {
        self.init(frame: CGRect(x: 0, y: 0, width: 0, height: Self.barHeight))
        progressViewStyle = style
        // (Observers do not run for the class's own initializers.)
        updateColours()
        setNeedsLayout()
    }

    /// Vitrine has no archives; always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    private func setUpParts() {
        isOpaque = false
        isUserInteractionEnabled = false
        trackView.clipsToBounds = true
        addSubview(trackView)
        trackView.addSubview(fillView)
        updateColours()
        setNeedsLayout()
    }

    // MARK: Value

    /// The share done, as `progress` (default 0), clamped to 0...1; NaN counts as 0.
    open var progress: Float {
        get { storedProgress }
        set { setProgress(newValue, animated: false) }
    }
    private var storedProgress: Float = 0

    /// Sets `progress` (clamped), as `setProgress(_:animated:)`. With `animated`, the fill
    /// moves over 0.25 s in a UIView animation, from what is shown; otherwise at once.
    open func setProgress(_ progress: Float, animated: Bool) {
        let clamped = progress.isNaN ? 0 : min(max(progress, 0), 1)
        guard clamped != storedProgress else { return }
        storedProgress = clamped
        if animated {
            layoutIfNeeded()
            UIView.animate(
                withDuration: Self.animationDuration, delay: 0, options: [.beginFromCurrentState],
                animations: { self.layOutFill() }, completion: nil)
        } else {
            layOutFill()
        }
    }

    /// The style, as `progressViewStyle` (default `.default`).
    open var progressViewStyle: Style = .default {
        didSet {
            updateColours()
            setNeedsLayout()
        }
    }

    // MARK: Colours and images

    /// The fill's colour, as `progressTintColor`; nil: the tint colour, as in UIKit.
    open var progressTintColor: UIColor? {
        didSet { updateColours() }
    }

    /// The track's colour, as `trackTintColor`; nil: the system's light grey (`.default`) or
    /// clear (`.bar`).
    open var trackTintColor: UIColor? {
        didSet { updateColours() }
    }

    /// An image for the fill, as `progressImage` (stretched over the fill).
    open var progressImage: UIImage? {
        didSet { updateColours() }
    }

    /// An image for the track, as `trackImage` (stretched over the track).
    open var trackImage: UIImage? {
        didSet { updateColours() }
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateColours()
    }

    private func updateColours() {
        let defaultTrack: UIColor = progressViewStyle == .bar ? .clear : .systemGray5
        trackView.image = trackImage
        fillView.image = progressImage
        trackView.backgroundColor = trackImage == nil ? (trackTintColor ?? defaultTrack) : .clear
        fillView.backgroundColor = progressImage == nil ? (progressTintColor ?? tintColor) : .clear
    }

    // MARK: Size and layout

    /// No intrinsic width, 4 points high, as UIKit's.
    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: Self.barHeight)
    }

    /// The current width, 4 points high.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: bounds.width, height: Self.barHeight)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        trackView.frame = bounds
        let radius = progressViewStyle == .default ? min(bounds.height, bounds.width) / 2 : 0
        trackView.layer.cornerRadius = radius
        fillView.layer.cornerRadius = radius
        layOutFill()
    }

    /// The fill's frame for the current progress (leading edge on the left).
    private func layOutFill() {
        let width = bounds.width * CGFloat(storedProgress)
        fillView.frame = CGRect(x: 0, y: 0, width: width.isFinite ? width : 0, height: bounds.height)
    }
}
