/// The KMS objects of a card that decide which CRTC and primary plane can drive a connector,
/// as plain values: filled from libdrm (`DRMCard`) or made up in tests.
package struct DRMResourceTable: Sendable {
    /// A connector: the encoders it can use and the one it uses now (0 if none).
    struct Connector: Sendable {
        var id: UInt32
        var encoderIDs: [UInt32]
        var currentEncoderID: UInt32 = 0
    }
    /// An encoder: the CRTCs it can feed (bit i = `crtcIDs[i]`) and the one it feeds now.
    package struct Encoder: Sendable {
        /// The encoder object id.
        package var id: UInt32
        /// The CRTCs it can feed, bit i for `crtcIDs[i]`.
        package var possibleCRTCs: UInt32
        /// The CRTC it feeds now (0 if none).
        package var currentCRTCID: UInt32 = 0

        /// Encoder `id`, able to feed `possibleCRTCs`, feeding `currentCRTCID` now.
        package init(id: UInt32, possibleCRTCs: UInt32, currentCRTCID: UInt32 = 0) {
            self.id = id
            self.possibleCRTCs = possibleCRTCs
            self.currentCRTCID = currentCRTCID
        }
    }
    /// A plane: the CRTCs it can be shown on (bit i = `crtcIDs[i]`) and its kind.
    package struct Plane: Sendable {
        /// A plane's `type` property.
        package enum Kind: UInt64, Sendable {
            /// `DRM_PLANE_TYPE_OVERLAY`.
            case overlay = 0
            /// `DRM_PLANE_TYPE_PRIMARY`.
            case primary = 1
            /// `DRM_PLANE_TYPE_CURSOR`.
            case cursor = 2
        }
        /// The plane object id.
        package var id: UInt32
        /// The CRTCs it can be shown on, bit i for `crtcIDs[i]`.
        package var possibleCRTCs: UInt32
        /// Its kind.
        package var kind: Kind

        /// Plane `id` of `kind`, for `possibleCRTCs`.
        package init(id: UInt32, possibleCRTCs: UInt32, kind: Kind) {
            self.id = id
            self.possibleCRTCs = possibleCRTCs
            self.kind = kind
        }
    }

    /// The CRTCs in the card's order (the order `possible_crtcs` bits refer to).
    package var crtcIDs: [UInt32]
    /// The encoders.
    package var encoders: [Encoder]
    /// The planes (universal planes: primary, overlay and cursor).
    package var planes: [Plane]

    /// A table of `crtcIDs`, `encoders` and `planes`.
    package init(crtcIDs: [UInt32], encoders: [Encoder], planes: [Plane]) {
        self.crtcIDs = crtcIDs
        self.encoders = encoders
        self.planes = planes
    }

    /// The CRTC and primary plane for `connector`, never one in `takenCRTCs` or `takenPlanes`:
    /// the CRTC its encoder drives now when free (no needless modeset, as wlroots keeps it),
    /// else the first free CRTC one of its encoders can feed that has a free primary plane.
    /// nil when every candidate is taken.
    func assignment(
        for connector: Connector, takenCRTCs: Set<UInt32>, takenPlanes: Set<UInt32> = []
    ) -> (crtcID: UInt32, planeID: UInt32)? {
        var candidates: [Int] = []
        if let current = encoders.first(where: { $0.id == connector.currentEncoderID }),
            let index = crtcIDs.firstIndex(of: current.currentCRTCID)
        {
            candidates.append(index)
        }
        for encoderID in connector.encoderIDs {
            guard let encoder = encoders.first(where: { $0.id == encoderID }) else { continue }
            for index in crtcIDs.indices where encoder.possibleCRTCs & (1 << UInt32(index)) != 0 {
                if !candidates.contains(index) { candidates.append(index) }
            }
        }
        for index in candidates where !takenCRTCs.contains(crtcIDs[index]) {
            if let plane = planes.first(where: {
                $0.kind == .primary && $0.possibleCRTCs & (1 << UInt32(index)) != 0 && !takenPlanes.contains($0.id)
            }) {
                return (crtcIDs[index], plane.id)
            }
        }
        return nil
    }

    /// The index of `crtcID` among the card's CRTCs (for `possible_crtcs` bits and vblank
    /// pipes), or nil.
    func index(ofCRTC crtcID: UInt32) -> Int? { crtcIDs.firstIndex(of: crtcID) }
}
