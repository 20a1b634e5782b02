import Foundation
import VitrinePlatform

/// A connector as the last probe found it.
package struct DRMConnectorState: Sendable {
    /// The connector object id.
    package var id: UInt32
    /// The kind of connector (`DRM_MODE_CONNECTOR_*`).
    package var type: DRMConnectorType
    /// Its number among the card's connectors of that kind (the 1 of `HDMI-A-1`).
    package var typeID: UInt32
    /// Whether a display is plugged in.
    package var isConnected: Bool
    /// The modes the kernel lists, in its order.
    package var modes: [DRMModeInfo]
    /// The encoders the connector can use.
    package var encoderIDs: [UInt32]
    /// The encoder it uses now (0 if none).
    package var currentEncoderID: UInt32
    /// The width the connector reports, in millimetres (0 if unknown).
    package var physicalWidthMillimeters: Int
    /// The height the connector reports, in millimetres (0 if unknown).
    package var physicalHeightMillimeters: Int
    /// The `EDID` property's bytes, if there is one.
    package var edid: [UInt8]?

    /// A connector with the given probed facts.
    package init(
        id: UInt32, type: DRMConnectorType, typeID: UInt32, isConnected: Bool, modes: [DRMModeInfo],
        encoderIDs: [UInt32], currentEncoderID: UInt32, physicalWidthMillimeters: Int,
        physicalHeightMillimeters: Int, edid: [UInt8]?
    ) {
        self.id = id
        self.type = type
        self.typeID = typeID
        self.isConnected = isConnected
        self.modes = modes
        self.encoderIDs = encoderIDs
        self.currentEncoderID = currentEncoderID
        self.physicalWidthMillimeters = physicalWidthMillimeters
        self.physicalHeightMillimeters = physicalHeightMillimeters
        self.edid = edid
    }

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
package struct DRMCRTCState: Sendable {
    /// The CRTC object id.
    package var id: UInt32
    /// The framebuffer it scans out (0: none).
    package var framebufferID: UInt32
    /// The framebuffer position it scans out from.
    package var x: UInt32
    /// The framebuffer position it scans out from.
    package var y: UInt32
    /// Its mode; nil when it is off.
    package var mode: DRMModeInfo?

    /// CRTC `id` showing `framebufferID` from (`x`, `y`) in `mode` (nil: off).
    package init(id: UInt32, framebufferID: UInt32, x: UInt32, y: UInt32, mode: DRMModeInfo?) {
        self.id = id
        self.framebufferID = framebufferID
        self.x = x
        self.y = y
        self.mode = mode
    }
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
package struct DRMCommitFlags: OptionSet, Sendable {
    /// The flag bits (ours, not the kernel's; `DRMCard` translates them).
    package var rawValue: UInt8
    /// Flags from their bits.
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    /// `DRM_MODE_ATOMIC_TEST_ONLY`: check, change nothing.
    package static let testOnly = DRMCommitFlags(rawValue: 1)
    /// `DRM_MODE_ATOMIC_NONBLOCK`: return before the vblank.
    package static let nonblock = DRMCommitFlags(rawValue: 2)
    /// `DRM_MODE_ATOMIC_ALLOW_MODESET`: a full modeset may be needed.
    package static let allowModeset = DRMCommitFlags(rawValue: 4)
    /// `DRM_MODE_PAGE_FLIP_EVENT`: an event for each CRTC when it completes.
    package static let pageFlipEvent = DRMCommitFlags(rawValue: 8)
}

/// A failed libdrm call: what was attempted and the errno.
package struct DRMError: Error, CustomStringConvertible {
    /// What was attempted ("modeset HDMI-A-1").
    package var action: String
    /// The errno (positive).
    package var code: Int32

    /// `action` failed with `status` (a negative errno, or -1 meaning "see errno").
    package init(_ action: String, _ status: Int32) {
        self.action = action
        self.code = status == -1 ? errno : abs(status)
    }

    /// `cannot <action>: <strerror>`.
    package var description: String { "cannot \(action): \(String(cString: strerror(code)))" }
}
