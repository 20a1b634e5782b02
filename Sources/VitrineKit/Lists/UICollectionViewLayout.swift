import Foundation

/// Where a collection view's cells and supplementary views go, as UIKit's
/// `UICollectionViewLayout`: an abstract class a layout subclasses.
///
/// The collection view calls, as UIKit does: `prepare()` after every invalidation and before
/// asking anything else; `collectionViewContentSize`; `layoutAttributesForElements(in:)` for
/// the visible rectangle (plus a margin) at every layout pass, which includes every scroll;
/// `layoutAttributesForItem(at:)` and `layoutAttributesForSupplementaryView(ofKind:at:)` for
/// single elements (`scrollToItem`, dequeuing outside a layout pass);
/// `shouldInvalidateLayout(forBoundsChange:)` when its bounds changed since the last layout
/// pass (a scroll or a resize), with `invalidationContext(forBoundsChange:)` when it answers
/// true. For animated updates: `prepare(forCollectionViewUpdates:)`, the initial and final
/// attributes of appearing and disappearing elements, then `finalizeCollectionViewUpdates()`.
///
/// Subclasses must override `collectionViewContentSize`,
/// `layoutAttributesForElements(in:)` and `layoutAttributesForItem(at:)`; the defaults
/// return nothing.
@preconcurrency @MainActor
open class UICollectionViewLayout {
    /// The collection view using the layout, as `collectionView` (held weakly; nil until the
    /// layout is given to one).
    open internal(set) weak var collectionView: UICollectionView?

    /// Decoration view classes registered by kind.
    var decorationClasses: [String: UICollectionReusableView.Type] = [:]

    /// A layout not yet used by a collection view, as `init()`.
    public init() {}

    /// Vitrine has no archives; always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The class of the attributes the layout makes, as `layoutAttributesClass`: a layout
    /// with a subclass of `UICollectionViewLayoutAttributes` returns it (the flow layout
    /// makes its attributes of this class).
    open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }

    /// The class of the layout's invalidation contexts, as `invalidationContextClass`.
    open class var invalidationContextClass: AnyClass { UICollectionViewLayoutInvalidationContext.self }

    // MARK: Computing the layout

    /// Computes what the layout needs, as `prepare()`: called before the first layout pass
    /// and after each invalidation, before any other question. The default does nothing;
    /// call `super` from an override.
    open func prepare() {}

    /// The size of the whole content, as `collectionViewContentSize`: the collection view's
    /// `contentSize`. The default is zero.
    open var collectionViewContentSize: CGSize { .zero }

    /// The attributes of every cell, supplementary and decoration view whose frame meets
    /// `rect` (content coordinates), as `layoutAttributesForElements(in:)`. The default
    /// returns nil.
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

    /// The attributes of one item, as `layoutAttributesForItem(at:)`. The default returns
    /// nil.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// The attributes of one supplementary view, as
    /// `layoutAttributesForSupplementaryView(ofKind:at:)`. The default returns nil.
    open func layoutAttributesForSupplementaryView(
        ofKind elementKind: String, at indexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    /// The attributes of one decoration view, as
    /// `layoutAttributesForDecorationView(ofKind:at:)`. The default returns nil.
    open func layoutAttributesForDecorationView(
        ofKind elementKind: String, at indexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    /// Where scrolling should stop when it would stop at `proposedContentOffset`, as
    /// `targetContentOffset(forProposedContentOffset:)`: asked after a layout change and
    /// after animated updates. The default returns the proposal.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    /// Where a fling should stop, as
    /// `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`. The default
    /// returns the proposal.
    open func targetContentOffset(
        forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
    ) -> CGPoint {
        proposedContentOffset
    }

    // MARK: Invalidation

    /// Whether a change of the collection view's bounds (a scroll or a resize) needs a new
    /// layout, as `shouldInvalidateLayout(forBoundsChange:)`. The default is false.
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// The context for a bounds change the layout asked to be invalidated for, as
    /// `invalidationContext(forBoundsChange:)`.
    open func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        makeInvalidationContext()
    }

    /// Whether a view's preferred attributes (self-sizing) need a new layout, as
    /// `shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)`. The
    /// default is false.
    open func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> Bool { false }

    /// The context for a view's preferred attributes, as
    /// `invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)`: the
    /// default marks the element.
    open func invalidationContext(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutInvalidationContext {
        let context = makeInvalidationContext()
        switch originalAttributes.representedElementCategory {
        case .cell: context.invalidateItems(at: [originalAttributes.indexPath])
        case .supplementaryView, .decorationView:
            context.invalidateSupplementaryElements(
                ofKind: originalAttributes.representedElementKind ?? "", at: [originalAttributes.indexPath])
        }
        return context
    }

    /// Throws the layout away and asks for a new one at the next layout pass, as
    /// `invalidateLayout()`: an invalidation of everything.
    open func invalidateLayout() {
        let context = makeInvalidationContext()
        context.invalidateEverything = true
        invalidateLayout(with: context)
    }

    /// Marks what `context` says as invalid, as `invalidateLayout(with:)`: the collection
    /// view calls `prepare()` again before its next layout pass. Call `super` from an
    /// override.
    open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        collectionView?.layoutWasInvalidated(context)
    }

    /// A context of `invalidationContextClass` (the base class if that is not a context).
    func makeInvalidationContext() -> UICollectionViewLayoutInvalidationContext {
        let type =
            (Self.invalidationContextClass as? UICollectionViewLayoutInvalidationContext.Type)
            ?? UICollectionViewLayoutInvalidationContext.self
        return type.init()
    }

    /// Attributes of `layoutAttributesClass` (the base class if that is not attributes).
    func makeAttributes() -> UICollectionViewLayoutAttributes {
        let type =
            (Self.layoutAttributesClass as? UICollectionViewLayoutAttributes.Type)
            ?? UICollectionViewLayoutAttributes.self
        return type.init()
    }

    // MARK: Updates

    /// The changes of a batch update, before the initial and final attributes are asked
    /// for, as `prepare(forCollectionViewUpdates:)`. Called after `prepare()`. The default
    /// does nothing.
    open func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {}

    /// The update's animations are set up, as `finalizeCollectionViewUpdates()`.
    open func finalizeCollectionViewUpdates() {}

    /// Where an appearing item starts its animation, as
    /// `initialLayoutAttributesForAppearingItem(at:)` (`itemIndexPath` is after the update).
    /// The default returns nil: an inserted item then fades in at its place, any other
    /// appears there.
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes?
    { nil }

    /// Where a disappearing item ends its animation, as
    /// `finalLayoutAttributesForDisappearingItem(at:)` (`itemIndexPath` is before the
    /// update). The default returns nil: a deleted item then fades out where it is, any other
    /// moves to its new place.
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes?
    { nil }

    /// Where an appearing supplementary view starts, as
    /// `initialLayoutAttributesForAppearingSupplementaryElement(ofKind:at:)`. The default
    /// returns nil (a fade in).
    open func initialLayoutAttributesForAppearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    /// Where a disappearing supplementary view ends, as
    /// `finalLayoutAttributesForDisappearingSupplementaryElement(ofKind:at:)`. The default
    /// returns nil (a fade out).
    open func finalLayoutAttributesForDisappearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    /// Where an appearing decoration view starts, as
    /// `initialLayoutAttributesForAppearingDecorationElement(ofKind:at:)`.
    open func initialLayoutAttributesForAppearingDecorationElement(
        ofKind elementKind: String, at decorationIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    /// Where a disappearing decoration view ends, as
    /// `finalLayoutAttributesForDisappearingDecorationElement(ofKind:at:)`.
    open func finalLayoutAttributesForDisappearingDecorationElement(
        ofKind elementKind: String, at decorationIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    // MARK: Layout transitions

    /// The collection view is about to change to `newLayout`, as
    /// `prepareForTransition(to:)`.
    open func prepareForTransition(to newLayout: UICollectionViewLayout) {}

    /// The collection view is about to change from `oldLayout` to this one, as
    /// `prepareForTransition(from:)`.
    open func prepareForTransition(from oldLayout: UICollectionViewLayout) {}

    /// The change of layouts is set up, as `finalizeLayoutTransition()`.
    open func finalizeLayoutTransition() {}

    // MARK: Decoration views

    /// Registers the class of a decoration view kind, as
    /// `register(_:forDecorationViewOfKind:)`; nil unregisters it.
    open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
        guard let viewClass else {
            decorationClasses[elementKind] = nil
            return
        }
        guard let type = viewClass as? UICollectionReusableView.Type else {
            kitLog.error("UICollectionViewLayout: \(viewClass) is not a UICollectionReusableView; not registered")
            return
        }
        decorationClasses[elementKind] = type
    }

    // MARK: Hooks for the collection view

    /// Whether the collection view asks each view for its preferred attributes
    /// (self-sizing): true for custom layouts, as UIKit asks them; a flow layout only with
    /// an estimated item size.
    var asksForPreferredAttributes: Bool { true }

    /// A batch update is committed: the layout moves what it keeps per item (a flow layout
    /// its measured sizes) to the items' new index paths.
    func collectionViewWillApplyUpdate(_ update: CollectionViewUpdatePlan) {}
}
