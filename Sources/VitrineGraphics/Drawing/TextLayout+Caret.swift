import Foundation
internal import CCairo

// Positions inside a layout, for text editing (a field's caret, selection and taps). Offsets
// are UTF-8 byte offsets into `string`, pango's own unit; callers convert from their indices.
extension TextLayout {
    /// The caret's rectangle (zero width, a line tall) before the character at `utf8Offset`,
    /// in layout coordinates: at the end of the text for offsets past it. An empty layout has
    /// its caret at the start of its first (empty) line, as a field's caret before typing.
    public func caretRect(atUTF8Offset utf8Offset: Int) -> CGRect {
        let index = Int32(clamping: clampedOffset(utf8Offset))
        var strong = PangoRectangle()
        pango_layout_get_cursor_pos(layout, index, &strong, nil)
        return CGRect(
            x: CGFloat(strong.x) / Self.scale, y: CGFloat(strong.y) / Self.scale, width: 0,
            height: CGFloat(strong.height) / Self.scale)
    }

    /// The offset of the caret position nearest `point` (in layout coordinates): before or
    /// after the character under it, whichever edge is nearer, as a tap places a caret. Points
    /// above, below or beside the text go to the nearest line and its nearest end.
    public func utf8Offset(closestTo point: CGPoint) -> Int {
        guard point.x.isFinite, point.y.isFinite else { return 0 }
        let x = Int32(clamping: Int((point.x * Self.scale).rounded()))
        let y = Int32(clamping: Int((max(0, point.y) * Self.scale).rounded()))
        var index: Int32 = 0
        var trailing: Int32 = 0
        pango_layout_xy_to_index(layout, x, y, &index, &trailing)
        return offset(afterScalars: Int(trailing), from: Int(index))
    }

    /// The rectangles that cover the text between two offsets, one a line, in layout
    /// coordinates, as a selection highlights it. A range that runs on past a line's end
    /// covers the rest of that line's width (the line break is selected).
    public func selectionRects(fromUTF8Offset first: Int, to second: Int) -> [CGRect] {
        let start = clampedOffset(min(first, second))
        let end = clampedOffset(max(first, second))
        guard start < end else { return [] }
        var rects: [CGRect] = []
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        let layoutWidth = max(size.width, maxWidth ?? 0)
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { break }
            let lineStart = Int(line.pointee.start_index)
            let lineEnd = lineStart + Int(line.pointee.length)
            var extents = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &extents)
            let top = CGFloat(extents.y) / Self.scale
            let height = CGFloat(extents.height) / Self.scale
            let from = max(start, lineStart)
            let to = min(end, lineEnd)
            let runsPastLine = end > lineEnd && start <= lineEnd
            if from < to || (runsPastLine && from <= lineEnd) {
                let left = caretX(at: from)
                let right = runsPastLine ? max(layoutWidth, caretX(at: lineEnd)) : caretX(at: to)
                rects.append(CGRect(x: min(left, right), y: top, width: abs(right - left), height: height))
            }
        } while pango_layout_iter_next_line(iterator) != 0
        return rects
    }

    /// The offsets where each shown line starts, in order (the first is 0).
    public var lineStartUTF8Offsets: [Int] {
        var starts: [Int] = []
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { break }
            starts.append(Int(line.pointee.start_index))
        } while pango_layout_iter_next_line(iterator) != 0
        return starts
    }

    private func caretX(at offset: Int) -> CGFloat {
        var rect = PangoRectangle()
        pango_layout_index_to_pos(layout, Int32(clamping: offset), &rect)
        return CGFloat(rect.x) / Self.scale
    }

    /// `offset` within the text, moved back to the start of the character it falls inside.
    private func clampedOffset(_ offset: Int) -> Int {
        let utf8 = string.utf8
        guard offset > 0 else { return 0 }
        guard offset < utf8.count else { return utf8.count }
        var index = utf8.index(utf8.startIndex, offsetBy: offset)
        while index > utf8.startIndex, !string.unicodeScalars.indices.contains(index) {
            index = utf8.index(before: index)
        }
        return utf8.distance(from: utf8.startIndex, to: index)
    }

    /// The offset `count` Unicode scalars after `offset` (pango's `trailing` counts the
    /// characters of the grapheme clicked, so this lands after the whole grapheme).
    private func offset(afterScalars count: Int, from offset: Int) -> Int {
        let utf8 = string.utf8
        var index = utf8.index(utf8.startIndex, offsetBy: clampedOffset(offset))
        let scalars = string.unicodeScalars
        for _ in 0..<max(0, count) where index < scalars.endIndex { index = scalars.index(after: index) }
        return utf8.distance(from: utf8.startIndex, to: index)
    }
}
