/// An input device as an input backend reports it: what a config matches it by.
public struct InputDeviceDescription: Hashable, Sendable {
    /// The kernel name of its event node (`event3`).
    public var sysname: String
    /// The device's name (`ILITEK ILITEK-TP`).
    public var name: String
    /// Whether it is a touchscreen (direct touch).
    public var isTouchscreen: Bool
    /// Whether it moves a pointer (mouse, touchpad).
    public var isPointer: Bool
    /// Whether it has keys.
    public var isKeyboard: Bool
    /// Its udev properties (`ID_INPUT_TOUCHSCREEN`, `ID_VENDOR_ID`, ...), which a config
    /// matches devices by.
    public var properties: [String: String]
    /// The udev property `WL_OUTPUT`: the output a udev rule maps it to, if any.
    public var outputName: String? { properties["WL_OUTPUT"] }
    /// The udev property `LIBINPUT_CALIBRATION_MATRIX`, which libinput applies by default.
    public var udevCalibration: String? { properties["LIBINPUT_CALIBRATION_MATRIX"] }

    /// A device with the given facts.
    public init(
        sysname: String, name: String, isTouchscreen: Bool, isPointer: Bool, isKeyboard: Bool,
        properties: [String: String] = [:]
    ) {
        self.sysname = sysname
        self.name = name
        self.isTouchscreen = isTouchscreen
        self.isPointer = isPointer
        self.isKeyboard = isKeyboard
        self.properties = properties
    }
}
