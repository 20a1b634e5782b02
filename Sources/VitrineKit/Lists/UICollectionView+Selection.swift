import Foundation

/// The finger tracking an item: the touch, the item under it and whether it is highlighted.
struct CollectionItemTouch {
    let touch: UITouch
    let indexPath: IndexPath
    /// The item shown highlighted (nil once the finger left it).
    var highlighted: IndexPath?
}

// Selection: by touch (highlight on touch down, select on touch up, as UIKit's collection
// view) and by program.
extension UICollectionView {
    var collectionDelegate: (any UICollectionViewDelegate)? { delegate as? any UICollectionViewDelegate }

    // MARK: Touches

    /// Touch down on an item: asks `shouldHighlightItemAt` and highlights it. Returns false
    /// when the touch is not the collection view's to track.
    func trackItemTouchBegan(_ touches: Set<UITouch>, with event: UIEvent?) -> Bool {
        guard itemTouch == nil, allowsSelection, touches.count == 1, let touch = touches.first
        else { return itemTouch != nil }
        guard let indexPath = indexPathForItem(at: touch.location(in: self)) else { return false }
        itemTouch = CollectionItemTouch(touch: touch, indexPath: indexPath, highlighted: nil)
        if collectionDelegate?.collectionView(self, shouldHighlightItemAt: indexPath) ?? true {
            setHighlighted(true, at: indexPath)
            itemTouch?.highlighted = indexPath
            collectionDelegate?.collectionView(self, didHighlightItemAt: indexPath)
        } else {
            // A refused highlight ends the interaction, as UIKit's.
            itemTouch = nil
        }
        return true
    }

    /// The finger moved: leaving the item removes its highlight (it comes back on return).
    func trackItemTouchMoved(_ touches: Set<UITouch>, with event: UIEvent?) -> Bool {
        guard var tracking = itemTouch, touches.contains(tracking.touch) else { return false }
        let inside = isTouch(tracking.touch, inside: tracking.indexPath)
        if inside, tracking.highlighted == nil {
            setHighlighted(true, at: tracking.indexPath)
            tracking.highlighted = tracking.indexPath
            itemTouch = tracking
            collectionDelegate?.collectionView(self, didHighlightItemAt: tracking.indexPath)
        } else if !inside, let highlighted = tracking.highlighted {
            setHighlighted(false, at: highlighted)
            tracking.highlighted = nil
            itemTouch = tracking
            collectionDelegate?.collectionView(self, didUnhighlightItemAt: highlighted)
        }
        return true
    }

    /// Touch up on the highlighted item: asks `shouldSelectItemAt` (`shouldDeselectItemAt`
    /// for a selected item with multiple selection), changes the selection, removes the
    /// highlight, then tells `didSelectItemAt` / `didDeselectItemAt`, in UIKit's order.
    func trackItemTouchEnded(_ touches: Set<UITouch>, with event: UIEvent?) -> Bool {
        guard let tracking = itemTouch, touches.contains(tracking.touch) else { return false }
        itemTouch = nil
        guard let indexPath = tracking.highlighted, isTouch(tracking.touch, inside: indexPath) else {
            if let highlighted = tracking.highlighted { unhighlight(highlighted) }
            return true
        }
        let delegate = collectionDelegate
        if allowsMultipleSelection, selectedIndexPaths.contains(indexPath) {
            guard delegate?.collectionView(self, shouldDeselectItemAt: indexPath) ?? true else {
                unhighlight(indexPath)
                return true
            }
            setSelected(false, at: indexPath)
            unhighlight(indexPath)
            delegate?.collectionView(self, didDeselectItemAt: indexPath)
            return true
        }
        guard allowsSelection, delegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true
        else {
            unhighlight(indexPath)
            return true
        }
        var deselected: [IndexPath] = []
        if !allowsMultipleSelection {
            for other in selectedIndexPaths.sorted() where other != indexPath {
                setSelected(false, at: other)
                deselected.append(other)
            }
        }
        setSelected(true, at: indexPath)
        unhighlight(indexPath)
        for other in deselected { delegate?.collectionView(self, didDeselectItemAt: other) }
        // A storyboard cell's segue runs before the delegate hears of the selection, as in UIKit.
        if let cell = cellForItem(at: indexPath), let identifier = cell.reuseIdentifier {
            selectionSegues[identifier]?(cell)
        }
        delegate?.collectionView(self, didSelectItemAt: indexPath)
        return true
    }

    /// The touch was cancelled (a scroll took it): the highlight goes, nothing is selected.
    func trackItemTouchCancelled(_ touches: Set<UITouch>, with event: UIEvent?) -> Bool {
        guard let tracking = itemTouch, touches.contains(tracking.touch) else { return false }
        itemTouch = nil
        if let highlighted = tracking.highlighted { unhighlight(highlighted) }
        return true
    }

    /// Forgets the tracked touch (after a reload), removing the highlight.
    func cancelItemTouch() {
        guard let tracking = itemTouch else { return }
        itemTouch = nil
        if let highlighted = tracking.highlighted { setHighlighted(false, at: highlighted) }
    }

    private func unhighlight(_ indexPath: IndexPath) {
        setHighlighted(false, at: indexPath)
        collectionDelegate?.collectionView(self, didUnhighlightItemAt: indexPath)
    }

    private func isTouch(_ touch: UITouch, inside indexPath: IndexPath) -> Bool {
        guard let cell = shownViews[CollectionElementKey(category: .cell, kind: "", indexPath: indexPath)] else {
            return false
        }
        return cell.frame.contains(touch.location(in: self))
    }

    private func setHighlighted(_ highlighted: Bool, at indexPath: IndexPath) {
        (shownViews[CollectionElementKey(category: .cell, kind: "", indexPath: indexPath)] as? UICollectionViewCell)?
            .isHighlighted = highlighted
    }

    func setSelected(_ selected: Bool, at indexPath: IndexPath) {
        if selected { selectedIndexPaths.insert(indexPath) } else { selectedIndexPaths.remove(indexPath) }
        (shownViews[CollectionElementKey(category: .cell, kind: "", indexPath: indexPath)] as? UICollectionViewCell)?
            .isSelected = selected
    }

    // MARK: By program

    func programmaticallySelect(_ indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard allowsSelection else { return }
        guard let indexPath else {
            for selected in selectedIndexPaths.sorted() { setSelected(false, at: selected) }
            return
        }
        guard isValid(CollectionElementKey(category: .cell, kind: "", indexPath: indexPath)) else {
            reportError("UICollectionView: selectItem(at: \(Array(indexPath))) is out of range; ignored")
            return
        }
        if !allowsMultipleSelection {
            for other in selectedIndexPaths.sorted() where other != indexPath { setSelected(false, at: other) }
        }
        setSelected(true, at: indexPath)
        if !scrollPosition.isEmpty { scroll(toItem: indexPath, position: scrollPosition, animated: animated) }
    }

    func programmaticallyDeselect(_ indexPath: IndexPath) {
        guard allowsSelection, selectedIndexPaths.contains(indexPath) else { return }
        setSelected(false, at: indexPath)
    }
}
