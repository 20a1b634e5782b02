import Foundation
import VitrineGraphics

/// A parsed animatable key path of `CALayer`: the property it belongs to, the kind of value,
/// and how to read and write it in a set of render values.
///
/// Recognised: `position`, `position.x`, `position.y`, `bounds`, `bounds.origin`,
/// `bounds.origin.x/.y`, `bounds.size`, `bounds.size.width/.height`, `zPosition`,
/// `anchorPoint`, `anchorPoint.x/.y`, `opacity`, `backgroundColor`, `borderColor`,
/// `borderWidth`, `cornerRadius`, `contentsRect`, `contentsCenter`, `transform` and
/// `sublayerTransform` with their sub-key paths (see `TransformInterpolation`), the shadow's
/// `shadowColor`, `shadowOpacity`, `shadowOffset`, `shadowRadius`, and the subclasses'
/// properties in `extraKinds` (`strokeEnd`, `colors`, ...).
struct AnimatableKeyPath: Equatable {
    enum Field: Equatable {
        case whole
        case x, y, width, height
        case origin, size, originX, originY
        case scale, scaleX, scaleY, scaleZ, rotationZ, translation, translationX, translationY, translationZ
    }

    let key: String
    let property: AnimatedProperties
    let field: Field
    let kind: AnimationValueKind

    init?(_ path: String) {
        let parts = path.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard !parts.isEmpty else { return nil }
        let head = parts[0]
        let rest = parts.count > 1 ? parts[1] : nil
        key = path
        switch head {
        case "position", "anchorPoint":
            property = head == "position" ? .position : .anchorPoint
            switch rest {
            case nil: (field, kind) = (.whole, .point)
            case "x": (field, kind) = (.x, .scalar)
            case "y": (field, kind) = (.y, .scalar)
            default: return nil
            }
        case "bounds":
            property = .bounds
            switch rest {
            case nil: (field, kind) = (.whole, .rect)
            case "origin": (field, kind) = (.origin, .point)
            case "origin.x": (field, kind) = (.originX, .scalar)
            case "origin.y": (field, kind) = (.originY, .scalar)
            case "size": (field, kind) = (.size, .size)
            case "size.width": (field, kind) = (.width, .scalar)
            case "size.height": (field, kind) = (.height, .scalar)
            default: return nil
            }
        case "transform", "sublayerTransform":
            property = head == "transform" ? .transform : .sublayerTransform
            switch rest {
            case nil: (field, kind) = (.whole, .transform)
            case "scale": (field, kind) = (.scale, .scalar)
            case "scale.x": (field, kind) = (.scaleX, .scalar)
            case "scale.y": (field, kind) = (.scaleY, .scalar)
            case "scale.z": (field, kind) = (.scaleZ, .scalar)
            case "rotation", "rotation.z": (field, kind) = (.rotationZ, .scalar)
            case "translation": (field, kind) = (.translation, .size)
            case "translation.x": (field, kind) = (.translationX, .scalar)
            case "translation.y": (field, kind) = (.translationY, .scalar)
            case "translation.z": (field, kind) = (.translationZ, .scalar)
            default: return nil
            }
        default:
            guard rest == nil else { return nil }
            field = .whole
            switch head {
            case "zPosition": (property, kind) = (.zPosition, .scalar)
            case "opacity": (property, kind) = (.opacity, .scalar)
            case "backgroundColor": (property, kind) = (.backgroundColor, .color)
            case "borderColor": (property, kind) = (.borderColor, .color)
            case "borderWidth": (property, kind) = (.borderWidth, .scalar)
            case "cornerRadius": (property, kind) = (.cornerRadius, .scalar)
            case "contentsRect": (property, kind) = (.contentsRect, .rect)
            case "contentsCenter": (property, kind) = (.contentsCenter, .rect)
            case "shadowColor": (property, kind) = (.shadowColor, .color)
            case "shadowOpacity": (property, kind) = (.shadowOpacity, .scalar)
            case "shadowOffset": (property, kind) = (.shadowOffset, .size)
            case "shadowRadius": (property, kind) = (.shadowRadius, .scalar)
            case "shadowPath": (property, kind) = (.shadowPath, .path)
            default:
                guard let extraKind = Self.extraKinds[head] else { return nil }
                (property, kind) = (.extra, extraKind)
            }
        }
    }

    /// The animatable properties of `CALayer` subclasses and their kinds of value.
    static let extraKinds: [String: AnimationValueKind] = [
        // CAShapeLayer
        "path": .path, "strokeStart": .scalar, "strokeEnd": .scalar, "lineWidth": .scalar, "miterLimit": .scalar,
        "lineDashPhase": .scalar, "fillColor": .color, "strokeColor": .color,
        // CAGradientLayer
        "colors": .colorList, "locations": .scalarList, "startPoint": .point, "endPoint": .point,
        // CATextLayer
        "fontSize": .scalar, "foregroundColor": .color,
        // CAReplicatorLayer
        "instanceDelay": .scalar, "instanceTransform": .transform, "instanceColor": .color,
        "instanceRedOffset": .scalar, "instanceGreenOffset": .scalar, "instanceBlueOffset": .scalar,
        "instanceAlphaOffset": .scalar,
    ]

    /// The value of a kind a subclass property lacks (a plain layer animated on its key).
    private static func neutral(_ kind: AnimationValueKind) -> AnimationValue {
        switch kind {
        case .scalar: .scalar(0)
        case .point: .point(.zero)
        case .size: .size(.zero)
        case .rect: .rect(.zero)
        case .transform: .transform(CATransform3DIdentity)
        case .color: .color(.clear)
        case .colorList, .scalarList: .list([])
        case .path: .path(CGMutablePath())
        }
    }

    func read(_ v: LayerRenderValues) -> AnimationValue {
        switch property {
        case .position, .anchorPoint:
            let p = property == .position ? v.position : v.anchorPoint
            switch field {
            case .x: return .scalar(p.x)
            case .y: return .scalar(p.y)
            default: return .point(p)
            }
        case .bounds:
            switch field {
            case .origin: return .point(v.bounds.origin)
            case .originX: return .scalar(v.bounds.origin.x)
            case .originY: return .scalar(v.bounds.origin.y)
            case .size: return .size(v.bounds.size)
            case .width: return .scalar(v.bounds.size.width)
            case .height: return .scalar(v.bounds.size.height)
            default: return .rect(v.bounds)
            }
        case .transform, .sublayerTransform:
            let m = property == .transform ? v.transform : v.sublayerTransform
            if field == .whole { return .transform(m) }
            let c = TransformInterpolation.decompose(m)
            switch field {
            case .scale: return .scalar((c.sx + c.sy) / 2)
            case .scaleX: return .scalar(c.sx)
            case .scaleY: return .scalar(c.sy)
            case .scaleZ: return .scalar(c.sz)
            case .rotationZ: return .scalar(c.angle)
            case .translation: return .size(CGSize(width: c.tx, height: c.ty))
            case .translationX: return .scalar(c.tx)
            case .translationY: return .scalar(c.ty)
            default: return .scalar(c.tz)
            }
        case .zPosition: return .scalar(v.zPosition)
        case .opacity: return .scalar(Double(v.opacity))
        case .backgroundColor: return .color(v.backgroundColor ?? .clear)
        case .borderColor: return .color(v.borderColor ?? .clear)
        case .borderWidth: return .scalar(v.borderWidth)
        case .cornerRadius: return .scalar(v.cornerRadius)
        case .contentsRect: return .rect(v.contentsRect)
        case .shadowColor: return .color(v.shadowColor ?? .clear)
        case .shadowOpacity: return .scalar(Double(v.shadowOpacity))
        case .shadowOffset: return .size(v.shadowOffset)
        case .shadowRadius: return .scalar(v.shadowRadius)
        case .shadowPath: return .path(v.shadowPath ?? CGMutablePath())
        case .extra: return v.extra[key] ?? Self.neutral(kind)
        default: return .rect(v.contentsCenter)
        }
    }

    func write(_ value: AnimationValue, into v: inout LayerRenderValues) {
        switch (property, value) {
        case (.position, .point(let p)): v.position = p
        case (.position, .scalar(let s)): if field == .x { v.position.x = s } else { v.position.y = s }
        case (.anchorPoint, .point(let p)): v.anchorPoint = p
        case (.anchorPoint, .scalar(let s)): if field == .x { v.anchorPoint.x = s } else { v.anchorPoint.y = s }
        case (.bounds, .rect(let r)): v.bounds = r
        case (.bounds, .point(let p)): v.bounds.origin = p
        case (.bounds, .size(let s)): v.bounds.size = s
        case (.bounds, .scalar(let s)):
            switch field {
            case .originX: v.bounds.origin.x = s
            case .originY: v.bounds.origin.y = s
            case .width: v.bounds.size.width = s
            default: v.bounds.size.height = s
            }
        case (.transform, _): v.transform = Self.write(value, field: field, into: v.transform)
        case (.sublayerTransform, _): v.sublayerTransform = Self.write(value, field: field, into: v.sublayerTransform)
        case (.zPosition, .scalar(let s)): v.zPosition = s
        case (.opacity, .scalar(let s)): v.opacity = Float(s)
        case (.backgroundColor, .color(let c)): v.backgroundColor = c
        case (.borderColor, .color(let c)): v.borderColor = c
        case (.borderWidth, .scalar(let s)): v.borderWidth = s
        case (.cornerRadius, .scalar(let s)): v.cornerRadius = s
        case (.contentsRect, .rect(let r)): v.contentsRect = r
        case (.contentsCenter, .rect(let r)): v.contentsCenter = r
        case (.shadowColor, .color(let c)): v.shadowColor = c
        case (.shadowOpacity, .scalar(let s)): v.shadowOpacity = Float(s)
        case (.shadowOffset, .size(let s)): v.shadowOffset = s
        case (.shadowRadius, .scalar(let s)): v.shadowRadius = s
        case (.shadowPath, .path(let p)): v.shadowPath = p
        case (.extra, _):
            v.extra[key] = value
            v.animatedExtraKeys.insert(key)
        default: break
        }
    }

    private static func write(_ value: AnimationValue, field: Field, into m: CATransform3D) -> CATransform3D {
        if field == .whole, case .transform(let t) = value { return t }
        var c = TransformInterpolation.decompose(m)
        switch (field, value) {
        case (.scale, .scalar(let s)):
            c.sx = s
            c.sy = s
            c.sz = s
        case (.scaleX, .scalar(let s)): c.sx = s
        case (.scaleY, .scalar(let s)): c.sy = s
        case (.scaleZ, .scalar(let s)): c.sz = s
        case (.rotationZ, .scalar(let s)): c.angle = s
        case (.translation, .size(let s)):
            c.tx = s.width
            c.ty = s.height
        case (.translationX, .scalar(let s)): c.tx = s
        case (.translationY, .scalar(let s)): c.ty = s
        case (.translationZ, .scalar(let s)): c.tz = s
        default: return m
        }
        return TransformInterpolation.compose(c, over: m)
    }
}
