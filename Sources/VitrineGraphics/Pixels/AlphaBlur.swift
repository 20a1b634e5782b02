import Foundation

/// Alpha masks for shadows: a buffer's alpha channel taken out as an `.alpha8` mask, and a
/// Gaussian blur of such a mask (what Core Animation's `shadowRadius` does to a layer's
/// alpha).
///
/// The blur is three box blurs per axis (running sums, so the cost per pixel does not grow
/// with the radius), which approximates a Gaussian of the given standard deviation to a few
/// percent, as browsers blur `box-shadow`; a sigma above 8 pixels is blurred on a copy
/// shrunk by 2, 4 or 8 and stretched back. Written here rather than with pixman's
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
        let sigma = min(sigma, maximumSigma)
        let width = mask.width
        let height = mask.height
        guard width > 0, height > 0 else { return }
        // A wide blur runs on a copy shrunk by a power of two (block averages), so that its
        // sigma there is at most 8 pixels, and is stretched back bilinearly: a blur that wide
        // has no detail the smaller copy loses, and costs a sixteenth or less.
        var factor = 1
        while factor < 8, sigma / Double(factor) > 8 { factor *= 2 }
        let smallWidth = (width + factor - 1) / factor
        let smallHeight = (height + factor - 1) / factor
        let values = UnsafeMutablePointer<Float>.allocate(capacity: smallWidth * smallHeight)
        defer { values.deallocate() }
        values.initialize(repeating: 0, count: smallWidth * smallHeight)
        let weight = 1 / Float(factor * factor)
        for y in 0..<height {
            let row = mask.baseAddress.advanced(by: y * mask.stride).assumingMemoryBound(to: UInt8.self)
            let target = values + (y / factor) * smallWidth
            if factor == 1 {
                for x in 0..<width { target[x] = Float(row[x]) }
            } else {
                for x in 0..<width { target[x / factor] += Float(row[x]) * weight }
            }
        }
        let line = UnsafeMutablePointer<Float>.allocate(capacity: max(smallWidth, smallHeight))
        defer { line.deallocate() }
        for radius in boxRadii(sigma: sigma / Double(factor)) where radius > 0 {
            for y in 0..<smallHeight {
                boxBlur(values + y * smallWidth, step: 1, count: smallWidth, radius: radius, line: line)
            }
            for x in 0..<smallWidth {
                boxBlur(values + x, step: smallWidth, count: smallHeight, radius: radius, line: line)
            }
        }
        for y in 0..<height {
            let row = mask.baseAddress.advanced(by: y * mask.stride).assumingMemoryBound(to: UInt8.self)
            if factor == 1 {
                let source = values + y * width
                for x in 0..<width { row[x] = UInt8(max(0, min(255, source[x].rounded()))) }
                continue
            }
            // Pixel centres of the full mask in the small one's pixels.
            let sy = max(0, min(Float(smallHeight - 1), (Float(y) + 0.5) / Float(factor) - 0.5))
            let y0 = Int(sy)
            let y1 = min(smallHeight - 1, y0 + 1)
            let fy = sy - Float(y0)
            let top = values + y0 * smallWidth
            let bottom = values + y1 * smallWidth
            for x in 0..<width {
                let sx = max(0, min(Float(smallWidth - 1), (Float(x) + 0.5) / Float(factor) - 0.5))
                let x0 = Int(sx)
                let x1 = min(smallWidth - 1, x0 + 1)
                let fx = sx - Float(x0)
                let upper = top[x0] + (top[x1] - top[x0]) * fx
                let lower = bottom[x0] + (bottom[x1] - bottom[x0]) * fx
                row[x] = UInt8(max(0, min(255, (upper + (lower - upper) * fy).rounded())))
            }
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
