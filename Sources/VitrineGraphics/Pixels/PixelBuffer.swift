internal import CPixman
import Foundation

/// A rectangle of pixels in memory: a scanout buffer a backend owns, an image's pixels, an
/// offscreen group or a mask.
///
/// Either owns its memory (allocated zeroed, freed with the buffer) or wraps memory that
/// somebody else owns (a mapped DRM dumb buffer), whose owner is told through `release` when
/// the buffer goes away.
public final class PixelBuffer {
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next.
    public let stride: Int
    public let format: PixelFormat
    public let baseAddress: UnsafeMutableRawPointer
    private let release: (() -> Void)?

    /// The pixman image over this memory, made on first use.
    private var cachedPixmanImage: OpaquePointer?

    /// A zeroed buffer this object owns. Sizes are clamped to at least 1x1 pixel so a degenerate
    /// request never yields a null pointer.
    public init(width: Int, height: Int, format: PixelFormat) {
        let width = max(1, width)
        let height = max(1, height)
        self.width = width
        self.height = height
        self.format = format
        self.stride = format.minimumStride(width: width)
        let storage = Self.allocateZeroed(byteCount: stride * height)
        self.baseAddress = storage.memory
        self.release = storage.release
    }

    /// Buffers this large get a mapping of their own. glibc raises its mmap threshold each time
    /// a mapped block is freed, so after one screen-sized buffer comes and goes, later layer
    /// contents and offscreens would land in the heap, where freeing them does not give the
    /// memory back; a mapping of our own always does, and comes zeroed.
    static let ownMappingThreshold = 128 * 1024

    private static func allocateZeroed(byteCount: Int) -> (memory: UnsafeMutableRawPointer, release: () -> Void) {
        if byteCount >= ownMappingThreshold {
            let mapped = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
            if let mapped, mapped != MAP_FAILED {
                return (mapped, { munmap(mapped, byteCount) })
            }
        }
        guard let memory = calloc(byteCount, 1) else { fatalError("out of memory for \(byteCount) bytes of pixels") }
        return (memory, { free(memory) })
    }

    /// Wraps memory somebody else owns, as a mapped DRM dumb buffer. `release` runs when this
    /// buffer is deinitialised.
    public init(
        wrapping baseAddress: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int,
        format: PixelFormat, release: (() -> Void)? = nil
    ) {
        precondition(width > 0 && height > 0, "a pixel buffer needs a positive size")
        precondition(stride >= width * format.bytesPerPixel && stride % 4 == 0, "stride too small or unaligned")
        self.width = width
        self.height = height
        self.stride = stride
        self.format = format
        self.baseAddress = baseAddress
        self.release = release
    }

    deinit {
        if let image = cachedPixmanImage { pixman_image_unref(image) }
        release?()
    }

    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// The byte count of the pixel rows, stride included.
    public var byteCount: Int { stride * height }

    /// The pixel at (x, y) as a native-endian `0xAARRGGBB` value; for `.xrgb8888` the alpha
    /// byte reads as 0xff, for `.alpha8` the coverage is in the alpha byte.
    public func pixel(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of bounds")
        switch format {
        case .alpha8:
            return UInt32(baseAddress.load(fromByteOffset: y * stride + x, as: UInt8.self)) << 24
        case .xrgb8888:
            return baseAddress.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) | 0xff00_0000
        case .argb8888Premultiplied:
            return baseAddress.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
        }
    }

    /// Writes one pixel (see `pixel(x:y:)` for the encoding).
    public func setPixel(x: Int, y: Int, _ value: UInt32) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of bounds")
        if format == .alpha8 {
            baseAddress.storeBytes(of: UInt8(value >> 24), toByteOffset: y * stride + x, as: UInt8.self)
        } else {
            baseAddress.storeBytes(of: value, toByteOffset: y * stride + x * 4, as: UInt32.self)
        }
    }

    /// Copies every byte of `other`, which must have the same size, stride and format.
    public func copyPixels(from other: PixelBuffer) {
        precondition(other.byteCount == byteCount && other.format == format, "buffers differ")
        baseAddress.copyMemory(from: other.baseAddress, byteCount: byteCount)
    }

    /// A new buffer that owns a copy of these pixels.
    public func copy() -> PixelBuffer {
        let copy = PixelBuffer(width: width, height: height, format: format)
        if copy.stride == stride {
            copy.baseAddress.copyMemory(from: baseAddress, byteCount: byteCount)
        } else {
            for row in 0..<height {
                (copy.baseAddress + row * copy.stride).copyMemory(
                    from: baseAddress + row * stride, byteCount: width * format.bytesPerPixel)
            }
        }
        return copy
    }

    /// Whether every pixel of both buffers is equal (for xrgb, ignoring the unused byte).
    public func hasSamePixels(as other: PixelBuffer) -> Bool {
        guard width == other.width, height == other.height else { return false }
        for y in 0..<height {
            for x in 0..<width where pixel(x: x, y: y) != other.pixel(x: x, y: y) {
                return false
            }
        }
        return true
    }

    /// pixman's image over this buffer's memory, kept for the buffer's lifetime.
    var pixmanImage: OpaquePointer {
        if let image = cachedPixmanImage { return image }
        let image = pixman_image_create_bits(
            format.pixmanFormat, Int32(width), Int32(height),
            baseAddress.assumingMemoryBound(to: UInt32.self), Int32(stride))!
        cachedPixmanImage = image
        return image
    }
}

extension PixelBuffer {
    /// Sets every byte to zero (transparent black).
    package func clear() {
        memset(baseAddress, 0, byteCount)
    }

    /// Whether every pixel of a 32-bit buffer is fully transparent (all four bytes zero), four
    /// pixels at a time.
    package var isFullyTransparent: Bool {
        precondition(format.bytesPerPixel == 4, "a 32-bit buffer")
        for y in 0..<height {
            let row = (baseAddress + y * stride).assumingMemoryBound(to: UInt32.self)
            guard Self.nextDrawnPixel(in: row, from: 0, width: width) == width else { return false }
        }
        return true
    }

    /// The index of the first pixel from `start` on that is not transparent (zero), `width`
    /// if none: four pixels at a time while they are all transparent.
    @inline(__always)
    static func nextDrawnPixel(in row: UnsafeMutablePointer<UInt32>, from start: Int, width: Int) -> Int {
        var x = start
        while x &+ 3 < width, fourAreTransparent(row + x) { x &+= 4 }
        while x < width, row[x] == 0 { x &+= 1 }
        return x
    }

    /// Whether the four pixels from `pixels` are all transparent (zero).
    private static func fourAreTransparent(_ pixels: UnsafeMutablePointer<UInt32>) -> Bool {
        let raw = UnsafeRawPointer(pixels)
        return raw.loadUnaligned(as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == 0
    }
}
