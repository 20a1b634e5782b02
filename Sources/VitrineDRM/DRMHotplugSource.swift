import VitrineUdev

/// A hotplug event of the `drm` subsystem as the backend reads it: what happened to which
/// node.
public struct DRMHotplugEvent: Hashable, Sendable {
    /// What happened.
    public enum Action: Hashable, Sendable {
        /// A card appeared.
        case add
        /// A card went away.
        case remove
        /// Something about the card changed: a connector was plugged or unplugged (real
        /// drivers send `HOTPLUG=1`, vkms `SYNTH_ARG_HOTPLUG`, some nothing particular).
        case change
        /// Anything else udev reports (`bind`, `move` ...): ignored.
        case other(String)

        /// The action udev names `name`.
        public init(_ name: String) {
            switch name {
            case "add": self = .add
            case "remove": self = .remove
            case "change": self = .change
            default: self = .other(name)
            }
        }
    }

    /// What happened.
    public var action: Action
    /// The kernel name of the node: `card0` (connector entries such as `card0-HDMI-A-1` share
    /// the subsystem).
    public var sysname: String?

    /// An event `action` of node `sysname`.
    public init(action: Action, sysname: String?) {
        self.action = action
        self.sysname = sysname
    }
}

/// Where the DRM backend hears of cards and connectors coming and going: a udev monitor on
/// the `drm` subsystem (`UdevHotplugSource`), or a test's fake (VitrineDRMTesting). Package
/// access: apps never see it.
@MainActor
package protocol DRMHotplugSource: AnyObject {
    /// Starts calling `handler` on the main actor for each event; false when events cannot
    /// be watched (no udev), which the backend logs.
    func start(_ handler: @escaping @MainActor (DRMHotplugEvent) -> Void) -> Bool
    /// Stops; no handler call follows.
    func stop()
}

/// Hotplug from udev: a `UdevMonitor` on the `drm` subsystem.
@MainActor
public final class UdevHotplugSource: DRMHotplugSource {
    private var monitor: UdevMonitor?

    /// A source; nothing is watched before `start`.
    public init() {}

    public func start(_ handler: @escaping @MainActor (DRMHotplugEvent) -> Void) -> Bool {
        if monitor == nil {
            monitor = UdevMonitor(subsystem: "drm") { event in
                handler(DRMHotplugEvent(action: .init(event.action), sysname: event.device.sysname))
            }
        }
        return monitor != nil
    }

    public func stop() {
        monitor?.stop()
        monitor = nil
    }
}

/// Lists the DRM cards the backend may open: udev's (`DRMDeviceScanner`), or a test's
/// (VitrineDRMTesting). Package access: apps never see it.
package protocol DRMDeviceScanning: Sendable {
    /// The primary nodes, ordered by card number.
    func devices() -> [DRMDevice]
    /// Whether `device` has a connector with a display plugged in, as sysfs says (for
    /// choosing a card when none is configured and none is the boot VGA card).
    func hasConnectedConnector(_ device: DRMDevice) -> Bool
}
