import Foundation

/// What a PNG's chunk structure says, read before cairo (and libpng under it) is given the
/// bytes. cairo reports every libpng error as "out of memory" and would allocate whatever the
/// header asks for, so the size is checked here against `maximumPixelCount` and a damaged file
/// is named for what is wrong with it.
///
/// libpng through cairo is kept rather than libpng called directly: libpng reports errors by
/// `longjmp` out of its error callback, which Swift frames cannot be crossed by (the reason
/// JPEG goes through TurboJPEG), so calling it would need a C shim holding the `setjmp`.
/// cairo is that shim already, and with the structure checked first its one missing piece, the
/// reason, is recovered here.
struct PNGStructure {
    /// IHDR's size.
    var width: Int
    var height: Int

    /// PNG's eight-byte signature.
    static let signature: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

    /// The largest image cairo makes (`cairo_image_surface_create`'s limit, a side of 32767).
    static let maximumSide = 32767

    /// A chunk: its four-letter type, where it starts (its length field) and its data.
    struct Chunk {
        var type: String
        var offset: Int
        var data: Range<Int>
        /// Critical chunks (type starting with a capital) have their CRC checked by libpng;
        /// ancillary ones with a bad CRC are dropped with a warning.
        var isCritical: Bool
    }

    /// Reads the signature, every chunk's length and type up to IEND, and the IHDR (its CRC,
    /// its fields, the size against `ImageCodec.maximumPixelCount`). The other chunks' CRCs
    /// are left to libpng, which checks them as it decodes; `diagnose` reads them when it fails.
    static func check(_ data: Data) throws(ImageCodecError) -> PNGStructure {
        // Read in place: a copy of a large file cost more than the walk over its chunks.
        let result = data.withUnsafeBytes { bytes -> Result<PNGStructure, ImageCodecError> in
            Result { () throws(ImageCodecError) -> PNGStructure in try check(bytes) }
        }
        return try result.get()
    }

    private static func check(_ bytes: UnsafeRawBufferPointer) throws(ImageCodecError) -> PNGStructure {
        guard bytes.starts(with: signature) else {
            throw .invalidPNG(
                reason: !bytes.isEmpty && bytes.count < signature.count && signature.starts(with: bytes)
                    ? "truncated PNG: \(bytes.count) bytes, not even its signature"
                    : "not a PNG file (no PNG signature)")
        }
        var header: PNGStructure?
        var sawImageData = false
        for chunk in try chunks(bytes) {
            if header == nil {
                header = try readHeader(chunk, in: bytes)
                continue
            }
            switch chunk.type {
            case "IHDR": throw .invalidPNG(reason: "corrupt PNG: a second IHDR chunk at byte \(chunk.offset)")
            case "IDAT": sawImageData = true
            case "IEND":
                guard sawImageData else { throw .invalidPNG(reason: "corrupt PNG: no image data (IDAT chunk)") }
                return header!
            default: break
            }
        }
        // `chunks` stops only at IEND or the end of the data.
        throw .invalidPNG(reason: "truncated PNG: it ends after \(bytes.count) bytes, before its IEND chunk")
    }

    /// The chunks from the signature on, stopping after IEND; a chunk cut off by the end of
    /// the data, or with a length or type no PNG has, throws.
    private static func chunks(_ bytes: UnsafeRawBufferPointer) throws(ImageCodecError) -> [Chunk] {
        var result: [Chunk] = []
        var offset = signature.count
        while offset < bytes.count {
            guard bytes.count - offset >= 8 else {
                throw .invalidPNG(reason: "truncated PNG: it ends inside a chunk header at byte \(offset)")
            }
            let length = Int(bigEndian32(bytes, at: offset))
            let typeBytes = bytes[(offset + 4)..<(offset + 8)]
            guard typeBytes.allSatisfy({ isASCIILetter($0) }) else {
                throw .invalidPNG(reason: "corrupt PNG: no chunk type at byte \(offset)")
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            // The PNG specification caps a chunk at 2^31 - 1 bytes.
            guard length <= Int(Int32.max) else {
                throw .invalidPNG(reason: "corrupt PNG: its \(type) chunk at byte \(offset) claims \(length) bytes")
            }
            let end = offset + 12 + length
            guard end <= bytes.count else {
                throw .invalidPNG(
                    reason: "truncated PNG: its \(type) chunk at byte \(offset) is cut off "
                        + "(\(max(bytes.count - offset - 8, 0)) of \(length) data bytes and a CRC)")
            }
            result.append(
                Chunk(
                    type: type, offset: offset, data: (offset + 8)..<(offset + 8 + length),
                    isCritical: typeBytes.first! < UInt8(ascii: "a")))
            offset = end
            if type == "IEND" { break }
        }
        return result
    }

    private static func readHeader(_ chunk: Chunk, in bytes: UnsafeRawBufferPointer) throws(ImageCodecError)
        -> PNGStructure
    {
        guard chunk.type == "IHDR" else {
            throw .invalidPNG(reason: "corrupt PNG: its first chunk is \(chunk.type), not IHDR")
        }
        guard chunk.data.count == 13 else {
            throw .invalidPNG(reason: "corrupt PNG: its IHDR chunk has \(chunk.data.count) bytes, not 13")
        }
        guard crcMatches(chunk, in: bytes) else { throw badCRC(chunk) }
        let start = chunk.data.lowerBound
        let width = Int(bigEndian32(bytes, at: start))
        let height = Int(bigEndian32(bytes, at: start + 4))
        guard (1...Int(Int32.max)).contains(width), (1...Int(Int32.max)).contains(height) else {
            throw .invalidPNG(reason: "corrupt PNG: its IHDR gives a size of \(width)x\(height)")
        }
        let depth = bytes[start + 8]
        let colorType = bytes[start + 9]
        let depths: [UInt8]
        switch colorType {
        case 0: depths = [1, 2, 4, 8, 16]  // grey
        case 3: depths = [1, 2, 4, 8]  // palette
        case 2, 4, 6: depths = [8, 16]  // RGB, grey and alpha, RGBA
        default: throw .invalidPNG(reason: "corrupt PNG: colour type \(colorType) is not one PNG has")
        }
        guard depths.contains(depth) else {
            throw .invalidPNG(reason: "corrupt PNG: bit depth \(depth) with colour type \(colorType)")
        }
        // Compression and filter method 0, interlace none or Adam7: the only ones PNG defines.
        guard bytes[start + 10] == 0, bytes[start + 11] == 0, bytes[start + 12] <= 1 else {
            throw .invalidPNG(reason: "corrupt PNG: unknown compression, filter or interlace method in its IHDR")
        }
        guard width * height <= ImageCodec.maximumPixelCount else {
            throw .tooLarge(width: width, height: height)
        }
        guard width <= maximumSide, height <= maximumSide else {
            throw .invalidPNG(reason: "a PNG of \(width)x\(height) pixels: a side is longer than \(maximumSide)")
        }
        return PNGStructure(width: width, height: height)
    }

    /// Why libpng (through cairo) refused a file `check` accepted: a critical chunk's bad CRC
    /// when there is one (the whole file is read for it only now, as libpng read it once
    /// already), else damage inside the compressed image data.
    static func diagnose(_ data: Data) -> ImageCodecError {
        data.withUnsafeBytes { diagnose($0) }
    }

    private static func diagnose(_ bytes: UnsafeRawBufferPointer) -> ImageCodecError {
        if let chunks = try? chunks(bytes),
            let bad = chunks.first(where: { $0.isCritical && !crcMatches($0, in: bytes) })
        {
            return badCRC(bad)
        }
        return .invalidPNG(reason: "corrupt PNG data: its compressed image data cannot be decoded")
    }

    private static func badCRC(_ chunk: Chunk) -> ImageCodecError {
        .invalidPNG(reason: "corrupt PNG: bad CRC in its \(chunk.type) chunk at byte \(chunk.offset)")
    }

    /// Whether the CRC after a chunk's data is that of its type and data.
    private static func crcMatches(_ chunk: Chunk, in bytes: UnsafeRawBufferPointer) -> Bool {
        let stored = bigEndian32(bytes, at: chunk.data.upperBound)
        return CRC32.checksum(bytes[(chunk.offset + 4)..<chunk.data.upperBound]) == stored
    }

    private static func bigEndian32(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }
}

/// CRC-32 as PNG and zlib compute it (ISO 3309, polynomial 0xEDB88320 reflected), by table.
/// zlib's `crc32` is not reachable from Swift here without a module of its own for one function.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    /// The CRC of `bytes`.
    static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
