import Foundation

/// Where a collection view gets its items and views, as UIKit's
/// `UICollectionViewDataSource`. The first two methods are required; the rest answer as UIKit
/// does for a data source that does not implement them.
@preconcurrency @MainActor
public protocol UICollectionViewDataSource: AnyObject {
    /// The number of items in `section`, as `collectionView(_:numberOfItemsInSection:)`.
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int

    /// The cell for the item at `indexPath`, dequeued with
    /// `dequeueReusableCell(withReuseIdentifier:for:)`, as
    /// `collectionView(_:cellForItemAt:)`.
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell

    /// The number of sections, as `numberOfSections(in:)` (default 1).
    func numberOfSections(in collectionView: UICollectionView) -> Int

    /// The supplementary view of `kind` (a header, a footer) at `indexPath`, dequeued with
    /// `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`, as
    /// `collectionView(_:viewForSupplementaryElementOfKind:at:)`. A data source whose layout
    /// has supplementary views must implement it: UIKit stops there, Vitrine logs an error and
    /// shows nothing.
    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView

    /// Whether the item may be moved, as `collectionView(_:canMoveItemAt:)` (default false).
    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool

    /// An item was moved by the user, as `collectionView(_:moveItemAt:to:)`.
    func collectionView(
        _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }

    public func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        CollectionMissingSupplementaryView(frame: .zero)
    }

    public func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        false
    }

    public func collectionView(
        _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {}
}

/// What the default `viewForSupplementaryElementOfKind` returns, so the collection view can
/// tell that the data source has none.
final class CollectionMissingSupplementaryView: UICollectionReusableView {}
