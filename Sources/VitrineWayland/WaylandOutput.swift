import CWayland
import Foundation
import VitrineGraphics
import VitrinePlatform

#if canImport(Glibc)
    import Glibc
#endif

/// One Vitrine screen as a Wayland window: an `xdg_toplevel` whose surface shows XRGB8888
/// `wl_shm` buffers, two of them, each attached with only its damage (`damage_buffer`). A
/// present asks for a `wl_surface.frame` callback, and that callback is the vblank
/// (`presentCompletionHandler`): the compositor sends it when it is a good time to draw the
/// next frame, and never while the window is hidden or minimised, so frames stop then.
///
/// A resize by the user is a mode change or refused (`WindowResizePolicy`); closing the window
/// asks the backend's `closeRequestedHandler` to quit the app.
@MainActor
public final class WaylandOutput: DisplayOutput {
    public let name: String
    public var make: String? { "Vitrine" }
    public var model: String? { "Window" }
    public var serial: String? { nil }
    /// The size that gives the screen its `--window-screen` scale.
    public private(set) var physicalSize: CGSize?
    public private(set) var isConnected = true
    public private(set) var modes: [DisplayMode]
    public private(set) var currentMode: DisplayMode
    public let bufferCount = 2
    public var presentCompletionHandler: (@MainActor (PresentEvent) -> Void)?
    public var resumeHandler: (@MainActor () -> Void)?
    public private(set) var isPoweredOn = true
    /// The simulated panel this window shows.
    public private(set) var spec: WindowScreenSpec
    /// Whether the compositor configured the window (before that nothing may be attached).
    public private(set) var isConfigured = false
    /// Frame callbacks received: frames the compositor showed.
    public private(set) var frameCallbackCount = 0
    /// The damage of the last present, as sent with `damage_buffer`.
    public private(set) var lastDamage = Region()
    /// The last buffer presented (what the window shows), for tests and captures.
    public private(set) var frontBuffer: PixelBuffer?

    private unowned let backend: WaylandBackend
    private var surface: OpaquePointer?
    /// The `wl_surface`, which input events name.
    var surfaceHandle: OpaquePointer? { surface }
    private var xdgSurface: OpaquePointer?
    private var toplevel: OpaquePointer?
    private var swapchain: CallbackPacedSwapchain?
    private var wlBuffers: [OpaquePointer?] = []
    private var bufferTokens: [BufferToken] = []
    private var frameCallback: OpaquePointer?
    private var configuredSize: (width: Int, height: Int)?

    init(name: String, spec: WindowScreenSpec, backend: WaylandBackend) {
        self.name = name
        self.spec = spec
        self.backend = backend
        let mode = DisplayMode(width: spec.width, height: spec.height, refreshMillihertz: 60_000, isPreferred: true)
        modes = [mode]
        currentMode = mode
        physicalSize = spec.physicalSize
    }

    public var isPresentPending: Bool { swapchain?.isPresentPending ?? false }

    // MARK: The window

    func open(title: String) {
        surface = wl_compositor_create_surface(backend.compositor)
        xdgSurface = xdg_wm_base_get_xdg_surface(backend.wmBase, surface)
        let me = Unmanaged.passUnretained(self).toOpaque()
        xdg_surface_add_listener(xdgSurface, Self.xdgSurfaceListener, me)
        toplevel = xdg_surface_get_toplevel(xdgSurface)
        xdg_toplevel_add_listener(toplevel, Self.toplevelListener, me)
        xdg_toplevel_set_title(toplevel, title)
        xdg_toplevel_set_app_id(toplevel, "vitrine")
        applySizeLimits()
        wl_surface_commit(surface)
        makeBuffers()
    }

    /// With resizing refused, the compositor is told the window has one size.
    private func applySizeLimits() {
        guard backend.resizePolicy == .refuse else { return }
        xdg_toplevel_set_min_size(toplevel, Int32(currentMode.width), Int32(currentMode.height))
        xdg_toplevel_set_max_size(toplevel, Int32(currentMode.width), Int32(currentMode.height))
    }

    func close() {
        guard isConnected else { return }
        isConnected = false
        destroyBuffers()
        swapchain = nil
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = nil
        if let toplevel { xdg_toplevel_destroy(toplevel) }
        if let xdgSurface { xdg_surface_destroy(xdgSurface) }
        if let surface { wl_surface_destroy(surface) }
        toplevel = nil
        xdgSurface = nil
        surface = nil
        frontBuffer = nil
    }

    // MARK: DisplayOutput

    public func setMode(_ mode: DisplayMode) throws(DisplayOutputError) {
        guard isConnected else { throw .disconnected(output: name) }
        guard let match = modes.first(where: { $0.hasSameTiming(as: mode) }) else {
            throw .unsupportedMode(output: name, mode: mode)
        }
        guard !match.hasSameTiming(as: currentMode) else { return }
        switchMode(to: match)
    }

    public func acquireBuffer() -> SwapchainBuffer? {
        guard isConnected, isConfigured, isPoweredOn else { return nil }
        return swapchain?.acquire()
    }

    public func present(_ buffer: SwapchainBuffer, damage: Region) throws(DisplayOutputError) {
        guard isConnected, let surface else { throw .disconnected(output: name) }
        guard isPoweredOn else { throw .poweredOff(output: name) }
        guard var chain = swapchain else { throw .disconnected(output: name) }
        guard !chain.isPresentPending else { throw .presentPending(output: name) }
        guard chain.isAcquired(buffer) else { throw .bufferNotAcquired(output: name) }
        let (slot, pixels) = chain.presentAcquired()
        swapchain = chain
        frontBuffer = pixels
        lastDamage = damage.intersection(Region(pixels.bounds))
        wl_surface_attach(surface, wlBuffers[slot], 0, 0)
        for rect in lastDamage.rects {
            wl_surface_damage_buffer(surface, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
        }
        let callback = wl_surface_frame(surface)
        wl_callback_add_listener(callback, Self.frameListener, Unmanaged.passUnretained(self).toOpaque())
        frameCallback = callback
        wl_surface_commit(surface)
        backend.flush()
    }

    /// A dark window: nothing is attached (the window keeps its last picture, as a DPMS-off
    /// panel keeps its buffer), and frames are held until it is powered on.
    public func setPowered(_ on: Bool) throws(DisplayOutputError) {
        guard isConnected else { throw .disconnected(output: name) }
        guard on != isPoweredOn else { return }
        isPoweredOn = on
        if on { resumeHandler?() }
    }

    // MARK: Buffers

    /// Two shared-memory buffers of the current mode, each in its own memfd pool.
    private func makeBuffers() {
        destroyBuffers()
        let width = currentMode.width
        let height = currentMode.height
        let stride = width * 4
        let size = stride * height
        var pixels: [PixelBuffer] = []
        for slot in 0..<bufferCount {
            let fd = vitrine_wayland_shm_file(size)
            guard fd >= 0, let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), memory != MAP_FAILED
            else {
                fatalError("cannot make a \(width)x\(height) shared-memory buffer: \(String(cString: strerror(errno)))")
            }
            let pool = wl_shm_create_pool(backend.shm, fd, Int32(size))
            let buffer = wl_shm_pool_create_buffer(
                pool, 0, Int32(width), Int32(height), Int32(stride), WL_SHM_FORMAT_XRGB8888.rawValue)
            wl_shm_pool_destroy(pool)
            Glibc.close(fd)
            let token = BufferToken(slot: slot, output: self)
            wl_buffer_add_listener(buffer, Self.bufferListener, Unmanaged.passUnretained(token).toOpaque())
            bufferTokens.append(token)
            wlBuffers.append(buffer)
            pixels.append(
                PixelBuffer(
                    wrapping: memory, width: width, height: height, stride: stride, format: .xrgb8888,
                    release: { munmap(memory, size) }))
        }
        swapchain = CallbackPacedSwapchain(buffers: pixels, sequence: swapchain?.sequence ?? 0)
    }

    private func destroyBuffers() {
        for buffer in wlBuffers { if let buffer { wl_buffer_destroy(buffer) } }
        wlBuffers.removeAll()
        for token in bufferTokens { token.output = nil }
        bufferTokens.removeAll()
    }

    private func switchMode(to mode: DisplayMode) {
        let previous = currentMode
        currentMode = mode
        modes = [mode]
        physicalSize = WindowScreenSpec(width: mode.width, height: mode.height, scale: spec.scale).physicalSize
        // A frame in flight for the old size is dropped, as a headless output's is.
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = nil
        frontBuffer = nil
        makeBuffers()
        backend.modeChanged(self, previous: previous)
    }

    // MARK: Events

    fileprivate func released(slot: Int) {
        if swapchain?.released(slot: slot) == true { resumeHandler?() }
    }

    private func frameDone(_ callback: OpaquePointer?) {
        wl_callback_destroy(callback)
        guard callback == frameCallback else { return }
        frameCallback = nil
        frameCallbackCount += 1
        guard
            let event = swapchain?.frameCallback(
                timestamp: backend.clock.now, refreshPeriod: currentMode.refreshPeriod)
        else { return }
        presentCompletionHandler?(event)
    }

    private func configure(serial: UInt32) {
        xdg_surface_ack_configure(xdgSurface, serial)
        let first = !isConfigured
        isConfigured = true
        if let size = configuredSize, backend.resizePolicy == .modeChange, size.width > 0, size.height > 0,
            size.width != currentMode.width || size.height != currentMode.height
        {
            let width = min(8192, size.width)
            let height = min(8192, size.height)
            switchMode(to: DisplayMode(width: width, height: height, refreshMillihertz: 60_000, isPreferred: true))
        } else if !first, frontBuffer == nil || !isPresentPending {
            // A configure (focus, maximise) needs a commit to be acknowledged on screen.
            backend.flush()
        }
    }

    private func toplevelConfigure(width: Int32, height: Int32) {
        configuredSize = (Int(width), Int(height))
    }

    private static let xdgSurfaceListener: UnsafeMutablePointer<xdg_surface_listener> = {
        let listener = UnsafeMutablePointer<xdg_surface_listener>.allocate(capacity: 1)
        listener.initialize(
            to: xdg_surface_listener(configure: { data, _, serial in
                guard let data else { return }
                let output = Unmanaged<WaylandOutput>.fromOpaque(data).takeUnretainedValue()
                MainActor.assumeIsolated { output.configure(serial: serial) }
            }))
        return listener
    }()

    private static let toplevelListener: UnsafeMutablePointer<xdg_toplevel_listener> = {
        let listener = UnsafeMutablePointer<xdg_toplevel_listener>.allocate(capacity: 1)
        listener.initialize(
            to: xdg_toplevel_listener(
                configure: { data, _, width, height, _ in
                    guard let data else { return }
                    let output = Unmanaged<WaylandOutput>.fromOpaque(data).takeUnretainedValue()
                    MainActor.assumeIsolated { output.toplevelConfigure(width: width, height: height) }
                },
                close: { data, _ in
                    guard let data else { return }
                    let output = Unmanaged<WaylandOutput>.fromOpaque(data).takeUnretainedValue()
                    MainActor.assumeIsolated { output.backend.closeRequested(output) }
                },
                // Not sent at the xdg_wm_base version bound (1).
                configure_bounds: { _, _, _, _ in }, wm_capabilities: { _, _, _ in }))
        return listener
    }()

    private static let frameListener: UnsafeMutablePointer<wl_callback_listener> = {
        let listener = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_callback_listener(done: { data, callback, _ in
                guard let data else { return }
                let output = Unmanaged<WaylandOutput>.fromOpaque(data).takeUnretainedValue()
                // Called on the main thread, inside wl_display_dispatch.
                nonisolated(unsafe) let callback = callback
                MainActor.assumeIsolated { output.frameDone(callback) }
            }))
        return listener
    }()

    private static let bufferListener: UnsafeMutablePointer<wl_buffer_listener> = {
        let listener = UnsafeMutablePointer<wl_buffer_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_buffer_listener(release: { data, _ in
                guard let data else { return }
                let token = Unmanaged<BufferToken>.fromOpaque(data).takeUnretainedValue()
                MainActor.assumeIsolated { token.output?.released(slot: token.slot) }
            }))
        return listener
    }()
}

/// What a `wl_buffer`'s release event finds its output and slot by (kept while the buffer
/// lives; the output forgets it when the buffer is destroyed).
@MainActor
private final class BufferToken {
    let slot: Int
    weak var output: WaylandOutput?
    init(slot: Int, output: WaylandOutput) {
        self.slot = slot
        self.output = output
    }
}
