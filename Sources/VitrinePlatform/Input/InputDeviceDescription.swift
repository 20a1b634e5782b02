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
    /// Whether it has keys (libinput's keyboard capability: a power button, a lid switch's
    /// keys or a volume rocker has it too).
    public var isKeyboard: Bool
    /// Whether it is a keyboard one types on: it has letter keys and a space bar, not merely a
    /// few buttons. What `UIApplication` counts as a hardware keyboard.
    public var isAlphanumericKeyboard: Bool
    /// Its udev properties (`ID_INPUT_TOUCHSCREEN`, `ID_VENDOR_ID`, ...), which a config
    /// matches devices by.
    public var properties: [String: String]
    /// The udev property `WL_OUTPUT`: the output a udev rule maps it to, if any.
    public var outputName: String? { properties["WL_OUTPUT"] }
    /// The udev property `LIBINPUT_CALIBRATION_MATRIX`, which libinput applies by default.
    public var udevCalibration: String? { properties["LIBINPUT_CALIBRATION_MATRIX"] }

    /// A device with the given facts; `isAlphanumericKeyboard` is `isKeyboard` unless given.
    public init(
        sysname: String, name: String, isTouchscreen: Bool, isPointer: Bool, isKeyboard: Bool,
        isAlphanumericKeyboard: Bool? = nil, properties: [String: String] = [:]
    ) {
        self.sysname = sysname
        self.name = name
        self.isTouchscreen = isTouchscreen
        self.isPointer = isPointer
        self.isKeyboard = isKeyboard
        self.isAlphanumericKeyboard = isAlphanumericKeyboard ?? isKeyboard
        self.properties = properties
    }
}
