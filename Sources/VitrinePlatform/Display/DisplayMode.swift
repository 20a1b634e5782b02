import Foundation

/// One video mode a display output can scan out: pixel size and refresh rate, as a DRM
/// connector's `drmModeModeInfo` lists them and as `UIScreenMode` describes one.
///
/// The refresh rate is kept in millihertz, as DRM computes it (`clock * 1e6 / (htotal *
/// vtotal)`), so that 59.94 Hz and 60 Hz modes stay distinct and compare exactly.
public struct DisplayMode: Hashable, Sendable, CustomStringConvertible {
    /// Width in pixels (DRM `hdisplay`).
    public var width: Int
    /// Height in pixels (DRM `vdisplay`).
    public var height: Int
    /// Refresh rate in millihertz: 60 Hz is 60_000, NTSC's 59.94 Hz is 59_940.
    public var refreshMillihertz: Int
    /// Whether the display says this is its native mode (`DRM_MODE_TYPE_PREFERRED`), as
    /// `UIScreen.preferredMode`.
    public var isPreferred: Bool

    /// A mode of `width` x `height` pixels refreshing at `refreshMillihertz` (must be > 0).
    public init(width: Int, height: Int, refreshMillihertz: Int = 60_000, isPreferred: Bool = false) {
        precondition(width > 0 && height > 0, "a display mode needs a positive size")
        precondition(refreshMillihertz > 0, "a display mode needs a positive refresh rate")
        self.width = width
        self.height = height
        self.refreshMillihertz = refreshMillihertz
        self.isPreferred = isPreferred
    }

    /// The refresh rate in hertz, as `UIScreen.maximumFramesPerSecond` rounds it.
    public var refreshRate: Double { Double(refreshMillihertz) / 1000 }

    /// Seconds from one vblank to the next: the `duration` a `CADisplayLink` reports and the
    /// gap between its `timestamp` and `targetTimestamp`.
    public var refreshPeriod: Double { 1000 / Double(refreshMillihertz) }

    /// The size in pixels, as `UIScreenMode.size`.
    public var size: CGSize { CGSize(width: width, height: height) }

    /// Whether `other` is the same timing (size and refresh rate), whatever its preferred flag.
    public func hasSameTiming(as other: DisplayMode) -> Bool {
        width == other.width && height == other.height && refreshMillihertz == other.refreshMillihertz
    }

    /// `1920x1080@60.000Hz`, with a `*` for the preferred mode, as `modetest` prints modes.
    public var description: String {
        let hertz = refreshMillihertz / 1000
        let fraction = String(refreshMillihertz % 1000)
        let padded = String(repeating: "0", count: 3 - fraction.count) + fraction
        return "\(width)x\(height)@\(hertz).\(padded)Hz" + (isPreferred ? "*" : "")
    }
}
