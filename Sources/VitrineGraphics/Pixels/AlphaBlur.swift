import Foundation

/// Alpha masks for shadows: a buffer's alpha channel taken out as an `.alpha8` mask, and a
/// Gaussian blur of such a mask (what Core Animation's `shadowRadius` does to a layer's
/// alpha).
///
/// The blur is three box blurs per axis (running sums, so the cost per pixel does not grow
/// with the radius), which approximates a Gaussian of the given standard deviation to a few
/// percent, as browsers blur `box-shadow`. Written here rather than with pixman's
/// `PIXMAN_FILTER_SEPARABLE_CONVOLUTION`: that filter is a resampling filter whose kernel
/// width is tied to the transform's scale, so a blur of any radius would need a scaled
/// round trip, and a kernel as wide as the blur costs that many taps per pixel.
public enum AlphaBlur {
    /// The largest standard deviation blurred, in pixels; larger ones are clamped to it, so a
    /// shadow radius of 10,000 costs what one of 128 pixels does (documented deviation).
    public static let maximumSigma: Double = 64

    /// The alpha of `source`'s pixels inside `rect` (in `source`'s pixels), as an `.alpha8`
    /// mask with `margin` empty pixels around it.
    public static func alphaMask(of source: PixelBuffer, in rect: PixelRect, margin: Int) -> PixelBuffer {
        let margin = max(0, margin)
        let area = rect.intersection(source.bounds)
        let mask = PixelBuffer(
            width: max(1, rect.width + 2 * margin), height: max(1, rect.height + 2 * margin), format: .alpha8)
        guard !area.isEmpty, source.format != .alpha8 else { return mask }
        let alphaOpaque = source.format.isOpaque
        for y in area.y..<(area.y + area.height) {
            let sourceRow = source.baseAddress.advanced(by: y * source.stride).assumingMemoryBound(to: UInt32.self)
            let maskRow = mask.baseAddress.advanced(by: (y - rect.y + margin) * mask.stride)
                .assumingMemoryBound(to: UInt8.self)
            for x in area.x..<(area.x + area.width) {
                maskRow[x - rect.x + margin] = alphaOpaque ? 255 : UInt8(truncatingIfNeeded: sourceRow[x] >> 24)
            }
        }
        return mask
    }

    /// The three box widths whose successive blurs approximate a Gaussian of `sigma`.
    static func boxRadii(sigma: Double) -> [Int] {
        let n = 3.0
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        lower = max(1, lower)
        let upper = lower + 2
        let l = Double(lower)
        let m = ((12 * sigma * sigma - n * l * l - 4 * n * l - 3 * n) / (-4 * l - 4)).rounded()
        return (0..<3).map { Double($0) < m ? (lower - 1) / 2 : (upper - 1) / 2 }
    }

    /// Blurs an `.alpha8` mask in place with a Gaussian of standard deviation `sigma` pixels
    /// (clamped to `maximumSigma`; below 0.1 nothing changes). Pixels beyond the mask count
    /// as transparent, so leave a margin of about 3 sigma for the blur to spread into.
    public static func blur(_ mask: PixelBuffer, sigma: Double) {
        precondition(mask.format == .alpha8, "an alpha mask is alpha8")
        guard sigma.isFinite, sigma >= 0.1 else { return }
        let radii = boxRadii(sigma: min(sigma, maximumSigma))
        let width = mask.width
        let height = mask.height
        guard width > 0, height > 0 else { return }
        let values = UnsafeMutablePointer<Float>.allocate(capacity: width * height)
        defer { values.deallocate() }
        let line = UnsafeMutablePointer<Float>.allocate(capacity: max(width, height))
        defer { line.deallocate() }
        for y in 0..<height {
            let row = mask.baseAddress.advanced(by: y * mask.stride).assumingMemoryBound(to: UInt8.self)
            let target = values + y * width
            for x in 0..<width { target[x] = Float(row[x]) }
        }
        for radius in radii where radius > 0 {
            for y in 0..<height { boxBlur(values + y * width, step: 1, count: width, radius: radius, line: line) }
            for x in 0..<width { boxBlur(values + x, step: width, count: height, radius: radius, line: line) }
        }
        for y in 0..<height {
            let row = mask.baseAddress.advanced(by: y * mask.stride).assumingMemoryBound(to: UInt8.self)
            let source = values + y * width
            for x in 0..<width { row[x] = UInt8(max(0, min(255, source[x].rounded()))) }
        }
    }

    /// A box blur, in place, of `count` values `step` apart, with a window of
    /// `2 * radius + 1`, zero outside; `line` is scratch space for `count` values.
    private static func boxBlur(
        _ data: UnsafeMutablePointer<Float>, step: Int, count: Int, radius: Int, line: UnsafeMutablePointer<Float>
    ) {
        for i in 0..<count { line[i] = data[i * step] }
        let scale = 1 / Float(2 * radius + 1)
        var sum: Float = 0
        for i in 0..<min(radius, count) { sum += line[i] }
        for i in 0..<count {
            let entering = i + radius
            if entering < count { sum += line[entering] }
            let leaving = i - radius - 1
            if leaving >= 0 { sum -= line[leaving] }
            data[i * step] = max(0, sum * scale)
        }
    }

    /// The coverage of `path` (filled, non-zero winding) mapped through `transform`, as an
    /// `.alpha8` mask `width` x `height` pixels: a shadow's shape when `shadowPath` is set.
    public static func pathMask(_ path: CGPath, transform: CGAffineTransform, width: Int, height: Int) -> PixelBuffer {
        let colour = PixelBuffer(width: max(1, width), height: max(1, height), format: .argb8888Premultiplied)
        let context = CGContext(pixelBuffer: colour)
        context.concatenate(transform)
        context.addPath(path)
        context.setFillColor(.black)
        context.fillPath(using: .winding)
        context.flush()
        return alphaMask(of: colour, in: colour.bounds, margin: 0)
    }
}
