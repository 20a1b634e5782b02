import Foundation

/// What a search bar asks and tells its delegate, as UIKit's `UISearchBarDelegate` (every
/// method optional, through the default implementations below).
@preconcurrency @MainActor
public protocol UISearchBarDelegate: AnyObject {
    /// Whether editing may begin, as `searchBarShouldBeginEditing(_:)` (default true).
    func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool
    /// Editing began (the field is first responder), as `searchBarTextDidBeginEditing(_:)`.
    func searchBarTextDidBeginEditing(_ searchBar: UISearchBar)
    /// Whether editing may end, as `searchBarShouldEndEditing(_:)` (default true).
    func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool
    /// Editing ended, as `searchBarTextDidEndEditing(_:)`.
    func searchBarTextDidEndEditing(_ searchBar: UISearchBar)
    /// The text changed by typing, pasting or the clear button (not by setting `text`), as
    /// `searchBar(_:textDidChange:)`.
    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String)
    /// Whether typing may replace `range` (UTF-16) with `text`, as
    /// `searchBar(_:shouldChangeTextIn:replacementText:)` (default true).
    func searchBar(_ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    /// The keyboard's Search (return) key was pressed, as `searchBarSearchButtonClicked(_:)`.
    func searchBarSearchButtonClicked(_ searchBar: UISearchBar)
    /// The Cancel button was tapped, as `searchBarCancelButtonClicked(_:)`.
    func searchBarCancelButtonClicked(_ searchBar: UISearchBar)
}

extension UISearchBarDelegate {
    public func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool { true }
    public func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) {}
    public func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool { true }
    public func searchBarTextDidEndEditing(_ searchBar: UISearchBar) {}
    public func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {}
    public func searchBar(_ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String)
        -> Bool
    { true }
    public func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {}
    public func searchBarCancelButtonClicked(_ searchBar: UISearchBar) {}
}
