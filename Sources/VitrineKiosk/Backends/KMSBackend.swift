import Foundation
import Logging
import VitrineDRM
import VitrineInput
import VitrinePlatform
import VitrineSeat

#if canImport(Glibc)
    import Glibc
#endif

/// The `drm` backend: KMS/DRM screens (`DRMBackend`) with libinput on the same seat, both
/// opening devices through one opener (direct as root, else libseat), paused and resumed with
/// the seat. Automatic when the machine has a DRM card this process can open.
@MainActor
enum KMSBackend {
    static let registration = BackendRegistration(
        name: "drm",
        summary: "KMS/DRM screens and libinput touch on the seat (automatic when a DRM card can be opened)",
        capabilities: [.display, .input, .outputListing, .outputPolicy, .inputMapping, .sessionControl],
        isAutomatic: true,
        launch: { context throws(BackendUnavailable) in try launch(context) },
        listOutputs: { context in outputListing(context) })

    static func launch(_ context: BackendLaunchContext) throws(BackendUnavailable) -> LaunchedBackends {
        let cards = DRMDeviceScanner().devices()
        if cards.isEmpty {
            throw BackendUnavailable(
                context.isExplicit ? "no DRM card (/dev/dri/card*) on this machine" : "no DRM card found")
        }
        // One opener for the card and the input devices: direct as root, else libseat's.
        let access = openDevices(seat: context.seat, environment: context.environment)
        if !context.isExplicit, let card = DRMDeviceScanner.pick(from: cards) {
            // Automatic means a card this process can use: one it may not open (no seat
            // manager, not in the video group) is logged, and the next backend is tried.
            do {
                try access.opener.open(path: card.devnode).close()
            } catch {
                access.session?.close()
                throw BackendUnavailable("\(card.devnode) is not usable (\(error))")
            }
        }
        let drm = DRMBackend(
            clock: MonotonicClock(), opener: access.opener,
            allowAtomic: context.environment["VITRINE_DRM_NO_ATOMIC"] == "1" ? false : true)
        drm.log = { message in drmLog.notice("\(message)") }
        var input: LibinputInputSource?
        do {
            let locale = Keymap.composeLocale(configured: context.composeLocale, environment: context.environment)
            let source = LibinputInputSource(
                context: try LibinputContext(seat: access.seat, opener: access.opener),
                keyboardLayout: context.keyboardLayout, keyboardVariant: context.keyboardVariant, composeLocale: locale)
            source.logHandler = { message in inputLog.notice("\(message)") }
            inputLog.notice("\(source.keymapSummary)")
            input = source
        } catch {
            serviceLog.error("no touch input: libinput on \(access.seat) failed: \(error)")
        }
        let session = access.session
        if let session { SeatSessionWiring(display: drm, input: input).attach(to: session) }
        // The GPU path: EGL on the card's GBM device, buffers made by GBM (the outputs never
        // learn which renderer drew).
        var makeRenderer: (@MainActor (any DisplayOutput) -> any Renderer)?
        if let card = DRMDeviceScanner.pick(from: cards) {
            let selection = RendererSelection.choose(
                context.renderer, source: context.rendererSource, renderNodes: gpuRenderNodes()
            ) {
                GPUProbe.gbm(card: card.devnode, opener: access.opener)
            }
            selection.log(to: serviceLog, asked: context.renderer)
            if selection.renderer == .gles {
                let gpu = GBMRendering { message in drmLog.error("\(message)") }
                drm.scanoutAllocatorProvider = { card in gpu.allocator(for: card) }
                makeRenderer = { _ in gpu.makeRenderer() }
            }
        }
        return LaunchedBackends(
            name: registration.name, display: drm, input: input, outputPolicy: drm, inputMapping: input,
            makeRenderer: makeRenderer,
            start: {
                drm.start()
                input?.start()
            },
            stop: {
                input?.stop()
                drm.shutdown()
                // Last: the seat manager gets the devices back once the CRTCs are restored.
                session?.close()
            })
    }

    /// The device access for this process (`DeviceAccess`: `VITRINE_SEAT_BACKEND`, else direct
    /// as root and libseat otherwise), logged; a libseat failure falls back to direct access.
    static func openDevices(seat: String, environment: [String: String]) -> DeviceAccess {
        SeatSession.routeLog { _, message in serviceLog.error("libseat: \(message)") }
        let access = DeviceAccess.make(seat: seat, effectiveUserID: geteuid(), environment: environment)
        if let failure = access.failure {
            serviceLog.error(
                "\(access.reason), but \(failure); opening devices directly instead, which needs root or the video and input groups"
            )
        } else {
            serviceLog.notice("\(access.reason)\(access.session.map { " (seat \($0.seatName))" } ?? "")")
        }
        return access
    }

    // MARK: --list-outputs

    /// Every card and connector with its EDID identity and modes, the mode the config's
    /// policy would pick (or that it disables the connector), and every input device with the
    /// screen it maps to and its calibration.
    static func outputListing(_ context: OutputListingContext) -> [String] {
        var lines: [String] = []
        let cards = DRMDeviceScanner().devices()
        let chosenCard = DRMDeviceScanner.pick(from: cards)
        if cards.isEmpty { lines.append("no DRM cards: the app would run on the headless backend") }
        for card in cards {
            let marks = [card.driver, card == chosenCard ? "used" : nil, card.isBootVGA ? "boot VGA" : nil]
            lines.append("\(card.devnode) (\(marks.compactMap { $0 }.joined(separator: ", ")))")
            let client: DRMClient
            do {
                client = try DRMClient(path: card.devnode)
            } catch {
                lines.append("  cannot open: \(error)")
                continue
            }
            for connector in client.connectors() where !connector.name.hasPrefix("Writeback") {
                lines += connectorLines(connector, context)
            }
            let gpu = GPUProbe.gbm(card: card.devnode, opener: DirectDeviceOpener())
            lines += KioskService.gpuListing(gpu).map { "  \($0)" }
        }
        lines.append("input devices (seat \(context.seat)):")
        let devices = InputDeviceScanner().devices()
        if devices.isEmpty { lines.append("  none") }
        for device in devices {
            var kinds: [String] = []
            if device.capabilities.contains(.touchscreen) { kinds.append("touchscreen") }
            if device.capabilities.contains(.touchpad) { kinds.append("touchpad") }
            if device.capabilities.contains(.mouse) { kinds.append("mouse") }
            if device.capabilities.contains(.keyboard) { kinds.append("keyboard") }
            let note = context.inputNote(device.name, device.sysname, device.properties)
            let screen: String
            if let output = note.screen {
                screen = "\(output) (config)"
            } else if let output = device.outputName {
                screen = "\(output) (udev WL_OUTPUT)"
            } else {
                screen = "the main screen"
            }
            var line = "  \(device.sysname) \"\(device.name)\" [\(kinds.joined(separator: ", "))] -> \(screen)"
            if let calibration = note.calibration {
                line += ", calibration \(calibration)"
            } else if let property = device.calibrationMatrixProperty {
                line += ", calibration \(property) (udev)"
            }
            lines.append(line)
        }
        return lines
    }

    private static func connectorLines(_ connector: DRMConnectorSummary, _ context: OutputListingContext)
        -> [String]
    {
        var identity = [connector.make, connector.model, connector.serial].compactMap { $0 }.joined(separator: " ")
        if !identity.isEmpty { identity = " \"\(identity)\"" }
        var lines = ["  \(connector.name): \(connector.isConnected ? "connected" : "disconnected")\(identity)"]
        guard connector.isConnected, !connector.modes.isEmpty else { return lines }
        let modes = connector.modes.map { mode in "\(mode)\(mode.isPreferred ? " (preferred)" : "")" }
        lines.append("    modes: \(modes.joined(separator: ", "))")
        let output = OutputIdentity(
            name: connector.name, make: connector.make, model: connector.model, serial: connector.serial)
        let policy = context.policy(output)
        guard policy.isEnabled else {
            lines.append("    not used: disabled by the config")
            return lines
        }
        if let choice = policy.modeSelection.choose(from: connector.modes) {
            var line = "    would show \(choice.mode) (mode \(policy.modeSelection))"
            if let note = context.settingsNote(output) { line += ", \(note)" }
            lines.append(line)
            if let warning = choice.warning { lines.append("    note: \(warning)") }
        }
        return lines
    }
}

/// The DRM backend's lines: hotplug, mode choices, CRTC assignment, session changes.
let drmLog = Logger(label: "vitrine.drm")
/// The input side's lines: devices and the screens they map to.
let inputLog = Logger(label: "vitrine.input")
