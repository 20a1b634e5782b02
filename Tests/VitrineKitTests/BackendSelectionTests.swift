import Foundation
import Testing
import VitrineDRM
import VitrinePlatform

@testable import VitrineKit

/// What `UIApplicationMain` runs on when it is not handed a backend.
@MainActor @Suite struct BackendSelectionTests {
    @Test func automaticFallsBackToHeadlessWithoutACard() throws {
        // This machine has no /dev/dri (real KMS exists only in the VM), so automatic means
        // headless, with one 1920x1080 output and no input source.
        try #require(DRMDeviceScanner().devices().isEmpty)
        let backends = LaunchBackends.choose(.automatic)
        let headless = try #require(backends.display as? HeadlessBackend)
        #expect(headless.outputs.map(\.currentMode.size) == [CGSize(width: 1920, height: 1080)])
        #expect(backends.input == nil)
    }

    @Test func drmIsChosenWhenAsked() {
        // Not started: starting it would look for a card, which this machine lacks.
        let backends = LaunchBackends.choose(.drm)
        #expect(backends.display is DRMBackend)
        #expect(backends.display.outputs.isEmpty)
    }

    @Test func choicesReadAsTheirNames() {
        #expect(DisplayBackendChoice(rawValue: "auto") == .automatic)
        #expect(DisplayBackendChoice(rawValue: "drm") == .drm)
        #expect(DisplayBackendChoice(rawValue: "headless") == .headless)
        #expect(DisplayBackendChoice(rawValue: "wayland") == nil)
    }
}
