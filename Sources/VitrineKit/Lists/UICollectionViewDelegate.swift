import Foundation

/// What a collection view tells its delegate and asks it, as UIKit's
/// `UICollectionViewDelegate` (a `UIScrollViewDelegate`): set it as the collection view's
/// `delegate`. Every method is optional: the defaults answer as UIKit does for a delegate
/// that does not implement them.
///
/// A touch on an item runs, as UIKit's (Collection View Programming Guide, "Tracking touches
/// in a cell"): touch down → `shouldHighlightItemAt` → (true) the cell highlights,
/// `didHighlightItemAt`; touch up → `shouldSelectItemAt` (or `shouldDeselectItemAt` for a
/// selected item with multiple selection) → (true) the cell's selection changes, the
/// highlight goes (`didUnhighlightItemAt`), `didSelectItemAt` / `didDeselectItemAt`. A
/// false `shouldHighlightItemAt` ends the interaction there. Selection made by program
/// (`selectItem`, `deselectItem`) calls none of these.
@preconcurrency @MainActor
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    /// Whether the item may highlight under a finger, as
    /// `collectionView(_:shouldHighlightItemAt:)` (default true).
    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
    /// The item highlighted, as `collectionView(_:didHighlightItemAt:)`.
    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath)
    /// The item's highlight went, as `collectionView(_:didUnhighlightItemAt:)`.
    func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath)
    /// Whether a tap may select the item, as `collectionView(_:shouldSelectItemAt:)`
    /// (default true).
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    /// Whether a tap may deselect the item, as `collectionView(_:shouldDeselectItemAt:)`
    /// (default true).
    func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool
    /// A tap selected the item, as `collectionView(_:didSelectItemAt:)`.
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    /// A tap deselected the item, as `collectionView(_:didDeselectItemAt:)`.
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)

    /// A cell is about to be shown, as `collectionView(_:willDisplay:forItemAt:)`.
    func collectionView(
        _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    /// A supplementary view is about to be shown, as
    /// `collectionView(_:willDisplaySupplementaryView:forElementKind:at:)`.
    func collectionView(
        _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
        forElementKind elementKind: String, at indexPath: IndexPath)
    /// A cell left the screen (or its item went), as
    /// `collectionView(_:didEndDisplaying:forItemAt:)`.
    func collectionView(
        _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    /// A supplementary view left, as
    /// `collectionView(_:didEndDisplayingSupplementaryView:forElementOfKind:at:)`.
    func collectionView(
        _ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
        forElementOfKind elementKind: String, at indexPath: IndexPath)

    /// The content offset to use after a change of layout or an animated update, given the
    /// layout's, as `collectionView(_:targetContentOffsetForProposedContentOffset:)` (default:
    /// the proposal).
    func collectionView(
        _ collectionView: UICollectionView, targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint
    ) -> CGPoint
}

extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
        true
    }
    public func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        true
    }
    public func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
        true
    }
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    public func collectionView(
        _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {}
    public func collectionView(
        _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
        forElementKind elementKind: String, at indexPath: IndexPath
    ) {}
    public func collectionView(
        _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {}
    public func collectionView(
        _ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
        forElementOfKind elementKind: String, at indexPath: IndexPath
    ) {}
    public func collectionView(
        _ collectionView: UICollectionView, targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint
    ) -> CGPoint {
        proposedContentOffset
    }
}
