import Foundation
import VitrinePlatform

/// The KMS objects that drive one output, with their property ids: a connector, the CRTC
/// feeding it and that CRTC's primary plane.
struct DRMPipe {
    /// The connector's name, for errors and logs.
    var name: String
    var connectorID: UInt32
    var crtcID: UInt32
    var planeID: UInt32
    var connectorProperties: [String: UInt32]
    var crtcProperties: [String: UInt32]
    var planeProperties: [String: UInt32]

    /// The pipe of `connectorID` on `crtcID` / `planeID`, its property ids read from `kernel`.
    @MainActor
    init(kernel: any DRMKernelInterface, name: String, connectorID: UInt32, crtcID: UInt32, planeID: UInt32) {
        self.name = name
        self.connectorID = connectorID
        self.crtcID = crtcID
        self.planeID = planeID
        connectorProperties = kernel.properties(of: connectorID, type: .connector)
        crtcProperties = kernel.properties(of: crtcID, type: .crtc)
        planeProperties = kernel.properties(of: planeID, type: .plane)
    }

    /// The primary plane showing `framebuffer` whole on the CRTC, `width` x `height` pixels.
    func planeState(framebuffer: UInt32, width: Int, height: Int) -> [DRMPropertyAssignment] {
        let width = UInt64(width)
        let height = UInt64(height)
        let p = planeProperties
        return [
            (planeID, p["FB_ID"] ?? 0, UInt64(framebuffer)), (planeID, p["CRTC_ID"] ?? 0, UInt64(crtcID)),
            (planeID, p["SRC_X"] ?? 0, 0), (planeID, p["SRC_Y"] ?? 0, 0),
            (planeID, p["SRC_W"] ?? 0, width << 16), (planeID, p["SRC_H"] ?? 0, height << 16),
            (planeID, p["CRTC_X"] ?? 0, 0), (planeID, p["CRTC_Y"] ?? 0, 0),
            (planeID, p["CRTC_W"] ?? 0, width), (planeID, p["CRTC_H"] ?? 0, height),
        ]
    }
}

/// One frame for a committer to put on screen.
struct DRMFrame {
    /// The framebuffer to show.
    var framebufferID: UInt32
    /// The output's mode (the framebuffer's size).
    var mode: DisplayMode
    /// The DRM timing to set first (a full modeset), or nil for a page flip.
    var modeset: DRMModeInfo?
    /// What changed since the previous frame, in framebuffer pixels (page flips only).
    var damage: [DRMDamageRect]
    /// Whether the output's last power-off went through (a legacy modeset must then switch
    /// the connector's `DPMS` back on).
    var crtcWasDark: Bool
}

/// Why a committer could not put a frame on screen: the call that failed, and whether the
/// kernel refused the mode itself.
struct DRMCommitFailure: Error, CustomStringConvertible {
    /// The failing call and its errno.
    var error: DRMError
    /// Whether the kernel refused the mode being set: a modeset's `TEST_ONLY` check, or the
    /// legacy `drmModeSetCrtc`, failing with `EINVAL` or `ERANGE`. Only then does the output
    /// give the mode up; any other failure (`EBUSY`, `ENOMEM` ...) may pass, so the modeset
    /// stays due and the next frame tries the same mode again.
    var rejectsMode: Bool

    /// `error`; with `checkingMode` (the call checks the mode: `TEST_ONLY`, `drmModeSetCrtc`)
    /// a rejection of the mode when its errno is `EINVAL` or `ERANGE`.
    init(_ error: DRMError, checkingMode: Bool = false) {
        self.error = error
        rejectsMode = checkingMode && (error.code == EINVAL || error.code == ERANGE)
    }

    /// The errno.
    var code: Int32 { error.code }
    var description: String { error.description }
}

/// How an output's frames and power changes reach the kernel: `AtomicCommitter` (one atomic
/// commit each, modesets checked with `TEST_ONLY` first) or `LegacyCommitter` (`drmModeSetCrtc`,
/// `drmModePageFlip`, the connector's `DPMS`). One per output; the output decides what to do,
/// the committer only how. Every commit that shows a frame ends with a page-flip event.
@MainActor
protocol DRMCommitter: AnyObject {
    /// The objects committed to.
    var pipe: DRMPipe { get }
    /// Commits `frame` for the next vblank with a page-flip event; nil, or why it failed
    /// (`rejectsMode` when the kernel refused the frame's modeset itself).
    func commit(_ frame: DRMFrame) -> DRMCommitFailure?
    /// Makes the CRTC inactive, keeping its configuration (DPMS off); nil, or why not.
    func deactivate() -> DRMError?
    /// Switches the CRTC off and detaches the connector and plane (unplugged, or the backend
    /// stops); nil, or why not.
    func disable() -> DRMError?
    /// Frees what the committer holds in the kernel (a mode blob).
    func release()
}

/// The committer for `pipe` on `kernel`: atomic when the card uses atomic commits.
@MainActor
func makeCommitter(kernel: any DRMKernelInterface, pipe: DRMPipe) -> any DRMCommitter {
    kernel.usesAtomic ? AtomicCommitter(kernel: kernel, pipe: pipe) : LegacyCommitter(kernel: kernel, pipe: pipe)
}

/// Atomic commits: a modeset is first checked with `TEST_ONLY`, then committed non-blocking
/// with the page-flip event and `ALLOW_MODESET`; a flip sets the plane's framebuffer and, where
/// the plane has it, `FB_DAMAGE_CLIPS`.
@MainActor
final class AtomicCommitter: DRMCommitter {
    let pipe: DRMPipe
    private let kernel: any DRMKernelInterface
    /// The `MODE_ID` blob of the mode set last (kept while the CRTC may use it).
    private var modeBlobID: UInt32 = 0

    init(kernel: any DRMKernelInterface, pipe: DRMPipe) {
        self.kernel = kernel
        self.pipe = pipe
    }

    func commit(_ frame: DRMFrame) -> DRMCommitFailure? {
        var properties = pipe.planeState(
            framebuffer: frame.framebufferID, width: frame.mode.width, height: frame.mode.height)
        var flags: DRMCommitFlags = [.nonblock, .pageFlipEvent]
        if let mode = frame.modeset {
            if modeBlobID != 0 { kernel.destroyBlob(modeBlobID) }
            switch kernel.makeModeBlob(mode) {
            case .success(let id): modeBlobID = id
            case .failure(let error):
                modeBlobID = 0
                return DRMCommitFailure(error)
            }
            properties += [
                (pipe.connectorID, pipe.connectorProperties["CRTC_ID"] ?? 0, UInt64(pipe.crtcID)),
                (pipe.crtcID, pipe.crtcProperties["MODE_ID"] ?? 0, UInt64(modeBlobID)),
                (pipe.crtcID, pipe.crtcProperties["ACTIVE"] ?? 0, 1),
            ]
            flags.insert(.allowModeset)
            let test = kernel.atomicCommit(properties, flags: [.testOnly, .allowModeset])
            if test != 0 {
                return DRMCommitFailure(
                    DRMError("modeset \(pipe.name) to \(frame.mode) (TEST_ONLY)", test), checkingMode: true)
            }
        }
        var damageBlob: UInt32 = 0
        if frame.modeset == nil, let property = pipe.planeProperties["FB_DAMAGE_CLIPS"], !frame.damage.isEmpty,
            case .success(let id) = kernel.makeDamageBlob(frame.damage)
        {
            damageBlob = id
            properties.append((pipe.planeID, property, UInt64(id)))
        }
        // The kernel keeps its own reference to a blob a commit used.
        defer { if damageBlob != 0 { kernel.destroyBlob(damageBlob) } }
        // Past the check the mode is not in question: a failure here (EBUSY ...) is retried.
        let status = kernel.atomicCommit(properties, flags: flags)
        return status == 0
            ? nil
            : DRMCommitFailure(DRMError(frame.modeset != nil ? "modeset \(pipe.name)" : "flip \(pipe.name)", status))
    }

    func deactivate() -> DRMError? {
        guard let active = pipe.crtcProperties["ACTIVE"] else {
            return DRMError("find CRTC \(pipe.crtcID)'s ACTIVE", -ENOENT)
        }
        let status = kernel.atomicCommit([(pipe.crtcID, active, 0)], flags: [.allowModeset])
        return status == 0 ? nil : DRMError("switch \(pipe.name) off", status)
    }

    func disable() -> DRMError? {
        let p = pipe.planeProperties
        let status = kernel.atomicCommit(
            [
                (pipe.connectorID, pipe.connectorProperties["CRTC_ID"] ?? 0, 0),
                (pipe.crtcID, pipe.crtcProperties["MODE_ID"] ?? 0, 0),
                (pipe.crtcID, pipe.crtcProperties["ACTIVE"] ?? 0, 0),
                (pipe.planeID, p["FB_ID"] ?? 0, 0), (pipe.planeID, p["CRTC_ID"] ?? 0, 0),
            ], flags: [.allowModeset])
        return status == 0 ? nil : DRMError("commit", status)
    }

    func release() {
        if modeBlobID != 0 { kernel.destroyBlob(modeBlobID) }
        modeBlobID = 0
    }
}

/// Legacy modesetting: `drmModeSetCrtc` then `drmModePageFlip` to the same framebuffer (so even
/// the modeset completes with an event), the connector's `DPMS` for power.
@MainActor
final class LegacyCommitter: DRMCommitter {
    let pipe: DRMPipe
    private let kernel: any DRMKernelInterface

    init(kernel: any DRMKernelInterface, pipe: DRMPipe) {
        self.kernel = kernel
        self.pipe = pipe
    }

    func commit(_ frame: DRMFrame) -> DRMCommitFailure? {
        if let mode = frame.modeset {
            let status = kernel.setCRTC(
                pipe.crtcID, framebuffer: frame.framebufferID, connector: pipe.connectorID, mode: mode)
            if status != 0 {
                return DRMCommitFailure(DRMError("set the CRTC of \(pipe.name)", status), checkingMode: true)
            }
            // The kernel keeps the connector's DPMS value across a modeset; without setting it
            // back on, the next DPMS off would be taken for no change.
            if frame.crtcWasDark, let dpms = pipe.connectorProperties["DPMS"] {
                let status = kernel.setConnectorProperty(pipe.connectorID, property: dpms, value: DRMDPMS.on)
                if status != 0 { return DRMCommitFailure(DRMError("switch \(pipe.name) on (DPMS)", status)) }
            }
        }
        let status = kernel.pageFlip(pipe.crtcID, framebuffer: frame.framebufferID)
        return status == 0 ? nil : DRMCommitFailure(DRMError("flip \(pipe.name)", status))
    }

    func deactivate() -> DRMError? {
        guard let dpms = pipe.connectorProperties["DPMS"] else { return DRMError("find \(pipe.name)'s DPMS", -ENOENT) }
        let status = kernel.setConnectorProperty(pipe.connectorID, property: dpms, value: DRMDPMS.off)
        return status == 0 ? nil : DRMError("switch \(pipe.name) off", status)
    }

    func disable() -> DRMError? {
        kernel.disableCRTC(pipe.crtcID)
        return nil
    }

    func release() {}
}
