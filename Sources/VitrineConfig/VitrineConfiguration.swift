/// The kiosk daemon's configuration, as read from `/etc/vitrine/vitrine.toml`.
///
/// Every value has been validated: enums hold accepted values, numbers are in range. Settings
/// the file leaves out are `nil` (or the documented default) so the daemon can tell "not set"
/// from "set to the default".
public struct VitrineConfiguration: Hashable, Sendable {
    /// Where the daemon looks for its configuration unless told otherwise.
    public static let defaultPath = "/etc/vitrine/vitrine.toml"

    /// The configuration of an empty file, or of no file at all.
    public static let defaults = VitrineConfiguration()

    /// How much the daemon logs (`log_level`); `.info` by default.
    public var logLevel: ConfigLogLevel
    /// The seat whose displays and input devices the daemon takes (`seat`); `"seat0"` by default.
    public var seat: String
    /// Blanking the displays after a while without touches (`[idle]`); nil: never blank.
    public var idle: IdleBlankingConfig?
    /// Hardware keyboards and the on-screen keyboard (`[keyboard]`): layout, compose locale,
    /// key repeat, and when text entry shows the on-screen keyboard.
    public var keyboard: KeyboardConfig
    /// How frames are drawn (`[render]`): the renderer.
    public var render: RenderConfig
    /// The window backend's windows (`[window]`): what a resize by the user does.
    public var window: WindowConfig
    /// Per-display rules (`[[output]]`), in file order. See `outputSettings(connector:make:model:serial:)`.
    public var outputs: [OutputConfig]
    /// Per-device touch rules (`[[touch]]`), in file order. See `touchSettings(name:sysname:properties:)`.
    public var touchDevices: [TouchDeviceConfig]

    /// A configuration; every argument defaults to the value an empty file gives.
    public init(
        logLevel: ConfigLogLevel = .info,
        seat: String = "seat0",
        idle: IdleBlankingConfig? = nil,
        keyboard: KeyboardConfig = KeyboardConfig(),
        render: RenderConfig = RenderConfig(),
        window: WindowConfig = WindowConfig(),
        outputs: [OutputConfig] = [],
        touchDevices: [TouchDeviceConfig] = []
    ) {
        self.logLevel = logLevel
        self.seat = seat
        self.idle = idle
        self.keyboard = keyboard
        self.render = render
        self.window = window
        self.outputs = outputs
        self.touchDevices = touchDevices
    }
}

/// `log_level`: swift-log's levels, with the same raw values as `Logger.Level`, so
/// `Logger.Level(rawValue: level.rawValue)` converts.
public enum ConfigLogLevel: String, CaseIterable, Hashable, Sendable {
    /// Everything, including per-frame detail.
    case trace
    /// Detail useful when looking into a problem.
    case debug
    /// Normal operation: screens, devices, configuration.
    case info
    /// Conditions worth noticing that are not problems.
    case notice
    /// Problems the daemon works around.
    case warning
    /// Failures of an operation.
    case error
    /// Failures the daemon cannot continue after.
    case critical
}

/// `[idle]`: blank the displays when nobody has touched them for `timeout` seconds, until the
/// next input.
public struct IdleBlankingConfig: Hashable, Sendable {
    /// Seconds without input before blanking (`idle.timeout`); always more than 0.
    public var timeout: Double
    /// How to blank (`idle.blank`); `.dpms` by default.
    public var blank: IdleBlankMethod

    /// Blanking after `timeout` seconds (more than 0) by `blank`.
    public init(timeout: Double, blank: IdleBlankMethod = .dpms) {
        self.timeout = timeout
        self.blank = blank
    }
}

/// `idle.blank`: how a display is blanked.
public enum IdleBlankMethod: String, CaseIterable, Hashable, Sendable {
    /// Switch the display off through its connector and CRTC (it may take a second to wake).
    case dpms
    /// Keep the display on, showing a black frame (for panels that wake slowly or badly).
    case black
}

/// `[keyboard]`: the keyboards of the seat. Every key is optional; `keyboard = "onscreen"`
/// (a string instead of the table) sets `mode` alone.
public struct KeyboardConfig: Hashable, Sendable {
    /// When text entry shows the on-screen keyboard (`keyboard.mode`); `.auto` by default.
    public var mode: KeyboardMode
    /// The XKB layout of hardware keyboards (`keyboard.layout`, as `setxkbmap` and
    /// `/etc/default/keyboard`'s `XKBLAYOUT` name it: "us", "de", "fr"); nil: "us".
    public var layout: String?
    /// The XKB layout variant (`keyboard.variant`: "nodeadkeys", "intl"); nil: the layout's
    /// basic variant.
    public var variant: String?
    /// The locale whose compose table (dead keys, the Compose key) applies
    /// (`keyboard.compose_locale`, like "de_DE.UTF-8"); nil: the environment's
    /// (`LC_ALL`, `LC_CTYPE`, `LANG`), else "C".
    public var composeLocale: String?
    /// Seconds a key is held before it repeats (`keyboard.repeat_delay`); nil: 0.5.
    public var repeatDelay: Double?
    /// Repeats a second of a held key (`keyboard.repeat_rate`), 0 for none; nil: 25.
    public var repeatRate: Double?

    /// A keyboard config; every argument defaults to what an empty `[keyboard]` gives.
    public init(
        mode: KeyboardMode = .auto, layout: String? = nil, variant: String? = nil, composeLocale: String? = nil,
        repeatDelay: Double? = nil, repeatRate: Double? = nil
    ) {
        self.mode = mode
        self.layout = layout
        self.variant = variant
        self.composeLocale = composeLocale
        self.repeatDelay = repeatDelay
        self.repeatRate = repeatRate
    }
}

/// `keyboard.mode`: when text entry shows the on-screen keyboard.
public enum KeyboardMode: String, CaseIterable, Hashable, Sendable {
    /// Only while no hardware keyboard (one with letter keys) is attached.
    case auto
    /// Always, a hardware keyboard or not.
    case onscreen
    /// Never: text is typed on a hardware keyboard.
    case hardware
}

/// `[render]`: how the daemon draws its frames.
public struct RenderConfig: Hashable, Sendable {
    /// Which renderer draws (`render.renderer`); `.auto` by default.
    public var renderer: RendererChoice

    /// A render config; the default is what an empty `[render]` gives.
    public init(renderer: RendererChoice = .auto) {
        self.renderer = renderer
    }
}

/// `render.renderer` (and `vitrined --renderer`): which renderer draws the screens.
public enum RendererChoice: String, CaseIterable, Hashable, Sendable {
    /// OpenGL ES when EGL gives a usable context (on the DRM card through GBM, or surfaceless
    /// for headless screens), pixman otherwise; the daemon logs which and why.
    case auto
    /// OpenGL ES 2 (VitrineGL's `GLESRenderer`); pixman still takes over if the GPU fails.
    case gles
    /// pixman, on the CPU.
    case pixman
}

/// `[window]`: the window backend (`--backend window`, the desktop simulator or a client under
/// cage).
public struct WindowConfig: Hashable, Sendable {
    /// What a window resized by the user does (`window.resize`); `.modeChange` by default.
    public var resize: WindowResize

    /// A window config; `resize` defaults to what an empty `[window]` gives.
    public init(resize: WindowResize = .modeChange) {
        self.resize = resize
    }
}

/// `window.resize`: what a window resized by the user does.
public enum WindowResize: String, CaseIterable, Hashable, Sendable {
    /// The new size becomes the screen's mode (`UIScreen.modeDidChangeNotification`; layout
    /// follows), as a panel whose mode changed.
    case modeChange = "mode-change"
    /// The window keeps the panel's size: the compositor is told it has one size.
    case refuse
}
