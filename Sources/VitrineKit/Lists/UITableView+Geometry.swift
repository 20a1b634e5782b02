import Foundation

/// The heights of a table's parts and where each one sits in the content, from the table
/// header down to the table footer: each section's header, rows and footer. A height is
/// exact (given by the delegate or measured from the view) or an estimate, replaced when the
/// part is measured; positions follow from the heights, worked out again when one changes.
struct TableGeometry {
    /// One part's height and whether it is only an estimate.
    struct Height {
        var value: CGFloat
        var isEstimate: Bool

        static func exact(_ value: CGFloat) -> Height { Height(value: max(0, value), isEstimate: false) }
        static func estimate(_ value: CGFloat) -> Height { Height(value: max(0, value), isEstimate: true) }
    }

    struct Section {
        var header: Height
        var footer: Height
        var rows: [Height]
        /// Where the section begins (its header's top), worked out by `layOut()`.
        var top: CGFloat = 0
        /// Where each row begins, worked out by `layOut()`.
        var rowTops: [CGFloat] = []

        var rowsTop: CGFloat { top + header.value }
        var rowsBottom: CGFloat { rowsTop + rows.reduce(0) { $0 + $1.value } }
        var footerTop: CGFloat { rowTops.last.map { $0 + rows[rows.count - 1].value } ?? rowsTop }
        var bottom: CGFloat { footerTop + footer.value }
    }

    var tableHeaderHeight: CGFloat = 0
    var tableFooterHeight: CGFloat = 0
    var sections: [Section] = []
    /// The total height of the content.
    private(set) var contentHeight: CGFloat = 0
    /// Whether positions must be worked out again.
    private(set) var isDirty = true

    var numberOfSections: Int { sections.count }

    func numberOfRows(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].rows.count : 0
    }

    func contains(_ indexPath: IndexPath) -> Bool {
        indexPath.count == 2 && sections.indices.contains(indexPath.section)
            && sections[indexPath.section].rows.indices.contains(indexPath.row)
    }

    // MARK: Changing heights

    mutating func setRowHeight(_ height: Height, at indexPath: IndexPath) {
        guard contains(indexPath) else { return }
        let old = sections[indexPath.section].rows[indexPath.row]
        sections[indexPath.section].rows[indexPath.row] = height
        if old.value != height.value { isDirty = true }
    }

    mutating func setHeaderHeight(_ height: Height, inSection section: Int) {
        guard sections.indices.contains(section) else { return }
        if sections[section].header.value != height.value { isDirty = true }
        sections[section].header = height
    }

    mutating func setFooterHeight(_ height: Height, inSection section: Int) {
        guard sections.indices.contains(section) else { return }
        if sections[section].footer.value != height.value { isDirty = true }
        sections[section].footer = height
    }

    mutating func setTableHeaderHeight(_ height: CGFloat) {
        if tableHeaderHeight != height { isDirty = true }
        tableHeaderHeight = max(0, height)
    }

    mutating func setTableFooterHeight(_ height: CGFloat) {
        if tableFooterHeight != height { isDirty = true }
        tableFooterHeight = max(0, height)
    }

    mutating func replaceSections(_ new: [Section]) {
        sections = new
        isDirty = true
    }

    // MARK: Positions

    /// Works out every position from the heights (linear in the number of rows).
    mutating func layOutIfNeeded() {
        guard isDirty else { return }
        var y = tableHeaderHeight
        for index in sections.indices {
            sections[index].top = y
            y += sections[index].header.value
            var tops: [CGFloat] = []
            tops.reserveCapacity(sections[index].rows.count)
            for row in sections[index].rows {
                tops.append(y)
                y += row.value
            }
            sections[index].rowTops = tops
            y += sections[index].footer.value
        }
        contentHeight = y + tableFooterHeight
        isDirty = false
    }

    /// The vertical span of a row (call `layOutIfNeeded()` first).
    func rowSpan(_ indexPath: IndexPath) -> (top: CGFloat, height: CGFloat)? {
        guard contains(indexPath) else { return nil }
        let section = sections[indexPath.section]
        return (section.rowTops[indexPath.row], section.rows[indexPath.row].value)
    }

    /// The index paths of the rows overlapping `minY..<maxY`, in order (binary search per
    /// section, so a long table costs a logarithm).
    func rows(from minY: CGFloat, to maxY: CGFloat) -> [IndexPath] {
        var result: [IndexPath] = []
        guard maxY > minY else { return result }
        for (sectionIndex, section) in sections.enumerated() {
            guard section.rowsTop < maxY, section.footerTop > minY, !section.rows.isEmpty else { continue }
            // The first row whose bottom is below minY.
            var low = 0
            var high = section.rows.count
            while low < high {
                let middle = (low + high) / 2
                if section.rowTops[middle] + section.rows[middle].value <= minY {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            var row = low
            while row < section.rows.count && section.rowTops[row] < maxY {
                // Rows of no height at the edge are left out: nothing of them shows.
                if section.rows[row].value > 0 || section.rowTops[row] > minY {
                    result.append(IndexPath(row: row, section: sectionIndex))
                }
                row += 1
            }
        }
        return result
    }

    /// The sections overlapping `minY..<maxY` (header to footer).
    func sections(from minY: CGFloat, to maxY: CGFloat) -> [Int] {
        sections.indices.filter { sections[$0].top < maxY && sections[$0].bottom > minY }
    }

    /// The row at a content y, if any.
    func row(atY y: CGFloat) -> IndexPath? {
        for (sectionIndex, section) in sections.enumerated() where section.rowsTop <= y && y < section.footerTop {
            var low = 0
            var high = section.rows.count - 1
            while low <= high {
                let middle = (low + high) / 2
                let top = section.rowTops[middle]
                if y < top {
                    high = middle - 1
                } else if y >= top + section.rows[middle].value {
                    low = middle + 1
                } else {
                    return IndexPath(row: middle, section: sectionIndex)
                }
            }
        }
        return nil
    }
}
