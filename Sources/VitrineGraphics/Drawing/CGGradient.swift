import Foundation

/// A colour ramp, as CoreGraphics' `CGGradient`: colours at locations in 0...1 that
/// `CGContext.drawLinearGradient` and `drawRadialGradient` interpolate (in sRGB, straight
/// alpha interpolated as CoreGraphics does for sRGB gradients).
///
/// Deviation: CoreGraphics makes one with `CGGradient(colorsSpace:colors:locations:)` from a
/// `CFArray`; Vitrine has no colour spaces and takes a Swift array
/// (`CGGradient(colors:locations:)`). Locations are sorted with their colours; nil or a count
/// other than the colours' spaces the colours evenly, as CoreGraphics does for nil. Non-finite
/// locations are dropped with their colour.
public final class CGGradient {
    /// The stops, sorted by location.
    public let stops: [(location: CGFloat, color: CGColor)]

    /// A gradient through `colors` at `locations`; nil when there is no colour.
    public init?(colors: [CGColor], locations: [CGFloat]?) {
        guard !colors.isEmpty else { return nil }
        var stops: [(location: CGFloat, color: CGColor)]
        if let locations, locations.count == colors.count {
            stops = zip(locations, colors).filter { $0.0.isFinite }.map { (location: $0.0, color: $0.1) }
        } else {
            let last = CGFloat(max(1, colors.count - 1))
            stops = colors.enumerated().map { (location: CGFloat($0.offset) / last, color: $0.element) }
        }
        guard !stops.isEmpty else { return nil }
        stops.sort { $0.location < $1.location }
        self.stops = stops
    }

    /// The colour at `location` (clamped to the first and last stops).
    public func color(at location: CGFloat) -> CGColor {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if !(location > first.location) { return first.color }
        if location >= last.location { return last.color }
        var index = 1
        while index < stops.count - 1, stops[index].location < location { index += 1 }
        let a = stops[index - 1]
        let b = stops[index]
        let span = b.location - a.location
        let t = span > 0 ? (location - a.location) / span : 1
        return CGColor(
            red: a.color.red + (b.color.red - a.color.red) * t,
            green: a.color.green + (b.color.green - a.color.green) * t,
            blue: a.color.blue + (b.color.blue - a.color.blue) * t,
            alpha: a.color.alpha + (b.color.alpha - a.color.alpha) * t)
    }
}

/// Whether a gradient also paints beyond its ends, as `CGGradientDrawingOptions`.
public struct CGGradientDrawingOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The first colour extends before the start, as `drawsBeforeStartLocation`.
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1 << 0)
    /// The last colour extends after the end, as `drawsAfterEndLocation`.
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 1 << 1)
}
