import Foundation
import VitrineGraphics
import VitrinePlatform

/// A connected DRM connector driven by a CRTC and its primary plane: a `UIScreen`'s display.
///
/// It behaves as `HeadlessOutput` does (the `DisplayOutput` contract): a flip chain of two
/// mapped XRGB8888 buffers from its allocator (dumb buffers) with EGL-style ages, one present
/// in flight, a present-complete event at the vblank that shows it (the kernel's page-flip
/// event), `.disconnected` errors once unplugged. The modeset happens with the first present
/// after connection or `setMode`: atomic (checked with `TEST_ONLY` first) or, without atomic,
/// `drmModeSetCrtc` followed by a page flip so that it completes with an event too.
///
/// Switched off (`setPowered(false)`, idle blanking) the CRTC goes inactive: an atomic commit
/// of `ACTIVE` = 0, or without atomic the connector's `DPMS` property set to off. A flip in
/// flight lands first. Powered on, the next present is a full modeset (`ACTIVE` = 1; legacy:
/// `drmModeSetCrtc`, then `DPMS` on). How each of these reaches the kernel is its committer's
/// business (`AtomicCommitter`, `LegacyCommitter`); the output only decides what to commit.
@MainActor
public final class DRMOutput: DisplayOutput {
    /// The kernel's connector name: `Virtual-1`, `HDMI-A-1`, `DSI-1`.
    public let name: String
    /// The EDID's three-letter manufacturer id (`SAM`, `DEL`), if there is an EDID.
    public let make: String?
    /// The EDID's monitor name, else its product code in hex, if there is an EDID.
    public let model: String?
    /// The EDID's serial string, else its serial number, if there is one.
    public let serial: String?
    /// The size in millimetres the connector (or else the EDID) reports.
    public let physicalSize: CGSize?

    /// Whether the output is plugged in and usable.
    public private(set) var isConnected = true
    /// The connector's modes, one per timing, the native one flagged preferred.
    public private(set) var modes: [DisplayMode]
    /// The mode scanned out (or to be scanned out from the next present).
    public private(set) var currentMode: DisplayMode
    /// Two buffers: double buffering.
    public let bufferCount = 2
    /// Called at the vblank that shows a presented buffer (the page-flip event).
    public var presentCompletionHandler: (@MainActor (PresentEvent) -> Void)?

    /// The DRM connector object id.
    public var connectorID: UInt32 { committer.pipe.connectorID }
    /// The CRTC object id driving this output (none other drives it).
    public var crtcID: UInt32 { committer.pipe.crtcID }
    /// The primary plane object id.
    public var planeID: UInt32 { committer.pipe.planeID }
    /// Whether commits are atomic (false: legacy `drmModeSetCrtc` / `drmModePageFlip`).
    public var usesAtomic: Bool { card.usesAtomic }
    /// Whether the primary plane has `FB_DAMAGE_CLIPS`, so presents pass their damage on.
    public var supportsDamageClips: Bool { committer.pipe.planeProperties["FB_DAMAGE_CLIPS"] != nil }
    /// The number of page flips completed since connection.
    public private(set) var completedPresentCount = 0
    /// Whether the session is away (another DRM master, a VT switch): nothing is committed,
    /// `acquireBuffer()` returns nil and `present` throws `.suspended` until it resumes.
    public private(set) var isSuspended = false
    /// Called when the output resumes after a suspension or is powered on (the frame loop
    /// repaints everything).
    public var resumeHandler: (@MainActor () -> Void)?
    /// Whether the display is lit, as asked with `setPowered(_:)` (the CRTC follows once a
    /// flip in flight landed and, while suspended, once the session is back).
    public private(set) var isPoweredOn = true
    /// The damage of the last successful present (what the compositor repainted), for
    /// diagnostics: after a resume it covers the whole screen.
    public private(set) var lastPresentedDamage: Region?
    /// Tells the backend a commit failed because this process is no longer DRM master.
    var masterLossObserver: (@MainActor () -> Void)?

    /// The card's kernel interface.
    let card: any DRMKernelInterface
    /// How frames and power changes are committed (atomic or legacy).
    private let committer: any DRMCommitter
    /// Where the swapchain's buffers come from (dumb buffers).
    private let allocator: any BufferAllocator<DRMScanoutBuffer>
    private var drmModes: [(DisplayMode, DRMModeInfo)]
    private var chain: FlipChain?
    private var scanoutBuffers: [DRMScanoutBuffer] = []
    private var needsModeset = true
    /// Whether this output last left the CRTC active: false once a power-off went through.
    private var crtcIsLit = true
    /// The framebuffer on screen (after its flip completed), for captures.
    private(set) var scanoutFramebufferID: UInt32 = 0
    private let log: @MainActor (String) -> Void
    /// Tells the backend about a mode change (previous mode).
    var modeChangeObserver: (@MainActor (DRMOutput, DisplayMode) -> Void)?

    /// An output for `connector` on `crtcID` / `planeID`, starting in `mode` (one of its
    /// modes), its buffers made by `allocator` (dumb buffers on `card` when nil). Throws when
    /// its buffers cannot be made.
    init(
        card: any DRMKernelInterface, connector: DRMConnectorState, crtcID: UInt32, planeID: UInt32, mode: DisplayMode,
        allocator: (any BufferAllocator<DRMScanoutBuffer>)? = nil, log: @escaping @MainActor (String) -> Void
    ) throws(BufferAllocationError) {
        self.card = card
        self.name = connector.name
        self.committer = makeCommitter(
            kernel: card,
            pipe: DRMPipe(
                kernel: card, name: connector.name, connectorID: connector.id, crtcID: crtcID, planeID: planeID))
        self.allocator = allocator ?? DRMDumbBufferAllocator(kernel: card)
        self.log = log
        let edid = connector.edid.flatMap { try? EDID(bytes: $0) }
        if connector.edid != nil && edid == nil { log("\(connector.name): the EDID is not valid; ignoring it") }
        make = edid?.make
        model = edid?.model
        serial = edid?.serial
        if connector.physicalWidthMillimeters > 0 && connector.physicalHeightMillimeters > 0 {
            physicalSize = CGSize(
                width: connector.physicalWidthMillimeters, height: connector.physicalHeightMillimeters)
        } else if let edid, edid.widthMillimeters > 0, edid.heightMillimeters > 0 {
            physicalSize = CGSize(width: edid.widthMillimeters, height: edid.heightMillimeters)
        } else {
            physicalSize = nil
        }
        drmModes = connector.displayModes
        modes = drmModes.map(\.0)
        currentMode = mode
        try makeBuffers()
    }

    /// Whether a page flip is waiting for its vblank.
    public var isPresentPending: Bool { chain?.pendingSlot != nil }

    /// The back buffer for the next frame (ages as `HeadlessOutput`'s: 0, 0, 2, 2, ...); nil
    /// while disconnected or while both buffers are on screen or waiting.
    public func acquireBuffer() -> SwapchainBuffer? {
        guard isConnected, !isSuspended, isPoweredOn else { return nil }
        return chain?.acquire()
    }

    /// Commits the acquired buffer for the next vblank with a page-flip event, passing
    /// `damage` as `FB_DAMAGE_CLIPS` where the plane has it. The first present after
    /// connection or a mode change also sets the mode. When the kernel rejects that mode
    /// (`EINVAL` or `ERANGE` from the `TEST_ONLY` check or `drmModeSetCrtc`) the output switches
    /// to the preferred one; any other failure only fails this present, and the next one sets
    /// the same mode again.
    public func present(_ buffer: SwapchainBuffer, damage: Region) throws(DisplayOutputError) {
        guard isConnected, chain != nil else { throw .disconnected(output: name) }
        guard !isSuspended else { throw .suspended(output: name) }
        guard isPoweredOn else { throw .poweredOff(output: name) }
        guard !isPresentPending else { throw .presentPending(output: name) }
        guard chain!.isAcquired(buffer) else { throw .bufferNotAcquired(output: name) }
        if let failure = commit(framebufferID: scanoutBuffers[buffer.slot].framebufferID, damage: damage) {
            // Without master every commit fails with EACCES: the session went away without
            // telling us (logind revoked master at a VT switch). Hold frames, say it once.
            if failure.code == EACCES || failure.code == EPERM, !card.isMasterNow {
                masterLossObserver?()
                throw .suspended(output: name)
            }
            // The kernel refused this mode (its TEST_ONLY commit, or the legacy modeset, with
            // EINVAL or ERANGE): the preferred mode instead, as for a configured mode the
            // connector lacks. Any other failure (EBUSY, ENOMEM ...) says nothing about the
            // mode: the modeset stays due and the next frame tries the same mode again.
            if failure.rejectsMode, let fallback = Self.fallbackMode(afterRejecting: currentMode, among: modes) {
                log("\(name): the kernel rejected \(currentMode) (\(failure)); falling back to \(fallback)")
                do { try switchMode(to: fallback) } catch { log("\(name): \(error)") }
            }
            throw .backendFailure(output: name, reason: failure.description)
        }
        lastPresentedDamage = damage
        needsModeset = false
        crtcIsLit = true
        _ = chain!.presentAcquired()
    }

    /// Switches to `mode` (one of `modes`): fresh buffers (ages 0), the modeset at the next
    /// present, the backend's mode-changed handler called. Throws `.presentPending` while a
    /// flip is in flight.
    public func setMode(_ mode: DisplayMode) throws(DisplayOutputError) {
        guard isConnected else { throw .disconnected(output: name) }
        guard let match = modes.first(where: { $0.hasSameTiming(as: mode) }) else {
            throw .unsupportedMode(output: name, mode: mode)
        }
        guard !match.hasSameTiming(as: currentMode) else { return }
        guard !isPresentPending else { throw .presentPending(output: name) }
        do {
            try switchMode(to: match)
        } catch {
            throw .backendFailure(output: name, reason: error.description)
        }
    }

    /// Switches the display off (the CRTC inactive, after a flip in flight lands) or on (the
    /// next present is a full modeset; `resumeHandler` asks for it). While suspended only the
    /// wish is recorded: a resume while off switches the CRTC off again, since the other master
    /// may have lit it. Throws `.disconnected` once unplugged and `.backendFailure` when the
    /// kernel refuses to switch it off (it stays on).
    public func setPowered(_ on: Bool) throws(DisplayOutputError) {
        guard isConnected else { throw .disconnected(output: name) }
        guard on != isPoweredOn else { return }
        isPoweredOn = on
        if on {
            if !crtcIsLit { needsModeset = true }
            if !isSuspended { resumeHandler?() }
        } else if !isSuspended, !isPresentPending, let failure = switchDisplayOff() {
            isPoweredOn = true
            throw .backendFailure(output: name, reason: failure.description)
        }
    }

    /// The mode the kernel's CRTC runs now (nil when it is off): what is really on the wire.
    public var activeCRTCMode: DisplayMode? {
        card.crtcState(crtcID)?.mode?.displayMode
    }

    // MARK: - Backend side

    /// A page flip on this output's CRTC completed.
    func completeFlip(_ event: DRMFlipEvent) {
        guard isConnected, let pending = chain?.pendingSlot else { return }
        scanoutFramebufferID = scanoutBuffers[pending].framebufferID
        chain?.completePending()
        completedPresentCount += 1
        // Switched off while this flip was in flight: now that it landed, the CRTC can go.
        if !isPoweredOn, !isSuspended, let failure = switchDisplayOff() {
            log("\(name): \(failure); it stays on")
            isPoweredOn = true
        }
        presentCompletionHandler?(
            PresentEvent(
                timestamp: event.timestamp, sequence: UInt64(event.sequence), refreshPeriod: currentMode.refreshPeriod))
    }

    /// The session went away: hold every frame until `resume()`.
    func suspend() {
        isSuspended = true
    }

    /// The session is back and this process is master again: the next present sets the mode
    /// again (another master may have changed the CRTC), and the resume handler asks for a
    /// frame that repaints everything.
    func resume() {
        guard isSuspended else { return }
        isSuspended = false
        needsModeset = true
        guard isConnected else { return }
        guard isPoweredOn else {
            // Another master may have lit the CRTC meanwhile: dark again until powered on.
            crtcIsLit = true
            if let failure = switchDisplayOff() { log("\(name): \(failure)") }
            return
        }
        resumeHandler?()
    }

    /// A re-probe found `connector` still connected: takes its new mode list. When the current
    /// mode is gone, switches to the preferred one. Returns the previous mode when the mode or
    /// the list changed.
    func update(from connector: DRMConnectorState) -> DisplayMode? {
        let fresh = connector.displayModes
        let freshModes = fresh.map(\.0)
        guard freshModes != modes, !fresh.isEmpty else { return nil }
        let previous = currentMode
        drmModes = fresh
        modes = freshModes
        if let same = freshModes.first(where: { $0.hasSameTiming(as: currentMode) }) {
            currentMode = same
        } else {
            let preferred = freshModes.first(where: \.isPreferred) ?? freshModes[0]
            log("\(name): mode \(currentMode) is gone; switching to \(preferred)")
            do { try switchMode(to: preferred, notify: false) } catch { log("\(name): \(error)") }
        }
        return previous
    }

    /// Unplugged (or the backend stops): switches the CRTC off, frees the buffers and the
    /// mode blob, drops a flip in flight.
    func disconnect(releaseCRTC: Bool) {
        guard isConnected else { return }
        isConnected = false
        if releaseCRTC, let failure = committer.disable() {
            log("\(name): cannot switch the CRTC off: \(failure)")
        }
        freeBuffers()
        committer.release()
    }

    /// The framebuffer ids of the swapchain (for captures and tests).
    var framebufferIDs: [UInt32] { scanoutBuffers.map(\.framebufferID) }

    /// Properties of this output's objects, by name, for the backend's capture commit.
    func planeStateProperties(framebuffer: UInt32) -> [DRMPropertyAssignment] {
        committer.pipe.planeState(framebuffer: framebuffer, width: currentMode.width, height: currentMode.height)
    }

    // MARK: - Private

    /// Commits `framebufferID` through the committer: a modeset first when one is due, else
    /// a flip carrying `damage` as clips.
    private func commit(framebufferID: UInt32, damage: Region) -> DRMCommitFailure? {
        var modeset: DRMModeInfo?
        if needsModeset {
            guard let mode = drmModes.first(where: { $0.0.hasSameTiming(as: currentMode) })?.1 else {
                // No timing to set: retrying cannot help, so this counts as a rejection.
                return DRMCommitFailure(DRMError("find the DRM timing of \(currentMode)", -EINVAL), checkingMode: true)
            }
            modeset = mode
        }
        return committer.commit(
            DRMFrame(
                framebufferID: framebufferID, mode: currentMode, modeset: modeset,
                damage: needsModeset || !supportsDamageClips
                    ? [] : DRMDamageRect.clips(for: damage, width: currentMode.width, height: currentMode.height),
                crtcWasDark: !crtcIsLit))
    }

    /// The mode to try after the kernel rejected a modeset to `rejected`: the preferred mode
    /// (else the first listed), unless that is the rejected one (then nil: the output waits for
    /// the next hotplug or mode change, which re-probes).
    static func fallbackMode(afterRejecting rejected: DisplayMode, among modes: [DisplayMode]) -> DisplayMode? {
        guard let preferred = modes.first(where: \.isPreferred) ?? modes.first,
            !preferred.hasSameTiming(as: rejected)
        else { return nil }
        return preferred
    }

    private func switchMode(to mode: DisplayMode, notify: Bool = true) throws(BufferAllocationError) {
        let previous = currentMode
        currentMode = mode
        freeBuffers()
        needsModeset = true
        try makeBuffers()
        if notify { modeChangeObserver?(self, previous) }
    }

    private func makeBuffers() throws(BufferAllocationError) {
        var made: [DRMScanoutBuffer] = []
        for _ in 0..<bufferCount {
            do {
                made.append(
                    try allocator.makeBuffer(width: currentMode.width, height: currentMode.height, format: .xrgb8888))
            } catch {
                made.forEach(allocator.free)
                throw error
            }
        }
        scanoutBuffers = made
        // The pixel buffers wrap the mappings; the allocator frees them in `freeBuffers`,
        // which drops the chain (and so the wrappers) first.
        chain = FlipChain(buffers: made.map(\.pixels))
    }

    private func freeBuffers() {
        chain = nil
        scanoutBuffers.forEach(allocator.free)
        scanoutBuffers = []
        scanoutFramebufferID = 0
    }

    /// Makes the CRTC inactive, keeping its configuration (what the legacy DPMS off does in an
    /// atomic driver): `ACTIVE` = 0, or the connector's `DPMS` off without atomic. A commit
    /// refused for want of master suspends the output (the wish stays and is applied at the
    /// resume); other failures are returned.
    private func switchDisplayOff() -> DRMError? {
        guard crtcIsLit else { return nil }
        guard let failure = committer.deactivate() else {
            crtcIsLit = false
            return nil
        }
        if failure.code == EACCES || failure.code == EPERM, !card.isMasterNow {
            masterLossObserver?()
            return nil
        }
        return failure
    }
}
