/// A touch calibration matrix in libinput's convention (`libinput_device_config_calibration_set_matrix`,
/// and the `LIBINPUT_CALIBRATION_MATRIX` udev property): the top two rows of a 3x3 affine matrix
///
///     [ a b c ]   [ x ]
///     [ d e f ] * [ y ]
///     [ 0 0 1 ]   [ 1 ]
///
/// applied to *normalised* device coordinates (0...1 across the device's width and height), so
/// the translation terms `c` and `f` are fractions of the device, not pixels.
public struct CalibrationMatrix: Hashable, Sendable, CustomStringConvertible {
    /// The six values `a b c d e f`, row by row, as libinput's `float matrix[6]` holds them.
    public var values: [Float]

    /// The identity: points are left where the device reports them (libinput's default).
    public static let identity = CalibrationMatrix(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0)

    /// The matrix with the given six values.
    public init(a: Float, b: Float, c: Float, d: Float, e: Float, f: Float) {
        values = [a, b, c, d, e, f]
    }

    /// Parses the udev property's text, six numbers separated by spaces or tabs ("1 0 0 0 1 0"),
    /// as libinput's `parse_calibration_property()` reads `LIBINPUT_CALIBRATION_MATRIX`.
    /// Throws `CalibrationMatrixError` for a count other than six or a value that is not a
    /// finite number.
    public init(parsing text: String) throws(CalibrationMatrixError) {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        guard fields.count == 6 else { throw .wrongValueCount(fields.count) }
        var parsed: [Float] = []
        for field in fields {
            guard let value = Float(field), value.isFinite else { throw .notANumber(String(field)) }
            parsed.append(value)
        }
        values = parsed
    }

    /// Where the normalised point (`x`, `y`) goes: `(a*x + b*y + c, d*x + e*y + f)`.
    public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        let m = values.map(Double.init)
        return (m[0] * x + m[1] * y + m[2], m[3] * x + m[4] * y + m[5])
    }

    /// The matrix that applies `other` first and then this one (matrix product `self * other`).
    public func concatenating(_ other: CalibrationMatrix) -> CalibrationMatrix {
        let l = values
        let r = other.values
        return CalibrationMatrix(
            a: l[0] * r[0] + l[1] * r[3], b: l[0] * r[1] + l[1] * r[4], c: l[0] * r[2] + l[1] * r[5] + l[2],
            d: l[3] * r[0] + l[4] * r[3], e: l[3] * r[1] + l[4] * r[4], f: l[3] * r[2] + l[4] * r[5] + l[5])
    }

    /// The matrix in `text` (from the configuration or udev) for device `device`; when `text`
    /// is not a matrix, `log` is told why, naming the device and the text, and the device
    /// keeps the default (the identity, as libinput does with a bad udev property).
    public static func parsing(
        _ text: String, forDevice device: String, log: (String) -> Void
    ) -> CalibrationMatrix {
        do {
            return try CalibrationMatrix(parsing: text)
        } catch {
            log("\(device): calibration matrix \"\(text)\" ignored: \(error); using the identity")
            return .identity
        }
    }

    /// The matrix that turns touches by `rotation` clockwise, libinput's documented matrices
    /// for a panel mounted rotated: 90° is `0 -1 1 1 0 0`, 180° is `-1 0 1 0 -1 1`,
    /// 270° is `0 1 0 -1 0 1`.
    public init(rotation: Rotation) {
        switch rotation {
        case .upright: self = .identity
        case .clockwise90: self.init(a: 0, b: -1, c: 1, d: 1, e: 0, f: 0)
        case .clockwise180: self.init(a: -1, b: 0, c: 1, d: 0, e: -1, f: 1)
        case .clockwise270: self.init(a: 0, b: 1, c: 0, d: -1, e: 0, f: 1)
        }
    }

    /// A quarter-turn rotation of a panel, clockwise: the same turns a screen is given
    /// (`DisplayRotation`), as libinput's calibration documentation and the kernel's
    /// `panel_orientation` list them.
    public typealias Rotation = DisplayRotation

    /// The six values as the udev property writes them: "1 0 0 0 1 0".
    public var description: String {
        values.map { $0 == $0.rounded() && abs($0) < 1e7 ? String(Int($0)) : String($0) }.joined(separator: " ")
    }
}
