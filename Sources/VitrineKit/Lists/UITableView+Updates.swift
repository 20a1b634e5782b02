import Foundation

/// Updates collected for one batch: deletions and reloads at the index paths before the
/// batch, insertions at those after it, moves from before to after, as UIKit reads them
/// whatever order they were made in.
struct TableBatchUpdates {
    var deletedSections: [Int: UITableView.RowAnimation] = [:]
    var insertedSections: [Int: UITableView.RowAnimation] = [:]
    var reloadedSections: [Int: UITableView.RowAnimation] = [:]
    var movedSections: [(from: Int, to: Int)] = []
    var deletedRows: [IndexPath: UITableView.RowAnimation] = [:]
    var insertedRows: [IndexPath: UITableView.RowAnimation] = [:]
    var reloadedRows: [IndexPath: UITableView.RowAnimation] = [:]
    var movedRows: [(from: IndexPath, to: IndexPath)] = []
    var reconfiguredRows: [IndexPath] = []

    var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && reloadedSections.isEmpty && movedSections.isEmpty
            && deletedRows.isEmpty && insertedRows.isEmpty && reloadedRows.isEmpty && movedRows.isEmpty
            && reconfiguredRows.isEmpty
    }
}

/// How the visible content moves while an update animates: where rows and sections come from
/// and how inserted and deleted ones come and go.
///
/// Changes are made inside the update's `UIView` animation block, so views already drawn
/// animate through their implicit actions. A view whose layer was never drawn does not
/// animate that way (Core Animation animates only committed layers), yet UIKit animates a
/// new row's cell in: such a view gets explicit animations from where it starts.
@MainActor
final class TableUpdateAnimation {
    /// The animation of each inserted row (new index paths) and section (new indexes).
    var insertedRows: [IndexPath: UITableView.RowAnimation] = [:]
    var insertedSections: [Int: UITableView.RowAnimation] = [:]
    /// Where rows that stayed were before (new index path to old frame).
    var previousFrames: [IndexPath: CGRect] = [:]
    /// Whether frames set now animate (inside the update's animation block).
    var isAnimating = false
    /// How long the animations run.
    let duration: TimeInterval

    init(duration: TimeInterval = UITableView.rowAnimationDuration) {
        self.duration = duration
    }

    /// Places a row's cell: a cell already on screen moves to its new frame; a new cell
    /// starts where its row comes from (or in its place, for `.none`), then goes there.
    func place(_ cell: UITableViewCell, at frame: CGRect, indexPath: IndexPath, isNew: Bool) {
        guard isNew else {
            animate(cell, from: (cell.frame, cell.alpha), to: (frame, 1))
            return
        }
        let start: (frame: CGRect, alpha: CGFloat)
        if let kind = insertedRows[indexPath] ?? insertedSections[indexPath.section] {
            start = Self.offscreenState(kind, frame: frame)
        } else {
            start = (previousFrames[indexPath] ?? frame, 1)
        }
        animate(cell, from: start, to: (frame, 1))
    }

    /// Moves a header or footer already on screen.
    func move(_ view: UIView, to frame: CGRect) {
        animate(view, from: (view.frame, view.alpha), to: (frame, view.alpha))
    }

    /// Sends a view away as `kind` takes rows out.
    func remove(_ view: UIView, as kind: UITableView.RowAnimation) {
        animate(view, from: (view.frame, view.alpha), to: Self.offscreenState(kind, frame: view.frame))
    }

    /// Where a row is when an insertion starts, or a deletion ends, for `kind`.
    static func offscreenState(_ kind: UITableView.RowAnimation, frame: CGRect) -> (frame: CGRect, alpha: CGFloat) {
        switch kind {
        case .fade, .automatic: (frame, 0)
        case .right: (frame.offsetBy(dx: frame.width, dy: 0), 1)
        case .left: (frame.offsetBy(dx: -frame.width, dy: 0), 1)
        case .top: (frame.offsetBy(dx: 0, dy: -frame.height), 1)
        case .bottom: (frame.offsetBy(dx: 0, dy: frame.height), 1)
        case .middle: (CGRect(x: frame.minX, y: frame.midY, width: frame.width, height: 0), 0)
        case .none: (frame, 1)
        }
    }

    /// Sets `view` to `start` at once, then to `end` in the animation block; a view that
    /// did not animate implicitly gets explicit animations.
    private func animate(
        _ view: UIView, from start: (frame: CGRect, alpha: CGFloat), to end: (frame: CGRect, alpha: CGFloat)
    ) {
        UIView.performWithoutAnimation {
            view.frame = start.frame
            view.alpha = start.alpha
        }
        view.frame = end.frame
        view.alpha = end.alpha
        guard isAnimating, UIView.areAnimationsEnabled else { return }
        let keys = view.layer.animationKeys() ?? []
        func animated(_ key: String) -> Bool { keys.contains { $0.hasPrefix(key) } }
        if start.frame.midX != end.frame.midX || start.frame.midY != end.frame.midY, !animated("position") {
            add(to: view.layer, keyPath: "position", from: CGPoint(x: start.frame.midX, y: start.frame.midY))
        }
        if start.frame.size != end.frame.size, !animated("bounds") {
            add(to: view.layer, keyPath: "bounds", from: CGRect(origin: view.bounds.origin, size: start.frame.size))
        }
        if start.alpha != end.alpha, !animated("opacity") {
            add(to: view.layer, keyPath: "opacity", from: Float(start.alpha))
        }
    }

    private func add(to layer: CALayer, keyPath: String, from value: Any) {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = value
        animation.duration = duration
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        layer.add(animation, forKey: "vitrine.table.\(keyPath)")
    }
}

extension UITableView {
    // MARK: Batches

    /// Records updates, committing them at once outside a batch.
    func batch(_ record: (inout TableBatchUpdates) -> Void) {
        record(&pendingUpdates)
        if updateDepth == 0 { commitUpdates() }
    }

    // MARK: Committing

    /// Checks the batch against the data source and animates it; a batch UIKit would raise
    /// for is logged and ends in a full reload.
    func commitUpdates() {
        let updates = pendingUpdates
        pendingUpdates = TableBatchUpdates()
        let completions = pendingCompletions
        pendingCompletions = []
        let finish: (Bool) -> Void = { finished in for completion in completions { completion(finished) } }
        guard hasLoadedData, !needsReload else {
            // Nothing was shown yet: the new data is simply loaded.
            loadDataIfNeeded()
            setNeedsLayout()
            scheduleCompletions(finish)
            return
        }
        guard !updates.isEmpty else {
            // An empty batch still asks the heights again, as UIKit's does (rows resize).
            refreshHeights()
            animateLayoutChange(previousFrames: [:], finish: finish)
            return
        }
        closeSwipeActionsForUpdate()
        cancelTouchTracking()
        switch plan(updates) {
        case .failure(let message):
            report(message.message + "; the table view reloads all its data instead")
            reloadData()
            scheduleCompletions(finish)
        case .success(let plan):
            apply(plan, updates: updates, finish: finish)
        }
    }

    private func scheduleCompletions(_ finish: @escaping (Bool) -> Void) {
        UIView.performWithoutAnimation {
            UIView.animate(withDuration: 0, animations: {}, completion: finish)
        }
    }

    /// The batch's map from old places to new ones.
    struct UpdatePlan {
        /// For each new section, the old one it continues (nil: inserted or reloaded).
        var oldSectionForNew: [Int?]
        /// For each new section that continues an old one, each new row's old row (nil:
        /// inserted or reloaded).
        var oldRowForNew: [[IndexPath?]]
        /// The new section count and row counts.
        var newRowCounts: [Int]
        /// The animations of reloaded rows, at their new index paths.
        var reloadedAt: [IndexPath: UITableView.RowAnimation] = [:]
    }

    /// Works out where everything goes, checking the batch as UIKit does.
    func plan(_ updates: TableBatchUpdates) -> Result<UpdatePlan, PlanError> {
        let oldSectionCount = geometry.numberOfSections
        let newSectionCount = max(0, dataSource.map { $0.numberOfSections(in: self) } ?? 0)
        let sectionsBefore = "there are only \(oldSectionCount) sections before the update"
        let sectionsAfter = "there are only \(newSectionCount) sections after the update"
        for section in updates.deletedSections.keys.sorted() where !(0..<oldSectionCount).contains(section) {
            return .failure(PlanError("attempt to delete section \(section), but \(sectionsBefore)"))
        }
        for section in updates.reloadedSections.keys.sorted() where !(0..<oldSectionCount).contains(section) {
            return .failure(PlanError("attempt to reload section \(section), but \(sectionsBefore)"))
        }
        for section in updates.insertedSections.keys.sorted() where !(0..<newSectionCount).contains(section) {
            return .failure(PlanError("attempt to insert section \(section), but \(sectionsAfter)"))
        }
        for move in updates.movedSections {
            guard (0..<oldSectionCount).contains(move.from), (0..<newSectionCount).contains(move.to) else {
                return .failure(
                    PlanError(
                        "attempt to move section \(move.from) to \(move.to), but \(sectionsBefore) and \(newSectionCount) after"
                    ))
            }
            if updates.deletedSections[move.from] != nil || updates.reloadedSections[move.from] != nil {
                return .failure(PlanError("attempt to move section \(move.from), which is also deleted or reloaded"))
            }
        }
        let expectedSections =
            oldSectionCount - updates.deletedSections.count + updates.insertedSections.count
        guard newSectionCount == expectedSections else {
            return .failure(
                PlanError(
                    "Invalid update: invalid number of sections. The number of sections contained in the table view "
                        + "after the update (\(newSectionCount)) must be equal to the number of sections contained in the "
                        + "table view before the update (\(oldSectionCount)), plus or minus the number of sections "
                        + "inserted or deleted (\(updates.insertedSections.count) inserted, "
                        + "\(updates.deletedSections.count) deleted)"))
        }
        // Sections: inserted and move targets are fixed; the others keep their order.
        var oldSectionForNew = [Int?](repeating: nil, count: newSectionCount)
        var taken = Set<Int>(updates.insertedSections.keys)
        for move in updates.movedSections {
            guard !taken.contains(move.to) else {
                return .failure(PlanError("attempt to move a section to \(move.to), which is already taken"))
            }
            taken.insert(move.to)
            oldSectionForNew[move.to] = move.from
        }
        let movedFrom = Set(updates.movedSections.map(\.from))
        var staying = (0..<oldSectionCount).filter { updates.deletedSections[$0] == nil && !movedFrom.contains($0) }[
            ...]
        for slot in 0..<newSectionCount where !taken.contains(slot) {
            guard let old = staying.popFirst() else {
                return .failure(PlanError("the sections of the update do not add up"))
            }
            oldSectionForNew[slot] = old
        }
        var newSectionForOld = [Int?](repeating: nil, count: oldSectionCount)
        for (new, old) in oldSectionForNew.enumerated() { if let old { newSectionForOld[old] = new } }

        // Rows: checked against the counts before and after.
        let newRowCounts = (0..<newSectionCount).map { rowCount(inSection: $0) }
        for indexPath in updates.deletedRows.keys.sorted() {
            if let problem = checkOld(indexPath, verb: "delete", sectionCount: oldSectionCount) {
                return .failure(problem)
            }
        }
        for indexPath in updates.reloadedRows.keys.sorted() {
            if let problem = checkOld(indexPath, verb: "reload", sectionCount: oldSectionCount) {
                return .failure(problem)
            }
        }
        for indexPath in updates.insertedRows.keys.sorted() {
            if let problem = checkNew(indexPath, verb: "insert", counts: newRowCounts) { return .failure(problem) }
        }
        for move in updates.movedRows {
            if let problem = checkOld(move.from, verb: "move", sectionCount: oldSectionCount) {
                return .failure(problem)
            }
            if let problem = checkNew(move.to, verb: "move", counts: newRowCounts) { return .failure(problem) }
            let fromSection = move.from.section
            if updates.deletedSections[fromSection] != nil || updates.reloadedSections[fromSection] != nil {
                return .failure(
                    PlanError("attempt to move \(describe(move.from)) out of a section that is deleted or reloaded"))
            }
            if oldSectionForNew[move.to.section] == nil
                || updates.reloadedSections[oldSectionForNew[move.to.section]!] != nil
            {
                return .failure(
                    PlanError("attempt to move \(describe(move.from)) into a section that is inserted or reloaded"))
            }
            if updates.deletedRows[move.from] != nil || updates.reloadedRows[move.from] != nil {
                return .failure(PlanError("attempt to move \(describe(move.from)), which is also deleted or reloaded"))
            }
        }
        var oldRowForNew: [[IndexPath?]] = []
        var reloadedAt: [IndexPath: RowAnimation] = [:]
        for newSection in 0..<newSectionCount {
            let newCount = newRowCounts[newSection]
            guard let oldSection = oldSectionForNew[newSection], updates.reloadedSections[oldSection] == nil else {
                oldRowForNew.append([IndexPath?](repeating: nil, count: newCount))
                continue
            }
            let oldCount = geometry.numberOfRows(inSection: oldSection)
            let deleted = updates.deletedRows.keys.filter { $0.section == oldSection }.map(\.row)
            let movedOut = updates.movedRows.filter { $0.from.section == oldSection }.map(\.from.row)
            let inserted = updates.insertedRows.keys.filter { $0.section == newSection }.map(\.row)
            let movedIn = updates.movedRows.filter { $0.to.section == newSection }
            let expected = oldCount - deleted.count - movedOut.count + inserted.count + movedIn.count
            guard newCount == expected else {
                return .failure(
                    PlanError(
                        "Invalid update: invalid number of rows in section \(newSection). The number of rows contained "
                            + "in an existing section after the update (\(newCount)) must be equal to the number of rows "
                            + "contained in that section before the update (\(oldCount)), plus or minus the number of "
                            + "rows inserted or deleted from that section (\(inserted.count) inserted, "
                            + "\(deleted.count) deleted) and plus or minus the number of rows moved into or out of that "
                            + "section (\(movedIn.count) moved in, \(movedOut.count) moved out)"))
            }
            var rows = [IndexPath?](repeating: nil, count: newCount)
            var fixed = Set(inserted)
            for move in movedIn {
                guard !fixed.contains(move.to.row) else {
                    return .failure(PlanError("attempt to insert or move two rows to \(describe(move.to))"))
                }
                fixed.insert(move.to.row)
                rows[move.to.row] = move.from
            }
            let leaving = Set(deleted).union(movedOut)
            var kept = (0..<oldCount).filter { !leaving.contains($0) }[...]
            for slot in 0..<newCount where !fixed.contains(slot) {
                guard let old = kept.popFirst() else {
                    return .failure(PlanError("the rows of section \(newSection) do not add up"))
                }
                // A reloaded row keeps its place but gets a new cell.
                if let kind = updates.reloadedRows[IndexPath(row: old, section: oldSection)] {
                    reloadedAt[IndexPath(row: slot, section: newSection)] = kind
                } else {
                    rows[slot] = IndexPath(row: old, section: oldSection)
                }
            }
            oldRowForNew.append(rows)
        }
        return .success(
            UpdatePlan(
                oldSectionForNew: oldSectionForNew, oldRowForNew: oldRowForNew, newRowCounts: newRowCounts,
                reloadedAt: reloadedAt))
    }

    struct PlanError: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    private func checkOld(_ indexPath: IndexPath, verb: String, sectionCount: Int) -> PlanError? {
        guard indexPath.count == 2 else { return PlanError("attempt to \(verb) an invalid index path \(indexPath)") }
        guard (0..<sectionCount).contains(indexPath.section) else {
            return PlanError(
                "attempt to \(verb) \(describe(indexPath)), but there are only \(sectionCount) sections before the update"
            )
        }
        let rows = geometry.numberOfRows(inSection: indexPath.section)
        guard (0..<rows).contains(indexPath.row) else {
            return PlanError(
                "attempt to \(verb) row \(indexPath.row) from section \(indexPath.section) which only contains \(rows) "
                    + "rows before the update")
        }
        return nil
    }

    private func checkNew(_ indexPath: IndexPath, verb: String, counts: [Int]) -> PlanError? {
        guard indexPath.count == 2 else { return PlanError("attempt to \(verb) an invalid index path \(indexPath)") }
        guard counts.indices.contains(indexPath.section) else {
            return PlanError(
                "attempt to \(verb) \(describe(indexPath)), but there are only \(counts.count) sections after the update"
            )
        }
        guard (0..<counts[indexPath.section]).contains(indexPath.row) else {
            return PlanError(
                "attempt to \(verb) row \(indexPath.row) into section \(indexPath.section), but there are only "
                    + "\(counts[indexPath.section]) rows in section \(indexPath.section) after the update")
        }
        return nil
    }

    // MARK: Applying

    /// Moves every piece of state to its new place and animates the change.
    private func apply(_ plan: UpdatePlan, updates: TableBatchUpdates, finish: @escaping (Bool) -> Void) {
        let old = geometry
        let oldFrames = Dictionary(
            uniqueKeysWithValues: visibleCellsByIndexPath.keys.compactMap { path in
                rowFrame(path).map { (path, $0) }
            })
        // The new geometry: rows that stay keep what was measured of them.
        headerTitles = [:]
        footerTitles = [:]
        measuredHeaderViews = [:]
        measuredFooterViews = [:]
        var sections: [TableGeometry.Section] = []
        var newPathForOld: [IndexPath: IndexPath] = [:]
        for (newSection, rows) in plan.oldRowForNew.enumerated() {
            var section = makeSectionGeometry(newSection, rowCount: 0)
            section.rows = rows.enumerated().map { row, oldPath in
                let newPath = IndexPath(row: row, section: newSection)
                let fresh = rowHeight(at: newPath)
                guard let oldPath else { return fresh }
                newPathForOld[oldPath] = newPath
                let previous = old.sections[oldPath.section].rows[oldPath.row]
                // A row that sizes itself keeps its measured height until measured again.
                return fresh.isEstimate && !previous.isEstimate ? previous : fresh
            }
            sections.append(section)
        }
        geometry.replaceSections(sections)
        geometry.layOutIfNeeded()

        // Selection follows the rows; deleted and reloaded rows lose it.
        selectedRows = Set(selectedRows.compactMap { newPathForOld[$0] })

        // Cells: those whose rows stay move with them; the others animate away.
        let animation = TableUpdateAnimation()
        var kept: [IndexPath: UITableViewCell] = [:]
        var leaving: [(UITableViewCell, IndexPath, RowAnimation)] = []
        for (oldPath, cell) in visibleCellsByIndexPath {
            if let newPath = newPathForOld[oldPath] {
                kept[newPath] = cell
                cell.setSelected(selectedRows.contains(newPath), animated: false)
            } else {
                let kind =
                    updates.deletedRows[oldPath] ?? updates.reloadedRows[oldPath] ?? updates.deletedSections[
                        oldPath.section]
                    ?? updates.reloadedSections[oldPath.section] ?? .automatic
                leaving.append((cell, oldPath, kind))
            }
        }
        visibleCellsByIndexPath = kept
        for (newSection, rows) in plan.oldRowForNew.enumerated() {
            for (row, oldPath) in rows.enumerated() {
                let newPath = IndexPath(row: row, section: newSection)
                if let oldPath {
                    if let frame = oldFrames[oldPath] {
                        animation.previousFrames[newPath] = frame
                    } else if let span = old.rowSpan(oldPath) {
                        animation.previousFrames[newPath] = CGRect(
                            x: rowInset, y: span.top, width: rowWidth, height: span.height)
                    }
                } else {
                    let oldSection = plan.oldSectionForNew[newSection]
                    let sectionKind =
                        oldSection.flatMap { updates.reloadedSections[$0] } ?? updates.insertedSections[newSection]
                    if let sectionKind {
                        animation.insertedSections[newSection] = sectionKind
                    } else {
                        animation.insertedRows[newPath] =
                            updates.insertedRows[newPath] ?? plan.reloadedAt[newPath] ?? .automatic
                    }
                }
            }
        }
        // Headers and footers follow their sections; those of sections gone fade out.
        var leavingViews: [(UIView, RowAnimation)] = []
        var newHeaders: [Int: UIView] = [:]
        var newFooters: [Int: UIView] = [:]
        let newSectionForOld = Dictionary(
            plan.oldSectionForNew.enumerated().compactMap { new, old in
                old.flatMap { updates.reloadedSections[$0] == nil ? ($0, new) : nil }
            }, uniquingKeysWith: { first, _ in first })
        for (section, view) in visibleHeaderViews {
            if let new = newSectionForOld[section] {
                newHeaders[new] = view
            } else {
                leavingViews.append(
                    (view, updates.deletedSections[section] ?? updates.reloadedSections[section] ?? .fade))
                tableDelegate?.tableView(self, didEndDisplayingHeaderView: view, forSection: section)
            }
        }
        for (section, view) in visibleFooterViews {
            if let new = newSectionForOld[section] {
                newFooters[new] = view
            } else {
                leavingViews.append(
                    (view, updates.deletedSections[section] ?? updates.reloadedSections[section] ?? .fade))
                tableDelegate?.tableView(self, didEndDisplayingFooterView: view, forSection: section)
            }
        }
        visibleHeaderViews = newHeaders
        visibleFooterViews = newFooters

        // Reconfigured rows: their cells are configured again in place.
        for indexPath in updates.reconfiguredRows {
            guard let cell = visibleCellsByIndexPath[indexPath], let dataSource else { continue }
            reconfiguringCell = (indexPath, cell)
            let returned = dataSource.tableView(self, cellForRowAt: indexPath)
            reconfiguringCell = nil
            if returned !== cell {
                // The data source made another cell: it replaces the old one.
                visibleCellsByIndexPath[indexPath] = returned
                insertSubview(returned, belowSubview: cell)
                returned.frame = cell.frame
                leaving.append((cell, indexPath, .none))
            }
        }

        animateUpdate(animation: animation, leavingCells: leaving, leavingViews: leavingViews, finish: finish)
    }

    /// Runs the layout inside a UIView animation: rows that stay slide to their new places,
    /// new ones come in and the old ones go out by their row animation; then cells that left
    /// go to the reuse queue and the completions run.
    private func animateUpdate(
        animation: TableUpdateAnimation, leavingCells: [(UITableViewCell, IndexPath, RowAnimation)],
        leavingViews: [(UIView, RowAnimation)], finish: @escaping (Bool) -> Void
    ) {
        for (cell, _, kind) in leavingCells where kind == .top || kind == .bottom {
            // Rows sliding out go under their neighbours.
            sendSubviewToBack(cell)
            if let backgroundView { sendSubviewToBack(backgroundView) }
        }
        let disappearing = leavingCells.filter { $0.2 != .none }
        for (cell, indexPath, kind) in leavingCells where kind == .none {
            enqueue(cell)
            tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
        }
        disappearingViews.append(contentsOf: disappearing.map(\.0))
        disappearingViews.append(contentsOf: leavingViews.map(\.0))
        updateAnimation = animation
        let clock = ScreenRegistry.current.backend.clock
        let end = clock.now + animation.duration
        UIView.animate(
            withDuration: animation.duration,
            animations: {
                animation.isAnimating = true
                self.updateContentSize()
                let limits = self.contentOffsetLimits
                if self.contentOffset.y > limits.maximum.y { self.contentOffset.y = limits.maximum.y }
                self.updateVisibleContent()
                for (cell, _, kind) in disappearing { animation.remove(cell, as: kind) }
                for (view, kind) in leavingViews { animation.remove(view, as: kind == .none ? .fade : kind) }
                animation.isAnimating = false
            },
            // The clock weakly: it keeps this animation's wake-ups until they fire.
            completion: { [weak self, weak clock] finished in
                let cleanUp = { [weak self] in
                    guard let self else { return }
                    self.endUpdateAnimation(disappearing: disappearing, leavingViews: leavingViews)
                    finish(finished)
                }
                // Views animated explicitly run for the whole duration even when the block
                // made no implicit animation.
                if let clock, clock.now < end - 1e-9 {
                    _ = clock.schedule(at: end) { cleanUp() }
                } else {
                    cleanUp()
                }
            })
        updateAnimation = nil
    }

    /// Sends the cells and views that animated out to their queues.
    private func endUpdateAnimation(
        disappearing: [(UITableViewCell, IndexPath, RowAnimation)], leavingViews: [(UIView, RowAnimation)]
    ) {
        for (cell, indexPath, _) in disappearing {
            disappearingViews.removeAll { $0 === cell }
            cell.layer.removeAllAnimations()
            UIView.performWithoutAnimation { cell.alpha = 1 }
            enqueue(cell)
            tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
        }
        for (view, _) in leavingViews {
            disappearingViews.removeAll { $0 === view }
            view.layer.removeAllAnimations()
            UIView.performWithoutAnimation { view.alpha = 1 }
            enqueue(headerFooter: view)
        }
    }

    /// Asks every height again (an empty batch does, to resize rows).
    private func refreshHeights() {
        var sections = geometry.sections
        for (sectionIndex, section) in sections.enumerated() {
            for (row, previous) in section.rows.enumerated() {
                let fresh = rowHeight(at: IndexPath(row: row, section: sectionIndex))
                sections[sectionIndex].rows[row] =
                    fresh.isEstimate && !previous.isEstimate ? .estimate(previous.value) : fresh
            }
            sections[sectionIndex].header = supplementaryHeight(sectionIndex, isHeader: true)
            sections[sectionIndex].footer = supplementaryHeight(sectionIndex, isHeader: false)
        }
        geometry.replaceSections(sections)
    }

    /// Animates the visible content to the current geometry.
    private func animateLayoutChange(previousFrames: [IndexPath: CGRect], finish: @escaping (Bool) -> Void) {
        let animation = TableUpdateAnimation()
        animation.previousFrames = previousFrames
        animateUpdate(animation: animation, leavingCells: [], leavingViews: [], finish: finish)
    }

    /// Swipe actions go when an update comes (the swiped row may be the one deleted): the
    /// row keeps its offset and animates from there.
    private func closeSwipeActionsForUpdate() {
        guard let state = swipeState else { return }
        swipeState = nil
        state.actionsView.removeFromSuperview()
        if let cell = visibleCellsByIndexPath[state.indexPath] {
            cell.swipeOffset = 0
        }
        tableDelegate?.tableView(self, didEndEditingRowAt: state.indexPath)
    }
}
