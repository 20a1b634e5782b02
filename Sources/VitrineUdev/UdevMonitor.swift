internal import CUdev
import Dispatch

/// Watches udev's event stream for one subsystem (`drm`, `input`) and calls `handler` on the
/// main actor for each event, as wlroots and libinput listen for hotplug: a netlink monitor
/// whose socket a Dispatch source on the main queue reads.
///
/// Events come from udevd (`source: .udev`, the default: rules have run and device nodes
/// exist) or straight from the kernel (`.kernel`, for machines without udevd). Creating the
/// monitor fails with nil, never a crash, when udev or netlink is unavailable.
@MainActor
public final class UdevMonitor {
    /// Where events are read from.
    public enum Source: String, Sendable {
        /// udevd's rebroadcast, after its rules ran.
        case udev
        /// The kernel's raw uevents.
        case kernel
    }

    private let udev: OpaquePointer
    private let monitor: OpaquePointer
    private var source: (any DispatchSourceRead)?
    private let handler: @MainActor (UdevEvent) -> Void

    /// A running monitor of `subsystem`'s events from `source`, calling `handler` on the main
    /// actor; nil if udev or its netlink socket is unavailable. Stops when released or `stop()`ped.
    public init?(subsystem: String, source: Source = .udev, handler: @escaping @MainActor (UdevEvent) -> Void) {
        guard let udev = udev_new() else { return nil }
        guard let monitor = udev_monitor_new_from_netlink(udev, source.rawValue) else {
            udev_unref(udev)
            return nil
        }
        self.udev = udev
        self.monitor = monitor
        self.handler = handler
        guard udev_monitor_filter_add_match_subsystem_devtype(monitor, subsystem, nil) >= 0,
            udev_monitor_enable_receiving(monitor) >= 0
        else { return nil }
        let descriptor = udev_monitor_get_fd(monitor)
        guard descriptor >= 0 else { return nil }
        let readSource = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
        readSource.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.drain() }
        }
        // The socket must stay open until Dispatch has stopped watching it: the monitor (which
        // owns the socket) is released only once the cancellation is complete.
        nonisolated(unsafe) let ownedMonitor = monitor
        nonisolated(unsafe) let ownedUdev = udev
        readSource.setCancelHandler {
            udev_monitor_unref(ownedMonitor)
            udev_unref(ownedUdev)
        }
        readSource.activate()
        self.source = readSource
    }

    isolated deinit {
        if let source {
            source.cancel()  // releases the monitor in its cancel handler
        } else if !stopped {
            udev_monitor_unref(monitor)
            udev_unref(udev)
        }
    }

    private var stopped = false

    /// Stops watching; no handler call follows. The monitor is released once Dispatch has let
    /// go of its socket.
    public func stop() {
        guard let source else { return }
        stopped = true
        source.cancel()
        self.source = nil
    }

    /// Reads every queued event (the socket is non-blocking) and hands each to the handler.
    private func drain() {
        while source != nil, let device = udev_monitor_receive_device(monitor) {
            let event = UdevEvent(
                action: UdevDevice.string(udev_device_get_action(device)) ?? "",
                device: UdevDevice(adopting: device))
            handler(event)
        }
    }
}
