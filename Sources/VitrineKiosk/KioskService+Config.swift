import Foundation
import Logging
import VitrineConfig
@_spi(Service) import VitrineKit
import VitrinePlatform
import VitrineService

// The config side of the kiosk service: loading and checking the file, turning it into the
// backends' policies (which outputs to light and in which mode, which screen each touch device
// maps to and its calibration), and reloading it on SIGHUP.
extension KioskService {
    /// The config file's path and whether it was named (`--config`, `VITRINE_CONFIG`).
    var configLocation: (path: String, isExplicit: Bool) { options.configPath(environment: environment) }

    /// Reads the config: a named file must exist; the default one may be missing (defaults).
    func readConfig() throws(ConfigError) -> LoadedConfiguration {
        let (path, isExplicit) = configLocation
        if isExplicit { return try ConfigLoader.load(path: path) }
        return try ConfigLoader.loadIfPresent(path: path) ?? .defaults
    }

    /// The config at launch, its warnings logged; a bad one logs every problem and exits 78.
    func loadConfigOrExit() -> LoadedConfiguration {
        do {
            let loaded = try readConfig()
            if let file = loaded.file {
                serviceLog.info("config: \(file)")
            } else {
                serviceLog.info("no config at \(configLocation.path): running with the defaults")
            }
            for warning in loaded.warnings { serviceLog.warning("\(warning)") }
            return loaded
        } catch {
            for problem in error.problems { serviceLog.critical("\(problem)") }
            serviceLog.critical("the config is not valid: not starting")
            exit(ConfigError.exitStatus)
        }
    }

    /// `--check-config`: every problem and warning, one per line on standard error; exit 0
    /// when the file is valid (warnings allowed), 78 when not.
    func checkConfig() -> Never {
        let (path, isExplicit) = configLocation
        if !isExplicit && !FileManager.default.fileExists(atPath: path) {
            print("\(path): no such file; the defaults apply")
            exit(0)
        }
        let diagnostics = ConfigLoader.check(path: path)
        for diagnostic in diagnostics { FileHandle.standardError.write(Data("\(diagnostic)\n".utf8)) }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        if errors > 0 {
            print("\(path): \(errors) error(s), \(warnings) warning(s): not valid")
            exit(ConfigError.exitStatus)
        }
        print("\(path): valid, \(warnings) warning(s)")
        exit(0)
    }

    /// The log level: `VITRINE_LOG_LEVEL` when set (an override for one run), else the config's.
    func applyLogLevel(_ configuration: VitrineConfiguration) {
        ServiceLog.level =
            ServiceLog.environmentLevel(environment) ?? Logger.Level(rawValue: configuration.logLevel.rawValue) ?? .info
    }

    /// Idle blanking from the config's `[idle]` (none without a timeout).
    static func idleBlanking(_ configuration: VitrineConfiguration) -> IdleBlanking? {
        guard let idle = configuration.idle, idle.timeout > 0 else { return nil }
        return IdleBlanking(timeout: idle.timeout, mode: idle.blank == .black ? .blackFrame : .powerOff)
    }

    /// Applies the config's idle blanking, only when it changed (setting it restarts the
    /// countdown and wakes blanked screens).
    func applyIdleBlanking() {
        let blanking = Self.idleBlanking(configuration)
        guard blanking != UIApplication.shared.idleBlanking else { return }
        UIApplication.shared.idleBlanking = blanking
        if let blanking {
            serviceLog.info("idle: screens blank after \(blanking.timeout) s without input (\(blanking.mode))")
        }
    }

    /// Key repeat from the config's `[keyboard]` (its defaults where the file says nothing).
    static func keyRepeat(_ configuration: VitrineConfiguration) -> KeyRepeatSettings {
        let keyboard = configuration.keyboard
        return KeyRepeatSettings(
            delay: keyboard.repeatDelay ?? KeyRepeatSettings.standard.delay,
            rate: keyboard.repeatRate ?? KeyRepeatSettings.standard.rate)
    }

    /// When text entry shows the on-screen keyboard, from `keyboard.mode`.
    static func keyboardPreference(_ configuration: VitrineConfiguration) -> KeyboardPreference {
        switch configuration.keyboard.mode {
        case .auto: .automatic
        case .onscreen: .onScreen
        case .hardware: .hardware
        }
    }

    /// Applies the config's key repeat and on-screen keyboard preference, when they changed.
    func applyKeyboardSettings() {
        let application = UIApplication.shared
        let keyRepeat = Self.keyRepeat(configuration)
        if keyRepeat != application.keyRepeat {
            application.keyRepeat = keyRepeat
            serviceLog.info(
                keyRepeat.rate > 0
                    ? "keyboard: keys repeat after \(keyRepeat.delay) s, \(keyRepeat.rate) a second"
                    : "keyboard: keys do not repeat")
        }
        application.keyboardPreference = Self.keyboardPreference(configuration)
        application.onScreenKeyboardLayout = configuration.keyboard.layout.map(OnScreenKeyboardLayout.init(xkbLayout:))
    }

    // MARK: Policies

    /// What the config says about a connector, for the DRM backend.
    static func outputPolicy(_ configuration: VitrineConfiguration, _ connector: OutputIdentity) -> OutputPolicy {
        guard
            let rule = configuration.outputSettings(
                connector: connector.name, make: connector.make, model: connector.model, serial: connector.serial)
        else { return OutputPolicy() }
        let selection = rule.mode.flatMap { DisplayModeSelection(parsing: $0.description) } ?? .preferred
        return OutputPolicy(isEnabled: rule.isEnabled, modeSelection: selection)
    }

    /// The `[[touch]]` rule that applies to `device`, if any.
    private static func touchRule(_ configuration: VitrineConfiguration, _ device: InputDeviceDescription)
        -> TouchDeviceConfig?
    {
        configuration.touchSettings(name: device.name, sysname: device.sysname, properties: device.properties)
    }

    /// The screen a touch device maps to: the config's `output`, else udev's `WL_OUTPUT`.
    static func touchOutput(_ configuration: VitrineConfiguration, _ device: InputDeviceDescription) -> String? {
        touchRule(configuration, device)?.output ?? device.outputName
    }

    /// A touch device's calibration from the config, nil for libinput's default.
    static func touchCalibration(_ configuration: VitrineConfiguration, _ device: InputDeviceDescription)
        -> CalibrationMatrix?
    {
        guard let values = touchRule(configuration, device)?.calibration, values.count == 6 else { return nil }
        let floats = values.map(Float.init)
        return CalibrationMatrix(a: floats[0], b: floats[1], c: floats[2], d: floats[3], e: floats[4], f: floats[5])
    }

    /// A screen's rotation, scale, brightness and backlight from the config; nil when no rule
    /// applies (the screen keeps what it has). A backlight that cannot be used is a warning:
    /// brightness then dims in software.
    static func screenSettings(_ configuration: VitrineConfiguration, _ screen: UIScreen) -> ScreenSettings? {
        let output = screen.output
        guard
            let rule = configuration.outputSettings(
                connector: output.name, make: output.make, model: output.model, serial: output.serial)
        else { return nil }
        var settings = ScreenSettings()
        settings.rotation = rule.rotation.flatMap { DisplayRotation(rawValue: $0.rawValue) } ?? .upright
        settings.scale = rule.scale.map { CGFloat($0) }
        settings.brightness = rule.brightness.map { CGFloat($0) }
        if let backlight = rule.backlight {
            do {
                settings.backlight = try Backlight(backlight.directory)
            } catch {
                serviceLog.warning(
                    "\(output.name): backlight \(backlight.directory) not usable (\(error)); dimming in software")
            }
        }
        return settings
    }

    /// Makes every screen take its settings from the current config, when it connects and
    /// on reload, and its overscan also when its rotation, scale or mode changes.
    func installScreenSettings() {
        UIApplication.shared.screenSettingsProvider = { [unowned self] screen in
            let settings = Self.screenSettings(configuration, screen)
            // A connecting screen is announced as soon as this returns, so its safe area is
            // set now, for the rotation and scale these settings are about to give it (it has
            // no scale override yet: its `scale` is the one its size gives). A reload sets it
            // after applying them.
            if !isReapplyingScreenSettings {
                applyOverscan(to: screen, rotation: settings?.rotation, scale: settings?.scale)
            }
            return settings
        }
        if let overscanObserver { NotificationCenter.default.removeObserver(overscanObserver) }
        // Posted for a new mode, rotation or scale (the app's `scaleOverride` too): the
        // points the pixels make, and the picture they are checked against, changed.
        overscanObserver = NotificationCenter.default.addObserver(
            forName: UIScreen.modeDidChangeNotification, object: nil, queue: nil
        ) { [weak self] notification in
            guard let screen = notification.object as? UIScreen else { return }
            MainActor.assumeIsolated {
                guard let self, !self.isReapplyingScreenSettings else { return }
                self.applyOverscan(to: screen)
            }
        }
    }

    // MARK: Overscan

    /// The safe area the config gives a display's screen: its rule's `overscan` (pixels of
    /// the upright picture) in points at `scale`; zero when no rule or no `overscan` applies.
    /// Edges that leave nothing of a `pictureSize` picture (upright pixels; the config could
    /// only check modes it names by size) are not used, with a warning: an app laid out in
    /// an empty safe area would show nothing.
    static func overscanInsets(
        _ configuration: VitrineConfiguration, _ output: any DisplayOutput, pictureSize: CGSize, scale: CGFloat
    ) -> UIEdgeInsets {
        guard
            let rule = configuration.outputSettings(
                connector: output.name, make: output.make, model: output.model, serial: output.serial),
            let overscan = rule.overscan, !overscan.isZero
        else { return .zero }
        guard overscan.leavesPicture(width: Double(pictureSize.width), height: Double(pictureSize.height)) else {
            let picture = "\(Int(pictureSize.width))x\(Int(pictureSize.height))"
            serviceLog.warning(
                "\(output.name): overscan \(overscan) leaves nothing of the \(picture) picture; not used")
            return .zero
        }
        return UIEdgeInsets(
            top: CGFloat(overscan.top) / scale, left: CGFloat(overscan.left) / scale,
            bottom: CGFloat(overscan.bottom) / scale, right: CGFloat(overscan.right) / scale)
    }

    /// Sets `screen.overscanInsets` from the current config, for the screen's rotation and
    /// scale, or for those it is about to be given.
    func applyOverscan(to screen: UIScreen, rotation: DisplayRotation? = nil, scale: CGFloat? = nil) {
        let picture = (rotation ?? screen.rotation).logicalSize(forOutputSize: screen.output.currentMode.size)
        let insets = Self.overscanInsets(
            configuration, screen.output, pictureSize: picture, scale: scale ?? screen.scale)
        guard insets != screen.overscanInsets else { return }
        serviceLog.debug(
            "\(screen.name): safe area \(insets.top), \(insets.left), \(insets.bottom), \(insets.right) pt (overscan)")
        screen.overscanInsets = insets
    }

    /// Hands the backends policies that read the current config, so a reload only swaps it.
    func installPolicies(on backends: LaunchedBackends) {
        backends.outputPolicy?.outputPolicy = { [unowned self] connector in
            Self.outputPolicy(configuration, connector)
        }
        if let mapping = backends.inputMapping {
            mapping.outputForDevice = { [unowned self] device in Self.touchOutput(configuration, device) }
            mapping.calibrationForDevice = { [unowned self] device in Self.touchCalibration(configuration, device) }
        }
    }

    /// Rules naming a connector or touch device that is not there: a warning each (the
    /// defaults apply to what is there).
    func warnAboutUnmatchedRules() {
        let connectors = backends?.outputPolicy?.knownConnectorNames ?? Set(UIScreen.screens.map(\.name))
        for rule in configuration.outputs {
            if let name = rule.match.connector, !connectors.contains(name) {
                serviceLog.warning(
                    "config: no connector \(name) (connectors: \(connectors.sorted().joined(separator: ", ")))")
            }
        }
        guard let input = backends?.inputMapping else { return }
        let devices = input.devices
        for rule in configuration.touchDevices
        where !devices.contains(where: {
            rule.match.matches(name: $0.name, sysname: $0.sysname, properties: $0.properties)
        }) {
            var keys: [String] = []
            if let name = rule.match.name { keys.append("name \"\(name)\"") }
            if let sysname = rule.match.sysname { keys.append("sysname \(sysname)") }
            for (key, value) in rule.match.udevProperties.sorted(by: { $0.key < $1.key }) {
                keys.append("\(key)=\(value)")
            }
            serviceLog.warning("config: no input device matches \(keys.joined(separator: ", "))")
        }
    }

    // MARK: Reload

    /// SIGHUP: reads the config again; when valid, applies it without a restart (log level,
    /// which outputs are lit, their modes, rotation, scale, brightness and overscan, touch
    /// mapping and calibration, idle blanking, key repeat, the on-screen keyboard's mode;
    /// the keyboard layout needs a restart); when not, logs
    /// every problem and keeps running with the config it has.
    func reload() {
        let loaded: LoadedConfiguration
        do {
            loaded = try readConfig()
        } catch {
            for problem in error.problems { serviceLog.error("\(problem)") }
            serviceLog.error("SIGHUP: the new config is not valid; keeping the running one")
            notifier?.status("Config reload failed: \(error.firstProblem)")
            return
        }
        for warning in loaded.warnings { serviceLog.warning("\(warning)") }
        let keymap = { (keyboard: KeyboardConfig) in [keyboard.layout, keyboard.variant, keyboard.composeLocale] }
        if keymap(loaded.configuration.keyboard) != keymap(configuration.keyboard) {
            serviceLog.notice("SIGHUP: the keyboard layout and compose locale change at the next start")
        }
        self.loaded = loaded
        applyLogLevel(configuration)
        if let policy = backends?.outputPolicy {
            policy.applyOutputPolicy()
        }
        isReapplyingScreenSettings = true
        if let policy = backends?.outputPolicy {
            for screen in UIScreen.screens {
                guard let mode = policy.policyMode(for: screen.output),
                    !mode.hasSameTiming(as: screen.output.currentMode)
                else { continue }
                serviceLog.notice("\(screen.name): switching to \(mode) (config reloaded)")
                screen.currentMode = UIScreenMode(mode)
            }
        }
        UIApplication.shared.reapplyScreenSettings()
        isReapplyingScreenSettings = false
        // Once the new modes, rotations and scales are in place (a mode that waits for a
        // flip in flight gets its overscan when it is switched to).
        for screen in UIScreen.screens { applyOverscan(to: screen) }
        backends?.inputMapping?.applyMapping()
        applyIdleBlanking()
        applyKeyboardSettings()
        serviceLog.notice("SIGHUP: config reloaded from \(loaded.file ?? "defaults")")
        notifier?.status("Config reloaded; showing \(UIScreen.screens.count) screen(s)")
    }
}
