import Foundation
import VitrinePlatform

/// A connector as the last probe found it.
struct DRMConnectorState: Sendable {
    var id: UInt32
    var type: DRMConnectorType
    var typeID: UInt32
    var isConnected: Bool
    var modes: [DRMModeInfo]
    var encoderIDs: [UInt32]
    var currentEncoderID: UInt32
    var physicalWidthMillimeters: Int
    var physicalHeightMillimeters: Int
    var edid: [UInt8]?

    /// The kernel's name: `Virtual-1`, `HDMI-A-1`.
    var name: String { type.connectorName(typeID: typeID) }

    /// The modes as platform modes, one per timing (the first DRM mode of a timing is kept;
    /// the timing counts as preferred when any of its DRM modes is), in the kernel's order.
    var displayModes: [(DisplayMode, DRMModeInfo)] {
        var result: [(DisplayMode, DRMModeInfo)] = []
        for info in modes {
            guard let mode = info.displayMode else { continue }
            if let index = result.firstIndex(where: { $0.0.hasSameTiming(as: mode) }) {
                if mode.isPreferred && !result[index].0.isPreferred {
                    result[index].0.isPreferred = true
                    result[index].1 = info
                }
            } else {
                result.append((mode, info))
            }
        }
        return result
    }
}

/// A CRTC's configuration as found at start, restored at exit.
struct DRMCRTCState: Sendable {
    var id: UInt32
    var framebufferID: UInt32
    var x: UInt32
    var y: UInt32
    var mode: DRMModeInfo?
}

/// A mapped dumb buffer and its framebuffer.
struct DRMDumbBuffer: @unchecked Sendable {
    var handle: UInt32
    var framebufferID: UInt32
    var width: Int
    var height: Int
    var stride: Int
    var byteCount: Int
    var memory: UnsafeMutableRawPointer
}

/// The flags of an atomic commit.
struct DRMCommitFlags: OptionSet, Sendable {
    var rawValue: UInt8
    static let testOnly = DRMCommitFlags(rawValue: 1)
    static let nonblock = DRMCommitFlags(rawValue: 2)
    static let allowModeset = DRMCommitFlags(rawValue: 4)
    static let pageFlipEvent = DRMCommitFlags(rawValue: 8)
}

/// A failed libdrm call: what was attempted and the errno.
struct DRMError: Error, CustomStringConvertible {
    var action: String
    var code: Int32

    /// `action` failed with `status` (a negative errno, or -1 meaning "see errno").
    init(_ action: String, _ status: Int32) {
        self.action = action
        self.code = status == -1 ? errno : abs(status)
    }

    var description: String { "cannot \(action): \(String(cString: strerror(code)))" }
}
