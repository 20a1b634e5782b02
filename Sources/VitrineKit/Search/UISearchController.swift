import Foundation

/// Told to update search results, as UIKit's `UISearchResultsUpdating`.
@preconcurrency @MainActor
public protocol UISearchResultsUpdating: AnyObject {
    /// The search bar's text changed, or the search controller became active or inactive:
    /// update the results, as `updateSearchResults(for:)`.
    func updateSearchResults(for searchController: UISearchController)
}

/// Told when a search controller is shown and hidden, as UIKit's
/// `UISearchControllerDelegate` (every method optional).
@preconcurrency @MainActor
public protocol UISearchControllerDelegate: AnyObject {
    /// As `willPresentSearchController(_:)`.
    func willPresentSearchController(_ searchController: UISearchController)
    /// As `didPresentSearchController(_:)`.
    func didPresentSearchController(_ searchController: UISearchController)
    /// As `willDismissSearchController(_:)`.
    func willDismissSearchController(_ searchController: UISearchController)
    /// As `didDismissSearchController(_:)`.
    func didDismissSearchController(_ searchController: UISearchController)
}

extension UISearchControllerDelegate {
    public func willPresentSearchController(_ searchController: UISearchController) {}
    public func didPresentSearchController(_ searchController: UISearchController) {}
    public func willDismissSearchController(_ searchController: UISearchController) {}
    public func didDismissSearchController(_ searchController: UISearchController) {}
}

/// A controller that runs a search from its `searchBar`, as UIKit's `UISearchController`.
///
/// Follows UIKit: it becomes active when its bar's field begins editing or `isActive` is
/// set (its delegate hears will/did present), and then shows its view over the content below
/// the bar: dimmed while `obscuresBackgroundDuringPresentation` (default true), with the
/// `searchResultsController`'s view once the bar has text (or always, with
/// `showsSearchResultsController`); `searchResultsUpdater` hears
/// `updateSearchResults(for:)` on activation, after each change of the text and on
/// dismissal; the bar shows Cancel while active (`automaticallyShowsCancelButton`), and
/// Cancel (or `isActive = false`) empties the field, ends editing and dismisses (will/did
/// dismiss), as does a tap on the dimmed content. In a navigation item (`UINavigationItem.searchController`) the bar sits under
/// the navigation bar, which hides while the search is active when
/// `hidesNavigationBarDuringPresentation` (default true). Deviations: not presented through
/// `present(_:animated:)` (its view is added over the content below the bar, no
/// `presentingViewController`), nothing is animated, no scope bar and no
/// `presentSearchController(_:)` delegate method.
@preconcurrency @MainActor
open class UISearchController: UIViewController {
    /// The controller showing results, as `searchResultsController` (nil: the content below
    /// is the results, as an app filtering its own list does).
    open var searchResultsController: UIViewController? { resultsController }
    private let resultsController: UIViewController?

    /// The bar, as `searchBar`.
    open var searchBar: UISearchBar { bar }
    private let bar: UISearchBar

    /// Told to update the results, as `searchResultsUpdater`.
    open weak var searchResultsUpdater: UISearchResultsUpdating?

    /// Told of presentation and dismissal, as `delegate`.
    open weak var delegate: UISearchControllerDelegate?

    /// Whether the content below the bar is dimmed while active, as
    /// `obscuresBackgroundDuringPresentation` (default true).
    open var obscuresBackgroundDuringPresentation = true {
        didSet { updateOverlay() }
    }

    /// Whether a navigation bar above the search bar hides while active, as
    /// `hidesNavigationBarDuringPresentation` (default true).
    open var hidesNavigationBarDuringPresentation = true

    /// Whether the bar shows Cancel while active, as `automaticallyShowsCancelButton`
    /// (default true).
    open var automaticallyShowsCancelButton = true

    /// Whether the results controller shows even with no text, as
    /// `showsSearchResultsController` (default false).
    open var showsSearchResultsController = false {
        didSet { updateOverlay() }
    }

    /// A search controller showing results in `searchResultsController`, as
    /// `init(searchResultsController:)`.
    public init(searchResultsController: UIViewController?) {
        resultsController = searchResultsController
        bar = UISearchBar(frame: CGRect(x: 0, y: 0, width: 320, height: UISearchBar.barHeight))
        super.init(nibName: nil, bundle: nil)
        bar.searchController = self
    }

    /// Not made from interface files: use `init(searchResultsController:)`.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Whether the search is shown, as `isActive`. Setting true shows it and makes the bar
    /// first responder; false empties the bar, ends editing and hides it.
    open var isActive: Bool {
        get { active }
        set {
            guard newValue != active else { return }
            if newValue { present() } else { dismiss() }
        }
    }

    private var active = false

    // MARK: Internals

    /// The bar's field began editing: a search starts.
    func searchBarDidBeginEditing() {
        if !active { present() }
    }

    /// The text changed by editing.
    func searchTextDidChange() {
        updateOverlay()
        searchResultsUpdater?.updateSearchResults(for: self)
    }

    func cancelButtonTapped() {
        if active { dismiss() }
    }

    private func present() {
        delegate?.willPresentSearchController(self)
        active = true
        if automaticallyShowsCancelButton { searchBar.showsCancelButton = true }
        showOverlay()
        if !searchBar.isFirstResponder { searchBar.becomeFirstResponder() }
        searchResultsUpdater?.updateSearchResults(for: self)
        delegate?.didPresentSearchController(self)
    }

    private func dismiss() {
        delegate?.willDismissSearchController(self)
        active = false
        searchBar.text = ""
        if searchBar.isFirstResponder { searchBar.resignFirstResponder() }
        if automaticallyShowsCancelButton { searchBar.showsCancelButton = false }
        hideOverlay()
        searchResultsUpdater?.updateSearchResults(for: self)
        delegate?.didDismissSearchController(self)
    }

    /// Puts the controller's view over what lies below the bar, in the bar's superview.
    private func showOverlay() {
        // A bar in a navigation item moves when the navigation bar hides: lay that out first.
        searchBar.superview?.setNeedsLayout()
        searchBar.superview?.layoutIfNeeded()
        guard let host = searchBar.superview else { return }
        if let results = searchResultsController, results.parent !== self {
            addChild(results)
            view.addSubview(results.view)
            results.didMove(toParent: self)
        }
        host.insertSubview(view, belowSubview: searchBar)
        layoutOverlay()
        updateOverlay()
    }

    private func hideOverlay() {
        guard isViewLoaded else { return }
        view.removeFromSuperview()
        searchBar.superview?.setNeedsLayout()
    }

    /// The overlay below the bar, to the bottom of the bar's superview.
    func layoutOverlay() {
        guard active, isViewLoaded, let host = view.superview else { return }
        let top = searchBar.frame.maxY
        view.frame = CGRect(x: 0, y: top, width: host.bounds.width, height: max(0, host.bounds.height - top))
        searchResultsController?.viewIfLoaded?.frame = view.bounds
    }

    /// Dims, and shows or hides the results, per the text and the settings.
    private func updateOverlay() {
        guard active, isViewLoaded else { return }
        view.backgroundColor = obscuresBackgroundDuringPresentation ? UIColor(white: 0, alpha: 0.2) : .clear
        let hasText = !(searchBar.text ?? "").isEmpty
        searchResultsController?.view.isHidden = !(hasText || showsSearchResultsController)
        // Without dimming and results the overlay must not take the content's touches.
        let covers = obscuresBackgroundDuringPresentation || !(searchResultsController?.view.isHidden ?? true)
        view.isUserInteractionEnabled = covers
    }

    /// A tap on the dimmed content ends the search, as UIKit's.
    open override func viewDidLoad() {
        super.viewDidLoad()
        let tap = UITapGestureRecognizer()
        tap.addTarget { [weak self] recognizer in
            guard let self, self.active, self.obscuresBackgroundDuringPresentation else { return }
            if let results = self.searchResultsController?.viewIfLoaded, !results.isHidden,
                results.bounds.contains(recognizer.location(in: results))
            {
                return
            }
            self.dismiss()
        }
        tap.cancelsTouchesInView = false
        view.addGestureRecognizer(tap)
    }

    /// The overlay follows the bar.
    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        searchResultsController?.viewIfLoaded?.frame = view.bounds
    }
}
