import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Core Graphics' boxing of geometry in `NSValue`, as UIKit's `NSValue(cgRect:)`,
/// `cgRectValue` and their siblings, so that iOS code that boxes values for notifications and
/// animations (`animation.fromValue = NSValue(cgPoint: p)`) compiles and works unchanged.
///
/// Points, sizes and rectangles are Foundation's own geometry values (`NSValue(rect:)`, whose
/// type encoding is Apple's). Corelibs Foundation cannot box other structures by their type
/// encoding, so transforms and insets are boxed as arrays of doubles (`[6d]` for a
/// `CGAffineTransform`, `[16d]` for a `CATransform3D`, `[4d]` for insets): a Vitrine difference
/// in `objCType` only. A getter asked for another kind than the value holds returns the zero
/// value (`.zero`, or the identity for transforms) rather than reading past it.
extension NSValue {
    /// A value holding `rect`, as `init(cgRect:)`.
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
    /// A value holding `point`, as `init(cgPoint:)`.
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    /// A value holding `size`, as `init(cgSize:)`.
    public convenience init(cgSize size: CGSize) { self.init(size: size) }

    /// A value holding `transform`, as `init(cgAffineTransform:)`.
    public convenience init(cgAffineTransform transform: CGAffineTransform) {
        self.init(packing: [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty])
    }

    /// The rectangle held, as `cgRectValue`.
    public var cgRectValue: CGRect { heldRect ?? .zero }
    /// The point held, as `cgPointValue`.
    public var cgPointValue: CGPoint { heldPoint ?? .zero }
    /// The size held, as `cgSizeValue`.
    public var cgSizeValue: CGSize { heldSize ?? .zero }
    /// The transform held, as `cgAffineTransformValue`.
    public var cgAffineTransformValue: CGAffineTransform { heldAffineTransform ?? .identity }

    /// The rectangle held; nil when the value holds something else.
    package var heldRect: CGRect? { typeEncoding == GeometryEncodings.rect ? rectValue : nil }
    /// The point held; nil when the value holds something else.
    package var heldPoint: CGPoint? { typeEncoding == GeometryEncodings.point ? pointValue : nil }
    /// The size held; nil when the value holds something else.
    package var heldSize: CGSize? { typeEncoding == GeometryEncodings.size ? sizeValue : nil }
    /// The affine transform held; nil when the value holds something else.
    package var heldAffineTransform: CGAffineTransform? {
        guard let v = unpackedDoubles(count: 6) else { return nil }
        return CGAffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
    }

    /// A value holding `doubles` as an array (`[Nd]`): how structures of doubles are boxed.
    package convenience init(packing doubles: [Double]) {
        var values = doubles
        self.init(bytes: &values, objCType: "[\(values.count)d]")
    }

    /// The `count` doubles held, when the value is an array of exactly that many.
    package func unpackedDoubles(count: Int) -> [Double]? {
        guard typeEncoding == "[\(count)d]" else { return nil }
        var values = [Double](repeating: 0, count: count)
        values.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return values
    }

    /// `objCType` as a string, without the leak: corelibs Foundation's `objCType` getters
    /// allocate the C string anew at every call and never free it (LeakSanitizer found 32
    /// bytes lost per keyboard notification read). The copy is freed here when the class hands
    /// out fresh copies, which is checked once per class by asking twice.
    fileprivate var typeEncoding: String {
        let pointer = objCType
        let encoding = String(cString: pointer)
        if Self.handsOutFreshCopies(type(of: self)) { free(UnsafeMutableRawPointer(mutating: pointer)) }
        return encoding
    }

    /// Whether instances of `valueClass` return a new allocation from each `objCType` call.
    private static func handsOutFreshCopies(_ valueClass: NSValue.Type) -> Bool {
        if valueClass == FreshCopies.special.valueClass { return FreshCopies.special.isFresh }
        if valueClass == FreshCopies.concrete.valueClass { return FreshCopies.concrete.isFresh }
        return false  // another class: its string is not ours to free
    }
}

/// Foundation's type encodings of its geometry values, read once rather than at every unboxing.
private enum GeometryEncodings {
    static let rect = NSValue(rect: .zero).typeEncoding
    static let point = NSValue(point: .zero).typeEncoding
    static let size = NSValue(size: .zero).typeEncoding
}

/// What `objCType` does for the two classes corelibs Foundation makes NSValues of.
private enum FreshCopies {
    static let special = probe(NSValue(point: .zero))
    static let concrete = probe(NSValue(packing: [0]))

    private static func probe(_ sample: NSValue) -> (valueClass: NSValue.Type, isFresh: Bool) {
        let first = sample.objCType
        let second = sample.objCType
        // Two live allocations differ; a string the value keeps is the same both times.
        let isFresh = first != second
        if isFresh {
            free(UnsafeMutableRawPointer(mutating: first))
            free(UnsafeMutableRawPointer(mutating: second))
        }
        return (type(of: sample), isFresh)
    }
}
