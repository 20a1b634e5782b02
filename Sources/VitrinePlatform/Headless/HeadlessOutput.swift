import Foundation
import VitrineGraphics

/// A display output in memory, for tests and for machines without a panel: a real backend, not
/// a mock. It has modes, a swapchain of 1 to 3 XRGB8888 buffers with EGL-style ages, a front
/// buffer tests read back, and vblank timing driven by a `MediaClock`:
///
/// - vblanks happen at `vblankEpoch + n * refreshPeriod` (the epoch is when the output was
///   connected or its mode last changed), and vblank `n` has sequence number
///   `sequenceBase + n`;
/// - a present completes at the first vblank strictly after the present; the
///   `PresentEvent`'s timestamp is that vblank's time, as a DRM page flip reports it;
/// - with a `ManualClock`, the event fires when the test advances the clock to that vblank;
///   with a `MonotonicClock`, a one-shot main-queue timer fires at it. Nothing is scheduled
///   while nothing is presented, so an idle output wakes nothing.
///
/// Works on its own (connected from creation) or in a `HeadlessBackend`, which can unplug and
/// replug it and reports its mode changes.
///
/// It can be suspended (`suspend()`, `resume()`) as a DRM output is when its session goes
/// away, so that what the frame loop does then is tested without a card: while suspended
/// `acquireBuffer()` returns nil, `present` throws `.suspended`, a present in flight still
/// completes; `resume()` calls `resumeHandler` (the next frame repaints everything).
@MainActor
public final class HeadlessOutput: DisplayOutput {
    /// The connector-like name, `HEADLESS-1` by default.
    public let name: String
    /// `"Vitrine"` unless set, as an EDID manufacturer.
    public var make: String? = "Vitrine"
    /// `"Headless"` unless set, as an EDID model name.
    public var model: String? = "Headless"
    /// nil unless set, as an EDID serial number.
    public var serial: String?
    /// The size in millimetres a test wants the output to report; nil by default.
    public var physicalSize: CGSize?

    /// The clock vblanks are timed on.
    public let clock: any MediaClock
    /// The number of swapchain buffers: 2 (double buffering) or 3 (triple), as a panel's; or 1
    /// where nothing scans the output out (a daemon on a machine without a panel), so the one
    /// buffer is drawn over in place after each vblank (`FlipChain`).
    public let bufferCount: Int

    /// Whether the output is plugged in. A backend's `disconnect` clears it.
    public private(set) var isConnected = true
    /// The modes on offer; change them with `setAvailableModes(_:)`.
    public private(set) var modes: [DisplayMode]
    /// The mode being scanned out.
    public private(set) var currentMode: DisplayMode

    /// Called at the vblank that completes a present.
    public var presentCompletionHandler: (@MainActor (PresentEvent) -> Void)?
    /// Called when the output is resumed (`resume()`) or powered on again (`setPowered(true)`).
    public var resumeHandler: (@MainActor () -> Void)?
    /// Whether the output is suspended (`suspend()`): as a DRM output whose session is away,
    /// it hands out no buffer and refuses presents with `.suspended` until `resume()`.
    public private(set) var isSuspended = false
    /// The number of times `resume()` called `resumeHandler` (for tests).
    public private(set) var resumeCount = 0
    /// Makes the swapchain's buffers (in memory) at connection and at every mode change.
    public let bufferAllocator = MemoryBufferAllocator()

    /// Whether the panel is lit: false after `setPowered(false)`. A dark output hands out no
    /// buffer and refuses presents; `frontBuffer` keeps the last frame presented, as a
    /// DPMS-off panel keeps its scanout buffer (what it shows is black), so read
    /// `isPoweredOn` to know whether anything is visible. Replugging lights it again.
    public private(set) var isPoweredOn = true

    /// The most recently presented buffer: what the panel shows from the next vblank on. nil
    /// before the first present, after a mode change and while disconnected. Tests read it;
    /// it is the swapchain's own memory, so copy it (`screenshot()`) to keep it.
    public private(set) var frontBuffer: PixelBuffer?
    /// The damage passed with the most recent present, clipped to the buffer.
    public private(set) var lastDamage = Region()
    /// The number of presents accepted since the output was made.
    public private(set) var presentCount = 0
    /// The number of presents that completed (present events delivered).
    public private(set) var completedPresentCount = 0

    /// The time vblank 0 of the current mode happened at.
    public private(set) var vblankEpoch: Double
    /// The vblank counter's value at `vblankEpoch`.
    public private(set) var sequenceBase: UInt64 = 0

    private var swapchain: FlipChain?
    private var pendingTimer: ClockTimer?
    /// The vblank index (since the epoch) of the last completed present.
    private var lastCompletedVblank: Int?

    /// Tells the owning backend about a mode change (previous mode).
    var modeChangeObserver: (@MainActor (HeadlessOutput, DisplayMode) -> Void)?

    /// An output named `name` of `width` x `height` pixels refreshing at `refreshMillihertz`
    /// (that mode is its only, preferred mode), with `bufferCount` buffers (1 to 3), timed on
    /// `clock`.
    public convenience init(
        name: String = "HEADLESS-1", width: Int = 1920, height: Int = 1080,
        refreshMillihertz: Int = 60_000, bufferCount: Int = 2, clock: any MediaClock
    ) {
        self.init(
            name: name,
            modes: [DisplayMode(width: width, height: height, refreshMillihertz: refreshMillihertz, isPreferred: true)],
            bufferCount: bufferCount, clock: clock)
    }

    /// An output offering `modes` (not empty), starting in the preferred one (the first if
    /// none is marked preferred).
    public init(name: String, modes: [DisplayMode], bufferCount: Int = 2, clock: any MediaClock) {
        precondition(!modes.isEmpty, "an output needs at least one mode")
        precondition((1...3).contains(bufferCount), "a swapchain has 1 to 3 buffers")
        self.name = name
        self.modes = modes
        self.currentMode = modes.first(where: \.isPreferred) ?? modes[0]
        self.bufferCount = bufferCount
        self.clock = clock
        self.vblankEpoch = clock.now
        self.swapchain = makeSwapchain()
    }

    /// Whether a present waits for its vblank.
    public var isPresentPending: Bool { swapchain?.pendingSlot != nil }

    /// The swapchain's buffers (for tests that check buffer reuse); empty while disconnected.
    public var buffers: [PixelBuffer] { swapchain?.buffers ?? [] }

    /// A copy of the front buffer, safe to keep while rendering continues: a screenshot.
    public func screenshot() -> PixelBuffer? {
        frontBuffer?.copy()
    }

    /// The time of the first vblank strictly after `time` (what a present made at `time`
    /// waits for), in the current mode.
    public func nextVblank(after time: Double) -> Double {
        vblankTime(index: nextVblankIndex(after: time))
    }

    /// Switches to `mode` (matched by size and refresh rate among `modes`): fresh buffers
    /// (ages 0), no front buffer, vblank timing restarting now, the backend's mode-changed
    /// handler called. Throws `.presentPending` while a present is in flight (as an atomic
    /// modeset during a pending flip fails with `EBUSY`).
    public func setMode(_ mode: DisplayMode) throws(DisplayOutputError) {
        guard isConnected else { throw .disconnected(output: name) }
        guard let match = modes.first(where: { $0.hasSameTiming(as: mode) }) else {
            throw .unsupportedMode(output: name, mode: mode)
        }
        guard !match.hasSameTiming(as: currentMode) else { return }
        guard !isPresentPending else { throw .presentPending(output: name) }
        switchMode(to: match)
    }

    /// Replaces the modes on offer (not empty), as a display whose EDID changed. If the current
    /// mode is no longer offered, the output switches to the preferred one (the first if none
    /// is marked), dropping a present in flight, and reports the mode change.
    public func setAvailableModes(_ newModes: [DisplayMode]) {
        precondition(!newModes.isEmpty, "an output needs at least one mode")
        modes = newModes
        if let same = newModes.first(where: { $0.hasSameTiming(as: currentMode) }) {
            currentMode = same
        } else {
            switchMode(to: newModes.first(where: \.isPreferred) ?? newModes[0])
        }
    }

    /// Switches the panel off or on. A present in flight completes at its vblank either way;
    /// powering on calls `resumeHandler`, unless the output is suspended (then only the wish
    /// is recorded and `resume()` brings the picture back, as on DRM). Throws `.disconnected`
    /// while unplugged.
    public func setPowered(_ on: Bool) throws(DisplayOutputError) {
        guard isConnected else { throw .disconnected(output: name) }
        guard on != isPoweredOn else { return }
        isPoweredOn = on
        if on && !isSuspended { resumeHandler?() }
    }

    /// The session went away (as `DRMBackend.disableSession()` does to its outputs): frames
    /// are held, `acquireBuffer()` returns nil and `present` throws `.suspended` until
    /// `resume()`. A present in flight still completes at its vblank.
    public func suspend() {
        isSuspended = true
    }

    /// The session is back: the output takes frames again and, when it is powered on, calls
    /// `resumeHandler` so that the next frame repaints every pixel. Does nothing unless
    /// suspended.
    public func resume() {
        guard isSuspended else { return }
        isSuspended = false
        guard isConnected, isPoweredOn else { return }
        resumeCount += 1
        resumeHandler?()
    }

    /// The back buffer for the next frame: the free buffer presented longest ago (so a double
    /// buffer yields ages 0, 0, 2, 2, ... and a triple buffer 0, 0, 0, 3, 3, ...). nil while
    /// disconnected, suspended or powered off, or when every buffer is on screen or waiting for
    /// vblank.
    public func acquireBuffer() -> SwapchainBuffer? {
        guard isConnected, !isSuspended, isPoweredOn else { return nil }
        return swapchain?.acquire()
    }

    /// Makes the acquired buffer the front buffer, records `damage`, and schedules its
    /// completion at the first vblank strictly after now on the clock.
    public func present(_ buffer: SwapchainBuffer, damage: Region) throws(DisplayOutputError) {
        guard isConnected, swapchain != nil else { throw .disconnected(output: name) }
        guard !isSuspended else { throw .suspended(output: name) }
        guard isPoweredOn else { throw .poweredOff(output: name) }
        guard !isPresentPending else { throw .presentPending(output: name) }
        guard swapchain!.isAcquired(buffer) else { throw .bufferNotAcquired(output: name) }
        frontBuffer = swapchain!.presentAcquired()
        lastDamage = damage.intersection(Region(buffer.pixels.bounds))
        presentCount += 1

        var index = nextVblankIndex(after: clock.now)
        if let last = lastCompletedVblank, index <= last { index = last + 1 }
        let time = vblankTime(index: index)
        pendingTimer = clock.schedule(at: time) { [weak self] in
            self?.completePresent(vblank: index)
        }
    }

    // MARK: - Connection, driven by HeadlessBackend

    /// Unplugs: drops the swapchain, the front buffer and any present in flight.
    func markDisconnected() {
        guard isConnected else { return }
        isConnected = false
        pendingTimer?.cancel()
        pendingTimer = nil
        swapchain = nil
        frontBuffer = nil
    }

    /// Plugs back in with fresh buffers (ages 0) and vblank timing restarting now.
    func markConnected() {
        guard !isConnected else { return }
        isConnected = true
        isPoweredOn = true
        restartTiming()
        swapchain = makeSwapchain()
    }

    // MARK: - Private

    /// `bufferCount` zeroed buffers of the current mode's size from the allocator.
    private func makeSwapchain() -> FlipChain {
        FlipChain(
            buffers: (0..<bufferCount).map { _ in
                bufferAllocator.makeBuffer(width: currentMode.width, height: currentMode.height, format: .xrgb8888)
                    .pixels
            })
    }

    private func switchMode(to mode: DisplayMode) {
        let previous = currentMode
        pendingTimer?.cancel()
        pendingTimer = nil
        currentMode = mode
        frontBuffer = nil
        if isConnected {
            restartTiming()
            swapchain = makeSwapchain()
        }
        modeChangeObserver?(self, previous)
    }

    /// Starts a new vblank grid at the clock's now, continuing the sequence counter.
    private func restartTiming() {
        let now = clock.now
        let elapsed = nextVblankIndex(after: now) - 1
        sequenceBase += UInt64(max(0, max(elapsed, lastCompletedVblank ?? 0)))
        vblankEpoch = now
        lastCompletedVblank = nil
    }

    private func completePresent(vblank index: Int) {
        pendingTimer = nil
        swapchain?.completePending()
        lastCompletedVblank = index
        completedPresentCount += 1
        let event = PresentEvent(
            timestamp: vblankTime(index: index), sequence: sequenceBase + UInt64(index),
            refreshPeriod: currentMode.refreshPeriod)
        presentCompletionHandler?(event)
    }

    private func vblankTime(index: Int) -> Double {
        vblankEpoch + Double(index) * currentMode.refreshPeriod
    }

    /// The index of the first vblank strictly after `time`, tolerating rounding so that a
    /// present made exactly at a vblank (in its completion handler) waits for the next one.
    private func nextVblankIndex(after time: Double) -> Int {
        let frames = (time - vblankEpoch) / currentMode.refreshPeriod
        return max(0, Int((frames + 1e-6).rounded(.down))) + 1
    }
}
