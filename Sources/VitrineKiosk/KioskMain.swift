// VitrineKiosk: the kiosk service around a VitrineKit app. A kiosk app's `main.swift` imports
// this module (which re-exports VitrineKit) and calls `UIApplicationMain` as an iOS app does;
// the app's other files import VitrineKit alone.
import Foundation
@_exported import VitrineKit
import VitrinePlatform

/// Launches the app with `delegate` as UIKit's `UIApplicationMain` does, inside the whole
/// kiosk service (a Vitrine addition): it parses the command line (`--help` lists it:
/// `--config`, `--backend`, `--check-config`, `--list-outputs`, `--screenshot`, `--capture`),
/// logs to standard error at `VITRINE_LOG_LEVEL`, reads the config, picks the backend
/// (`--backend`, else `VITRINE_BACKEND`, else the first usable of `BackendRegistry.standard`:
/// KMS/DRM with libinput when a card can be opened, else headless), tells systemd READY=1
/// after the first frame and feeds its watchdog, stops cleanly on SIGTERM and SIGINT (the
/// display given back, exit 0), reloads the config on SIGHUP and serves screenshots on its
/// control socket. Runs the main thread's run loop for ever, as UIKit does, so that `Timer`s,
/// `RunLoop.main.perform` and main-queue notifications work (`UIApplication.runMainLoop()`).
///
/// Same spelling as VitrineKit's `UIApplicationMain`, which it shadows in a file that imports
/// VitrineKiosk (and not VitrineKit as well): the call in an iOS app's `main.swift` is kept.
/// `delegate` is evaluated once the command line is read and the config loaded, as UIKit
/// creates the delegate itself (`UIApplicationMain(argc, argv, nil, delegateClassName)`).
@MainActor
public func UIApplicationMain(
    _ delegate: @autoclosure () -> any UIApplicationDelegate, displayBackend: (any DisplayBackend)? = nil
) -> Never {
    KioskApplicationMain(delegate(), displayBackend: displayBackend)
}

/// `UIApplicationMain` with everything it reads spelled out (a Vitrine addition): `backend`
/// names a registration (`drm`, `headless`, `auto`) over the command line's `--backend`,
/// `registry` holds the backends to choose from (an app may register its own), and
/// `arguments` and `environment` are what the service reads instead of the process's.
@MainActor
public func KioskApplicationMain(
    _ delegate: @autoclosure () -> any UIApplicationDelegate, displayBackend: (any DisplayBackend)? = nil,
    backend: String? = nil, registry: BackendRegistry = .standard, arguments: [String] = CommandLine.arguments,
    environment: [String: String] = ProcessInfo.processInfo.environment
) -> Never {
    let service = KioskService.prepare(arguments: arguments, environment: environment, registry: registry)
    service.runClientModes()
    // Made only now, as UIKit makes the delegate from its class name: the one-shot modes
    // (`--help`, `--check-config`, `--screenshot`) never build the app's views.
    service.launch(delegate: delegate(), displayBackend: displayBackend, backend: backend)
    service.runMainLoop()
}
