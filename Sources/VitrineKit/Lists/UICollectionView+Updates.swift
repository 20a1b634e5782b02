import Foundation

/// How a view goes from one set of attributes to another during an animated update.
struct CollectionElementTransition {
    let view: UICollectionReusableView
    /// The attributes shown at the start (nil: the view's current ones).
    let from: UICollectionViewLayoutAttributes?
    let to: UICollectionViewLayoutAttributes
    /// Leaving views are taken out (and reused) when the animation ends.
    let leavingKey: CollectionElementKey?
}

/// Counts the animations of one update and runs its completions when the last ends.
@MainActor
final class CollectionUpdateAnimation: CAAnimationDelegate {
    private var pending = 0
    private var allFinished = true
    private var closed = false
    private let completion: (Bool) -> Void

    init(completion: @escaping (Bool) -> Void) {
        self.completion = completion
    }

    func add(_ animation: CAAnimation, to layer: CALayer, key: String) {
        pending += 1
        animation.delegate = self
        layer.add(animation, forKey: key)
    }

    /// No more animations: completes now (at the clock's next turn) when none were added.
    func close() {
        closed = true
        guard pending == 0 else { return }
        let clock = ScreenRegistry.current.backend.clock
        clock.schedule(at: clock.now) { [self] in finish() }
    }

    func animationDidStart(_ anim: CAAnimation) {}

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        if !flag { allFinished = false }
        pending -= 1
        if pending == 0, closed { finish() }
    }

    private func finish() {
        completion(allFinished)
    }
}

// Batch updates and layout changes: the model changes at once, the views animate from the
// attributes they had (or the layout's initial ones) to the new (or the layout's final ones).
extension UICollectionView {
    /// How long update and layout-change animations take (UIKit does not document its
    /// own).
    static let updateAnimationDuration: CFTimeInterval = 0.3

    func recordUpdate(_ change: @escaping (inout CollectionRecordedUpdates) -> Void) {
        runBatchUpdates(
            { [self] in
                var recorded = recordedUpdates ?? CollectionRecordedUpdates()
                change(&recorded)
                recordedUpdates = recorded
            }, completion: nil)
    }

    func runBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        batchUpdateDepth += 1
        if batchUpdateDepth == 1 { recordedUpdates = CollectionRecordedUpdates() }
        if let completion { batchCompletions.append(completion) }
        updates?()
        batchUpdateDepth -= 1
        guard batchUpdateDepth == 0 else { return }
        let recorded = recordedUpdates ?? CollectionRecordedUpdates()
        recordedUpdates = nil
        let completions = batchCompletions
        batchCompletions = []
        commit(recorded) { finished in
            for completion in completions { completion(finished) }
        }
        if !recorded.reconfiguredItems.isEmpty { reconfigure(recorded.reconfiguredItems) }
    }

    /// Asks the data source again for the cells of shown items, which keep their cells.
    func reconfigure(_ indexPaths: [IndexPath]) {
        guard let dataSource else { return }
        for indexPath in indexPaths {
            let key = CollectionElementKey(category: .cell, kind: "", indexPath: indexPath)
            guard isValid(key), let cell = shownViews[key] as? UICollectionViewCell,
                let attributes = cell.appliedLayoutAttributes
            else { continue }
            cellBeingReconfigured = (indexPath, cell)
            attributesBeingDequeued = attributes
            let returned = dataSource.collectionView(self, cellForItemAt: indexPath)
            cellBeingReconfigured = nil
            attributesBeingDequeued = nil
            if returned !== cell {
                // The data source dequeued another kind of cell: it replaces the old one.
                shownViews[key] = nil
                recycle(cell, as: key)
                show(returned, as: key, attributes: attributes)
            }
        }
    }

    private func commit(_ recorded: CollectionRecordedUpdates, finish: @escaping (Bool) -> Void) {
        guard let oldCounts = itemCounts, !needsFullReload else {
            // Nothing was read from the data source yet: the next layout pass reads it all.
            reloadAllData()
            CollectionUpdateAnimation(completion: finish).close()
            return
        }
        switch CollectionViewUpdatePlan.plan(recorded, oldCounts: oldCounts, newCounts: readItemCounts()) {
        case .failure(let error):
            reportError("UICollectionView: \(error.description); reloading all data instead")
            reloadAllData()
            CollectionUpdateAnimation(completion: finish).close()
        case .success(let plan):
            apply(plan, finish: finish)
        }
    }

    /// Whether changes animate now: animations on and a window to show them in.
    private var animatesChanges: Bool { UIView.areAnimationsEnabled && window != nil }

    private func apply(_ plan: CollectionViewUpdatePlan, finish: @escaping (Bool) -> Void) {
        let layout = currentLayout
        let oldShown = shownViews
        shownViews = [:]
        isPlacingElements = true
        defer {
            isPlacingElements = false
            setNeedsLayout()
        }

        // The model: counts, selection, the tracked touch.
        itemCounts = plan.newCounts
        selectedIndexPaths = Set(
            selectedIndexPaths.compactMap { old in plan.isReloaded(old: old) ? nil : plan.newIndexPath(forOld: old) })
        if let tracking = itemTouch {
            if let moved = plan.newIndexPath(forOld: tracking.indexPath), !plan.isReloaded(old: tracking.indexPath) {
                itemTouch = CollectionItemTouch(
                    touch: tracking.touch, indexPath: moved, highlighted: tracking.highlighted == nil ? nil : moved)
            } else {
                itemTouch = nil
            }
        }

        // The layout: invalidated for the new counts, prepared, told of the changes.
        layout.collectionViewWillApplyUpdate(plan)
        let context = layout.makeInvalidationContext()
        context.invalidateDataSourceCounts = true
        layout.invalidateLayout(with: context)
        prepareLayoutIfNeeded()
        let updateItems = plan.changes.map {
            UICollectionViewUpdateItem(action: $0.action, before: $0.before, after: $0.after)
        }
        layout.prepare(forCollectionViewUpdates: updateItems)
        adoptTargetContentOffset(of: layout)

        let wanted = wantedElements(in: elementRect)
        var transitions: [CollectionElementTransition] = []
        for oldKey in oldShown.keys.sorted() {
            guard let view = oldShown[oldKey] else { continue }
            let newKey = mappedKey(oldKey, plan)
            if let newKey, let attributes = wanted[newKey], shownViews[newKey] == nil {
                view.elementKey = newKey
                shownViews[newKey] = view
                transitions.append(CollectionElementTransition(view: view, from: nil, to: attributes, leavingKey: nil))
            } else {
                let final = disappearingAttributes(oldKey, to: newKey, layout: layout, view: view)
                transitions.append(CollectionElementTransition(view: view, from: nil, to: final, leavingKey: oldKey))
            }
        }
        for key in wanted.keys.sorted() where shownViews[key] == nil {
            guard let attributes = wanted[key], let view = makeView(for: key, attributes: attributes) else { continue }
            show(view, as: key, attributes: attributes)
            let initial = appearingAttributes(key, attributes: attributes, plan: plan, layout: layout)
            transitions.append(CollectionElementTransition(view: view, from: initial, to: attributes, leavingKey: nil))
        }
        layout.finalizeCollectionViewUpdates()
        run(transitions, finish: finish)
    }

    /// The element an old element becomes: a cell its item's new index path (none when
    /// deleted or reloaded), a supplementary or decoration view its section's.
    private func mappedKey(_ key: CollectionElementKey, _ plan: CollectionViewUpdatePlan) -> CollectionElementKey? {
        switch key.category {
        case .cell:
            guard !plan.isReloaded(old: key.indexPath), let new = plan.newIndexPath(forOld: key.indexPath) else {
                return nil
            }
            return CollectionElementKey(category: .cell, kind: "", indexPath: new)
        case .supplementaryView, .decorationView:
            guard key.indexPath.count >= 1, !plan.isSectionReloaded(old: key.indexPath.section),
                let section = plan.newSection(forOld: key.indexPath.section)
            else { return nil }
            var indexPath = key.indexPath
            indexPath[0] = section
            return CollectionElementKey(category: key.category, kind: key.kind, indexPath: indexPath)
        }
    }

    private func disappearingAttributes(
        _ key: CollectionElementKey, to newKey: CollectionElementKey?, layout: UICollectionViewLayout,
        view: UICollectionReusableView
    ) -> UICollectionViewLayoutAttributes {
        let final: UICollectionViewLayoutAttributes?
        switch key.category {
        case .cell: final = layout.finalLayoutAttributesForDisappearingItem(at: key.indexPath)
        case .supplementaryView:
            final = layout.finalLayoutAttributesForDisappearingSupplementaryElement(ofKind: key.kind, at: key.indexPath)
        case .decorationView:
            final = layout.finalLayoutAttributesForDisappearingDecorationElement(ofKind: key.kind, at: key.indexPath)
        }
        if let final { return final }
        // No final attributes: a surviving element moves to its new place, a deleted one
        // fades out where it is.
        if let newKey, let moved = attributesOfElement(newKey, in: layout) { return moved }
        let current =
            (view.appliedLayoutAttributes?.copy() as? UICollectionViewLayoutAttributes) ?? layout.makeAttributes()
        if view.appliedLayoutAttributes == nil { current.frame = view.frame }
        current.alpha = 0
        return current
    }

    private func appearingAttributes(
        _ key: CollectionElementKey, attributes: UICollectionViewLayoutAttributes, plan: CollectionViewUpdatePlan,
        layout: UICollectionViewLayout
    ) -> UICollectionViewLayoutAttributes? {
        let initial: UICollectionViewLayoutAttributes?
        switch key.category {
        case .cell: initial = layout.initialLayoutAttributesForAppearingItem(at: key.indexPath)
        case .supplementaryView:
            initial = layout.initialLayoutAttributesForAppearingSupplementaryElement(
                ofKind: key.kind, at: key.indexPath)
        case .decorationView:
            initial = layout.initialLayoutAttributesForAppearingDecorationElement(ofKind: key.kind, at: key.indexPath)
        }
        if let initial { return initial }
        // No initial attributes: an inserted (or reloaded) element fades in at its place.
        let isNew: Bool
        switch key.category {
        case .cell: isNew = plan.oldIndexPath(forNew: key.indexPath) == nil || plan.isReloaded(new: key.indexPath)
        case .supplementaryView, .decorationView:
            isNew =
                plan.oldSection(forNew: key.indexPath.section) == nil
                || plan.isSectionReloaded(new: key.indexPath.section)
        }
        guard isNew, let faded = attributes.copy() as? UICollectionViewLayoutAttributes else { return nil }
        faded.alpha = 0
        return faded
    }

    /// A layout's attributes of an element.
    private func attributesOfElement(_ key: CollectionElementKey, in layout: UICollectionViewLayout)
        -> UICollectionViewLayoutAttributes?
    {
        switch key.category {
        case .cell: return layout.layoutAttributesForItem(at: key.indexPath)
        case .supplementaryView: return layout.layoutAttributesForSupplementaryView(ofKind: key.kind, at: key.indexPath)
        case .decorationView: return layout.layoutAttributesForDecorationView(ofKind: key.kind, at: key.indexPath)
        }
    }

    /// Asks the layout, then the delegate, where the content offset should be after a change,
    /// as UIKit does after updates and layout changes.
    private func adoptTargetContentOffset(of layout: UICollectionViewLayout) {
        let proposed = layout.targetContentOffset(forProposedContentOffset: contentOffset)
        let target =
            collectionDelegate?.collectionView(self, targetContentOffsetForProposedContentOffset: proposed) ?? proposed
        if target != contentOffset, target.x.isFinite, target.y.isFinite {
            contentOffset = target
            prepareLayoutIfNeeded()
        }
    }

    /// Sets every view to its new attributes and, when changes animate, animates each from
    /// where it was; leaving views go when their animation ends.
    private func run(_ transitions: [CollectionElementTransition], finish: @escaping (Bool) -> Void) {
        let leaving = transitions.compactMap { transition in transition.leavingKey.map { (transition.view, $0) } }
        for (view, _) in leaving where !leavingViews.contains(where: { $0 === view }) { leavingViews.append(view) }
        let group = CollectionUpdateAnimation { [weak self] finished in
            self?.finishLeaving(leaving)
            finish(finished)
        }
        let animated = animatesChanges
        for transition in transitions {
            let view = transition.view
            let start = transition.from ?? view.appliedLayoutAttributes
            let startLayer = view.layer.presentation() ?? view.layer
            let shown = (
                position: startLayer.position, bounds: startLayer.bounds, opacity: startLayer.opacity,
                transform: startLayer.transform
            )
            UIView.performWithoutAnimation {
                CATransaction.withActionsDisabled {
                    if let from = transition.from { view.applyLayoutAttributes(from) }
                    view.applyLayoutAttributes(transition.to)
                }
            }
            if transition.leavingKey == nil, view.layer.zPosition != CGFloat(transition.to.zIndex) {
                placeInOrder(view)
            }
            guard animated, start != nil || transition.from != nil else { continue }
            // From what the screen shows now (an explicit start, else the presentation).
            let fromPosition = transition.from.map(\.center) ?? shown.position
            let fromBounds = transition.from.map(\.bounds) ?? shown.bounds
            let fromOpacity = transition.from.map { Float($0.alpha) } ?? shown.opacity
            let fromTransform = transition.from.map(\.transform3D) ?? shown.transform
            let layer = view.layer
            animate(
                layer, "position", from: fromPosition, to: layer.position, same: fromPosition == layer.position, group)
            animate(layer, "bounds", from: fromBounds, to: layer.bounds, same: fromBounds == layer.bounds, group)
            animate(layer, "opacity", from: fromOpacity, to: layer.opacity, same: fromOpacity == layer.opacity, group)
            animate(
                layer, "transform", from: fromTransform, to: layer.transform,
                same: CATransform3DEqualToTransform(fromTransform, layer.transform), group)
        }
        if !animated { finishLeaving(leaving) }
        group.close()
    }

    private func animate(
        _ layer: CALayer, _ keyPath: String, from: Any, to: Any, same: Bool, _ group: CollectionUpdateAnimation
    ) {
        let key = "UICollectionView.update.\(keyPath)"
        guard !same else { return }
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = Self.updateAnimationDuration
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        group.add(animation, to: layer, key: key)
    }

    /// The leaving views' animations ended: out of the hierarchy, into the reuse queues.
    private func finishLeaving(_ leaving: [(UICollectionReusableView, CollectionElementKey)]) {
        for (view, key) in leaving {
            guard let index = leavingViews.firstIndex(where: { $0 === view }) else { continue }
            leavingViews.remove(at: index)
            // A view shown again meanwhile (the element came back) stays.
            if let current = view.elementKey, shownViews[current] === view { continue }
            recycle(view, as: key)
        }
    }

    // MARK: Changing layouts

    func changeLayout(to newLayout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)?) {
        let oldLayout = currentLayout
        guard newLayout !== oldLayout else {
            CollectionUpdateAnimation { finished in completion?(finished) }.close()
            return
        }
        oldLayout.prepareForTransition(to: newLayout)
        newLayout.prepareForTransition(from: oldLayout)
        isPlacingElements = true
        defer {
            isPlacingElements = false
            setNeedsLayout()
        }
        currentLayout = newLayout
        adopt(newLayout)
        newLayout.invalidateLayout()
        prepareLayoutIfNeeded()
        adoptTargetContentOffset(of: newLayout)

        let oldShown = shownViews
        shownViews = [:]
        let wanted = wantedElements(in: elementRect)
        var transitions: [CollectionElementTransition] = []
        for key in oldShown.keys.sorted() {
            guard let view = oldShown[key] else { continue }
            view.willTransition(from: oldLayout, to: newLayout)
            if let attributes = wanted[key] {
                shownViews[key] = view
                transitions.append(CollectionElementTransition(view: view, from: nil, to: attributes, leavingKey: nil))
            } else {
                // Out of sight in the new layout: it moves to its new place, or fades out
                // where it is when the new layout has no such element.
                var final = attributesOfElement(key, in: newLayout)
                if final == nil {
                    let faded = (view.appliedLayoutAttributes?.copy() as? UICollectionViewLayoutAttributes)
                    faded?.alpha = 0
                    final = faded
                }
                guard let final else {
                    recycle(view, as: key)
                    continue
                }
                transitions.append(CollectionElementTransition(view: view, from: nil, to: final, leavingKey: key))
            }
        }
        for key in wanted.keys.sorted() where shownViews[key] == nil {
            guard let attributes = wanted[key], let view = makeView(for: key, attributes: attributes) else { continue }
            show(view, as: key, attributes: attributes)
            let initial = attributesOfElement(key, in: oldLayout)
            transitions.append(CollectionElementTransition(view: view, from: initial, to: attributes, leavingKey: nil))
        }
        oldLayout.finalizeLayoutTransition()
        newLayout.finalizeLayoutTransition()
        if oldLayout.collectionView === self { oldLayout.collectionView = nil }
        let views = transitions.filter { $0.leavingKey == nil }.map(\.view)
        let finish: (Bool) -> Void = { finished in
            for view in views { view.didTransition(from: oldLayout, to: newLayout) }
            completion?(finished)
        }
        if animated {
            run(transitions, finish: finish)
        } else {
            UIView.performWithoutAnimation { run(transitions, finish: finish) }
        }
    }
}
