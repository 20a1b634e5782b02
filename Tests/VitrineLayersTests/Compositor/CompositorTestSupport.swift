import Foundation
import VitrineGraphics
import VitrineTestSupport

@testable import VitrineLayers

/// Small scenes for compositor tests (VitrineTestSupport's, shared with the GL tests).
typealias Scene = LayerScene

extension LayerScene {
    /// Renders the whole tree into a new XRGB buffer (buffer age 0: every pixel).
    static func render(_ root: CALayer, scale: CGFloat = 1) -> PixelBuffer {
        let width = Int((root.bounds.width * scale).rounded())
        let height = Int((root.bounds.height * scale).rounded())
        let buffer = PixelBuffer(width: width, height: height, format: .xrgb8888)
        Compositor(scale: scale).render(root, into: buffer, bufferAge: 0)
        return buffer
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
