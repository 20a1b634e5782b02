import Testing
import VitrineDRM

/// A synthetic EDID 1.4 base block, built byte by byte as the VESA layout places them.
private func syntheticEDID(sizeCM: (UInt8, UInt8) = (53, 30), extensions: UInt8 = 0) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: 128)
    bytes.replaceSubrange(0..<8, with: [0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00])
    // "VTR": V = 22, T = 20, R = 18 -> 0 10110 10100 10010 = 0x5A92, big-endian.
    bytes[8] = 0x5A
    bytes[9] = 0x92
    // Product 0x1234 and serial 0xDEADBEEF, little-endian.
    bytes.replaceSubrange(10..<16, with: [0x34, 0x12, 0xEF, 0xBE, 0xAD, 0xDE])
    bytes[16] = 12  // week
    bytes[17] = 35  // 2025
    bytes[18] = 1
    bytes[19] = 4
    bytes[21] = sizeCM.0
    bytes[22] = sizeCM.1
    // 1920x1080@60 (CEA-861 VIC 16): 148.5 MHz = 14850 x 10 kHz = 0x3A02; hblank 280, vblank 45,
    // image 527 x 296 mm.
    let timing: [UInt8] = [
        0x02, 0x3A, 0x80, 0x18, 0x71, 0x38, 0x2D, 0x40, 0x58, 0x2C, 0x45, 0x00, 0x0F, 0x28, 0x21, 0x00, 0x00, 0x1E,
    ]
    bytes.replaceSubrange(54..<72, with: timing)
    bytes.replaceSubrange(72..<90, with: displayDescriptor(tag: 0xFC, text: "Vitrine 10"))
    bytes.replaceSubrange(90..<108, with: displayDescriptor(tag: 0xFF, text: "SN-0042"))
    bytes.replaceSubrange(108..<126, with: displayDescriptor(tag: 0x10, text: ""))  // dummy
    bytes[126] = extensions
    bytes[127] = checksum(bytes)
    return bytes
}

private func displayDescriptor(tag: UInt8, text: String) -> [UInt8] {
    var field = Array(text.utf8.prefix(13))
    if field.count < 13 { field.append(0x0A) }
    while field.count < 13 { field.append(0x20) }
    return [0, 0, 0, tag, 0] + field
}

private func checksum(_ bytes: [UInt8]) -> UInt8 {
    let sum = bytes[0..<127].reduce(UInt8(0), &+)
    return 0 &- sum
}

@Suite("EDID")
struct EDIDTests {
    @Test func parsesASyntheticBaseBlock() throws {
        let edid = try EDID(bytes: syntheticEDID())
        #expect(edid.manufacturerID == "VTR")
        #expect(edid.productCode == 0x1234)
        #expect(edid.serialNumber == 0xDEAD_BEEF)
        #expect(edid.manufactureWeek == 12)
        #expect(edid.manufactureYear == 2025)
        #expect(edid.version == (1, 4))
        #expect(edid.monitorName == "Vitrine 10")
        #expect(edid.serialString == "SN-0042")
        #expect(edid.widthMillimeters == 530)
        #expect(edid.heightMillimeters == 300)
        #expect(edid.extensionCount == 0)
        let timing = try #require(edid.preferredTiming)
        #expect(timing.width == 1920)
        #expect(timing.height == 1080)
        #expect(timing.pixelClockKHz == 148_500)
        #expect(timing.horizontalTotal == 2200)
        #expect(timing.verticalTotal == 1125)
        #expect(timing.refreshMillihertz == 60_000)
        #expect(!timing.isInterlaced)
        #expect(timing.widthMillimeters == 527)
        #expect(timing.heightMillimeters == 296)
    }

    @Test func fallsBackToTheTimingsImageSizeWithoutCentimetres() throws {
        let edid = try EDID(bytes: syntheticEDID(sizeCM: (0, 0)))
        #expect(edid.widthMillimeters == 527)
        #expect(edid.heightMillimeters == 296)
    }

    @Test func ignoresExtensionBlocks() throws {
        var bytes = syntheticEDID(extensions: 1)
        bytes += [UInt8](repeating: 0x55, count: 128)  // a junk extension, not checked
        let edid = try EDID(bytes: bytes)
        #expect(edid.extensionCount == 1)
        #expect(edid.manufacturerID == "VTR")
    }

    @Test func rejectsABadHeader() {
        var bytes = syntheticEDID()
        bytes[1] = 0x00
        bytes[127] = checksum(bytes)
        #expect(throws: EDIDError.badHeader) { try EDID(bytes: bytes) }
    }

    @Test func rejectsABadChecksum() {
        var bytes = syntheticEDID()
        bytes[127] &+= 1
        #expect(throws: EDIDError.badChecksum(sum: 1)) { try EDID(bytes: bytes) }
    }

    @Test func rejectsTruncatedInput() {
        #expect(throws: EDIDError.truncated(byteCount: 100)) { try EDID(bytes: syntheticEDID().prefix(100)) }
        #expect(throws: EDIDError.truncated(byteCount: 0)) { try EDID(bytes: [UInt8]()) }
    }
}

@Suite("EDID interlaced timing")
struct EDIDInterlacedTests {
    @Test func doublesTheFieldHeightAsTheKernel() throws {
        var bytes = [UInt8](repeating: 0, count: 128)
        bytes.replaceSubrange(0..<8, with: EDID.header)
        // 1920x1080i60: 74.25 MHz, hblank 280, field 540 lines + 22 blanking, interlaced flag.
        let timing: [UInt8] = [
            0x01, 0x1D, 0x80, 0x18, 0x71, 0x1C, 0x16, 0x20, 0x58, 0x2C, 0x25, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x9E,
        ]
        bytes.replaceSubrange(54..<72, with: timing)
        bytes[127] = 0 &- bytes.reduce(UInt8(0), &+)
        let edid = try EDID(bytes: bytes)
        let preferred = try #require(edid.preferredTiming)
        #expect(preferred.isInterlaced)
        #expect(preferred.width == 1920)
        #expect(preferred.height == 1080)
        #expect(preferred.verticalTotal == 1125)
        #expect(preferred.refreshMillihertz == 60_000)
        #expect(edid.monitorName == nil)
        #expect(edid.widthMillimeters == 0)
        #expect(edid.manufacturerID == "???")
    }
}
