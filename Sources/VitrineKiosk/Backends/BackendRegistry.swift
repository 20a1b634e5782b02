import VitrineConfig
import Foundation
import VitrineLayers
import VitrinePlatform

/// What a backend offers the kiosk service.
public struct BackendCapabilities: OptionSet, Hashable, Sendable {
    /// The bit set.
    public var rawValue: UInt8
    /// A set from its bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Screens (a `DisplayBackend`).
    public static let display = BackendCapabilities(rawValue: 1 << 0)
    /// Touches, pointer and keys (an `InputSource`).
    public static let input = BackendCapabilities(rawValue: 1 << 1)
    /// `--list-outputs` lines: the displays and input devices the machine has.
    public static let outputListing = BackendCapabilities(rawValue: 1 << 2)
    /// Outputs lit and moded by the config's `[[output]]` rules (`OutputPolicyControl`).
    public static let outputPolicy = BackendCapabilities(rawValue: 1 << 3)
    /// Input devices mapped and calibrated by the config's `[[touch]]` rules
    /// (`InputMappingControl`).
    public static let inputMapping = BackendCapabilities(rawValue: 1 << 4)
    /// Pause and resume with the seat (`SessionControl`).
    public static let sessionControl = BackendCapabilities(rawValue: 1 << 5)
}

/// Why a backend cannot run on this machine: the automatic choice tries the next one; a
/// backend asked for by name exits the service (69, `EX_UNAVAILABLE`).
public struct BackendUnavailable: Error, Hashable, CustomStringConvertible {
    /// Why, for the log: `no DRM card found`.
    public var reason: String
    /// An error with `reason`.
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

/// What a backend is launched with: everything it may read comes in here, nothing from the
/// process environment directly, so tests launch backends with the values they choose.
public struct BackendLaunchContext: Sendable {
    /// The headless backend's outputs (`--headless-screen`): one per size.
    public var headlessSizes: [Size]
    /// The seat devices are opened on (the config's `seat`).
    public var seat: String
    /// The process environment (`VITRINE_SEAT_BACKEND`, `VITRINE_DRM_NO_ATOMIC`, ...).
    public var environment: [String: String]
    /// True when the backend was named (`--backend`, `VITRINE_BACKEND`), false when the
    /// automatic choice is trying it: a backend may insist on running when named.
    public var isExplicit: Bool
    /// The XKB layout of hardware keyboards (the config's `keyboard.layout`).
    public var keyboardLayout: String
    /// Its variant (`keyboard.variant`), if any.
    public var keyboardVariant: String?
    /// The locale of the compose table (`keyboard.compose_locale`); nil: the environment's.
    public var composeLocale: String?
    /// The renderer asked for (`--renderer`, else the config's `render.renderer`): a backend
    /// with screens decides with `RendererSelection` and returns `makeRenderer`.
    public var renderer: RendererChoice
    /// Who asked for it, for the log line ("--renderer", "render.renderer"); nil: the default.
    public var rendererSource: String?
    /// The window backend's screens (`--window-screen`): one window per screen.
    public var windowScreens: [WindowScreenSpec] = [WindowScreenSpec(width: 800, height: 480)]
    /// What a window resized by the user does (the config's `window.resize`).
    public var windowResize: WindowResizePolicy = .modeChange
    /// The app's name, which window titles start with.
    public var appName: String = ProcessInfo.processInfo.processName
    /// Asks the service to stop as on SIGTERM (`applicationWillTerminate` runs), logging the
    /// reason and exiting with the status: a window closed by the user, a compositor gone.
    public var requestStop: (@MainActor @Sendable (_ reason: String, _ status: Int32) -> Void)?

    /// A width and height in pixels.
    public struct Size: Hashable, Sendable {
        public var width: Int
        public var height: Int
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// A context; by default one 1920x1080 headless screen on seat0, a US keyboard and pixman
    /// (the service passes the config's renderer, `auto` unless it says otherwise).
    public init(
        headlessSizes: [Size] = [Size(width: 1920, height: 1080)], seat: String = "seat0",
        environment: [String: String] = [:], isExplicit: Bool = false, keyboardLayout: String = "us",
        keyboardVariant: String? = nil, composeLocale: String? = nil, renderer: RendererChoice = .pixman,
        rendererSource: String? = nil
    ) {
        self.renderer = renderer
        self.rendererSource = rendererSource
        self.headlessSizes = headlessSizes
        self.seat = seat
        self.environment = environment
        self.isExplicit = isExplicit
        self.keyboardLayout = keyboardLayout
        self.keyboardVariant = keyboardVariant
        self.composeLocale = composeLocale
    }
}

/// The backends a service runs on, once launched: the display, the input source, and the
/// seams the service drives them through. Nothing here names a concrete backend type.
@MainActor
public struct LaunchedBackends {
    /// The registration's name (`drm`, `headless`): what logs and `--capture` report.
    public let name: String
    /// The screens.
    public let display: any DisplayBackend
    /// The touches, if the backend has input.
    public let input: (any InputSource)?
    /// The config's output rules are applied through this, when the display takes them.
    public let outputPolicy: (any OutputPolicyControl)?
    /// The config's touch rules are applied through this, when the input takes them.
    public let inputMapping: (any InputMappingControl)?
    /// Makes the renderer for each of the display's outputs, when its buffers need another
    /// renderer than pixman's (a GPU backend's); nil: pixman.
    public let makeRenderer: (@MainActor (any DisplayOutput) -> any Renderer)?
    /// Starts the backends, after the app installed them (their connect handlers create the
    /// screens).
    public let start: @MainActor () -> Void
    /// Stops input and gives the display back (a DRM backend restores the CRTCs found at
    /// start and drops master), then the seat.
    public let stop: @MainActor () -> Void

    /// Launched backends; the optional parts default to none.
    public init(
        name: String, display: any DisplayBackend, input: (any InputSource)? = nil,
        outputPolicy: (any OutputPolicyControl)? = nil, inputMapping: (any InputMappingControl)? = nil,
        makeRenderer: (@MainActor (any DisplayOutput) -> any Renderer)? = nil,
        start: @escaping @MainActor () -> Void = {}, stop: @escaping @MainActor () -> Void = {}
    ) {
        self.makeRenderer = makeRenderer
        self.name = name
        self.display = display
        self.input = input
        self.outputPolicy = outputPolicy
        self.inputMapping = inputMapping
        self.start = start
        self.stop = stop
    }
}

/// What `--list-outputs` asks the config about each display and input device it finds.
@MainActor
public struct OutputListingContext {
    /// The config's policy for a display: whether it is lit and how its mode is chosen.
    public var policy: @MainActor (OutputIdentity) -> OutputPolicy
    /// The config's other settings for a display, for the listing (`rotated 90°, scale 2`);
    /// nil when none.
    public var settingsNote: @MainActor (OutputIdentity) -> String?
    /// The screen a device maps to and why (`DSI-1 (config)`), and its calibration note.
    public var inputNote:
        @MainActor (_ name: String, _ sysname: String, _ properties: [String: String])
            -> (screen: String?, calibration: String?)
    /// The seat input devices are on.
    public var seat: String
}

/// One backend the service can run on, under a name: what it offers and how to launch it.
/// The command line (`--backend NAME`), the environment (`VITRINE_BACKEND`), `--list-outputs`
/// and the automatic choice all read the registry's one list of these.
@MainActor
public struct BackendRegistration {
    /// The name `--backend` takes: lower case, no spaces (`drm`).
    public let name: String
    /// One line for `--help`.
    public let summary: String
    /// What it offers.
    public let capabilities: BackendCapabilities
    /// Whether `auto` tries it (in registry order).
    public let isAutomatic: Bool
    /// Launches it, or says why it cannot run here.
    public let launch: @MainActor (BackendLaunchContext) throws(BackendUnavailable) -> LaunchedBackends
    /// Its `--list-outputs` lines, when it has outputs to list.
    public let listOutputs: (@MainActor (OutputListingContext) -> [String])?

    /// A registration.
    public init(
        name: String, summary: String, capabilities: BackendCapabilities, isAutomatic: Bool,
        launch: @escaping @MainActor (BackendLaunchContext) throws(BackendUnavailable) -> LaunchedBackends,
        listOutputs: (@MainActor (OutputListingContext) -> [String])? = nil
    ) {
        self.name = name
        self.summary = summary
        self.capabilities = capabilities
        self.isAutomatic = isAutomatic
        self.launch = launch
        self.listOutputs = listOutputs
    }
}

/// The backends a kiosk can run on, in the order `auto` tries them. `standard` holds KMS/DRM
/// with libinput, then headless; an app (or a test) may register more, or replace one by
/// registering its name again.
@MainActor
public struct BackendRegistry {
    /// The name that asks for the automatic choice.
    public static let automaticName = "auto"

    /// The registrations, in order.
    public private(set) var registrations: [BackendRegistration]

    /// A registry of `registrations`, in that order (a later one of a name already listed
    /// replaces it in place).
    public init(_ registrations: [BackendRegistration]) {
        self.registrations = []
        for registration in registrations {
            if let index = self.registrations.firstIndex(where: { $0.name == registration.name }) {
                self.registrations[index] = registration
            } else {
                self.registrations.append(registration)
            }
        }
    }

    /// The backends Vitrine ships: KMS/DRM with libinput (automatic when a card can be opened),
    /// then a window on the desktop (automatic when a Wayland session is present), then
    /// headless (always usable).
    public static var standard: BackendRegistry {
        BackendRegistry([
            KMSBackend.registration, WindowBackendRegistration.registration, HeadlessBackendRegistration.registration,
        ])
    }

    /// Adds `registration`, replacing one of the same name in place; a new one goes before the
    /// last automatic fallback, so that `auto` tries it before headless.
    public mutating func register(_ registration: BackendRegistration) {
        if let index = registrations.firstIndex(where: { $0.name == registration.name }) {
            registrations[index] = registration
        } else if registration.isAutomatic, let fallback = registrations.lastIndex(where: \.isAutomatic) {
            registrations.insert(registration, at: fallback)
        } else {
            registrations.append(registration)
        }
    }

    /// The registration called `name`.
    public func registration(named name: String) -> BackendRegistration? {
        registrations.first { $0.name == name }
    }

    /// Every name `--backend` takes: `auto`, then the registrations'.
    public var acceptedNames: [String] { [Self.automaticName] + registrations.map(\.name) }

    /// Launches the backend called `name`, or with `auto` (or nil) the first automatic one
    /// that can run here; `skipped` is told each automatic one that could not, with its reason.
    /// A named backend that cannot run, or none at all, throws.
    public func launch(
        _ name: String?, context: BackendLaunchContext,
        skipped: @MainActor (BackendRegistration, BackendUnavailable) -> Void = { _, _ in }
    ) throws(BackendUnavailable) -> LaunchedBackends {
        if let name, name != Self.automaticName {
            guard let registration = registration(named: name) else {
                throw BackendUnavailable(
                    "no backend named \(name) (backends: \(acceptedNames.joined(separator: ", ")))")
            }
            var named = context
            named.isExplicit = true
            return try registration.launch(named)
        }
        var automatic = context
        automatic.isExplicit = false
        for registration in registrations where registration.isAutomatic {
            do {
                return try registration.launch(automatic)
            } catch {
                skipped(registration, error)
            }
        }
        throw BackendUnavailable("no backend can run on this machine")
    }

    /// `--list-outputs`: each backend's lines that has outputs to list.
    public func outputListing(_ context: OutputListingContext) -> [String] {
        registrations.compactMap(\.listOutputs).flatMap { $0(context) }
    }
}
