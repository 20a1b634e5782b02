import Foundation
import VitrineIO
import VitrinePlatform

/// Another client of a DRM card, beside the backend: it opens the card node itself, can take
/// or drop DRM master, reads what a CRTC shows and can put a framebuffer of its own on
/// screen. For diagnostics and the VM checks, where it stands in for a second compositor or a
/// VT switch, and reads the CRTC configuration the backend left behind from outside it.
@MainActor
public final class DRMClient {
    /// The card node opened.
    public let path: String
    private let card: DRMCard
    private var buffers: [DRMDumbBuffer] = []

    /// Opens `path` (`/dev/dri/card0`) with legacy modesetting, or with the atomic client cap
    /// when `atomic` is set (the kernel shows atomic properties such as a CRTC's `ACTIVE` only
    /// to atomic clients; `crtcIsActive` needs it). The kernel makes the first opener of a card
    /// master when no one is; `isMaster` says.
    public init(path: String, atomic: Bool = false) throws(DRMClientError) {
        let descriptor: OwnedFileDescriptor
        do {
            descriptor = try OwnedFileDescriptor.open(path, .readWrite)
        } catch {
            throw DRMClientError(message: "cannot open \(path): errno \(error.rawValue)")
        }
        self.path = path
        card = DRMCard(descriptor: descriptor, path: path, allowAtomic: atomic)
    }

    isolated deinit {
        let card = card
        for buffer in buffers { card.destroy(buffer) }
        card.close()
    }

    /// Whether this client is DRM master now.
    public var isMaster: Bool { card.isMasterNow }

    /// Asks to become DRM master; returns whether it is (false while another client is).
    @discardableResult
    public func setMaster() -> Bool { card.becomeMaster() }

    /// Gives up DRM master.
    public func dropMaster() { card.dropMaster() }

    /// Drops DRM master on `descriptor`, a descriptor of this process open on a card: what
    /// logind does to a session's descriptor at a VT switch, without telling its user.
    /// Returns whether the kernel accepted.
    public static func revokeMaster(descriptor: Int32) -> Bool {
        DRMCard.dropMaster(descriptor: descriptor)
    }

    /// The CRTC ids of the card.
    public var crtcIDs: [UInt32] { card.resourceTable()?.crtcIDs ?? [] }

    /// What CRTC `id` shows now: its framebuffer (0 when off) and mode (nil when off).
    public func crtcConfiguration(_ id: UInt32) -> DRMCRTCConfiguration? {
        guard let state = card.crtcState(id) else { return nil }
        return DRMCRTCConfiguration(crtcID: id, framebufferID: state.framebufferID, mode: state.mode?.displayMode)
    }

    /// Whether CRTC `id` is active (its `ACTIVE` property): false while its display is switched
    /// off (DPMS off) even though its mode and framebuffer stay. nil unless the client was
    /// opened with `atomic`.
    public func crtcIsActive(_ id: UInt32) -> Bool? {
        guard card.usesAtomic else { return nil }
        return card.propertyValue(object: id, type: .crtc, name: "ACTIVE").map { $0 != 0 }
    }

    /// The `DPMS` property of connector `connectorName`: 0 on, 3 off (the legacy power state;
    /// atomic commits of `ACTIVE` need not update it). nil when there is no such connector.
    public func connectorDPMS(_ connectorName: String) -> UInt64? {
        guard
            let connector = card.connectorIDs().lazy.compactMap({ self.card.probeConnector($0) }).first(where: {
                $0.name == connectorName
            })
        else { return nil }
        return card.propertyValue(object: connector.id, type: .connector, name: "DPMS")
    }

    /// Puts a framebuffer of this client's, filled with `pixel` (XRGB8888), on the first CRTC
    /// an encoder of connector `connectorName` can feed, in its mode `width`x`height` (legacy
    /// `drmModeSetCrtc`; needs master). Returns the CRTC configuration it set.
    public func show(
        pixel: UInt32, connectorName: String, width: Int, height: Int
    ) throws(DRMClientError) -> DRMCRTCConfiguration {
        guard let table = card.resourceTable(),
            let connector = card.connectorIDs().lazy.compactMap({ self.card.probeConnector($0) }).first(where: {
                $0.name == connectorName
            })
        else { throw DRMClientError(message: "\(path) has no connector \(connectorName)") }
        guard let info = connector.modes.first(where: { Int($0.hdisplay) == width && Int($0.vdisplay) == height }),
            let mode = info.displayMode
        else { throw DRMClientError(message: "\(connectorName) has no mode \(width)x\(height)") }
        let resource = DRMResourceTable.Connector(
            id: connector.id, encoderIDs: connector.encoderIDs, currentEncoderID: connector.currentEncoderID)
        guard let (crtc, _) = table.assignment(for: resource, takenCRTCs: [], takenPlanes: []) else {
            throw DRMClientError(message: "no CRTC can drive \(connectorName)")
        }
        let buffer: DRMDumbBuffer
        switch card.makeDumbBuffer(width: width, height: height) {
        case .success(let made): buffer = made
        case .failure(let error): throw DRMClientError(message: error.description)
        }
        buffers.append(buffer)
        let words = buffer.memory.bindMemory(to: UInt32.self, capacity: buffer.byteCount / 4)
        for index in 0..<buffer.byteCount / 4 { words[index] = pixel }
        let status = card.setCRTC(crtc, framebuffer: buffer.framebufferID, connector: connector.id, mode: info)
        guard status == 0 else { throw DRMClientError(message: DRMError("set CRTC \(crtc)", status).description) }
        return DRMCRTCConfiguration(crtcID: crtc, framebufferID: buffer.framebufferID, mode: mode)
    }
}

extension DRMClient {
    /// Every connector of the card, connected or not, as `--list-outputs` prints them.
    public func connectors() -> [DRMConnectorSummary] {
        card.connectorIDs().compactMap { card.probeConnector($0) }.map { connector in
            let edid = connector.edid.flatMap { try? EDID(bytes: $0) }
            return DRMConnectorSummary(
                name: connector.name, isConnected: connector.isConnected, make: edid?.make, model: edid?.model,
                serial: edid?.serial, modes: connector.displayModes.map(\.0))
        }
    }
}

/// A connector as a diagnostic listing shows it.
public struct DRMConnectorSummary: Sendable {
    /// The kernel's name: `HDMI-A-1`.
    public var name: String
    /// Whether a display is plugged in.
    public var isConnected: Bool
    /// The display's identity from its EDID, when it has one.
    public var make: String?
    public var model: String?
    public var serial: String?
    /// The modes it offers, the preferred one marked.
    public var modes: [DisplayMode]
}

/// What a CRTC shows: its framebuffer object id (0: none) and mode (nil: off).
public struct DRMCRTCConfiguration: Equatable, Sendable, CustomStringConvertible {
    public var crtcID: UInt32
    public var framebufferID: UInt32
    public var mode: DisplayMode?

    public var description: String {
        "CRTC \(crtcID): framebuffer \(framebufferID), \(mode.map { "\($0)" } ?? "off")"
    }
}

/// Why a `DRMClient` call failed.
public struct DRMClientError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
