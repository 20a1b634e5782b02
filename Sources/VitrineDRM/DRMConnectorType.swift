/// The kind of a DRM connector, as the kernel's `DRM_MODE_CONNECTOR_*` numbers in
/// `drm_mode.h` define it (the `connector_type` field of `drmModeConnector`).
///
/// Its `name` is the kernel's own spelling (the `drm_connector_enum_list` table in
/// `drivers/gpu/drm/drm_connector.c`), which is what sysfs (`card0-HDMI-A-1`), `modetest`
/// and compositors show, so a configured connector name matches the kernel's.
public struct DRMConnectorType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The kernel's `DRM_MODE_CONNECTOR_*` number.
    public var rawValue: UInt32

    /// The type with kernel number `rawValue`; numbers the kernel may add later are kept as they are.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// `DRM_MODE_CONNECTOR_Unknown` (0), named "Unknown".
    public static let unknown = DRMConnectorType(rawValue: 0)
    /// `DRM_MODE_CONNECTOR_VGA` (1), named "VGA".
    public static let vga = DRMConnectorType(rawValue: 1)
    /// `DRM_MODE_CONNECTOR_DVII` (2), named "DVI-I".
    public static let dviI = DRMConnectorType(rawValue: 2)
    /// `DRM_MODE_CONNECTOR_DVID` (3), named "DVI-D".
    public static let dviD = DRMConnectorType(rawValue: 3)
    /// `DRM_MODE_CONNECTOR_DVIA` (4), named "DVI-A".
    public static let dviA = DRMConnectorType(rawValue: 4)
    /// `DRM_MODE_CONNECTOR_Composite` (5), named "Composite".
    public static let composite = DRMConnectorType(rawValue: 5)
    /// `DRM_MODE_CONNECTOR_SVIDEO` (6), named "SVIDEO".
    public static let sVideo = DRMConnectorType(rawValue: 6)
    /// `DRM_MODE_CONNECTOR_LVDS` (7), named "LVDS".
    public static let lvds = DRMConnectorType(rawValue: 7)
    /// `DRM_MODE_CONNECTOR_Component` (8), named "Component".
    public static let component = DRMConnectorType(rawValue: 8)
    /// `DRM_MODE_CONNECTOR_9PinDIN` (9), named "DIN" as the kernel names it.
    public static let ninePinDIN = DRMConnectorType(rawValue: 9)
    /// `DRM_MODE_CONNECTOR_DisplayPort` (10), named "DP" as the kernel names it.
    public static let displayPort = DRMConnectorType(rawValue: 10)
    /// `DRM_MODE_CONNECTOR_HDMIA` (11), named "HDMI-A".
    public static let hdmiA = DRMConnectorType(rawValue: 11)
    /// `DRM_MODE_CONNECTOR_HDMIB` (12), named "HDMI-B".
    public static let hdmiB = DRMConnectorType(rawValue: 12)
    /// `DRM_MODE_CONNECTOR_TV` (13), named "TV".
    public static let tv = DRMConnectorType(rawValue: 13)
    /// `DRM_MODE_CONNECTOR_eDP` (14), named "eDP".
    public static let eDP = DRMConnectorType(rawValue: 14)
    /// `DRM_MODE_CONNECTOR_VIRTUAL` (15), named "Virtual" (vkms and virtio-gpu use it).
    public static let virtual = DRMConnectorType(rawValue: 15)
    /// `DRM_MODE_CONNECTOR_DSI` (16), named "DSI": the MIPI panels of most embedded boards.
    public static let dsi = DRMConnectorType(rawValue: 16)
    /// `DRM_MODE_CONNECTOR_DPI` (17), named "DPI": parallel RGB panels.
    public static let dpi = DRMConnectorType(rawValue: 17)
    /// `DRM_MODE_CONNECTOR_WRITEBACK` (18), named "Writeback": not a display, never a screen.
    public static let writeback = DRMConnectorType(rawValue: 18)
    /// `DRM_MODE_CONNECTOR_SPI` (19), named "SPI": small SPI-attached panels.
    public static let spi = DRMConnectorType(rawValue: 19)
    /// `DRM_MODE_CONNECTOR_USB` (20), named "USB".
    public static let usb = DRMConnectorType(rawValue: 20)

    /// The kernel's names, indexed by connector type number.
    private static let kernelNames = [
        "Unknown", "VGA", "DVI-I", "DVI-D", "DVI-A", "Composite", "SVIDEO", "LVDS", "Component",
        "DIN", "DP", "HDMI-A", "HDMI-B", "TV", "eDP", "Virtual", "DSI", "DPI", "Writeback", "SPI", "USB",
    ]

    /// Whether the kernel table this follows knows this number (0 ... 20).
    public var isKnown: Bool { Int(rawValue) < Self.kernelNames.count }

    /// The kernel's name of this type ("HDMI-A", "eDP", "Virtual" ...). A number newer than the
    /// table is named "Unknown", the name the kernel gives type 0, so names stay usable.
    public var name: String {
        isKnown ? Self.kernelNames[Int(rawValue)] : Self.kernelNames[0]
    }

    /// The connector name the kernel builds from this type and the connector's `type_id`
    /// (`connector_type_id`, counted from 1 per type and card): `HDMI-A-1`, `Virtual-1`, `DSI-2`.
    /// A type the table does not know gives `Unknown-N`.
    public func connectorName(typeID: UInt32) -> String {
        "\(name)-\(typeID)"
    }

    /// The type's kernel name.
    public var description: String { name }
}
