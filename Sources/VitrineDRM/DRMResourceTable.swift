/// The KMS objects of a card that decide which CRTC and primary plane can drive a connector,
/// as plain values: filled from libdrm (`DRMCard`) or made up in tests.
struct DRMResourceTable: Sendable {
    /// A connector: the encoders it can use and the one it uses now (0 if none).
    struct Connector: Sendable {
        var id: UInt32
        var encoderIDs: [UInt32]
        var currentEncoderID: UInt32 = 0
    }
    /// An encoder: the CRTCs it can feed (bit i = `crtcIDs[i]`) and the one it feeds now.
    struct Encoder: Sendable {
        var id: UInt32
        var possibleCRTCs: UInt32
        var currentCRTCID: UInt32 = 0
    }
    /// A plane: the CRTCs it can be shown on (bit i = `crtcIDs[i]`) and its kind.
    struct Plane: Sendable {
        enum Kind: UInt64, Sendable {
            case overlay = 0
            case primary = 1
            case cursor = 2
        }
        var id: UInt32
        var possibleCRTCs: UInt32
        var kind: Kind
    }

    /// The CRTCs in the card's order (the order `possible_crtcs` bits refer to).
    var crtcIDs: [UInt32]
    var encoders: [Encoder]
    var planes: [Plane]

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
