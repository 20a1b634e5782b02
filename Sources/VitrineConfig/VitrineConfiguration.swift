/// The kiosk daemon's configuration, as read from `/etc/vitrine/vitrine.toml`.
///
/// Every value has been validated: enums hold accepted values, numbers are in range. Settings
/// the file leaves out are `nil` (or the documented default) so the daemon can tell "not set"
/// from "set to the default".
public struct VitrineConfiguration: Hashable, Sendable {
    /// Where the daemon looks for its configuration unless told otherwise.
    public static let defaultPath = "/etc/vitrine/vitrine.toml"

    /// The configuration of an empty file, or of no file at all.
    public static let defaults = VitrineConfiguration()

    /// How much the daemon logs (`log_level`); `.info` by default.
    public var logLevel: ConfigLogLevel
    /// The seat whose displays and input devices the daemon takes (`seat`); `"seat0"` by default.
    public var seat: String
    /// Blanking the displays after a while without touches (`[idle]`); nil: never blank.
    public var idle: IdleBlankingConfig?
    /// Per-display rules (`[[output]]`), in file order. See `outputSettings(connector:make:model:serial:)`.
    public var outputs: [OutputConfig]
    /// Per-device touch rules (`[[touch]]`), in file order. See `touchSettings(name:sysname:properties:)`.
    public var touchDevices: [TouchDeviceConfig]

    /// A configuration; every argument defaults to the value an empty file gives.
    public init(
        logLevel: ConfigLogLevel = .info,
        seat: String = "seat0",
        idle: IdleBlankingConfig? = nil,
        outputs: [OutputConfig] = [],
        touchDevices: [TouchDeviceConfig] = []
    ) {
        self.logLevel = logLevel
        self.seat = seat
        self.idle = idle
        self.outputs = outputs
        self.touchDevices = touchDevices
    }
}

/// `log_level`: swift-log's levels, with the same raw values as `Logger.Level`, so
/// `Logger.Level(rawValue: level.rawValue)` converts.
public enum ConfigLogLevel: String, CaseIterable, Hashable, Sendable {
    /// Everything, including per-frame detail.
    case trace
    /// Detail useful when looking into a problem.
    case debug
    /// Normal operation: screens, devices, configuration.
    case info
    /// Conditions worth noticing that are not problems.
    case notice
    /// Problems the daemon works around.
    case warning
    /// Failures of an operation.
    case error
    /// Failures the daemon cannot continue after.
    case critical
}

/// `[idle]`: blank the displays when nobody has touched them for `timeout` seconds, until the
/// next input.
public struct IdleBlankingConfig: Hashable, Sendable {
    /// Seconds without input before blanking (`idle.timeout`); always more than 0.
    public var timeout: Double
    /// How to blank (`idle.blank`); `.dpms` by default.
    public var blank: IdleBlankMethod

    /// Blanking after `timeout` seconds (more than 0) by `blank`.
    public init(timeout: Double, blank: IdleBlankMethod = .dpms) {
        self.timeout = timeout
        self.blank = blank
    }
}

/// `idle.blank`: how a display is blanked.
public enum IdleBlankMethod: String, CaseIterable, Hashable, Sendable {
    /// Switch the display off through its connector and CRTC (it may take a second to wake).
    case dpms
    /// Keep the display on, showing a black frame (for panels that wake slowly or badly).
    case black
}
