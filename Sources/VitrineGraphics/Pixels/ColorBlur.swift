import Foundation

/// A Gaussian blur of a colour buffer's four channels, in place: what a backdrop blur
/// (`UIBlurEffect`, Core Animation's background filters) does to the pixels behind a layer.
///
/// The same approximation as `AlphaBlur`: three box blurs per axis with running sums, so the
/// cost per pixel does not grow with the radius. The blur always runs on a copy shrunk by a
/// power of two (block averages) until its sigma there is at most 4 pixels, and is stretched
/// back bilinearly: a backdrop blur that wide keeps no detail the smaller copy loses, and a
/// radius of 60 points on a 2x panel costs about what one of 4 does. Edges are extended (the
/// pixels beyond the buffer repeat its edge pixels), as a backdrop blur at the screen's edge
/// does not darken.
public enum ColorBlur {
    /// The largest standard deviation blurred, in pixels; larger ones are clamped to it (a
    /// radius of 10,000 costs what one of 64 pixels does).
    public static let maximumSigma: Double = 64

    /// The factor a blur of `sigma` shrinks its copy by: a power of two up to 32, so the
    /// shrunk copy's sigma is at most 4 pixels.
    static func shrinkFactor(sigma: Double) -> Int {
        var factor = 1
        while factor < 32, sigma / Double(factor) > 4 { factor *= 2 }
        return factor
    }

    /// Blurs `buffer` (32-bit pixels, premultiplied or opaque) in place with a Gaussian of
    /// standard deviation `sigma` pixels, clamped to `maximumSigma`; below 0.1, or not finite,
    /// nothing changes.
    public static func blur(_ buffer: PixelBuffer, sigma: Double) {
        precondition(buffer.format.bytesPerPixel == 4, "a colour blur needs 32-bit pixels")
        guard sigma.isFinite, sigma >= 0.1 else { return }
        let sigma = min(sigma, maximumSigma)
        let width = buffer.width
        let height = buffer.height
        let factor = shrinkFactor(sigma: sigma)
        let smallWidth = (width + factor - 1) / factor
        let smallHeight = (height + factor - 1) / factor
        let count = smallWidth * smallHeight
        // Four floats per pixel, in the buffer's byte order (B, G, R, A on little-endian).
        let values = UnsafeMutablePointer<Float>.allocate(capacity: count * 4)
        defer { values.deallocate() }
        values.initialize(repeating: 0, count: count * 4)
        let opaque = buffer.format.isOpaque
        // Block averages; a block cut by the buffer's edge averages the pixels it has.
        for y in 0..<height {
            let row = buffer.baseAddress.advanced(by: y * buffer.stride).assumingMemoryBound(to: UInt8.self)
            let target = values + (y / factor) * smallWidth * 4
            for x in 0..<width {
                let pixel = target + (x / factor) * 4
                let source = row + x * 4
                pixel[0] += Float(source[0])
                pixel[1] += Float(source[1])
                pixel[2] += Float(source[2])
                pixel[3] += opaque ? 255 : Float(source[3])
            }
        }
        if factor > 1 {
            for sy in 0..<smallHeight {
                let rows = Float(min(factor, height - sy * factor))
                for sx in 0..<smallWidth {
                    let weight = 1 / (rows * Float(min(factor, width - sx * factor)))
                    let pixel = values + (sy * smallWidth + sx) * 4
                    for channel in 0..<4 { pixel[channel] *= weight }
                }
            }
        }
        let line = UnsafeMutablePointer<Float>.allocate(capacity: max(smallWidth, smallHeight) * 4)
        defer { line.deallocate() }
        for radius in AlphaBlur.boxRadii(sigma: sigma / Double(factor)) where radius > 0 {
            for y in 0..<smallHeight {
                boxBlur(values + y * smallWidth * 4, step: 4, count: smallWidth, radius: radius, line: line)
            }
            for x in 0..<smallWidth {
                boxBlur(values + x * 4, step: smallWidth * 4, count: smallHeight, radius: radius, line: line)
            }
        }
        for y in 0..<height {
            let row = buffer.baseAddress.advanced(by: y * buffer.stride).assumingMemoryBound(to: UInt8.self)
            // Pixel centres of the full buffer in the small one's pixels.
            let fy = max(0, min(Float(smallHeight - 1), (Float(y) + 0.5) / Float(factor) - 0.5))
            let y0 = Int(fy)
            let y1 = min(smallHeight - 1, y0 + 1)
            let ty = fy - Float(y0)
            let top = values + y0 * smallWidth * 4
            let bottom = values + y1 * smallWidth * 4
            for x in 0..<width {
                let fx = max(0, min(Float(smallWidth - 1), (Float(x) + 0.5) / Float(factor) - 0.5))
                let x0 = Int(fx)
                let x1 = min(smallWidth - 1, x0 + 1)
                let tx = fx - Float(x0)
                let target = row + x * 4
                var alpha: Float = 255
                for channel in stride(from: 3, through: 0, by: -1) {
                    let upper = top[x0 * 4 + channel] + (top[x1 * 4 + channel] - top[x0 * 4 + channel]) * tx
                    let lower = bottom[x0 * 4 + channel] + (bottom[x1 * 4 + channel] - bottom[x0 * 4 + channel]) * tx
                    var value = max(0, min(255, (upper + (lower - upper) * ty).rounded()))
                    // Premultiplied: no colour channel above the alpha.
                    if channel == 3 { alpha = value } else { value = min(value, alpha) }
                    target[channel] = UInt8(value)
                }
                if opaque { target[3] = 255 }
            }
        }
    }

    /// A box blur, in place, of `count` pixels (four floats each) `step` floats apart, with a
    /// window of `2 * radius + 1` and the edge pixels repeated beyond the ends; `line` is
    /// scratch space for `count` pixels.
    private static func boxBlur(
        _ data: UnsafeMutablePointer<Float>, step: Int, count: Int, radius: Int, line: UnsafeMutablePointer<Float>
    ) {
        guard count > 1 else { return }
        for i in 0..<count {
            for channel in 0..<4 { line[i * 4 + channel] = data[i * step + channel] }
        }
        let scale = 1 / Float(2 * radius + 1)
        for channel in 0..<4 {
            // The window starts over -radius...radius with the first pixel repeated left of 0.
            var sum: Float = 0
            for i in -radius...radius { sum += line[max(0, min(count - 1, i)) * 4 + channel] }
            for i in 0..<count {
                data[i * step + channel] = max(0, sum * scale)
                let entering = min(count - 1, i + radius + 1)
                let leaving = max(0, i - radius)
                sum += line[entering * 4 + channel] - line[leaving * 4 + channel]
            }
        }
    }
}
