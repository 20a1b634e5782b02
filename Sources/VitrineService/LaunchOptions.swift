import ArgumentParser
import Foundation

/// The command line every Vitrine app accepts (a Vitrine addition: an iOS app has no command
/// line; a kiosk service is started by systemd with one). `UIApplicationMain` parses it.
///
///     vitrined [--config PATH] [--backend NAME] [--renderer auto|gles|pixman] [--check-config]
///              [--list-outputs] [--screenshot PATH [--screen NAME]] [--status]
///              [--capture PATH [--capture-editing PATH]]
public struct LaunchOptions: ParsableArguments, Sendable {
    /// Where the config is read from when neither `--config` nor `VITRINE_CONFIG` says.
    public static let defaultConfigPath = "/etc/vitrine/vitrine.toml"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The config file (TOML).", discussion: "Default: $VITRINE_CONFIG, else \(defaultConfigPath).",
            valueName: "path"))
    public var config: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Display backend: auto (the first usable one), or a backend's name (listed below).",
            discussion: "Default: $VITRINE_BACKEND, else auto.", valueName: "name"))
    public var backend: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Renderer: gles (OpenGL ES on the GPU), pixman (the CPU), or auto (gles when EGL gives a usable context).",
            discussion: "Default: the config's render.renderer, else auto.", valueName: "auto|gles|pixman"))
    public var renderer: String?

    /// The names `--renderer` takes.
    public static let rendererNames = ["auto", "gles", "pixman"]

    @Flag(name: .long, help: "Validate the config, print its problems and exit (0: valid, 78: invalid).")
    public var checkConfig = false

    @Flag(
        name: .long,
        help: "List cards, connectors, modes, the mode that would be chosen and the touch devices with their screens.")
    public var listOutputs = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Ask the running daemon for a PNG of a screen (its main screen unless --screen) and write it to PATH.",
            valueName: "path"))
    public var screenshot: String?

    @Option(name: .long, help: ArgumentHelp("The screen --screenshot captures (a connector name).", valueName: "name"))
    public var screen: String?

    @Flag(
        name: .long,
        help: "Ask the running daemon for its screens' frame counts (frames, presents, missed vblanks) and print them.")
    public var status = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Run the app until its first frame is on every screen, write the main screen to PATH as PNG (any other "
                + "screen beside it, as PATH-NAME.png), and exit.",
            valueName: "path"))
    public var capture: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --capture: then make the first text field of the key window edit (the on-screen keyboard comes up "
                + "when no hardware keyboard is attached), and write the main screen to PATH too.",
            valueName: "path"))
    public var captureEditing: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The size of a headless screen; repeat for more screens (default: one 1920x1080).",
            valueName: "WIDTHxHEIGHT"))
    public var headlessScreen: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The size of a window backend's screen, and its UIScreen scale (1 to 3); repeat for more screens "
                + "(default: one 800x480). Simulator keys in the window: "
                + Self.simulatorKeysHelp + ".",
            valueName: "WIDTHxHEIGHT[@SCALE]"))
    public var windowScreen: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The control socket (default: $VITRINE_CONTROL_SOCKET, else /run/vitrine/control).", valueName: "path"))
    public var controlSocket: String?

    /// What the service does not know, in order: left to the app, as iOS leaves an app's launch
    /// arguments in `ProcessInfo.processInfo.arguments` (which still holds the whole command
    /// line). Options after `--` are always the app's.
    @Argument(parsing: .allUnrecognized, help: .private)
    public var appArguments: [String] = []

    public init() {}

    /// The window backend's simulator keys, as `--help` lists them (VitrinePlatform's
    /// `SimulatorKey.helpText`, which a test holds equal).
    public static let simulatorKeysHelp =
        "Ctrl+Shift+S: write a PNG of the screen to the current directory; "
        + "Ctrl+Shift+Left: rotate the simulated panel a quarter turn left; "
        + "Ctrl+Shift+Right: rotate the simulated panel a quarter turn right; "
        + "Ctrl+Shift+D: connect or disconnect a second simulated screen; "
        + "Ctrl+Shift+M: send a memory warning; "
        + "Ctrl+Shift+T: toggle slow animations (a tenth of the speed)"

    /// Checks `--backend` against the names the service's backend registry accepts (`auto`
    /// first): nil when it is one of them or absent, else the usage error.
    public func backendProblem(accepted names: [String]) -> String? {
        guard let backend, !names.contains(backend) else { return nil }
        let list =
            names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.joined()
        return "--backend takes \(list), not \(backend)"
    }

    public mutating func validate() throws {
        if screen != nil && screenshot == nil {
            throw ValidationError("--screen goes with --screenshot")
        }
        if captureEditing != nil && capture == nil {
            throw ValidationError("--capture-editing goes with --capture")
        }
        let modes = [checkConfig, listOutputs, screenshot != nil, status, capture != nil].filter { $0 }.count
        if modes > 1 {
            throw ValidationError(
                "--check-config, --list-outputs, --screenshot, --status and --capture exclude each other")
        }
        if let renderer, !Self.rendererNames.contains(renderer) {
            throw ValidationError("--renderer takes auto, gles or pixman, not \(renderer)")
        }
        for size in headlessScreen where Self.parseSize(size) == nil {
            throw ValidationError("--headless-screen takes WIDTHxHEIGHT (as 1920x1080, each 1...8192), not \(size)")
        }
        for spec in windowScreen where Self.parseWindowScreen(spec) == nil {
            throw ValidationError(
                "--window-screen takes WIDTHxHEIGHT[@SCALE] (as 800x480 or 1080x1920@2, sizes 1...8192, scale 1...3), not \(spec)"
            )
        }
    }

    /// The window backend's screens: sizes in pixels and scales (`--window-screen`).
    public var windowScreens: [(width: Int, height: Int, scale: Int)] {
        let specs = windowScreen.compactMap(Self.parseWindowScreen)
        return specs.isEmpty ? [(800, 480, 1)] : specs
    }

    /// The headless screens' sizes in pixels.
    public var headlessScreenSizes: [(width: Int, height: Int)] {
        let sizes = headlessScreen.compactMap(Self.parseSize)
        return sizes.isEmpty ? [(1920, 1080)] : sizes
    }

    /// The config path: `--config`, else `VITRINE_CONFIG`, else the default; and whether it
    /// was named explicitly (an explicitly named file must exist).
    public func configPath(environment: [String: String]) -> (path: String, isExplicit: Bool) {
        if let config { return (config, true) }
        if let path = environment["VITRINE_CONFIG"], !path.isEmpty { return (path, true) }
        return (Self.defaultConfigPath, false)
    }

    /// `800x480` or `1080x1920@2` (scale 1...3); VitrinePlatform's `WindowScreenSpec` reads
    /// the same form.
    static func parseWindowScreen(_ text: String) -> (width: Int, height: Int, scale: Int)? {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let size = parseSize(String(parts[0])) else { return nil }
        guard parts.count == 2 else { return (size.width, size.height, 1) }
        guard let scale = Int(parts[1]), (1...3).contains(scale) else { return nil }
        return (size.width, size.height, scale)
    }

    static func parseSize(_ text: String) -> (width: Int, height: Int)? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            (1...8192).contains(width), (1...8192).contains(height)
        else { return nil }
        return (width, height)
    }
}

/// Exit statuses from `sysexits.h`, which systemd and scripts understand.
public enum ExitStatus {
    /// Wrong command-line usage (`EX_USAGE`).
    public static let usage: Int32 = 64
    /// Something the service needs is not there (`EX_UNAVAILABLE`): `--backend drm` with no card.
    public static let unavailable: Int32 = 69
    /// Cannot write a file it was asked to (`EX_CANTCREAT`).
    public static let cannotCreate: Int32 = 73
    /// A bad config file (`EX_CONFIG`).
    public static let config: Int32 = 78
}

/// The command as `--help` shows it: named after the program (`vitrined`, or the app's own
/// executable), with `LaunchOptions` as its options.
public struct LaunchCommand: ParsableCommand {
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent } ?? "vitrine",
            abstract: "A Vitrine kiosk app: draws on KMS/DRM screens (or headless ones) and takes touch from libinput.",
            discussion: "Environment: VITRINE_CONFIG, VITRINE_BACKEND, VITRINE_LOG_LEVEL, VITRINE_CONTROL_SOCKET.")
    }

    @OptionGroup public var options: LaunchOptions

    public init() {}

    /// Parses `arguments` (without the program name); prints help or the usage error and exits
    /// (0 for help, 64 for a usage error) when they are not a launch. `backends` are the
    /// names and summaries of the registered backends, which `--help` lists; `--backend` takes
    /// one of `acceptedBackends` (the service's registry: `auto` and the backends' names).
    public static func options(
        parsing arguments: [String], backends: [(name: String, summary: String)], acceptedBackends: [String]
    ) -> LaunchOptions {
        let command: LaunchCommand
        do {
            command = try parse(arguments)
        } catch {
            if exitCode(for: error) == .success, !fullMessage(for: error).isEmpty {
                // Help: ArgumentParser's text, then the backends it cannot know of.
                print(fullMessage(for: error))
                print("BACKENDS:")
                for backend in backends {
                    print("  \(backend.name.padding(toLength: 10, withPad: " ", startingAt: 0))\(backend.summary)")
                }
                Foundation.exit(0)
            }
            exit(withError: error)
        }
        if let problem = command.options.backendProblem(accepted: acceptedBackends) {
            exit(withError: ValidationError(problem))
        }
        return command.options
    }
}
