import Foundation

/// Which parts of a layout need recomputing, as UIKit's
/// `UICollectionViewLayoutInvalidationContext`: passed to `invalidateLayout(with:)`, so a
/// layout may redo only what changed (a flow layout moves pinned headers on a scroll without
/// measuring its items again).
@preconcurrency @MainActor
open class UICollectionViewLayoutInvalidationContext {
    /// Whether everything must be recomputed, as `invalidateEverything` (true for
    /// `invalidateLayout()` and `reloadData()`).
    open internal(set) var invalidateEverything = false

    /// Whether the numbers of sections and items changed, as `invalidateDataSourceCounts`
    /// (true for `reloadData()` and batch updates).
    open internal(set) var invalidateDataSourceCounts = false

    /// The items whose layout changed, as `invalidatedItemIndexPaths`.
    open private(set) var invalidatedItemIndexPaths: [IndexPath]?

    /// The supplementary views whose layout changed, by kind, as
    /// `invalidatedSupplementaryIndexPaths`.
    open private(set) var invalidatedSupplementaryIndexPaths: [String: [IndexPath]]?

    /// How much to move the content offset by after the invalidation, as
    /// `contentOffsetAdjustment`.
    open var contentOffsetAdjustment: CGPoint = .zero

    /// How much the content size changes, as `contentSizeAdjustment`.
    open var contentSizeAdjustment: CGSize = .zero

    /// An empty context: nothing marked, as `init()`.
    public required init() {}

    /// Marks items as changed, as `invalidateItems(at:)`.
    open func invalidateItems(at indexPaths: [IndexPath]) {
        invalidatedItemIndexPaths = (invalidatedItemIndexPaths ?? []) + indexPaths
    }

    /// Marks supplementary views as changed, as `invalidateSupplementaryElements(ofKind:at:)`.
    open func invalidateSupplementaryElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
        var all = invalidatedSupplementaryIndexPaths ?? [:]
        all[elementKind, default: []] += indexPaths
        invalidatedSupplementaryIndexPaths = all
    }
}

/// A flow layout's invalidation context, as UIKit's
/// `UICollectionViewFlowLayoutInvalidationContext`.
@preconcurrency @MainActor
open class UICollectionViewFlowLayoutInvalidationContext: UICollectionViewLayoutInvalidationContext {
    /// Whether the sizes and spacings the delegate gives must be asked for again, as
    /// `invalidateFlowLayoutDelegateMetrics` (default true).
    open var invalidateFlowLayoutDelegateMetrics = true

    /// Whether the flow layout's positions must be computed again, as
    /// `invalidateFlowLayoutAttributes` (default true).
    open var invalidateFlowLayoutAttributes = true

    /// A context that recomputes the delegate's metrics and the positions, as `init()`.
    public required init() {
        super.init()
    }
}

/// One change of a batch update, as UIKit's `UICollectionViewUpdateItem`: what the layout's
/// `prepare(forCollectionViewUpdates:)` is given. A section change has `NSNotFound` as its
/// item.
@preconcurrency @MainActor
open class UICollectionViewUpdateItem {
    /// What a change does, as `UICollectionViewUpdateItem.Action`.
    public enum Action: Int, Sendable {
        case insert
        case delete
        case reload
        case move
        case none
    }

    /// The element's index path before the update; nil for an insertion, as
    /// `indexPathBeforeUpdate`.
    open private(set) var indexPathBeforeUpdate: IndexPath?

    /// The element's index path after the update; nil for a deletion, as
    /// `indexPathAfterUpdate`.
    open private(set) var indexPathAfterUpdate: IndexPath?

    /// What the change does, as `updateAction`.
    open private(set) var updateAction: Action

    init(action: Action, before: IndexPath?, after: IndexPath?) {
        updateAction = action
        indexPathBeforeUpdate = before
        indexPathAfterUpdate = after
    }

    /// Whether the change is of a whole section (its item is `NSNotFound`).
    var isSectionUpdate: Bool { (indexPathBeforeUpdate ?? indexPathAfterUpdate)?.item == NSNotFound }
}
