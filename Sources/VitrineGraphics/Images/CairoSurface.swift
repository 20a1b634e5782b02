internal import CCairo

/// Moves pixels between cairo image surfaces and `PixelBuffer`s.
enum CairoSurface {
    static func cairoFormat(_ format: PixelFormat) -> cairo_format_t {
        switch format {
        case .xrgb8888: CAIRO_FORMAT_RGB24
        case .argb8888Premultiplied: CAIRO_FORMAT_ARGB32
        case .alpha8: CAIRO_FORMAT_A8
        }
    }

    /// A cairo surface drawing straight into `buffer`'s memory. The caller keeps `buffer`
    /// alive while the surface is in use and destroys the surface.
    static func make(over buffer: PixelBuffer) -> OpaquePointer {
        cairo_image_surface_create_for_data(
            buffer.baseAddress.assumingMemoryBound(to: UInt8.self), cairoFormat(buffer.format),
            Int32(buffer.width), Int32(buffer.height), Int32(buffer.stride))
    }

    /// Copies a cairo image surface (RGB24 or ARGB32) into a new image.
    static func copyImage(from surface: OpaquePointer?) -> CGImage? {
        cairo_surface_flush(surface)
        let format: PixelFormat
        switch cairo_image_surface_get_format(surface) {
        case CAIRO_FORMAT_RGB24: format = .xrgb8888
        case CAIRO_FORMAT_ARGB32: format = .argb8888Premultiplied
        default: return nil
        }
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard width > 0, height > 0, let source = cairo_image_surface_get_data(surface) else { return nil }
        let buffer = PixelBuffer(width: width, height: height, format: format)
        for row in 0..<height {
            (buffer.baseAddress + row * buffer.stride).copyMemory(
                from: source + row * stride, byteCount: width * 4)
        }
        return CGImage(adopting: buffer)
    }
}
