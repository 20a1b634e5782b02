import Foundation
import VitrineGraphics

/// A layer that fills its bounds with a gradient, as Core Animation's `CAGradientLayer`,
/// drawn above the background and below the sublayers.
///
/// `colors` are `CGColor`s (other elements are skipped); `locations` place them in 0...1
/// (nil: evenly spread). `startPoint` and `endPoint` are in unit coordinates of the bounds
/// ((0, 0) the top left on screen, as on iOS). Beyond the ends the first and last colours
/// extend. Colours are interpolated in sRGB with straight alpha.
///
/// - `.axial`: along the line from `startPoint` to `endPoint`.
/// - `.radial`: from `startPoint` outwards to the ellipse whose radii are `endPoint`'s distance
///   from it along x and y, as Core Animation draws it.
/// - `.conic`: around `startPoint`, clockwise on screen from the direction of `endPoint`.
///
/// All three are computed per pixel from a 1,024-entry colour table (Vitrine's choice: cairo
/// has no conic pattern, its radial ones are circles, not ellipses, and its linear one is
/// slower here than a row-by-row walk, which for a vertical or horizontal axis fills whole
/// rows with one colour or copies the first), at the pixels the layer covers on screen, and
/// kept until a property, or the value an animation shows, changes.
///
/// Animatable: `colors`, `locations`, `startPoint`, `endPoint`. Deviations: `colors` and
/// `locations` animate only between arrays of the same length (else the animation shows
/// nothing of its own, as a mistyped value does); when `locations` has a different count
/// than `colors` it is ignored and the colours are spread evenly (Core Animation leaves that
/// case undefined).
@preconcurrency @MainActor
open class CAGradientLayer: CALayer {
    /// The gradient's shape, as `type` (default `.axial`).
    open var type: CAGradientLayerType = .axial {
        didSet { if type != oldValue { layerDidChange() } }
    }

    /// The colours, as `colors` (`CGColor` elements; default nil: nothing drawn).
    open var colors: [Any]? {
        willSet { if !Self.sameColors(newValue, colors) { willChangeAnimatableProperty("colors") } }
        didSet {
            guard !Self.sameColors(colors, oldValue) else { return }
            layerDidChange()
            didChangeAnimatableProperty("colors")
        }
    }

    /// Where each colour sits, 0...1, as `locations` (default nil: evenly spread).
    open var locations: [NSNumber]? {
        willSet { if newValue != locations { willChangeAnimatableProperty("locations") } }
        didSet { animatablePropertyDidChange(locations != oldValue, "locations") }
    }

    /// Where the gradient starts, in unit coordinates of the bounds, as `startPoint`
    /// (default (0.5, 0)).
    open var startPoint = CGPoint(x: 0.5, y: 0) {
        willSet { if newValue != startPoint { willChangeAnimatableProperty("startPoint") } }
        didSet { animatablePropertyDidChange(startPoint != oldValue, "startPoint") }
    }

    /// Where the gradient ends, in unit coordinates of the bounds, as `endPoint`
    /// (default (0.5, 1)).
    open var endPoint = CGPoint(x: 0.5, y: 1) {
        willSet { if newValue != endPoint { willChangeAnimatableProperty("endPoint") } }
        didSet { animatablePropertyDidChange(endPoint != oldValue, "endPoint") }
    }

    private static func cgColors(_ colors: [Any]?) -> [CGColor] {
        (colors ?? []).compactMap { $0 as? CGColor }
    }

    private static func sameColors(_ a: [Any]?, _ b: [Any]?) -> Bool {
        (a == nil) == (b == nil) && cgColors(a) == cgColors(b) && (a?.count ?? 0) == (b?.count ?? 0)
    }

    // MARK: Drawing

    private struct Gradient: Equatable {
        var type: CAGradientLayerType
        var colors: [CGColor]
        var locations: [CGFloat]?
        var start: CGPoint
        var end: CGPoint
        var bounds: CGRect
        var pixelsPerPoint: CGFloat
    }
    private var generated = GeneratedContentsCache<Gradient>()

    override func generatedContents(pixelsPerPoint: CGFloat) -> GeneratedContents? {
        var colors = Self.cgColors(colors)
        if case .list(let items)? = renderExtra("colors") {
            colors = items.compactMap { if case .color(let c) = $0 { return c } else { return nil } }
        }
        var locations = self.locations.map { $0.map { CGFloat($0.doubleValue) } }
        if case .list(let items)? = renderExtra("locations") {
            locations = items.compactMap { if case .scalar(let v) = $0 { return CGFloat(v) } else { return nil } }
        }
        let gradient = Gradient(
            type: type, colors: colors, locations: locations,
            start: renderExtraPoint("startPoint", model: startPoint),
            end: renderExtraPoint("endPoint", model: endPoint),
            bounds: renderBounds, pixelsPerPoint: pixelsPerPoint)
        return generated.contents(for: gradient) { Self.draw(gradient) }
    }

    private static func draw(_ g: Gradient) -> GeneratedContents? {
        guard let ramp = CGGradient(colors: g.colors, locations: g.locations) else { return nil }
        let bounds = g.bounds
        guard bounds.width > 0, bounds.height > 0, g.start.x.isFinite, g.start.y.isFinite, g.end.x.isFinite,
            g.end.y.isFinite
        else { return nil }
        let table = (0..<1024).map { ramp.color(at: CGFloat($0) / 1023).argb32 }
        return GeneratedContents.rasterize(bounds, pixelsPerPoint: g.pixelsPerPoint) { context in
            let buffer = context.pixelBuffer
            context.flush()
            // Pixel centres to unit coordinates of the bounds.
            let ctm = context.ctm
            let sx = Double(ctm.a)
            let sy = Double(ctm.d)
            let ox = Double(ctm.tx)
            let oy = Double(ctm.ty)
            let w = Double(bounds.width)
            let h = Double(bounds.height)
            let s = (x: Double(g.start.x) * w, y: Double(g.start.y) * h)
            let e = (x: Double(g.end.x) * w, y: Double(g.end.y) * h)
            let d = (x: e.x - s.x, y: e.y - s.y)
            let length2 = d.x * d.x + d.y * d.y
            let rx = abs(d.x)
            let ry = abs(d.y)
            let angle0 = atan2(d.y, d.x)
            table.withUnsafeBufferPointer { colors in
                for py in 0..<buffer.height {
                    let y = (Double(py) + 0.5 - oy) / sy - Double(bounds.minY)
                    let row = buffer.baseAddress.advanced(by: py * buffer.stride).assumingMemoryBound(
                        to: UInt32.self)
                    @inline(__always) func put(_ px: Int, _ value: Double) {
                        let t = value.isNaN ? 0 : min(1, max(0, value))
                        row[px] = colors[Int(t * 1023 + 0.5)]
                    }
                    switch g.type {
                    case .radial:
                        let ny = ry > 0 ? (y - s.y) / ry : ((y - s.y) == 0 ? 0 : .infinity)
                        for px in 0..<buffer.width {
                            let x = (Double(px) + 0.5 - ox) / sx - Double(bounds.minX)
                            let nx = rx > 0 ? (x - s.x) / rx : ((x - s.x) == 0 ? 0 : .infinity)
                            put(px, (nx * nx + ny * ny).squareRoot())
                        }
                    case .conic:
                        for px in 0..<buffer.width {
                            let x = (Double(px) + 0.5 - ox) / sx - Double(bounds.minX)
                            var a = atan2(y - s.y, x - s.x) - angle0
                            a = a.truncatingRemainder(dividingBy: 2 * .pi)
                            if a < 0 { a += 2 * .pi }
                            put(px, a / (2 * .pi))
                        }
                    default:
                        // Axial: linear in x along a row (a start value and a step); a vertical
                        // axis makes each row one colour, a horizontal one the same row each time.
                        guard length2 > 0 else {
                            for px in 0..<buffer.width { put(px, 0) }
                            continue
                        }
                        if py > 0, d.y == 0 {
                            let first = buffer.baseAddress.assumingMemoryBound(to: UInt32.self)
                            row.update(from: first, count: buffer.width)
                            continue
                        }
                        let x0 = (0.5 - ox) / sx - Double(bounds.minX)
                        let start = ((x0 - s.x) * d.x + (y - s.y) * d.y) / length2
                        if d.x == 0 {
                            let t = start.isNaN ? 0 : min(1, max(0, start))
                            let color = colors[Int(t * 1023 + 0.5)]
                            for px in 0..<buffer.width { row[px] = color }
                            continue
                        }
                        let step = d.x / sx / length2
                        for px in 0..<buffer.width { put(px, start + Double(px) * step) }
                    }
                }
            }
            context.flush()
        }
    }

    // MARK: Animation and copies

    override func extraAnimatableValues() -> [String: AnimationValue] {
        var values: [String: AnimationValue] = [
            "startPoint": .point(startPoint), "endPoint": .point(endPoint),
            "colors": .list(Self.cgColors(colors).map { .color($0) }),
        ]
        if let locations { values["locations"] = .list(locations.map { .scalar($0.doubleValue) }) }
        return values
    }

    override func setExtraAnimatableValue(_ value: AnimationValue, forKey key: String) {
        switch (key, value) {
        case ("startPoint", .point(let p)): startPoint = p
        case ("endPoint", .point(let p)): endPoint = p
        case ("colors", .list(let items)):
            colors = items.compactMap { if case .color(let c) = $0 { return c } else { return nil } }
        case ("locations", .list(let items)):
            locations = items.compactMap {
                if case .scalar(let v) = $0 { return NSNumber(value: v) } else { return nil }
            }
        default: break
        }
    }

    override func copyProperties(from other: CALayer) {
        super.copyProperties(from: other)
        guard let other = other as? CAGradientLayer else { return }
        type = other.type
        colors = other.colors
        locations = other.locations
        startPoint = other.startPoint
        endPoint = other.endPoint
    }
}
