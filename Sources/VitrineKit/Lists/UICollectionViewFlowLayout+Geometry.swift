import Foundation

/// One line of a flow section: its items and where it lies along the scrolling axis.
struct FlowLine {
    var items: Range<Int>
    var start: CGFloat
    var length: CGFloat
    var end: CGFloat { start + length }
}

/// A flow section's geometry: frames in content coordinates, extents along the scrolling
/// axis.
struct FlowSection {
    var headerFrame: CGRect?
    var footerFrame: CGRect?
    var itemFrames: [CGRect] = []
    var lines: [FlowLine] = []
    /// The section from its header's start to its footer's end.
    var start: CGFloat = 0
    var end: CGFloat = 0
    /// The items' area with the section insets, between header and footer.
    var itemsStart: CGFloat = 0
    var itemsEnd: CGFloat = 0
}

/// The two axes of a flow: `a` along a line (x when scrolling vertically), `s` along the
/// scrolling direction.
struct FlowAxes {
    let vertical: Bool

    func lineExtent(_ size: CGSize) -> CGFloat { vertical ? size.width : size.height }
    func scrollExtent(_ size: CGSize) -> CGFloat { vertical ? size.height : size.width }
    func scrollMin(_ rect: CGRect) -> CGFloat { vertical ? rect.minY : rect.minX }
    func scrollMax(_ rect: CGRect) -> CGFloat { vertical ? rect.maxY : rect.maxX }
    func lineStart(_ insets: UIEdgeInsets) -> CGFloat { vertical ? insets.left : insets.top }
    func lineEnd(_ insets: UIEdgeInsets) -> CGFloat { vertical ? insets.right : insets.bottom }
    func scrollStart(_ insets: UIEdgeInsets) -> CGFloat { vertical ? insets.top : insets.left }
    func scrollEnd(_ insets: UIEdgeInsets) -> CGFloat { vertical ? insets.bottom : insets.right }

    func rect(a: CGFloat, s: CGFloat, aLength: CGFloat, sLength: CGFloat) -> CGRect {
        vertical
            ? CGRect(x: a, y: s, width: aLength, height: sLength) : CGRect(x: s, y: a, width: sLength, height: aLength)
    }

    /// `rect` moved along the scrolling axis so that it starts at `s`.
    func moved(_ rect: CGRect, toScroll s: CGFloat) -> CGRect {
        var moved = rect
        if vertical { moved.origin.y = s } else { moved.origin.x = s }
        return moved
    }
}

extension UICollectionViewFlowLayout {
    var axes: FlowAxes { FlowAxes(vertical: scrollDirection == .vertical) }

    /// Flows every section again (see the class comment for the rules).
    func reflow() {
        clearAttributeCaches()
        guard let collectionView else {
            sections = []
            contentSize = .zero
            return
        }
        let axes = self.axes
        let adjusted = collectionView.adjustedContentInset
        let bounds = collectionView.bounds
        let contentLineLength = max(
            0,
            axes.vertical
                ? bounds.width - adjusted.left - adjusted.right : bounds.height - adjusted.top - adjusted.bottom)
        if let measuredFor = measuredForLineLength, measuredFor != contentLineLength { measuredItemSizes = [:] }
        measuredForLineLength = contentLineLength

        // The safe area or margins push the lines in where they reach past the content inset.
        var referenceStart: CGFloat = 0
        var referenceEnd: CGFloat = 0
        let reference: UIEdgeInsets? =
            switch sectionInsetReference {
            case .fromContentInset: nil
            case .fromSafeArea: collectionView.safeAreaInsets
            case .fromLayoutMargins: collectionView.layoutMargins
            }
        if let reference {
            referenceStart = max(0, axes.lineStart(reference) - axes.lineStart(adjusted))
            referenceEnd = max(0, axes.lineEnd(reference) - axes.lineEnd(adjusted))
        }

        let delegate = collectionView.delegate as? any UICollectionViewDelegateFlowLayout
        var s: CGFloat = 0
        var warnedTooLong = false
        var built: [FlowSection] = []
        let sectionCount = collectionView.numberOfSections
        built.reserveCapacity(sectionCount)
        for sectionIndex in 0..<sectionCount {
            let count = collectionView.numberOfItems(inSection: sectionIndex)
            let inset =
                delegate?.collectionView(collectionView, layout: self, insetForSectionAt: sectionIndex) ?? sectionInset
            let lineSpacing =
                delegate?.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: sectionIndex)
                ?? minimumLineSpacing
            let interitem =
                delegate?.collectionView(
                    collectionView, layout: self, minimumInteritemSpacingForSectionAt: sectionIndex)
                ?? minimumInteritemSpacing
            let headerSize = Self.sanitized(
                delegate?.collectionView(collectionView, layout: self, referenceSizeForHeaderInSection: sectionIndex)
                    ?? headerReferenceSize)
            let footerSize = Self.sanitized(
                delegate?.collectionView(collectionView, layout: self, referenceSizeForFooterInSection: sectionIndex)
                    ?? footerReferenceSize)

            var section = FlowSection()
            section.start = s
            let headerLength = axes.scrollExtent(headerSize)
            if headerLength > 0 {
                section.headerFrame = axes.rect(a: 0, s: s, aLength: contentLineLength, sLength: headerLength)
                s += headerLength
            }
            section.itemsStart = s
            s += axes.scrollStart(inset)

            let lineStart = axes.lineStart(inset) + referenceStart
            let lineLength = max(0, contentLineLength - lineStart - axes.lineEnd(inset) - referenceEnd)
            let sizes = (0..<count).map { item in
                itemSize(at: IndexPath(item: item, section: sectionIndex), delegate: delegate)
            }
            section.itemFrames = Array(repeating: .zero, count: count)
            var first = 0
            while first < count {
                var used = axes.lineExtent(sizes[first])
                if used > lineLength + 0.001 && !warnedTooLong {
                    warnedTooLong = true
                    kitLog.warning("\(Self.tooLongWarning(vertical: axes.vertical))")
                }
                var end = first + 1
                while end < count {
                    let next = used + interitem + axes.lineExtent(sizes[end])
                    if next > lineLength + 0.001 { break }
                    used = next
                    end += 1
                }
                let isLastLine = end == count
                let itemCount = end - first
                let thickness = sizes[first..<end].map(axes.scrollExtent).max() ?? 0
                let itemsLength = sizes[first..<end].reduce(0) { $0 + axes.lineExtent($1) }
                var spacing = interitem
                var a = lineStart
                if !isLastLine {
                    if itemCount == 1 {
                        a += max(0, (lineLength - itemsLength) / 2)
                    } else {
                        spacing = (lineLength - itemsLength) / CGFloat(itemCount - 1)
                    }
                }
                for item in first..<end {
                    let size = sizes[item]
                    let itemLength = axes.lineExtent(size)
                    let itemThickness = axes.scrollExtent(size)
                    section.itemFrames[item] = axes.rect(
                        a: a, s: s + (thickness - itemThickness) / 2, aLength: itemLength, sLength: itemThickness)
                    a += itemLength + spacing
                }
                section.lines.append(FlowLine(items: first..<end, start: s, length: thickness))
                s += thickness
                first = end
                if first < count { s += lineSpacing }
            }
            s += axes.scrollEnd(inset)
            section.itemsEnd = s
            let footerLength = axes.scrollExtent(footerSize)
            if footerLength > 0 {
                section.footerFrame = axes.rect(a: 0, s: s, aLength: contentLineLength, sLength: footerLength)
                s += footerLength
            }
            section.end = s
            built.append(section)
        }
        sections = built
        contentSize =
            axes.vertical
            ? CGSize(width: contentLineLength, height: s) : CGSize(width: s, height: contentLineLength)
    }

    /// UIKit's warning for an item longer than its line.
    static func tooLongWarning(vertical: Bool) -> String {
        let (dimension, sides) = vertical ? ("width", "left and right") : ("height", "top and bottom")
        return "The behavior of the UICollectionViewFlowLayout is not defined because: the item \(dimension) "
            + "must be less than the \(dimension) of the UICollectionView minus the section insets \(sides) "
            + "values, minus the content insets \(sides) values."
    }

    /// An item's size: measured (self-sizing), else the delegate's or the default.
    private func itemSize(at indexPath: IndexPath, delegate: (any UICollectionViewDelegateFlowLayout)?) -> CGSize {
        if estimatedItemSize != .zero, let measured = measuredItemSizes[indexPath] { return measured }
        guard let collectionView else { return .zero }
        let size =
            delegate?.collectionView(collectionView, layout: self, sizeForItemAt: indexPath) ?? defaultItemSize
        return Self.sanitized(size == Self.automaticSize ? itemSize : size)
    }

    // MARK: Queries

    func itemAttributes(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2, sections.indices.contains(indexPath.section),
            sections[indexPath.section].itemFrames.indices.contains(indexPath.item)
        else { return nil }
        return cachedItemAttributes(indexPath) {
            let attributes = makeAttributes()
            attributes.indexPath = indexPath
            attributes.frame = sections[indexPath.section].itemFrames[indexPath.item]
            attributes.isSizeEstimated = estimatedItemSize != .zero && measuredItemSizes[indexPath] == nil
            return attributes
        }
    }

    func supplementaryAttributes(ofKind kind: String, section index: Int) -> UICollectionViewLayoutAttributes? {
        guard sections.indices.contains(index) else { return nil }
        let section = sections[index]
        let isHeader = kind == UICollectionView.elementKindSectionHeader
        guard isHeader || kind == UICollectionView.elementKindSectionFooter,
            let frame = isHeader ? section.headerFrame : section.footerFrame
        else { return nil }
        let base = cachedSupplementaryAttributes(FlowSupplementaryKey(kind: kind, section: index)) {
            let attributes = makeAttributes()
            attributes.category = .supplementaryView
            attributes.kind = kind
            attributes.indexPath = IndexPath(item: 0, section: index)
            attributes.frame = frame
            return attributes
        }
        let pinned = isHeader ? sectionHeadersPinToVisibleBounds : sectionFootersPinToVisibleBounds
        guard pinned, let collectionView else { return base }
        let pinnedFrame =
            isHeader
            ? pinnedHeaderFrame(frame, in: section, collectionView)
            : pinnedFooterFrame(frame, in: section, collectionView)
        guard let attributes = base.copy() as? UICollectionViewLayoutAttributes else { return base }
        attributes.frame = pinnedFrame
        // Pinned views float above the items they cover.
        attributes.zIndex = Self.pinnedZIndex
        return attributes
    }

    /// The z index of pinned headers and footers.
    static let pinnedZIndex = 1024

    private func pinnedHeaderFrame(_ frame: CGRect, in section: FlowSection, _ collectionView: UICollectionView)
        -> CGRect
    {
        let axes = self.axes
        let offset = axes.vertical ? collectionView.contentOffset.y : collectionView.contentOffset.x
        let visibleStart = offset + axes.scrollStart(collectionView.adjustedContentInset)
        let length = axes.scrollExtent(frame.size)
        let start = max(axes.scrollMin(frame), min(visibleStart, section.itemsEnd - length))
        return axes.moved(frame, toScroll: start)
    }

    private func pinnedFooterFrame(_ frame: CGRect, in section: FlowSection, _ collectionView: UICollectionView)
        -> CGRect
    {
        let axes = self.axes
        let offset = axes.vertical ? collectionView.contentOffset.y : collectionView.contentOffset.x
        let visibleEnd =
            offset + axes.scrollExtent(collectionView.bounds.size) - axes.scrollEnd(collectionView.adjustedContentInset)
        let length = axes.scrollExtent(frame.size)
        let start = min(axes.scrollMin(frame), max(visibleEnd - length, section.itemsStart))
        return axes.moved(frame, toScroll: start)
    }

    func elementAttributes(in rect: CGRect) -> [UICollectionViewLayoutAttributes] {
        let axes = self.axes
        let rectStart = axes.scrollMin(rect)
        let rectEnd = axes.scrollMax(rect)
        var result: [UICollectionViewLayoutAttributes] = []
        // The first section that ends after the rectangle's start.
        var index = Self.firstIndex(in: sections.count) { sections[$0].end >= rectStart }
        while index < sections.count, sections[index].start <= rectEnd {
            let section = sections[index]
            if section.headerFrame != nil,
                let header = supplementaryAttributes(ofKind: UICollectionView.elementKindSectionHeader, section: index),
                collectionRectsOverlap(header.frame, rect)
            {
                result.append(header)
            }
            var line = Self.firstIndex(in: section.lines.count) { section.lines[$0].end >= rectStart }
            while line < section.lines.count, section.lines[line].start <= rectEnd {
                for item in section.lines[line].items where collectionRectsOverlap(section.itemFrames[item], rect) {
                    if let attributes = itemAttributes(at: IndexPath(item: item, section: index)) {
                        result.append(attributes)
                    }
                }
                line += 1
            }
            if section.footerFrame != nil,
                let footer = supplementaryAttributes(ofKind: UICollectionView.elementKindSectionFooter, section: index),
                collectionRectsOverlap(footer.frame, rect)
            {
                result.append(footer)
            }
            index += 1
        }
        return result
    }

    /// The first index in `0..<count` for which `isAtOrPast` holds (it must hold for every
    /// index after it); `count` when none does.
    static func firstIndex(in count: Int, where isAtOrPast: (Int) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if isAtOrPast(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    // MARK: Updates

    /// The frame an item had before the update, from the geometry kept for it.
    private func previousItemFrame(at indexPath: IndexPath) -> CGRect? {
        guard let previous = previousSections, indexPath.count == 2, previous.indices.contains(indexPath.section),
            previous[indexPath.section].itemFrames.indices.contains(indexPath.item)
        else { return nil }
        return previous[indexPath.section].itemFrames[indexPath.item]
    }

    private func previousSupplementaryFrame(ofKind kind: String, section: Int) -> CGRect? {
        guard let previous = previousSections, previous.indices.contains(section) else { return nil }
        switch kind {
        case UICollectionView.elementKindSectionHeader: return previous[section].headerFrame
        case UICollectionView.elementKindSectionFooter: return previous[section].footerFrame
        default: return nil
        }
    }

    func appearingAttributes(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let attributes = itemAttributes(at: indexPath)?.copy() as? UICollectionViewLayoutAttributes else {
            return nil
        }
        if let update = currentUpdate, let old = update.oldIndexPath(forNew: indexPath),
            !update.isReloaded(new: indexPath), let frame = previousItemFrame(at: old)
        {
            attributes.frame = frame
        } else {
            attributes.alpha = 0
        }
        return attributes
    }

    func disappearingAttributes(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        if let update = currentUpdate, let new = update.newIndexPath(forOld: indexPath),
            !update.isReloaded(old: indexPath),
            let moved = itemAttributes(at: new)?.copy() as? UICollectionViewLayoutAttributes
        {
            moved.indexPath = indexPath
            return moved
        }
        guard let frame = previousItemFrame(at: indexPath) else { return nil }
        let attributes = makeAttributes()
        attributes.indexPath = indexPath
        attributes.frame = frame
        attributes.alpha = 0
        return attributes
    }

    func appearingSupplementaryAttributes(ofKind kind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        guard
            let attributes = supplementaryAttributes(ofKind: kind, section: indexPath.section)?.copy()
                as? UICollectionViewLayoutAttributes
        else { return nil }
        if let update = currentUpdate, let old = update.oldSection(forNew: indexPath.section),
            !update.isSectionReloaded(new: indexPath.section),
            let frame = previousSupplementaryFrame(ofKind: kind, section: old)
        {
            attributes.frame = frame
        } else {
            attributes.alpha = 0
        }
        return attributes
    }

    func disappearingSupplementaryAttributes(ofKind kind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        if let update = currentUpdate, let new = update.newSection(forOld: indexPath.section),
            !update.isSectionReloaded(old: indexPath.section),
            let moved = supplementaryAttributes(ofKind: kind, section: new)?.copy() as? UICollectionViewLayoutAttributes
        {
            moved.indexPath = indexPath
            return moved
        }
        guard let frame = previousSupplementaryFrame(ofKind: kind, section: indexPath.section) else { return nil }
        let attributes = makeAttributes()
        attributes.category = .supplementaryView
        attributes.kind = kind
        attributes.indexPath = indexPath
        attributes.frame = frame
        attributes.alpha = 0
        return attributes
    }
}
