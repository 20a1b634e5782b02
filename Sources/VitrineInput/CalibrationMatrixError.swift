/// Why a `LIBINPUT_CALIBRATION_MATRIX` string is not a calibration matrix (libinput ignores
/// such a property and keeps the identity; Vitrine reports it).
public enum CalibrationMatrixError: Error, Hashable, Sendable {
    /// The text has this many values instead of six.
    case wrongValueCount(Int)
    /// This value is not a finite number.
    case notANumber(String)
}
