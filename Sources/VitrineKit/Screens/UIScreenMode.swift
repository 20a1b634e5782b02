import Foundation
import VitrinePlatform

/// A mode a screen can show, as UIKit's `UIScreenMode`: a pixel size, and (a Vitrine
/// addition) the refresh rate that tells modes of the same size apart.
///
/// Open, as UIKit's class is. Unchecked `Sendable`: an open class cannot be checked, and its
/// one stored property is a constant value.
open class UIScreenMode: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The display output's mode.
    public let displayMode: DisplayMode

    /// A mode wrapping `displayMode` (for the kiosk service, which switches modes from its config).
    @_spi(Service) public init(_ displayMode: DisplayMode) {
        self.displayMode = displayMode
    }

    /// The size in pixels, as `size`.
    open var size: CGSize { displayMode.size }

    /// The pixel aspect ratio, as `pixelAspectRatio`: always 1 (KMS modes have square pixels).
    open var pixelAspectRatio: CGFloat { 1 }

    /// Refresh rate in hertz (a Vitrine addition; UIKit exposes it only as the screen's
    /// `maximumFramesPerSecond`).
    public var refreshRate: Double { displayMode.refreshRate }

    public static func == (lhs: UIScreenMode, rhs: UIScreenMode) -> Bool {
        lhs.displayMode.hasSameTiming(as: rhs.displayMode)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(displayMode.width)
        hasher.combine(displayMode.height)
        hasher.combine(displayMode.refreshMillihertz)
    }

    public var description: String { "UIScreenMode(\(displayMode))" }
}
