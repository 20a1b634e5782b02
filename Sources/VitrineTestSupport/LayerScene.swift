import Foundation
import VitrineGraphics
import VitrineLayers

/// Small layer scenes the compositor tests and the GL renderer's tests build alike, so both
/// renderers are compared on the same trees.
@MainActor
public enum LayerScene {
    /// A root layer `width` x `height` points filled with `color`.
    public static func root(width: Int = 200, height: Int = 200, color: CGColor = .white) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = color
        return root
    }

    /// A layer at `frame` with an optional background, added to `parent`.
    @discardableResult
    public static func layer(_ frame: CGRect, color: CGColor? = nil, parent: CALayer? = nil) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        parent?.addSublayer(layer)
        return layer
    }

    /// An image with four coloured quadrants (red, green / blue, yellow), so placement and
    /// orientation show.
    public static func quadrantImage(width: Int, height: Int) -> CGImage {
        image(width: width, height: height) { x, y in
            switch (y < height / 2, x < width / 2) {
            case (true, true): 0xffff_0000
            case (true, false): 0xff00_ff00
            case (false, true): 0xff00_00ff
            case (false, false): 0xffff_ff00
            }
        }
    }

    /// A 30x30 image in nine 10-pixel squares: red corners, blue edges, a green middle, for
    /// `contentsCenter`.
    public static func nineSliceImage() -> CGImage {
        image(width: 30, height: 30) { x, y in
            let (column, row) = (x / 10, y / 10)
            return (column == 1 && row == 1) ? 0xff00_ff00 : (column == 1 || row == 1) ? 0xff00_00ff : 0xffff_0000
        }
    }

    private static func image(width: Int, height: Int, pixel: (Int, Int) -> UInt32) -> CGImage {
        let buffer = PixelBuffer(width: width, height: height, format: .argb8888Premultiplied)
        for y in 0..<height {
            for x in 0..<width { buffer.setPixel(x: x, y: y, pixel(x, y)) }
        }
        return CGImage(copying: buffer)
    }

    /// Picture pixels to output pixels for a picture `width` x `height` turned clockwise by
    /// `quarterTurns`, and the output's size: what `Renderer.present(picture:...)` is given.
    public static func quarterTurn(_ quarterTurns: Int, width: Int, height: Int) -> (
        transform: ProjectiveTransform, width: Int, height: Int
    ) {
        let w = Double(width)
        let h = Double(height)
        return switch quarterTurns {
        case 1: (.init(m11: 0, m12: 1, m13: 0, m21: -1, m22: 0, m23: 0, m31: h, m32: 0, m33: 1), height, width)
        case 2: (.init(m11: -1, m12: 0, m13: 0, m21: 0, m22: -1, m23: 0, m31: w, m32: h, m33: 1), width, height)
        case 3: (.init(m11: 0, m12: -1, m13: 0, m21: 1, m22: 0, m23: 0, m31: 0, m32: w, m33: 1), height, width)
        default: (.identity, width, height)
        }
    }

    /// An XRGB buffer filled with `pixel`, to see which pixels a present leaves untouched.
    public static func filledBuffer(width: Int, height: Int, pixel: UInt32) -> PixelBuffer {
        let buffer = PixelBuffer(width: width, height: height, format: .xrgb8888)
        for y in 0..<height {
            for x in 0..<width { buffer.setPixel(x: x, y: y, pixel) }
        }
        return buffer
    }
}
