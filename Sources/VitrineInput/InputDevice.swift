import VitrinePlatform

/// One evdev input device (`/dev/input/eventN`) as udev lists it, with the classification
/// udev's `input_id` builtin gives it (`ID_INPUT_*`) and the per-device settings libinput and
/// compositors read from udev properties.
public struct InputDevice: Hashable, Sendable, CustomStringConvertible {
    /// What udev's `input_id` builtin says the device is; a device can be several.
    public struct Capabilities: OptionSet, Hashable, Sendable {
        /// The bit set.
        public var rawValue: UInt8
        /// A set from its bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// `ID_INPUT_TOUCHSCREEN=1`: a direct-touch panel, the source of `UITouch`es.
        public static let touchscreen = Capabilities(rawValue: 1 << 0)
        /// `ID_INPUT_TOUCHPAD=1`: an indirect touch surface (pointer motion).
        public static let touchpad = Capabilities(rawValue: 1 << 1)
        /// `ID_INPUT_MOUSE=1`: a relative pointer.
        public static let mouse = Capabilities(rawValue: 1 << 2)
        /// `ID_INPUT_KEYBOARD=1`: a keyboard (not merely a few keys).
        public static let keyboard = Capabilities(rawValue: 1 << 3)
    }

    /// The device node, such as `/dev/input/event3` (udev's `DEVNAME`).
    public var devnode: String
    /// The sysfs path of the event node.
    public var syspath: String
    /// The kernel name, such as `event3`.
    public var sysname: String
    /// The device's name as the driver reports it (`EVIOCGNAME`, the parent's `name` attribute),
    /// such as "ILITEK ILITEK-TP"; empty when udev has none.
    public var name: String
    /// What kind of device udev classified it as.
    public var capabilities: Capabilities
    /// The `LIBINPUT_CALIBRATION_MATRIX` property's raw text, when a udev rule or hwdb sets it
    /// (parse it with `CalibrationMatrix(parsing:)`).
    public var calibrationMatrixProperty: String?
    /// The `WL_OUTPUT` property: the connector name (such as `DSI-1`) the device is mapped to,
    /// as weston and other compositors read it; `nil` when unmapped.
    public var outputName: String?
    /// Every udev property of the event node, which a config matches devices by.
    public var properties: [String: String]

    /// A device with the given udev facts.
    public init(
        devnode: String, syspath: String, sysname: String, name: String = "", capabilities: Capabilities = [],
        calibrationMatrixProperty: String? = nil, outputName: String? = nil, properties: [String: String] = [:]
    ) {
        self.properties = properties
        self.devnode = devnode
        self.syspath = syspath
        self.sysname = sysname
        self.name = name
        self.capabilities = capabilities
        self.calibrationMatrixProperty = calibrationMatrixProperty
        self.outputName = outputName
    }

    /// The N of an evdev node's name `event` + digits; `nil` for other input names
    /// (`input5`, `mouse0`, `js0`).
    public static func eventIndex(of sysname: String) -> Int? {
        guard sysname.hasPrefix("event") else { return nil }
        let digits = sysname.dropFirst(5)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// The N of `eventN`.
    public var eventIndex: Int? { Self.eventIndex(of: sysname) }

    /// The calibration from `calibrationMatrixProperty`: `nil` when there is none, and an error
    /// when its text is not six numbers.
    public func calibrationMatrix() throws(CalibrationMatrixError) -> CalibrationMatrix? {
        guard let calibrationMatrixProperty else { return nil }
        return try CalibrationMatrix(parsing: calibrationMatrixProperty)
    }

    /// `event3 "ILITEK ILITEK-TP" (/dev/input/event3)`, for logs.
    public var description: String {
        "\(sysname) \"\(name)\" (\(devnode))"
    }
}
