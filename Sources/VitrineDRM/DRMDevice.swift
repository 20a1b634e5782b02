/// One DRM primary node (`/dev/dri/cardN`) as udev lists it in the `drm` subsystem: the card
/// a KMS backend opens to drive its connectors.
public struct DRMDevice: Hashable, Sendable, CustomStringConvertible {
    /// The device node to open, such as `/dev/dri/card0` (udev's `DEVNAME`).
    public var devnode: String
    /// The sysfs path, such as `/sys/devices/pci0000:00/0000:00:02.0/drm/card0`.
    public var syspath: String
    /// The kernel name, such as `card0`.
    public var sysname: String
    /// The kernel driver bound to the card's parent device (`i915`, `vkms`, `vc4` ...), if known.
    public var driver: String?
    /// Whether the PCI parent's `boot_vga` attribute is "1": the card the firmware booted on,
    /// which compositors (weston, wlroots) prefer when nothing is configured.
    public var isBootVGA: Bool

    /// A device with the given udev facts.
    public init(devnode: String, syspath: String, sysname: String, driver: String? = nil, isBootVGA: Bool = false) {
        self.devnode = devnode
        self.syspath = syspath
        self.sysname = sysname
        self.driver = driver
        self.isBootVGA = isBootVGA
    }

    /// The number N of `cardN`, the DRM minor; `nil` for a name that is not a primary node's.
    public var cardIndex: Int? { Self.cardIndex(of: sysname) }

    /// The N of a primary node's name `card` + digits (`card0`, `card12`); `nil` for other
    /// names, such as the connector entries (`card0-HDMI-A-1`) that share the `drm` subsystem.
    public static func cardIndex(of sysname: String) -> Int? {
        guard sysname.hasPrefix("card") else { return nil }
        let digits = sysname.dropFirst(4)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// `card0 (/dev/dri/card0, i915, boot VGA)`, for logs.
    public var description: String {
        var facts = [devnode]
        if let driver { facts.append(driver) }
        if isBootVGA { facts.append("boot VGA") }
        return "\(sysname) (\(facts.joined(separator: ", ")))"
    }
}
