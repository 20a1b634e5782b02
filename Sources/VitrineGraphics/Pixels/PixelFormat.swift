internal import CPixman

/// The pixel layouts Vitrine renders to and from. Each pixel of the 32-bit formats is a
/// native-endian `UInt32` (`0xAARRGGBB`), which is DRM's `XRGB8888` / `ARGB8888` on
/// little-endian machines.
public enum PixelFormat: Hashable, Sendable {
    /// 32 bits per pixel, the top byte ignored: what scanout buffers use (`DRM_FORMAT_XRGB8888`).
    case xrgb8888
    /// 32 bits per pixel with premultiplied alpha (`DRM_FORMAT_ARGB8888`, `CAIRO_FORMAT_ARGB32`).
    case argb8888Premultiplied
    /// 8 bits of coverage per pixel: masks for rounded corners and clips.
    case alpha8

    public var bytesPerPixel: Int { self == .alpha8 ? 1 : 4 }

    /// Whether every pixel of this format is opaque.
    public var isOpaque: Bool { self == .xrgb8888 }

    /// The smallest stride (bytes per row) pixman and cairo accept for `width` pixels:
    /// a multiple of 4 bytes.
    public func minimumStride(width: Int) -> Int {
        (width * bytesPerPixel + 3) & ~3
    }

    var pixmanFormat: pixman_format_code_t {
        switch self {
        case .xrgb8888: PIXMAN_x8r8g8b8
        case .argb8888Premultiplied: PIXMAN_a8r8g8b8
        case .alpha8: PIXMAN_a8
        }
    }
}
