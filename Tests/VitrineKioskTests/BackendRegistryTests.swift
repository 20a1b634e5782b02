import Foundation
import Testing
import VitrineDRM
import VitrinePlatform
import VitrineService

@testable import VitrineKiosk
@testable import VitrineKit

/// What the service runs on when it is not handed a backend: one registry that the command
/// line, the automatic choice and `--list-outputs` all read.
@MainActor @Suite struct BackendRegistryTests {
    /// A registration that launches a headless backend, or fails with `failure`.
    private func fake(
        _ name: String, automatic: Bool = true, failure: String? = nil, launched: @escaping (String) -> Void = { _ in }
    ) -> BackendRegistration {
        BackendRegistration(
            name: name, summary: "test backend \(name)", capabilities: [.display], isAutomatic: automatic,
            launch: { context throws(BackendUnavailable) in
                if let failure { throw BackendUnavailable(failure) }
                launched(context.isExplicit ? "\(name) (named)" : "\(name) (auto)")
                return LaunchedBackends(name: name, display: HeadlessBackend(clock: ManualClock()))
            },
            listOutputs: { _ in ["\(name): an output"] })
    }

    @Test func automaticFallsBackToHeadlessWithoutACard() throws {
        // This machine has no /dev/dri (real KMS exists only in the VM), and the context no
        // desktop session, so automatic means headless, with one 1920x1080 output and no input
        // source.
        try #require(DRMDeviceScanner().devices().isEmpty)
        var skipped: [String] = []
        let backends = try BackendRegistry.standard.launch(nil, context: BackendLaunchContext()) { registration, why in
            skipped.append("\(registration.name): \(why)")
        }
        #expect(skipped == ["drm: no DRM card found", "window: no desktop session (WAYLAND_DISPLAY is not set)"])
        #expect(backends.name == "headless")
        #expect(backends.display.outputs.map(\.currentMode.size) == [CGSize(width: 1920, height: 1080)])
        #expect(backends.input == nil && backends.outputPolicy == nil && backends.inputMapping == nil)
    }

    @Test func drmAskedForByNameWithoutACardIsUnavailable() throws {
        try #require(DRMDeviceScanner().devices().isEmpty)
        #expect(throws: BackendUnavailable("no DRM card (/dev/dri/card*) on this machine")) {
            try BackendRegistry.standard.launch("drm", context: BackendLaunchContext())
        }
    }

    @Test func headlessTakesItsSizesFromTheContext() throws {
        let context = BackendLaunchContext(headlessSizes: [
            .init(width: 800, height: 480), .init(width: 480, height: 800),
        ])
        let backends = try BackendRegistry.standard.launch("headless", context: context)
        #expect(backends.display.outputs.map(\.name) == ["HEADLESS-1", "HEADLESS-2"])
        #expect(
            backends.display.outputs.map(\.currentMode.size) == [
                CGSize(width: 800, height: 480), CGSize(width: 480, height: 800),
            ])
    }

    @Test func theWindowBackendIsNotAutomaticWithoutADesktopSession() {
        #expect(throws: BackendUnavailable("no desktop session (WAYLAND_DISPLAY is not set)")) {
            try BackendRegistry.standard.registration(named: "window")!.launch(BackendLaunchContext(environment: [:]))
        }
    }

    @Test func theHelpListsTheSimulatorKeysTheWindowBackendHas() {
        #expect(LaunchOptions.simulatorKeysHelp == SimulatorKey.helpText)
    }

    @Test func theStandardNamesAreTheOnesTheCommandLineTakes() {
        #expect(BackendRegistry.standard.acceptedNames == ["auto", "drm", "window", "headless"])
        #expect(BackendRegistry.standard.registration(named: "drm")?.capabilities.contains(.sessionControl) == true)
    }

    @Test func automaticTriesRegistrationsInOrderAndSkipsOnesThatCannotRun() throws {
        var launched: [String] = []
        var skipped: [String] = []
        let registry = BackendRegistry([
            fake("panel", failure: "no panel here"), fake("manual", automatic: false),
            fake("fallback") { launched.append($0) },
        ])
        let backends = try registry.launch("auto", context: BackendLaunchContext()) { registration, why in
            skipped.append("\(registration.name): \(why)")
        }
        #expect(backends.name == "fallback")
        #expect(launched == ["fallback (auto)"])
        #expect(skipped == ["panel: no panel here"], "a backend auto may not pick is never tried")
    }

    @Test func aNamedBackendIsLaunchedExplicitlyOrRefused() throws {
        var launched: [String] = []
        let registry = BackendRegistry([fake("manual", automatic: false) { launched.append($0) }, fake("fallback")])
        #expect(try registry.launch("manual", context: BackendLaunchContext()).name == "manual")
        #expect(launched == ["manual (named)"])
        #expect(throws: BackendUnavailable("no backend named wayland (backends: auto, manual, fallback)")) {
            try registry.launch("wayland", context: BackendLaunchContext())
        }
    }

    @Test func registeringANewAutomaticBackendPutsItBeforeTheFallback() {
        var registry = BackendRegistry.standard
        registry.register(fake("wayland"))
        #expect(registry.acceptedNames == ["auto", "drm", "window", "wayland", "headless"])
        // The same name replaces in place.
        registry.register(fake("drm", automatic: false))
        #expect(registry.acceptedNames == ["auto", "drm", "window", "wayland", "headless"])
        #expect(registry.registration(named: "drm")?.isAutomatic == false)
    }

    @Test func outputListingReadsEveryRegistration() {
        let registry = BackendRegistry([fake("one"), fake("two")])
        let context = OutputListingContext(
            policy: { _ in OutputPolicy() }, settingsNote: { _ in nil }, inputNote: { _, _, _ in (nil, nil) },
            seat: "seat0")
        #expect(registry.outputListing(context) == ["one: an output", "two: an output"])
    }
}
