import CWayland
import Foundation
import VitrinePlatform

#if canImport(Glibc)
    import Glibc
#endif

/// Why the window backend cannot run: no compositor to connect to, or one missing a global
/// Vitrine needs (`xdg_wm_base`, `wl_shm` with XRGB8888, `wl_compositor` 4 for
/// `damage_buffer`).
public struct WaylandUnavailable: Error, CustomStringConvertible, Sendable {
    /// What is missing, for the log.
    public var description: String
    init(_ description: String) { self.description = description }
}

/// The window backend on Wayland: one `xdg_toplevel` per Vitrine screen (`WaylandOutput`), on a
/// connection to the compositor (GNOME, KDE, Weston, cage). The compositor's socket is read on
/// the main queue; every callback runs there, on the main actor.
///
/// Frames are paced by `wl_surface.frame` callbacks, which play the vblank: a hidden or
/// minimised window gets none, so its frames stop and nothing runs. The compositor going away
/// (the socket closing, a protocol error) calls `connectionLostHandler` once, with the reason.
@MainActor
public final class WaylandBackend: DisplayBackend {
    /// The monotonic clock present events are stamped on.
    public let clock: any MediaClock
    /// The windows, in the order they were opened.
    public private(set) var windowOutputs: [WaylandOutput] = []
    /// The windows, as outputs.
    public var outputs: [any DisplayOutput] { windowOutputs }
    public var outputConnectedHandler: (@MainActor (any DisplayOutput) -> Void)?
    public var outputDisconnectedHandler: (@MainActor (any DisplayOutput) -> Void)?
    public var outputModeChangedHandler: (@MainActor (any DisplayOutput, _ previousMode: DisplayMode) -> Void)?

    /// Called once when the compositor goes away (the service logs it and exits).
    public var connectionLostHandler: (@MainActor (String) -> Void)?
    /// Called when the user closes a window (`xdg_toplevel.close`): the app quits.
    public var closeRequestedHandler: (@MainActor (WaylandOutput) -> Void)?
    /// Notes for the log (a window refused a resize, a buffer came back late).
    public var log: (@MainActor (String) -> Void)?

    /// The app's name, the first part of each window's title.
    public let appName: String
    /// What a window does when the user resizes it.
    public let resizePolicy: WindowResizePolicy

    let display: OpaquePointer
    private(set) var compositor: OpaquePointer?
    private(set) var shm: OpaquePointer?
    private(set) var wmBase: OpaquePointer?
    /// The seat, once bound (its input is `WaylandInputSource`'s).
    public private(set) var seat: OpaquePointer?
    private var shmHasXRGB = false
    private var readSource: (any DispatchSourceRead)?
    private var isLost = false
    private var windowsMade = 0
    private var registryListener: UnsafeMutablePointer<wl_registry_listener>?
    /// The seat's devices (`wl_seat.capabilities`), kept from the binding on: the input
    /// source is made after the round trips that deliver them.
    private(set) var seatCapabilities: UInt32 = 0
    /// Told when the seat's devices change (the input source gets or drops them).
    var seatCapabilitiesHandler: (@MainActor (UInt32) -> Void)?

    /// Connects to the compositor named by `socket` (a `WAYLAND_DISPLAY` value; nil: libwayland
    /// reads the environment) and binds its globals; throws when there is none or it lacks one
    /// Vitrine needs.
    public init(
        socket: String?, appName: String, resizePolicy: WindowResizePolicy = .modeChange, clock: any MediaClock
    ) throws(WaylandUnavailable) {
        guard let display = wl_display_connect(socket) else {
            throw WaylandUnavailable(
                "cannot connect to the Wayland compositor \(socket ?? "$WAYLAND_DISPLAY"): \(String(cString: strerror(errno)))"
            )
        }
        self.display = display
        self.clock = clock
        self.appName = appName
        self.resizePolicy = resizePolicy
        let registry = wl_display_get_registry(display)
        let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_registry_listener(
                global: { data, registry, name, interface, version in
                    guard let data, let interface else { return }
                    let backend = Unmanaged<WaylandBackend>.fromOpaque(data).takeUnretainedValue()
                    let interfaceName = String(cString: interface)
                    MainActor.assumeIsolated {
                        backend.global(registry: registry, name: name, interface: interfaceName, version: version)
                    }
                },
                global_remove: { _, _, _ in }))
        registryListener = listener
        wl_registry_add_listener(registry, listener, Unmanaged.passUnretained(self).toOpaque())
        // Two round trips: the globals, then the events their binding sends (wl_shm formats).
        wl_display_roundtrip(display)
        wl_display_roundtrip(display)
        var missing: [String] = []
        if compositor == nil { missing.append("wl_compositor version 4") }
        if wmBase == nil { missing.append("xdg_wm_base (xdg-shell)") }
        if shm == nil { missing.append("wl_shm") } else if !shmHasXRGB { missing.append("wl_shm format XRGB8888") }
        if !missing.isEmpty {
            wl_display_disconnect(display)
            throw WaylandUnavailable("the compositor lacks \(missing.joined(separator: ", "))")
        }
    }

    private static let wmBaseListener: UnsafeMutablePointer<xdg_wm_base_listener> = {
        let listener = UnsafeMutablePointer<xdg_wm_base_listener>.allocate(capacity: 1)
        listener.initialize(to: xdg_wm_base_listener(ping: { _, base, serial in xdg_wm_base_pong(base, serial) }))
        return listener
    }()

    private static let seatListener: UnsafeMutablePointer<wl_seat_listener> = {
        let listener = UnsafeMutablePointer<wl_seat_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_seat_listener(
                capabilities: { data, _, capabilities in
                    guard let data else { return }
                    let backend = Unmanaged<WaylandBackend>.fromOpaque(data).takeUnretainedValue()
                    MainActor.assumeIsolated {
                        backend.seatCapabilities = capabilities
                        backend.seatCapabilitiesHandler?(capabilities)
                    }
                },
                name: { _, _, _ in }))
        return listener
    }()

    private static let shmListener: UnsafeMutablePointer<wl_shm_listener> = {
        let listener = UnsafeMutablePointer<wl_shm_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_shm_listener(format: { data, _, format in
                guard let data else { return }
                let backend = Unmanaged<WaylandBackend>.fromOpaque(data).takeUnretainedValue()
                MainActor.assumeIsolated {
                    if format == WL_SHM_FORMAT_XRGB8888.rawValue { backend.shmHasXRGB = true }
                }
            }))
        return listener
    }()

    private func global(registry: OpaquePointer?, name: UInt32, interface: String, version: UInt32) {
        switch interface {
        case "wl_compositor" where version >= 4:
            compositor = OpaquePointer(wl_registry_bind(registry, name, vitrine_wl_compositor_interface(), 4))
        case "wl_shm":
            shm = OpaquePointer(wl_registry_bind(registry, name, vitrine_wl_shm_interface(), 1))
            wl_shm_add_listener(shm, Self.shmListener, Unmanaged.passUnretained(self).toOpaque())
        case "xdg_wm_base":
            wmBase = OpaquePointer(wl_registry_bind(registry, name, vitrine_xdg_wm_base_interface(), 1))
            xdg_wm_base_add_listener(wmBase, Self.wmBaseListener, nil)
        case "wl_seat" where seat == nil:
            let bound = OpaquePointer(wl_registry_bind(registry, name, vitrine_wl_seat_interface(), min(version, 5)))
            seat = bound
            wl_seat_add_listener(bound, Self.seatListener, Unmanaged.passUnretained(self).toOpaque())
        default:
            break
        }
    }

    /// Starts reading the compositor's socket on the main queue.
    public func start() {
        guard readSource == nil else { return }
        let source = DispatchSource.makeReadSource(fileDescriptor: wl_display_get_fd(display), queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.dispatchIncoming() }
        }
        readSource = source
        source.resume()
        flush()
    }

    /// Reads and handles what the compositor sent; a closed socket or protocol error is the
    /// connection lost.
    private func dispatchIncoming() {
        guard !isLost else { return }
        if wl_display_dispatch(display) < 0 {
            lose()
            return
        }
        flush()
    }

    /// Sends the requests made since the last flush.
    func flush() {
        guard !isLost else { return }
        if wl_display_flush(display) < 0 && errno != EAGAIN { lose() }
    }

    private func lose() {
        guard !isLost else { return }
        isLost = true
        readSource?.cancel()
        readSource = nil
        let code = wl_display_get_error(display)
        let reason =
            code == EPROTO
            ? "the Wayland compositor reported a protocol error"
            : "the Wayland compositor went away (\(String(cString: strerror(code == 0 ? EPIPE : code))))"
        connectionLostHandler?(reason)
    }

    /// Opens a window for `spec`, named `WINDOW-<n>`, titled `<app> — <name>`, and connects it
    /// once the compositor configured it.
    @discardableResult
    public func addWindow(_ spec: WindowScreenSpec, name: String? = nil) -> WaylandOutput {
        windowsMade += 1
        let output = WaylandOutput(
            name: name ?? "WINDOW-\(windowsMade)", spec: spec, backend: self)
        output.open(title: "\(appName) — \(output.name)")
        windowOutputs.append(output)
        // The first configure must come before a buffer is attached.
        while !output.isConfigured && !isLost {
            if wl_display_roundtrip(display) < 0 { lose() }
        }
        outputConnectedHandler?(output)
        return output
    }

    /// Closes `output`'s window (a simulated screen unplugged), calling the disconnected handler.
    public func removeWindow(_ output: WaylandOutput) {
        guard let index = windowOutputs.firstIndex(where: { $0 === output }) else { return }
        windowOutputs.remove(at: index)
        output.close()
        flush()
        outputDisconnectedHandler?(output)
    }

    /// Closes every window and the connection.
    public func shutdown() {
        for output in windowOutputs { output.close() }
        windowOutputs.removeAll()
        readSource?.cancel()
        readSource = nil
        if !isLost { wl_display_flush(display) }
        isLost = true
        wl_display_disconnect(display)
    }

    /// The window whose surface is `surface` (input events name surfaces).
    func output(for surface: OpaquePointer?) -> WaylandOutput? {
        windowOutputs.first { $0.surfaceHandle == surface && surface != nil }
    }

    func modeChanged(_ output: WaylandOutput, previous: DisplayMode) {
        outputModeChangedHandler?(output, previous)
    }

    func closeRequested(_ output: WaylandOutput) {
        closeRequestedHandler?(output)
    }
}
