import Foundation

/// The kinds of KMS object whose properties the backend reads; the raw values are the
/// kernel's `DRM_MODE_OBJECT_*`.
package enum DRMObjectType: UInt32, Sendable {
    /// `DRM_MODE_OBJECT_CONNECTOR`.
    case connector = 0xc0c0_c0c0
    /// `DRM_MODE_OBJECT_CRTC`.
    case crtc = 0xcccc_cccc
    /// `DRM_MODE_OBJECT_PLANE`.
    case plane = 0xeeee_eeee
}

/// One property of an atomic commit: object id, property id, value.
package typealias DRMPropertyAssignment = (object: UInt32, property: UInt32, value: UInt64)

/// A dumb buffer as the kernel created it, before it is mapped.
package struct DRMDumbBufferInfo: Hashable, Sendable {
    /// The GEM handle.
    package var handle: UInt32
    /// Bytes from one row to the next.
    package var pitch: UInt32
    /// The size of the allocation in bytes.
    package var byteCount: Int

    /// A buffer with GEM handle `handle`, rows `pitch` bytes apart, `byteCount` bytes in all.
    package init(handle: UInt32, pitch: UInt32, byteCount: Int) {
        self.handle = handle
        self.pitch = pitch
        self.byteCount = byteCount
    }
}

/// The kernel's DRM interface as the backend uses it, in Swift values: resources, connectors,
/// properties, atomic and legacy commits, dumb buffers and framebuffers, DRM master, page-flip
/// events. `DRMCard` is the real one (libdrm on a card's descriptor; the one place C types
/// appear); `DRMFakeKernel` (VitrineDRMTesting) is a simulated card that records what is
/// committed, for tests. Package access: apps never see it.
///
/// Calls report failures as they come from the kernel: `Int32` results are 0 or a negative
/// errno, `Result`s carry a `DRMError`. Used on the main actor only.
@MainActor
package protocol DRMKernelInterface: AnyObject {
    /// The device node (`/dev/dri/card0`), for logs.
    var path: String { get }
    /// Whether atomic commits are in use (the kernel took the client cap and legacy was not
    /// asked for).
    var usesAtomic: Bool { get }
    /// Whether writeback connectors are visible (atomic, and the kernel took the cap).
    var exposesWriteback: Bool { get }
    /// Whether this client is DRM master, as far as it knows (set by the calls below).
    var isMaster: Bool { get }
    /// Whether the kernel says this client is master now (master can be taken away without
    /// this process doing anything: logind revokes it at a VT switch).
    var isMasterNow: Bool { get }
    /// Gives up DRM master, so that another process can take it at once.
    func dropMaster()
    /// Asks to be DRM master again; returns whether it is.
    @discardableResult func becomeMaster() -> Bool
    /// A commit failed for want of master: it was taken away.
    func masterWasLost()
    /// Whether the kernel supports dumb buffers on this card.
    var supportsDumbBuffers: Bool { get }

    // MARK: Resources

    /// The CRTCs, encoders and planes, or nil when the card has no KMS resources.
    func resourceTable() -> DRMResourceTable?
    /// The connector ids of the card.
    func connectorIDs() -> [UInt32]
    /// Probes connector `id` (the kernel re-reads EDID and modes), or nil if it vanished.
    func probeConnector(_ id: UInt32) -> DRMConnectorState?
    /// The ids of `object`'s properties by name.
    func properties(of object: UInt32, type: DRMObjectType) -> [String: UInt32]
    /// The current value of `object`'s property `name`, or nil.
    func propertyValue(object: UInt32, type: DRMObjectType, name: String) -> UInt64?
    /// What a CRTC shows now, to restore at exit.
    func crtcState(_ id: UInt32) -> DRMCRTCState?
    /// Puts a CRTC back as `state` had it, driving `connectors`; a CRTC that was off is
    /// switched off. 0 or a negative errno.
    @discardableResult func restore(_ state: DRMCRTCState, connectors: [UInt32]) -> Int32

    // MARK: Buffers

    /// Creates a dumb buffer of `width` x `height` pixels of `bitsPerPixel` bits.
    func createDumbBuffer(width: Int, height: Int, bitsPerPixel: Int) -> Result<DRMDumbBufferInfo, DRMError>
    /// Maps a dumb buffer for the CPU.
    func mapDumbBuffer(_ buffer: DRMDumbBufferInfo) -> Result<UnsafeMutableRawPointer, DRMError>
    /// Unmaps what `mapDumbBuffer` mapped.
    func unmapDumbBuffer(_ memory: UnsafeMutableRawPointer, byteCount: Int)
    /// Frees a dumb buffer.
    func destroyDumbBuffer(handle: UInt32)
    /// A framebuffer object of `width` x `height` pixels in `format` (a fourcc) on buffer
    /// `handle`, rows `pitch` bytes apart.
    func addFramebuffer(width: Int, height: Int, format: UInt32, handle: UInt32, pitch: UInt32)
        -> Result<UInt32, DRMError>
    /// A framebuffer object on a buffer another allocator made (GBM): plane 0 at `offset`, laid
    /// out as `modifier` says (`drmModeAddFB2WithModifiers`), or with the driver's implicit
    /// layout when `modifier` is nil or the kernel refuses modifiers (`drmModeAddFB2`).
    func addFramebuffer(
        width: Int, height: Int, format: UInt32, handle: UInt32, pitch: UInt32, offset: UInt32, modifier: UInt64?
    ) -> Result<UInt32, DRMError>
    /// Removes a framebuffer object.
    func removeFramebuffer(_ id: UInt32)
    /// The card's descriptor, for a buffer allocator working on the same card (GBM); nil for
    /// a simulated card.
    var bufferDescriptor: Int32? { get }

    // MARK: Blobs

    /// A `MODE_ID` blob for `mode`.
    func makeModeBlob(_ mode: DRMModeInfo) -> Result<UInt32, DRMError>
    /// An `FB_DAMAGE_CLIPS` blob for `rects` (not empty).
    func makeDamageBlob(_ rects: [DRMDamageRect]) -> Result<UInt32, DRMError>
    /// Frees a property blob.
    func destroyBlob(_ id: UInt32)

    // MARK: Commits

    /// Commits `properties` atomically with `flags`; a commit with `.pageFlipEvent` ends with
    /// a page-flip event for each CRTC it touches. 0 or a negative errno.
    func atomicCommit(_ properties: [DRMPropertyAssignment], flags: DRMCommitFlags) -> Int32
    /// Legacy modeset: `framebuffer` on `crtc` driving `connector` in `mode`; 0 or -errno.
    func setCRTC(_ crtc: UInt32, framebuffer: UInt32, connector: UInt32, mode: DRMModeInfo) -> Int32
    /// Switches a CRTC off the legacy way.
    func disableCRTC(_ crtc: UInt32)
    /// Sets a connector property the legacy way; 0 or -errno.
    func setConnectorProperty(_ connector: UInt32, property: UInt32, value: UInt64) -> Int32
    /// Legacy page flip to `framebuffer` with an event; 0 or -errno.
    func pageFlip(_ crtc: UInt32, framebuffer: UInt32) -> Int32

    // MARK: Events and closing

    /// Calls `handler` on the main actor whenever events are waiting (`readFlipEvents()`),
    /// until `close()`.
    func watchEvents(_ handler: @escaping @MainActor () -> Void)
    /// Reads the pending events and returns the page flips among them, in arrival order.
    func readFlipEvents() -> [DRMFlipEvent]
    /// Stops watching events and closes the card (the caller dropped master first).
    func close()
}

/// The connector `DPMS` property's values for on and off (`DRM_MODE_DPMS_ON`, `_OFF`).
package enum DRMDPMS {
    /// `DRM_MODE_DPMS_ON`.
    package static let on: UInt64 = 0
    /// `DRM_MODE_DPMS_OFF`.
    package static let off: UInt64 = 3
}

/// `DRM_FORMAT_XRGB8888`, the fourcc `XR24`.
package let drmFormatXRGB8888: UInt32 = 0x3432_5258

extension DRMKernelInterface {
    /// A mapped XRGB8888 dumb buffer with a framebuffer, or the error of the failing step
    /// (what was made before it is freed).
    func makeDumbBuffer(width: Int, height: Int) -> Result<DRMDumbBuffer, DRMError> {
        let info: DRMDumbBufferInfo
        switch createDumbBuffer(width: width, height: height, bitsPerPixel: 32) {
        case .success(let created): info = created
        case .failure(let error): return .failure(error)
        }
        let framebuffer: UInt32
        switch addFramebuffer(
            width: width, height: height, format: drmFormatXRGB8888, handle: info.handle, pitch: info.pitch)
        {
        case .success(let id): framebuffer = id
        case .failure(let error):
            destroyDumbBuffer(handle: info.handle)
            return .failure(error)
        }
        switch mapDumbBuffer(info) {
        case .success(let memory):
            return .success(
                DRMDumbBuffer(
                    handle: info.handle, framebufferID: framebuffer, width: width, height: height,
                    stride: Int(info.pitch), byteCount: info.byteCount, memory: memory))
        case .failure(let error):
            removeFramebuffer(framebuffer)
            destroyDumbBuffer(handle: info.handle)
            return .failure(error)
        }
    }

    /// Unmaps and frees a dumb buffer and its framebuffer.
    func destroy(_ buffer: DRMDumbBuffer) {
        unmapDumbBuffer(buffer.memory, byteCount: buffer.byteCount)
        removeFramebuffer(buffer.framebufferID)
        destroyDumbBuffer(handle: buffer.handle)
    }
}
