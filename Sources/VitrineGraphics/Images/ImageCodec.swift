internal import CCairo
import Foundation

/// Why an image could not be decoded or encoded.
public enum ImageCodecError: Error, Equatable, CustomStringConvertible {
    /// The bytes are not a PNG, or the PNG is corrupt or truncated; `reason` says which
    /// ("not a PNG file", "truncated PNG: ...", "corrupt PNG: bad CRC in its IDAT chunk ...").
    case invalidPNG(reason: String)
    /// The bytes are not a JPEG, or the JPEG is corrupt, truncated or in a colour space that
    /// cannot be shown; `reason` is libjpeg-turbo's word.
    case invalidJPEG(reason: String)
    /// The bytes are neither a PNG nor a JPEG (judged by their first bytes).
    case unsupportedFormat
    /// The image is larger than `ImageCodec.maximumPixelCount` pixels.
    case tooLarge(width: Int, height: Int)
    /// A file could not be read.
    case unreadableFile(path: String, reason: String)
    /// Pixels could not be encoded.
    case encodingFailed(reason: String)

    /// A sentence for logs.
    public var description: String {
        switch self {
        case .invalidPNG(let reason): "not a valid PNG image: \(reason)"
        case .invalidJPEG(let reason): "not a valid JPEG image: \(reason)"
        case .unsupportedFormat: "neither a PNG nor a JPEG image"
        case .tooLarge(let width, let height):
            "image of \(width)x\(height) pixels exceeds \(ImageCodec.maximumPixelCount) pixels"
        case .unreadableFile(let path, let reason): "cannot read image \(path): \(reason)"
        case .encodingFailed(let reason): "cannot encode image: \(reason)"
        }
    }
}

/// PNG decoding and encoding through cairo (which uses libpng), JPEG through libjpeg-turbo's
/// TurboJPEG API (`ImageCodec+JPEG.swift`): no codec of our own.
public enum ImageCodec {
    /// The kinds of encoded image `decode(_:)` recognises.
    public enum Format: Sendable, Hashable {
        /// Portable Network Graphics.
        case png
        /// JPEG (JFIF or Exif).
        case jpeg
    }

    /// The most pixels a decoded PNG or JPEG may have (64 Mi pixels, 256 MiB of 32-bit
    /// pixels): a corrupt or hostile header (a 400 KB PNG claiming 20000x20000) cannot make the
    /// decoder allocate without bound. Checked against the header before decoding.
    public static let maximumPixelCount = 64 * 1024 * 1024

    /// The format `data` is in, judged by its magic bytes (PNG's eight-byte signature, JPEG's
    /// SOI marker `FF D8 FF`); nil for anything else.
    public static func format(of data: Data) -> Format? {
        if data.starts(with: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) { return .png }
        if data.starts(with: [0xff, 0xd8, 0xff]) { return .jpeg }
        return nil
    }

    /// Decodes a PNG or a JPEG, chosen by the magic bytes (as `UIImage(data:)` accepts either).
    /// Anything else, or a corrupt or truncated image, throws; it never crashes.
    public static func decode(_ data: Data) throws(ImageCodecError) -> CGImage {
        switch format(of: data) {
        case .png: try decodePNG(data)
        case .jpeg: try decodeJPEG(data)
        case nil: throw .unsupportedFormat
        }
    }

    /// Reads and decodes a PNG or JPEG file, as `decode(_:)`.
    public static func decode(contentsOf url: URL) throws(ImageCodecError) -> CGImage {
        try decode(try readFile(url))
    }

    static func readFile(_ url: URL) throws(ImageCodecError) -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .unreadableFile(path: url.path, reason: error.localizedDescription)
        }
    }

    /// Decodes a PNG. A corrupt or truncated file throws, naming what is wrong (no signature,
    /// a chunk cut off, a bad CRC, damaged image data); one of more than `maximumPixelCount`
    /// pixels throws `.tooLarge` before anything is allocated. It never crashes.
    public static func decodePNG(_ data: Data) throws(ImageCodecError) -> CGImage {
        _ = try PNGStructure.check(data)
        let reader = ByteReader(data)
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream(
                { closure, destination, length in
                    let reader = Unmanaged<ByteReader>.fromOpaque(closure!).takeUnretainedValue()
                    return reader.read(into: destination, count: Int(length))
                        ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
                }, Unmanaged.passUnretained(reader).toOpaque())
        }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            // cairo turns every libpng error into "out of memory": the structure was checked
            // and the size capped, so the reason is in the chunks' data.
            throw PNGStructure.diagnose(data)
        }
        guard let image = CairoSurface.copyImage(from: surface) else {
            throw .invalidPNG(reason: "unsupported pixel layout")
        }
        return image
    }

    /// Reads and decodes a PNG file.
    public static func decodePNG(contentsOf url: URL) throws(ImageCodecError) -> CGImage {
        try decodePNG(try readFile(url))
    }

    /// Encodes pixels as a PNG. `.xrgb8888` encodes as RGB, premultiplied ARGB as RGBA.
    public static func encodePNG(_ buffer: PixelBuffer) throws(ImageCodecError) -> Data {
        guard buffer.format != .alpha8 else { throw .encodingFailed(reason: "a mask is not an image") }
        let surface = CairoSurface.make(over: buffer)
        defer { cairo_surface_destroy(surface) }
        let writer = ByteWriter()
        let status = withExtendedLifetime(writer) {
            cairo_surface_write_to_png_stream(
                surface,
                { closure, source, length in
                    let writer = Unmanaged<ByteWriter>.fromOpaque(closure!).takeUnretainedValue()
                    writer.data.append(source!, count: Int(length))
                    return CAIRO_STATUS_SUCCESS
                }, Unmanaged.passUnretained(writer).toOpaque())
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .encodingFailed(reason: String(cString: cairo_status_to_string(status)))
        }
        return writer.data
    }

    /// Encodes an image as a PNG.
    public static func encodePNG(_ image: CGImage) throws(ImageCodecError) -> Data {
        try encodePNG(image.colorPixels)
    }

    private final class ByteReader {
        let data: Data
        var offset = 0
        init(_ data: Data) { self.data = data }

        func read(into destination: UnsafeMutablePointer<UInt8>?, count: Int) -> Bool {
            guard let destination, count <= data.count - offset else { return false }
            data.withUnsafeBytes { bytes in
                destination.update(
                    from: bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: UInt8.self),
                    count: count)
            }
            offset += count
            return true
        }
    }

    private final class ByteWriter {
        var data = Data()
    }
}
