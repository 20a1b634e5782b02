/// One `[[output]]` table: which displays it applies to, and their settings.
///
/// Settings left out are nil: the display keeps the daemon's default for them.
public struct OutputConfig: Hashable, Sendable {
    /// Which displays the rule applies to.
    public var match: OutputMatch
    /// `enabled`: false turns the display off and gives it no screen; nil means enabled.
    public var enabled: Bool?
    /// `mode`: which of the display's modes to use; nil means `.preferred`.
    public var mode: ConfigMode?
    /// `rotation`: how the panel is mounted, clockwise; nil means `.none`.
    public var rotation: ConfigRotation?
    /// `scale`: points to pixels, 1...4; nil means worked out from the EDID's physical size.
    public var scale: Double?
    /// `brightness`: 0...1 of the backlight's range; nil leaves the backlight as it is.
    public var brightness: Double?
    /// `backlight`: the backlight device to control; nil means the one the daemon finds.
    public var backlight: ConfigBacklight?
    /// `overscan`: the edges of the picture the bezel or the display hides, in pixels; nil
    /// means none.
    public var overscan: ConfigOverscan?

    /// Whether the display is used: `enabled`, true when not set.
    public var isEnabled: Bool { enabled ?? true }

    /// A rule; every setting defaults to "not set".
    public init(
        match: OutputMatch,
        enabled: Bool? = nil,
        mode: ConfigMode? = nil,
        rotation: ConfigRotation? = nil,
        scale: Double? = nil,
        brightness: Double? = nil,
        backlight: ConfigBacklight? = nil,
        overscan: ConfigOverscan? = nil
    ) {
        self.match = match
        self.enabled = enabled
        self.mode = mode
        self.rotation = rotation
        self.scale = scale
        self.brightness = brightness
        self.backlight = backlight
        self.overscan = overscan
    }
}

/// Which displays an `[[output]]` rule applies to: every key given must equal the display's
/// (EDID values compared exactly, case included); at least one is given.
///
/// `connector` and EDID keys may be combined ("this monitor, when on HDMI-A-1").
public struct OutputMatch: Hashable, Sendable {
    /// `connector`: the connector name, such as `HDMI-A-1` or `DSI-1`.
    public var connector: String?
    /// `make`: the EDID manufacturer ID, such as `DEL`.
    public var make: String?
    /// `model`: the EDID monitor name (else the product code in hex, `0x1234`).
    public var model: String?
    /// `serial`: the EDID serial string (else the serial number in decimal).
    public var serial: String?

    /// A match on the keys given.
    public init(connector: String? = nil, make: String? = nil, model: String? = nil, serial: String? = nil) {
        self.connector = connector
        self.make = make
        self.model = model
        self.serial = serial
    }

    /// Whether a display with this connector and EDID identity meets every key given. A key
    /// the display cannot answer (no EDID) does not match.
    public func matches(connector: String, make: String?, model: String?, serial: String?) -> Bool {
        func meets(_ wanted: String?, _ actual: String?) -> Bool {
            guard let wanted else { return true }
            return wanted == actual
        }
        return meets(self.connector, connector) && meets(self.make, make) && meets(self.model, model)
            && meets(self.serial, serial)
    }

    /// Whether the rule names a connector; those rules win over EDID-only ones.
    var namesConnector: Bool { connector != nil }
}

/// `mode`: which of a display's modes to use. `description` gives back the text form, which
/// VitrinePlatform's `DisplayModeSelection(parsing:)` reads.
public enum ConfigMode: Hashable, Sendable, CustomStringConvertible {
    /// `"preferred"`: the display's native mode.
    case preferred
    /// `"highest"`: the most pixels, then the highest refresh rate.
    case highest
    /// `"1920x1080"`: a mode of this size.
    case size(width: Int, height: Int)
    /// `"1920x1080@59.94"`: a mode of this size refreshing closest to `refreshHz`.
    case sizeAndRate(width: Int, height: Int, refreshHz: Double)

    /// Reads `preferred`, `highest`, `WxH` or `WxH@Hz` (letters in any case, `Hz` a decimal
    /// number above 0 and below 1000, sizes at least 1); nil for anything else.
    public init?(parsing text: String) {
        let spec = text.lowercased()
        switch spec {
        case "preferred": self = .preferred
        case "highest": self = .highest
        default:
            let parts = spec.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count <= 2 else { return nil }
            let size = parts[0].split(separator: "x", omittingEmptySubsequences: false)
            guard size.count == 2, let width = Self.dimension(size[0]), let height = Self.dimension(size[1])
            else { return nil }
            guard parts.count == 2 else {
                self = .size(width: width, height: height)
                return
            }
            // Digits and at most one point: no signs, exponents, "inf" or "nan".
            let rate = parts[1]
            guard !rate.isEmpty, rate.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                rate.filter({ $0 == "." }).count <= 1, let hertz = Double(rate), hertz > 0, hertz < 1000
            else { return nil }
            self = .sizeAndRate(width: width, height: height, refreshHz: hertz)
        }
    }

    private static func dimension(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text), value >= 1
        else { return nil }
        return value
    }

    /// The size a `WxH` or `WxH@Hz` mode names; nil for `preferred` and `highest`, whose size
    /// only the display knows.
    var size: (width: Int, height: Int)? {
        switch self {
        case .preferred, .highest: nil
        case .size(let width, let height), .sizeAndRate(let width, let height, _): (width, height)
        }
    }

    /// `preferred`, `highest`, `1920x1080`, `1920x1080@60`, `1920x1080@59.94`.
    public var description: String {
        switch self {
        case .preferred: "preferred"
        case .highest: "highest"
        case .size(let width, let height): "\(width)x\(height)"
        case .sizeAndRate(let width, let height, let hertz):
            "\(width)x\(height)@\(hertz == hertz.rounded() ? String(Int(hertz)) : String(hertz))"
        }
    }
}

/// `rotation`: how a panel is mounted, clockwise, in degrees. The raw values are
/// VitrinePlatform's `DisplayRotation`'s, which the daemon converts it to.
public enum ConfigRotation: Int, CaseIterable, Hashable, Sendable {
    /// 0: upright.
    case none = 0
    /// 90: turned a quarter clockwise (a landscape panel used as portrait).
    case clockwise90 = 90
    /// 180: upside down.
    case clockwise180 = 180
    /// 270: turned a quarter counter-clockwise.
    case clockwise270 = 270
}

/// `overscan`: how many pixels of each edge of the picture a display does not show: a
/// bezel covering the panel's border, or a TV cropping the picture (its overscan). The edges
/// are those of the picture as the viewer sees it, after `rotation`: `top` is the top of the
/// upright picture whatever way the panel is mounted. Every value is finite and 0 or more.
///
/// Written `overscan = 16` (every edge) or `overscan = { left = 24, right = 24 }` (edges
/// left out are 0). The daemon gives the screen these edges as its safe area, in points.
public struct ConfigOverscan: Hashable, Sendable, CustomStringConvertible {
    /// Pixels hidden at the top.
    public var top: Double
    /// Pixels hidden on the left.
    public var left: Double
    /// Pixels hidden at the bottom.
    public var bottom: Double
    /// Pixels hidden on the right.
    public var right: Double

    /// Nothing hidden.
    public static let zero = ConfigOverscan()

    /// These edges; those not given are 0.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same number of pixels on every edge (`overscan = 16`).
    public init(all pixels: Double) {
        self.init(top: pixels, left: pixels, bottom: pixels, right: pixels)
    }

    /// The edge names the config accepts, in the order messages list them.
    public static let edgeNames = ["top", "left", "bottom", "right"]

    /// Whether every edge is 0.
    public var isZero: Bool { self == .zero }

    /// Whether some of a `width` by `height` pixel picture (as seen, after rotation) is left
    /// once the edges are taken off: the edges of each axis together are narrower than it.
    public func leavesPicture(width: Double, height: Double) -> Bool {
        left + right < width && top + bottom < height
    }

    /// `16 px` when every edge is the same, else the edges that are not 0, such as
    /// `left 24 px, right 24 px` (for logs and `--list-outputs`).
    public var description: String {
        func pixels(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? "\(Int(value)) px" : "\(value) px"
        }
        if top == left && left == bottom && bottom == right { return pixels(top) }
        let edges = [("top", top), ("left", left), ("bottom", bottom), ("right", right)]
        return edges.filter { $0.1 != 0 }.map { "\($0.0) \(pixels($0.1))" }.joined(separator: ", ")
    }
}

/// `backlight`: a device under `/sys/class/backlight`.
public enum ConfigBacklight: Hashable, Sendable {
    /// A name, such as `intel_backlight`: `/sys/class/backlight/<name>`.
    case name(String)
    /// An absolute path to a backlight's sysfs directory.
    case path(String)

    /// The device's sysfs directory.
    public var directory: String {
        switch self {
        case .name(let name): "/sys/class/backlight/" + name
        case .path(let path): path
        }
    }

    /// Reads an absolute path (starting with `/`), or a name without `/` that is not `.` or
    /// `..`; nil for anything else.
    public init?(parsing text: String) {
        if text.hasPrefix("/") {
            self = .path(text)
        } else if !text.isEmpty, text != ".", text != "..", !text.contains("/") {
            self = .name(text)
        } else {
            return nil
        }
    }
}
