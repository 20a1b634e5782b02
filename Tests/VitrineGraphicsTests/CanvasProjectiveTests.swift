import Foundation
import Testing

@testable import VitrineGraphics

/// Composites through projective (perspective) transforms: every target pixel shows what the
/// exact transform puts there, away from the edges, however large the coordinates.
@Suite struct CanvasProjectiveTests {
    /// A `width` x `height` source turned by `degrees` about its vertical centre line, moved
    /// back so the near edge keeps its height, with a perspective distance of twice its width,
    /// centred on (`cx`, `cy`): source (x, y) goes to (cx + u·cos θ / q, cy + v / q) with
    /// u = x − width/2, v = y − height/2 and q = 1 + (u·sin θ + |sin θ|·width/2) / (2·width).
    static func turned(
        _ degrees: Double, width: Double, height: Double, centre cx: Double, _ cy: Double
    ) -> ProjectiveTransform {
        let angle = degrees * .pi / 180
        let (c, s) = (cos(angle), sin(angle))
        let a = s / (2 * width)
        let b = 1 + abs(s) / 4 - s / 4
        return ProjectiveTransform(
            m11: cx * a + c, m12: cy * a, m13: a,
            m21: 0, m22: 1, m23: 0,
            m31: cx * b - c * width / 2, m32: cy * b - height / 2, m33: b)
    }

    /// Target pixels that show the source although their centre maps a pixel or more outside
    /// it, or show nothing although it maps a pixel or more inside (coverage in the alpha byte).
    static func misplacedPixels(
        _ target: PixelBuffer, transform: ProjectiveTransform, sourceWidth: Double, sourceHeight: Double
    ) -> [String] {
        let inverse = transform.inverted()!
        var misplaced: [String] = []
        for y in 0..<target.height {
            for x in 0..<target.width {
                guard let source = inverse.apply(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)) else { continue }
                let sx = Double(source.x)
                let sy = Double(source.y)
                let alpha = target.pixel(x: x, y: y) >> 24
                let inside = sx >= 1 && sx <= sourceWidth - 1 && sy >= 1 && sy <= sourceHeight - 1
                let outside = sx <= -1 || sx >= sourceWidth + 1 || sy <= -1 || sy >= sourceHeight + 1
                if (inside && alpha < 250) || (outside && alpha != 0) { misplaced.append("(\(x), \(y)): \(alpha)") }
            }
        }
        return misplaced
    }

    static func opaqueMask(width: Int, height: Int) -> PixelBuffer {
        let mask = PixelBuffer(width: width, height: height, format: .alpha8)
        for y in 0..<height {
            for x in 0..<width { mask.setPixel(x: x, y: y, 0xff00_0000) }
        }
        return mask
    }

    /// A 200x120 mask turned every 3 degrees on a 320x240 target: pixman steps its fixed-point
    /// sample vector along each row and divides negative numerators as unsigned numbers, which
    /// without care draws stray rows and columns outside the shape.
    @Test func aTurnedMaskCoversExactlyItsShape() {
        let mask = Self.opaqueMask(width: 200, height: 120)
        var failures: [String] = []
        for degrees in stride(from: -87.0, through: 87, by: 3) {
            let target = PixelBuffer(width: 320, height: 240, format: .argb8888Premultiplied)
            let transform = Self.turned(degrees, width: 200, height: 120, centre: 160, 120)
            Canvas(target: target).fill(
                mask: mask, transform: transform, color: PremultipliedColor(red: 0, green: 1, blue: 0, alpha: 1),
                clip: Region(target.bounds))
            let misplaced = Self.misplacedPixels(target, transform: transform, sourceWidth: 200, sourceHeight: 120)
            if !misplaced.isEmpty { failures.append("\(degrees)°: \(misplaced.count) \(misplaced.prefix(3))") }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    /// An 800x480 image turned on an 800x480 target, where the sample vector's entries reach
    /// past pixman's 16.16 range unless the matrix is scaled for the whole area; and drawn
    /// into an offscreen placed away from the origin, as groups are.
    @Test(arguments: [-60.0, -23, 10, 30, 75])
    func aLargeTurnedImageLandsWhereTheTransformPutsIt(degrees: Double) {
        let image = PixelBuffer(width: 800, height: 480, format: .argb8888Premultiplied)
        for y in 0..<480 {
            for x in 0..<800 { image.setPixel(x: x, y: y, 0xff20_40ff) }
        }
        let transform = Self.turned(degrees, width: 800, height: 480, centre: 500, 340)
        let target = PixelBuffer(width: 800, height: 480, format: .argb8888Premultiplied)
        let canvas = Canvas(target: target, originX: 100, originY: 100)
        canvas.draw(image, transform: transform, clip: Region(canvas.area))
        let local = transform.concatenating(ProjectiveTransform(translationX: -100, y: -100))
        let misplaced = Self.misplacedPixels(target, transform: local, sourceWidth: 800, sourceHeight: 480)
        #expect(misplaced.isEmpty, "\(misplaced.count) \(misplaced.prefix(5))")
    }

    /// Cutting a group to a turned mask clears every pixel outside the shape, those left of
    /// and above it included, and keeps those inside.
    @Test func aTurnedClipMaskClearsOutsideItsShape() {
        let mask = Self.opaqueMask(width: 200, height: 120)
        var failures: [String] = []
        for degrees in stride(from: -85.0, through: 85, by: 5) {
            let transform = Self.turned(degrees, width: 200, height: 120, centre: 160, 120)
            let target = PixelBuffer(width: 320, height: 240, format: .argb8888Premultiplied)
            let canvas = Canvas(target: target)
            canvas.fill(Region(target.bounds), color: PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1))
            canvas.applyMask(mask, transform: transform)
            let misplaced = Self.misplacedPixels(target, transform: transform, sourceWidth: 200, sourceHeight: 120)
            if !misplaced.isEmpty { failures.append("\(degrees)°: \(misplaced.count) \(misplaced.prefix(3))") }
        }
        #expect(failures.isEmpty, "\(failures)")
    }
}
