/// The facts Vitrine needs from a monitor's EDID base block (VESA E-EDID 1.3/1.4), as a
/// connector's `EDID` blob property holds it: who made the panel, its name and serial, its
/// physical size (for `UIScreen` scale and touch mapping) and its preferred timing.
///
/// Parsing follows the kernel's `drm_edid.c`: the header and the checksum of the first
/// 128 bytes are checked; extension blocks (CEA, DisplayID) that follow are ignored here.
public struct EDID: Hashable, Sendable {
    /// The preferred (first) detailed timing descriptor, as the kernel's `drm_mode_detailed()`
    /// turns it into a mode.
    public struct DetailedTiming: Hashable, Sendable {
        /// Pixel clock in kHz (the descriptor stores units of 10 kHz).
        public var pixelClockKHz: Int
        /// Visible width in pixels.
        public var width: Int
        /// Visible height in lines of a whole frame (twice the field height when interlaced,
        /// as the kernel doubles it).
        public var height: Int
        /// Pixels per line, blanking included.
        public var horizontalTotal: Int
        /// Lines per frame, blanking included (for interlaced timings, both fields plus one,
        /// as the kernel computes it).
        public var verticalTotal: Int
        /// Whether the timing is interlaced (bit 7 of the flags byte).
        public var isInterlaced: Bool
        /// Width of the picture in millimetres, 0 when not given.
        public var widthMillimeters: Int
        /// Height of the picture in millimetres, 0 when not given.
        public var heightMillimeters: Int

        /// The refresh rate in millihertz, as `drm_mode_vrefresh()` computes it for this timing
        /// (interlaced frames count two fields), rounded to the closest; 0 with no totals.
        public var refreshMillihertz: Int {
            guard horizontalTotal > 0, verticalTotal > 0 else { return 0 }
            let numerator = Int64(pixelClockKHz) * 1_000_000 * (isInterlaced ? 2 : 1)
            let denominator = Int64(horizontalTotal) * Int64(verticalTotal)
            return Int((numerator + denominator / 2) / denominator)
        }
    }

    /// The PNP manufacturer id: three letters such as "SAM" or "DEL" (bytes 8-9, five bits each,
    /// 1 = "A"); a letter outside A-Z comes out as "?".
    public var manufacturerID: String
    /// The manufacturer's product code (bytes 10-11, little-endian).
    public var productCode: UInt16
    /// The numeric serial number (bytes 12-15, little-endian); 0 when unused.
    public var serialNumber: UInt32
    /// Week of manufacture (byte 16): 1-54, 0 when not given, 255 when `year` is a model year.
    public var manufactureWeek: Int
    /// Year of manufacture (byte 17 + 1990).
    public var manufactureYear: Int
    /// EDID version and revision (bytes 18-19), such as 1 and 4.
    public var version: (major: Int, minor: Int) { (Int(versionMajor), Int(versionMinor)) }
    /// The monitor name from the 0xFC display descriptor, if there is one.
    public var monitorName: String?
    /// The serial string from the 0xFF display descriptor, if there is one.
    public var serialString: String?
    /// Physical width in millimetres: bytes 21 (cm) x 10 when both sizes are there, as the
    /// kernel fills `display_info.width_mm`; else the preferred timing's image size; else 0.
    public var widthMillimeters: Int
    /// Physical height in millimetres, found as `widthMillimeters` is.
    public var heightMillimeters: Int
    /// The preferred timing: the first detailed timing descriptor, which E-EDID 1.3+ requires
    /// to be the native mode. `nil` if none of the four descriptors is a timing.
    public var preferredTiming: DetailedTiming?
    /// How many extension blocks the base block announces (byte 126); they are not parsed.
    public var extensionCount: Int

    private var versionMajor: UInt8
    private var versionMinor: UInt8

    /// The size of an EDID block in bytes.
    public static let blockSize = 128
    /// The fixed 8-byte header every base block starts with.
    public static let header: [UInt8] = [0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00]

    /// Parses the base block at the start of `bytes` (extension blocks may follow and are
    /// ignored). Throws `EDIDError` when there are fewer than 128 bytes, the header is wrong,
    /// or the base block's checksum does not sum to zero.
    public init(bytes: some Collection<UInt8>) throws(EDIDError) {
        let block = Array(bytes.prefix(Self.blockSize))
        guard block.count == Self.blockSize else { throw .truncated(byteCount: block.count) }
        guard Array(block[0..<8]) == Self.header else { throw .badHeader }
        let sum = block.reduce(UInt8(0), &+)
        guard sum == 0 else { throw .badChecksum(sum: sum) }

        let vendor = UInt16(block[8]) << 8 | UInt16(block[9])
        manufacturerID = String(
            [10, 5, 0].map { shift -> Character in
                let letter = Int((vendor >> UInt16(shift)) & 0x1F)
                guard (1...26).contains(letter) else { return "?" }
                return Character(Unicode.Scalar(UInt8(64 + letter)))
            })
        productCode = UInt16(block[10]) | UInt16(block[11]) << 8
        serialNumber = (0..<4).reduce(UInt32(0)) { $0 | UInt32(block[12 + $1]) << UInt32(8 * $1) }
        manufactureWeek = Int(block[16])
        manufactureYear = 1990 + Int(block[17])
        versionMajor = block[18]
        versionMinor = block[19]
        extensionCount = Int(block[126])

        monitorName = nil
        serialString = nil
        preferredTiming = nil
        for offset in stride(from: 54, to: 126, by: 18) {
            let descriptor = block[offset..<offset + 18]
            let pixelClock = Int(block[offset]) | Int(block[offset + 1]) << 8
            if pixelClock != 0 {
                if preferredTiming == nil { preferredTiming = Self.timing(Array(descriptor)) }
                continue
            }
            switch block[offset + 3] {
            case 0xFC: monitorName = monitorName ?? Self.text(Array(descriptor))
            case 0xFF: serialString = serialString ?? Self.text(Array(descriptor))
            default: break
            }
        }

        if block[21] != 0 && block[22] != 0 {
            widthMillimeters = Int(block[21]) * 10
            heightMillimeters = Int(block[22]) * 10
        } else if let timing = preferredTiming {
            widthMillimeters = timing.widthMillimeters
            heightMillimeters = timing.heightMillimeters
        } else {
            widthMillimeters = 0
            heightMillimeters = 0
        }
    }

    /// The 13 text bytes of a display descriptor, ended by 0x0A and padded with spaces.
    private static func text(_ descriptor: [UInt8]) -> String {
        let bytes = descriptor[5..<18].prefix { $0 != 0x0A && $0 != 0 }
        let printable = bytes.map { (0x20...0x7E).contains($0) ? $0 : UInt8(ascii: "?") }
        var text = String(decoding: printable, as: UTF8.self)
        while text.last == " " { text.removeLast() }
        return text
    }

    /// An 18-byte detailed timing descriptor, decoded as `drm_mode_detailed()` does.
    private static func timing(_ d: [UInt8]) -> DetailedTiming {
        let clock = (Int(d[0]) | Int(d[1]) << 8) * 10
        let hActive = Int(d[2]) | Int(d[4] & 0xF0) << 4
        let hBlank = Int(d[3]) | Int(d[4] & 0x0F) << 8
        let vActive = Int(d[5]) | Int(d[7] & 0xF0) << 4
        let vBlank = Int(d[6]) | Int(d[7] & 0x0F) << 8
        let widthMM = Int(d[12]) | Int(d[14] & 0xF0) << 4
        let heightMM = Int(d[13]) | Int(d[14] & 0x0F) << 8
        let interlaced = d[17] & 0x80 != 0
        var height = vActive
        var vTotal = vActive + vBlank
        if interlaced {
            height *= 2
            vTotal = vTotal * 2 | 1
        }
        return DetailedTiming(
            pixelClockKHz: clock, width: hActive, height: height, horizontalTotal: hActive + hBlank,
            verticalTotal: vTotal, isInterlaced: interlaced, widthMillimeters: widthMM,
            heightMillimeters: heightMM)
    }
}

extension EDID {
    /// The manufacturer's three-letter PNP id (`DEL`, `GSM`): what a config matches as `make`.
    public var make: String { manufacturerID }
    /// The monitor name descriptor, else the product code in hex: what a config matches as
    /// `model`.
    public var model: String { monitorName ?? String(format: "0x%04X", productCode) }
    /// The serial string descriptor, else the serial number when it is not 0: what a config
    /// matches as `serial`.
    public var serial: String? { serialString ?? (serialNumber != 0 ? String(serialNumber) : nil) }
}
