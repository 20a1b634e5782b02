/// Why a `LIBINPUT_CALIBRATION_MATRIX` string is not a calibration matrix (libinput ignores
/// such a property and keeps the identity; Vitrine reports it).
public enum CalibrationMatrixError: Error, Hashable, Sendable {
    /// The text has this many values instead of six.
    case wrongValueCount(Int)
    /// This value is not a finite number.
    case notANumber(String)
}

extension CalibrationMatrixError: CustomStringConvertible {
    /// A sentence saying what is wrong with the text.
    public var description: String {
        switch self {
        case .wrongValueCount(let count):
            "a calibration matrix has 6 values (a b c d e f), this one has \(count)"
        case .notANumber(let value):
            "the calibration matrix value \"\(value)\" is not a finite number"
        }
    }
}
