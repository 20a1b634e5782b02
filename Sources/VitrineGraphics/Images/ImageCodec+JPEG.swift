internal import CTurboJPEG
import Foundation

/// JPEG decoding and encoding through libjpeg-turbo's TurboJPEG API, which reports errors as
/// return codes (no `setjmp`/`longjmp` crosses Swift frames).
extension ImageCodec {
    /// Decodes a JPEG into an opaque `.xrgb8888` image, as `UIImage(data:)` does for JPEG data.
    /// The pixels are as stored, as a `CGImage` from ImageIO is: the EXIF orientation is read
    /// by `exifOrientation(ofJPEG:)` and applied by whoever shows the image (`UIImage`).
    ///
    /// Colour (YCbCr or RGB) and grayscale JPEGs decode as they are; baseline and progressive
    /// alike. CMYK and YCCK JPEGs are converted naively (no colour management): with Adobe's
    /// APP14 marker (which libjpeg, Photoshop and Pillow write with every CMYK JPEG) the
    /// samples are read as inverted, as Adobe stores them; without it, as plain ink amounts.
    ///
    /// Deviations from iOS: a truncated or corrupt JPEG throws instead of showing the part that
    /// decoded (libjpeg-turbo's warnings count as errors, so a kiosk shows no grey half-image);
    /// images of more than `maximumPixelCount` pixels
    /// throw `.tooLarge`.
    public static func decodeJPEG(_ data: Data) throws(ImageCodecError) -> CGImage {
        guard format(of: data) == .jpeg else {
            throw .invalidJPEG(reason: "no JPEG start-of-image marker")
        }
        guard let decoder = tjInitDecompress() else {
            throw .invalidJPEG(reason: "cannot start the decoder: \(errorMessage(nil))")
        }
        defer { tjDestroy(decoder) }
        let result = data.withUnsafeBytes { bytes -> Result<CGImage, ImageCodecError> in
            let source = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
            return Result { () throws(ImageCodecError) -> CGImage in
                try decode(source, count: bytes.count, with: decoder)
            }
        }
        return try result.get()
    }

    /// Reads and decodes a JPEG file, as `decodeJPEG(_:)`.
    public static func decodeJPEG(contentsOf url: URL) throws(ImageCodecError) -> CGImage {
        try decodeJPEG(try readFile(url))
    }

    /// Encodes pixels as a baseline JPEG, as `UIImage.jpegData(compressionQuality:)`.
    /// `quality` runs from 0 (smallest) to 1 (best) and is clamped to that range; 0.9 and
    /// above keep full chroma resolution (4:4:4), lower qualities halve it both ways (4:2:0).
    /// JPEG has no alpha: premultiplied pixels come out as if composited over black, as iOS
    /// does.
    public static func encodeJPEG(_ buffer: PixelBuffer, quality: CGFloat) throws(ImageCodecError) -> Data {
        guard buffer.format != .alpha8 else { throw .encodingFailed(reason: "a mask is not an image") }
        guard let encoder = tjInitCompress() else {
            throw .encodingFailed(reason: "cannot start the encoder: \(errorMessage(nil))")
        }
        defer { tjDestroy(encoder) }
        let quality = quality.isNaN ? 0.75 : min(1, max(0, quality))
        let percent = Int32(max(1, (quality * 100).rounded()))
        let subsampling = quality >= 0.9 ? TJSAMP_444 : TJSAMP_420
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        defer { if let output { tjFree(output) } }
        let status = tjCompress2(
            encoder, buffer.baseAddress.assumingMemoryBound(to: UInt8.self), Int32(buffer.width),
            Int32(buffer.stride), Int32(buffer.height), nativeXRGB, &output, &size,
            Int32(subsampling.rawValue), percent, TJFLAG_ACCURATEDCT)
        guard status == 0, let output else {
            throw .encodingFailed(reason: errorMessage(encoder))
        }
        return Data(bytes: output, count: Int(size))
    }

    /// Encodes an image as a JPEG, as `encodeJPEG(_:quality:)`.
    public static func encodeJPEG(_ image: CGImage, quality: CGFloat) throws(ImageCodecError) -> Data {
        try encodeJPEG(image.colorPixels, quality: quality)
    }

    // MARK: Internals

    /// TurboJPEG's pixel format whose bytes read as a native-endian `0xXXRRGGBB` word.
    private static var nativeXRGB: Int32 {
        #if _endian(big)
            Int32(TJPF_XRGB.rawValue)
        #else
            Int32(TJPF_BGRX.rawValue)
        #endif
    }

    /// Stop at the first warning (truncation, corrupt data), decode with the accurate IDCT,
    /// and refuse progressive files with an unreasonable number of scans.
    private static let decodeFlags = TJFLAG_ACCURATEDCT | TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS

    private static func decode(
        _ source: UnsafePointer<UInt8>, count: Int, with decoder: tjhandle
    ) throws(ImageCodecError) -> CGImage {
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        guard
            tjDecompressHeader3(decoder, source, UInt(count), &width, &height, &subsampling, &colorspace) == 0
        else {
            throw .invalidJPEG(reason: errorMessage(decoder))
        }
        guard width > 0, height > 0 else { throw .invalidJPEG(reason: "empty image") }
        guard Int(width) * Int(height) <= maximumPixelCount else {
            throw .tooLarge(width: Int(width), height: Int(height))
        }
        let buffer = PixelBuffer(width: Int(width), height: Int(height), format: .xrgb8888)
        if colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue) {
            // libjpeg converts YCCK to CMYK but not CMYK to RGB: that is done here.
            let status = tjDecompress2(
                decoder, source, UInt(count), buffer.baseAddress.assumingMemoryBound(to: UInt8.self),
                width, Int32(buffer.stride), height, Int32(TJPF_CMYK.rawValue), decodeFlags)
            guard status == 0 else { throw .invalidJPEG(reason: errorMessage(decoder)) }
            convertCMYKToXRGB(buffer, inverted: hasAdobeMarker(source, count: count))
        } else {
            let status = tjDecompress2(
                decoder, source, UInt(count), buffer.baseAddress.assumingMemoryBound(to: UInt8.self),
                width, Int32(buffer.stride), height, nativeXRGB, decodeFlags)
            guard status == 0 else { throw .invalidJPEG(reason: errorMessage(decoder)) }
        }
        return CGImage(adopting: buffer)
    }

    /// Whether the marker segments before the first scan include Adobe's APP14 segment. A
    /// malformed segment list ends the search (the decoder has already accepted the header).
    static func hasAdobeMarker(_ bytes: UnsafePointer<UInt8>, count: Int) -> Bool {
        var offset = 2  // after SOI
        while offset + 4 <= count, bytes[offset] == 0xff {
            let marker = bytes[offset + 1]
            if marker == 0xff {  // fill byte
                offset += 1
                continue
            }
            if marker == 0xda || marker == 0xd9 { return false }  // start of scan, end of image
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2 else { return false }
            if marker == 0xee, length >= 7, offset + 9 <= count,
                Array(UnsafeBufferPointer(start: bytes + offset + 4, count: 5)) == Array("Adobe".utf8)
            {
                return true
            }
            offset += 2 + length
        }
        return false
    }

    /// Turns bytes C, M, Y, K in place into XRGB pixels: red = (255 - cyan ink) × (255 - black
    /// ink) / 255, and so on. `inverted` samples store 255 - ink, as Adobe's do.
    private static func convertCMYKToXRGB(_ buffer: PixelBuffer, inverted: Bool) {
        let flip: UInt32 = inverted ? 0 : 255
        for y in 0..<buffer.height {
            let row = buffer.baseAddress + y * buffer.stride
            for x in 0..<buffer.width {
                let c = flip ^ UInt32(row.load(fromByteOffset: x * 4, as: UInt8.self))
                let m = flip ^ UInt32(row.load(fromByteOffset: x * 4 + 1, as: UInt8.self))
                let yellow = flip ^ UInt32(row.load(fromByteOffset: x * 4 + 2, as: UInt8.self))
                let k = flip ^ UInt32(row.load(fromByteOffset: x * 4 + 3, as: UInt8.self))
                let red = (c * k + 127) / 255
                let green = (m * k + 127) / 255
                let blue = (yellow * k + 127) / 255
                row.storeBytes(
                    of: 0xff00_0000 | red << 16 | green << 8 | blue, toByteOffset: x * 4, as: UInt32.self)
            }
        }
    }

    /// TurboJPEG's message for the last error of `handle` (or of the last failed init, for nil).
    private static func errorMessage(_ handle: tjhandle?) -> String {
        guard let message = tjGetErrorStr2(handle) else { return "unknown error" }
        return String(cString: message)
    }
}
