import Foundation
import VitrineGraphics

/// A layer that draws a path, as Core Animation's `CAShapeLayer`: `path` filled with
/// `fillColor` (by `fillRule`), then stroked with `strokeColor` and the line attributes,
/// between `strokeStart` and `strokeEnd` (fractions of the path's length).
///
/// Drawn as Core Animation draws it: above the background, below the sublayers; the path is in
/// the layer's coordinates and may reach outside its bounds (clipped only by `masksToBounds`).
/// The shape is rasterised with cairo at the pixels it covers on screen (the compositor's scale
/// and the layer's transform) and kept until a property, or the value an animation shows, changes.
///
/// Animatable (implicitly on a standalone layer, and with `CABasicAnimation` /
/// `CAKeyframeAnimation` on the key paths): `path` (between paths of the same elements),
/// `strokeStart`, `strokeEnd`, `lineWidth`, `miterLimit`, `lineDashPhase`, `fillColor`,
/// `strokeColor`. Deviations: shape content
/// farther than 2,048 points outside the bounds is not drawn, and a shape wider than 4,096
/// pixels is drawn at a lower resolution, so that an enormous path never costs seconds.
@preconcurrency @MainActor
open class CAShapeLayer: CALayer {
    /// The shape, in the layer's coordinates, as `path` (default nil). Kept as an immutable
    /// copy, as Core Animation copies it. Animatable between paths with the same elements
    /// (point by point, as Core Animation); between others the animation shows nothing of its
    /// own.
    open var path: CGPath? {
        get { storedPath }
        set {
            let copy = newValue?.copy()
            guard copy != storedPath else { return }
            willChangeAnimatableProperty("path")
            storedPath = copy
            layerDidChange()
            didChangeAnimatableProperty("path")
        }
    }
    private var storedPath: CGPath?

    /// The colour the inside is filled with, as `fillColor` (default opaque black; nil: no fill).
    open var fillColor: CGColor? = .black {
        willSet { if newValue != fillColor { willChangeAnimatableProperty("fillColor") } }
        didSet { animatablePropertyDidChange(fillColor != oldValue, "fillColor") }
    }

    /// The rule that decides what is inside, as `fillRule` (default `.nonZero`).
    open var fillRule: CAShapeLayerFillRule = .nonZero {
        didSet { if fillRule != oldValue { layerDidChange() } }
    }

    /// The stroke's colour, as `strokeColor` (default nil: no stroke).
    open var strokeColor: CGColor? {
        willSet { if newValue != strokeColor { willChangeAnimatableProperty("strokeColor") } }
        didSet { animatablePropertyDidChange(strokeColor != oldValue, "strokeColor") }
    }

    /// Where along the path's length the stroke begins, 0...1, as `strokeStart` (default 0).
    open var strokeStart: CGFloat = 0 {
        willSet { if newValue != strokeStart { willChangeAnimatableProperty("strokeStart") } }
        didSet { animatablePropertyDidChange(strokeStart != oldValue, "strokeStart") }
    }

    /// Where along the path's length the stroke ends, 0...1, as `strokeEnd` (default 1).
    open var strokeEnd: CGFloat = 1 {
        willSet { if newValue != strokeEnd { willChangeAnimatableProperty("strokeEnd") } }
        didSet { animatablePropertyDidChange(strokeEnd != oldValue, "strokeEnd") }
    }

    /// The stroke's width, as `lineWidth` (default 1; 0, negative or not finite: no stroke).
    open var lineWidth: CGFloat = 1 {
        willSet { if newValue != lineWidth { willChangeAnimatableProperty("lineWidth") } }
        didSet { animatablePropertyDidChange(lineWidth != oldValue, "lineWidth") }
    }

    /// The longest a miter join may be, in line widths, as `miterLimit` (default 10).
    open var miterLimit: CGFloat = 10 {
        willSet { if newValue != miterLimit { willChangeAnimatableProperty("miterLimit") } }
        didSet { animatablePropertyDidChange(miterLimit != oldValue, "miterLimit") }
    }

    /// How the stroke's ends are drawn, as `lineCap` (default `.butt`).
    open var lineCap: CAShapeLayerLineCap = .butt {
        didSet { if lineCap != oldValue { layerDidChange() } }
    }

    /// How the stroke's corners are drawn, as `lineJoin` (default `.miter`).
    open var lineJoin: CAShapeLayerLineJoin = .miter {
        didSet { if lineJoin != oldValue { layerDidChange() } }
    }

    /// Lengths of painted and unpainted parts of the stroke, alternating, as
    /// `lineDashPattern` (default nil: a solid line). Negative or non-finite lengths, or all
    /// zero, give a solid line.
    open var lineDashPattern: [NSNumber]? {
        didSet { if lineDashPattern != oldValue { layerDidChange() } }
    }

    /// How far into the dash pattern the stroke begins, as `lineDashPhase` (default 0).
    open var lineDashPhase: CGFloat = 0 {
        willSet { if newValue != lineDashPhase { willChangeAnimatableProperty("lineDashPhase") } }
        didSet { animatablePropertyDidChange(lineDashPhase != oldValue, "lineDashPhase") }
    }

    // MARK: Drawing

    /// What the shape was drawn from.
    private struct Shape: Equatable {
        var path: CGPath?
        var fillColor: CGColor?
        var fillRule: CAShapeLayerFillRule
        var strokeColor: CGColor?
        var strokeStart: CGFloat
        var strokeEnd: CGFloat
        var lineWidth: CGFloat
        var miterLimit: CGFloat
        var lineCap: CAShapeLayerLineCap
        var lineJoin: CAShapeLayerLineJoin
        var dashes: [CGFloat]
        var dashPhase: CGFloat
        var bounds: CGRect
        var pixelsPerPoint: CGFloat
    }
    private var generated = GeneratedContentsCache<Shape>()

    override func generatedContents(pixelsPerPoint: CGFloat) -> GeneratedContents? {
        var drawnPath = path
        if case .path(let animated)? = renderExtra("path") { drawnPath = animated }
        let shape = Shape(
            path: drawnPath, fillColor: renderExtraColor("fillColor", model: fillColor), fillRule: fillRule,
            strokeColor: renderExtraColor("strokeColor", model: strokeColor),
            strokeStart: renderExtraScalar("strokeStart", model: strokeStart),
            strokeEnd: renderExtraScalar("strokeEnd", model: strokeEnd),
            lineWidth: renderExtraScalar("lineWidth", model: lineWidth),
            miterLimit: renderExtraScalar("miterLimit", model: miterLimit), lineCap: lineCap, lineJoin: lineJoin,
            dashes: (lineDashPattern ?? []).map { CGFloat($0.doubleValue) },
            dashPhase: renderExtraScalar("lineDashPhase", model: lineDashPhase), bounds: renderBounds,
            pixelsPerPoint: pixelsPerPoint)
        return generated.contents(for: shape) { Self.draw(shape) }
    }

    private static func draw(_ shape: Shape) -> GeneratedContents? {
        guard let path = shape.path, !path.isEmpty else { return nil }
        let box = path.boundingBoxOfPath
        guard !box.isNull, box.minX.isFinite, box.minY.isFinite, box.width.isFinite, box.height.isFinite else {
            return nil
        }
        let fills = (shape.fillColor?.alpha ?? 0) > 0
        let width = shape.lineWidth
        let strokes =
            (shape.strokeColor?.alpha ?? 0) > 0 && width.isFinite && width > 0
            && shape.strokeEnd.isFinite && shape.strokeStart.isFinite
            && min(1, shape.strokeEnd) > max(0, shape.strokeStart)
        guard fills || strokes else { return nil }
        var reach: CGFloat = 1
        if strokes {
            let miter = shape.lineJoin == .miter && shape.miterLimit.isFinite ? max(1, shape.miterLimit) : 1
            reach += width / 2 * max(miter, shape.lineCap == .square ? 1.5 : 1)
        }
        // Content far outside the bounds is not drawn (see the type's documentation).
        let limit = shape.bounds.insetBy(dx: -2048, dy: -2048)
        let rect = box.insetBy(dx: -reach, dy: -reach).intersection(limit)
        guard !rect.isNull, !rect.isEmpty else { return nil }
        return GeneratedContents.rasterize(rect, pixelsPerPoint: shape.pixelsPerPoint) { context in
            if fills, let color = shape.fillColor {
                context.addPath(path)
                context.setFillColor(color)
                context.fillPath(using: shape.fillRule == .evenOdd ? .evenOdd : .winding)
            }
            if strokes, let color = shape.strokeColor {
                let trimmed =
                    shape.strokeStart <= 0 && shape.strokeEnd >= 1
                    ? path : path.trimmedPath(from: shape.strokeStart, to: shape.strokeEnd)
                guard !trimmed.isEmpty else { return }
                context.addPath(trimmed)
                context.setStrokeColor(color)
                context.setLineWidth(width)
                context.setLineCap(shape.lineCap == .round ? .round : shape.lineCap == .square ? .square : .butt)
                context.setLineJoin(shape.lineJoin == .round ? .round : shape.lineJoin == .bevel ? .bevel : .miter)
                if shape.miterLimit.isFinite, shape.miterLimit > 0 { context.setMiterLimit(shape.miterLimit) }
                let dashes = shape.dashes
                if !dashes.isEmpty, dashes.allSatisfy({ $0.isFinite && $0 >= 0 }), dashes.contains(where: { $0 > 0 }) {
                    context.setLineDash(phase: shape.dashPhase.isFinite ? shape.dashPhase : 0, lengths: dashes)
                }
                context.strokePath()
            }
        }
    }

    // MARK: Animation and copies

    override func extraAnimatableValues() -> [String: AnimationValue] {
        var values: [String: AnimationValue] = [
            "strokeStart": .scalar(Double(strokeStart)), "strokeEnd": .scalar(Double(strokeEnd)),
            "lineWidth": .scalar(Double(lineWidth)), "miterLimit": .scalar(Double(miterLimit)),
            "lineDashPhase": .scalar(Double(lineDashPhase)), "fillColor": .color(fillColor ?? .clear),
            "strokeColor": .color(strokeColor ?? .clear),
        ]
        if let path { values["path"] = .path(path) }
        return values
    }

    override func setExtraAnimatableValue(_ value: AnimationValue, forKey key: String) {
        switch (key, value) {
        case ("path", .path(let p)): path = p
        case ("strokeStart", .scalar(let v)): strokeStart = CGFloat(v)
        case ("strokeEnd", .scalar(let v)): strokeEnd = CGFloat(v)
        case ("lineWidth", .scalar(let v)): lineWidth = CGFloat(v)
        case ("miterLimit", .scalar(let v)): miterLimit = CGFloat(v)
        case ("lineDashPhase", .scalar(let v)): lineDashPhase = CGFloat(v)
        case ("fillColor", .color(let c)): fillColor = c
        case ("strokeColor", .color(let c)): strokeColor = c
        default: break
        }
    }

    override func copyProperties(from other: CALayer) {
        super.copyProperties(from: other)
        guard let other = other as? CAShapeLayer else { return }
        path = other.path
        fillColor = other.fillColor
        fillRule = other.fillRule
        strokeColor = other.strokeColor
        strokeStart = other.strokeStart
        strokeEnd = other.strokeEnd
        lineWidth = other.lineWidth
        miterLimit = other.miterLimit
        lineCap = other.lineCap
        lineJoin = other.lineJoin
        lineDashPattern = other.lineDashPattern
        lineDashPhase = other.lineDashPhase
    }
}
