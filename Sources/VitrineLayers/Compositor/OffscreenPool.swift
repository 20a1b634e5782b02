import VitrineGraphics

/// Premultiplied buffers for offscreen groups, reused across frames so a steady scene does
/// not allocate. A buffer unused for `idleFramesBeforeRelease` frames is freed.
@MainActor
final class OffscreenPool {
    private var free: [(buffer: PixelBuffer, lastUsed: UInt64)] = []
    private let idleFramesBeforeRelease: UInt64 = 120

    /// A buffer at least `width` x `height`; its contents are undefined.
    func take(width: Int, height: Int) -> PixelBuffer {
        var best: Int?
        for (index, entry) in free.enumerated()
        where entry.buffer.width >= width && entry.buffer.height >= height {
            if let current = best, free[current].buffer.byteCount <= entry.buffer.byteCount { continue }
            best = index
        }
        if let best { return free.remove(at: best).buffer }
        return PixelBuffer(width: width, height: height, format: .argb8888Premultiplied)
    }

    func giveBack(_ buffer: PixelBuffer, frame: UInt64) {
        free.append((buffer, frame))
    }

    /// Frees buffers left unused for a while.
    func trim(frame: UInt64) {
        free.removeAll { frame - $0.lastUsed > idleFramesBeforeRelease }
    }
}
