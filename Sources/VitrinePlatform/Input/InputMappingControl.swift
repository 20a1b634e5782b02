/// An input source whose devices the service maps onto screens and calibrates (the kiosk
/// config's `[[touch]]` rules). The service sets the mapping and reapplies it on reload
/// through this protocol, never through the concrete source.
@MainActor
public protocol InputMappingControl: AnyObject {
    /// The devices attached now.
    var devices: [InputDeviceDescription] { get }
    /// The output (connector name) a device's absolute positions map to; nil: the main screen.
    var outputForDevice: (InputDeviceDescription) -> String? { get set }
    /// A device's calibration; nil keeps the backend's default (udev's, or none).
    var calibrationForDevice: (InputDeviceDescription) -> CalibrationMatrix? { get set }
    /// Asks both again for every attached device (after a reload).
    func applyMapping()
}
