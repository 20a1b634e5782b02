import VitrineGraphics

/// The bookkeeping of a flip chain of 2 or 3 scanout buffers: which buffer is on screen, which
/// waits for vblank, which is handed to the renderer, and when each was last presented, so that
/// every backend hands out buffers and EGL-style ages (`SwapchainBuffer.age`) the same way.
/// The headless backend keeps in-memory buffers in one; the DRM backend its mapped dumb buffers.
///
/// A chain of one buffer is for an output nothing scans out (a headless output on a machine
/// without a panel): once its vblank has passed, the buffer on screen is handed out again and
/// drawn over in place, with age 1.
public struct FlipChain {
    /// The buffers, indexed by slot.
    public private(set) var buffers: [PixelBuffer]
    /// The present count at which each buffer was last presented; nil if never.
    private var presentedAt: [Int?]
    /// Presents since the chain was made.
    public private(set) var presentCount = 0
    /// The buffer on screen (presented and its vblank passed).
    public private(set) var scanoutSlot: Int?
    /// The buffer presented and waiting for its vblank.
    public private(set) var pendingSlot: Int?
    /// The buffer handed out by `acquire()` and not yet presented.
    public private(set) var acquiredSlot: Int?

    /// A chain over `buffers` (not empty), none of them presented yet.
    public init(buffers: [PixelBuffer]) {
        precondition(!buffers.isEmpty, "a flip chain needs buffers")
        self.buffers = buffers
        presentedAt = Array(repeating: nil, count: buffers.count)
    }

    /// A chain of `count` zeroed XRGB8888 buffers of `width` x `height` pixels in memory.
    public init(count: Int, width: Int, height: Int) {
        self.init(buffers: (0..<count).map { _ in PixelBuffer(width: width, height: height, format: .xrgb8888) })
    }

    /// The acquired buffer, or the free buffer presented longest ago (never-presented first):
    /// a double buffer yields ages 0, 0, 2, 2, ... and a triple buffer 0, 0, 0, 3, 3, ...; a
    /// single buffer 0, 1, 1, .... nil when every buffer is on screen or waiting for vblank.
    public mutating func acquire() -> SwapchainBuffer? {
        if let slot = acquiredSlot { return handle(for: slot) }
        let reusesScanout = buffers.count == 1
        var best: Int?
        for slot in buffers.indices where (reusesScanout || slot != scanoutSlot) && slot != pendingSlot {
            guard let current = best else {
                best = slot
                continue
            }
            if (presentedAt[slot] ?? -1) < (presentedAt[current] ?? -1) { best = slot }
        }
        guard let slot = best else { return nil }
        acquiredSlot = slot
        return handle(for: slot)
    }

    /// Whether `buffer` is the one handed out by `acquire()`.
    public func isAcquired(_ buffer: SwapchainBuffer) -> Bool {
        guard let slot = acquiredSlot else { return false }
        return buffer.slot == slot && buffer.pixels === buffers[slot]
    }

    /// Moves the acquired buffer to pending and returns it. The caller checked `isAcquired`
    /// and that no present is pending.
    public mutating func presentAcquired() -> PixelBuffer {
        let slot = acquiredSlot!
        presentCount += 1
        presentedAt[slot] = presentCount
        pendingSlot = slot
        acquiredSlot = nil
        return buffers[slot]
    }

    /// The vblank came: the pending buffer is scanned out, the previous one becomes free.
    public mutating func completePending() {
        guard let slot = pendingSlot else { return }
        scanoutSlot = slot
        pendingSlot = nil
    }

    private func handle(for slot: Int) -> SwapchainBuffer {
        let age = presentedAt[slot].map { presentCount - $0 + 1 } ?? 0
        return SwapchainBuffer(pixels: buffers[slot], age: age, slot: slot)
    }
}
