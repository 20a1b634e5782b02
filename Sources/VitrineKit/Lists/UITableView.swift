import Foundation

/// Rows of content in sections, scrolling vertically, as UIKit's `UITableView` (a
/// `UIScrollView`): a data source gives the counts and a cell for each row, a delegate the
/// heights, headers and footers and hears of display and selection.
///
/// As in UIKit, only the rows in view have cells: a cell that scrolls away goes to a reuse
/// queue, and `dequeueReusableCell(withIdentifier:for:)` hands it out again after
/// `prepareForReuse()`. Heights are `rowHeight` or the delegate's, or with
/// `UITableView.automaticDimension` (the default) the cell's own: its content view's
/// constraints fitted to the table's width (`systemLayoutSizeFitting` with the width
/// required), its content configuration, or its built-in labels. Rows not yet measured count
/// at their estimate (`estimatedRowHeight`, else 44 points); when a row is measured the content
/// size is corrected and, if the row is above the rows in view, the offset moves by the same
/// amount so that what is in view does not jump.
///
/// Plain tables pin the header of the section at the top to the top of the view while the
/// section scrolls (and its footer to the bottom); grouped tables scroll them with the rows.
///
/// The data is loaded at the first layout or query (`reloadData()` reloads it); updates
/// (`insertRows(at:with:)`, `performBatchUpdates(_:completion:)`, ...) are checked as UIKit
/// checks them, and where UIKit raises, Vitrine logs an error naming the section and the
/// counts and reloads everything.
///
/// Vitrine differences: `delegate` is the scroll view's property, typed
/// `UIScrollViewDelegate`; the table uses it when it is also a `UITableViewDelegate`. No
/// section index is drawn, editing mode shows no controls (swipe actions work), and there is
/// no drag and drop.
@preconcurrency @MainActor
open class UITableView: UIScrollView {
    /// The table's look, as `UITableView.Style`.
    public enum Style: Int, Sendable {
        /// Rows edge to edge, headers pinned while their section scrolls.
        case plain
        /// Sections as groups on a grey background, headers scrolling with them.
        case grouped
        /// Grouped, with each section's rows inset from the edges and rounded.
        case insetGrouped
    }

    /// Where `scrollToRow(at:at:animated:)` puts a row, as `UITableView.ScrollPosition`.
    public enum ScrollPosition: Int, Sendable {
        /// Scroll the least that shows the whole row (none if it shows already).
        case none
        /// The row's top at the top of the visible area.
        case top
        /// The row in the middle of the visible area.
        case middle
        /// The row's bottom at the bottom of the visible area.
        case bottom
    }

    /// How inserted and deleted rows come and go, as `UITableView.RowAnimation` (UIKit's
    /// raw values).
    public enum RowAnimation: Int, Sendable {
        /// Fade in or out.
        case fade = 0
        /// Slide in from, or out to, the right.
        case right = 1
        /// Slide in from, or out to, the left.
        case left = 2
        /// Slide in from the top, or out toward the top.
        case top = 3
        /// Slide in from the bottom, or out toward the bottom.
        case bottom = 4
        /// No animation of their own: they appear or go while the other rows move.
        case none = 5
        /// Kept centred in the space they take or leave (they grow or shrink from the middle).
        case middle = 6
        /// The table chooses (a fade, in Vitrine).
        case automatic = 100
    }

    /// The value that asks for a height worked out from the content, as
    /// `UITableView.automaticDimension` (-1).
    public static let automaticDimension: CGFloat = -1

    /// UIKit's standard row height, 44 points: the estimate for rows without one and the
    /// height of a cell that cannot size itself.
    static let defaultRowHeight: CGFloat = 44
    /// The space a grouped table leaves for a header or footer without a title.
    static let groupedSpacing: CGFloat = 18
    /// The corner radius of an inset grouped section.
    static let insetGroupedCornerRadius: CGFloat = 10
    /// How long row animations take (UIKit's are about 0.3 s).
    static let rowAnimationDuration: TimeInterval = 0.3

    /// The table's style, set at creation, as `style`.
    public let style: Style

    /// A table of `style`, as `init(frame:style:)`.
    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        backgroundColor = style == .plain ? .systemBackground : .systemGroupedBackground
        alwaysBounceVertical = true
    }

    /// A plain table, as `init(frame:)`.
    public convenience override init(frame: CGRect) {
        self.init(frame: frame, style: .plain)
    }

    /// Vitrine has no archives; always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    // MARK: Data source and delegate

    /// Where the rows come from, held weakly, as `dataSource`. Setting it reloads the data at
    /// the next layout.
    open weak var dataSource: (any UITableViewDataSource)? {
        didSet { setNeedsReload() }
    }

    /// The delegate as a table view delegate (nil when it is only a scroll view delegate).
    var tableDelegate: (any UITableViewDelegate)? { delegate as? any UITableViewDelegate }

    /// The delegate, as the scroll view's `delegate`; a new one reloads the heights at the
    /// next layout, since they are the delegate's.
    open override var delegate: (any UIScrollViewDelegate)? {
        didSet { if delegate !== oldValue { setNeedsReload() } }
    }

    // MARK: Heights

    /// Every row's height unless the delegate gives one, as `rowHeight` (default
    /// `UITableView.automaticDimension`: the cell's own).
    open var rowHeight: CGFloat = UITableView.automaticDimension {
        didSet { if rowHeight != oldValue { setNeedsReload() } }
    }
    /// Every header's height unless the delegate gives one, as `sectionHeaderHeight` (default
    /// automatic: the header's own, none without a title or view in a plain table).
    open var sectionHeaderHeight: CGFloat = UITableView.automaticDimension {
        didSet { if sectionHeaderHeight != oldValue { setNeedsReload() } }
    }
    /// Every footer's height unless the delegate gives one, as `sectionFooterHeight`.
    open var sectionFooterHeight: CGFloat = UITableView.automaticDimension {
        didSet { if sectionFooterHeight != oldValue { setNeedsReload() } }
    }
    /// The height assumed for rows not yet measured, as `estimatedRowHeight` (default
    /// automatic: 44 points; 0 turns estimates off, and Vitrine then assumes 44 too).
    open var estimatedRowHeight: CGFloat = UITableView.automaticDimension {
        didSet { if estimatedRowHeight != oldValue { setNeedsReload() } }
    }
    /// The height assumed for headers not yet measured, as `estimatedSectionHeaderHeight`.
    open var estimatedSectionHeaderHeight: CGFloat = UITableView.automaticDimension
    /// The height assumed for footers not yet measured, as `estimatedSectionFooterHeight`.
    open var estimatedSectionFooterHeight: CGFloat = UITableView.automaticDimension
    /// Extra space above each header, as `sectionHeaderTopPadding` (default automatic, which
    /// Vitrine takes as none).
    open var sectionHeaderTopPadding: CGFloat = UITableView.automaticDimension {
        didSet { if sectionHeaderTopPadding != oldValue { setNeedsReload() } }
    }

    // MARK: Separators and backgrounds

    /// How separators are drawn, as `separatorStyle` (default `.singleLine`).
    open var separatorStyle: UITableViewCell.SeparatorStyle = .singleLine {
        didSet { if separatorStyle != oldValue { setNeedsLayout() } }
    }
    /// The separators' colour, as `separatorColor` (default `.separator`).
    open var separatorColor: UIColor? = .separator {
        didSet { setNeedsLayout() }
    }
    /// The default inset of the cells' separators (left and right), as `separatorInset`
    /// (default 16 points at the left, where the text begins).
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0) {
        didSet { if separatorInset != oldValue { setNeedsLayout() } }
    }

    /// A view behind all the content, the table's size, not scrolling, as `backgroundView`.
    open var backgroundView: UIView? {
        didSet {
            guard backgroundView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    /// A view above the first section, as `tableHeaderView` (its frame's height is kept; its
    /// width becomes the table's).
    open var tableHeaderView: UIView? {
        didSet {
            guard tableHeaderView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let tableHeaderView { addSubview(tableHeaderView) }
            geometry.setTableHeaderHeight(tableHeaderView?.frame.height ?? 0)
            setNeedsLayout()
        }
    }

    /// A view below the last section, as `tableFooterView`.
    open var tableFooterView: UIView? {
        didSet {
            guard tableFooterView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let tableFooterView { addSubview(tableFooterView) }
            geometry.setTableFooterHeight(tableFooterView?.frame.height ?? 0)
            setNeedsLayout()
        }
    }

    // MARK: Selection settings

    /// Whether the user can select rows, as `allowsSelection` (default true).
    open var allowsSelection = true
    /// Whether several rows may be selected, a tap toggling each, as
    /// `allowsMultipleSelection` (default false).
    open var allowsMultipleSelection = false {
        didSet {
            guard !allowsMultipleSelection && oldValue && selectedRows.count > 1 else { return }
            // Back to single selection: only one row may stay selected.
            for indexPath in selectedRows.sorted().dropFirst() { deselectRow(at: indexPath, animated: false) }
        }
    }
    /// Whether rows can be selected in editing mode, as `allowsSelectionDuringEditing`.
    open var allowsSelectionDuringEditing = false
    /// Whether several rows can be selected in editing mode, as
    /// `allowsMultipleSelectionDuringEditing`.
    open var allowsMultipleSelectionDuringEditing = false
    /// Whether the table is in editing mode, as `isEditing`.
    open var isEditing = false
    /// Enters or leaves editing mode, as `setEditing(_:animated:)` (swipe actions close;
    /// Vitrine shows no editing controls).
    open func setEditing(_ editing: Bool, animated: Bool) {
        isEditing = editing
        closeSwipeActions(animated: animated)
        for cell in visibleCellsByIndexPath.values { cell.setEditing(editing, animated: animated) }
    }
    /// Whether the cells' content follows the readable width, as
    /// `cellLayoutMarginsFollowReadableWidth` (kept).
    open var cellLayoutMarginsFollowReadableWidth = false
    /// Whether the cells' content keeps out of the safe area, as
    /// `insetsContentViewsToSafeArea` (kept).
    open var insetsContentViewsToSafeArea = true

    // MARK: State (the extensions share it)

    /// The heights and positions of everything.
    var geometry = TableGeometry()
    /// Whether the data must be asked again before the next layout or query.
    var needsReload = true
    /// Whether the geometry was built from the data source at least once.
    var hasLoadedData = false
    /// The width the self-sized heights were measured at.
    var measuredWidth: CGFloat = -1

    /// Cell classes registered per reuse identifier.
    var cellClasses: [String: UITableViewCell.Type] = [:]
    /// Header and footer classes registered per reuse identifier.
    var headerFooterClasses: [String: UITableViewHeaderFooterView.Type] = [:]
    /// Nibs registered for cell reuse identifiers (a class or a nib per identifier).
    var cellNibs: [String: UINib] = [:]
    /// Nibs registered for header and footer reuse identifiers.
    var headerFooterNibs: [String: UINib] = [:]
    /// Cells waiting to be reused, per identifier.
    var reusableCells: [String: [UITableViewCell]] = [:]
    /// Header and footer views waiting to be reused, per identifier.
    var reusableHeaderFooterViews: [String: [UITableViewHeaderFooterView]] = [:]

    /// The cells on screen, by index path.
    var visibleCellsByIndexPath: [IndexPath: UITableViewCell] = [:]
    /// The segues of a storyboard's prototype cells, by reuse identifier: run, with the cell as
    /// sender, when a row made from that prototype is selected by touch. (UIKit keeps these in
    /// the cell's private selection-segue template; here the storyboard scene sets them.)
    var selectionSegues: [String: (UIView) -> Void] = [:]
    /// The header views on screen, by section.
    var visibleHeaderViews: [Int: UIView] = [:]
    /// The footer views on screen, by section.
    var visibleFooterViews: [Int: UIView] = [:]
    /// Header and footer views asked for while measuring, kept for their section until shown.
    var measuredHeaderViews: [Int: UIView] = [:]
    var measuredFooterViews: [Int: UIView] = [:]
    /// Which sections have a standard header or footer (a title), from the data source.
    var headerTitles: [Int: String] = [:]
    var footerTitles: [Int: String] = [:]
    /// Cells animating out after an update, removed when their animation ends.
    var disappearingViews: [UIView] = []

    /// Whether the visible content is being updated (no re-entry from a data source call).
    var isUpdatingVisibleContent = false

    /// The selected rows.
    var selectedRows: Set<IndexPath> = []

    /// Updates collected between `beginUpdates()` and `endUpdates()`.
    var pendingUpdates = TableBatchUpdates()
    /// How deep `beginUpdates()` calls are nested.
    var updateDepth = 0
    /// Completions of `performBatchUpdates` blocks inside the outermost batch.
    var pendingCompletions: [(Bool) -> Void] = []
    /// Animations for the visible content during an update: the kinds for rows coming and
    /// going, set while an update is laid out.
    var updateAnimation: TableUpdateAnimation?

    /// The visible cell a reconfiguration hands back from `dequeueReusableCell`, for its row.
    var reconfiguringCell: (indexPath: IndexPath, cell: UITableViewCell)?

    /// The row a finger is on, highlighted, and where the touch began.
    var touchTracking: TableTouchTracking?

    /// The row whose swipe actions show or are being dragged open.
    var swipeState: TableSwipeState?
    /// The recognizer for horizontal swipes on rows, made when the table joins a window.
    var swipeRecognizer: TableSwipeGestureRecognizer?

    // MARK: Counts

    /// The number of sections, as `numberOfSections` (loading the data if it never was).
    open var numberOfSections: Int {
        loadDataIfNeeded()
        return geometry.numberOfSections
    }

    /// The number of rows in a section, as `numberOfRows(inSection:)` (0 and a logged error
    /// for a section out of range, where UIKit raises).
    open func numberOfRows(inSection section: Int) -> Int {
        loadDataIfNeeded()
        guard section >= 0 && section < geometry.numberOfSections else {
            report(
                "numberOfRows(inSection:): section \(section) is out of range (\(geometry.numberOfSections) sections)")
            return 0
        }
        return geometry.numberOfRows(inSection: section)
    }

    // MARK: Registration and reuse

    /// Registers the class made for cells of `identifier`, as
    /// `register(_:forCellReuseIdentifier:)` (nil unregisters). The class must be a
    /// `UITableViewCell` subclass; another is logged and ignored.
    /// A class registration replaces a nib registered for the identifier.
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        guard let cellClass else {
            cellClasses[identifier] = nil
            cellNibs[identifier] = nil
            return
        }
        guard let type = cellClass as? UITableViewCell.Type else {
            report("register(_:forCellReuseIdentifier:): \(cellClass) is not a UITableViewCell subclass")
            return
        }
        cellClasses[identifier] = type
        cellNibs[identifier] = nil
    }

    /// Registers a nib whose cell is made for `identifier`, as
    /// `register(_:forCellReuseIdentifier:)` with a `UINib` (nil unregisters). A new cell is the
    /// nib's one top-level object, instantiated with no owner: its outlets and actions are
    /// connected and `awakeFromNib()` called, for each cell. It replaces a class registered for
    /// the identifier, as a class registration replaces it. The nib must hold exactly one
    /// top-level object, a `UITableViewCell`: UIKit raises otherwise; Vitrine logs the error,
    /// naming the nib and the identifier, and makes a default-style cell.
    open func register(_ nib: UINib?, forCellReuseIdentifier identifier: String) {
        cellClasses[identifier] = nil
        cellNibs[identifier] = nib
    }

    /// Registers the class made for headers and footers of `identifier`, as
    /// `register(_:forHeaderFooterViewReuseIdentifier:)`.
    /// A class registration replaces a nib registered for the identifier.
    open func register(_ aClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String) {
        guard let aClass else {
            headerFooterClasses[identifier] = nil
            headerFooterNibs[identifier] = nil
            return
        }
        guard let type = aClass as? UITableViewHeaderFooterView.Type else {
            report(
                "register(_:forHeaderFooterViewReuseIdentifier:): \(aClass) is not a UITableViewHeaderFooterView subclass"
            )
            return
        }
        headerFooterClasses[identifier] = type
        headerFooterNibs[identifier] = nil
    }

    /// Registers a nib whose view is made for headers and footers of `identifier`, as
    /// `register(_:forHeaderFooterViewReuseIdentifier:)` with a `UINib` (nil unregisters). A new
    /// view is the nib's one top-level object, a `UITableViewHeaderFooterView` (a `view` whose
    /// custom class is a subclass), instantiated with no owner. It replaces a class registered
    /// for the identifier. A nib without exactly one such top-level object: the error is logged
    /// (UIKit raises) and a plain header footer view is made.
    open func register(_ nib: UINib?, forHeaderFooterViewReuseIdentifier identifier: String) {
        headerFooterClasses[identifier] = nil
        headerFooterNibs[identifier] = nib
    }

    /// A cell for `identifier`: one waiting for reuse (after `prepareForReuse()`), else a new
    /// one of the registered class or from the registered nib, else nil, as
    /// `dequeueReusableCell(withIdentifier:)`.
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        if var queue = reusableCells[identifier], !queue.isEmpty {
            let cell = queue.removeLast()
            reusableCells[identifier] = queue
            cell.prepareForReuse()
            return cell
        }
        if let type = cellClasses[identifier] { return type.init(registeredReuseIdentifier: identifier) }
        guard let nib = cellNibs[identifier] else { return nil }
        let cell =
            nib.makeReusableView(UITableViewCell.self, identifier: identifier, report: report)
            ?? UITableViewCell(style: .default, reuseIdentifier: identifier)
        if let written = cell.reuseIdentifier, written != identifier {
            report(
                "cell reuse identifier in nib (\(written)) does not match the identifier used to register the nib "
                    + "(\(identifier)): \(nib.displayName); the cell is reused as \"\(identifier)\"")
        }
        cell.reuseIdentifier = identifier
        return cell
    }

    /// A cell for `identifier` and the row it will show, as
    /// `dequeueReusableCell(withIdentifier:for:)`: reused or made from the registered
    /// class, sized for the row. UIKit raises for an identifier with no registered class;
    /// Vitrine logs the error and returns a default-style cell.
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        if let reconfiguringCell, reconfiguringCell.indexPath == indexPath,
            reconfiguringCell.cell.reuseIdentifier == identifier
        {
            // Reconfiguring keeps the cell on screen, as UIKit's reconfigureRows(at:) does.
            return reconfiguringCell.cell
        }
        let cell: UITableViewCell
        if let reused = dequeueReusableCell(withIdentifier: identifier) {
            cell = reused
        } else {
            report(
                "dequeueReusableCell(withIdentifier:for:): no class registered for the identifier \"\(identifier)\"; "
                    + "a default cell is used")
            cell = UITableViewCell(style: .default, reuseIdentifier: identifier)
        }
        loadDataIfNeeded()
        geometry.layOutIfNeeded()
        if let frame = rowFrame(indexPath) { UIView.performWithoutAnimation { cell.frame = frame } }
        return cell
    }

    /// A header or footer view for `identifier`: reused or made from the registered class,
    /// else nil, as `dequeueReusableHeaderFooterView(withIdentifier:)`.
    open func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> UITableViewHeaderFooterView? {
        if var queue = reusableHeaderFooterViews[identifier], !queue.isEmpty {
            let view = queue.removeLast()
            reusableHeaderFooterViews[identifier] = queue
            view.prepareForReuse()
            return view
        }
        if let type = headerFooterClasses[identifier] { return type.init(registeredReuseIdentifier: identifier) }
        guard let nib = headerFooterNibs[identifier] else { return nil }
        let view =
            nib.makeReusableView(UITableViewHeaderFooterView.self, identifier: identifier, report: report)
            ?? UITableViewHeaderFooterView(reuseIdentifier: identifier)
        view.reuseIdentifier = identifier
        return view
    }

    /// Puts a cell that left the screen in its queue (cells without an identifier are let
    /// go). The queues keep at most a few cells beyond those on screen.
    func enqueue(_ cell: UITableViewCell) {
        cell.removeFromSuperview()
        cell.swipeOffset = 0
        guard let identifier = cell.reuseIdentifier else { return }
        reusableCells[identifier, default: []].append(cell)
    }

    func enqueue(headerFooter view: UIView) {
        view.removeFromSuperview()
        guard let reusable = view as? UITableViewHeaderFooterView, let identifier = reusable.reuseIdentifier else {
            return
        }
        reusableHeaderFooterViews[identifier, default: []].append(reusable)
    }

    /// The most cells kept waiting for reuse: the bound on cells alive is those on screen
    /// plus these.
    static let reuseQueueLimit = 4

    func trimReuseQueues() {
        var total = reusableCells.values.reduce(0) { $0 + $1.count }
        guard total > Self.reuseQueueLimit else { return }
        for identifier in reusableCells.keys.sorted() {
            while total > Self.reuseQueueLimit, !(reusableCells[identifier]?.isEmpty ?? true) {
                reusableCells[identifier]?.removeFirst()
                total -= 1
            }
        }
        for identifier in reusableHeaderFooterViews.keys {
            if let queue = reusableHeaderFooterViews[identifier], queue.count > Self.reuseQueueLimit {
                reusableHeaderFooterViews[identifier] = Array(queue.suffix(Self.reuseQueueLimit))
            }
        }
    }

    // MARK: Queries and scrolling (open, as in UIKit; the work is in UITableView+Layout.swift)

    /// The cells on screen, in row order, as `visibleCells`.
    open var visibleCells: [UITableViewCell] {
        updateVisibleContentIfNeeded()
        return visibleCellsByIndexPath.sorted { $0.key < $1.key }.map(\.value)
    }

    /// The index paths of the rows on screen, in order, as `indexPathsForVisibleRows`.
    open var indexPathsForVisibleRows: [IndexPath]? {
        updateVisibleContentIfNeeded()
        return visibleCellsByIndexPath.keys.sorted()
    }

    /// The cell showing a row, nil when the row is not on screen (or out of range), as
    /// `cellForRow(at:)`.
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        updateVisibleContentIfNeeded()
        return visibleCellsByIndexPath[indexPath]
    }

    /// The row a visible cell shows, as `indexPath(for:)`.
    open func indexPath(for cell: UITableViewCell) -> IndexPath? {
        visibleCellsByIndexPath.first { $0.value === cell }?.key
    }

    /// The row at a point of the content, as `indexPathForRow(at:)`.
    open func indexPathForRow(at point: CGPoint) -> IndexPath? {
        loadDataIfNeeded()
        geometry.layOutIfNeeded()
        guard point.x >= rowInset, point.x < rowInset + rowWidth || rowWidth == 0 else { return nil }
        return geometry.row(atY: point.y)
    }

    /// The rows overlapping a rectangle of the content, as `indexPathsForRows(in:)`.
    open func indexPathsForRows(in rect: CGRect) -> [IndexPath]? {
        loadDataIfNeeded()
        geometry.layOutIfNeeded()
        return geometry.rows(from: rect.minY, to: rect.maxY)
    }

    /// A section's rectangle in the content, header to footer, as `rect(forSection:)`
    /// (`.zero` and a logged error out of range).
    open func rect(forSection section: Int) -> CGRect {
        loadDataIfNeeded()
        geometry.layOutIfNeeded()
        guard geometry.sections.indices.contains(section) else {
            report("rect(forSection:): section \(section) is out of range (\(geometry.numberOfSections) sections)")
            return .zero
        }
        let item = geometry.sections[section]
        return CGRect(x: 0, y: item.top, width: bounds.width, height: item.bottom - item.top)
    }

    /// A row's rectangle in the content, as `rectForRow(at:)` (`.zero` and a logged error
    /// out of range).
    open func rectForRow(at indexPath: IndexPath) -> CGRect {
        loadDataIfNeeded()
        geometry.layOutIfNeeded()
        guard let frame = rowFrame(indexPath) else {
            report("rectForRow(at:): \(describe(indexPath)) is out of range")
            return .zero
        }
        return frame
    }

    /// A section header's rectangle in the content (its own place, not pinned), as
    /// `rectForHeader(inSection:)`.
    open func rectForHeader(inSection section: Int) -> CGRect {
        loadDataIfNeeded()
        geometry.layOutIfNeeded()
        return headerFrame(section) ?? .zero
    }

    /// A section footer's rectangle in the content, as `rectForFooter(inSection:)`.
    open func rectForFooter(inSection section: Int) -> CGRect {
        loadDataIfNeeded()
        geometry.layOutIfNeeded()
        return footerFrame(section) ?? .zero
    }

    /// The header view shown for a section, as `headerView(forSection:)`.
    open func headerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        updateVisibleContentIfNeeded()
        return visibleHeaderViews[section] as? UITableViewHeaderFooterView
    }

    /// The footer view shown for a section, as `footerView(forSection:)`.
    open func footerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        updateVisibleContentIfNeeded()
        return visibleFooterViews[section] as? UITableViewHeaderFooterView
    }

    /// Scrolls so that a row shows at `scrollPosition`, as `scrollToRow(at:at:animated:)`
    /// (within the offset limits; `.none` scrolls the least that shows the whole row).
    /// `NSNotFound` as the row scrolls to the section. A row out of range is a logged error.
    open func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        loadDataIfNeeded()
        geometry.layOutIfNeeded()
        let target: CGRect
        if indexPath.count == 2, indexPath.row == NSNotFound, geometry.sections.indices.contains(indexPath.section) {
            target = rect(forSection: indexPath.section)
        } else if let frame = rowFrame(indexPath) {
            target = frame
        } else {
            report("scrollToRow(at:at:animated:): \(describe(indexPath)) is out of range")
            return
        }
        scrollToRect(target, at: scrollPosition, section: indexPath.section, animated: animated)
    }

    /// Scrolls the selected row nearest the position there, as
    /// `scrollToNearestSelectedRow(at:animated:)`.
    open func scrollToNearestSelectedRow(at scrollPosition: ScrollPosition, animated: Bool) {
        guard
            let nearest = selectedRows.min(by: { lhs, rhs in
                abs((rowFrame(lhs)?.midY ?? 0) - bounds.midY) < abs((rowFrame(rhs)?.midY ?? 0) - bounds.midY)
            })
        else { return }
        scrollToRow(at: nearest, at: scrollPosition, animated: animated)
    }

    // MARK: Selection (open, as in UIKit; the work is in UITableView+Selection.swift)

    /// The selected row (the first when several are), as `indexPathForSelectedRow`.
    open var indexPathForSelectedRow: IndexPath? {
        selectedRows.min()
    }

    /// The selected rows in order, nil when none, as `indexPathsForSelectedRows`.
    open var indexPathsForSelectedRows: [IndexPath]? {
        selectedRows.isEmpty ? nil : selectedRows.sorted()
    }

    /// Selects a row (nil deselects all), optionally scrolling it to `scrollPosition`, as
    /// `selectRow(at:animated:scrollPosition:)`. As in UIKit, the delegate is not told (no
    /// `willSelectRowAt` / `didSelectRowAt`), and `.none` does not scroll. With single
    /// selection the other rows are deselected. A row out of range is a logged error.
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        loadDataIfNeeded()
        guard let indexPath else {
            for selected in selectedRows { deselectRow(at: selected, animated: animated) }
            return
        }
        guard geometry.contains(indexPath) else {
            report("selectRow(at:animated:scrollPosition:): \(describe(indexPath)) is out of range")
            return
        }
        guard allowsSelection || allowsMultipleSelection else { return }
        if !allowsMultipleSelection {
            for other in selectedRows where other != indexPath { deselectRow(at: other, animated: animated) }
        }
        selectedRows.insert(indexPath)
        visibleCellsByIndexPath[indexPath]?.setSelected(true, animated: animated)
        if scrollPosition != .none {
            scrollToRow(at: indexPath, at: scrollPosition, animated: animated)
        }
    }

    /// Deselects a row, as `deselectRow(at:animated:)` (the delegate is not told; animated
    /// fades the selection out).
    open func deselectRow(at indexPath: IndexPath, animated: Bool) {
        guard selectedRows.remove(indexPath) != nil else { return }
        visibleCellsByIndexPath[indexPath]?.setSelected(false, animated: animated)
    }

    // MARK: Updates (open, as in UIKit; the work is in UITableView+Updates.swift)

    /// Begins a batch of updates that animate together, as `beginUpdates()`; batches nest.
    open func beginUpdates() {
        updateDepth += 1
    }

    /// Ends a batch, as `endUpdates()`: the outermost one checks the updates against the
    /// data source's new counts and animates them.
    open func endUpdates() {
        guard updateDepth > 0 else {
            report("endUpdates() without beginUpdates(); ignored")
            return
        }
        updateDepth -= 1
        if updateDepth == 0 { commitUpdates() }
    }

    /// Runs `updates` (which change the data source and call the insert, delete, move and
    /// reload methods) as one animated batch, then `completion` with whether the animations
    /// ran to their end, as `performBatchUpdates(_:completion:)`.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        updateDepth += 1
        updates?()
        if let completion { pendingCompletions.append(completion) }
        updateDepth -= 1
        if updateDepth == 0 { commitUpdates() }
    }

    /// Whether updates are waiting for the end of their batch, as `hasUncommittedUpdates`.
    open var hasUncommittedUpdates: Bool {
        updateDepth > 0 && !pendingUpdates.isEmpty
    }

    /// Inserts sections at their new indexes, as `insertSections(_:with:)`.
    open func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
        batch { for section in sections { $0.insertedSections[section] = animation } }
    }

    /// Deletes sections at their old indexes, as `deleteSections(_:with:)`.
    open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
        batch { for section in sections { $0.deletedSections[section] = animation } }
    }

    /// Reloads sections (old indexes), as `reloadSections(_:with:)`.
    open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        batch { for section in sections { $0.reloadedSections[section] = animation } }
    }

    /// Moves a section, as `moveSection(_:toSection:)`.
    open func moveSection(_ section: Int, toSection newSection: Int) {
        batch { $0.movedSections.append((section, newSection)) }
    }

    /// Inserts rows at their new index paths, as `insertRows(at:with:)`.
    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        batch { for indexPath in indexPaths { $0.insertedRows[indexPath] = animation } }
    }

    /// Deletes rows at their old index paths, as `deleteRows(at:with:)`.
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        batch { for indexPath in indexPaths { $0.deletedRows[indexPath] = animation } }
    }

    /// Reloads rows (old index paths): their cells are replaced, as `reloadRows(at:with:)`.
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        batch { for indexPath in indexPaths { $0.reloadedRows[indexPath] = animation } }
    }

    /// Moves a row, as `moveRow(at:to:)`.
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        batch { $0.movedRows.append((indexPath, newIndexPath)) }
    }

    /// Configures visible rows again with the cells they have, as `reconfigureRows(at:)`:
    /// the data source's `cellForRowAt` runs and `dequeueReusableCell(withIdentifier:for:)`
    /// returns the row's own cell.
    open func reconfigureRows(at indexPaths: [IndexPath]) {
        batch { $0.reconfiguredRows.append(contentsOf: indexPaths) }
    }

    // MARK: Overrides (the work is in the extensions)

    /// Reloads every row, header and footer, as `reloadData()`: the cells on screen go to
    /// the reuse queue, the selection is cleared, and the counts and heights are asked again
    /// (now, so queries answer the new counts; the cells come at the next layout).
    open func reloadData() {
        reloadAllData()
    }

    /// Lays out the visible rows, headers and footers, as `layoutSubviews()`.
    open override func layoutSubviews() {
        super.layoutSubviews()
        updateVisibleContent()
    }

    /// A finger touched down (delivered after the scroll view's touch delay): the row under
    /// it is highlighted if the delegate lets it (`shouldHighlightRowAt`), or, while swipe
    /// actions show, the touch only closes them or presses an action.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesBegan(touches, with: event)
        trackTouchesBegan(touches)
    }

    /// A finger moved: beyond the tap slop it is a drag (the scroll view's, or a swipe), and
    /// the highlight ends.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesMoved(touches, with: event)
        trackTouchesMoved(touches)
    }

    /// A finger lifted: a tap on a row selects it (`willSelectRowAt`, `didSelectRowAt`), on
    /// the detail button tells the delegate, on a swipe action runs it; any other lift while
    /// actions show closes them.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesEnded(touches, with: event)
        trackTouchesEnded(touches)
    }

    /// The touch was cancelled (a scroll or swipe took it): the highlight ends, nothing is
    /// selected.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesCancelled(touches, with: event)
        trackTouchesCancelled(touches)
    }

    /// Adds the row swipe recognizer when the table first joins a window.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        installSwipeRecognizerIfNeeded()
    }

    /// The row swipe recognizer begins only for a horizontal swipe on a row with trailing
    /// actions (or one that closes open actions); other recognizers are the scroll view's.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard gestureRecognizer === swipeRecognizer, let pan = gestureRecognizer as? UIPanGestureRecognizer else {
            return super.gestureRecognizerShouldBegin(gestureRecognizer)
        }
        return swipeShouldBegin(pan)
    }

    // MARK: Errors

    /// Where the table reports what UIKit raises for: the log by default; tests collect it.
    static var reportHandler: @MainActor (String) -> Void = { kitLog.error("\($0)") }

    func report(_ message: String) {
        Self.reportHandler("UITableView: \(message)")
    }
}
