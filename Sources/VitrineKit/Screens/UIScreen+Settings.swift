import Foundation
import VitrinePlatform

/// What a kiosk's configuration says about one screen, applied in one go by
/// `UIScreen.apply(_:)` (a Vitrine addition). Every field describes the wanted state, so
/// applying the same settings again changes nothing, and applying edited ones (on `SIGHUP`)
/// changes only what differs.
public struct ScreenSettings: Hashable, Sendable {
    /// How the panel is mounted (`UIScreen.rotation`).
    public var rotation: DisplayRotation
    /// Points to pixels instead of the EDID-derived scale (`UIScreen.scaleOverride`); nil:
    /// the derived scale.
    public var scale: CGFloat?
    /// The brightness, 0...1 (`UIScreen.brightness`); nil leaves the screen's brightness as
    /// it is (the app may have changed it).
    public var brightness: CGFloat?
    /// The backlight `brightness` drives (`UIScreen.backlight`); nil: software dimming.
    public var backlight: Backlight?

    public init(
        rotation: DisplayRotation = .upright, scale: CGFloat? = nil, brightness: CGFloat? = nil,
        backlight: Backlight? = nil
    ) {
        self.rotation = rotation
        self.scale = scale
        self.brightness = brightness
        self.backlight = backlight
    }
}

extension UIScreen {
    /// Applies a kiosk's settings for this screen (a Vitrine addition): rotation and scale
    /// together (one resize and repaint, one `modeDidChangeNotification` when `bounds`
    /// changed), then the backlight and brightness (the backlight is written once). A
    /// brightness without a backlight turns on `wantsSoftwareDimming`, since the configuration
    /// asked for a dimmer picture and nothing else can give it.
    public func apply(_ settings: ScreenSettings) {
        apply(settings, announces: true)
    }

    func apply(_ settings: ScreenSettings, announces: Bool) {
        setGeometry(rotation: settings.rotation, scaleOverride: settings.scale, announces: announces)
        // Without a device while the brightness changes, so the new backlight is written once.
        backlight = nil
        if let brightness = settings.brightness {
            if settings.backlight == nil { wantsSoftwareDimming = true }
            self.brightness = brightness
        }
        backlight = settings.backlight
    }

    // MARK: Touch positions

    /// The point of this screen shown at `position` of the panel, normalised as input devices
    /// report it ((0, 0) the top-left, (1, 1) the bottom-right pixel corner of the output as
    /// scanned out): the one map from touches to screen points, honouring `rotation`. A
    /// Vitrine addition.
    public func point(fromNormalizedOutputPosition position: CGPoint) -> CGPoint {
        let unit = rotation.logicalPoint(fromOutput: position, logicalSize: CGSize(width: 1, height: 1))
        let bounds = self.bounds
        return CGPoint(x: unit.x * bounds.width, y: unit.y * bounds.height)
    }

    /// The inverse of `point(fromNormalizedOutputPosition:)`: where on the panel (normalised)
    /// `point` of this screen is shown. A Vitrine addition, for synthetic input.
    public func normalizedOutputPosition(of point: CGPoint) -> CGPoint {
        let bounds = self.bounds
        let unit = CGPoint(x: point.x / bounds.width, y: point.y / bounds.height)
        return rotation.outputPoint(fromLogical: unit, logicalSize: CGSize(width: 1, height: 1))
    }
}
