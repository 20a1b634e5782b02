import Foundation

/// A scrolling view of items laid out by a layout object, as UIKit's `UICollectionView`.
///
/// As in UIKit: the data source gives the counts and the views (dequeued from registered
/// classes); the layout (`UICollectionViewLayout`, e.g. `UICollectionViewFlowLayout`) says
/// where everything goes; the delegate (the scroll view's `delegate`, adopting
/// `UICollectionViewDelegate`) hears of selection and display. Only the elements whose
/// frames meet the visible area, grown by a quarter of the bounds on every side, have views:
/// at every layout pass (every scroll), views that left it go to a reuse queue under their
/// reuse identifier (`didEndDisplaying`), and new elements get views from the data source,
/// which dequeues them (`willDisplay`). `visibleCells` and friends answer for the bounds
/// alone.
///
/// Vitrine differences: `delegate` keeps UIScrollView's type (`UIScrollViewDelegate?`;
/// assign a `UICollectionViewDelegate` to it, the collection view reads it back as one);
/// programming errors UIKit raises for (an unregistered identifier, inconsistent batch
/// updates, index paths out of range) are logged through `vitrine.kit` and handled (a plain
/// cell, a full reload, nothing), never a crash.
@preconcurrency @MainActor
open class UICollectionView: UIScrollView {
    /// Where to put an item when scrolling to it, as `UICollectionView.ScrollPosition`: at
    /// most one vertical and one horizontal position; none scrolls the least that shows it.
    public struct ScrollPosition: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// The item's top at the visible area's top.
        public static let top = ScrollPosition(rawValue: 1 << 0)
        /// The item centred vertically.
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        /// The item's bottom at the visible area's bottom.
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        /// The item's left edge at the visible area's left.
        public static let left = ScrollPosition(rawValue: 1 << 3)
        /// The item centred horizontally.
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        /// The item's right edge at the visible area's right.
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    // MARK: Configuration

    /// The layout, as `collectionViewLayout`: setting it changes layouts without animation
    /// (`setCollectionViewLayout(_:animated:)`).
    open var collectionViewLayout: UICollectionViewLayout {
        get { currentLayout }
        set { setCollectionViewLayout(newValue, animated: false) }
    }
    var currentLayout: UICollectionViewLayout

    /// Where the items come from, as `dataSource` (held weakly). Setting it reloads the data
    /// at the next layout pass.
    open weak var dataSource: (any UICollectionViewDataSource)? {
        didSet { if dataSource !== oldValue { reloadData() } }
    }

    /// The delegate (a `UICollectionViewDelegate`, and for a flow layout's sizes a
    /// `UICollectionViewDelegateFlowLayout`), as `delegate`; a new one invalidates the layout,
    /// which may ask it for sizes.
    open override weak var delegate: (any UIScrollViewDelegate)? {
        didSet { if delegate !== oldValue { currentLayout.invalidateLayout() } }
    }

    /// A view behind the items that does not scroll, sized to the bounds, as
    /// `backgroundView` (default nil).
    open var backgroundView: UIView? {
        didSet {
            guard backgroundView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let backgroundView {
                backgroundView.frame = bounds
                insertSubview(backgroundView, at: 0)
            }
        }
    }

    /// Whether items can be selected, as `allowsSelection` (default true): when false, taps
    /// select nothing and `selectItem` / `deselectItem` have no effect, as UIKit documents.
    open var allowsSelection = true

    /// Whether several items may be selected at once, as `allowsMultipleSelection` (default
    /// false): a tap on a selected item then deselects it.
    open var allowsMultipleSelection = false

    /// Whether cells are made ahead of scrolling, as `isPrefetchingEnabled` (default true).
    /// Vitrine always makes the views of its margin around the visible area.
    open var isPrefetchingEnabled = true

    // MARK: State (see the UICollectionView+*.swift files)

    /// Registered classes: cells by identifier, supplementary views by kind and identifier.
    var registeredCellClasses: [String: UICollectionReusableView.Type] = [:]
    var registeredSupplementaryClasses: [String: [String: UICollectionReusableView.Type]] = [:]
    /// Nibs registered for cell reuse identifiers (a class or a nib per identifier).
    var registeredCellNibs: [String: UINib] = [:]
    /// Nibs registered per supplementary view kind and reuse identifier.
    var registeredSupplementaryNibs: [String: [String: UINib]] = [:]
    /// The segues of a storyboard's prototype cells, by reuse identifier: run, with the cell as
    /// sender, when an item made from that prototype is selected by touch (see `UITableView`).
    var selectionSegues: [String: (UIView) -> Void] = [:]
    /// Views out of sight, waiting to be dequeued.
    var reuseQueues: [CollectionReuseKey: [UICollectionReusableView]] = [:]
    /// The views of the elements in and around the visible area.
    var shownViews: [CollectionElementKey: UICollectionReusableView] = [:]
    /// Views animating out after an update, removed when their animation ends.
    var leavingViews: [UICollectionReusableView] = []
    /// The number of items in each section, as last read from the data source; nil until
    /// read (and after `reloadData()`).
    var itemCounts: [Int]?
    /// The selected items.
    var selectedIndexPaths: Set<IndexPath> = []
    /// Whether the next layout pass must ask the layout to prepare.
    var layoutNeedsPreparing = true
    /// Whether every view must be given back and asked for again (`reloadData()`).
    var needsFullReload = true
    /// Whether a layout pass is placing views (invalidations then loop in the pass).
    var isPlacingElements = false
    /// Whether the pass is clearing the layout mark its own changes left.
    var isSettlingLayoutMark = false
    /// The attributes of the element the data source is being asked for.
    var attributesBeingDequeued: UICollectionViewLayoutAttributes?
    /// The cell a reconfigured item keeps: what dequeuing for its index path returns.
    var cellBeingReconfigured: (indexPath: IndexPath, cell: UICollectionViewCell)?
    /// The changes recorded inside `performBatchUpdates`, and how deep the calls are.
    var recordedUpdates: CollectionRecordedUpdates?
    var batchUpdateDepth = 0
    var batchCompletions: [(Bool) -> Void] = []
    /// The touch tracking an item for highlight and selection.
    var itemTouch: CollectionItemTouch?
    /// Elements whose index paths were out of range, already logged.
    var loggedBadElements = false
    /// Supplementary kinds the data source had no view for, already logged.
    var loggedMissingSupplementaryKinds: Set<String> = []
    /// Also told every error the collection view logs (tests read them).
    var errorObserver: ((String) -> Void)?

    // MARK: Creation

    /// A collection view with the given frame and layout, as
    /// `init(frame:collectionViewLayout:)`.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        currentLayout = layout
        super.init(frame: frame)
        adopt(layout)
    }

    /// Vitrine has no archives; always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    // MARK: Registering and dequeuing

    /// Registers the cell class made for `identifier`, as
    /// `register(_:forCellWithReuseIdentifier:)`; nil unregisters it. The class must be a
    /// `UICollectionViewCell`. It replaces a nib registered for the identifier.
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        registerCellClass(cellClass, identifier: identifier)
    }

    /// Registers a nib whose cell is made for `identifier`, as
    /// `register(_:forCellWithReuseIdentifier:)` with a `UINib` (nil unregisters). A new cell is
    /// the nib's one top-level object, instantiated with no owner (outlets and actions
    /// connected, `awakeFromNib()` called, for each cell), given the element's frame and
    /// reused as cells of a class are. It replaces a class registered for the identifier, as a
    /// class registration replaces it. A nib without exactly one top-level object, a
    /// `UICollectionViewCell`: UIKit raises; Vitrine logs the error, naming the nib and the
    /// identifier, and makes a plain cell.
    open func register(_ nib: UINib?, forCellWithReuseIdentifier identifier: String) {
        registeredCellClasses[identifier] = nil
        registeredCellNibs[identifier] = nib
    }

    /// Registers the class of a supplementary view kind for `identifier`, as
    /// `register(_:forSupplementaryViewOfKind:withReuseIdentifier:)`; nil unregisters it. It
    /// replaces a nib registered for the kind and identifier.
    open func register(
        _ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String
    ) {
        registerSupplementaryClass(viewClass, kind: elementKind, identifier: identifier)
    }

    /// Registers a nib whose view is made for supplementary views of `elementKind` and
    /// `identifier` (`UICollectionView.elementKindSectionHeader`, `...Footer`, or a custom
    /// layout's kind), as `register(_:forSupplementaryViewOfKind:withReuseIdentifier:)` with a
    /// `UINib` (nil unregisters). A new view is the nib's one top-level object, a
    /// `UICollectionReusableView`, instantiated with no owner; it replaces a class registered
    /// for the kind and identifier. A nib without exactly one such object: the error is logged
    /// (UIKit raises) and a plain reusable view is made.
    open func register(
        _ nib: UINib?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String
    ) {
        registeredSupplementaryClasses[elementKind]?[identifier] = nil
        registeredSupplementaryNibs[elementKind, default: [:]][identifier] = nib
    }

    /// A cell for the item at `indexPath` (from the reuse queue after `prepareForReuse()`,
    /// else new from the registered class), with its layout attributes applied, as
    /// `dequeueReusableCell(withReuseIdentifier:for:)`. Call it from the data source's
    /// `cellForItemAt`. An identifier with nothing registered is a programming error (UIKit
    /// raises): Vitrine logs it and returns a plain cell.
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
        -> UICollectionViewCell
    {
        dequeueCell(identifier: identifier, indexPath: indexPath)
    }

    /// A supplementary view of `elementKind` for `indexPath`, as
    /// `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`.
    open func dequeueReusableSupplementaryView(
        ofKind elementKind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
    ) -> UICollectionReusableView {
        dequeueSupplementaryView(kind: elementKind, identifier: identifier, indexPath: indexPath)
    }

    // MARK: Data

    /// Reloads everything from the data source at the next layout pass, as `reloadData()`:
    /// the counts are read again, every view is given back and asked for again, the
    /// selection is cleared and the layout invalidated.
    open func reloadData() { reloadAllData() }

    /// The number of sections, from the data source, as `numberOfSections`.
    open var numberOfSections: Int { loadedItemCounts().count }

    /// The number of items in `section`, as `numberOfItems(inSection:)`: the data source's
    /// count as last read (inside `performBatchUpdates`, the count before the update). A
    /// section out of range logs an error and gives 0.
    open func numberOfItems(inSection section: Int) -> Int { itemCount(inSection: section) }

    // MARK: Updates (see UICollectionView+Updates.swift)

    /// Inserts items (index paths after the update), as `insertItems(at:)`.
    open func insertItems(at indexPaths: [IndexPath]) { recordUpdate { $0.insertedItems += indexPaths } }

    /// Deletes items (index paths before the update), as `deleteItems(at:)`.
    open func deleteItems(at indexPaths: [IndexPath]) { recordUpdate { $0.deletedItems += indexPaths } }

    /// Reloads items (index paths before the update): new cells from the data source, as
    /// `reloadItems(at:)`.
    open func reloadItems(at indexPaths: [IndexPath]) { recordUpdate { $0.reloadedItems += indexPaths } }

    /// Configures the cells of items again without replacing them, as
    /// `reconfigureItems(at:)` (iOS 15): the data source is asked for each shown item's cell,
    /// and dequeuing for that index path returns the cell it has, without
    /// `prepareForReuse()`. Items without a cell are configured when they are shown. Inside
    /// `performBatchUpdates` the index paths are those after the update, and the cells are
    /// configured once it is applied.
    open func reconfigureItems(at indexPaths: [IndexPath]) {
        if batchUpdateDepth > 0 {
            recordedUpdates?.reconfiguredItems += indexPaths
        } else {
            reconfigure(indexPaths)
        }
    }

    /// Moves an item, as `moveItem(at:to:)`.
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        recordUpdate { $0.movedItems.append((indexPath, newIndexPath)) }
    }

    /// Inserts sections (indexes after the update), as `insertSections(_:)`.
    open func insertSections(_ sections: IndexSet) { recordUpdate { $0.insertedSections.formUnion(sections) } }

    /// Deletes sections (indexes before the update), as `deleteSections(_:)`.
    open func deleteSections(_ sections: IndexSet) { recordUpdate { $0.deletedSections.formUnion(sections) } }

    /// Reloads sections, as `reloadSections(_:)`.
    open func reloadSections(_ sections: IndexSet) { recordUpdate { $0.reloadedSections.formUnion(sections) } }

    /// Moves a section, as `moveSection(_:toSection:)`.
    open func moveSection(_ section: Int, toSection newSection: Int) {
        recordUpdate { $0.movedSections.append((section, newSection)) }
    }

    /// Runs several changes as one animated update, as `performBatchUpdates(_:completion:)`.
    ///
    /// As in UIKit: deletions and reloads name index paths before the update, insertions
    /// after it, whatever their order in the block; the data source must already give the new
    /// counts when the block returns. The layout is invalidated and prepared, told
    /// `prepare(forCollectionViewUpdates:)`, asked for the initial attributes of appearing
    /// elements and the final attributes of disappearing ones, and the views animate between
    /// them (0.3 s, ease in and out; none inside `UIView.performWithoutAnimation` or off
    /// screen). `completion` runs when the animations end, with true when they all finished.
    ///
    /// Counts that do not add up, or index paths out of range, are logged with UIKit's
    /// message (naming the section and the counts) and the collection view reloads all its
    /// data instead.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        runBatchUpdates(updates, completion: completion)
    }

    // MARK: Selection (see UICollectionView+Selection.swift)

    /// The selected items' index paths in index path order, as
    /// `indexPathsForSelectedItems` (an empty array when none).
    open var indexPathsForSelectedItems: [IndexPath]? { selectedIndexPaths.sorted() }

    /// Selects an item by program, as `selectItem(at:animated:scrollPosition:)`: without
    /// multiple selection the others are deselected; nil deselects everything; a non-empty
    /// `scrollPosition` scrolls to the item. The delegate is not told, and nothing happens
    /// while `allowsSelection` is false, as UIKit documents. An index path out of range is
    /// logged and ignored.
    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        programmaticallySelect(indexPath, animated: animated, scrollPosition: scrollPosition)
    }

    /// Deselects an item by program, as `deselectItem(at:animated:)`; the delegate is not
    /// told, and nothing happens while `allowsSelection` is false.
    open func deselectItem(at indexPath: IndexPath, animated: Bool) {
        programmaticallyDeselect(indexPath)
    }

    // MARK: Finding items and views

    /// The cells whose frames meet the bounds, as `visibleCells`.
    open var visibleCells: [UICollectionViewCell] {
        visibleElementViews(category: .cell).compactMap { $0 as? UICollectionViewCell }
    }

    /// The index paths of the items whose cells meet the bounds, in index path order, as
    /// `indexPathsForVisibleItems`.
    open var indexPathsForVisibleItems: [IndexPath] { visibleElementKeys(category: .cell, kind: "").map(\.indexPath) }

    /// The cell of a visible item, nil when it is not visible or out of range, as
    /// `cellForItem(at:)`.
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        visibleView(for: CollectionElementKey(category: .cell, kind: "", indexPath: indexPath)) as? UICollectionViewCell
    }

    /// The index path of a cell the collection view shows, as `indexPath(for:)`.
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
        guard let key = cell.elementKey, key.category == .cell, shownViews[key] === cell else { return nil }
        return key.indexPath
    }

    /// The item at `point` (in the collection view's bounds coordinates, that is the
    /// content), the frontmost when items overlap, as `indexPathForItem(at:)`; nil for none.
    open func indexPathForItem(at point: CGPoint) -> IndexPath? { itemIndexPath(at: point) }

    /// The supplementary view shown for an element, as `supplementaryView(forElementKind:at:)`.
    open func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionReusableView?
    {
        visibleView(for: CollectionElementKey(category: .supplementaryView, kind: elementKind, indexPath: indexPath))
    }

    /// The supplementary views of a kind meeting the bounds, as
    /// `visibleSupplementaryViews(ofKind:)`.
    open func visibleSupplementaryViews(ofKind elementKind: String) -> [UICollectionReusableView] {
        visibleElementKeys(category: .supplementaryView, kind: elementKind).compactMap { shownViews[$0] }
    }

    /// The index paths of the supplementary views of a kind meeting the bounds, as
    /// `indexPathsForVisibleSupplementaryElements(ofKind:)`.
    open func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
        visibleElementKeys(category: .supplementaryView, kind: elementKind).map(\.indexPath)
    }

    /// The layout's attributes of an item, as `layoutAttributesForItem(at:)`.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        prepareLayoutIfNeeded()
        return currentLayout.layoutAttributesForItem(at: indexPath)
    }

    /// The layout's attributes of a supplementary element, as
    /// `layoutAttributesForSupplementaryElement(ofKind:at:)`.
    open func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        prepareLayoutIfNeeded()
        return currentLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    // MARK: Scrolling

    /// Scrolls so the item sits at `scrollPosition` in the visible area (inside
    /// `adjustedContentInset`), within the content's limits, as
    /// `scrollToItem(at:at:animated:)`. An index path out of range is logged and ignored.
    open func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        scroll(toItem: indexPath, position: scrollPosition, animated: animated)
    }

    // MARK: Changing layouts

    /// Changes layouts, animating the views to their new attributes when asked, as
    /// `setCollectionViewLayout(_:animated:)`.
    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool) {
        changeLayout(to: layout, animated: animated, completion: nil)
    }

    /// Changes layouts and runs `completion` when done, as
    /// `setCollectionViewLayout(_:animated:completion:)`.
    open func setCollectionViewLayout(
        _ layout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil
    ) {
        changeLayout(to: layout, animated: animated, completion: completion)
    }

    // MARK: UIView and UIScrollView

    /// Places the views of the elements in and around the visible area, asking the layout
    /// to prepare first when it was invalidated.
    open override func layoutSubviews() {
        super.layoutSubviews()
        layOutElements()
    }

    /// Marks the view for layout, except while it places its elements: what placing them
    /// changes (the content size, views added) is part of the pass under way, and a mark left
    /// behind by a pass would not ask for another.
    open override func setNeedsLayout() {
        guard !isPlacingElements else { return }
        super.setNeedsLayout()
    }

    /// The bounds: a change asks the layout `shouldInvalidateLayout(forBoundsChange:)`
    /// before it happens, as UIKit does (so the layout still reads the old bounds).
    open override var bounds: CGRect {
        get { super.bounds }
        set {
            if newValue != super.bounds { boundsWillChange(to: newValue) }
            super.bounds = newValue
        }
    }

    /// The frame: a change of size is a bounds change for the layout.
    open override var frame: CGRect {
        get { super.frame }
        set {
            let newBounds = CGRect(origin: super.bounds.origin, size: newValue.size)
            if transform.isIdentity, newBounds != super.bounds { boundsWillChange(to: newBounds) }
            super.frame = newValue
        }
    }

    /// The insets changed: the layout (which lays out inside them) is invalidated.
    open override func adjustedContentInsetDidChange() {
        super.adjustedContentInsetDidChange()
        currentLayout.invalidateLayout()
    }

    /// The margins changed: a flow layout measuring its section insets from them is
    /// invalidated.
    open override func layoutMarginsDidChange() {
        super.layoutMarginsDidChange()
        if (currentLayout as? UICollectionViewFlowLayout)?.sectionInsetReference == .fromLayoutMargins {
            currentLayout.invalidateLayout()
        }
    }

    /// The safe area changed: a flow layout measuring its section insets from it is
    /// invalidated.
    open override func safeAreaInsetsDidChange() {
        super.safeAreaInsetsDidChange()
        if (currentLayout as? UICollectionViewFlowLayout)?.sectionInsetReference == .fromSafeArea {
            currentLayout.invalidateLayout()
        }
    }

    // MARK: Touches (see UICollectionView+Selection.swift)

    /// Highlights the item under the finger, as UIKit's collection view does on touch down.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !trackItemTouchBegan(touches, with: event) { super.touchesBegan(touches, with: event) }
    }

    /// Unhighlights the item when the finger leaves it.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !trackItemTouchMoved(touches, with: event) { super.touchesMoved(touches, with: event) }
    }

    /// Selects (or deselects) the item the finger lifted from.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !trackItemTouchEnded(touches, with: event) { super.touchesEnded(touches, with: event) }
    }

    /// Removes the highlight without selecting.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !trackItemTouchCancelled(touches, with: event) { super.touchesCancelled(touches, with: event) }
    }
}

/// An element of the collection view: its category, kind ("" for cells) and index path.
struct CollectionElementKey: Hashable, Comparable {
    var category: UICollectionView.ElementCategory
    var kind: String
    var indexPath: IndexPath

    init(category: UICollectionView.ElementCategory, kind: String, indexPath: IndexPath) {
        self.category = category
        self.kind = kind
        self.indexPath = indexPath
    }

    @MainActor init(_ attributes: UICollectionViewLayoutAttributes) {
        category = attributes.representedElementCategory
        kind = attributes.representedElementKind ?? ""
        indexPath = attributes.indexPath
    }

    /// Index path order, supplementary views before cells at the same index path.
    static func < (lhs: CollectionElementKey, rhs: CollectionElementKey) -> Bool {
        if lhs.indexPath != rhs.indexPath { return lhs.indexPath < rhs.indexPath }
        if lhs.category != rhs.category { return lhs.category.rawValue > rhs.category.rawValue }
        return lhs.kind < rhs.kind
    }
}

/// A reuse queue: a category, a kind and a reuse identifier.
struct CollectionReuseKey: Hashable {
    var category: UICollectionView.ElementCategory
    var kind: String
    var identifier: String
}
