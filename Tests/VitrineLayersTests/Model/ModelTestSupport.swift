import Foundation
import Testing
import VitrineGraphics

@testable import VitrineLayers

/// Helpers shared by the layer model tests (namespaced so they cannot clash with the
/// compositor tests in the same target).
enum ModelTestSupport {
    static let tolerance: CGFloat = 1e-9

    static func close(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = tolerance) -> Bool {
        abs(a - b) <= tolerance
    }

    static func close(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat = tolerance) -> Bool {
        close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance)
    }

    static func close(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat = tolerance) -> Bool {
        close(a.origin, b.origin, tolerance) && close(a.width, b.width, tolerance)
            && close(a.height, b.height, tolerance)
    }

    static func close(_ a: CATransform3D, _ b: CATransform3D, _ tolerance: CGFloat = tolerance)
        -> Bool
    {
        zip(a.rows.joined(), b.rows.joined()).allSatisfy { close($0, $1, tolerance) }
    }

    /// `[x y z 1] * t`, divided by w: the reference mapping the functions are checked against.
    static func apply(_ t: CATransform3D, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> (
        CGFloat, CGFloat, CGFloat
    ) {
        let r = t.rows
        let v = [x, y, z, 1]
        var out: [CGFloat] = [0, 0, 0, 0]
        for column in 0..<4 {
            for row in 0..<4 { out[column] += v[row] * r[row][column] }
        }
        return (out[0] / out[3], out[1] / out[3], out[2] / out[3])
    }

    /// A layer with the given frame (anchor at the centre).
    @MainActor
    static func layer(_ name: String, frame: CGRect) -> CALayer {
        let layer = CALayer()
        layer.name = name
        layer.frame = frame
        return layer
    }

    /// A tiny opaque image.
    static func image(width: Int = 2, height: Int = 2) -> CGImage {
        let buffer = PixelBuffer(width: width, height: height, format: .argb8888Premultiplied)
        buffer.setPixel(x: 0, y: 0, 0xff00_ff00)
        return CGImage(copying: buffer)
    }
}

/// A layer delegate that records what the layer asked of it.
@MainActor
final class ModelRecordingDelegate: CALayerDelegate {
    var events: [String] = []
    var drawContextSizes: [(Int, Int)] = []
    var drawBody: ((CGContext) -> Void)?

    func draw(_ layer: CALayer, in ctx: CGContext) {
        events.append("draw \(layer.name ?? "?")")
        drawContextSizes.append((ctx.width, ctx.height))
        drawBody?(ctx)
    }

    func layerWillDraw(_ layer: CALayer) {
        events.append("willDraw \(layer.name ?? "?")")
    }

    func layoutSublayers(of layer: CALayer) {
        events.append("layout \(layer.name ?? "?")")
    }
}

/// A delegate that provides contents itself.
@MainActor
final class ModelContentsDelegate: CALayerDelegate {
    var displayCount = 0
    var drawCount = 0
    let image = ModelTestSupport.image()

    func display(_ layer: CALayer) {
        displayCount += 1
        layer.contents = image
    }

    func draw(_ layer: CALayer, in ctx: CGContext) {
        drawCount += 1
    }
}

/// A tree host that counts notifications.
@MainActor
final class ModelCountingHost: CALayerTreeHost {
    var roots: [CALayer] = []

    func layerTreeDidChange(_ root: CALayer) {
        roots.append(root)
    }
}
