import Foundation
import Synchronization
import VitrineDRM

/// A simulated DRM card behind VitrineDRM's `DRMKernelInterface`, for unit tests of the
/// backend without a kernel (as swift-system mocks its syscalls): connectors with modes and
/// EDIDs, CRTCs, primary planes with their properties (`FB_DAMAGE_CLIPS` optional), dumb
/// buffers in memory, DRM master. It records every commit (its flags, the property list by
/// name, the mode and damage clips its blobs held) and every legacy call, and behaves as the
/// kernel does where the backend depends on it:
///
/// - every commit fails with `EACCES` while this client is not master (`revokeMaster()`);
/// - a non-blocking commit or a legacy flip touching a CRTC whose flip is still pending fails
///   with `EBUSY`;
/// - a modeset to a mode in `rejectedModes` fails with `EINVAL` (`TEST_ONLY` included);
/// - `failNextCommits(with:count:)` forces an errno on the next commits of any kind;
/// - page-flip events are delivered when the test says the vblank happened (`vblank()`).
///
/// It lives in VitrineDRMTesting, a target only tests depend on, so no shipped binary holds it;
/// it reaches the backend's seams through their package access.
@MainActor
package final class DRMFakeKernel: DRMKernelInterface {
    /// A connector of the simulated card.
    package struct Connector {
        /// The connector object id.
        package var id: UInt32
        /// Its kind.
        package var type: DRMConnectorType = .hdmiA
        /// Its number among the connectors of its kind.
        package var typeID: UInt32 = 1
        /// Whether a display is plugged in.
        package var isConnected = true
        /// The modes it lists.
        package var modes: [DRMModeInfo]
        /// Its one encoder.
        package var encoderID: UInt32
        /// The encoder it uses now (0 if none).
        package var currentEncoderID: UInt32 = 0
        /// The width it reports, in millimetres.
        package var physicalWidthMillimeters = 0
        /// The height it reports, in millimetres.
        package var physicalHeightMillimeters = 0
        /// Its `EDID` property, if any.
        package var edid: [UInt8]?
        /// The CRTC the connector is attached to (its `CRTC_ID`).
        package var crtcID: UInt32 = 0
        /// Its `DPMS` property.
        package var dpms: UInt64 = DRMDPMS.on
    }

    /// A CRTC of the simulated card and what it shows.
    package struct CRTC {
        /// The CRTC object id.
        package var id: UInt32
        /// The framebuffer it scans out (0: none).
        package var framebufferID: UInt32 = 0
        /// Its mode (nil: none set).
        package var mode: DRMModeInfo?
        /// Its `ACTIVE` property.
        package var isActive = false
        /// A flip was committed and its vblank has not come yet.
        package var isFlipPending = false
    }

    /// A plane of the simulated card.
    package struct Plane {
        /// The plane object id.
        package var id: UInt32
        /// The CRTCs it can be shown on, bit i for the i-th CRTC.
        package var possibleCRTCs: UInt32
        /// Its `type` property.
        package var kind: DRMResourceTable.Plane.Kind = .primary
        /// Its `FB_ID`.
        package var framebufferID: UInt32 = 0
        /// Its `CRTC_ID`.
        package var crtcID: UInt32 = 0
        /// Whether it has the `FB_DAMAGE_CLIPS` property.
        package var hasDamageClips = true
    }

    /// One property of a recorded atomic commit, by name.
    package struct Assignment: Hashable, CustomStringConvertible {
        /// The object id.
        package var object: UInt32
        /// The property's name.
        package var property: String
        /// The value set.
        package var value: UInt64

        /// `object`'s property `property` set to `value`.
        package init(object: UInt32, property: String, value: UInt64) {
            self.object = object
            self.property = property
            self.value = value
        }
        /// `object.property=value`.
        package var description: String { "\(object).\(property)=\(value)" }
    }

    /// A recorded atomic commit.
    package struct Commit {
        /// Its flags.
        package var flags: DRMCommitFlags
        /// What it set, in order, by property name.
        package var properties: [Assignment]
        /// The mode of the `MODE_ID` blob it set, if any (nil also for `MODE_ID` = 0).
        package var mode: DRMModeInfo?
        /// The rectangles of the `FB_DAMAGE_CLIPS` blob it set; nil when it set none.
        package var damageClips: [DRMDamageRect]?
        /// 0 or the negative errno returned.
        package var result: Int32

        /// The value `property` of `object` was set to, or nil when the commit did not set it.
        package func value(_ property: String, of object: UInt32) -> UInt64? {
            properties.last(where: { $0.object == object && $0.property == property })?.value
        }
        /// Whether it was a `TEST_ONLY` check.
        package var isTestOnly: Bool { flags.contains(.testOnly) }
        /// Whether it allowed a modeset.
        package var isModeset: Bool { flags.contains(.allowModeset) }
    }

    /// A recorded call.
    package enum Call {
        /// `atomicCommit`.
        case atomic(Commit)
        /// `setCRTC`, a legacy modeset.
        case setCRTC(crtc: UInt32, framebuffer: UInt32, connector: UInt32, mode: DRMModeInfo, result: Int32)
        /// `pageFlip`, a legacy flip.
        case pageFlip(crtc: UInt32, framebuffer: UInt32, result: Int32)
        /// `setConnectorProperty` (the legacy `DPMS`).
        case setConnectorProperty(connector: UInt32, property: String, value: UInt64, result: Int32)
        /// `disableCRTC`.
        case disableCRTC(UInt32)
        /// `restore`.
        case restore(DRMCRTCState, connectors: [UInt32])
    }

    /// The device node it pretends to be.
    package let path: String
    /// Whether it takes atomic commits (false: legacy calls only).
    package let usesAtomic: Bool
    /// Whether it shows writeback connectors (it has none).
    package var exposesWriteback = false
    /// Whether it has dumb buffers (false: the backend refuses the card).
    package var supportsDumbBuffers = true

    /// The connectors, as they are now.
    package private(set) var connectors: [Connector]
    /// The CRTCs, as they are now.
    package private(set) var crtcs: [CRTC]
    /// The planes, as they are now.
    package private(set) var planes: [Plane]

    /// Every call that changes the card's state, in order.
    package private(set) var calls: [Call] = []
    /// The atomic commits among `calls`, in order.
    package var commits: [Commit] {
        calls.compactMap { if case .atomic(let commit) = $0 { commit } else { nil } }
    }
    /// Modes every modeset to fails with `EINVAL`, as a driver refusing a timing.
    package var rejectedModes: Set<DRMModeInfo> = []
    /// Errnos (positive) the next commits fail with, first first.
    private var forcedErrors: [Int32] = []

    /// Whether this client is master as the kernel sees it.
    private var hasMaster = true
    /// Whether another client holds master (so `becomeMaster()` fails).
    private var masterHeldElsewhere = false
    /// Whether this client believes it is master (set by the master calls).
    package private(set) var isMaster = true
    /// Whether `close()` ran.
    package private(set) var isClosed = false

    private var eventHandler: (@MainActor () -> Void)?
    private var queuedEvents: [DRMFlipEvent] = []
    private var vblankSequence: UInt32 = 0
    /// The time of the last vblank delivered, in seconds.
    package private(set) var vblankTime: Double = 100

    private var nextID: UInt32 = 1000
    private var propertyIDs: [UInt32: [String: UInt32]] = [:]
    private var propertyNames: [UInt32: String] = [:]
    private enum Blob {
        case mode(DRMModeInfo)
        case damage([DRMDamageRect])
    }
    private var blobs: [UInt32: Blob] = [:]
    /// Dumb buffers alive, by handle: their mapping (once mapped) and size.
    package private(set) var dumbBuffers: [UInt32: (byteCount: Int, memory: UnsafeMutableRawPointer?)] = [:]
    /// Framebuffer objects alive: id to the dumb buffer handle.
    package private(set) var framebuffers: [UInt32: UInt32] = [:]

    /// A card with one connector per entry of `connectorModes` (HDMI-A-1, HDMI-A-2 ...; modes
    /// as given, connected when not empty), one encoder each able to feed every CRTC, `crtcCount`
    /// CRTCs each with a primary plane (`FB_DAMAGE_CLIPS` when `damageClips`). Atomic unless
    /// `atomic` is false. Everything is off, this client is master.
    package init(
        path: String = "/dev/dri/card0", atomic: Bool = true, connectorModes: [[DRMModeInfo]],
        crtcCount: Int? = nil, damageClips: Bool = true
    ) {
        self.path = path
        usesAtomic = atomic
        let crtcCount = crtcCount ?? connectorModes.count
        crtcs = (0..<crtcCount).map { CRTC(id: 31 + UInt32($0)) }
        planes = (0..<crtcCount).map {
            Plane(id: 41 + UInt32($0), possibleCRTCs: 1 << UInt32($0), hasDamageClips: damageClips)
        }
        connectors = connectorModes.enumerated().map { index, modes in
            Connector(
                id: 11 + UInt32(index), typeID: UInt32(index + 1), isConnected: !modes.isEmpty, modes: modes,
                encoderID: 21 + UInt32(index))
        }
    }

    // MARK: - What a test does

    /// Changes connector `id` in place (plug a display, change its modes or EDID).
    package func updateConnector(_ id: UInt32, _ change: (inout Connector) -> Void) {
        guard let index = connectors.firstIndex(where: { $0.id == id }) else { return }
        change(&connectors[index])
    }

    /// Unplugs connector `id`: disconnected, no modes (the caller then sends a hotplug
    /// `change`, as the kernel's uevent).
    package func unplug(_ id: UInt32) {
        updateConnector(id) {
            $0.isConnected = false
            $0.modes = []
        }
    }

    /// Sets what CRTC `id` shows, driving `connector` (the configuration "found at start").
    package func showOnCRTC(_ id: UInt32, framebuffer: UInt32, mode: DRMModeInfo, connector: UInt32) {
        updateCRTC(id) {
            $0.framebufferID = framebuffer
            $0.mode = mode
            $0.isActive = true
        }
        updateConnector(connector) {
            $0.crtcID = id
            $0.currentEncoderID = $0.encoderID
        }
    }

    /// CRTC `id` as it is now.
    package func crtc(_ id: UInt32) -> CRTC? { crtcs.first { $0.id == id } }

    /// The next `count` commits (atomic, `TEST_ONLY` included, or legacy) fail with `errno`.
    package func failNextCommits(with errno: Int32, count: Int = 1) {
        forcedErrors += Array(repeating: errno, count: count)
    }

    /// Takes master away without a word, as logind does at a VT switch; with
    /// `heldElsewhere`, another client holds it until `releaseMasterElsewhere()`.
    package func revokeMaster(heldElsewhere: Bool = false) {
        hasMaster = false
        masterHeldElsewhere = heldElsewhere
    }

    /// The other client gave master up: `becomeMaster()` succeeds again.
    package func releaseMasterElsewhere() {
        masterHeldElsewhere = false
    }

    /// The vblank came: every pending flip completes with a page-flip event, and the backend
    /// watching the card is told. Returns the CRTCs whose flips completed.
    @discardableResult
    package func vblank(after seconds: Double = 1.0 / 60) -> [UInt32] {
        vblankTime += seconds
        vblankSequence += 1
        var flipped: [UInt32] = []
        for index in crtcs.indices where crtcs[index].isFlipPending {
            crtcs[index].isFlipPending = false
            flipped.append(crtcs[index].id)
            let whole = vblankTime.rounded(.down)
            queuedEvents.append(
                DRMFlipEvent(
                    crtcID: crtcs[index].id, sequence: vblankSequence, seconds: UInt32(whole),
                    microseconds: UInt32(((vblankTime - whole) * 1_000_000).rounded())))
        }
        if !queuedEvents.isEmpty { eventHandler?() }
        return flipped
    }

    /// Forgets the recorded calls.
    package func clearCalls() { calls = [] }

    /// The name of property `id`, or nil.
    package func propertyName(_ id: UInt32) -> String? { propertyNames[id] }

    // MARK: - Master

    /// Whether the kernel counts this client as master (`revokeMaster()` takes it away).
    package var isMasterNow: Bool { hasMaster }

    /// Gives master up.
    package func dropMaster() {
        hasMaster = false
        isMaster = false
    }

    /// Takes master again, unless another client holds it.
    @discardableResult
    package func becomeMaster() -> Bool {
        if !masterHeldElsewhere { hasMaster = true }
        isMaster = hasMaster
        return isMaster
    }

    /// The backend noticed master gone.
    package func masterWasLost() { isMaster = false }

    // MARK: - Resources

    /// The CRTCs, one encoder per connector able to feed every CRTC, and the planes.
    package func resourceTable() -> DRMResourceTable? {
        DRMResourceTable(
            crtcIDs: crtcs.map(\.id),
            encoders: connectors.map {
                .init(
                    id: $0.encoderID, possibleCRTCs: (1 << UInt32(crtcs.count)) - 1,
                    currentCRTCID: $0.currentEncoderID == $0.encoderID ? $0.crtcID : 0)
            },
            planes: planes.map { .init(id: $0.id, possibleCRTCs: $0.possibleCRTCs, kind: $0.kind) })
    }

    /// The connector ids.
    package func connectorIDs() -> [UInt32] { connectors.map(\.id) }

    /// Connector `id` as it is now, or nil.
    package func probeConnector(_ id: UInt32) -> DRMConnectorState? {
        guard let c = connectors.first(where: { $0.id == id }) else { return nil }
        return DRMConnectorState(
            id: c.id, type: c.type, typeID: c.typeID, isConnected: c.isConnected, modes: c.modes,
            encoderIDs: [c.encoderID], currentEncoderID: c.currentEncoderID,
            physicalWidthMillimeters: c.physicalWidthMillimeters,
            physicalHeightMillimeters: c.physicalHeightMillimeters,
            edid: c.edid)
    }

    /// The property ids of `object` by name, made up at the first call and then stable.
    package func properties(of object: UInt32, type: DRMObjectType) -> [String: UInt32] {
        if let known = propertyIDs[object] { return known }
        var names: [String]
        switch type {
        case .connector: names = ["CRTC_ID", "DPMS", "EDID"]
        case .crtc: names = ["ACTIVE", "MODE_ID"]
        case .plane:
            names = [
                "type", "FB_ID", "CRTC_ID", "SRC_X", "SRC_Y", "SRC_W", "SRC_H", "CRTC_X", "CRTC_Y", "CRTC_W", "CRTC_H",
            ]
            if planes.first(where: { $0.id == object })?.hasDamageClips == true { names.append("FB_DAMAGE_CLIPS") }
        }
        var ids: [String: UInt32] = [:]
        for name in names {
            nextID += 1
            ids[name] = nextID
            propertyNames[nextID] = name
        }
        propertyIDs[object] = ids
        return ids
    }

    /// A plane's `type`, a CRTC's `ACTIVE` or a connector's `DPMS`; nil for anything else.
    package func propertyValue(object: UInt32, type: DRMObjectType, name: String) -> UInt64? {
        switch (type, name) {
        case (.plane, "type"): planes.first(where: { $0.id == object }).map { $0.kind.rawValue }
        case (.crtc, "ACTIVE"): crtc(object).map { $0.isActive ? 1 : 0 }
        case (.connector, "DPMS"): connectors.first(where: { $0.id == object })?.dpms
        default: nil
        }
    }

    /// What CRTC `id` shows now.
    package func crtcState(_ id: UInt32) -> DRMCRTCState? {
        guard let crtc = crtc(id) else { return nil }
        return DRMCRTCState(id: id, framebufferID: crtc.framebufferID, x: 0, y: 0, mode: crtc.mode)
    }

    /// Puts CRTC `state.id` back as `state` had it (recorded); `EACCES` without master.
    @discardableResult
    package func restore(_ state: DRMCRTCState, connectors: [UInt32]) -> Int32 {
        calls.append(.restore(state, connectors: connectors))
        guard hasMaster else { return -EACCES }
        let on = state.mode != nil && state.framebufferID != 0 && !connectors.isEmpty
        updateCRTC(state.id) {
            $0.framebufferID = on ? state.framebufferID : 0
            $0.mode = on ? state.mode : nil
            $0.isActive = on
        }
        for connector in connectors { updateConnector(connector) { $0.crtcID = on ? state.id : 0 } }
        return 0
    }

    // MARK: - Buffers

    /// A dumb buffer, rows packed.
    package func createDumbBuffer(width: Int, height: Int, bitsPerPixel: Int) -> Result<DRMDumbBufferInfo, DRMError> {
        nextID += 1
        let pitch = width * bitsPerPixel / 8
        dumbBuffers[nextID] = (pitch * height, nil)
        return .success(DRMDumbBufferInfo(handle: nextID, pitch: UInt32(pitch), byteCount: pitch * height))
    }

    /// Zeroed memory for the buffer.
    package func mapDumbBuffer(_ buffer: DRMDumbBufferInfo) -> Result<UnsafeMutableRawPointer, DRMError> {
        guard dumbBuffers[buffer.handle] != nil, let memory = calloc(buffer.byteCount, 1) else {
            return .failure(DRMError("map a dumb buffer", -EINVAL))
        }
        dumbBuffers[buffer.handle]?.memory = memory
        return .success(memory)
    }

    /// Frees what `mapDumbBuffer` gave.
    package func unmapDumbBuffer(_ memory: UnsafeMutableRawPointer, byteCount: Int) {
        guard let handle = dumbBuffers.first(where: { $0.value.memory == memory })?.key else { return }
        dumbBuffers[handle]?.memory = nil
        free(memory)
    }

    /// Buffers a test left mapped are freed with the fake (LeakSanitizer counted 70 MB).
    isolated deinit {
        for buffer in dumbBuffers.values { free(buffer.memory) }
    }

    /// Forgets the buffer.
    package func destroyDumbBuffer(handle: UInt32) {
        dumbBuffers[handle] = nil
    }

    /// A framebuffer on a live dumb buffer in XRGB8888; `EINVAL` otherwise.
    package func addFramebuffer(width: Int, height: Int, format: UInt32, handle: UInt32, pitch: UInt32)
        -> Result<UInt32, DRMError>
    {
        guard dumbBuffers[handle] != nil, format == drmFormatXRGB8888 else {
            return .failure(DRMError("add a framebuffer", -EINVAL))
        }
        nextID += 1
        framebuffers[nextID] = handle
        return .success(nextID)
    }

    /// Framebuffers made on another allocator's buffers, with the modifier each carried.
    package private(set) var framebufferModifiers: [UInt32: UInt64?] = [:]
    /// Whether the card takes modifiers (`DRM_CAP_ADDFB2_MODIFIERS`); without, a framebuffer
    /// asked with one is made without.
    package var acceptsModifiers = true

    /// A framebuffer on a buffer the fake did not make (GBM's): recorded with its modifier.
    package func addFramebuffer(
        width: Int, height: Int, format: UInt32, handle: UInt32, pitch: UInt32, offset: UInt32, modifier: UInt64?
    ) -> Result<UInt32, DRMError> {
        guard format == drmFormatXRGB8888 else { return .failure(DRMError("add a framebuffer", -EINVAL)) }
        nextID += 1
        framebuffers[nextID] = handle
        framebufferModifiers[nextID] = acceptsModifiers ? modifier : nil
        return .success(nextID)
    }

    /// No descriptor: nothing can be allocated on a simulated card but dumb buffers.
    package var bufferDescriptor: Int32? { nil }

    /// Forgets the framebuffer.
    package func removeFramebuffer(_ id: UInt32) {
        framebuffers[id] = nil
    }

    /// Whether any dumb buffer is mapped.
    package var hasMappedBuffers: Bool { dumbBuffers.values.contains { $0.memory != nil } }

    // MARK: - Blobs

    /// A blob holding `mode`, which commits setting `MODE_ID` to it record.
    package func makeModeBlob(_ mode: DRMModeInfo) -> Result<UInt32, DRMError> {
        nextID += 1
        blobs[nextID] = .mode(mode)
        return .success(nextID)
    }

    /// A blob holding `rects`, which commits setting `FB_DAMAGE_CLIPS` to it record.
    package func makeDamageBlob(_ rects: [DRMDamageRect]) -> Result<UInt32, DRMError> {
        nextID += 1
        blobs[nextID] = .damage(rects)
        return .success(nextID)
    }

    /// Forgets the blob.
    package func destroyBlob(_ id: UInt32) {
        blobs[id] = nil
    }

    /// The number of property blobs alive.
    package var blobCount: Int { blobs.count }

    // MARK: - Commits

    /// Records the commit and applies it unless `TEST_ONLY` or refused (see the type's rules).
    package func atomicCommit(_ properties: [DRMPropertyAssignment], flags: DRMCommitFlags) -> Int32 {
        // As DRMCard: entries without a property id are left out.
        let assignments = properties.filter { $0.property != 0 }.map {
            Assignment(object: $0.object, property: propertyNames[$0.property] ?? "#\($0.property)", value: $0.value)
        }
        var commit = Commit(flags: flags, properties: assignments, result: 0)
        if let modeBlob = assignments.last(where: { $0.property == "MODE_ID" })?.value, modeBlob != 0,
            case .mode(let mode)? = blobs[UInt32(modeBlob)]
        {
            commit.mode = mode
        }
        if let damageBlob = assignments.last(where: { $0.property == "FB_DAMAGE_CLIPS" })?.value,
            case .damage(let rects)? = blobs[UInt32(damageBlob)]
        {
            commit.damageClips = rects
        }
        commit.result = checkAtomic(commit, assignments: assignments)
        if commit.result == 0 && !flags.contains(.testOnly) { apply(assignments, flags: flags) }
        calls.append(.atomic(commit))
        return commit.result
    }

    /// Records a legacy modeset and applies it; `EINVAL` for a rejected mode, `ENOENT` for an
    /// unknown framebuffer.
    package func setCRTC(_ crtc: UInt32, framebuffer: UInt32, connector: UInt32, mode: DRMModeInfo) -> Int32 {
        var result = checkCommon(touching: [])
        if result == 0, rejectedModes.contains(mode) { result = -EINVAL }
        if result == 0, framebuffers[framebuffer] == nil { result = -ENOENT }
        if result == 0 {
            updateCRTC(crtc) {
                $0.framebufferID = framebuffer
                $0.mode = mode
                $0.isActive = true
            }
            updateConnector(connector) { $0.crtcID = crtc }
        }
        calls.append(.setCRTC(crtc: crtc, framebuffer: framebuffer, connector: connector, mode: mode, result: result))
        return result
    }

    /// Records it and switches the CRTC off (with master).
    package func disableCRTC(_ crtc: UInt32) {
        calls.append(.disableCRTC(crtc))
        guard hasMaster else { return }
        updateCRTC(crtc) {
            $0.framebufferID = 0
            $0.mode = nil
            $0.isActive = false
        }
    }

    /// Records it; `DPMS` switches the connector's CRTC on or off.
    package func setConnectorProperty(_ connector: UInt32, property: UInt32, value: UInt64) -> Int32 {
        let name = propertyNames[property] ?? "#\(property)"
        let result = checkCommon(touching: [])
        if result == 0, name == "DPMS" {
            updateConnector(connector) { $0.dpms = value }
            if let crtc = connectors.first(where: { $0.id == connector })?.crtcID {
                updateCRTC(crtc) { $0.isActive = value == DRMDPMS.on }
            }
        }
        calls.append(.setConnectorProperty(connector: connector, property: name, value: value, result: result))
        return result
    }

    /// Records a legacy flip; `EBUSY` while one is pending, `EINVAL` on a CRTC without a mode.
    package func pageFlip(_ crtc: UInt32, framebuffer: UInt32) -> Int32 {
        var result = checkCommon(touching: [crtc])
        if result == 0, self.crtc(crtc)?.mode == nil { result = -EINVAL }
        if result == 0 {
            updateCRTC(crtc) {
                $0.framebufferID = framebuffer
                $0.isFlipPending = true
            }
        }
        calls.append(.pageFlip(crtc: crtc, framebuffer: framebuffer, result: result))
        return result
    }

    // MARK: - Events

    /// Calls `handler` at each `vblank()` that completed flips.
    package func watchEvents(_ handler: @escaping @MainActor () -> Void) {
        eventHandler = handler
    }

    /// The flip events queued since the last call.
    package func readFlipEvents() -> [DRMFlipEvent] {
        defer { queuedEvents = [] }
        return queuedEvents
    }

    /// Marks the card closed and stops the event handler.
    package func close() {
        isClosed = true
        eventHandler = nil
    }

    // MARK: - Private

    /// Master, forced errors, and `EBUSY` for a flip still pending on one of `crtcs`.
    private func checkCommon(touching crtcs: [UInt32]) -> Int32 {
        guard hasMaster else { return -EACCES }
        if !forcedErrors.isEmpty { return -forcedErrors.removeFirst() }
        if crtcs.contains(where: { crtc($0)?.isFlipPending == true }) { return -EBUSY }
        return 0
    }

    private func checkAtomic(_ commit: Commit, assignments: [Assignment]) -> Int32 {
        // A non-blocking commit must not overtake a flip in flight on a CRTC it touches.
        let touched = commit.flags.contains(.nonblock) ? crtcsTouched(by: assignments) : []
        let common = checkCommon(touching: Array(touched))
        guard common == 0 else { return common }
        if let mode = commit.mode, rejectedModes.contains(mode) { return -EINVAL }
        if assignments.contains(where: { $0.property == "MODE_ID" }), !commit.flags.contains(.allowModeset) {
            return -EINVAL
        }
        return 0
    }

    private func crtcsTouched(by assignments: [Assignment]) -> Set<UInt32> {
        var touched: Set<UInt32> = []
        for entry in assignments {
            if crtc(entry.object) != nil { touched.insert(entry.object) }
            if entry.property == "CRTC_ID", entry.value != 0 { touched.insert(UInt32(entry.value)) }
        }
        return touched
    }

    private func apply(_ assignments: [Assignment], flags: DRMCommitFlags) {
        for entry in assignments {
            if let index = crtcs.firstIndex(where: { $0.id == entry.object }) {
                switch entry.property {
                case "ACTIVE": crtcs[index].isActive = entry.value != 0
                case "MODE_ID":
                    if case .mode(let mode)? = blobs[UInt32(entry.value)] {
                        crtcs[index].mode = mode
                    } else {
                        crtcs[index].mode = nil
                    }
                default: break
                }
            } else if let index = planes.firstIndex(where: { $0.id == entry.object }) {
                switch entry.property {
                case "FB_ID": planes[index].framebufferID = UInt32(entry.value)
                case "CRTC_ID": planes[index].crtcID = UInt32(entry.value)
                default: break
                }
            } else if entry.property == "CRTC_ID" {
                updateConnector(entry.object) { $0.crtcID = UInt32(entry.value) }
            }
        }
        // Each CRTC touched shows what its primary plane holds now (nothing without one).
        let touched = crtcsTouched(by: assignments)
        for id in crtcs.map(\.id) where touched.contains(id) || planes.contains(where: { $0.crtcID == id }) {
            updateCRTC(id) { crtc in
                crtc.framebufferID = planes.first(where: { $0.crtcID == id })?.framebufferID ?? 0
            }
        }
        if flags.contains(.pageFlipEvent) {
            for id in crtcsTouched(by: assignments) { updateCRTC(id) { $0.isFlipPending = true } }
        }
    }

    private func updateCRTC(_ id: UInt32, _ change: (inout CRTC) -> Void) {
        guard let index = crtcs.firstIndex(where: { $0.id == id }) else { return }
        change(&crtcs[index])
    }
}

/// A scanner listing the cards a test gives it (changeable, as cards come and go), for tests.
package final class DRMFakeScanner: DRMDeviceScanning {
    private let state: Mutex<(cards: [DRMDevice], withDisplay: Set<String>)>

    /// A scanner listing `cards`, of which those named in `withDisplay` (sysnames) have a
    /// connected connector.
    package init(cards: [DRMDevice], withDisplay: Set<String> = []) {
        state = Mutex((cards, withDisplay))
    }

    /// The cards listed from now on.
    package var cards: [DRMDevice] {
        get { state.withLock { $0.cards } }
        set { state.withLock { $0.cards = newValue } }
    }

    /// `cards`.
    package func devices() -> [DRMDevice] { cards }
    /// Whether `device` was named in `withDisplay`.
    package func hasConnectedConnector(_ device: DRMDevice) -> Bool {
        state.withLock { $0.withDisplay.contains(device.sysname) }
    }

    /// `card0` at `/dev/dri/card0`, a vkms card.
    package static let card0 = DRMDevice(
        devnode: "/dev/dri/card0", syspath: "/sys/devices/platform/vkms/drm/card0", sysname: "card0", driver: "vkms")
}

/// A hotplug source a test drives: `send` delivers an event as udev would.
@MainActor
package final class DRMFakeHotplugSource: DRMHotplugSource {
    private var handler: (@MainActor (DRMHotplugEvent) -> Void)?
    /// Whether `start` was called and `stop` not since.
    package var isStarted: Bool { handler != nil }

    /// A source that delivers nothing before `start`.
    package init() {}

    /// Keeps `handler` for `send`; always succeeds.
    package func start(_ handler: @escaping @MainActor (DRMHotplugEvent) -> Void) -> Bool {
        self.handler = handler
        return true
    }

    /// Drops the handler.
    package func stop() { handler = nil }

    /// Delivers `action` for `sysname` (`card0` unless told).
    package func send(_ action: DRMHotplugEvent.Action, sysname: String = "card0") {
        handler?(DRMHotplugEvent(action: action, sysname: sysname))
    }
}
