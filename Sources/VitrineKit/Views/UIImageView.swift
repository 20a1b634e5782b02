import Foundation
import VitrineLayers

/// A view that shows an image, as UIKit's `UIImageView`.
///
/// Follows UIKit: the image is the layer's contents (no `draw(_:)`, no backing store of its
/// own), shown at the image's scale, with its cap insets as the layer's `contentsCenter` so a
/// resizable image keeps its caps; the view's `contentMode` places it (through the layer's
/// `contentsGravity`, which `UIView` maps). `sizeThatFits(_:)` and `intrinsicContentSize` are
/// the image's size in points (the image shown: the highlighted one while highlighted), and
/// the intrinsic size is invalidated whenever the image shown changes; user interaction is
/// off by default; `isHighlighted` shows `highlightedImage` when there is one. Deviations: no
/// animation images, symbol configurations or `tintColor` templates; `.tile` resizable images
/// are stretched.
@preconcurrency @MainActor
open class UIImageView: UIView {
    // Accessibility defaults, as UIKit's image views: traits `.image` (an element only when
    // the app says so, as UIKit).
    override var defaultAccessibilityTraits: UIAccessibilityTraits { .image }

    /// The image shown, as `image`. Setting another image updates the layer and invalidates
    /// the intrinsic size.
    open var image: UIImage? {
        didSet {
            guard image !== oldValue else { return }
            showCurrentImage()
            invalidateIntrinsicContentSize()
        }
    }

    /// The image shown while `isHighlighted`, as `highlightedImage`; nil shows `image`.
    /// Setting it while highlighted invalidates the intrinsic size.
    open var highlightedImage: UIImage? {
        didSet {
            guard highlightedImage !== oldValue else { return }
            shownImageMayHaveChanged(from: isHighlighted ? oldValue ?? image : image)
        }
    }

    /// Whether `highlightedImage` is shown, as `isHighlighted` (default false). A change that
    /// swaps the image shown invalidates the intrinsic size.
    open var isHighlighted = false {
        didSet {
            guard isHighlighted != oldValue else { return }
            shownImageMayHaveChanged(from: oldValue ? highlightedImage ?? image : image)
        }
    }

    /// The backing layer's class: a layer whose display pass keeps the image (an image view
    /// does not draw, as in UIKit).
    open override class var layerClass: AnyClass { UIImageViewLayer.self }

    /// How the image is placed in the bounds, as `contentMode` (through the layer's
    /// `contentsGravity`); a resizable image keeps its caps in every scaling mode.
    open override var contentMode: ContentMode {
        didSet { showCurrentImage() }
    }

    /// An image view with a frame, no image, as `init(frame:)`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        configure()
    }

    /// An image view sized to `image` (its frame is the image's size at the origin), as
    /// `init(image:)`: a designated initializer, as in UIKit, so a subclass may override it.
    public init(image: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        configure()
    }

    /// An image view sized to `image`, with a highlighted image, as
    /// `init(image:highlightedImage:)`.
    public init(image: UIImage?, highlightedImage: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        self.highlightedImage = highlightedImage
        configure()
    }

    /// A view an interface file makes, as `init?(coder:)`: set up as `init(frame:)` sets it up,
    /// for the coder nib loading passes; fails for any other coder (see `UIView.init?(coder:)`).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        configure()
    }

    /// The image's size in points, as UIKit's image view answers `sizeThatFits(_:)` whatever
    /// the proposed size; `.zero` without an image.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        shownImage?.size ?? .zero
    }

    /// The image's size in points, as `intrinsicContentSize`; without an image,
    /// `noIntrinsicMetric` both ways.
    open override var intrinsicContentSize: CGSize {
        guard let image = shownImage else {
            return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
        }
        return image.size
    }

    // MARK: Internals

    /// The image on screen: the highlighted one while highlighted, if any.
    var shownImage: UIImage? {
        isHighlighted ? highlightedImage ?? image : image
    }

    /// Shows the current image; a different one changes the intrinsic size (an image view
    /// measures the image it shows).
    private func shownImageMayHaveChanged(from shownBefore: UIImage?) {
        showCurrentImage()
        if shownImage !== shownBefore { invalidateIntrinsicContentSize() }
    }

    private func configure() {
        isUserInteractionEnabled = false
        isOpaque = false
        showCurrentImage()
    }

    /// Puts the shown image in the layer. The image's scale is the layer's contents scale,
    /// so it must not follow the screen's scale as drawn views' does.
    private func showCurrentImage() {
        hasExplicitContentScale = true
        layer.setContents(shownImage)
        // Without caps, the view's own contentsCenter (from contentStretch) applies.
        if shownImage?.capInsets ?? .zero == .zero { contentModeDidChange() }
    }
}
