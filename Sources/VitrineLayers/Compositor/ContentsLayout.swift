import Foundation
import VitrineGraphics

/// Where a layer's `contents` image lands: pieces of the image (in image pixels) and the
/// rectangles (in the layer's bounds coordinates) they are stretched into.
public struct ContentsPiece: Equatable, Sendable {
    /// The image pixels of this piece.
    public var source: PixelRect
    /// Where they are stretched to, in the layer's bounds coordinates.
    public var destination: CGRect
}

/// Core Animation's contents placement: `contentsRect` picks part of the image,
/// `contentsGravity` places it in the bounds, `contentsCenter` slices it in nine when the
/// gravity scales, `contentsScale` says how many image pixels make one point.
enum ContentsLayout {
    /// The pieces to draw, or none when the image, bounds or rectangles are degenerate.
    static func pieces(
        imageWidth: Int, imageHeight: Int, bounds: CGRect, gravity: CALayerContentsGravity,
        contentsRect: CGRect, contentsCenter: CGRect, contentsScale: CGFloat
    ) -> [ContentsPiece] {
        guard imageWidth > 0, imageHeight > 0, isUsable(bounds), isUsable(contentsRect),
            contentsScale.isFinite, contentsScale > 0
        else { return [] }
        let imageArea = PixelRect(x: 0, y: 0, width: imageWidth, height: imageHeight)
        let source = PixelRect(
            enclosing: CGRect(
                x: (contentsRect.minX * CGFloat(imageWidth)).rounded(),
                y: (contentsRect.minY * CGFloat(imageHeight)).rounded(),
                width: (contentsRect.width * CGFloat(imageWidth)).rounded(),
                height: (contentsRect.height * CGFloat(imageHeight)).rounded())
        ).intersection(imageArea)
        guard !source.isEmpty else { return [] }
        let size = CGSize(
            width: CGFloat(source.width) / contentsScale, height: CGFloat(source.height) / contentsScale)
        let destination = placement(of: size, in: bounds, gravity: gravity)
        guard isUsable(destination) else { return [] }
        if gravity.scalesContents, isUsable(contentsCenter), contentsCenter != CGRect(x: 0, y: 0, width: 1, height: 1) {
            return nineSlice(
                source: source, destination: destination, center: contentsCenter, contentsScale: contentsScale)
        }
        return [ContentsPiece(source: source, destination: destination)]
    }

    /// The rectangle of `size` placed in `bounds` by `gravity`.
    ///
    /// As on iOS, whose layers report `contentsAreFlipped() == true`, the vertical names refer to
    /// Core Animation's unflipped (y-up) geometry: `.top` aligns content with the bottom edge of
    /// the bounds on screen and `.bottom` with the top edge (Apple's contentsGravity
    /// documentation). UIView's `contentMode` corrects for this, as UIKit does.
    static func placement(of size: CGSize, in bounds: CGRect, gravity: CALayerContentsGravity) -> CGRect {
        let midX = bounds.midX - size.width / 2
        let midY = bounds.midY - size.height / 2
        let left = bounds.minX
        let right = bounds.maxX - size.width
        let screenTop = bounds.minY
        let screenBottom = bounds.maxY - size.height
        func rect(_ x: CGFloat, _ y: CGFloat) -> CGRect {
            CGRect(x: x, y: y, width: size.width, height: size.height)
        }
        switch gravity {
        case .resize: return bounds
        case .resizeAspect, .resizeAspectFill:
            guard size.width > 0, size.height > 0 else { return .null }
            let sx = bounds.width / size.width
            let sy = bounds.height / size.height
            let factor = gravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
            let fitted = CGSize(width: size.width * factor, height: size.height * factor)
            return CGRect(
                x: bounds.midX - fitted.width / 2, y: bounds.midY - fitted.height / 2,
                width: fitted.width, height: fitted.height)
        case .center: return rect(midX, midY)
        case .top: return rect(midX, screenBottom)
        case .bottom: return rect(midX, screenTop)
        case .left: return rect(left, midY)
        case .right: return rect(right, midY)
        case .topLeft: return rect(left, screenBottom)
        case .topRight: return rect(right, screenBottom)
        case .bottomLeft: return rect(left, screenTop)
        case .bottomRight: return rect(right, screenTop)
        default: return bounds
        }
    }

    /// Nine pieces: corners keep their size (in points, shrunk proportionally when the
    /// destination is smaller than the caps), edges stretch along one axis, the centre along both.
    static func nineSlice(
        source: PixelRect, destination: CGRect, center: CGRect, contentsScale: CGFloat
    ) -> [ContentsPiece] {
        let width = CGFloat(source.width)
        let height = CGFloat(source.height)
        let unit = center.intersection(CGRect(x: 0, y: 0, width: 1, height: 1))
        guard !unit.isNull else { return [ContentsPiece(source: source, destination: destination)] }
        // Source caps in whole pixels.
        let leftPx = Int((unit.minX * width).rounded())
        let rightPx = Int(((1 - unit.maxX) * width).rounded())
        let topPx = Int((unit.minY * height).rounded())
        let bottomPx = Int(((1 - unit.maxY) * height).rounded())
        // Destination caps in points, shrunk when they do not fit.
        func caps(_ first: Int, _ second: Int, along length: CGFloat) -> (CGFloat, CGFloat) {
            let a = CGFloat(first) / contentsScale
            let b = CGFloat(second) / contentsScale
            guard a + b > length, a + b > 0 else { return (a, b) }
            let factor = length / (a + b)
            return (a * factor, b * factor)
        }
        let (leftPt, rightPt) = caps(leftPx, rightPx, along: destination.width)
        let (topPt, bottomPt) = caps(topPx, bottomPx, along: destination.height)
        let sourceColumns = [
            (source.x, leftPx), (source.x + leftPx, source.width - leftPx - rightPx),
            (source.x + source.width - rightPx, rightPx),
        ]
        let sourceRows = [
            (source.y, topPx), (source.y + topPx, source.height - topPx - bottomPx),
            (source.y + source.height - bottomPx, bottomPx),
        ]
        let destinationColumns = [
            (destination.minX, leftPt), (destination.minX + leftPt, destination.width - leftPt - rightPt),
            (destination.maxX - rightPt, rightPt),
        ]
        let destinationRows = [
            (destination.minY, topPt), (destination.minY + topPt, destination.height - topPt - bottomPt),
            (destination.maxY - bottomPt, bottomPt),
        ]
        var pieces: [ContentsPiece] = []
        for row in 0..<3 {
            for column in 0..<3 {
                let piece = ContentsPiece(
                    source: PixelRect(
                        x: sourceColumns[column].0, y: sourceRows[row].0, width: sourceColumns[column].1,
                        height: sourceRows[row].1),
                    destination: CGRect(
                        x: destinationColumns[column].0, y: destinationRows[row].0,
                        width: destinationColumns[column].1, height: destinationRows[row].1))
                if !piece.source.isEmpty, piece.destination.width > 0, piece.destination.height > 0 {
                    pieces.append(piece)
                }
            }
        }
        return pieces
    }

    static func isUsable(_ rect: CGRect) -> Bool {
        !rect.isNull && rect.width > 0 && rect.height > 0 && rect.origin.x.isFinite && rect.origin.y.isFinite
            && rect.width.isFinite && rect.height.isFinite
    }
}

extension CALayerContentsGravity {
    /// Whether the gravity scales the image (the guide's "scale" content modes), which is when
    /// `contentsCenter` applies.
    var scalesContents: Bool { self == .resize || self == .resizeAspect || self == .resizeAspectFill }
}
