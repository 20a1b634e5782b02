import Foundation

/// A view controller whose view is a collection view it is the data source and delegate of,
/// as UIKit's `UICollectionViewController`. Subclasses override the data source and delegate
/// methods (every one is declared here, so `override` works as in UIKit: Swift dispatches a
/// protocol method to a subclass only when the class itself implements it). A subclass that
/// also adopts `UICollectionViewDelegateFlowLayout` implements its sizing methods directly.
///
/// Like UIKit's, it deselects the selected items when its view is about to appear
/// (`clearsSelectionOnViewWillAppear`).
///
/// Vitrine differences: `installsStandardGestureForInteractiveMovement` is kept but no
/// reordering gesture is installed (Vitrine's collection view has no interactive movement),
/// and storyboards do not make collection view controllers yet.
@preconcurrency @MainActor
open class UICollectionViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
    private let initialLayout: UICollectionViewLayout

    /// A controller whose collection view uses `layout`, as `init(collectionViewLayout:)`.
    public init(collectionViewLayout layout: UICollectionViewLayout) {
        initialLayout = layout
        super.init(nibName: nil, bundle: nil)
    }

    /// A controller made without a layout, as `init(nibName:bundle:)`: Vitrine gives its
    /// collection view a `UICollectionViewFlowLayout` (UIKit requires one to be set before the
    /// view loads).
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        initialLayout = UICollectionViewFlowLayout()
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// As `UIViewController.init?(coder:)`: fails for any coder but a storyboard's.
    public required init?(coder: NSCoder) {
        initialLayout = UICollectionViewFlowLayout()
        super.init(coder: coder)
    }

    /// The collection view, the controller's view, as `collectionView` (the view is loaded
    /// on first use).
    open var collectionView: UICollectionView! {
        get {
            loadViewIfNeeded()
            return view as? UICollectionView
        }
        set { view = newValue }
    }

    /// The collection view's layout, as `collectionViewLayout` (the one given at creation
    /// until the view is loaded).
    open var collectionViewLayout: UICollectionViewLayout {
        (viewIfLoaded as? UICollectionView)?.collectionViewLayout ?? initialLayout
    }

    /// Whether the selection is cleared when the view is about to appear, as
    /// `clearsSelectionOnViewWillAppear` (default true).
    open var clearsSelectionOnViewWillAppear = true

    /// Whether a long press reorders items, as `installsStandardGestureForInteractiveMovement`
    /// (default true; kept, see the class notes).
    open var installsStandardGestureForInteractiveMovement = true

    /// Makes the collection view with the controller's layout, the controller as its data
    /// source and delegate, as `loadView()`.
    open override func loadView() {
        let collectionView = UICollectionView(frame: UIScreen.main.bounds, collectionViewLayout: initialLayout)
        collectionView.dataSource = self
        collectionView.delegate = self
        view = collectionView
    }

    /// Clears the selection when asked to, as UIKit's `viewWillAppear(_:)`.
    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        guard clearsSelectionOnViewWillAppear, let collectionView = viewIfLoaded as? UICollectionView else { return }
        for indexPath in collectionView.indexPathsForSelectedItems ?? [] {
            collectionView.deselectItem(at: indexPath, animated: animated)
        }
    }

    // MARK: UICollectionViewDataSource

    /// `UICollectionViewDataSource`'s method, with UIKit's default answer; override it.
    open func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    /// `UICollectionViewDataSource`'s method; override it (none by default).
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
    /// `UICollectionViewDataSource`'s method; override it (a subclass that has items must:
    /// the default is an empty cell).
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        UICollectionViewCell(frame: .zero)
    }
    /// `UICollectionViewDataSource`'s method; override it when the layout has supplementary
    /// views (the default has none, which the collection view logs).
    open func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        CollectionMissingSupplementaryView(frame: .zero)
    }
    /// `UICollectionViewDataSource`'s method, with UIKit's default answer; override it.
    open func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }
    /// `UICollectionViewDataSource`'s method, with UIKit's default answer; override it.
    open func collectionView(
        _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {}

    // MARK: UICollectionViewDelegate

    /// `UICollectionViewDelegate`'s method, with UIKit's default answer; override it.
    open func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
        true
    }
    /// `UICollectionViewDelegate`'s method, with UIKit's default answer; override it.
    open func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {}
    /// `UICollectionViewDelegate`'s method, with UIKit's default answer; override it.
    open func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
    /// `UICollectionViewDelegate`'s method, with UIKit's default answer; override it.
    open func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        true
    }
    /// `UICollectionViewDelegate`'s method, with UIKit's default answer; override it.
    open func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
        true
    }
    /// `UICollectionViewDelegate`'s method, with UIKit's default answer; override it.
    open func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    /// `UICollectionViewDelegate`'s method, with UIKit's default answer; override it.
    open func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    /// `UICollectionViewDelegate`'s method, with UIKit's default answer; override it.
    open func collectionView(
        _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {}
    /// `UICollectionViewDelegate`'s method, with UIKit's default answer; override it.
    open func collectionView(
        _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
        forElementKind elementKind: String, at indexPath: IndexPath
    ) {}
    /// `UICollectionViewDelegate`'s method, with UIKit's default answer; override it.
    open func collectionView(
        _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {}
    /// `UICollectionViewDelegate`'s method, with UIKit's default answer; override it.
    open func collectionView(
        _ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
        forElementOfKind elementKind: String, at indexPath: IndexPath
    ) {}
    /// `UICollectionViewDelegate`'s method, with UIKit's default answer; override it.
    open func collectionView(
        _ collectionView: UICollectionView, targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint
    ) -> CGPoint {
        proposedContentOffset
    }

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
