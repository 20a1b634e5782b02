import Foundation

extension UICollectionView {
    /// Which way a flow layout's content scrolls, as `UICollectionView.ScrollDirection`.
    public enum ScrollDirection: Int, Sendable {
        /// Lines are rows, stacked downwards (the default).
        case vertical
        /// Lines are columns, stacked rightwards.
        case horizontal
    }

    /// The kind of a flow layout's section headers, as `elementKindSectionHeader`.
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"

    /// The kind of a flow layout's section footers, as `elementKindSectionFooter`.
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"
}

/// A layout that flows items into lines, as UIKit's `UICollectionViewFlowLayout`: rows
/// stacked downwards when scrolling vertically, columns stacked rightwards when scrolling
/// horizontally, with an optional header and footer per section.
///
/// The geometry, for vertical scrolling (horizontal is the same with the axes swapped):
/// - The width lines may use is the collection view's width less its
///   `adjustedContentInset` left and right and the section's inset left and right.
/// - Each section is its header (the collection view's content width, `headerReferenceSize`
///   height; none when that is 0), then `sectionInset.top`, the lines `minimumLineSpacing`
///   apart, `sectionInset.bottom`, then its footer. Section insets do not narrow headers and
///   footers. An empty section keeps its header, insets and footer.
/// - A line takes items while they fit with `minimumInteritemSpacing` between them; an item
///   wider than the line gets a line of its own (and a logged warning, as UIKit's). Items
///   are centred vertically in their line, whose height is its tallest item's.
/// - Along a line, as UIKit justifies them: a full line (every line but a section's last)
///   puts its first item at the left inset and its last at the right inset, the spacing
///   between equal (never less than the minimum); a full line holding a single item centres
///   it; the section's last line is left-aligned with `minimumInteritemSpacing` between
///   items.
/// - The content size is the content width by the sum of the sections.
///
/// Sizes and spacings come from the collection view's delegate when it adopts
/// `UICollectionViewDelegateFlowLayout`, else from the properties. Frames are exact (not
/// rounded to pixels).
///
/// Self-sizing: with `estimatedItemSize` not zero, items start at the estimate (the
/// delegate's `sizeForItemAt` when it has one, else `estimatedItemSize`, or `itemSize` for
/// `automaticSize`), and each cell shown is asked for `preferredLayoutAttributesFitting(_:)`
/// (by default its Auto Layout size); the measured size replaces the estimate and the layout
/// flows again. Measured sizes are kept until the layout is invalidated entirely (a property
/// change, `reloadData()`) or the line width changes; batch updates carry them to the
/// items' new index paths.
@preconcurrency @MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// Where section insets are measured from, as
    /// `UICollectionViewFlowLayout.SectionInsetReference`.
    public enum SectionInsetReference: Int, Sendable {
        /// From the content's edge, inside `adjustedContentInset` (the default).
        case fromContentInset
        /// From the safe area, where it reaches further in than the content inset.
        case fromSafeArea
        /// From the layout margins, where they reach further in than the content inset.
        case fromLayoutMargins
    }

    /// The placeholder estimate that turns self-sizing on, as `automaticSize`: the largest
    /// finite size, never used as a size itself.
    public static let automaticSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)

    /// The least spacing between lines, as `minimumLineSpacing` (default 10). Not applied
    /// between a header and the first line or the last line and a footer.
    open var minimumLineSpacing: CGFloat = 10 { didSet { propertyDidChange(minimumLineSpacing != oldValue) } }

    /// The least spacing between items of a line, as `minimumInteritemSpacing` (default 10):
    /// it decides how many items fit; full lines may spread them wider.
    open var minimumInteritemSpacing: CGFloat = 10 {
        didSet { propertyDidChange(minimumInteritemSpacing != oldValue) }
    }

    /// The size of every item, as `itemSize` (default 50 × 50), unless the delegate gives
    /// sizes.
    open var itemSize = CGSize(width: 50, height: 50) { didSet { propertyDidChange(itemSize != oldValue) } }

    /// The estimated size of items, as `estimatedItemSize` (default zero: no self-sizing).
    /// Any other value, `automaticSize` included, makes cells size themselves.
    open var estimatedItemSize: CGSize = .zero { didSet { propertyDidChange(estimatedItemSize != oldValue) } }

    /// Which way the content scrolls, as `scrollDirection` (default `.vertical`).
    open var scrollDirection = UICollectionView.ScrollDirection.vertical {
        didSet { propertyDidChange(scrollDirection != oldValue) }
    }

    /// The size of section headers, as `headerReferenceSize` (default zero: none); only the
    /// scrolling dimension is used.
    open var headerReferenceSize: CGSize = .zero { didSet { propertyDidChange(headerReferenceSize != oldValue) } }

    /// The size of section footers, as `footerReferenceSize` (default zero: none); only the
    /// scrolling dimension is used.
    open var footerReferenceSize: CGSize = .zero { didSet { propertyDidChange(footerReferenceSize != oldValue) } }

    /// The margins of each section, as `sectionInset` (default zero).
    open var sectionInset: UIEdgeInsets = .zero { didSet { propertyDidChange(sectionInset != oldValue) } }

    /// Where section insets are measured from, as `sectionInsetReference` (default
    /// `.fromContentInset`). The safe area and margins apply along the lines (left and right
    /// when scrolling vertically).
    open var sectionInsetReference = SectionInsetReference.fromContentInset {
        didSet { propertyDidChange(sectionInsetReference != oldValue) }
    }

    /// Whether each section's header stays at the top of the visible area while its section
    /// scrolls under it, as `sectionHeadersPinToVisibleBounds` (default false). A pinned
    /// header never leaves its section: the section's end pushes it off.
    open var sectionHeadersPinToVisibleBounds = false {
        didSet { propertyDidChange(sectionHeadersPinToVisibleBounds != oldValue) }
    }

    /// Whether each section's footer stays at the bottom of the visible area, as
    /// `sectionFootersPinToVisibleBounds` (default false).
    open var sectionFootersPinToVisibleBounds = false {
        didSet { propertyDidChange(sectionFootersPinToVisibleBounds != oldValue) }
    }

    /// The computed geometry.
    var sections: [FlowSection] = []
    var contentSize: CGSize = .zero
    /// Whether `prepare()` must flow the items again.
    var needsReflow = true
    /// The sizes cells gave for themselves (self-sizing), by index path.
    var measuredItemSizes: [IndexPath: CGSize] = [:]
    /// The line length the measured sizes were made for.
    var measuredForLineLength: CGFloat?
    /// Attributes made by the queries, kept until the next reflow.
    private var itemAttributesCache: [IndexPath: UICollectionViewLayoutAttributes] = [:]
    private var supplementaryAttributesCache: [FlowSupplementaryKey: UICollectionViewLayoutAttributes] = [:]

    /// A flow layout with UIKit's defaults, as `init()`.
    public override init() {
        super.init()
    }

    /// Vitrine has no archives; always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// `UICollectionViewFlowLayoutInvalidationContext`, as UIKit's flow layout answers
    /// `invalidationContextClass`.
    open override class var invalidationContextClass: AnyClass { UICollectionViewFlowLayoutInvalidationContext.self }

    private func propertyDidChange(_ changed: Bool) {
        if changed { invalidateLayout() }
    }

    // MARK: UICollectionViewLayout

    /// Flows the items when something changed since the last time, as UIKit's flow layout
    /// does in `prepare()`; call `super` from an override.
    open override func prepare() {
        super.prepare()
        guard needsReflow else { return }
        needsReflow = false
        reflow()
    }

    /// The content width (height when scrolling horizontally) by the sections' length, as
    /// `collectionViewContentSize`.
    open override var collectionViewContentSize: CGSize { contentSize }

    /// The attributes of the headers, items and footers that meet `rect`, in section order,
    /// as `layoutAttributesForElements(in:)`. Pinned headers and footers are where the
    /// current content offset puts them.
    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        elementAttributes(in: rect)
    }

    /// The attributes of one item, nil out of range, as `layoutAttributesForItem(at:)`.
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        itemAttributes(at: indexPath)
    }

    /// The attributes of a section's header or footer (at index path [section, 0]), nil when
    /// the section has none, as `layoutAttributesForSupplementaryView(ofKind:at:)`.
    open override func layoutAttributesForSupplementaryView(
        ofKind elementKind: String, at indexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        guard !indexPath.isEmpty else { return nil }
        return supplementaryAttributes(ofKind: elementKind, section: indexPath.section)
    }

    /// True when the bounds change size, or move while headers or footers are pinned, as
    /// UIKit's flow layout answers `shouldInvalidateLayout(forBoundsChange:)`.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView else { return false }
        let old = collectionView.bounds
        if newBounds.size != old.size { return true }
        return (sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds) && newBounds.origin != old.origin
    }

    /// A flow context that reflows only when the size changed (a scroll with pinned headers
    /// moves them without reflowing), as `invalidationContext(forBoundsChange:)`.
    open override func invalidationContext(
        forBoundsChange newBounds: CGRect
    ) -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(forBoundsChange: newBounds)
        if let flow = context as? UICollectionViewFlowLayoutInvalidationContext {
            let resized = newBounds.size != collectionView?.bounds.size
            flow.invalidateFlowLayoutDelegateMetrics = resized
            flow.invalidateFlowLayoutAttributes = resized
        }
        return context
    }

    /// True when a cell measured itself at another size than its estimate, as UIKit's flow
    /// layout answers `shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)`.
    open override func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> Bool {
        guard estimatedItemSize != .zero, originalAttributes.representedElementCategory == .cell else { return false }
        let preferred = Self.sanitized(preferredAttributes.size)
        return abs(preferred.width - originalAttributes.size.width) > 0.001
            || abs(preferred.height - originalAttributes.size.height) > 0.001
    }

    /// Records the cell's measured size and reflows, as UIKit's flow layout does in
    /// `invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)`.
    open override func invalidationContext(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(
            forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
        if originalAttributes.representedElementCategory == .cell {
            let size = Self.sanitized(preferredAttributes.size)
            measuredItemSizes[originalAttributes.indexPath] = size
            context.contentSizeAdjustment = CGSize(
                width: size.width - originalAttributes.size.width, height: size.height - originalAttributes.size.height)
        }
        if let flow = context as? UICollectionViewFlowLayoutInvalidationContext {
            flow.invalidateFlowLayoutDelegateMetrics = false
            flow.invalidateFlowLayoutAttributes = true
        }
        return context
    }

    /// Notes what must be recomputed, as UIKit's flow layout reads its context in
    /// `invalidateLayout(with:)`: everything, the data source counts, the delegate's metrics
    /// or the positions reflow; a context with neither flow flag (a scroll under pinned
    /// headers) keeps the flow. Call `super` from an override.
    open override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        let flow = context as? UICollectionViewFlowLayoutInvalidationContext
        if context.invalidateEverything || context.invalidateDataSourceCounts || flow == nil
            || flow?.invalidateFlowLayoutAttributes == true || flow?.invalidateFlowLayoutDelegateMetrics == true
        {
            needsReflow = true
        }
        // Everything (a property, reloadData) asks cells to measure themselves again.
        if context.invalidateEverything { measuredItemSizes = [:] }
        super.invalidateLayout(with: context)
    }

    /// Inserted items fade in where they go; other items arriving in view come from where
    /// they were before the update, as UIKit's flow layout does.
    open override func initialLayoutAttributesForAppearingItem(
        at itemIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        appearingAttributes(at: itemIndexPath)
    }

    /// Deleted items fade out where they were; other items leaving view go to their new
    /// place, as UIKit's flow layout does.
    open override func finalLayoutAttributesForDisappearingItem(
        at itemIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        disappearingAttributes(at: itemIndexPath)
    }

    /// Inserted sections' headers and footers fade in.
    open override func initialLayoutAttributesForAppearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        appearingSupplementaryAttributes(ofKind: elementKind, at: elementIndexPath)
    }

    /// Deleted sections' headers and footers fade out.
    open override func finalLayoutAttributesForDisappearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        disappearingSupplementaryAttributes(ofKind: elementKind, at: elementIndexPath)
    }

    /// Forgets the geometry kept from before the update; call `super` from an override.
    open override func finalizeCollectionViewUpdates() {
        super.finalizeCollectionViewUpdates()
        previousSections = nil
        currentUpdate = nil
    }

    // MARK: Hooks

    override var asksForPreferredAttributes: Bool { estimatedItemSize != .zero }

    /// The size an item has when the delegate gives none: the estimate while self-sizing
    /// (`itemSize` for `automaticSize`), else `itemSize`.
    var defaultItemSize: CGSize {
        if estimatedItemSize != .zero && estimatedItemSize != Self.automaticSize { return estimatedItemSize }
        return itemSize
    }

    /// The geometry before a batch update, for the appearing and disappearing attributes.
    var previousSections: [FlowSection]?
    /// The update being animated.
    var currentUpdate: CollectionViewUpdatePlan?

    override func collectionViewWillApplyUpdate(_ update: CollectionViewUpdatePlan) {
        previousSections = sections
        currentUpdate = update
        var moved: [IndexPath: CGSize] = [:]
        for (indexPath, size) in measuredItemSizes {
            if let newIndexPath = update.newIndexPath(forOld: indexPath), !update.isReloaded(old: indexPath) {
                moved[newIndexPath] = size
            }
        }
        measuredItemSizes = moved
    }

    /// Forgets the attributes made since the last flow.
    func clearAttributeCaches() {
        itemAttributesCache = [:]
        supplementaryAttributesCache = [:]
    }

    /// The cached attributes of an item, made on first use.
    func cachedItemAttributes(_ indexPath: IndexPath, make: () -> UICollectionViewLayoutAttributes)
        -> UICollectionViewLayoutAttributes
    {
        if let attributes = itemAttributesCache[indexPath] { return attributes }
        let attributes = make()
        itemAttributesCache[indexPath] = attributes
        return attributes
    }

    /// The cached attributes of a header or footer, made on first use.
    func cachedSupplementaryAttributes(_ key: FlowSupplementaryKey, make: () -> UICollectionViewLayoutAttributes)
        -> UICollectionViewLayoutAttributes
    {
        if let attributes = supplementaryAttributesCache[key] { return attributes }
        let attributes = make()
        supplementaryAttributesCache[key] = attributes
        return attributes
    }

    /// A size with negative and non-finite dimensions made 0.
    static func sanitized(_ size: CGSize) -> CGSize {
        func clean(_ value: CGFloat) -> CGFloat { value.isFinite && value > 0 ? value : 0 }
        return CGSize(width: clean(size.width), height: clean(size.height))
    }
}

/// A header or footer of a section, for the attribute cache.
struct FlowSupplementaryKey: Hashable {
    let kind: String
    let section: Int
}
