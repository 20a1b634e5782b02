import Foundation

/// How a date picker presents itself, as UIKit's `UIDatePickerStyle` (iOS 13.4+), with
/// UIKit's raw values. Vitrine draws every style as wheels (see `UIDatePicker`).
public enum UIDatePickerStyle: Int, Sendable, Hashable {
    /// The system's choice (wheels on Vitrine).
    case automatic = 0
    /// Spinning wheels.
    case wheels = 1
    /// A compact label that opens an editor (wheels on Vitrine).
    case compact = 2
    /// A calendar or clock in place (wheels on Vitrine).
    case inline = 3
}
