import Foundation

/// What a table view tells and asks its delegate, as UIKit's `UITableViewDelegate` (which
/// refines `UIScrollViewDelegate`: the table view's `delegate` is the scroll view's, and the
/// table view uses it when it conforms to this protocol). Every method is optional.
///
/// Swift cannot tell whether a conforming type implemented a protocol method, so the
/// defaults answer what UIKit does without one: the height methods return the table view's
/// `rowHeight`, `sectionHeaderHeight`, `sectionFooterHeight` and their estimated
/// counterparts; highlighting and selection are allowed (`willSelectRowAt` returns the row);
/// no custom header or footer view; no swipe actions.
@preconcurrency @MainActor
public protocol UITableViewDelegate: UIScrollViewDelegate {
    // MARK: Display

    /// A cell is about to be shown for a row, as `tableView(_:willDisplay:forRowAt:)`.
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
    /// A header view is about to be shown, as `tableView(_:willDisplayHeaderView:forSection:)`.
    func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int)
    /// A footer view is about to be shown, as `tableView(_:willDisplayFooterView:forSection:)`.
    func tableView(_ tableView: UITableView, willDisplayFooterView view: UIView, forSection section: Int)
    /// A cell left the table (scrolled away, deleted, reloaded), as
    /// `tableView(_:didEndDisplaying:forRowAt:)`.
    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath)
    /// A header view left the table, as `tableView(_:didEndDisplayingHeaderView:forSection:)`.
    func tableView(_ tableView: UITableView, didEndDisplayingHeaderView view: UIView, forSection section: Int)
    /// A footer view left the table, as `tableView(_:didEndDisplayingFooterView:forSection:)`.
    func tableView(_ tableView: UITableView, didEndDisplayingFooterView view: UIView, forSection section: Int)

    // MARK: Heights

    /// A row's height, as `tableView(_:heightForRowAt:)`; `UITableView.automaticDimension`
    /// sizes the cell by its constraints (default: the table view's `rowHeight`).
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    /// A section header's height, as `tableView(_:heightForHeaderInSection:)` (default:
    /// `sectionHeaderHeight`).
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat
    /// A section footer's height, as `tableView(_:heightForFooterInSection:)` (default:
    /// `sectionFooterHeight`).
    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat
    /// A row's height before its cell is measured, as `tableView(_:estimatedHeightForRowAt:)`
    /// (default: `estimatedRowHeight`).
    func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat
    /// A header's estimated height, as `tableView(_:estimatedHeightForHeaderInSection:)`.
    func tableView(_ tableView: UITableView, estimatedHeightForHeaderInSection section: Int) -> CGFloat
    /// A footer's estimated height, as `tableView(_:estimatedHeightForFooterInSection:)`.
    func tableView(_ tableView: UITableView, estimatedHeightForFooterInSection section: Int) -> CGFloat

    // MARK: Headers and footers

    /// A custom header view, as `tableView(_:viewForHeaderInSection:)` (default nil: a
    /// standard header when the data source gives a title).
    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView?
    /// A custom footer view, as `tableView(_:viewForFooterInSection:)`.
    func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView?

    // MARK: Highlighting and selection

    /// Whether a touch highlights a row, as `tableView(_:shouldHighlightRowAt:)` (default
    /// true); a row that does not highlight is not selected by a tap either.
    func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
    /// A row was highlighted, as `tableView(_:didHighlightRowAt:)`.
    func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath)
    /// A row's highlight went, as `tableView(_:didUnhighlightRowAt:)`.
    func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath)
    /// The row a tap is about to select, or another, or nil for none, as
    /// `tableView(_:willSelectRowAt:)` (default: the row).
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    /// The row about to be deselected, or another, or nil to keep it, as
    /// `tableView(_:willDeselectRowAt:)` (default: the row).
    func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath?
    /// A row was selected by the user, as `tableView(_:didSelectRowAt:)`.
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    /// A row was deselected by the user, as `tableView(_:didDeselectRowAt:)`.
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
    /// The detail button of a row was tapped, as
    /// `tableView(_:accessoryButtonTappedForRowWith:)`.
    func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath)

    // MARK: Editing and swipe actions

    /// The actions a swipe from the trailing edge reveals, as
    /// `tableView(_:trailingSwipeActionsConfigurationForRowAt:)` (default nil: none).
    func tableView(
        _ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration?
    /// The actions a swipe from the leading edge reveals, as
    /// `tableView(_:leadingSwipeActionsConfigurationForRowAt:)` (default nil: none).
    func tableView(
        _ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration?
    /// The editing style of a row, as `tableView(_:editingStyleForRowAt:)` (default
    /// `.delete`).
    func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle
    /// Swipe actions are about to show on a row, as `tableView(_:willBeginEditingRowAt:)`.
    func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath)
    /// Swipe actions on a row went, as `tableView(_:didEndEditingRowAt:)`.
    func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?)
    /// A row's indentation level, as `tableView(_:indentationLevelForRowAt:)` (default 0).
    func tableView(_ tableView: UITableView, indentationLevelForRowAt indexPath: IndexPath) -> Int
}

extension UITableViewDelegate {
    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int) {}
    public func tableView(_ tableView: UITableView, willDisplayFooterView view: UIView, forSection section: Int) {}
    public func tableView(
        _ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath
    ) {}
    public func tableView(_ tableView: UITableView, didEndDisplayingHeaderView view: UIView, forSection section: Int) {}
    public func tableView(_ tableView: UITableView, didEndDisplayingFooterView view: UIView, forSection section: Int) {}

    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        tableView.rowHeight
    }
    public func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
        tableView.sectionHeaderHeight
    }
    public func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat {
        tableView.sectionFooterHeight
    }
    public func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
        tableView.estimatedRowHeight
    }
    public func tableView(_ tableView: UITableView, estimatedHeightForHeaderInSection section: Int) -> CGFloat {
        tableView.estimatedSectionHeaderHeight
    }
    public func tableView(_ tableView: UITableView, estimatedHeightForFooterInSection section: Int) -> CGFloat {
        tableView.estimatedSectionFooterHeight
    }

    public func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
    public func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? { nil }

    public func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? {
        indexPath
    }
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {}

    public func tableView(
        _ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration? { nil }
    public func tableView(
        _ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration? { nil }
    public func tableView(
        _ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath
    ) -> UITableViewCell.EditingStyle { .delete }
    public func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?) {}
    public func tableView(_ tableView: UITableView, indentationLevelForRowAt indexPath: IndexPath) -> Int { 0 }
}
