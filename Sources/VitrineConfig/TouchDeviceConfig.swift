/// One `[[touch]]` table: which input devices it applies to, and their settings.
public struct TouchDeviceConfig: Hashable, Sendable {
    /// Which devices the rule applies to.
    public var match: TouchDeviceMatch
    /// `output`: the connector name of the display the device's touches land on; nil lets the
    /// daemon choose (the display the kernel associates, else the first).
    public var output: String?
    /// `calibration`: libinput's calibration matrix, the first two rows row-major
    /// (`a b c d e f`, mapping normalised x, y to `a·x + b·y + c`, `d·x + e·y + f`); always six
    /// finite numbers when set. Nil keeps the device's own (udev `LIBINPUT_CALIBRATION_MATRIX`).
    public var calibration: [Double]?

    /// A rule; every setting defaults to "not set".
    public init(match: TouchDeviceMatch, output: String? = nil, calibration: [Double]? = nil) {
        self.match = match
        self.output = output
        self.calibration = calibration
    }
}

/// Which input devices a `[[touch]]` rule applies to: every key given must match; at least
/// one is given.
public struct TouchDeviceMatch: Hashable, Sendable {
    /// `name`: the device name as libinput reports it, exactly.
    public var name: String?
    /// `sysname`: the kernel's event node name, such as `event3`.
    public var sysname: String?
    /// `udev_property`: udev properties the device must have, with these exact values.
    /// Empty means "not given"; a rule never gives an empty table.
    public var udevProperties: [String: String]

    /// A match on the keys given.
    public init(name: String? = nil, sysname: String? = nil, udevProperties: [String: String] = [:]) {
        self.name = name
        self.sysname = sysname
        self.udevProperties = udevProperties
    }

    /// Whether a device with this name, sysname and udev properties meets every key given.
    public func matches(name: String, sysname: String, properties: [String: String]) -> Bool {
        if let wanted = self.name, wanted != name { return false }
        if let wanted = self.sysname, wanted != sysname { return false }
        return udevProperties.allSatisfy { key, value in properties[key] == value }
    }

    /// How specific the rule is: a sysname names one node, a name one kind of device, udev
    /// properties a class of devices.
    var specificity: Int {
        if sysname != nil { return 2 }
        if name != nil { return 1 }
        return 0
    }
}

extension VitrineConfiguration {
    /// The `[[output]]` rule for a display, if one matches.
    ///
    /// A rule matches when every key it gives equals the display's. One rule applies, whole
    /// (settings of several matching rules are not merged): a rule naming the connector beats
    /// rules matching by EDID only; among rules of the same kind, the first in the file wins.
    public func outputSettings(connector: String, make: String?, model: String?, serial: String?) -> OutputConfig? {
        let matching = outputs.filter {
            $0.match.matches(connector: connector, make: make, model: model, serial: serial)
        }
        return matching.first(where: \.match.namesConnector) ?? matching.first
    }

    /// The `[[touch]]` rule for an input device, if one matches.
    ///
    /// A rule matches when every key it gives matches the device. One rule applies, whole: a
    /// rule giving `sysname` beats one giving `name` (without `sysname`), which beats one
    /// matching by `udev_property` only; among rules of the same kind, the first in the file wins.
    public func touchSettings(name: String, sysname: String, properties: [String: String]) -> TouchDeviceConfig? {
        var best: TouchDeviceConfig?
        for rule in touchDevices where rule.match.matches(name: name, sysname: sysname, properties: properties) {
            if let current = best, current.match.specificity >= rule.match.specificity { continue }
            best = rule
        }
        return best
    }
}
