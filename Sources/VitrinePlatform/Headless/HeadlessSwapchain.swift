import VitrineGraphics

/// The in-memory flip chain of a headless output: which buffer is scanned out, which waits for
/// vblank, which is handed to the renderer, and when each was last presented (for ages).
struct HeadlessSwapchain {
    private(set) var buffers: [PixelBuffer]
    /// The present count at which each buffer was last presented; nil if never.
    private var presentedAt: [Int?]
    /// Presents since the chain was made.
    private(set) var presentCount = 0
    /// The buffer on screen (presented and its vblank passed).
    private(set) var scanoutSlot: Int?
    /// The buffer presented and waiting for its vblank.
    private(set) var pendingSlot: Int?
    /// The buffer handed out by `acquire()` and not yet presented.
    private(set) var acquiredSlot: Int?

    init(count: Int, width: Int, height: Int) {
        buffers = (0..<count).map { _ in PixelBuffer(width: width, height: height, format: .xrgb8888) }
        presentedAt = Array(repeating: nil, count: count)
    }

    /// The acquired buffer, or the free buffer presented longest ago (never-presented first).
    mutating func acquire() -> SwapchainBuffer? {
        if let slot = acquiredSlot { return handle(for: slot) }
        var best: Int?
        for slot in buffers.indices where slot != scanoutSlot && slot != pendingSlot {
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
    func isAcquired(_ buffer: SwapchainBuffer) -> Bool {
        guard let slot = acquiredSlot else { return false }
        return buffer.slot == slot && buffer.pixels === buffers[slot]
    }

    /// Moves the acquired buffer to pending. The caller checked `isAcquired` and that no
    /// present is pending.
    mutating func presentAcquired() -> PixelBuffer {
        let slot = acquiredSlot!
        presentCount += 1
        presentedAt[slot] = presentCount
        pendingSlot = slot
        acquiredSlot = nil
        return buffers[slot]
    }

    /// The vblank came: the pending buffer is scanned out, the previous one becomes free.
    mutating func completePending() {
        guard let slot = pendingSlot else { return }
        scanoutSlot = slot
        pendingSlot = nil
    }

    private func handle(for slot: Int) -> SwapchainBuffer {
        let age = presentedAt[slot].map { presentCount - $0 + 1 } ?? 0
        return SwapchainBuffer(pixels: buffers[slot], age: age, slot: slot)
    }
}
