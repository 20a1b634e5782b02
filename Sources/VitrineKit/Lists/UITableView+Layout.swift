import Foundation

extension UITableView {
    // MARK: Loading

    /// Marks the data to be asked again at the next layout or query.
    func setNeedsReload() {
        needsReload = true
        setNeedsLayout()
    }

    /// `reloadData()`'s work.
    func reloadAllData() {
        closeSwipeActions(animated: false)
        cancelTouchTracking()
        removeAllVisibleContent()
        selectedRows = []
        needsReload = true
        loadDataIfNeeded()
        setNeedsLayout()
    }

    /// Asks the data source for everything when it must (never while it is being asked).
    func loadDataIfNeeded() {
        guard needsReload, !isUpdatingVisibleContent else { return }
        needsReload = false
        hasLoadedData = true
        let sectionCount = max(0, dataSource.map { $0.numberOfSections(in: self) } ?? 0)
        var sections: [TableGeometry.Section] = []
        sections.reserveCapacity(sectionCount)
        headerTitles = [:]
        footerTitles = [:]
        measuredHeaderViews = [:]
        measuredFooterViews = [:]
        for section in 0..<sectionCount {
            sections.append(makeSectionGeometry(section, rowCount: rowCount(inSection: section)))
        }
        geometry.replaceSections(sections)
        geometry.setTableHeaderHeight(tableHeaderView?.frame.height ?? 0)
        geometry.setTableFooterHeight(tableFooterView?.frame.height ?? 0)
        measuredWidth = bounds.width
        // Rows that went away take their selection with them.
        selectedRows = selectedRows.filter { geometry.contains($0) }
    }

    /// The data source's row count for a section (never negative).
    func rowCount(inSection section: Int) -> Int {
        guard let dataSource else { return 0 }
        let count = dataSource.tableView(self, numberOfRowsInSection: section)
        if count < 0 {
            report("the data source returned \(count) rows for section \(section); 0 used")
            return 0
        }
        return count
    }

    /// A section's heights from the delegate (and its title and views from the data source).
    func makeSectionGeometry(_ section: Int, rowCount: Int) -> TableGeometry.Section {
        headerTitles[section] = dataSource?.tableView(self, titleForHeaderInSection: section)
        footerTitles[section] = dataSource?.tableView(self, titleForFooterInSection: section)
        var rows: [TableGeometry.Height] = []
        rows.reserveCapacity(rowCount)
        for row in 0..<rowCount { rows.append(rowHeight(at: IndexPath(row: row, section: section))) }
        return TableGeometry.Section(
            header: supplementaryHeight(section, isHeader: true), footer: supplementaryHeight(section, isHeader: false),
            rows: rows)
    }

    /// A row's height: the delegate's (default `rowHeight`), or for an automatic one its
    /// estimate until the cell is measured.
    func rowHeight(at indexPath: IndexPath) -> TableGeometry.Height {
        let given = tableDelegate?.tableView(self, heightForRowAt: indexPath) ?? rowHeight
        if given >= 0 && given.isFinite { return .exact(given) }
        let estimate = tableDelegate?.tableView(self, estimatedHeightForRowAt: indexPath) ?? estimatedRowHeight
        return .estimate(estimate > 0 && estimate.isFinite ? estimate : UITableView.defaultRowHeight)
    }

    /// A header's or footer's height: the delegate's (default `sectionHeaderHeight` /
    /// `sectionFooterHeight`); automatic sizes its view or its title's standard view, and with
    /// neither is nothing in a plain table and the grouped spacing in a grouped one.
    func supplementaryHeight(_ section: Int, isHeader: Bool) -> TableGeometry.Height {
        let given: CGFloat
        if isHeader {
            given = tableDelegate?.tableView(self, heightForHeaderInSection: section) ?? sectionHeaderHeight
        } else {
            given = tableDelegate?.tableView(self, heightForFooterInSection: section) ?? sectionFooterHeight
        }
        let padding = isHeader && sectionHeaderTopPadding > 0 ? sectionHeaderTopPadding : 0
        if given >= 0 && given.isFinite { return .exact(given + (given > 0 ? padding : 0)) }
        let width = supplementaryWidth
        let view: UIView? =
            isHeader
            ? tableDelegate?.tableView(self, viewForHeaderInSection: section)
            : tableDelegate?.tableView(self, viewForFooterInSection: section)
        if let view {
            if isHeader { measuredHeaderViews[section] = view } else { measuredFooterViews[section] = view }
            let height = Self.selfSizedHeight(of: view, width: width)
            return .exact(height + (height > 0 ? padding : 0))
        }
        if let title = isHeader ? headerTitles[section] : footerTitles[section] {
            var configuration = standardConfiguration(isHeader: isHeader)
            configuration.text = title
            let height = UIListContentView(configuration: configuration).fittingHeight(forWidth: width).rounded(.up)
            return .exact(height + padding)
        }
        return .exact(style == .plain ? 0 : UITableView.groupedSpacing)
    }

    /// The list configuration of a standard header or footer for the table's style.
    func standardConfiguration(isHeader: Bool) -> UIListContentConfiguration {
        switch (style, isHeader) {
        case (.plain, true): .plainHeader()
        case (.plain, false): .plainFooter()
        case (_, true): .groupedHeader()
        case (_, false): .groupedFooter()
        }
    }

    /// The height a header or footer view takes when it sizes itself.
    static func selfSizedHeight(of view: UIView, width: CGFloat) -> CGFloat {
        if let headerFooter = view as? UITableViewHeaderFooterView {
            return headerFooter.selfSizedHeight(forWidth: width)
        }
        if subtreeHasConstraints(view) {
            return view.systemLayoutSizeFitting(
                CGSize(width: width, height: UIView.layoutFittingCompressedSize.height),
                withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel
            ).height.rounded(.up)
        }
        return view.frame.height
    }

    /// Whether a view's subtree holds constraints (it sizes itself through Auto Layout).
    static func subtreeHasConstraints(_ root: UIView) -> Bool {
        var stack: [UIView] = [root]
        while let view = stack.popLast() {
            if !view.constraints.isEmpty { return true }
            stack.append(contentsOf: view.subviews)
        }
        return false
    }

    // MARK: Horizontal placement

    /// The side inset of rows, headers and footers: an inset grouped table's margin.
    var rowInset: CGFloat {
        style == .insetGrouped ? (bounds.width >= 414 ? 20 : 16) : 0
    }

    /// The width of rows.
    var rowWidth: CGFloat { max(0, bounds.width - 2 * rowInset) }

    /// The width headers and footers are measured and shown at.
    var supplementaryWidth: CGFloat { rowWidth }

    /// A row's frame in the content, nil when out of range.
    func rowFrame(_ indexPath: IndexPath) -> CGRect? {
        guard let span = geometry.rowSpan(indexPath) else { return nil }
        return CGRect(x: rowInset, y: span.top, width: rowWidth, height: span.height)
    }

    // MARK: The layout pass

    /// Puts a cell on every row in view (reusing those that left), measures rows that size
    /// themselves, and places headers, footers and the table's own header and footer.
    func updateVisibleContent() {
        guard !isUpdatingVisibleContent else { return }
        loadDataIfNeeded()
        isUpdatingVisibleContent = true
        defer { isUpdatingVisibleContent = false }
        if bounds.width != measuredWidth {
            // Self-sized heights depend on the width: measure again as rows show.
            invalidateMeasuredHeights()
            measuredWidth = bounds.width
        }
        backgroundView?.frame = bounds
        if let tableHeaderView {
            geometry.setTableHeaderHeight(tableHeaderView.frame.height)
            tableHeaderView.frame = CGRect(x: 0, y: 0, width: bounds.width, height: tableHeaderView.frame.height)
        }
        if let tableFooterView { geometry.setTableFooterHeight(tableFooterView.frame.height) }
        geometry.layOutIfNeeded()
        updateContentSize()

        // What is in view stays put while rows above it are measured.
        let anchor = visibleCellsByIndexPath.keys.filter { geometry.contains($0) }.min()
        let anchorOffset = anchor.flatMap { geometry.rowSpan($0) }.map { $0.top - contentOffset.y }
        var newCells: [IndexPath] = []
        for _ in 0..<8 {
            let visible = rowsInView()
            recycleCells(keeping: Set(visible))
            var changed = false
            for indexPath in visible {
                let cell: UITableViewCell
                if let existing = visibleCellsByIndexPath[indexPath] {
                    cell = existing
                } else {
                    guard let made = makeCell(for: indexPath) else { continue }
                    cell = made
                    newCells.append(indexPath)
                }
                if let height = geometry.sections[indexPath.section].rows[safe: indexPath.row], height.isEstimate {
                    let measured = cell.selfSizedHeight(forWidth: rowWidth)
                    geometry.setRowHeight(.exact(measured), at: indexPath)
                    if measured != height.value { changed = true }
                }
            }
            guard changed else { break }
            geometry.layOutIfNeeded()
            updateContentSize()
            if let anchor, let anchorOffset, let span = geometry.rowSpan(anchor) {
                let target = span.top - anchorOffset
                if target != contentOffset.y {
                    contentOffset.y = max(-adjustedContentInset.top, target)
                }
            }
        }
        placeCells(newCells: newCells)
        placeHeadersAndFooters()
        if let tableFooterView {
            tableFooterView.frame = CGRect(
                x: 0, y: geometry.contentHeight - geometry.tableFooterHeight, width: bounds.width,
                height: tableFooterView.frame.height)
        }
        trimReuseQueues()
    }

    /// Sets the content size from the heights (the width is the table's).
    func updateContentSize() {
        let size = CGSize(width: bounds.width, height: geometry.contentHeight)
        if contentSize != size { contentSize = size }
    }

    /// The rows overlapping the visible area.
    func rowsInView() -> [IndexPath] {
        geometry.rows(from: bounds.minY, to: bounds.maxY)
    }

    /// Turns the self-sized heights back into estimates (at their last value).
    func invalidateMeasuredHeights() {
        for (sectionIndex, section) in geometry.sections.enumerated() {
            for (row, height) in section.rows.enumerated() where !height.isEstimate {
                let indexPath = IndexPath(row: row, section: sectionIndex)
                if rowHeight(at: indexPath).isEstimate {
                    geometry.setRowHeight(.estimate(height.value), at: indexPath)
                }
            }
        }
    }

    /// Sends the cells of rows no longer in view (or gone) to the reuse queue.
    func recycleCells(keeping visible: Set<IndexPath>) {
        for (indexPath, cell) in visibleCellsByIndexPath where !visible.contains(indexPath) {
            if swipeState?.indexPath == indexPath { closeSwipeActions(animated: false) }
            visibleCellsByIndexPath[indexPath] = nil
            enqueue(cell)
            tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
        }
    }

    /// Asks the data source for a row's cell and puts it on the table (not yet placed).
    func makeCell(for indexPath: IndexPath) -> UITableViewCell? {
        guard let dataSource, geometry.contains(indexPath) else { return nil }
        let cell = dataSource.tableView(self, cellForRowAt: indexPath)
        UIView.performWithoutAnimation {
            // A reused cell may have faded out or slid away when it left.
            cell.alpha = 1
            if let frame = rowFrame(indexPath) { cell.frame = frame }
        }
        cell.setSelected(selectedRows.contains(indexPath), animated: false)
        cell.setHighlighted(false, animated: false)
        cell.isEditing = isEditing
        cell.editingStyle = tableDelegate?.tableView(self, editingStyleForRowAt: indexPath) ?? .delete
        if cell.superview !== self {
            // Cells lie under headers, footers and the swipe actions.
            insertSubview(cell, at: backgroundView == nil ? 0 : 1)
        }
        visibleCellsByIndexPath[indexPath] = cell
        return cell
    }

    /// Gives each visible cell its frame, separator and corners; new cells are announced with
    /// `willDisplay` once in place.
    func placeCells(newCells: [IndexPath]) {
        let separatorsShow = separatorStyle != .none
        let animation = updateAnimation
        for (indexPath, cell) in visibleCellsByIndexPath {
            guard var frame = rowFrame(indexPath) else { continue }
            let rowCount = geometry.numberOfRows(inSection: indexPath.section)
            let isLast = indexPath.row == rowCount - 1
            cell.tableSeparatorInset = separatorInset
            if let separatorColor { cell.separatorView.backgroundColor = separatorColor }
            // Grouped sections end without a separator under their last row.
            cell.showsSeparator = separatorsShow && !(isLast && style != .plain)
            if style == .insetGrouped {
                var corners: UIRectCorner = []
                if indexPath.row == 0 { corners.formUnion([.topLeft, .topRight]) }
                if isLast { corners.formUnion([.bottomLeft, .bottomRight]) }
                cell.groupedCorners = corners
            }
            frame.origin.x += cell.swipeOffset
            if let animation, animation.isAnimating {
                animation.place(cell, at: frame, indexPath: indexPath, isNew: newCells.contains(indexPath))
            } else if cell.frame != frame {
                cell.frame = frame
            }
        }
        for indexPath in newCells.sorted() {
            guard let cell = visibleCellsByIndexPath[indexPath] else { continue }
            tableDelegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
        }
    }

    /// Shows the headers and footers of the sections in view: pinned to the top (footers to
    /// the bottom) of the visible area in a plain table, in place in a grouped one.
    func placeHeadersAndFooters() {
        var shownHeaders: Set<Int> = []
        var shownFooters: Set<Int> = []
        let visibleTop = bounds.minY + (style == .plain ? adjustedContentInset.top : 0)
        let visibleBottom = bounds.maxY - (style == .plain ? adjustedContentInset.bottom : 0)
        for sectionIndex in geometry.sections(from: bounds.minY, to: bounds.maxY) {
            let section = geometry.sections[sectionIndex]
            if let frame = headerFrame(sectionIndex, visibleTop: visibleTop), frame.height > 0, frame.intersects(bounds)
            {
                let isNew = visibleHeaderViews[sectionIndex] == nil
                if let view = headerFooterView(sectionIndex, isHeader: true) {
                    shownHeaders.insert(sectionIndex)
                    place(view, at: frame, isNew: isNew)
                }
            }
            if section.footer.value > 0, let frame = footerFrame(sectionIndex, visibleBottom: visibleBottom),
                frame.intersects(bounds)
            {
                let isNew = visibleFooterViews[sectionIndex] == nil
                if let view = headerFooterView(sectionIndex, isHeader: false) {
                    shownFooters.insert(sectionIndex)
                    place(view, at: frame, isNew: isNew)
                }
            }
        }
        for (section, view) in visibleHeaderViews where !shownHeaders.contains(section) {
            visibleHeaderViews[section] = nil
            enqueue(headerFooter: view)
            tableDelegate?.tableView(self, didEndDisplayingHeaderView: view, forSection: section)
        }
        for (section, view) in visibleFooterViews where !shownFooters.contains(section) {
            visibleFooterViews[section] = nil
            enqueue(headerFooter: view)
            tableDelegate?.tableView(self, didEndDisplayingFooterView: view, forSection: section)
        }
        // Pinned headers cover the rows scrolling under them: the lower section's on top.
        for section in shownFooters.sorted() { if let view = visibleFooterViews[section] { bringSubviewToFront(view) } }
        for section in shownHeaders.sorted() { if let view = visibleHeaderViews[section] { bringSubviewToFront(view) } }
    }

    private func place(_ view: UIView, at frame: CGRect, isNew: Bool) {
        if isNew {
            UIView.performWithoutAnimation {
                view.alpha = 1
                view.frame = frame
            }
        } else if let animation = updateAnimation, animation.isAnimating {
            animation.move(view, to: frame)
        } else if view.frame != frame {
            view.frame = frame
        }
    }

    /// Where a section's header shows: its place, or pinned in a plain table (pushed up by
    /// the end of its rows).
    func headerFrame(_ section: Int, visibleTop: CGFloat? = nil) -> CGRect? {
        guard geometry.sections.indices.contains(section) else { return nil }
        let geometrySection = geometry.sections[section]
        let padding = sectionHeaderTopPadding > 0 && geometrySection.header.value > 0 ? sectionHeaderTopPadding : 0
        let height = geometrySection.header.value - padding
        var y = geometrySection.top + padding
        if style == .plain, let visibleTop {
            y = max(y, min(visibleTop, geometrySection.footerTop - height))
        }
        return CGRect(x: rowInset, y: y, width: supplementaryWidth, height: height)
    }

    /// Where a section's footer shows: its place, or pinned to the bottom in a plain table
    /// while its rows are in view.
    func footerFrame(_ section: Int, visibleBottom: CGFloat? = nil) -> CGRect? {
        guard geometry.sections.indices.contains(section) else { return nil }
        let geometrySection = geometry.sections[section]
        let height = geometrySection.footer.value
        var y = geometrySection.footerTop
        if style == .plain, let visibleBottom {
            y = min(y, max(visibleBottom - height, geometrySection.rowsTop))
        }
        return CGRect(x: rowInset, y: y, width: supplementaryWidth, height: height)
    }

    /// The view showing a section's header or footer: the one on screen, the delegate's, or
    /// a standard one with the data source's title.
    func headerFooterView(_ section: Int, isHeader: Bool) -> UIView? {
        if let view = isHeader ? visibleHeaderViews[section] : visibleFooterViews[section] { return view }
        var view: UIView?
        if isHeader {
            view =
                measuredHeaderViews.removeValue(forKey: section)
                ?? tableDelegate?.tableView(self, viewForHeaderInSection: section)
        } else {
            view =
                measuredFooterViews.removeValue(forKey: section)
                ?? tableDelegate?.tableView(self, viewForFooterInSection: section)
        }
        if view == nil, let title = isHeader ? headerTitles[section] : footerTitles[section] {
            view = standardHeaderFooterView(title: title, isHeader: isHeader)
        }
        guard let view else { return nil }
        if view.superview !== self { addSubview(view) }
        if isHeader {
            visibleHeaderViews[section] = view
            tableDelegate?.tableView(self, willDisplayHeaderView: view, forSection: section)
        } else {
            visibleFooterViews[section] = view
            tableDelegate?.tableView(self, willDisplayFooterView: view, forSection: section)
        }
        return view
    }

    static let standardHeaderIdentifier = "UITableView.standardHeader"
    static let standardFooterIdentifier = "UITableView.standardFooter"

    /// A standard header or footer showing `title`, styled for the table.
    func standardHeaderFooterView(title: String, isHeader: Bool) -> UITableViewHeaderFooterView {
        let identifier = isHeader ? Self.standardHeaderIdentifier : Self.standardFooterIdentifier
        let view: UITableViewHeaderFooterView
        if var queue = reusableHeaderFooterViews[identifier], !queue.isEmpty {
            view = queue.removeLast()
            reusableHeaderFooterViews[identifier] = queue
            view.prepareForReuse()
        } else {
            view = UITableViewHeaderFooterView(reuseIdentifier: identifier)
            if style == .plain && isHeader {
                // A pinned header hides the rows under it.
                let background = UIView(frame: .zero)
                background.backgroundColor = .secondarySystemBackground
                view.backgroundView = background
            }
        }
        var configuration = standardConfiguration(isHeader: isHeader)
        configuration.text = title
        view.contentConfiguration = configuration
        return view
    }

    /// Takes every cell, header and footer off the table (to their queues).
    func removeAllVisibleContent() {
        for (indexPath, cell) in visibleCellsByIndexPath {
            visibleCellsByIndexPath[indexPath] = nil
            enqueue(cell)
            tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
        }
        for (section, view) in visibleHeaderViews {
            enqueue(headerFooter: view)
            tableDelegate?.tableView(self, didEndDisplayingHeaderView: view, forSection: section)
        }
        for (section, view) in visibleFooterViews {
            enqueue(headerFooter: view)
            tableDelegate?.tableView(self, didEndDisplayingFooterView: view, forSection: section)
        }
        visibleHeaderViews = [:]
        visibleFooterViews = [:]
    }

    /// Brings the visible content up to date now, when a query needs it (outside a layout
    /// pass and a data source call).
    func updateVisibleContentIfNeeded() {
        guard !isUpdatingVisibleContent else { return }
        if needsReload || layer.needsLayout() { layoutIfNeeded() }
        if visibleCellsByIndexPath.isEmpty && !rowsInView().isEmpty { updateVisibleContent() }
    }

    // MARK: Queries

    /// The cells on screen, in row order, as `visibleCells`.
    public var visibleCells: [UITableViewCell] {
        updateVisibleContentIfNeeded()
        return visibleCellsByIndexPath.sorted { $0.key < $1.key }.map(\.value)
    }

    /// The index paths of the rows on screen, in order, as `indexPathsForVisibleRows`.
    public var indexPathsForVisibleRows: [IndexPath]? {
        updateVisibleContentIfNeeded()
        return visibleCellsByIndexPath.keys.sorted()
    }

    /// The cell showing a row, nil when the row is not on screen (or out of range), as
    /// `cellForRow(at:)`.
    public func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        updateVisibleContentIfNeeded()
        return visibleCellsByIndexPath[indexPath]
    }

    /// The row a visible cell shows, as `indexPath(for:)`.
    public func indexPath(for cell: UITableViewCell) -> IndexPath? {
        visibleCellsByIndexPath.first { $0.value === cell }?.key
    }

    /// The row at a point of the content, as `indexPathForRow(at:)`.
    public func indexPathForRow(at point: CGPoint) -> IndexPath? {
        loadDataIfNeeded()
        geometry.layOutIfNeeded()
        guard point.x >= rowInset, point.x < rowInset + rowWidth || rowWidth == 0 else { return nil }
        return geometry.row(atY: point.y)
    }

    /// The rows overlapping a rectangle of the content, as `indexPathsForRows(in:)`.
    public func indexPathsForRows(in rect: CGRect) -> [IndexPath]? {
        loadDataIfNeeded()
        geometry.layOutIfNeeded()
        return geometry.rows(from: rect.minY, to: rect.maxY)
    }

    /// A section's rectangle in the content, header to footer, as `rect(forSection:)`
    /// (`.zero` and a logged error out of range).
    public func rect(forSection section: Int) -> CGRect {
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
    public func rectForRow(at indexPath: IndexPath) -> CGRect {
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
    public func rectForHeader(inSection section: Int) -> CGRect {
        loadDataIfNeeded()
        geometry.layOutIfNeeded()
        return headerFrame(section) ?? .zero
    }

    /// A section footer's rectangle in the content, as `rectForFooter(inSection:)`.
    public func rectForFooter(inSection section: Int) -> CGRect {
        loadDataIfNeeded()
        geometry.layOutIfNeeded()
        return footerFrame(section) ?? .zero
    }

    /// The header view shown for a section, as `headerView(forSection:)`.
    public func headerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        updateVisibleContentIfNeeded()
        return visibleHeaderViews[section] as? UITableViewHeaderFooterView
    }

    /// The footer view shown for a section, as `footerView(forSection:)`.
    public func footerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        updateVisibleContentIfNeeded()
        return visibleFooterViews[section] as? UITableViewHeaderFooterView
    }

    /// An index path for messages: "row 3 of section 1".
    func describe(_ indexPath: IndexPath) -> String {
        guard indexPath.count == 2 else { return "index path \(indexPath)" }
        return "row \(indexPath.row) of section \(indexPath.section)"
    }

    // MARK: Scrolling to rows

    /// Scrolls so that a row shows at `scrollPosition`, as `scrollToRow(at:at:animated:)`
    /// (within the offset limits; `.none` scrolls the least that shows the whole row).
    /// `NSNotFound` as the row scrolls to the section. A row out of range is a logged error.
    public func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
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
    public func scrollToNearestSelectedRow(at scrollPosition: ScrollPosition, animated: Bool) {
        guard
            let nearest = selectedRows.min(by: { lhs, rhs in
                abs((rowFrame(lhs)?.midY ?? 0) - bounds.midY) < abs((rowFrame(rhs)?.midY ?? 0) - bounds.midY)
            })
        else { return }
        scrollToRow(at: nearest, at: scrollPosition, animated: animated)
    }

    /// The offset that shows `rect` at `position`, kept within the limits; a plain table
    /// keeps the row below its section's pinned header.
    func scrollToRect(_ rect: CGRect, at position: ScrollPosition, section: Int, animated: Bool) {
        let inset = adjustedContentInset
        var top = bounds.minY + inset.top
        let visibleHeight = bounds.height - inset.top - inset.bottom
        // A pinned header covers the top of its section's rows.
        var headerCover: CGFloat = 0
        if style == .plain, geometry.sections.indices.contains(section) {
            headerCover = max(0, geometry.sections[section].header.value)
        }
        var targetY = contentOffset.y
        switch position {
        case .top:
            targetY = rect.minY - inset.top - headerCover
        case .middle:
            targetY = rect.midY - inset.top - visibleHeight / 2
        case .bottom:
            targetY = rect.maxY - inset.top - visibleHeight
        case .none:
            top += headerCover
            let bottom = bounds.minY + inset.top + visibleHeight
            if rect.minY < top {
                targetY = rect.minY - inset.top - headerCover
            } else if rect.maxY > bottom {
                targetY = rect.maxY - inset.top - visibleHeight
            }
        }
        let limits = contentOffsetLimits
        targetY = min(max(targetY, limits.minimum.y), limits.maximum.y)
        let offset = CGPoint(x: contentOffset.x, y: targetY)
        guard offset != contentOffset else { return }
        setContentOffset(offset, animated: animated)
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
