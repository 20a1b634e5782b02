import Testing

@testable import VitrineDRM

/// CRTC and primary-plane assignment on made-up resource tables.
@Suite("CRTC assignment")
struct DRMResourceTableTests {
    /// Two CRTCs (31, 32), three encoders, a primary plane per CRTC and a cursor plane.
    let table = DRMResourceTable(
        crtcIDs: [31, 32],
        encoders: [
            .init(id: 40, possibleCRTCs: 0b01),  // CRTC 31 only
            .init(id: 41, possibleCRTCs: 0b11),  // either
            .init(id: 42, possibleCRTCs: 0b10, currentCRTCID: 32),  // CRTC 32, driving it now
        ],
        planes: [
            .init(id: 50, possibleCRTCs: 0b01, kind: .primary),
            .init(id: 51, possibleCRTCs: 0b10, kind: .primary),
            .init(id: 52, possibleCRTCs: 0b11, kind: .cursor),
            .init(id: 53, possibleCRTCs: 0b11, kind: .overlay),
        ])

    @Test func takesTheFirstCRTCAnEncoderCanFeedWithItsPrimaryPlane() throws {
        let pick = try #require(table.assignment(for: .init(id: 1, encoderIDs: [41]), takenCRTCs: []))
        #expect(pick.crtcID == 31)
        #expect(pick.planeID == 50)
    }

    @Test func neverTwoOutputsOnOneCRTC() throws {
        let first = try #require(table.assignment(for: .init(id: 1, encoderIDs: [41]), takenCRTCs: []))
        let second = try #require(
            table.assignment(
                for: .init(id: 2, encoderIDs: [41]), takenCRTCs: [first.crtcID], takenPlanes: [first.planeID]))
        #expect(second.crtcID == 32)
        #expect(second.planeID == 51)
        #expect(
            table.assignment(for: .init(id: 3, encoderIDs: [40, 41]), takenCRTCs: [31, 32], takenPlanes: [50, 51])
                == nil)
    }

    @Test func anEncoderLimitedToATakenCRTCGetsNothing() {
        #expect(table.assignment(for: .init(id: 1, encoderIDs: [40]), takenCRTCs: [31]) == nil)
    }

    @Test func keepsTheCRTCTheConnectorIsDrivenByNow() throws {
        let connector = DRMResourceTable.Connector(id: 1, encoderIDs: [41, 42], currentEncoderID: 42)
        let pick = try #require(table.assignment(for: connector, takenCRTCs: []))
        #expect(pick.crtcID == 32)
        #expect(pick.planeID == 51)
        let elsewhere = try #require(table.assignment(for: connector, takenCRTCs: [32]))
        #expect(elsewhere.crtcID == 31)
    }

    @Test func aCRTCWithoutAPrimaryPlaneIsSkipped() throws {
        var noPrimaryOn31 = table
        noPrimaryOn31.planes.removeAll { $0.id == 50 }
        let pick = try #require(noPrimaryOn31.assignment(for: .init(id: 1, encoderIDs: [41]), takenCRTCs: []))
        #expect(pick.crtcID == 32)
        #expect(noPrimaryOn31.assignment(for: .init(id: 1, encoderIDs: [40]), takenCRTCs: []) == nil)
    }

    @Test func unknownEncodersAndEmptyTablesGiveNothing() {
        #expect(table.assignment(for: .init(id: 1, encoderIDs: [99]), takenCRTCs: []) == nil)
        let empty = DRMResourceTable(crtcIDs: [], encoders: [], planes: [])
        #expect(empty.assignment(for: .init(id: 1, encoderIDs: [40]), takenCRTCs: []) == nil)
    }
}
