internal import CCairo
import Foundation

/// Why an image could not be decoded or encoded.
public enum ImageCodecError: Error, Equatable, CustomStringConvertible {
    /// The bytes are not a PNG, or the PNG is corrupt or truncated; `reason` is cairo's word.
    case invalidPNG(reason: String)
    case unreadableFile(path: String, reason: String)
    case encodingFailed(reason: String)

    public var description: String {
        switch self {
        case .invalidPNG(let reason): "not a valid PNG image: \(reason)"
        case .unreadableFile(let path, let reason): "cannot read image \(path): \(reason)"
        case .encodingFailed(let reason): "cannot encode PNG: \(reason)"
        }
    }
}

/// PNG decoding and encoding through cairo (which uses libpng): no codec of our own.
public enum ImageCodec {
    /// Decodes a PNG. A corrupt or truncated file throws; it never crashes.
    public static func decodePNG(_ data: Data) throws(ImageCodecError) -> CGImage {
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
            throw .invalidPNG(reason: String(cString: cairo_status_to_string(status)))
        }
        guard let image = CairoSurface.copyImage(from: surface) else {
            throw .invalidPNG(reason: "unsupported pixel layout")
        }
        return image
    }

    /// Reads and decodes a PNG file.
    public static func decodePNG(contentsOf url: URL) throws(ImageCodecError) -> CGImage {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadableFile(path: url.path, reason: error.localizedDescription)
        }
        return try decodePNG(data)
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
        try encodePNG(image.pixels)
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
