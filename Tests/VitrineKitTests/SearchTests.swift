import Foundation
import Testing
import VitrinePlatform
import VitrineTestSupport

@testable import VitrineKit

/// Logs what a search bar tells its delegate, and may refuse editing.
@MainActor
final class SearchBarDelegateLog: UISearchBarDelegate {
    var log: [String] = []
    var allowsBegin = true

    func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool {
        log.append("shouldBegin")
        return allowsBegin
    }
    func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) { log.append("didBegin") }
    func searchBarTextDidEndEditing(_ searchBar: UISearchBar) { log.append("didEnd") }
    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) { log.append("text \(searchText)") }
    func searchBarSearchButtonClicked(_ searchBar: UISearchBar) { log.append("search") }
    func searchBarCancelButtonClicked(_ searchBar: UISearchBar) { log.append("cancel") }
}

/// Logs a search controller's updates and presentation.
@MainActor
final class SearchControllerLog: UISearchResultsUpdating, UISearchControllerDelegate {
    var log: [String] = []

    func updateSearchResults(for searchController: UISearchController) {
        log.append("update '\(searchController.searchBar.text ?? "")' \(searchController.isActive)")
    }
    func willPresentSearchController(_ searchController: UISearchController) { log.append("willPresent") }
    func didPresentSearchController(_ searchController: UISearchController) { log.append("didPresent") }
    func willDismissSearchController(_ searchController: UISearchController) { log.append("willDismiss") }
    func didDismissSearchController(_ searchController: UISearchController) { log.append("didDismiss") }
}

/// UIKit's search bar and search controller: the delegate's calls, the keyboard's Search
/// key, Cancel, the controller's activation, results updates and the bar in a navigation
/// item.
@MainActor @Suite struct SearchTests {
    @Test func aBarIsAFieldWithAMagnifierAndAPlaceholder() {
        let bar = UISearchBar(frame: CGRect(x: 0, y: 0, width: 320, height: 56))
        #expect(bar.sizeThatFits(CGSize(width: 300, height: 10)) == CGSize(width: 300, height: 56))
        #expect(bar.intrinsicContentSize.height == 56)
        #expect(bar.searchTextField.leftView is MagnifierGlyphView)
        #expect(bar.searchTextField.returnKeyType == .search)
        #expect(bar.searchTextField.placeholder == "Search")
        bar.placeholder = "Find a product"
        #expect(bar.searchTextField.placeholder == "Find a product")
        #expect(bar.searchBarStyle == .default && !bar.showsCancelButton)
        bar.layoutIfNeeded()
        #expect(bar.searchTextField.frame == CGRect(x: 8, y: 10, width: 304, height: 36))
        bar.setShowsCancelButton(true, animated: true)
        bar.layoutIfNeeded()
        #expect(bar.showsCancelButton && !bar.cancelButton.isHidden)
        #expect(bar.searchTextField.frame.maxX + 8 == bar.cancelButton.frame.minX)
        #expect(bar.cancelButton.frame.maxX == 312)
        bar.searchBarStyle = .minimal
        #expect(bar.backgroundColor == nil)
    }

    @Test func typingSearchingAndCancelTellTheDelegate() {
        let scene = EventScene()
        let bar = UISearchBar(frame: CGRect(x: 0, y: 20, width: 400, height: 56))
        let delegate = SearchBarDelegateLog()
        bar.delegate = delegate
        bar.showsCancelButton = true
        scene.window.addSubview(bar)
        scene.clock.advance(by: 1.0 / 60)
        bar.text = "set"  // tells nobody
        #expect(delegate.log.isEmpty)
        bar.text = ""
        scene.input.tap(at: scene.screenPoint(CGPoint(x: 100, y: 28), in: bar), time: scene.clock.now)
        scene.clock.advance(by: 1.0 / 60)
        #expect(bar.isFirstResponder)
        scene.type("ab\n")
        bar.layoutIfNeeded()
        scene.input.tap(
            at: scene.screenPoint(CGPoint(x: bar.cancelButton.frame.midX, y: 28), in: bar), time: scene.clock.now)
        scene.clock.advance(by: 1.0 / 60)
        #expect(delegate.log == ["shouldBegin", "didBegin", "text a", "text ab", "search", "cancel"])
        #expect(bar.resignFirstResponder())
        #expect(delegate.log.last == "didEnd")
    }

    @Test func aDelegateMayRefuseEditing() {
        let scene = EventScene()
        let bar = UISearchBar(frame: CGRect(x: 0, y: 20, width: 400, height: 56))
        let delegate = SearchBarDelegateLog()
        delegate.allowsBegin = false
        bar.delegate = delegate
        scene.window.addSubview(bar)
        #expect(!bar.becomeFirstResponder())
        #expect(delegate.log == ["shouldBegin"])
    }

    @Test func aSearchControllerUpdatesItsResultsAndShowsThemOnceThereIsText() {
        let scene = EventScene()
        let results = UIViewController()
        let search = UISearchController(searchResultsController: results)
        let log = SearchControllerLog()
        search.searchResultsUpdater = log
        search.delegate = log
        #expect(search.obscuresBackgroundDuringPresentation && search.hidesNavigationBarDuringPresentation)
        search.searchBar.frame = CGRect(x: 0, y: 0, width: 400, height: 56)
        scene.window.addSubview(search.searchBar)
        scene.clock.advance(by: 1.0 / 60)
        // Editing begins: the controller becomes active and its view covers what is below.
        scene.input.tap(at: scene.screenPoint(CGPoint(x: 100, y: 28), in: search.searchBar), time: scene.clock.now)
        scene.clock.advance(by: 1.0 / 60)
        #expect(search.isActive && search.searchBar.showsCancelButton)
        #expect(log.log == ["willPresent", "update '' true", "didPresent"])
        #expect(search.view.superview === scene.window)
        #expect(search.view.frame.minY == 56)
        #expect(results.parent === search && results.view.isHidden)
        log.log = []
        scene.type("es")
        #expect(log.log == ["update 'e' true", "update 'es' true"])
        #expect(!results.view.isHidden)
        // Cancel empties the field and dismisses.
        log.log = []
        search.searchBar.layoutIfNeeded()
        let cancel = search.searchBar.cancelButton
        scene.input.tap(
            at: scene.screenPoint(CGPoint(x: cancel.frame.midX, y: 28), in: search.searchBar), time: scene.clock.now)
        scene.clock.advance(by: 1.0 / 60)
        #expect(!search.isActive && search.searchBar.text == "" && !search.searchBar.isFirstResponder)
        #expect(log.log == ["willDismiss", "update '' false", "didDismiss"])
        #expect(search.view.superview == nil && !search.searchBar.showsCancelButton)
        // Set by program.
        log.log = []
        search.isActive = true
        #expect(search.searchBar.isFirstResponder)
        search.isActive = false
        #expect(
            log.log == ["willPresent", "update '' true", "didPresent", "willDismiss", "update '' false", "didDismiss"])
    }

    @Test func aNavigationItemsSearchBarSitsUnderTheBarAndTheBarHidesWhileActive() {
        let scene = EventScene()
        let root = UIViewController()
        let search = UISearchController(searchResultsController: nil)
        search.obscuresBackgroundDuringPresentation = false
        root.navigationItem.searchController = search
        let navigation = UINavigationController(rootViewController: root)
        scene.window.rootViewController = navigation
        scene.clock.advance(by: 0.05)
        navigation.view.layoutIfNeeded()
        let barBottom = navigation.navigationBar.frame.maxY
        #expect(search.searchBar.superview === navigation.view)
        #expect(search.searchBar.frame == CGRect(x: 0, y: barBottom, width: scene.window.bounds.width, height: 56))
        #expect(root.view.safeAreaInsets.top == barBottom + 56)
        search.isActive = true
        navigation.view.layoutIfNeeded()
        #expect(navigation.navigationBar.frame.maxY <= 0)
        #expect(search.searchBar.frame.minY == navigation.view.safeAreaInsets.top)
        #expect(search.view.frame.minY == search.searchBar.frame.maxY)
        #expect(!search.view.isUserInteractionEnabled)
        search.isActive = false
        navigation.view.layoutIfNeeded()
        #expect(navigation.navigationBar.frame.maxY == barBottom)
        // A pushed controller without one shows no search bar.
        navigation.pushViewController(UIViewController(), animated: false)
        scene.clock.advance(by: 0.05)
        navigation.view.layoutIfNeeded()
        #expect(search.searchBar.superview == nil)
        navigation.popViewController(animated: false)
        scene.clock.advance(by: 0.05)
        navigation.view.layoutIfNeeded()
        #expect(search.searchBar.superview === navigation.view)
        let barIndex = navigation.view.subviews.firstIndex { $0 === search.searchBar }!
        let contentIndex = navigation.view.subviews.firstIndex { $0 === root.view }!
        #expect(barIndex > contentIndex)
    }

    @Test func searchBarSnapshot() throws {
        let bar = UISearchBar(frame: CGRect(x: 0, y: 0, width: 320, height: 56))
        bar.placeholder = "Search the menu"
        bar.showsCancelButton = true
        try assertSnapshot(of: renderAlone(bar, width: 320, height: 56), named: "search-bar")
    }
}
