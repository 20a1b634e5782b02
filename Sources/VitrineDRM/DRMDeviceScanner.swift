import Foundation
import VitrineUdev

/// Finds the DRM cards of this machine through libudev, as weston's and wlroots' DRM backends
/// do: it enumerates the `drm` subsystem and keeps the primary nodes (`cardN`).
///
/// It never fails: with no udev, no sysfs or no cards (a container, a headless CI machine) it
/// returns an empty list, and the caller falls back to the headless backend.
public struct DRMDeviceScanner: DRMDeviceScanning {
    /// A scanner; each `devices()` call asks udev afresh.
    public init() {}

    /// The primary nodes udev knows, ordered by card number. A card without a device node
    /// (its `/dev/dri` entry not created) is left out, since it cannot be opened.
    public func devices() -> [DRMDevice] {
        UdevEnumerator.devices(subsystem: "drm", sysname: "card[0-9]*").compactMap(Self.card(from:))
            .sorted { ($0.cardIndex ?? Int.max, $0.sysname) < ($1.cardIndex ?? Int.max, $1.sysname) }
    }

    /// Whether a connector of `device` says `connected` in sysfs (`/sys/class/drm/card0-*/status`).
    public func hasConnectedConnector(_ device: DRMDevice) -> Bool {
        let prefix = device.sysname + "-"
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/sys/class/drm") else { return false }
        return entries.filter { $0.hasPrefix(prefix) }.contains { entry in
            (try? String(contentsOfFile: "/sys/class/drm/\(entry)/status", encoding: .utf8))?
                .hasPrefix("connected") == true
        }
    }

    /// The card udev `device` describes, or `nil` if it is not an openable primary node.
    private static func card(from device: UdevDevice) -> DRMDevice? {
        guard let sysname = device.sysname, DRMDevice.cardIndex(of: sysname) != nil,
            let devnode = device.devnode, let syspath = device.syspath
        else { return nil }
        // The card's own device has no driver: the PCI, platform or virtual parent holds it.
        let bootVGA = device.parent(subsystem: "pci")?.attribute("boot_vga") == "1"
        return DRMDevice(
            devnode: devnode, syspath: syspath, sysname: sysname, driver: device.parent?.nearestDriver,
            isBootVGA: bootVGA)
    }

    /// The card to drive, chosen as weston and wlroots choose: the one `configured` names
    /// (a sysname such as `card1` or a path such as `/dev/dri/card1`; matched against the
    /// devnode, the sysname and the syspath), else the boot VGA card, else the first one.
    /// A configured name that matches nothing gives `nil` rather than another card, so a
    /// typo in the configuration is reported, not silently replaced. Empty `devices`: `nil`.
    public static func pick(from devices: [DRMDevice], configured: String? = nil) -> DRMDevice? {
        if let configured, !configured.isEmpty {
            return devices.first {
                $0.devnode == configured || $0.sysname == configured || $0.syspath == configured
            }
        }
        return devices.first(where: \.isBootVGA) ?? devices.first
    }
}
