import Testing
import VitrineDRM

@Suite("DRMConnectorType")
struct DRMConnectorTypeTests {
    @Test func namesConnectorsAsTheKernelDoes() {
        #expect(DRMConnectorType.hdmiA.connectorName(typeID: 1) == "HDMI-A-1")
        #expect(DRMConnectorType(rawValue: 11).connectorName(typeID: 2) == "HDMI-A-2")
        #expect(DRMConnectorType.virtual.connectorName(typeID: 1) == "Virtual-1")
        #expect(DRMConnectorType.displayPort.connectorName(typeID: 3) == "DP-3")
        #expect(DRMConnectorType.dviI.name == "DVI-I")
        #expect(DRMConnectorType.eDP.name == "eDP")
        #expect(DRMConnectorType.ninePinDIN.name == "DIN")
        #expect(DRMConnectorType.dsi.name == "DSI")
        #expect(DRMConnectorType.usb.name == "USB")
        #expect(DRMConnectorType.writeback.name == "Writeback")
    }

    @Test func namesUnknownTypesUnknown() {
        #expect(DRMConnectorType.unknown.connectorName(typeID: 1) == "Unknown-1")
        let future = DRMConnectorType(rawValue: 99)
        #expect(!future.isKnown)
        #expect(future.connectorName(typeID: 4) == "Unknown-4")
        #expect(DRMConnectorType.usb.isKnown)
    }
}
