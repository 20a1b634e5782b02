import Dispatch
import Foundation
import VitrineIO
import VitrinePlatform

/// The KMS/DRM display backend: one `DRMOutput` per connected connector of one DRM card,
/// hotplug through a udev monitor on the `drm` subsystem, page-flip events read from the card's
/// descriptor on the main queue. It posts the same connected / disconnected / mode-changed
/// handlers the headless backend posts.
///
/// `start()` picks the card (the configured one, else the boot VGA card, else the first with a
/// connected connector, else the first), opens it through the device opener, sets the client
/// caps (universal planes, atomic unless `VITRINE_DRM_NO_ATOMIC=1`), becomes DRM master and
/// connects every connected connector. No card or no connected connector is not an error: the
/// backend waits for udev to report one. `shutdown()` switches the outputs off, puts back the
/// CRTC configuration found at start and closes the card.
@MainActor
public final class DRMBackend: DisplayBackend {
    /// The clock page-flip timestamps are on (`CLOCK_MONOTONIC`).
    public let clock: any MediaClock
    /// The connected outputs, in connection order.
    public private(set) var drmOutputs: [DRMOutput] = []
    /// The connected outputs, in connection order.
    public var outputs: [any DisplayOutput] { drmOutputs }
    /// Called after an output is connected.
    public var outputConnectedHandler: (@MainActor (any DisplayOutput) -> Void)?
    /// Called after an output is disconnected.
    public var outputDisconnectedHandler: (@MainActor (any DisplayOutput) -> Void)?
    /// Called after an output's mode or mode list changed, with the previous mode.
    public var outputModeChangedHandler: (@MainActor (any DisplayOutput, _ previousMode: DisplayMode) -> Void)?

    /// Where warnings and notes go (`vitrine.drm: ...` on standard error unless replaced).
    public var log: @MainActor (String) -> Void = { message in
        FileHandle.standardError.write(Data("vitrine.drm: \(message)\n".utf8))
    }

    /// The card in use, nil while there is none.
    public private(set) var device: DRMDevice?
    /// Whether commits are atomic; nil while no card is open.
    public var usesAtomic: Bool? { card?.usesAtomic }
    /// Whether this process is DRM master of the card now (asked of the kernel).
    public var isMaster: Bool { card?.isMasterNow ?? false }
    /// Whether the session is active: false between `disableSession()` (or a commit that
    /// found master taken away) and a successful `enableSession()`. While inactive nothing is
    /// committed and every output is suspended.
    public private(set) var isSessionActive = true

    private let configuredCard: String?
    /// Opens a card's kernel interface: `DRMCard` through the device opener, or a fake.
    private let openKernel: @MainActor (DRMDevice) throws(DeviceOpenError) -> any DRMKernelInterface
    /// Lists the cards (udev, or a test's list).
    private let scanner: any DRMDeviceScanning
    /// Reports cards and connectors coming and going (udev, or a test's fake).
    private let hotplug: any DRMHotplugSource
    private var isWatchingHotplug = false
    /// Which connectors to use and the mode each gets: the daemon's config, asked whenever a
    /// connector is connected, and for every connector by `applyOutputPolicy()`. By default
    /// every connector, in the mode selections given at creation.
    public var outputPolicy: @MainActor (OutputIdentity) -> OutputPolicy
    private var card: (any DRMKernelInterface)?
    private var resources: DRMResourceTable?
    /// The CRTC configurations found when the card was opened, and the connectors on each.
    private var savedCRTCs: [(state: DRMCRTCState, connectors: [UInt32])] = []
    /// Makes the allocator of the outputs' buffers when a card is opened (GBM for the GLES
    /// renderer); nil, or nil returned: dumb buffers. The outputs never learn which.
    package var scanoutAllocatorProvider:
        (@MainActor (any DRMKernelInterface) -> (any BufferAllocator<DRMScanoutBuffer>)?)?
    /// The allocator of the open card's outputs (nil: dumb buffers).
    private var cardAllocator: (any BufferAllocator<DRMScanoutBuffer>)?

    /// A backend (not started) timed on `clock`, opening devices through `opener`.
    /// `configuredCard` names the card (`card1` or `/dev/dri/card1`); `modeSelection` applies
    /// to every connector not named in `connectorModes` (keys are connector names such as
    /// `HDMI-A-1`). `allowAtomic` nil reads the environment (`VITRINE_DRM_NO_ATOMIC=1`: legacy).
    /// Cards are listed by udev (`DRMDeviceScanner`) and hotplug comes from a udev monitor on
    /// `drm` (`UdevHotplugSource`).
    public convenience init(
        clock: any MediaClock, opener: any DeviceOpener = DirectDeviceOpener(), configuredCard: String? = nil,
        modeSelection: DisplayModeSelection = .preferred, connectorModes: [String: DisplayModeSelection] = [:],
        allowAtomic: Bool? = nil
    ) {
        let allowAtomic = allowAtomic ?? (ProcessInfo.processInfo.environment["VITRINE_DRM_NO_ATOMIC"] != "1")
        self.init(
            clock: clock, configuredCard: configuredCard, modeSelection: modeSelection,
            connectorModes: connectorModes, scanner: DRMDeviceScanner(), hotplug: UdevHotplugSource()
        ) { device throws(DeviceOpenError) in
            try DRMCard.open(device, opener: opener, allowAtomic: allowAtomic)
        }
    }

    /// A backend whose cards come from `scanner`, are opened by `openKernel` (the real
    /// `DRMCard`, or a test's `DRMFakeKernel` from VitrineDRMTesting) and whose hotplug events
    /// come from `hotplug`. Package access: apps never see it.
    package init(
        clock: any MediaClock, configuredCard: String? = nil, modeSelection: DisplayModeSelection = .preferred,
        connectorModes: [String: DisplayModeSelection] = [:], scanner: any DRMDeviceScanning,
        hotplug: any DRMHotplugSource,
        openKernel: @escaping @MainActor (DRMDevice) throws(DeviceOpenError) -> any DRMKernelInterface
    ) {
        self.clock = clock
        self.configuredCard = configuredCard
        self.outputPolicy = { connector in
            OutputPolicy(modeSelection: connectorModes[connector.name] ?? modeSelection)
        }
        self.scanner = scanner
        self.hotplug = hotplug
        self.openKernel = openKernel
    }

    /// Opens the card, connects its connected connectors (calling `outputConnectedHandler`
    /// for each) and starts watching udev. Without a usable card it logs why and waits.
    public func start() {
        if !isWatchingHotplug {
            isWatchingHotplug = hotplug.start { [weak self] event in self?.handle(event) }
            if !isWatchingHotplug { log("no udev monitor: hotplug will not be seen") }
        }
        openCard()
    }

    /// Disconnects every output (calling `outputDisconnectedHandler`), restores the CRTCs as
    /// found at start, stops watching and closes the card.
    public func shutdown() {
        if card != nil { log("shutting down") }
        hotplug.stop()
        isWatchingHotplug = false
        closeCard(restore: true)
    }

    /// The session goes away (libseat's `disable_seat`, a VT switch away): master is dropped
    /// so that the next session can take it, and every output is suspended: frames are held,
    /// nothing is committed, no error is retried. Logged once.
    public func disableSession() {
        guard isSessionActive else { return }
        card?.dropMaster()
        suspendSession("session disabled: DRM master dropped; frames held until it is enabled")
    }

    /// The session is back (libseat's `enable_seat`, a VT switch back): becomes DRM master
    /// again, re-probes the connectors (they may have changed meanwhile) and resumes every
    /// output: the next frame sets the mode again and repaints every pixel. Returns false,
    /// logged, while another process still holds master; call again when the seat says so.
    @discardableResult
    public func enableSession() -> Bool {
        guard let card else {
            isSessionActive = true
            openCard()
            return card != nil
        }
        guard card.becomeMaster() else {
            log("session enabled, but another client is still DRM master of \(card.path); frames stay held")
            return false
        }
        isSessionActive = true
        log("session enabled: DRM master regained; modesetting and repainting every output")
        probeConnectors()
        for output in drmOutputs { output.resume() }
        return true
    }

    private func suspendSession(_ message: String) {
        isSessionActive = false
        for output in drmOutputs { output.suspend() }
        log(message)
    }

    /// A commit found master gone without `disableSession()`: suspend as if told.
    private func masterLost() {
        guard isSessionActive else { return }
        card?.masterWasLost()
        suspendSession("lost DRM master (another client or a VT switch took it); frames held until enableSession()")
    }

    /// Re-probes the card's connectors now, as a udev `change` event does.
    public func reprobe() {
        guard card != nil else { return }
        probeConnectors()
    }

    // MARK: - Card

    private func openCard() {
        guard card == nil else { return }
        let devices = scanner.devices()
        guard !devices.isEmpty else {
            log("no DRM card; waiting for one")
            return
        }
        var chosen = DRMDeviceScanner.pick(from: devices, configured: configuredCard)
        if chosen == nil {
            log("the configured card \(configuredCard ?? "") is not among \(devices.map(\.sysname))")
            return
        }
        if configuredCard == nil, chosen?.isBootVGA != true,
            let withDisplay = devices.first(where: { scanner.hasConnectedConnector($0) })
        {
            chosen = withDisplay
        }
        guard let device = chosen else { return }
        let card: any DRMKernelInterface
        do {
            card = try openKernel(device)
        } catch {
            log("\(error); waiting for a change")
            return
        }
        guard card.supportsDumbBuffers, let table = card.resourceTable() else {
            log("\(device) has no KMS resources or no dumb buffers; not using it")
            card.close()
            return
        }
        if !card.isMaster { log("not DRM master of \(device): commits will fail until it is") }
        self.card = card
        self.device = device
        self.resources = table
        cardAllocator = scanoutAllocatorProvider?(card)
        log("using \(device), \(card.usesAtomic ? "atomic" : "legacy") modesetting")
        savedCRTCs = table.crtcIDs.compactMap { id in
            guard let state = card.crtcState(id) else { return nil }
            let connectors = card.connectorIDs().filter { connector in
                guard let probe = card.probeConnector(connector),
                    let encoder = table.encoders.first(where: { $0.id == probe.currentEncoderID })
                else { return false }
                return encoder.currentCRTCID == id
            }
            return (state, connectors)
        }
        card.watchEvents { [weak self] in self?.readEvents() }
        probeConnectors()
    }

    func closeCard(restore: Bool) {
        guard let card else { return }
        // Without master (the session is away) nothing can be switched off or restored: the
        // master of the moment owns the CRTCs.
        let restore = restore && isSessionActive
        for output in drmOutputs { disconnect(output, releaseCRTC: restore) }
        if restore {
            for saved in savedCRTCs {
                let status = card.restore(saved.state, connectors: saved.connectors)
                if status != 0 { log("cannot restore CRTC \(saved.state.id): errno \(errno)") }
            }
        }
        savedCRTCs = []
        isSessionActive = true
        card.dropMaster()
        cardAllocator = nil
        card.close()
        self.card = nil
        self.device = nil
        self.resources = nil
    }

    // MARK: - Connectors

    private func probeConnectors() {
        guard let card, let resources else { return }
        var seen: Set<UInt32> = []
        for id in card.connectorIDs() {
            guard let state = card.probeConnector(id), state.type != .writeback else { continue }
            seen.insert(id)
            let existing = drmOutputs.first(where: { $0.connectorID == id })
            let usable = state.isConnected && !state.displayModes.isEmpty
            let enabled = usable && policy(for: state).isEnabled
            if usable && !enabled && existing == nil { log("\(state.name): disabled by the config; not using it") }
            switch (enabled, existing) {
            case (true, nil):
                connect(state, card: card, resources: resources)
            case (false, let output?):
                // Without master the CRTC cannot be switched off; the next master owns it.
                disconnect(output, releaseCRTC: isSessionActive)
            case (true, let output?):
                if let previous = output.update(from: state) { outputModeChangedHandler?(output, previous) }
            case (false, nil):
                break
            }
        }
        for output in drmOutputs where !seen.contains(output.connectorID) {
            disconnect(output, releaseCRTC: isSessionActive)
        }
    }

    private func connect(_ state: DRMConnectorState, card: any DRMKernelInterface, resources: DRMResourceTable) {
        let connector = DRMResourceTable.Connector(
            id: state.id, encoderIDs: state.encoderIDs, currentEncoderID: state.currentEncoderID)
        guard
            let (crtc, plane) = resources.assignment(
                for: connector, takenCRTCs: Set(drmOutputs.map(\.crtcID)), takenPlanes: Set(drmOutputs.map(\.planeID)))
        else {
            log("\(state.name): no free CRTC with a primary plane can drive it; not using it")
            return
        }
        let selection = policy(for: state).modeSelection
        guard let choice = selection.choose(from: state.displayModes.map(\.0)) else { return }
        if let warning = choice.warning { log("\(state.name): \(warning)") }
        do {
            let output = try DRMOutput(
                card: card, connector: state, crtcID: crtc, planeID: plane, mode: choice.mode,
                allocator: cardAllocator, log: log)
            output.modeChangeObserver = { [weak self] output, previous in
                self?.outputModeChangedHandler?(output, previous)
            }
            output.masterLossObserver = { [weak self] in self?.masterLost() }
            if !isSessionActive { output.suspend() }
            drmOutputs.append(output)
            log("\(state.name) connected: \(choice.mode) on CRTC \(crtc)")
            outputConnectedHandler?(output)
        } catch {
            log("\(state.name): \(error); not using it")
        }
    }

    private func policy(for state: DRMConnectorState) -> OutputPolicy {
        let edid = state.edid.flatMap { try? EDID(bytes: $0) }
        return outputPolicy(
            OutputIdentity(name: state.name, make: edid?.make, model: edid?.model, serial: edid?.serial))
    }

    /// The names of the card's connectors, connected or not (writeback ones left out): what a
    /// config may name.
    public var knownConnectorNames: Set<String> {
        guard let card else { return [] }
        return Set(
            card.connectorIDs().compactMap { card.probeConnector($0) }.filter { $0.type != .writeback }.map(\.name))
    }

    /// Applies `outputPolicy`'s enabling again (the config was reloaded): connectors it
    /// disables are switched off and disconnected, ones it enables are connected. Modes of
    /// outputs that stay are the caller's to switch (`policyMode(for:)`), through the screen,
    /// which waits for a flip in flight.
    public func applyOutputPolicy() {
        probeConnectors()
    }

    /// The mode `outputPolicy` picks for `output` now (a warning logged when its selection is
    /// not offered), or nil when the output is gone.
    public func policyMode(for output: DRMOutput) -> DisplayMode? {
        guard let state = card?.probeConnector(output.connectorID),
            let choice = policy(for: state).modeSelection.choose(from: output.modes)
        else { return nil }
        if let warning = choice.warning { log("\(output.name): \(warning)") }
        return choice.mode
    }

    private func disconnect(_ output: DRMOutput, releaseCRTC: Bool) {
        guard let index = drmOutputs.firstIndex(where: { $0 === output }) else { return }
        drmOutputs.remove(at: index)
        output.disconnect(releaseCRTC: releaseCRTC)
        output.modeChangeObserver = nil
        output.masterLossObserver = nil
        log("\(output.name) disconnected")
        outputDisconnectedHandler?(output)
    }

    // MARK: - Events

    private func readEvents() {
        guard let card else { return }
        for event in card.readFlipEvents() {
            drmOutputs.first(where: { $0.crtcID == event.crtcID })?.completeFlip(event)
        }
    }

    private func handle(_ event: DRMHotplugEvent) {
        guard let sysname = event.sysname, DRMDevice.cardIndex(of: sysname) != nil else { return }
        switch event.action {
        case .change:
            // Real drivers send HOTPLUG=1, vkms's synthetic events SYNTH_ARG_HOTPLUG=1, and
            // some drivers nothing particular: any change of our card means "probe again".
            if sysname == device?.sysname { probeConnectors() }
        case .remove:
            if sysname == device?.sysname {
                log("\(sysname) removed")
                closeCard(restore: false)
            }
        case .add:
            if card == nil { openCard() }
        case .other:
            break
        }
    }
}
