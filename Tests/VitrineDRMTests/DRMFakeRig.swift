import Foundation
import Testing
import VitrineDRM
import VitrineDRMTesting
import VitrineGraphics
import VitrinePlatform

/// A DRM backend on a `DRMFakeKernel`: one card (`card0`), a hotplug source the test drives,
/// the backend's log and handler calls recorded.
@MainActor
final class DRMFakeRig {
    /// 800x600 at 60 Hz, the connector's preferred mode.
    static let preferred = DRMModeInfo(
        clock: 40_000, hdisplay: 800, htotal: 1056, vdisplay: 600, vtotal: 628,
        type: DRMModeInfo.typePreferred | DRMModeInfo.typeDriver)
    /// 640x480 at 60 Hz.
    static let small = DRMModeInfo(
        clock: 25_175, hdisplay: 640, htotal: 800, vdisplay: 480, vtotal: 525, type: DRMModeInfo.typeDriver)

    let kernel: DRMFakeKernel
    let hotplug = DRMFakeHotplugSource()
    let scanner: DRMFakeScanner
    let backend: DRMBackend
    /// The devices the backend opened, in order.
    private(set) var opened: [String] = []
    private(set) var lines: [String] = []
    private(set) var connected: [String] = []
    private(set) var disconnected: [String] = []
    private(set) var modeChanges: [(output: String, previous: DisplayMode)] = []
    private(set) var presentEvents: [PresentEvent] = []
    private(set) var resumeCount = 0

    /// A rig whose card has one connector per entry of `connectorModes` (not yet started).
    init(
        atomic: Bool = true, connectorModes: [[DRMModeInfo]] = [[preferred, small]],
        modeSelection: DisplayModeSelection = .preferred, damageClips: Bool = true,
        scanner: DRMFakeScanner = DRMFakeScanner(cards: [DRMFakeScanner.card0])
    ) {
        let kernel = DRMFakeKernel(atomic: atomic, connectorModes: connectorModes, damageClips: damageClips)
        self.kernel = kernel
        self.scanner = scanner
        var openedDevice: ((String) -> Void)?
        backend = DRMBackend(
            clock: ManualClock(), modeSelection: modeSelection, scanner: scanner, hotplug: hotplug
        ) { device in
            openedDevice?(device.sysname)
            return kernel
        }
        openedDevice = { [unowned self] in opened.append($0) }
        backend.log = { [unowned self] in lines.append($0) }
        backend.outputConnectedHandler = { [unowned self] output in
            connected.append(output.name)
            output.presentCompletionHandler = { [unowned self] in presentEvents.append($0) }
            output.resumeHandler = { [unowned self] in resumeCount += 1 }
        }
        backend.outputDisconnectedHandler = { [unowned self] in disconnected.append($0.name) }
        backend.outputModeChangedHandler = { [unowned self] in modeChanges.append(($0.name, $1)) }
    }

    /// Starts the backend and returns its first output.
    func start() throws -> DRMOutput {
        backend.start()
        return try #require(backend.drmOutputs.first)
    }

    /// Acquires a buffer and presents it with `damage` (the whole buffer when nil).
    @discardableResult
    func present(_ output: DRMOutput, damage: Region? = nil) throws(DisplayOutputError) -> SwapchainBuffer {
        guard let buffer = output.acquireBuffer() else {
            throw .backendFailure(output: output.name, reason: "no buffer")
        }
        try output.present(buffer, damage: damage ?? Region(buffer.pixels.bounds))
        return buffer
    }

    /// Presents a whole frame and lets its vblank come: the output's modeset is done.
    func presentAndFlip(_ output: DRMOutput) throws {
        try present(output)
        #expect(kernel.vblank() == [output.crtcID])
    }

    /// Whether a log line contains `text`.
    func logged(_ text: String) -> Bool { lines.contains { $0.contains(text) } }
}

extension DRMFakeKernel.Call {
    /// `setCRTC` and `pageFlip` calls, as short strings for comparisons.
    var legacySummary: String? {
        switch self {
        case .setCRTC(let crtc, let framebuffer, let connector, let mode, let result):
            "setCRTC \(crtc) fb \(framebuffer) connector \(connector) \(mode.name) -> \(result)"
        case .pageFlip(let crtc, let framebuffer, let result): "pageFlip \(crtc) fb \(framebuffer) -> \(result)"
        case .setConnectorProperty(let connector, let property, let value, let result):
            "set \(connector).\(property)=\(value) -> \(result)"
        case .disableCRTC(let crtc): "disableCRTC \(crtc)"
        case .atomic, .restore: nil
        }
    }
}
