import Foundation

/// The touch a table view follows from touch-down to lift: the row it highlights.
struct TableTouchTracking {
    let touch: ObjectIdentifier
    /// Where it began, in window coordinates (the content may scroll under it).
    let start: CGPoint
    /// The row it began on.
    let indexPath: IndexPath?
    /// Whether that row is highlighted.
    var isHighlighting: Bool
    /// Whether it began on the detail button of the row's accessory.
    let onDetailButton: Bool
    /// Whether it only closes open swipe actions (no selection).
    let closesSwipe: Bool
    /// Whether it moved too far to be a tap.
    var movedAway = false
}

extension UITableView {
    /// Posted when the user changes the selection (not when the app selects by program), as
    /// `UITableView.selectionDidChangeNotification`.
    public static let selectionDidChangeNotification = Notification.Name("UITableViewSelectionDidChangeNotification")

    /// How far a finger may move before it is no longer a tap on a row (the pan gesture's
    /// 10 points): a drag that scrolls ends the highlight.
    static let tapSlop: CGFloat = 10

    // MARK: Selection by program

    // MARK: Selection by the user

    /// Whether the user may select rows now.
    var userSelectionAllowed: Bool {
        isEditing ? allowsSelectionDuringEditing || allowsMultipleSelectionDuringEditing : allowsSelection
    }

    var userMultipleSelection: Bool {
        isEditing ? allowsMultipleSelectionDuringEditing : allowsMultipleSelection
    }

    /// A tap on a row: selects it (asking `willSelectRowAt`, then telling `didSelectRowAt`),
    /// deselecting the previous one with single selection; with multiple selection a tap on a
    /// selected row deselects it (`willDeselectRowAt`, `didDeselectRowAt`).
    func userTapped(_ indexPath: IndexPath) {
        guard userSelectionAllowed, geometry.contains(indexPath) else { return }
        if userMultipleSelection && selectedRows.contains(indexPath) {
            userDeselect(indexPath)
            return
        }
        let target: IndexPath?
        if let tableDelegate {
            target = tableDelegate.tableView(self, willSelectRowAt: indexPath)
        } else {
            target = indexPath
        }
        guard let target, geometry.contains(target) else { return }
        if !userMultipleSelection {
            for other in selectedRows.sorted() where other != target { userDeselect(other) }
        }
        selectedRows.insert(target)
        visibleCellsByIndexPath[target]?.setSelected(true, animated: false)
        // A storyboard cell's segue runs before the delegate hears of the selection, as in UIKit
        // (`prepare(for:sender:)` comes before `tableView(_:didSelectRowAt:)`).
        if let cell = visibleCellsByIndexPath[target], let identifier = cell.reuseIdentifier {
            selectionSegues[identifier]?(cell)
        }
        tableDelegate?.tableView(self, didSelectRowAt: target)
        NotificationCenter.default.post(name: UITableView.selectionDidChangeNotification, object: self)
    }

    private func userDeselect(_ indexPath: IndexPath) {
        let target: IndexPath?
        if let tableDelegate {
            target = tableDelegate.tableView(self, willDeselectRowAt: indexPath)
        } else {
            target = indexPath
        }
        guard let target, selectedRows.contains(target) else { return }
        selectedRows.remove(target)
        visibleCellsByIndexPath[target]?.setSelected(false, animated: true)
        tableDelegate?.tableView(self, didDeselectRowAt: target)
        NotificationCenter.default.post(name: UITableView.selectionDidChangeNotification, object: self)
    }

    // MARK: Touches

    /// A finger touched down (delivered after the scroll view's touch delay): the row under
    /// it is highlighted if the delegate lets it (`shouldHighlightRowAt`), or, while swipe
    /// actions show, the touch only closes them.
    func trackTouchesBegan(_ touches: Set<UITouch>) {
        guard touchTracking == nil, let touch = touches.first else { return }
        let point = touch.location(in: self)
        if let swipeState, swipeState.isOpen {
            if let action = swipeActionButton(at: touch.location(in: swipeState.actionsView)) {
                touchTracking = TableTouchTracking(
                    touch: ObjectIdentifier(touch), start: touch.location(in: nil), indexPath: nil,
                    isHighlighting: false, onDetailButton: false, closesSwipe: false)
                swipeState.actionsView.highlight(action)
                return
            }
            touchTracking = TableTouchTracking(
                touch: ObjectIdentifier(touch), start: touch.location(in: nil), indexPath: nil, isHighlighting: false,
                onDetailButton: false, closesSwipe: true)
            return
        }
        // A touch on a header or footer (a pinned one lies over rows) selects nothing.
        let onSupplementary = (Array(visibleHeaderViews.values) + Array(visibleFooterViews.values)).contains {
            touch.view?.isDescendant(of: $0) ?? false
        }
        let indexPath = onSupplementary ? nil : indexPathForRow(at: point)
        var onDetail = false
        if let indexPath, let cell = visibleCellsByIndexPath[indexPath] {
            onDetail = cell.detailButtonContains(touch.location(in: cell))
        }
        touchTracking = TableTouchTracking(
            touch: ObjectIdentifier(touch), start: touch.location(in: nil), indexPath: indexPath, isHighlighting: false,
            onDetailButton: onDetail, closesSwipe: false)
        guard let indexPath, !onDetail, userSelectionAllowed else { return }
        let shouldHighlight = tableDelegate?.tableView(self, shouldHighlightRowAt: indexPath) ?? true
        guard shouldHighlight else { return }
        touchTracking?.isHighlighting = true
        visibleCellsByIndexPath[indexPath]?.setHighlighted(true, animated: false)
        tableDelegate?.tableView(self, didHighlightRowAt: indexPath)
    }

    /// A finger moved: beyond the tap slop it is a drag (the scroll view's, or a swipe), and
    /// the highlight ends.
    func trackTouchesMoved(_ touches: Set<UITouch>) {
        guard let tracking = touchTracking, let touch = touches.first(where: { ObjectIdentifier($0) == tracking.touch })
        else { return }
        let now = touch.location(in: nil)
        guard hypot(now.x - tracking.start.x, now.y - tracking.start.y) > Self.tapSlop else { return }
        touchTracking?.movedAway = true
        endHighlight()
        swipeState?.actionsView.highlight(nil)
    }

    /// A finger lifted: a tap on a row selects it, on the detail button tells the delegate,
    /// on a swipe action runs it; any other lift while actions show closes them.
    func trackTouchesEnded(_ touches: Set<UITouch>) {
        guard let tracking = touchTracking, let touch = touches.first(where: { ObjectIdentifier($0) == tracking.touch })
        else { return }
        touchTracking = nil
        endHighlight(tracking)
        guard !tracking.movedAway else { return }
        if let swipeState, swipeState.isOpen {
            swipeState.actionsView.highlight(nil)
            if !tracking.closesSwipe, let action = swipeActionButton(at: touch.location(in: swipeState.actionsView)) {
                perform(action, of: swipeState)
            } else {
                closeSwipeActions(animated: true)
            }
            return
        }
        guard let indexPath = tracking.indexPath, indexPathForRow(at: touch.location(in: self)) == indexPath else {
            return
        }
        if tracking.onDetailButton {
            tableDelegate?.tableView(self, accessoryButtonTappedForRowWith: indexPath)
        } else if tracking.isHighlighting {
            userTapped(indexPath)
        }
    }

    /// The touch was cancelled (a scroll or swipe took it): the highlight ends, nothing is
    /// selected.
    func trackTouchesCancelled(_ touches: Set<UITouch>) {
        guard let tracking = touchTracking, touches.contains(where: { ObjectIdentifier($0) == tracking.touch }) else {
            return
        }
        cancelTouchTracking()
    }

    /// Forgets the tracked touch and its highlight.
    func cancelTouchTracking() {
        guard let tracking = touchTracking else { return }
        touchTracking = nil
        endHighlight(tracking)
        swipeState?.actionsView.highlight(nil)
    }

    private func endHighlight(_ tracking: TableTouchTracking? = nil) {
        guard let tracking = tracking ?? touchTracking, tracking.isHighlighting, let indexPath = tracking.indexPath
        else { return }
        touchTracking?.isHighlighting = false
        visibleCellsByIndexPath[indexPath]?.setHighlighted(false, animated: false)
        tableDelegate?.tableView(self, didUnhighlightRowAt: indexPath)
    }
}
