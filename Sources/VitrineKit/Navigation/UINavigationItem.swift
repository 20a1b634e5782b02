import Foundation

/// What a navigation bar shows for one controller, as UIKit's `UINavigationItem`: a title or
/// a title view, the back button the next item shows (`backButtonTitle`), and bar button
/// items on the left and right.
///
/// A bar showing the item updates when any of these change; a `searchController`'s bar is
/// shown under the navigation bar. Vitrine differences: no
/// `prompt`, large-title (`largeTitleDisplayMode`) or
/// `backBarButtonItem` support yet; `leftItemsSupplementBackButton` is honoured.
@preconcurrency @MainActor
open class UINavigationItem {
    /// The title shown in the middle of the bar, as `title`.
    open var title: String? { didSet { changed() } }

    /// A view shown in place of the title, as `titleView` (sized by its `sizeThatFits(_:)`,
    /// at most the bar's height, and centred).
    open var titleView: UIView? { didSet { changed() } }

    /// The search controller whose bar shows under the navigation bar while this item is on
    /// top, as `searchController` (iOS 11): the controllers' safe area starts below it.
    open var searchController: UISearchController? {
        didSet {
            if oldValue !== searchController { oldValue?.searchBar.removeFromSuperview() }
            changed()
            for observer in observers { observer.bar?.superview?.setNeedsLayout() }
        }
    }

    /// Whether the search bar hides as the content scrolls, as `hidesSearchBarWhenScrolling`
    /// (default true; kept, Vitrine always shows the bar).
    open var hidesSearchBarWhenScrolling = true

    /// The title of the back button that the *next* item's bar shows to come back here, as
    /// `backButtonTitle`; nil: this item's `title`, else "Back", as UIKit.
    open var backButtonTitle: String? { didSet { changed() } }

    /// Whether the bar hides the back button while this item is on top, as
    /// `hidesBackButton`.
    open var hidesBackButton = false { didSet { changed() } }

    /// Whether left items are shown beside the back button rather than in its place, as
    /// `leftItemsSupplementBackButton` (default false).
    open var leftItemsSupplementBackButton = false { didSet { changed() } }

    /// The items on the left, leading first, as `leftBarButtonItems`.
    open var leftBarButtonItems: [UIBarButtonItem]? { didSet { changed() } }

    /// The items on the right, the first one at the trailing edge, as `rightBarButtonItems`.
    open var rightBarButtonItems: [UIBarButtonItem]? { didSet { changed() } }

    /// The first of `leftBarButtonItems`, as `leftBarButtonItem`; setting it replaces them all.
    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }

    /// The first of `rightBarButtonItems`, as `rightBarButtonItem`; setting it replaces them
    /// all.
    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }

    /// Sets `hidesBackButton`, as `setHidesBackButton(_:animated:)` (Vitrine does not animate it).
    open func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) {
        self.hidesBackButton = hidesBackButton
    }

    /// Sets `leftBarButtonItems`, as `setLeftBarButtonItems(_:animated:)` (not animated).
    open func setLeftBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { leftBarButtonItems = items }

    /// Sets `rightBarButtonItems`, as `setRightBarButtonItems(_:animated:)` (not animated).
    open func setRightBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { rightBarButtonItems = items }

    /// Sets `leftBarButtonItem`, as `setLeftBarButton(_:animated:)` (not animated).
    open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { leftBarButtonItem = item }

    /// Sets `rightBarButtonItem`, as `setRightBarButton(_:animated:)` (not animated).
    open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) { rightBarButtonItem = item }

    /// An item with a title, as `init(title:)`.
    public init(title: String) {
        self.title = title
    }

    /// An item with no title, as `init()` (and `init(coder:)`'s non-archive form).
    public init() {}

    /// The bars showing this item (the top or back item), told of changes.
    var observers: [WeakBar] = []

    struct WeakBar {
        weak var bar: UINavigationBar?
    }

    private func changed() {
        observers.removeAll { $0.bar == nil }
        for observer in observers { observer.bar?.itemDidChange() }
    }
}
