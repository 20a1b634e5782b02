import Foundation

extension UIImage {

    /// Draws the image scaled to fill `rect` in `context`, upright, as `draw(in:)` does in the
    /// current context, turned by `imageOrientation`. A resizable image is drawn in nine parts:
    /// the corners at their size (shrunk in proportion when `rect` is smaller than the caps),
    /// the edges and middle stretched, or repeated at their size for `.tile`.
    func draw(in rect: CGRect, context: CGContext) {
        guard rect.width.isFinite, rect.height.isFinite, rect.minX.isFinite, rect.minY.isFinite,
            rect.width > 0, rect.height > 0
        else { return }
        guard capInsets != .zero else {
            context.draw(uprightImage, in: rect)
            return
        }
        for piece in nineSlicePieces(in: rect) {
            guard let part = uprightImage.cropping(to: piece.source) else { continue }
            if resizingMode == .tile {
                context.saveGState()
                context.clip(to: piece.destination)
                let tile = CGSize(width: piece.source.width / scale, height: piece.source.height / scale)
                context.draw(part, in: CGRect(origin: piece.destination.origin, size: tile), byTiling: true)
                context.restoreGState()
            } else {
                context.draw(part, in: piece.destination)
            }
        }
    }

    /// Draws the image at its size with its top-left corner at `point`, as `draw(at:)`.
    func draw(at point: CGPoint, context: CGContext) {
        draw(in: CGRect(origin: point, size: size), context: context)
    }

    /// The nine parts of a resizable image drawn in `rect`: pixel rectangles of the upright
    /// image and where each goes, empty parts left out.
    func nineSlicePieces(in rect: CGRect) -> [(source: CGRect, destination: CGRect)] {
        let upright = uprightImage
        let width = CGFloat(upright.width)
        let height = CGFloat(upright.height)
        // Source caps in whole pixels, never overlapping.
        let left = min((capInsets.left * scale).rounded(), width)
        let right = min((capInsets.right * scale).rounded(), width - left)
        let top = min((capInsets.top * scale).rounded(), height)
        let bottom = min((capInsets.bottom * scale).rounded(), height - top)
        func caps(_ first: CGFloat, _ second: CGFloat, along length: CGFloat) -> (CGFloat, CGFloat) {
            let a = first / scale
            let b = second / scale
            guard a + b > length, a + b > 0 else { return (a, b) }
            return (a * length / (a + b), b * length / (a + b))
        }
        let (leftPt, rightPt) = caps(left, right, along: rect.width)
        let (topPt, bottomPt) = caps(top, bottom, along: rect.height)
        let sourceColumns = [(0, left), (left, width - left - right), (width - right, right)]
        let sourceRows = [(0, top), (top, height - top - bottom), (height - bottom, bottom)]
        let columns = [
            (rect.minX, leftPt), (rect.minX + leftPt, rect.width - leftPt - rightPt), (rect.maxX - rightPt, rightPt),
        ]
        let rows = [
            (rect.minY, topPt), (rect.minY + topPt, rect.height - topPt - bottomPt), (rect.maxY - bottomPt, bottomPt),
        ]
        var pieces: [(source: CGRect, destination: CGRect)] = []
        for row in 0..<3 {
            for column in 0..<3 {
                let source = CGRect(
                    x: sourceColumns[column].0, y: sourceRows[row].0, width: sourceColumns[column].1,
                    height: sourceRows[row].1)
                let destination = CGRect(
                    x: columns[column].0, y: rows[row].0, width: columns[column].1, height: rows[row].1)
                guard source.width > 0, source.height > 0, destination.width > 0, destination.height > 0 else {
                    continue
                }
                pieces.append((source, destination))
            }
        }
        return pieces
    }
}
