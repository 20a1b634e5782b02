import VitrineGraphics

/// Occlusion: which damaged pixels opaque layers cover, so that nothing under them is drawn.
extension Compositor {
    /// Walks the top level from the front: records, for each entry, the opaque pixels drawn
    /// above it (so they are not drawn twice), and returns the damage no opaque layer covers.
    /// Only pixels inside the damage matter, so layers outside it are passed over.
    func computeOcclusion(_ damage: Region) -> Region {
        coveredAbove.removeAll(keepingCapacity: true)
        coveredAbove.append(contentsOf: repeatElement(nil, count: displayList.count))
        let area = damage.boundingBox
        var covered = Region()
        var depth = 0
        for index in displayList.indices.reversed() {
            let record = displayList[index].record
            switch displayList[index].kind {
            case .endGroup: depth += 1
            case .beginGroup:
                depth -= 1
                if depth == 0 { coveredAbove[index] = coverage(covered, over: record.subtreeBox) }
            case .content:
                guard depth == 0, record.current.box.intersects(area) else { break }
                coveredAbove[index] = coverage(covered, over: record.current.box)
                if let opaque = record.drawing.opaqueBox { covered.formUnion(opaque.intersection(area)) }
            case .border, .backdrop:
                if depth == 0 { coveredAbove[index] = coverage(covered, over: record.current.box) }
            case .shadow:
                if depth == 0, let shadow = record.shadow { coveredAbove[index] = coverage(covered, over: shadow.box) }
            case .pushClip, .popClip: break
            }
        }
        return covered.isEmpty ? damage : damage.subtracting(covered)
    }

    private func coverage(_ covered: Region, over box: PixelRect) -> Region? {
        guard !covered.isEmpty, covered.boundingBox.intersects(box) else { return nil }
        return covered
    }
}
