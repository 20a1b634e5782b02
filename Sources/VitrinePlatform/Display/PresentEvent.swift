/// The completion of a present: the vblank at which a presented buffer went on screen, as the
/// DRM page-flip event reports it. This is the tick that drives a screen's frame loop:
/// `CADisplayLink.timestamp` is `timestamp` and `targetTimestamp` is `targetTimestamp`.
public struct PresentEvent: Hashable, Sendable {
    /// When the vblank happened, in seconds on `CLOCK_MONOTONIC` (the page-flip event's
    /// `tv_sec`/`tv_usec`).
    public var timestamp: Double
    /// The output's vblank counter at that vblank (the page-flip event's `sequence`): it
    /// increases with every vblank, including vblanks at which nothing was presented.
    public var sequence: UInt64
    /// Seconds between vblanks in the current mode.
    public var refreshPeriod: Double

    /// An event for the vblank at `timestamp` with counter `sequence`.
    public init(timestamp: Double, sequence: UInt64, refreshPeriod: Double) {
        self.timestamp = timestamp
        self.sequence = sequence
        self.refreshPeriod = refreshPeriod
    }

    /// The next vblank, when a frame rendered now goes on screen at the earliest:
    /// `CADisplayLink.targetTimestamp`.
    public var targetTimestamp: Double { timestamp + refreshPeriod }
}
