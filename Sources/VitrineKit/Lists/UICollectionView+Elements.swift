import Foundation

// The views of the elements: registration, dequeuing, the reuse queues, and the layout pass
// that shows the elements in and around the visible area.
extension UICollectionView {
    /// How far around the bounds elements get views, as a fraction of the bounds' size.
    static let marginFraction: CGFloat = 0.25
    /// The most views kept waiting per reuse identifier.
    static let reuseQueueLimit = 64
    /// The most rounds of self-sizing in one layout pass.
    static let maximumSizingRounds = 8

    /// Logs a programming error UIKit would raise for (and tells `errorObserver`).
    func reportError(_ message: @autoclosure () -> String) {
        let text = message()
        kitLog.error("\(text)")
        errorObserver?(text)
    }

    func reportWarning(_ message: String) {
        kitLog.warning("\(message)")
    }

    // MARK: Registration

    func registerCellClass(_ cellClass: AnyClass?, identifier: String) {
        guard let cellClass else {
            registeredCellClasses[identifier] = nil
            registeredCellNibs[identifier] = nil
            return
        }
        guard let type = cellClass as? UICollectionViewCell.Type else {
            reportError(
                "UICollectionView: \(cellClass) is not a UICollectionViewCell; not registered for \(identifier)")
            return
        }
        registeredCellClasses[identifier] = type
        registeredCellNibs[identifier] = nil
    }

    func registerSupplementaryClass(_ viewClass: AnyClass?, kind: String, identifier: String) {
        guard let viewClass else {
            registeredSupplementaryClasses[kind]?[identifier] = nil
            registeredSupplementaryNibs[kind]?[identifier] = nil
            return
        }
        guard let type = viewClass as? UICollectionReusableView.Type else {
            reportError(
                "UICollectionView: \(viewClass) is not a UICollectionReusableView; not registered for \(kind) \(identifier)"
            )
            return
        }
        registeredSupplementaryClasses[kind, default: [:]][identifier] = type
        registeredSupplementaryNibs[kind]?[identifier] = nil
    }

    // MARK: Dequeuing

    /// A view from the reuse queue (told `prepareForReuse()`), else a new one of `type` made
    /// with `frame`, else one from `nib` given `frame` (a plain view of the element's kind when
    /// the nib does not hold one: logged).
    private func reusableView(
        _ key: CollectionReuseKey, type: UICollectionReusableView.Type?, nib: UINib?, frame: CGRect
    ) -> UICollectionReusableView? {
        if var queue = reuseQueues[key], let view = queue.popLast() {
            reuseQueues[key] = queue
            view.preferredAskedFor = nil
            view.prepareForReuse()
            return view
        }
        let view: UICollectionReusableView
        if let type {
            view = type.init(reuseFrame: frame)
        } else if let nib {
            let report = { (message: String) in self.reportError("UICollectionView: \(message)") }
            if key.category == .cell {
                view =
                    nib.makeReusableView(UICollectionViewCell.self, identifier: key.identifier, report: report)
                    ?? UICollectionViewCell(frame: frame)
            } else {
                view =
                    nib.makeReusableView(UICollectionReusableView.self, identifier: key.identifier, report: report)
                    ?? UICollectionReusableView(frame: frame)
            }
            view.frame = frame
        } else {
            return nil
        }
        view.reuseIdentifier = key.identifier
        return view
    }

    /// The attributes a dequeued view starts with: those of the element being asked for, or
    /// the layout's.
    private func attributesForDequeue(_ key: CollectionElementKey) -> UICollectionViewLayoutAttributes? {
        if let attributes = attributesBeingDequeued, CollectionElementKey(attributes) == key { return attributes }
        prepareLayoutIfNeeded()
        switch key.category {
        case .cell: return currentLayout.layoutAttributesForItem(at: key.indexPath)
        case .supplementaryView:
            return currentLayout.layoutAttributesForSupplementaryView(ofKind: key.kind, at: key.indexPath)
        case .decorationView:
            return currentLayout.layoutAttributesForDecorationView(ofKind: key.kind, at: key.indexPath)
        }
    }

    func dequeueCell(identifier: String, indexPath: IndexPath) -> UICollectionViewCell {
        if let kept = cellBeingReconfigured, kept.indexPath == indexPath, kept.cell.reuseIdentifier == identifier {
            cellBeingReconfigured = nil
            return kept.cell
        }
        let key = CollectionReuseKey(category: .cell, kind: "", identifier: identifier)
        let attributes = attributesForDequeue(CollectionElementKey(category: .cell, kind: "", indexPath: indexPath))
        let frame = attributes?.frame ?? .zero
        let cell: UICollectionViewCell
        if let view = reusableView(
            key, type: registeredCellClasses[identifier], nib: registeredCellNibs[identifier], frame: frame)
            as? UICollectionViewCell
        {
            cell = view
        } else {
            reportError(
                "UICollectionView: could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier) - must register a nib or a class for the identifier"
            )
            cell = UICollectionViewCell(frame: frame)
            cell.reuseIdentifier = identifier
        }
        if let attributes { cell.applyLayoutAttributes(attributes) }
        return cell
    }

    func dequeueSupplementaryView(kind: String, identifier: String, indexPath: IndexPath) -> UICollectionReusableView {
        let key = CollectionReuseKey(category: .supplementaryView, kind: kind, identifier: identifier)
        let attributes = attributesForDequeue(
            CollectionElementKey(category: .supplementaryView, kind: kind, indexPath: indexPath))
        let frame = attributes?.frame ?? .zero
        let view: UICollectionReusableView
        if let reused = reusableView(
            key, type: registeredSupplementaryClasses[kind]?[identifier],
            nib: registeredSupplementaryNibs[kind]?[identifier], frame: frame)
        {
            view = reused
        } else {
            reportError(
                "UICollectionView: could not dequeue a view of kind: \(kind) with identifier \(identifier) - must register a nib or a class for the identifier"
            )
            view = UICollectionReusableView(frame: frame)
            view.reuseIdentifier = identifier
        }
        if let attributes { view.applyLayoutAttributes(attributes) }
        return view
    }

    // MARK: Counts

    /// The item counts, read from the data source when not yet read.
    func loadedItemCounts() -> [Int] {
        if let itemCounts { return itemCounts }
        let counts = readItemCounts()
        itemCounts = counts
        return counts
    }

    /// The counts the data source gives now.
    func readItemCounts() -> [Int] {
        guard let dataSource else { return [] }
        let sections = dataSource.numberOfSections(in: self)
        if sections < 0 { reportError("UICollectionView: the data source gave \(sections) sections; using 0") }
        return (0..<max(0, sections)).map { section in
            let count = dataSource.collectionView(self, numberOfItemsInSection: section)
            if count < 0 {
                reportError("UICollectionView: the data source gave \(count) items in section \(section); using 0")
            }
            return max(0, count)
        }
    }

    func itemCount(inSection section: Int) -> Int {
        let counts = loadedItemCounts()
        guard counts.indices.contains(section) else {
            reportError(
                "UICollectionView: numberOfItems(inSection: \(section)) for a section out of range (\(counts.count) sections)"
            )
            return 0
        }
        return counts[section]
    }

    /// Whether an element's index path is inside the counts (supplementary and decoration
    /// views need only their section).
    func isValid(_ key: CollectionElementKey) -> Bool {
        let counts = loadedItemCounts()
        guard key.indexPath.count == 2, counts.indices.contains(key.indexPath.section) else {
            return key.category == .decorationView
        }
        return key.category != .cell || (0..<counts[key.indexPath.section]).contains(key.indexPath.item)
    }

    // MARK: Reloading

    func reloadAllData() {
        if batchUpdateDepth > 0 {
            reportError("UICollectionView: reloadData() inside performBatchUpdates; the update is dropped")
            recordedUpdates = CollectionRecordedUpdates()
        }
        itemCounts = nil
        selectedIndexPaths = []
        cancelItemTouch()
        needsFullReload = true
        let context = currentLayout.makeInvalidationContext()
        context.invalidateEverything = true
        context.invalidateDataSourceCounts = true
        currentLayout.invalidateLayout(with: context)
        setNeedsLayout()
    }

    /// Gives back every shown view (the delegate hears `didEndDisplaying`).
    func recycleAllShownViews() {
        for key in shownViews.keys.sorted() {
            if let view = shownViews.removeValue(forKey: key) { recycle(view, as: key) }
        }
    }

    // MARK: Layout invalidation

    /// The layout was invalidated: prepare it at the next layout pass.
    func layoutWasInvalidated(_ context: UICollectionViewLayoutInvalidationContext) {
        layoutNeedsPreparing = true
        if !isPlacingElements { setNeedsLayout() }
    }

    /// Asks the layout whether it must be invalidated for new bounds, before they are set.
    func boundsWillChange(to newBounds: CGRect) {
        let layout = currentLayout
        guard layout.collectionView === self, layout.shouldInvalidateLayout(forBoundsChange: newBounds) else { return }
        layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: newBounds))
    }

    /// Prepares the layout if it was invalidated, and takes its content size.
    func prepareLayoutIfNeeded() {
        var rounds = 0
        while layoutNeedsPreparing, rounds < 4 {
            rounds += 1
            layoutNeedsPreparing = false
            _ = loadedItemCounts()
            currentLayout.prepare()
            let size = currentLayout.collectionViewContentSize
            if contentSize != size { contentSize = size }
            keepOffsetInsideContent()
        }
    }

    /// Brings the offset back inside the content after it shrank (not while a finger or a
    /// deceleration moves it).
    private func keepOffsetInsideContent() {
        guard !isTracking, !isDragging, !isDecelerating else { return }
        let inset = adjustedContentInset
        let maximum = CGPoint(
            x: max(-inset.left, contentSize.width + inset.right - bounds.width),
            y: max(-inset.top, contentSize.height + inset.bottom - bounds.height))
        let offset = contentOffset
        let kept = CGPoint(x: min(offset.x, maximum.x), y: min(offset.y, maximum.y))
        if kept != offset { contentOffset = kept }
    }

    // MARK: The layout pass

    /// Shows the elements in and around the visible area, sizing the views that ask to be
    /// (self-sizing) and placing again until the layout settles.
    func layOutElements() {
        guard !isPlacingElements else { return }
        isPlacingElements = true
        backgroundView?.frame = bounds
        if needsFullReload {
            needsFullReload = false
            recycleAllShownViews()
        }
        for _ in 0..<Self.maximumSizingRounds {
            prepareLayoutIfNeeded()
            let asking = placeElements()
            if !sizeViews(asking) { break }
        }
        prepareLayoutIfNeeded()
        isPlacingElements = false
        // Adding and removing views marked the layer for layout (Core Animation's rule) in
        // the middle of its own pass; the frame loop counts that mark as this frame's, so it
        // is settled here rather than left to block the next `setNeedsLayout()`.
        if layer.needsLayout(), !isSettlingLayoutMark {
            isSettlingLayoutMark = true
            layer.layoutIfNeeded()
            isSettlingLayoutMark = false
        }
    }

    /// The rectangle whose elements have views.
    var elementRect: CGRect {
        bounds.insetBy(dx: -bounds.width * Self.marginFraction, dy: -bounds.height * Self.marginFraction)
    }

    /// The layout's attributes for the elements meeting `rect`, valid ones only, by element.
    func wantedElements(in rect: CGRect) -> [CollectionElementKey: UICollectionViewLayoutAttributes] {
        var wanted: [CollectionElementKey: UICollectionViewLayoutAttributes] = [:]
        for attributes in currentLayout.layoutAttributesForElements(in: rect) ?? [] {
            guard collectionRectsOverlap(attributes.frame, rect) else { continue }
            let key = CollectionElementKey(attributes)
            guard isValid(key) else {
                if !loggedBadElements {
                    loggedBadElements = true
                    reportError(
                        "UICollectionView: the layout gave attributes for \(key.category) \(key.kind) at \(Array(key.indexPath)), out of the data source's range; ignored"
                    )
                }
                continue
            }
            wanted[key] = attributes
        }
        return wanted
    }

    /// Gives back the views of elements that left the area, makes views for the ones that
    /// entered it and applies new attributes; returns the views to ask for their preferred
    /// attributes, with the attributes they were given.
    @discardableResult
    func placeElements() -> [(UICollectionReusableView, UICollectionViewLayoutAttributes)] {
        let wanted = wantedElements(in: elementRect)
        for key in shownViews.keys.sorted() where wanted[key] == nil {
            if let view = shownViews.removeValue(forKey: key) { recycle(view, as: key) }
        }
        var asking: [(UICollectionReusableView, UICollectionViewLayoutAttributes)] = []
        let asksLayout = currentLayout.asksForPreferredAttributes
        let isFlow = currentLayout is UICollectionViewFlowLayout
        for key in wanted.keys.sorted() {
            guard let attributes = wanted[key] else { continue }
            let view: UICollectionReusableView
            if let shown = shownViews[key] {
                view = shown
                if !(shown.appliedLayoutAttributes?.isEqual(attributes) ?? false) {
                    shown.applyLayoutAttributes(attributes)
                    if shown.layer.zPosition != CGFloat(attributes.zIndex) { placeInOrder(shown) }
                }
            } else {
                guard let made = makeView(for: key, attributes: attributes) else { continue }
                view = made
                show(made, as: key, attributes: attributes)
            }
            let asked = view.preferredAskedFor
            if asksLayout, key.category != .decorationView, attributes.isSizeEstimated || !isFlow,
                asked?.indexPath != key.indexPath || asked?.size != attributes.size
            {
                asking.append((view, attributes))
            }
        }
        return asking
    }

    /// Asks views for their preferred attributes and invalidates the layout where it says
    /// so; true when it did.
    private func sizeViews(_ asking: [(UICollectionReusableView, UICollectionViewLayoutAttributes)]) -> Bool {
        var invalidated = false
        for (view, attributes) in asking {
            view.preferredAskedFor = (attributes.indexPath, attributes.size)
            guard let proposal = attributes.copy() as? UICollectionViewLayoutAttributes else { continue }
            let preferred = view.preferredLayoutAttributesFitting(proposal)
            let layout = currentLayout
            if layout.shouldInvalidateLayout(
                forPreferredLayoutAttributes: preferred, withOriginalAttributes: attributes)
            {
                let context = layout.invalidationContext(
                    forPreferredLayoutAttributes: preferred, withOriginalAttributes: attributes)
                layout.invalidateLayout(with: context)
                invalidated = true
            }
        }
        return invalidated
    }

    /// The view for an element from the data source (or the layout's decoration class).
    func makeView(for key: CollectionElementKey, attributes: UICollectionViewLayoutAttributes)
        -> UICollectionReusableView?
    {
        attributesBeingDequeued = attributes
        defer { attributesBeingDequeued = nil }
        let view: UICollectionReusableView
        switch key.category {
        case .cell:
            guard let dataSource else { return nil }
            view = dataSource.collectionView(self, cellForItemAt: key.indexPath)
            if view.reuseIdentifier == nil {
                reportError(
                    "UICollectionView: the cell returned from cellForItemAt for \(Array(key.indexPath)) was not dequeued (it has no reuseIdentifier); cells must come from dequeueReusableCell(withReuseIdentifier:for:)"
                )
            }
        case .supplementaryView:
            guard let dataSource else { return nil }
            let supplementary = dataSource.collectionView(
                self, viewForSupplementaryElementOfKind: key.kind, at: key.indexPath)
            if supplementary is CollectionMissingSupplementaryView {
                guard loggedMissingSupplementaryKinds.insert(key.kind).inserted else { return nil }
                reportError(
                    "UICollectionView: the layout has a \(key.kind) at \(Array(key.indexPath)) but the data source does not implement collectionView(_:viewForSupplementaryElementOfKind:at:)"
                )
                return nil
            }
            view = supplementary
        case .decorationView:
            let reuse = CollectionReuseKey(category: .decorationView, kind: key.kind, identifier: key.kind)
            guard
                let made = reusableView(
                    reuse, type: currentLayout.decorationClasses[key.kind], nib: nil, frame: attributes.frame)
            else {
                reportError("UICollectionView: no class registered for decoration view kind \(key.kind)")
                return nil
            }
            view = made
        }
        if let other = view.elementKey, shownViews[other] === view {
            reportError(
                "UICollectionView: the data source returned a view already shown for \(Array(other.indexPath))")
            return nil
        }
        return view
    }

    /// Puts a new view in the hierarchy for an element.
    func show(
        _ view: UICollectionReusableView, as key: CollectionElementKey, attributes: UICollectionViewLayoutAttributes
    ) {
        if view.appliedLayoutAttributes.map({ !$0.isEqual(attributes) }) ?? true {
            view.applyLayoutAttributes(attributes)
        }
        view.elementKey = key
        if let cell = view as? UICollectionViewCell {
            cell.isSelected = selectedIndexPaths.contains(key.indexPath)
            cell.isHighlighted = itemTouch?.highlighted == key.indexPath
        }
        shownViews[key] = view
        placeInOrder(view)
        let delegate = self.delegate as? any UICollectionViewDelegate
        switch key.category {
        case .cell:
            if let cell = view as? UICollectionViewCell {
                delegate?.collectionView(self, willDisplay: cell, forItemAt: key.indexPath)
            }
        case .supplementaryView:
            delegate?.collectionView(
                self, willDisplaySupplementaryView: view, forElementKind: key.kind, at: key.indexPath)
        case .decorationView: break
        }
    }

    /// Puts a view among the element views by its z index (in front of the background view,
    /// behind any other subview), the later of equals in front.
    func placeInOrder(_ view: UICollectionReusableView) {
        let zIndex = view.layer.zPosition
        var lastElement: UIView?
        for subview in subviews where subview !== view {
            guard let element = subview as? UICollectionReusableView, element.elementKey != nil || isLeaving(element)
            else { continue }
            if element.layer.zPosition > zIndex {
                insertSubview(view, belowSubview: element)
                return
            }
            lastElement = element
        }
        if let lastElement {
            insertSubview(view, aboveSubview: lastElement)
        } else if let backgroundView, backgroundView.superview === self {
            insertSubview(view, aboveSubview: backgroundView)
        } else {
            insertSubview(view, at: 0)
        }
    }

    private func isLeaving(_ view: UICollectionReusableView) -> Bool { leavingViews.contains { $0 === view } }

    /// Takes a view out of the hierarchy into its reuse queue; the delegate hears
    /// `didEndDisplaying`.
    func recycle(_ view: UICollectionReusableView, as key: CollectionElementKey) {
        view.removeFromSuperview()
        view.elementKey = nil
        let delegate = self.delegate as? any UICollectionViewDelegate
        switch key.category {
        case .cell:
            if let cell = view as? UICollectionViewCell {
                if itemTouch?.highlighted == key.indexPath { cell.isHighlighted = false }
                delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: key.indexPath)
            }
        case .supplementaryView:
            delegate?.collectionView(
                self, didEndDisplayingSupplementaryView: view, forElementOfKind: key.kind, at: key.indexPath)
        case .decorationView: break
        }
        enqueue(view, category: key.category, kind: key.kind)
    }

    /// Puts a view out of the hierarchy in its reuse queue.
    func enqueue(_ view: UICollectionReusableView, category: ElementCategory, kind: String) {
        guard let identifier = view.reuseIdentifier else { return }
        let reuse = CollectionReuseKey(category: category, kind: category == .cell ? "" : kind, identifier: identifier)
        var queue = reuseQueues[reuse] ?? []
        guard queue.count < Self.reuseQueueLimit, !queue.contains(where: { $0 === view }) else { return }
        queue.append(view)
        reuseQueues[reuse] = queue
    }

    // MARK: Queries

    /// The shown elements of a category (and kind) whose views meet the bounds, in order.
    func visibleElementKeys(category: ElementCategory, kind: String?) -> [CollectionElementKey] {
        let visible = bounds
        return shownViews.compactMap { key, view in
            guard key.category == category, kind == nil || key.kind == kind,
                let frame = view.appliedLayoutAttributes?.frame ?? Optional(view.frame),
                collectionRectsOverlap(frame, visible)
            else { return nil }
            return key
        }.sorted()
    }

    func visibleElementViews(category: ElementCategory) -> [UICollectionReusableView] {
        visibleElementKeys(category: category, kind: nil).compactMap { shownViews[$0] }
    }

    /// The view of an element when it meets the bounds.
    func visibleView(for key: CollectionElementKey) -> UICollectionReusableView? {
        guard let view = shownViews[key] else { return nil }
        let frame = view.appliedLayoutAttributes?.frame ?? view.frame
        return collectionRectsOverlap(frame, bounds) ? view : nil
    }

    func itemIndexPath(at point: CGPoint) -> IndexPath? {
        prepareLayoutIfNeeded()
        let probe = CGRect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)
        let hits = (currentLayout.layoutAttributesForElements(in: probe) ?? []).filter {
            $0.representedElementCategory == .cell && !$0.isHidden && $0.frame.contains(point)
                && isValid(CollectionElementKey($0))
        }
        return hits.max { $0.zIndex < $1.zIndex }?.indexPath
    }

    // MARK: Scrolling to items

    func scroll(toItem indexPath: IndexPath, position: ScrollPosition, animated: Bool) {
        prepareLayoutIfNeeded()
        guard isValid(CollectionElementKey(category: .cell, kind: "", indexPath: indexPath)),
            let attributes = currentLayout.layoutAttributesForItem(at: indexPath)
        else {
            reportError("UICollectionView: scrollToItem(at: \(Array(indexPath))) is out of range; not scrolling")
            return
        }
        setContentOffset(offset(showing: attributes.frame, at: position), animated: animated)
    }

    /// The offset that puts `frame` at `position` in the area inside the adjusted insets,
    /// within the content's limits.
    func offset(showing frame: CGRect, at position: ScrollPosition) -> CGPoint {
        let inset = adjustedContentInset
        let visibleWidth = bounds.width - inset.left - inset.right
        let visibleHeight = bounds.height - inset.top - inset.bottom
        var offset = contentOffset
        if position.contains(.top) {
            offset.y = frame.minY - inset.top
        } else if position.contains(.centeredVertically) {
            offset.y = frame.midY - inset.top - visibleHeight / 2
        } else if position.contains(.bottom) {
            offset.y = frame.maxY - inset.top - visibleHeight
        }
        if position.contains(.left) {
            offset.x = frame.minX - inset.left
        } else if position.contains(.centeredHorizontally) {
            offset.x = frame.midX - inset.left - visibleWidth / 2
        } else if position.contains(.right) {
            offset.x = frame.maxX - inset.left - visibleWidth
        }
        let vertical: ScrollPosition = [.top, .centeredVertically, .bottom]
        let horizontal: ScrollPosition = [.left, .centeredHorizontally, .right]
        // No position on an axis: the least movement that shows the item on it.
        if position.isDisjoint(with: vertical) {
            if frame.maxY > offset.y + inset.top + visibleHeight { offset.y = frame.maxY - inset.top - visibleHeight }
            if frame.minY < offset.y + inset.top { offset.y = frame.minY - inset.top }
        }
        if position.isDisjoint(with: horizontal) {
            if frame.maxX > offset.x + inset.left + visibleWidth { offset.x = frame.maxX - inset.left - visibleWidth }
            if frame.minX < offset.x + inset.left { offset.x = frame.minX - inset.left }
        }
        let maximum = CGPoint(
            x: max(-inset.left, contentSize.width + inset.right - bounds.width),
            y: max(-inset.top, contentSize.height + inset.bottom - bounds.height))
        return CGPoint(
            x: min(max(offset.x, -inset.left), maximum.x), y: min(max(offset.y, -inset.top), maximum.y))
    }

    // MARK: The layout

    /// Makes `layout` this collection view's (taking it from another collection view).
    func adopt(_ layout: UICollectionViewLayout) {
        if let other = layout.collectionView, other !== self {
            reportWarning("UICollectionView: a layout moved from another collection view; it leaves that one")
        }
        layout.collectionView = self
        layoutNeedsPreparing = true
    }
}
