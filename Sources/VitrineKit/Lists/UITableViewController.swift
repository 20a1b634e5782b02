import Foundation

/// A view controller whose view is a table view it is the data source and delegate of, as
/// UIKit's `UITableViewController`. Subclasses override the data source and delegate methods
/// (every one is declared here, so `override` works as in UIKit: Swift dispatches a protocol
/// method to a subclass only when the class itself implements it).
///
/// Like UIKit's, it deselects the selected rows when its view is about to appear
/// (`clearsSelectionOnViewWillAppear`).
@preconcurrency @MainActor
open class UITableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    private let tableStyle: UITableView.Style

    /// A controller with a table of `style`, as `init(style:)`.
    public init(style: UITableView.Style) {
        tableStyle = style
        super.init(nibName: nil, bundle: nil)
    }

    /// A controller with a plain table, as `init(nibName:bundle:)`.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        tableStyle = .plain
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// A controller with a plain table that a storyboard makes, as `init?(coder:)`; fails for any
    /// coder but the storyboard's, as `UIViewController`'s.
    public required init?(coder: NSCoder) {
        tableStyle = .plain
        super.init(coder: coder)
    }

    /// The table view's refresh control, as `refreshControl` (see `UIRefreshControl`).
    open var refreshControl: UIRefreshControl? {
        get { tableView.refreshControl }
        set { tableView.refreshControl = newValue }
    }

    /// The table view, the controller's view, as `tableView`.
    open var tableView: UITableView! {
        get {
            loadViewIfNeeded()
            return view as? UITableView
        }
        set { view = newValue }
    }

    /// Whether the selection is cleared when the view is about to appear, as
    /// `clearsSelectionOnViewWillAppear` (default true).
    open var clearsSelectionOnViewWillAppear = true

    /// Makes the table view, with the controller as its data source and delegate, as
    /// `loadView()`.
    open override func loadView() {
        let table = UITableView(frame: UIScreen.main.bounds, style: tableStyle)
        table.dataSource = self
        table.delegate = self
        view = table
    }

    /// Clears the selection when asked to, as UIKit's `viewWillAppear(_:)`.
    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        guard clearsSelectionOnViewWillAppear, let table = view as? UITableView else { return }
        for indexPath in table.indexPathsForSelectedRows ?? [] { table.deselectRow(at: indexPath, animated: animated) }
    }

    /// Turns editing on or off, as UIKit's `setEditing(_:animated:)` here: `isEditing` and
    /// `editButtonItem` change, and the table (when the view is loaded) follows with
    /// `setEditing(_:animated:)`.
    open override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        (viewIfLoaded as? UITableView)?.setEditing(editing, animated: animated)
    }

    // MARK: UITableViewDataSource

    /// `UITableViewDataSource`'s method, with UIKit's default answer; override it.
    open func numberOfSections(in tableView: UITableView) -> Int { 1 }
    /// `UITableViewDataSource`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
    /// `UITableViewDataSource`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell(style: .default, reuseIdentifier: nil)
    }
    /// `UITableViewDataSource`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// `UITableViewDataSource`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    /// `UITableViewDataSource`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    /// `UITableViewDataSource`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    /// `UITableViewDataSource`'s method, with UIKit's default answer; override it.
    open func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }
    /// `UITableViewDataSource`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        index
    }
    /// `UITableViewDataSource`'s method, with UIKit's default answer; override it.
    open func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
    ) {}
    /// `UITableViewDataSource`'s method, with UIKit's default answer; override it.
    open func tableView(
        _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {}

    // MARK: UITableViewDelegate

    /// `UITableViewDelegate`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    /// `UITableViewDelegate`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int) {}
    /// `UITableViewDelegate`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, willDisplayFooterView view: UIView, forSection section: Int) {}
    /// `UITableViewDelegate`'s method, with UIKit's default answer; override it.
    open func tableView(
        _ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath
    ) {}
    /// `UITableViewDelegate`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, didEndDisplayingHeaderView view: UIView, forSection section: Int) {}
    /// `UITableViewDelegate`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, didEndDisplayingFooterView view: UIView, forSection section: Int) {}
    /// `UITableViewDelegate`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        tableView.rowHeight
    }
    /// `UITableViewDelegate`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
        tableView.sectionHeaderHeight
    }
    /// `UITableViewDelegate`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat {
        tableView.sectionFooterHeight
    }
    /// `UITableViewDelegate`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
        tableView.estimatedRowHeight
    }
    /// `UITableViewDelegate`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, estimatedHeightForHeaderInSection section: Int) -> CGFloat {
        tableView.estimatedSectionHeaderHeight
    }
    /// `UITableViewDelegate`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, estimatedHeightForFooterInSection section: Int) -> CGFloat {
        tableView.estimatedSectionFooterHeight
    }
    /// `UITableViewDelegate`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
    /// `UITableViewDelegate`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? { nil }
    /// `UITableViewDelegate`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    /// `UITableViewDelegate`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {}
    /// `UITableViewDelegate`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {}
    /// `UITableViewDelegate`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// `UITableViewDelegate`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// `UITableViewDelegate`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    /// `UITableViewDelegate`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    /// `UITableViewDelegate`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {}
    /// `UITableViewDelegate`'s method, with UIKit's default answer; override it.
    open func tableView(
        _ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration? { nil }
    /// `UITableViewDelegate`'s method, with UIKit's default answer; override it.
    open func tableView(
        _ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration? { nil }
    /// `UITableViewDelegate`'s method, with UIKit's default answer; override it.
    open func tableView(
        _ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath
    ) -> UITableViewCell.EditingStyle { .delete }
    /// `UITableViewDelegate`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath) {}
    /// `UITableViewDelegate`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?) {}
    /// `UITableViewDelegate`'s method, with UIKit's default answer; override it.
    open func tableView(_ tableView: UITableView, indentationLevelForRowAt indexPath: IndexPath) -> Int { 0 }

    // MARK: UIScrollViewDelegate

    /// `UIScrollViewDelegate`'s method, with UIKit's default answer; override it.
    open func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    /// `UIScrollViewDelegate`'s method, with UIKit's default answer; override it.
    open func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    /// `UIScrollViewDelegate`'s method, with UIKit's default answer; override it.
    open func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    /// `UIScrollViewDelegate`'s method, with UIKit's default answer; override it.
    open func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    /// `UIScrollViewDelegate`'s method, with UIKit's default answer; override it.
    open func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    /// `UIScrollViewDelegate`'s method, with UIKit's default answer; override it.
    open func scrollViewDidZoom(_ scrollView: UIScrollView) {}
    /// `UIScrollViewDelegate`'s method, with UIKit's default answer; override it.
    open func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
        targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {}
    /// `UIScrollViewDelegate`'s method, with UIKit's default answer; override it.
    open func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    /// `UIScrollViewDelegate`'s method, with UIKit's default answer; override it.
    open func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
    /// `UIScrollViewDelegate`'s method, with UIKit's default answer; override it.
    open func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
    /// `UIScrollViewDelegate`'s method, with UIKit's default answer; override it.
    open func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
    /// `UIScrollViewDelegate`'s method, with UIKit's default answer; override it.
    open func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
    /// `UIScrollViewDelegate`'s method, with UIKit's default answer; override it.
    open func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
    /// `UIScrollViewDelegate`'s method, with UIKit's default answer; override it.
    open func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
}
