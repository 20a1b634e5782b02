internal import CDRM
import Foundation
import VitrineIO
import VitrinePlatform

/// An open DRM card: the real `DRMKernelInterface`, the libdrm calls the backend makes, with C
/// types kept in this file and failures reported as `errno` values. Used on the main actor.
@MainActor
final class DRMCard: DRMKernelInterface {
    /// The card's file descriptor, owned: closed once, by `close()` or the event source's
    /// cancel handler (through the opener that gave it, when one did).
    private let owned: OwnedFileDescriptor
    /// Its number, for libdrm's calls.
    var descriptor: Int32 { owned.rawValue }
    /// The device node it was opened from.
    let path: String
    /// Whether atomic commits are in use (the kernel accepted the client cap and the
    /// environment did not ask for legacy).
    let usesAtomic: Bool
    /// Whether writeback connectors are visible (atomic and the kernel accepted the cap).
    let exposesWriteback: Bool
    /// Whether this process is DRM master.
    private(set) var isMaster: Bool

    /// Where page-flip events are collected; lives as long as the descriptor.
    private let flipSink = DRMFlipEventSink()

    /// The property ids by object and name, cached (ids do not change while the card lives).
    private var propertyIDs: [UInt32: [String: UInt32]] = [:]
    /// Watches the descriptor for events (`watchEvents`).
    private var eventSource: (any DispatchSourceRead)?
    private var isClosed = false

    /// Opens `device` through `opener` and sets the card up (`init`); `close()` gives the
    /// descriptor back to the same opener.
    static func open(_ device: DRMDevice, opener: any DeviceOpener, allowAtomic: Bool) throws(DeviceOpenError)
        -> DRMCard
    {
        DRMCard(descriptor: try opener.open(path: device.devnode), path: device.devnode, allowAtomic: allowAtomic)
    }

    /// Sets the client caps on `descriptor`: universal planes, then atomic unless
    /// `allowAtomic` is false, then writeback connectors; and becomes master if it can.
    init(descriptor: OwnedFileDescriptor, path: String, allowAtomic: Bool) {
        self.owned = descriptor
        self.path = path
        let descriptor = descriptor.rawValue
        _ = drmSetClientCap(descriptor, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1)
        let atomic = allowAtomic && drmSetClientCap(descriptor, UInt64(DRM_CLIENT_CAP_ATOMIC), 1) == 0
        usesAtomic = atomic
        exposesWriteback =
            atomic && drmSetClientCap(descriptor, UInt64(DRM_CLIENT_CAP_WRITEBACK_CONNECTORS), 1) == 0
        // Opening the first node of a card makes the opener master already; asking again is
        // harmless, and fails (EINVAL/EACCES) only when another process is master.
        isMaster = drmSetMaster(descriptor) == 0 || drmIsMaster(descriptor) != 0
    }

    /// Gives up DRM master, so that another process (or the next backend) can take it at
    /// once, before the descriptor is closed.
    func dropMaster() {
        if isMaster { _ = drmDropMaster(descriptor) }
        isMaster = false
    }

    /// Asks to be DRM master again (the session came back); returns whether it is.
    @discardableResult
    func becomeMaster() -> Bool {
        isMaster = drmSetMaster(descriptor) == 0 || drmIsMaster(descriptor) != 0
        return isMaster
    }

    /// Whether the kernel says this descriptor is master now (master can be taken away
    /// without this process doing anything: logind revokes it at a VT switch).
    var isMasterNow: Bool { drmIsMaster(descriptor) != 0 }

    /// A commit failed for want of master: it was taken away.
    func masterWasLost() { isMaster = false }

    /// Drops master on any descriptor of this process (see `DRMClient.revokeMaster`).
    nonisolated static func dropMaster(descriptor: Int32) -> Bool { drmDropMaster(descriptor) == 0 }

    /// Whether the kernel supports dumb buffers on this card.
    var supportsDumbBuffers: Bool {
        var value: UInt64 = 0
        return drmGetCap(descriptor, UInt64(DRM_CAP_DUMB_BUFFER), &value) == 0 && value != 0
    }

    // MARK: - Resources

    /// The CRTCs, encoders and planes, or nil when the card has no KMS resources.
    func resourceTable() -> DRMResourceTable? {
        guard let resources = drmModeGetResources(descriptor) else { return nil }
        defer { drmModeFreeResources(resources) }
        let crtcs = Array(
            UnsafeBufferPointer(start: resources.pointee.crtcs, count: Int(resources.pointee.count_crtcs)))
        let encoderIDs = Array(
            UnsafeBufferPointer(start: resources.pointee.encoders, count: Int(resources.pointee.count_encoders)))
        var encoders: [DRMResourceTable.Encoder] = []
        for id in encoderIDs {
            guard let encoder = drmModeGetEncoder(descriptor, id) else { continue }
            encoders.append(
                .init(id: id, possibleCRTCs: encoder.pointee.possible_crtcs, currentCRTCID: encoder.pointee.crtc_id))
            drmModeFreeEncoder(encoder)
        }
        var planes: [DRMResourceTable.Plane] = []
        if let planeResources = drmModeGetPlaneResources(descriptor) {
            defer { drmModeFreePlaneResources(planeResources) }
            let ids = UnsafeBufferPointer(
                start: planeResources.pointee.planes, count: Int(planeResources.pointee.count_planes))
            for id in ids {
                guard let plane = drmModeGetPlane(descriptor, id) else { continue }
                let possible = plane.pointee.possible_crtcs
                drmModeFreePlane(plane)
                let kind =
                    propertyValue(object: id, type: .plane, name: "type")
                    .flatMap(DRMResourceTable.Plane.Kind.init(rawValue:)) ?? .overlay
                planes.append(.init(id: id, possibleCRTCs: possible, kind: kind))
            }
        }
        return DRMResourceTable(crtcIDs: crtcs, encoders: encoders, planes: planes)
    }

    /// The connector ids of the card.
    func connectorIDs() -> [UInt32] {
        guard let resources = drmModeGetResources(descriptor) else { return [] }
        defer { drmModeFreeResources(resources) }
        return Array(
            UnsafeBufferPointer(start: resources.pointee.connectors, count: Int(resources.pointee.count_connectors)))
    }

    /// Probes connector `id` (a full probe: the kernel re-reads EDID and modes), or nil if it
    /// vanished.
    func probeConnector(_ id: UInt32) -> DRMConnectorState? {
        guard let connector = drmModeGetConnector(descriptor, id) else { return nil }
        defer { drmModeFreeConnector(connector) }
        let c = connector.pointee
        let modes = (0..<Int(c.count_modes)).map { DRMModeInfo(c.modes[$0]) }
        let encoders = Array(UnsafeBufferPointer(start: c.encoders, count: Int(c.count_encoders)))
        var edid: [UInt8]?
        if let blobID = propertyValue(object: id, type: .connector, name: "EDID"), blobID != 0,
            let blob = drmModeGetPropertyBlob(descriptor, UInt32(truncatingIfNeeded: blobID))
        {
            edid = Array(UnsafeRawBufferPointer(start: blob.pointee.data, count: Int(blob.pointee.length)))
            drmModeFreePropertyBlob(blob)
        }
        return DRMConnectorState(
            id: id, type: DRMConnectorType(rawValue: c.connector_type), typeID: c.connector_type_id,
            isConnected: c.connection == DRM_MODE_CONNECTED, modes: modes,
            encoderIDs: encoders, currentEncoderID: c.encoder_id,
            physicalWidthMillimeters: Int(c.mmWidth), physicalHeightMillimeters: Int(c.mmHeight), edid: edid)
    }

    // MARK: - Properties

    /// The ids of `object`'s properties by name.
    func properties(of object: UInt32, type: DRMObjectType) -> [String: UInt32] {
        if let cached = propertyIDs[object] { return cached }
        var found: [String: UInt32] = [:]
        guard let list = drmModeObjectGetProperties(descriptor, object, type.rawValue) else { return [:] }
        defer { drmModeFreeObjectProperties(list) }
        for index in 0..<Int(list.pointee.count_props) {
            guard let property = drmModeGetProperty(descriptor, list.pointee.props[index]) else { continue }
            let name = withUnsafeBytes(of: property.pointee.name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            found[name] = property.pointee.prop_id
            drmModeFreeProperty(property)
        }
        propertyIDs[object] = found
        return found
    }

    /// The current value of `object`'s property `name`, or nil.
    func propertyValue(object: UInt32, type: DRMObjectType, name: String) -> UInt64? {
        guard let list = drmModeObjectGetProperties(descriptor, object, type.rawValue) else { return nil }
        defer { drmModeFreeObjectProperties(list) }
        for index in 0..<Int(list.pointee.count_props) {
            guard let property = drmModeGetProperty(descriptor, list.pointee.props[index]) else { continue }
            let matches = withUnsafeBytes(of: property.pointee.name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) == name
            }
            drmModeFreeProperty(property)
            if matches { return list.pointee.prop_values[index] }
        }
        return nil
    }

    // MARK: - CRTC state

    /// What a CRTC shows now, to restore at exit.
    func crtcState(_ id: UInt32) -> DRMCRTCState? {
        guard let crtc = drmModeGetCrtc(descriptor, id) else { return nil }
        defer { drmModeFreeCrtc(crtc) }
        return DRMCRTCState(
            id: id, framebufferID: crtc.pointee.buffer_id, x: crtc.pointee.x, y: crtc.pointee.y,
            mode: crtc.pointee.mode_valid != 0 ? DRMModeInfo(crtc.pointee.mode) : nil)
    }

    /// Puts a CRTC back as `state` had it, driving `connectors` (legacy `drmModeSetCrtc`,
    /// which atomic drivers accept too); a CRTC that was off is switched off.
    @discardableResult
    func restore(_ state: DRMCRTCState, connectors: [UInt32]) -> Int32 {
        var connectorIDs = connectors
        if var mode = state.mode?.cValue, state.framebufferID != 0, !connectors.isEmpty {
            return drmModeSetCrtc(
                descriptor, state.id, state.framebufferID, state.x, state.y, &connectorIDs, Int32(connectorIDs.count),
                &mode)
        }
        return drmModeSetCrtc(descriptor, state.id, 0, 0, 0, nil, 0, nil)
    }

    // MARK: - Dumb buffers and framebuffers

    func createDumbBuffer(width: Int, height: Int, bitsPerPixel: Int) -> Result<DRMDumbBufferInfo, DRMError> {
        var handle: UInt32 = 0
        var pitch: UInt32 = 0
        var size: UInt64 = 0
        let status = drmModeCreateDumbBuffer(
            descriptor, UInt32(width), UInt32(height), UInt32(bitsPerPixel), 0, &handle, &pitch, &size)
        guard status == 0 else { return .failure(DRMError("create a dumb buffer", status)) }
        return .success(DRMDumbBufferInfo(handle: handle, pitch: pitch, byteCount: Int(size)))
    }

    var bufferDescriptor: Int32? { descriptor }

    func addFramebuffer(
        width: Int, height: Int, format: UInt32, handle: UInt32, pitch: UInt32, offset: UInt32, modifier: UInt64?
    ) -> Result<UInt32, DRMError> {
        if let modifier {
            var handles: [UInt32] = [handle, 0, 0, 0]
            var pitches: [UInt32] = [pitch, 0, 0, 0]
            var offsets: [UInt32] = [offset, 0, 0, 0]
            var modifiers: [UInt64] = [modifier, 0, 0, 0]
            var framebuffer: UInt32 = 0
            let status = drmModeAddFB2WithModifiers(
                descriptor, UInt32(width), UInt32(height), format, &handles, &pitches, &offsets, &modifiers,
                &framebuffer, UInt32(DRM_MODE_FB_MODIFIERS))
            if status == 0 { return .success(framebuffer) }
            // A driver without modifier support (no DRM_CAP_ADDFB2_MODIFIERS) says EINVAL: the
            // implicit layout is the buffer's then.
            guard status == -EINVAL || status == -EOPNOTSUPP else {
                return .failure(DRMError("add a framebuffer with modifier 0x\(String(modifier, radix: 16))", status))
            }
        }
        var handles: [UInt32] = [handle, 0, 0, 0]
        var pitches: [UInt32] = [pitch, 0, 0, 0]
        var offsets: [UInt32] = [offset, 0, 0, 0]
        var framebuffer: UInt32 = 0
        let status = drmModeAddFB2(
            descriptor, UInt32(width), UInt32(height), format, &handles, &pitches, &offsets, &framebuffer, 0)
        guard status == 0 else { return .failure(DRMError("add a framebuffer", status)) }
        return .success(framebuffer)
    }

    func addFramebuffer(width: Int, height: Int, format: UInt32, handle: UInt32, pitch: UInt32)
        -> Result<UInt32, DRMError>
    {
        var handles: (UInt32, UInt32, UInt32, UInt32) = (handle, 0, 0, 0)
        var pitches: (UInt32, UInt32, UInt32, UInt32) = (pitch, 0, 0, 0)
        var offsets: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        var framebuffer: UInt32 = 0
        let status = withUnsafeMutablePointer(to: &handles) { h in
            withUnsafeMutablePointer(to: &pitches) { p in
                withUnsafeMutablePointer(to: &offsets) { o in
                    h.withMemoryRebound(to: UInt32.self, capacity: 4) { h in
                        p.withMemoryRebound(to: UInt32.self, capacity: 4) { p in
                            o.withMemoryRebound(to: UInt32.self, capacity: 4) { o in
                                drmModeAddFB2(
                                    descriptor, UInt32(width), UInt32(height), format, h, p, o, &framebuffer, 0)
                            }
                        }
                    }
                }
            }
        }
        guard status == 0 else { return .failure(DRMError("add a framebuffer", status)) }
        return .success(framebuffer)
    }

    func mapDumbBuffer(_ buffer: DRMDumbBufferInfo) -> Result<UnsafeMutableRawPointer, DRMError> {
        var offset: UInt64 = 0
        let status = drmModeMapDumbBuffer(descriptor, buffer.handle, &offset)
        let memory =
            status == 0
            ? mmap(nil, buffer.byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, off_t(offset)) : MAP_FAILED
        guard status == 0, let memory, memory != MAP_FAILED else {
            return .failure(DRMError("map a dumb buffer", status == 0 ? -errno : status))
        }
        return .success(memory)
    }

    func unmapDumbBuffer(_ memory: UnsafeMutableRawPointer, byteCount: Int) {
        munmap(memory, byteCount)
    }

    func destroyDumbBuffer(handle: UInt32) {
        _ = drmModeDestroyDumbBuffer(descriptor, handle)
    }

    func removeFramebuffer(_ id: UInt32) {
        _ = drmModeRmFB(descriptor, id)
    }

    // MARK: - Blobs

    /// A property blob holding `bytes`, or the errno.
    func makeBlob(_ bytes: UnsafeRawBufferPointer) -> Result<UInt32, DRMError> {
        var id: UInt32 = 0
        let status = drmModeCreatePropertyBlob(descriptor, bytes.baseAddress, bytes.count, &id)
        return status == 0 ? .success(id) : .failure(DRMError("create a property blob", status))
    }

    /// A `MODE_ID` blob for `mode`.
    func makeModeBlob(_ mode: DRMModeInfo) -> Result<UInt32, DRMError> {
        var value = mode.cValue
        return withUnsafeBytes(of: &value) { makeBlob($0) }
    }

    /// An `FB_DAMAGE_CLIPS` blob for `rects` (not empty).
    func makeDamageBlob(_ rects: [DRMDamageRect]) -> Result<UInt32, DRMError> {
        var clips = rects.map { drm_mode_rect(x1: $0.x1, y1: $0.y1, x2: $0.x2, y2: $0.y2) }
        return clips.withUnsafeMutableBytes { makeBlob(UnsafeRawBufferPointer($0)) }
    }

    func destroyBlob(_ id: UInt32) {
        _ = drmModeDestroyPropertyBlob(descriptor, id)
    }

    // MARK: - Commits

    /// Commits `properties` (object, property, value) atomically with `flags` and
    /// `userData` for the page-flip event; 0 or a negative errno.
    func atomicCommit(
        _ properties: [(object: UInt32, property: UInt32, value: UInt64)], flags: DRMCommitFlags
    ) -> Int32 {
        guard let request = drmModeAtomicAlloc() else { return -ENOMEM }
        defer { drmModeAtomicFree(request) }
        for entry in properties where entry.property != 0 {
            if drmModeAtomicAddProperty(request, entry.object, entry.property, entry.value) < 0 { return -EINVAL }
        }
        var raw: UInt32 = 0
        if flags.contains(.testOnly) { raw |= UInt32(DRM_MODE_ATOMIC_TEST_ONLY) }
        if flags.contains(.nonblock) { raw |= UInt32(DRM_MODE_ATOMIC_NONBLOCK) }
        if flags.contains(.allowModeset) { raw |= UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET) }
        if flags.contains(.pageFlipEvent) { raw |= UInt32(DRM_MODE_PAGE_FLIP_EVENT) }
        let status = drmModeAtomicCommit(descriptor, request, raw, flags.contains(.pageFlipEvent) ? flipUserData : nil)
        return status == 0 ? 0 : (status < 0 && status != -1 ? status : -errno)
    }

    /// Legacy modeset: `framebuffer` on `crtc` driving `connector` in `mode`; 0 or -errno.
    func setCRTC(_ crtc: UInt32, framebuffer: UInt32, connector: UInt32, mode: DRMModeInfo) -> Int32 {
        var connectorID = connector
        var value = mode.cValue
        let status = drmModeSetCrtc(descriptor, crtc, framebuffer, 0, 0, &connectorID, 1, &value)
        return status == 0 ? 0 : -errno
    }

    /// Switches a CRTC off the legacy way.
    func disableCRTC(_ crtc: UInt32) {
        _ = drmModeSetCrtc(descriptor, crtc, 0, 0, 0, nil, 0, nil)
    }

    /// Sets a connector property the legacy way (`drmModeConnectorSetProperty`, which atomic
    /// drivers turn into a commit); 0 or -errno.
    func setConnectorProperty(_ connector: UInt32, property: UInt32, value: UInt64) -> Int32 {
        let status = drmModeConnectorSetProperty(descriptor, connector, property, value)
        return status == 0 ? 0 : (status < 0 && status != -1 ? status : -errno)
    }

    /// Legacy page flip to `framebuffer` with an event; 0 or -errno.
    func pageFlip(_ crtc: UInt32, framebuffer: UInt32) -> Int32 {
        let status = drmModePageFlip(descriptor, crtc, framebuffer, UInt32(DRM_MODE_PAGE_FLIP_EVENT), flipUserData)
        return status == 0 ? 0 : -errno
    }

    // MARK: - Events

    /// A Dispatch source on the main queue reads the descriptor. Dispatch may still watch the
    /// descriptor until the source's cancel handler runs, so `close()` closes it there and
    /// never while a source watches it.
    func watchEvents(_ handler: @escaping @MainActor () -> Void) {
        guard eventSource == nil, !isClosed else { return }
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
        source.setEventHandler {
            MainActor.assumeIsolated { handler() }
        }
        // Dispatch may watch the descriptor until the cancel handler runs: it is closed there,
        // never while a source still watches it.
        let owned = self.owned
        source.setCancelHandler { owned.close() }
        source.activate()
        eventSource = source
    }

    /// Cancels the event source (whose cancel handler gives the descriptor back to the
    /// opener), or closes through the opener at once when nothing watched it.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        if let eventSource {
            eventSource.cancel()
        } else {
            owned.close()
        }
        eventSource = nil
    }

    /// Reads the pending DRM events and returns the page flips among them, in arrival order.
    func readFlipEvents() -> [DRMFlipEvent] {
        var context = drmEventContext()
        context.version = 3
        // Every commit passes `flipSink` as its user data; the handler finds it there.
        context.page_flip_handler2 = { _, sequence, seconds, microseconds, crtc, data in
            guard let data else { return }
            Unmanaged<DRMFlipEventSink>.fromOpaque(data).takeUnretainedValue().events.append(
                DRMFlipEvent(crtcID: crtc, sequence: sequence, seconds: seconds, microseconds: microseconds))
        }
        _ = drmHandleEvent(descriptor, &context)
        defer { flipSink.events.removeAll() }
        return flipSink.events
    }

    /// The user data of every commit that asks for an event: where the handler collects them.
    private var flipUserData: UnsafeMutableRawPointer { Unmanaged.passUnretained(flipSink).toOpaque() }
}

/// Collects the page-flip events `drmHandleEvent` reports during one call.
final class DRMFlipEventSink {
    var events: [DRMFlipEvent] = []
}

/// A page-flip event: the CRTC, its vblank counter and the vblank's `CLOCK_MONOTONIC` time.
package struct DRMFlipEvent: Hashable, Sendable {
    /// The CRTC whose flip completed.
    package var crtcID: UInt32
    /// The CRTC's vblank counter.
    package var sequence: UInt32
    /// The vblank time: whole seconds.
    package var seconds: UInt32
    /// The vblank time: microseconds past `seconds`.
    package var microseconds: UInt32

    /// A flip of `crtcID` completed at vblank `sequence`, at `seconds` + `microseconds`.
    package init(crtcID: UInt32, sequence: UInt32, seconds: UInt32, microseconds: UInt32) {
        self.crtcID = crtcID
        self.sequence = sequence
        self.seconds = seconds
        self.microseconds = microseconds
    }

    /// The vblank time in seconds.
    package var timestamp: Double { Double(seconds) + Double(microseconds) / 1_000_000 }
}
