import Foundation
import VitrineGraphics

/// How a panel is mounted: the clockwise rotation the upright picture (the *logical* one, the
/// screen's bounds) must be given to appear upright on the panel as it scans out (the
/// *output*). A panel mounted a quarter turn anticlockwise needs `.clockwise90`. A Vitrine
/// addition (UIKit's screens do not rotate; its interface orientations are per app).
///
/// The raw value is the angle in degrees, as a kiosk's configuration states it.
public enum DisplayRotation: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// The picture is scanned out as drawn.
    case upright = 0
    /// A quarter turn clockwise: the logical top edge is the output's right edge.
    case clockwise90 = 90
    /// A half turn.
    case clockwise180 = 180
    /// Three quarter turns clockwise (a quarter turn anticlockwise): the logical top edge is
    /// the output's left edge.
    case clockwise270 = 270

    /// The rotation of `degrees` clockwise: any multiple of 90, negative ones anticlockwise
    /// (`-90` is `.clockwise270`, `450` is `.clockwise90`); nil for other angles.
    public init?(degrees: Int) {
        guard degrees % 90 == 0 else { return nil }
        self.init(rawValue: ((degrees % 360) + 360) % 360)
    }

    /// Whether width and height trade places (a quarter or three quarter turn).
    public var swapsAxes: Bool { self == .clockwise90 || self == .clockwise270 }

    /// The size of the picture for an output of `outputSize` (and the output's size for a
    /// picture of that size: the map is its own inverse).
    public func logicalSize(forOutputSize outputSize: CGSize) -> CGSize {
        swapsAxes ? CGSize(width: outputSize.height, height: outputSize.width) : outputSize
    }

    /// Where a point of a picture of `logicalSize` lands on the output (continuous
    /// coordinates: a pixel's area maps onto a pixel's area). With a size of 1x1 it maps
    /// normalised positions, (0, 0) top left to (1, 1) bottom right.
    public func outputPoint(fromLogical point: CGPoint, logicalSize size: CGSize) -> CGPoint {
        switch self {
        case .upright: point
        case .clockwise90: CGPoint(x: size.height - point.y, y: point.x)
        case .clockwise180: CGPoint(x: size.width - point.x, y: size.height - point.y)
        case .clockwise270: CGPoint(x: point.y, y: size.width - point.x)
        }
    }

    /// The inverse of `outputPoint(fromLogical:logicalSize:)`: the point of a picture of
    /// `logicalSize` shown at `point` of the output.
    public func logicalPoint(fromOutput point: CGPoint, logicalSize size: CGSize) -> CGPoint {
        switch self {
        case .upright: point
        case .clockwise90: CGPoint(x: point.y, y: size.height - point.x)
        case .clockwise180: CGPoint(x: size.width - point.x, y: size.height - point.y)
        case .clockwise270: CGPoint(x: size.width - point.y, y: point.x)
        }
    }

    /// The pixels of the output that show `rect` of a picture `logicalWidth` x
    /// `logicalHeight` pixels.
    public func outputRect(_ rect: PixelRect, logicalWidth width: Int, logicalHeight height: Int) -> PixelRect {
        switch self {
        case .upright:
            rect
        case .clockwise90:
            PixelRect(x: height - rect.maxY, y: rect.x, width: rect.height, height: rect.width)
        case .clockwise180:
            PixelRect(x: width - rect.maxX, y: height - rect.maxY, width: rect.width, height: rect.height)
        case .clockwise270:
            PixelRect(x: rect.y, y: width - rect.maxX, width: rect.height, height: rect.width)
        }
    }

    /// The output pixels that show `region` of a picture `logicalWidth` x `logicalHeight`
    /// pixels: damage in the picture, as a display must be told it.
    public func outputRegion(_ region: Region, logicalWidth width: Int, logicalHeight height: Int) -> Region {
        guard self != .upright else { return region }
        return Region(region.rects.map { outputRect($0, logicalWidth: width, logicalHeight: height) })
    }

    /// The map from a picture's pixel coordinates to the output's (what `outputPoint` does,
    /// as a matrix for drawing).
    public func outputTransform(logicalWidth width: Int, logicalHeight height: Int) -> ProjectiveTransform {
        let w = Double(width)
        let h = Double(height)
        return switch self {
        case .upright: .identity
        case .clockwise90: ProjectiveTransform(m11: 0, m12: 1, m13: 0, m21: -1, m22: 0, m23: 0, m31: h, m32: 0, m33: 1)
        case .clockwise180:
            ProjectiveTransform(m11: -1, m12: 0, m13: 0, m21: 0, m22: -1, m23: 0, m31: w, m32: h, m33: 1)
        case .clockwise270:
            ProjectiveTransform(m11: 0, m12: -1, m13: 0, m21: 1, m22: 0, m23: 0, m31: 0, m32: w, m33: 1)
        }
    }

    /// `90°`.
    public var description: String { "\(rawValue)°" }
}
