import Foundation

/// A view a collection view shows for one element and reuses for others, as UIKit's
/// `UICollectionReusableView`: the base of cells and of supplementary views (headers,
/// footers).
///
/// Register the class with the collection view and dequeue it; the collection view makes new
/// ones with `init(frame:)` and the element's frame (through `init(reuseFrame:)`, see there),
/// as UIKit makes them with `initWithFrame:`, applies the
/// layout's attributes to them and, when they scroll out of sight, keeps them in a queue
/// under their reuse identifier for the next dequeue, calling `prepareForReuse()` first.
@preconcurrency @MainActor
open class UICollectionReusableView: UIView {
    /// The identifier the view was dequeued with, as `reuseIdentifier`.
    open internal(set) var reuseIdentifier: String?

    /// The attributes last applied by the collection view.
    internal var appliedLayoutAttributes: UICollectionViewLayoutAttributes?

    /// The element the view shows while a collection view shows it.
    internal var elementKey: CollectionElementKey?

    /// The index path and size the view was last asked to fit (self-sizing), so it is asked
    /// once per estimate.
    internal var preferredAskedFor: (indexPath: IndexPath, size: CGSize)?

    /// A view with the given frame, as `init(frame:)`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// A view an interface file makes (a storyboard's section header or footer, a reusable view
    /// of a nib), as `init?(coder:)`: with its reuse identifier from the file
    /// (`reuseIdentifier=`); the loader then sets the file's frame, properties and subviews.
    /// Fails for any coder but the one nib and storyboard loading passes (Vitrine reads no
    /// archives).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        reuseIdentifier = coder.decodeObject(forKey: UINibDecoder.reuseIdentifierKey) as? String
    }

    /// How the collection view makes a registered class, with the frame of the element it is
    /// first made for: a Vitrine hook with no UIKit counterpart. It calls `init(frame:)` of the
    /// registered class (Swift calls a subclass's `init(frame:)` override from here, as UIKit
    /// calls `initWithFrame:`). A subclass that overrides `init(frame:)` and `init?(coder:)`,
    /// or adds no initializer, inherits it; one whose only initializers are new ones must
    /// override `init(frame:)` to be registered, as it must in UIKit.
    public required convenience init(reuseFrame frame: CGRect) {
        self.init(frame: frame)
    }

    /// Resets the view before the collection view hands it out again, as
    /// `prepareForReuse()`: called when a view from the reuse queue is dequeued. The default
    /// does nothing; a cell's clears its selection and highlight.
    open func prepareForReuse() {}

    /// Applies layout attributes beyond the geometry, as `apply(_:)`: the collection view has
    /// already set the frame, transform, alpha and hidden state; a view with attributes of a
    /// custom subclass reads them here. The default does nothing.
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}

    /// The view is about to change from one layout to another, as
    /// `willTransition(from:to:)`.
    open func willTransition(from oldLayout: UICollectionViewLayout, to newLayout: UICollectionViewLayout) {}

    /// The view changed layouts, as `didTransition(from:to:)`.
    open func didTransition(from oldLayout: UICollectionViewLayout, to newLayout: UICollectionViewLayout) {}

    /// The attributes the view would like instead of `layoutAttributes` (self-sizing), as
    /// `preferredLayoutAttributesFitting(_:)`. The collection view asks when its layout
    /// estimates sizes (a flow layout with `estimatedItemSize`) or is a custom layout.
    ///
    /// The default sizes the view with Auto Layout, as UIKit's: when the view's subtree holds
    /// constraints, a copy of the attributes with the size
    /// `systemLayoutSizeFitting(layoutAttributes.size)` gives (both axes at
    /// `.fittingSizeLevel`, so the content decides); without constraints, the attributes as
    /// they are.
    open func preferredLayoutAttributesFitting(
        _ layoutAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutAttributes {
        defaultPreferredLayoutAttributes(layoutAttributes)
    }

    final func defaultPreferredLayoutAttributes(
        _ layoutAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutAttributes {
        guard Self.subtreeHasConstraints(self) else { return layoutAttributes }
        let fitted = systemLayoutSizeFitting(
            layoutAttributes.size, withHorizontalFittingPriority: .fittingSizeLevel,
            verticalFittingPriority: .fittingSizeLevel)
        guard fitted.width.isFinite, fitted.height.isFinite, fitted != layoutAttributes.size else {
            return layoutAttributes
        }
        // A copy, so the layout's own attributes stay as they were until it accepts the change.
        guard let preferred = layoutAttributes.copy() as? UICollectionViewLayoutAttributes else {
            return layoutAttributes
        }
        preferred.size = fitted
        return preferred
    }

    private static func subtreeHasConstraints(_ view: UIView) -> Bool {
        if !view.constraints.isEmpty { return true }
        return view.subviews.contains { subtreeHasConstraints($0) }
    }

    /// Sets the geometry and appearance `attributes` describe, then `apply(_:)`.
    func applyLayoutAttributes(_ attributes: UICollectionViewLayoutAttributes) {
        let frameOnly = attributes.frame
        if bounds.size != frameOnly.size { bounds.size = frameOnly.size }
        if center != attributes.center { center = attributes.center }
        if !CATransform3DEqualToTransform(transform3D, attributes.transform3D) { transform3D = attributes.transform3D }
        if alpha != attributes.alpha { alpha = attributes.alpha }
        if isHidden != attributes.isHidden { isHidden = attributes.isHidden }
        layer.zPosition = CGFloat(attributes.zIndex)
        let changed = appliedLayoutAttributes.map { !$0.isEqual(attributes) } ?? true
        appliedLayoutAttributes = attributes
        if changed { apply(attributes) }
    }
}
