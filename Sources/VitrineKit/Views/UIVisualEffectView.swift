import Foundation
@_spi(VitrineEffects) import VitrineLayers

/// A view that blurs what lies behind it, or draws its content vibrant, as UIKit's
/// `UIVisualEffectView`.
///
/// Subviews go in `contentView`, as UIKit asks. With a `UIBlurEffect` the pixels behind the
/// view (everything drawn before it on screen, within its superviews' clips) are blurred with
/// the style's radius, tinted in its colour, and `contentView` is drawn above. The blur is
/// real and live: the compositor blurs what lies behind again whenever it changes there, and
/// keeps the blurred pixels while it does not (a still screen costs no blur). Rounded corners
/// come as in UIKit, from the view's `layer.cornerRadius` with `clipsToBounds`.
///
/// `effect` is animatable: set inside `UIView.animate`, a blur fades in from nil or out to nil
/// (Vitrine cross-fades the blurred backdrop; UIKit also animates the radius), and a change of
/// style animates the tint. With a `UIVibrancyEffect` (usually a view inside a blur view's
/// `contentView`) the content is drawn translucent (see `UIVibrancyEffect`).
@preconcurrency @MainActor
open class UIVisualEffectView: UIView {
    /// The view subviews are added to, as `contentView`: the effect view's bounds.
    public let contentView: UIView

    /// The blurred, tinted backdrop, under `contentView`.
    let backdropView: UIView

    /// The effect applied, as `effect`. Animatable (see the class's comment).
    open var effect: UIVisualEffect? {
        didSet { applyEffect() }
    }

    /// A view with `effect` (nil: none, a plain container), as `init(effect:)`.
    public init(effect: UIVisualEffect?) {
        contentView = UIView()
        backdropView = UIView()
        super.init(frame: .zero)
        self.effect = effect
        configure()
    }

    /// A view with no effect, as `init(frame:)` (UIKit's `UIVisualEffectView` inherits it).
    public convenience override init(frame: CGRect) {
        self.init(effect: nil)
        self.frame = frame
    }

    /// A view an interface file makes, as `init?(coder:)`: no effect until one is set.
    public required init?(coder: NSCoder) {
        contentView = UIView()
        backdropView = UIView()
        super.init(coder: coder)
        configure()
    }

    private func configure() {
        for view in [backdropView, contentView] {
            view.frame = bounds
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        }
        backdropView.isUserInteractionEnabled = false
        backdropView.alpha = 0
        addSubview(backdropView)
        addSubview(contentView)
        applyEffect()
    }

    /// Adaptive styles follow the interface style.
    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        applyEffect()
    }

    /// Keeps the backdrop and `contentView` at the bounds when the view is laid out without
    /// autoresizing (a frame set before the subviews existed).
    open override func layoutSubviews() {
        super.layoutSubviews()
        backdropView.frame = bounds
        contentView.frame = bounds
    }

    private func applyEffect() {
        // Before the subviews are added, `init` configures them once it can.
        guard backdropView.superview === self else { return }
        switch effect {
        case let blur as UIBlurEffect:
            let look = blur.look(dark: traitCollection.userInterfaceStyle == .dark)
            backdropView.layer.backdropBlurRadius = look.radius
            backdropView.backgroundColor = look.tint
            backdropView.alpha = 1
            contentView.alpha = 1
        case let vibrancy as UIVibrancyEffect:
            backdropView.alpha = 0
            contentView.alpha = vibrancy.contentOpacity
        default:
            // Fades out (inside an animation) with the radius kept, then draws nothing.
            backdropView.alpha = 0
            contentView.alpha = 1
        }
    }
}
