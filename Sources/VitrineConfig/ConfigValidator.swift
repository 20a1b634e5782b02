import TOMLKit

/// Turns a parsed TOML document into a `VitrineConfiguration`, collecting every error and
/// warning with its line (from `TOMLKeyLocator`) rather than stopping at the first.
struct ConfigValidator {
    private let file: String
    private let locator: TOMLKeyLocator
    private(set) var errors: [ConfigDiagnostic] = []
    private(set) var warnings: [ConfigDiagnostic] = []

    init(file: String, locator: TOMLKeyLocator) {
        self.file = file
        self.locator = locator
    }

    // MARK: - Reporting

    private mutating func error(_ path: ConfigKeyPath, _ message: String) {
        errors.append(diagnostic(.error, path, message))
    }

    private mutating func warning(_ path: ConfigKeyPath, _ message: String) {
        warnings.append(diagnostic(.warning, path, message))
    }

    private func diagnostic(_ severity: ConfigDiagnostic.Severity, _ path: ConfigKeyPath, _ message: String)
        -> ConfigDiagnostic
    {
        ConfigDiagnostic(
            severity: severity, file: file, line: locator.nearestLine(of: path),
            key: path.isRoot ? nil : path.description, message: message)
    }

    /// Warns about every key of `table` that is not in `known`, suggesting a near miss.
    private mutating func warnUnknownKeys(in table: TOMLTable, at path: ConfigKeyPath, known: [String]) {
        for key in table.keys where !known.contains(key) {
            var message = "unknown key (ignored)"
            if let suggestion = Self.nearMiss(key, among: known) { message += "; did you mean \(suggestion)?" }
            warning(path.appending(key), message)
        }
    }

    /// The word of `known` that `key` is a slip of, for "did you mean".
    static func nearMiss(_ key: String, among known: [String]) -> String? {
        let nearest = known.map { ($0, editDistance($0, key)) }.min { $0.1 < $1.1 }
        // One slip in a short key, two in a longer one: closer than that is a different word.
        guard let (suggestion, distance) = nearest, distance <= (key.count >= 6 ? 2 : 1) else { return nil }
        return suggestion
    }

    /// Warns about rules that can never apply because an earlier one has the same match.
    private mutating func warnShadowed<Match: Hashable>(_ rules: [(match: Match, path: ConfigKeyPath)]) {
        var first: [Match: ConfigKeyPath] = [:]
        for rule in rules {
            if let earlier = first[rule.match] {
                warning(rule.path, "never applies: \(earlier) has the same match keys and comes first")
            } else {
                first[rule.match] = rule.path
            }
        }
    }

    /// Levenshtein distance, for "did you mean".
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            previous = current
        }
        return previous[b.count]
    }

    // MARK: - Value helpers

    /// "a string", "an integer", ...: for "must be X, not Y".
    static func describe(_ type: TOMLType) -> String {
        switch type {
        case .string: "a string"
        case .int: "an integer"
        case .double: "a decimal number"
        case .bool: "a boolean"
        case .table: "a table"
        case .array: "an array"
        case .date: "a date"
        case .time: "a time"
        case .dateTime: "a date-time"
        }
    }

    /// A scalar as TOML writes it (`"off"`, `45`, `1.5`, `true`); tables and arrays by kind.
    static func literal(_ value: TOMLValueConvertible) -> String {
        switch value.type {
        case .string: TOMLText.quoted(value.string ?? "")
        case .int: String(value.int ?? 0)
        case .double: decimal(value.double ?? 0)
        case .bool: (value.bool ?? false) ? "true" : "false"
        default: describe(value.type)
        }
    }

    /// A decimal as TOML writes it, so `90.0` does not read as the integer `90`.
    static func decimal(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return "\(Int(value)).0" }
        return String(value)
    }

    /// A bound in a message: `1.5`, `2` (not `2.0`).
    static func number(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    /// "a", "a or b", "a, b or c".
    static func alternatives(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1]
    }

    private mutating func string(_ value: TOMLValueConvertible, at path: ConfigKeyPath) -> String? {
        guard let text = value.string else {
            error(path, "must be a string, not \(Self.describe(value.type))")
            return nil
        }
        guard !text.isEmpty else {
            error(path, "must not be empty")
            return nil
        }
        return text
    }

    /// An integer or decimal number (TOML keeps them apart; a setting taking numbers takes both).
    private mutating func number(_ value: TOMLValueConvertible, at path: ConfigKeyPath) -> Double? {
        if let integer = value.int { return Double(integer) }
        if let double = value.double { return double }
        error(path, "must be a number, not \(Self.describe(value.type))")
        return nil
    }

    private mutating func number(
        _ value: TOMLValueConvertible, at path: ConfigKeyPath, in range: ClosedRange<Double>
    ) -> Double? {
        guard let number = number(value, at: path) else { return nil }
        guard range.contains(number) else {  // NaN is in no range
            error(
                path,
                "must be between \(Self.number(range.lowerBound)) and \(Self.number(range.upperBound)), "
                    + "not \(Self.literal(value))")
            return nil
        }
        return number
    }

    /// One of `cases`' raw values, the message listing them all.
    private mutating func choice<Choice: RawRepresentable & CaseIterable>(
        _ value: TOMLValueConvertible, at path: ConfigKeyPath, as _: Choice.Type
    ) -> Choice? where Choice.RawValue == String {
        if let text = value.string, let found = Choice(rawValue: text) { return found }
        let accepted = Choice.allCases.map { TOMLText.quoted($0.rawValue) }
        error(path, "must be \(Self.alternatives(accepted)), not \(Self.literal(value))")
        return nil
    }

    /// The tables of an array of tables (`[[name]]`), each with its path; the array itself
    /// may also be written inline, `name = [{ ... }]`.
    private mutating func tables(_ value: TOMLValueConvertible, at path: ConfigKeyPath, name: String)
        -> [(TOMLTable, ConfigKeyPath)]
    {
        guard let array = value.array else {
            error(path, "must be an array of tables ([[\(name)]]), not \(Self.describe(value.type))")
            return []
        }
        var result: [(TOMLTable, ConfigKeyPath)] = []
        for index in 0..<array.count {
            let elementPath = path.appending(index: index)
            guard let table = array[index].table else {
                error(elementPath, "must be a table, not \(Self.describe(array[index].type))")
                continue
            }
            result.append((table, elementPath))
        }
        return result
    }

    // MARK: - The document

    mutating func configuration(from root: TOMLTable) -> VitrineConfiguration {
        var configuration = VitrineConfiguration.defaults
        let path = ConfigKeyPath.root
        if let value = root["log_level"] {
            configuration.logLevel = choice(value, at: path.appending("log_level"), as: ConfigLogLevel.self) ?? .info
        }
        if let value = root["seat"], let seat = string(value, at: path.appending("seat")) {
            configuration.seat = seat
        }
        if let value = root["idle"] {
            configuration.idle = idle(value, at: path.appending("idle"))
        }
        if let value = root["keyboard"] {
            configuration.keyboard = keyboard(value, at: path.appending("keyboard"))
        }
        if let value = root["render"] {
            configuration.render = render(value, at: path.appending("render"))
        }
        if let value = root["window"] {
            configuration.window = window(value, at: path.appending("window"))
        }
        if let value = root["output"] {
            var rules: [(match: OutputMatch, path: ConfigKeyPath)] = []
            for (table, tablePath) in tables(value, at: path.appending("output"), name: "output") {
                guard let output = output(table, at: tablePath) else { continue }
                configuration.outputs.append(output)
                rules.append((output.match, tablePath))
            }
            warnShadowed(rules)
        }
        if let value = root["touch"] {
            var rules: [(match: TouchDeviceMatch, path: ConfigKeyPath)] = []
            for (table, tablePath) in tables(value, at: path.appending("touch"), name: "touch") {
                guard let touch = touch(table, at: tablePath) else { continue }
                configuration.touchDevices.append(touch)
                rules.append((touch.match, tablePath))
            }
            warnShadowed(rules)
        }
        warnUnknownKeys(
            in: root, at: path, known: ["log_level", "seat", "idle", "keyboard", "render", "window", "output", "touch"])
        return configuration
    }

    /// `[render]`: the renderer.
    private mutating func render(_ value: TOMLValueConvertible, at path: ConfigKeyPath) -> RenderConfig {
        var config = RenderConfig()
        guard let table = value.table else {
            error(path, "must be a table, not \(Self.describe(value.type))")
            return config
        }
        if let value = table["renderer"] {
            config.renderer = choice(value, at: path.appending("renderer"), as: RendererChoice.self) ?? .auto
        }
        warnUnknownKeys(in: table, at: path, known: ["renderer"])
        return config
    }

    private mutating func idle(_ value: TOMLValueConvertible, at path: ConfigKeyPath) -> IdleBlankingConfig? {
        guard let table = value.table else {
            error(path, "must be a table, not \(Self.describe(value.type))")
            return nil
        }
        var timeout: Double?
        var blank = IdleBlankMethod.dpms
        if let value = table["timeout"] {
            let timeoutPath = path.appending("timeout")
            if let seconds = number(value, at: timeoutPath) {
                if seconds.isFinite, (0...Self.longestTimeout).contains(seconds) {
                    timeout = seconds
                } else {
                    error(
                        timeoutPath,
                        "must be between 0 and \(Self.number(Self.longestTimeout)) seconds, not \(Self.literal(value))"
                    )
                }
            }
        }
        if let value = table["blank"] {
            blank = choice(value, at: path.appending("blank"), as: IdleBlankMethod.self) ?? .dpms
            if table["timeout"] == nil {
                warning(path.appending("blank"), "has no effect without idle.timeout (displays never blank)")
            }
        }
        warnUnknownKeys(in: table, at: path, known: ["timeout", "blank"])
        guard let timeout, timeout > 0 else { return nil }
        return IdleBlankingConfig(timeout: timeout, blank: blank)
    }

    /// `[window]`.
    private mutating func window(_ value: TOMLValueConvertible, at path: ConfigKeyPath) -> WindowConfig {
        var config = WindowConfig()
        guard let table = value.table else {
            error(path, "must be a table, not \(Self.describe(value.type))")
            return config
        }
        if let value = table["resize"] {
            config.resize = choice(value, at: path.appending("resize"), as: WindowResize.self) ?? .modeChange
        }
        warnUnknownKeys(in: table, at: path, known: ["resize"])
        return config
    }

    /// `[keyboard]`, or `keyboard = "onscreen"` for its mode alone.
    private mutating func keyboard(_ value: TOMLValueConvertible, at path: ConfigKeyPath) -> KeyboardConfig {
        var config = KeyboardConfig()
        if value.string != nil {
            config.mode = choice(value, at: path, as: KeyboardMode.self) ?? .auto
            return config
        }
        guard let table = value.table else {
            let modes = Self.alternatives(KeyboardMode.allCases.map { TOMLText.quoted($0.rawValue) })
            error(path, "must be a table, or one of \(modes), not \(Self.describe(value.type))")
            return config
        }
        if let value = table["mode"] {
            config.mode = choice(value, at: path.appending("mode"), as: KeyboardMode.self) ?? .auto
        }
        if let value = table["layout"] {
            config.layout = xkbName(value, at: path.appending("layout"), example: "\"de\"")
        }
        if let value = table["variant"] {
            config.variant = xkbName(value, at: path.appending("variant"), example: "\"nodeadkeys\"")
            if table["layout"] == nil {
                warning(path.appending("variant"), "is a variant of the default layout \"us\"; name the layout too")
            }
        }
        if let value = table["compose_locale"] {
            config.composeLocale = string(value, at: path.appending("compose_locale"))
        }
        if let value = table["repeat_delay"] {
            config.repeatDelay = number(
                value, at: path.appending("repeat_delay"), in: Self.repeatDelays, unit: "seconds")
        }
        if let value = table["repeat_rate"] {
            config.repeatRate = number(value, at: path.appending("repeat_rate"), in: Self.repeatRates, unit: "a second")
            if config.repeatRate == 0, table["repeat_delay"] != nil {
                warning(path.appending("repeat_delay"), "has no effect with keyboard.repeat_rate 0 (keys never repeat)")
            }
        }
        warnUnknownKeys(
            in: table, at: path, known: ["mode", "layout", "variant", "compose_locale", "repeat_delay", "repeat_rate"])
        return config
    }

    /// Key repeat's delay: a tenth of a second is already a stutter, and more than 10 seconds
    /// is surely milliseconds written for seconds.
    static let repeatDelays: ClosedRange<Double> = 0.1...10
    /// Key repeat's rate: 0 is none; a hundred a second is more than any display shows.
    static let repeatRates: ClosedRange<Double> = 0...100

    /// An XKB layout or variant name: letters, digits, `_` and `-` (`xkb_keymap_new_from_names`
    /// would take a comma as a second layout and parentheses as a variant).
    private mutating func xkbName(_ value: TOMLValueConvertible, at path: ConfigKeyPath, example: String) -> String? {
        guard let text = string(value, at: path) else { return nil }
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) else {
            error(path, "must be one XKB name (like \(example)), not \(Self.literal(value))")
            return nil
        }
        return text
    }

    /// A number in `range`, the message naming its `unit`.
    private mutating func number(
        _ value: TOMLValueConvertible, at path: ConfigKeyPath, in range: ClosedRange<Double>, unit: String
    ) -> Double? {
        guard let number = number(value, at: path) else { return nil }
        guard range.contains(number) else {  // NaN is in no range
            error(
                path,
                "must be between \(Self.number(range.lowerBound)) and \(Self.number(range.upperBound)) \(unit), "
                    + "not \(Self.literal(value))")
            return nil
        }
        return number
    }

    /// A year: longer is surely a mistake, and keeps the value far from overflowing timers.
    static let longestTimeout: Double = 365 * 24 * 3600

    private static let outputKeys = [
        "connector", "make", "model", "serial", "enabled", "mode", "rotation", "scale", "brightness", "backlight",
        "overscan",
    ]

    private mutating func output(_ table: TOMLTable, at path: ConfigKeyPath) -> OutputConfig? {
        let errorsBefore = errors.count
        var match = OutputMatch()
        if let value = table["connector"] { match.connector = string(value, at: path.appending("connector")) }
        if let value = table["make"] { match.make = string(value, at: path.appending("make")) }
        if let value = table["model"] { match.model = string(value, at: path.appending("model")) }
        if let value = table["serial"] { match.serial = string(value, at: path.appending("serial")) }
        if ["connector", "make", "model", "serial"].allSatisfy({ table[$0] == nil }) {
            error(path, "needs a match key: connector, make, model or serial")
        }
        var config = OutputConfig(match: match)
        if let value = table["enabled"] {
            if let enabled = value.bool {
                config.enabled = enabled
            } else {
                error(path.appending("enabled"), "must be true or false, not \(Self.literal(value))")
            }
        }
        if let value = table["mode"] {
            if let text = value.string, let mode = ConfigMode(parsing: text) {
                config.mode = mode
            } else {
                error(
                    path.appending("mode"),
                    "must be \"preferred\", \"highest\", \"WxH\" or \"WxH@Hz\" (like \"1920x1080@60\"), "
                        + "not \(Self.literal(value))")
            }
        }
        if let value = table["rotation"] {
            if let degrees = value.int, let rotation = ConfigRotation(rawValue: degrees) {
                config.rotation = rotation
            } else {
                error(path.appending("rotation"), "must be 0, 90, 180 or 270, not \(Self.literal(value))")
            }
        }
        if let value = table["scale"] {
            config.scale = number(value, at: path.appending("scale"), in: 1...4)
        }
        if let value = table["brightness"] {
            config.brightness = number(value, at: path.appending("brightness"), in: 0...1)
        }
        if let value = table["backlight"] {
            if let text = value.string, let backlight = ConfigBacklight(parsing: text) {
                config.backlight = backlight
            } else {
                error(
                    path.appending("backlight"),
                    "must be a name under /sys/class/backlight (like \"intel_backlight\") or an absolute path, "
                        + "not \(Self.literal(value))")
            }
        }
        if let value = table["overscan"] {
            let overscanPath = path.appending("overscan")
            config.overscan = overscan(value, at: overscanPath)
            // Checked against the mode's size only when the rotation that turns it is known.
            if let overscan = config.overscan, let mode = config.mode,
                table["rotation"] == nil || config.rotation != nil
            {
                checkPictureIsLeft(by: overscan, of: mode, rotation: config.rotation ?? .none, at: overscanPath)
            }
        }
        warnUnknownKeys(in: table, at: path, known: Self.outputKeys)
        return errors.count == errorsBefore ? config : nil
    }

    /// `overscan = 16` (every edge) or `overscan = { left = 24, right = 24 }` (edges left out
    /// are 0; also written as a `[output.overscan]` table or dotted keys).
    private mutating func overscan(_ value: TOMLValueConvertible, at path: ConfigKeyPath) -> ConfigOverscan? {
        if value.int != nil || value.double != nil {
            return overscanPixels(value, at: path).map { ConfigOverscan(all: $0) }
        }
        guard let table = value.table else {
            error(
                path,
                "must be a number of pixels for every edge (like 16) or a table of edges "
                    + "(like { left = 24, right = 24 }), not \(Self.describe(value.type))")
            return nil
        }
        let errorsBefore = errors.count
        // An edge spelt wrong is an error, not the usual unknown-key warning: the edge it was
        // meant for would silently stay 0, under the bezel.
        for key in table.keys where !ConfigOverscan.edgeNames.contains(key) {
            var message = "unknown edge; the edges are top, left, bottom and right"
            if let suggestion = Self.nearMiss(key, among: ConfigOverscan.edgeNames) {
                message += "; did you mean \(suggestion)?"
            }
            error(path.appending(key), message)
        }
        var overscan = ConfigOverscan.zero
        let edges: [(String, WritableKeyPath<ConfigOverscan, Double>)] = [
            ("top", \.top), ("left", \.left), ("bottom", \.bottom), ("right", \.right),
        ]
        for (name, edge) in edges {
            guard let value = table[name], let pixels = overscanPixels(value, at: path.appending(name)) else {
                continue
            }
            overscan[keyPath: edge] = pixels
        }
        return errors.count == errorsBefore ? overscan : nil
    }

    /// One edge's pixels: a finite number, 0 or more.
    private mutating func overscanPixels(_ value: TOMLValueConvertible, at path: ConfigKeyPath) -> Double? {
        guard let pixels = value.int.map(Double.init) ?? value.double else {
            error(path, "must be a number of pixels, not \(Self.describe(value.type))")
            return nil
        }
        guard pixels.isFinite else {
            error(path, "must be a finite number of pixels, not \(Self.literal(value))")
            return nil
        }
        guard pixels >= 0 else {
            error(path, "must be 0 or more pixels, not \(Self.literal(value))")
            return nil
        }
        return pixels
    }

    /// Edges that hide the whole picture of a mode the rule names by size would leave the app
    /// no safe area at all. (For `preferred` and `highest` only the display knows the size:
    /// the daemon checks when it applies the edges.)
    private mutating func checkPictureIsLeft(
        by overscan: ConfigOverscan, of mode: ConfigMode, rotation: ConfigRotation, at path: ConfigKeyPath
    ) {
        guard let size = mode.size else { return }
        // The edges are the upright picture's: a quarter turn swaps the mode's sides.
        let turned = rotation == .clockwise90 || rotation == .clockwise270
        let width = Double(turned ? size.height : size.width)
        let height = Double(turned ? size.width : size.height)
        let picture =
            "the \(Int(width))x\(Int(height)) picture of mode \(TOMLText.quoted(mode.description))"
            + (rotation == .none ? "" : " turned \(rotation.rawValue)°")
        if overscan.left + overscan.right >= width {
            error(
                path,
                "left and right (\(Self.number(overscan.left)) + \(Self.number(overscan.right)) pixels) "
                    + "leave nothing of \(picture)")
        }
        if overscan.top + overscan.bottom >= height {
            error(
                path,
                "top and bottom (\(Self.number(overscan.top)) + \(Self.number(overscan.bottom)) pixels) "
                    + "leave nothing of \(picture)")
        }
    }

    private mutating func touch(_ table: TOMLTable, at path: ConfigKeyPath) -> TouchDeviceConfig? {
        let errorsBefore = errors.count
        var match = TouchDeviceMatch()
        if let value = table["name"] { match.name = string(value, at: path.appending("name")) }
        if let value = table["sysname"] {
            let sysnamePath = path.appending("sysname")
            if let sysname = string(value, at: sysnamePath) {
                if sysname.contains("/") {
                    error(sysnamePath, "must be a device node's name (like \"event3\"), not a path")
                } else {
                    match.sysname = sysname
                }
            }
        }
        if let value = table["udev_property"] {
            match.udevProperties = udevProperties(value, at: path.appending("udev_property"))
        }
        if ["name", "sysname", "udev_property"].allSatisfy({ table[$0] == nil }) {
            error(path, "needs a match key: name, sysname or udev_property")
        }
        var config = TouchDeviceConfig(match: match)
        if let value = table["output"] { config.output = string(value, at: path.appending("output")) }
        if let value = table["calibration"] {
            config.calibration = calibration(value, at: path.appending("calibration"))
        }
        warnUnknownKeys(in: table, at: path, known: ["name", "sysname", "udev_property", "output", "calibration"])
        return errors.count == errorsBefore ? config : nil
    }

    private mutating func udevProperties(_ value: TOMLValueConvertible, at path: ConfigKeyPath) -> [String: String] {
        guard let table = value.table else {
            error(
                path,
                "must be a table of properties (like { ID_INPUT_TOUCHSCREEN = \"1\" }), "
                    + "not \(Self.describe(value.type))")
            return [:]
        }
        guard !table.isEmpty else {
            error(path, "must name at least one property")
            return [:]
        }
        var properties: [String: String] = [:]
        for key in table.keys {
            guard let property = table[key] else { continue }
            // udev properties are text: `"1"`, not `1`.
            if let text = property.string {
                properties[key] = text
            } else {
                error(path.appending(key), "must be a string, not \(Self.describe(property.type))")
            }
        }
        return properties
    }

    private mutating func calibration(_ value: TOMLValueConvertible, at path: ConfigKeyPath) -> [Double]? {
        guard let array = value.array else {
            error(path, "must be an array of 6 numbers, not \(Self.describe(value.type))")
            return nil
        }
        guard array.count == 6 else {
            error(path, "must have exactly 6 numbers, not \(array.count)")
            return nil
        }
        var numbers: [Double] = []
        for index in 0..<6 {
            let elementPath = path.appending(index: index)
            guard let number = number(array[index], at: elementPath) else { continue }
            guard number.isFinite else {
                error(elementPath, "must be a finite number, not \(Self.literal(array[index]))")
                continue
            }
            numbers.append(number)
        }
        return numbers.count == 6 ? numbers : nil
    }
}
