import Foundation
import VitrinePlatform

extension UIApplication {
    /// Gives each screen its settings (rotation, scale, brightness, backlight) when its
    /// display connects, before its first frame and before `UIScreen.didConnectNotification`
    /// (a Vitrine addition, for the kiosk daemon's configuration). It is also consulted by
    /// `reapplyScreenSettings()`. Returning nil leaves a screen as it is; return
    /// `ScreenSettings()` to reset one to the defaults. Set it before installing the display
    /// backend (`UIApplicationMain` does) so the first screens get their settings too. (The
    /// stand-in headless screen of a process that installed no backend is not given any.)
    public var screenSettingsProvider: (@MainActor (UIScreen) -> ScreenSettings?)? {
        get { ScreenRegistry.settingsProvider }
        set { ScreenRegistry.settingsProvider = newValue }
    }

    /// Makes the renderer each screen's compositor paints with, given the screen's output (for
    /// the kiosk service: a backend whose buffers need another renderer than pixman's, such as
    /// a GPU one, provides it). Nil: the pixman renderer, which draws into CPU-mapped buffers.
    /// Asked when a screen is made and when its scale changes; set it before installing the
    /// display backend.
    @_spi(Service) public var rendererProvider: (@MainActor (any DisplayOutput) -> any Renderer)? {
        get { ScreenRegistry.rendererProvider }
        set { ScreenRegistry.rendererProvider = newValue }
    }

    /// Called once for each screen when its first frame is on screen: the first present's
    /// page flip completed, not merely queued (a Vitrine addition, for the app: the screen's
    /// `firstFramePresentationTime` is the flip's time; the kiosk service observes
    /// `UIScreen.didPresentFirstFrameNotification` instead, so this is the app's alone). Set it
    /// before installing the display backend, or in `application(_:didFinishLaunchingWithOptions:)`:
    /// no frame is presented before the main loop runs.
    public var screenFirstFrameHandler: (@MainActor (UIScreen) -> Void)? {
        get { ScreenRegistry.firstFrameHandler }
        set { ScreenRegistry.firstFrameHandler = newValue }
    }

    /// Runs `screenSettingsProvider` again for every connected screen and applies the
    /// settings it returns, live (a Vitrine addition: what a kiosk daemon does on `SIGHUP`
    /// after reading its configuration again). See `UIScreen.apply(_:)`.
    public func reapplyScreenSettings() {
        ScreenRegistry.current.reapplySettings()
    }
}
