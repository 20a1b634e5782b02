import Foundation
import VitrineGraphics
import VitrineTestSupport

@testable import VitrineLayers

/// Small scenes for compositor tests: a white root of the given size.
@MainActor
enum Scene {
    static func root(width: Int = 200, height: Int = 200, color: CGColor = .white) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = color
        return root
    }

    @discardableResult
    static func layer(
        _ frame: CGRect, color: CGColor? = nil, parent: CALayer? = nil
    ) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        parent?.addSublayer(layer)
        return layer
    }

    /// Renders the whole tree into a new XRGB buffer (buffer age 0: every pixel).
    static func render(_ root: CALayer, scale: CGFloat = 1) -> PixelBuffer {
        let width = Int((root.bounds.width * scale).rounded())
        let height = Int((root.bounds.height * scale).rounded())
        let buffer = PixelBuffer(width: width, height: height, format: .xrgb8888)
        Compositor(scale: scale).render(root, into: buffer, bufferAge: 0)
        return buffer
    }

    /// An image with four coloured quadrants (red, green / blue, yellow), so placement and
    /// orientation show.
    static func quadrantImage(width: Int, height: Int) -> CGImage {
        let buffer = PixelBuffer(width: width, height: height, format: .argb8888Premultiplied)
        for y in 0..<height {
            for x in 0..<width {
                let left = x < width / 2
                let top = y < height / 2
                let pixel: UInt32 =
                    switch (top, left) {
                    case (true, true): 0xffff_0000
                    case (true, false): 0xff00_ff00
                    case (false, true): 0xff00_00ff
                    case (false, false): 0xffff_ff00
                    }
                buffer.setPixel(x: x, y: y, pixel)
            }
        }
        return CGImage(copying: buffer)
    }
}

extension CGColor {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
}

/// The red, green and blue bytes of a pixel.
func rgb(_ pixel: UInt32) -> (Int, Int, Int) {
    (Int((pixel >> 16) & 0xff), Int((pixel >> 8) & 0xff), Int(pixel & 0xff))
}

/// Whether a pixel is within `tolerance` of the given bytes on every channel.
func pixel(_ buffer: PixelBuffer, _ x: Int, _ y: Int, is expected: (Int, Int, Int), tolerance: Int = 2) -> Bool {
    let (r, g, b) = rgb(buffer.pixel(x: x, y: y))
    return abs(r - expected.0) <= tolerance && abs(g - expected.1) <= tolerance && abs(b - expected.2) <= tolerance
}

let white = (255, 255, 255)
let red = (255, 0, 0)
let green = (0, 255, 0)
let blue = (0, 0, 255)
let yellow = (255, 255, 0)
