import VitrineGraphics

/// The swapchain of a window output whose window system paces frames with a callback (a
/// Wayland `wl_surface.frame`, later an X11 Present event) instead of a vblank: the callback is
/// the vblank. Window-system independent bookkeeping over a `FlipChain`, plus the buffers the
/// server still reads (a Wayland compositor holds an attached `wl_buffer` until it sends
/// `release`), which are never handed out to draw into.
///
/// A window that is hidden or minimised gets no callbacks: the present stays pending, the frame
/// loop holds its frames and nothing runs, as an idle panel.
public struct CallbackPacedSwapchain {
    /// The flip chain over the buffers' pixels.
    public private(set) var chain: FlipChain
    /// Slots the server holds (attached, not yet released).
    public private(set) var heldByServer: Set<Int> = []
    /// Frame callbacks received since the chain was made: the `PresentEvent.sequence`.
    public private(set) var sequence: UInt64
    /// Whether `acquire()` refused a buffer because the server held it: the caller asks for a
    /// full repaint once it is released.
    public private(set) var starved = false

    /// A chain over `buffers`, its sequence continuing from `sequence`.
    public init(buffers: [PixelBuffer], sequence: UInt64 = 0) {
        chain = FlipChain(buffers: buffers)
        self.sequence = sequence
    }

    /// Whether a present waits for its callback.
    public var isPresentPending: Bool { chain.pendingSlot != nil }

    /// The buffer to draw the next frame into, or nil while every free one is still read by the
    /// server.
    public mutating func acquire() -> SwapchainBuffer? {
        guard let buffer = chain.acquire() else { return nil }
        if heldByServer.contains(buffer.slot) {
            starved = true
            return nil
        }
        return buffer
    }

    /// Whether `buffer` is the one handed out.
    public func isAcquired(_ buffer: SwapchainBuffer) -> Bool { chain.isAcquired(buffer) }

    /// The acquired buffer goes to the server: pending until the callback, held until released.
    public mutating func presentAcquired() -> (slot: Int, pixels: PixelBuffer) {
        let slot = chain.acquiredSlot!
        let pixels = chain.presentAcquired()
        heldByServer.insert(slot)
        return (slot, pixels)
    }

    /// The frame callback came: the pending buffer is on screen; the event for the frame loop,
    /// stamped `timestamp` (the clock's now: a callback's own time has no defined base).
    public mutating func frameCallback(timestamp: Double, refreshPeriod: Double) -> PresentEvent {
        chain.completePending()
        sequence += 1
        return PresentEvent(timestamp: timestamp, sequence: sequence, refreshPeriod: refreshPeriod)
    }

    /// The server released `slot`; true when an acquire had been refused for it, so the caller
    /// asks for a frame (the buffer's contents are intact, but a repaint is the simple answer).
    public mutating func released(slot: Int) -> Bool {
        heldByServer.remove(slot)
        defer { starved = false }
        return starved
    }
}
