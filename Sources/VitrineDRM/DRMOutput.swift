import Foundation
import VitrineGraphics
import VitrinePlatform

/// A connected DRM connector driven by a CRTC and its primary plane: a `UIScreen`'s display.
///
/// It behaves as `HeadlessOutput` does (the `DisplayOutput` contract): a flip chain of two
/// mapped XRGB8888 dumb buffers with EGL-style ages, one present in flight, a present-complete
/// event at the vblank that shows it (the kernel's page-flip event), `.disconnected` errors
/// once unplugged. The modeset happens with the first present after connection or `setMode`:
/// atomic (checked with `TEST_ONLY` first) or, without atomic, `drmModeSetCrtc` followed by a
/// page flip so that it completes with an event too.
///
/// Switched off (`setPowered(false)`, idle blanking) the CRTC goes inactive: an atomic commit
/// of `ACTIVE` = 0, or without atomic the connector's `DPMS` property set to off. A flip in
/// flight lands first. Powered on, the next present is a full modeset (`ACTIVE` = 1; legacy:
/// `drmModeSetCrtc`, then `DPMS` on).
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
    public let connectorID: UInt32
    /// The CRTC object id driving this output (none other drives it).
    public let crtcID: UInt32
    /// The primary plane object id.
    public let planeID: UInt32
    /// Whether commits are atomic (false: legacy `drmModeSetCrtc` / `drmModePageFlip`).
    public var usesAtomic: Bool { card.usesAtomic }
    /// Whether the primary plane has `FB_DAMAGE_CLIPS`, so presents pass their damage on.
    public var supportsDamageClips: Bool { planeProperties["FB_DAMAGE_CLIPS"] != nil }
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

    let card: DRMCard
    private var drmModes: [(DisplayMode, DRMModeInfo)]
    private var chain: FlipChain?
    private var dumbBuffers: [DRMDumbBuffer] = []
    private var needsModeset = true
    /// Whether this output last left the CRTC active: false once a power-off went through.
    private var crtcIsLit = true
    private var modeBlobID: UInt32 = 0
    /// The framebuffer on screen (after its flip completed), for captures.
    private(set) var scanoutFramebufferID: UInt32 = 0
    private let connectorProperties: [String: UInt32]
    private let crtcProperties: [String: UInt32]
    private let planeProperties: [String: UInt32]
    private let log: @MainActor (String) -> Void
    /// Tells the backend about a mode change (previous mode).
    var modeChangeObserver: (@MainActor (DRMOutput, DisplayMode) -> Void)?

    /// An output for `connector` on `crtcID` / `planeID`, starting in `mode` (one of its
    /// modes). Throws when its buffers cannot be made.
    init(
        card: DRMCard, connector: DRMConnectorState, crtcID: UInt32, planeID: UInt32, mode: DisplayMode,
        log: @escaping @MainActor (String) -> Void
    ) throws(DRMError) {
        self.card = card
        self.name = connector.name
        self.connectorID = connector.id
        self.crtcID = crtcID
        self.planeID = planeID
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
        connectorProperties = card.properties(of: connector.id, type: DRMCard.connectorObject)
        crtcProperties = card.properties(of: crtcID, type: DRMCard.crtcObject)
        planeProperties = card.properties(of: planeID, type: DRMCard.planeObject)
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
    /// connection or a mode change also sets the mode.
    public func present(_ buffer: SwapchainBuffer, damage: Region) throws(DisplayOutputError) {
        guard isConnected, chain != nil else { throw .disconnected(output: name) }
        guard !isSuspended else { throw .suspended(output: name) }
        guard isPoweredOn else { throw .poweredOff(output: name) }
        guard !isPresentPending else { throw .presentPending(output: name) }
        guard chain!.isAcquired(buffer) else { throw .bufferNotAcquired(output: name) }
        let framebuffer = dumbBuffers[buffer.slot].framebufferID
        let status =
            card.usesAtomic
            ? atomicPresent(framebuffer: framebuffer, damage: damage) : legacyPresent(framebuffer: framebuffer)
        if let failure = status {
            // Without master every commit fails with EACCES: the session went away without
            // telling us (logind revoked master at a VT switch). Hold frames, say it once.
            if failure.code == EACCES || failure.code == EPERM, !card.isMasterNow {
                masterLossObserver?()
                throw .suspended(output: name)
            }
            if needsModeset, let fallback = Self.fallbackMode(afterRejecting: currentMode, among: modes) {
                // The kernel refused this mode (its TEST_ONLY commit, or the legacy modeset):
                // the preferred mode instead, as for a configured mode the connector lacks.
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
        scanoutFramebufferID = dumbBuffers[pending].framebufferID
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
        if releaseCRTC { switchOff() }
        freeBuffers()
        if modeBlobID != 0 {
            card.destroyBlob(modeBlobID)
            modeBlobID = 0
        }
    }

    /// The framebuffer ids of the swapchain (for captures and tests).
    var framebufferIDs: [UInt32] { dumbBuffers.map(\.framebufferID) }

    /// Properties of this output's objects, by name, for the backend's capture commit.
    func planeStateProperties(framebuffer: UInt32) -> [(object: UInt32, property: UInt32, value: UInt64)] {
        let width = UInt64(currentMode.width)
        let height = UInt64(currentMode.height)
        let p = planeProperties
        return [
            (planeID, p["FB_ID"] ?? 0, UInt64(framebuffer)), (planeID, p["CRTC_ID"] ?? 0, UInt64(crtcID)),
            (planeID, p["SRC_X"] ?? 0, 0), (planeID, p["SRC_Y"] ?? 0, 0),
            (planeID, p["SRC_W"] ?? 0, width << 16), (planeID, p["SRC_H"] ?? 0, height << 16),
            (planeID, p["CRTC_X"] ?? 0, 0), (planeID, p["CRTC_Y"] ?? 0, 0),
            (planeID, p["CRTC_W"] ?? 0, width), (planeID, p["CRTC_H"] ?? 0, height),
        ]
    }

    // MARK: - Private

    private func atomicPresent(framebuffer: UInt32, damage: Region) -> DRMError? {
        var properties = planeStateProperties(framebuffer: framebuffer)
        var flags: DRMCommitFlags = [.nonblock, .pageFlipEvent]
        if needsModeset {
            guard let mode = drmModes.first(where: { $0.0.hasSameTiming(as: currentMode) })?.1 else {
                return DRMError("find the DRM timing of \(currentMode)", -EINVAL)
            }
            if modeBlobID != 0 { card.destroyBlob(modeBlobID) }
            switch card.makeModeBlob(mode) {
            case .success(let id): modeBlobID = id
            case .failure(let error):
                modeBlobID = 0
                return error
            }
            properties += [
                (connectorID, connectorProperties["CRTC_ID"] ?? 0, UInt64(crtcID)),
                (crtcID, crtcProperties["MODE_ID"] ?? 0, UInt64(modeBlobID)),
                (crtcID, crtcProperties["ACTIVE"] ?? 0, 1),
            ]
            flags.insert(.allowModeset)
            let test = card.atomicCommit(properties, flags: [.testOnly, .allowModeset])
            if test != 0 { return DRMError("modeset \(name) to \(currentMode) (TEST_ONLY)", test) }
        }
        var damageBlob: UInt32 = 0
        if !needsModeset, let property = planeProperties["FB_DAMAGE_CLIPS"] {
            let rects = DRMDamageRect.clips(for: damage, width: currentMode.width, height: currentMode.height)
            if !rects.isEmpty, case .success(let id) = card.makeDamageBlob(rects) {
                damageBlob = id
                properties.append((planeID, property, UInt64(id)))
            }
        }
        defer { if damageBlob != 0 { card.destroyBlob(damageBlob) } }
        let status = card.atomicCommit(properties, flags: flags)
        return status == 0 ? nil : DRMError(needsModeset ? "modeset \(name)" : "flip \(name)", status)
    }

    private func legacyPresent(framebuffer: UInt32) -> DRMError? {
        if needsModeset {
            guard let mode = drmModes.first(where: { $0.0.hasSameTiming(as: currentMode) })?.1 else {
                return DRMError("find the DRM timing of \(currentMode)", -EINVAL)
            }
            let status = card.setCRTC(crtcID, framebuffer: framebuffer, connector: connectorID, mode: mode)
            if status != 0 { return DRMError("set the CRTC of \(name)", status) }
            // The kernel keeps the connector's DPMS value across a modeset; without setting it
            // back on, the next DPMS off would be taken for no change.
            if !crtcIsLit, let dpms = connectorProperties["DPMS"] {
                let status = card.setConnectorProperty(connectorID, property: dpms, value: DRMCard.dpmsOn)
                if status != 0 { return DRMError("switch \(name) on (DPMS)", status) }
            }
        }
        // After a legacy modeset the same framebuffer is flipped to, so the modeset too
        // completes with a page-flip event.
        let status = card.pageFlip(crtcID, framebuffer: framebuffer)
        return status == 0 ? nil : DRMError("flip \(name)", status)
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

    private func switchMode(to mode: DisplayMode, notify: Bool = true) throws(DRMError) {
        let previous = currentMode
        currentMode = mode
        freeBuffers()
        needsModeset = true
        try makeBuffers()
        if notify { modeChangeObserver?(self, previous) }
    }

    private func makeBuffers() throws(DRMError) {
        var made: [DRMDumbBuffer] = []
        for _ in 0..<bufferCount {
            switch card.makeDumbBuffer(width: currentMode.width, height: currentMode.height) {
            case .success(let buffer): made.append(buffer)
            case .failure(let error):
                made.forEach(card.destroy)
                throw error
            }
        }
        dumbBuffers = made
        // The pixel buffers wrap the mappings; the dumb buffers are freed by `freeBuffers`,
        // which drops the chain (and so the wrappers) first.
        chain = FlipChain(
            buffers: made.map {
                PixelBuffer(
                    wrapping: $0.memory, width: $0.width, height: $0.height, stride: $0.stride, format: .xrgb8888)
            })
    }

    private func freeBuffers() {
        chain = nil
        dumbBuffers.forEach(card.destroy)
        dumbBuffers = []
        scanoutFramebufferID = 0
    }

    /// Makes the CRTC inactive, keeping its configuration (what the legacy DPMS off does in an
    /// atomic driver): `ACTIVE` = 0, or the connector's `DPMS` off without atomic. A commit
    /// refused for want of master suspends the output (the wish stays and is applied at the
    /// resume); other failures are returned.
    private func switchDisplayOff() -> DRMError? {
        guard crtcIsLit else { return nil }
        let status: Int32
        if card.usesAtomic {
            guard let active = crtcProperties["ACTIVE"] else {
                return DRMError("find CRTC \(crtcID)'s ACTIVE", -ENOENT)
            }
            status = card.atomicCommit([(crtcID, active, 0)], flags: [.allowModeset])
        } else {
            guard let dpms = connectorProperties["DPMS"] else { return DRMError("find \(name)'s DPMS", -ENOENT) }
            status = card.setConnectorProperty(connectorID, property: dpms, value: DRMCard.dpmsOff)
        }
        guard status != 0 else {
            crtcIsLit = false
            return nil
        }
        let failure = DRMError("switch \(name) off", status)
        if failure.code == EACCES || failure.code == EPERM, !card.isMasterNow {
            masterLossObserver?()
            return nil
        }
        return failure
    }

    private func switchOff() {
        if card.usesAtomic {
            let p = planeProperties
            let status = card.atomicCommit(
                [
                    (connectorID, connectorProperties["CRTC_ID"] ?? 0, 0),
                    (crtcID, crtcProperties["MODE_ID"] ?? 0, 0), (crtcID, crtcProperties["ACTIVE"] ?? 0, 0),
                    (planeID, p["FB_ID"] ?? 0, 0), (planeID, p["CRTC_ID"] ?? 0, 0),
                ], flags: [.allowModeset])
            if status != 0 { log("\(name): cannot switch the CRTC off: \(DRMError("commit", status))") }
        } else {
            card.disableCRTC(crtcID)
        }
    }
}
