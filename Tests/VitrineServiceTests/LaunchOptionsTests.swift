import ArgumentParser
import Testing

@testable import VitrineService

@Suite struct LaunchOptionsTests {
    @Test func defaultsNeedNoArguments() throws {
        let options = try LaunchOptions.parse([])
        #expect(options.backend == nil && options.renderer == nil)
        #expect(!options.checkConfig && !options.listOutputs)
        #expect(options.screenshot == nil && options.capture == nil)
        #expect(options.headlessScreenSizes.map(\.width) == [1920])
        #expect(options.headlessScreenSizes.map(\.height) == [1080])
    }

    @Test func configPathComesFromTheFlagThenTheEnvironmentThenTheDefault() throws {
        let flagged = try LaunchOptions.parse(["--config", "/tmp/a.toml"])
        #expect(flagged.configPath(environment: ["VITRINE_CONFIG": "/tmp/b.toml"]) == ("/tmp/a.toml", true))
        let plain = try LaunchOptions.parse([])
        #expect(plain.configPath(environment: ["VITRINE_CONFIG": "/tmp/b.toml"]) == ("/tmp/b.toml", true))
        #expect(plain.configPath(environment: [:]) == ("/etc/vitrine/vitrine.toml", false))
    }

    @Test func everyOptionParses() throws {
        let options = try LaunchOptions.parse([
            "--backend", "headless", "--headless-screen", "800x480", "--headless-screen", "1080x1920",
            "--control-socket", "/tmp/c", "--renderer", "gles",
        ])
        #expect(options.backend == "headless")
        #expect(options.renderer == "gles")
        #expect(options.headlessScreenSizes.map(\.width) == [800, 1080])
        #expect(options.controlSocket == "/tmp/c")
        #expect(try LaunchOptions.parse(["--screenshot", "a.png", "--screen", "HDMI-A-1"]).screen == "HDMI-A-1")
        #expect(try LaunchOptions.parse(["--check-config"]).checkConfig)
        #expect(try LaunchOptions.parse(["--list-outputs"]).listOutputs)
        #expect(
            try LaunchOptions.parse(["--capture", "a.png", "--capture-editing", "b.png"]).captureEditing == "b.png")
    }

    @Test(arguments: [
        (["--screen", "HDMI-A-1"], "--screen goes with --screenshot"),
        (["--capture-editing", "b.png"], "--capture-editing goes with --capture"),
        (
            ["--check-config", "--list-outputs"],
            "--check-config, --list-outputs, --screenshot, --status and --capture exclude each other"
        ),
        (
            ["--headless-screen", "0x480"],
            "--headless-screen takes WIDTHxHEIGHT (as 1920x1080, each 1...8192), not 0x480"
        ),
        (["--headless-screen", "big"], "--headless-screen takes WIDTHxHEIGHT (as 1920x1080, each 1...8192), not big"),
        (["--renderer", "opengl"], "--renderer takes auto, gles or pixman, not opengl"),
    ])
    func badCommandLinesSayWhy(arguments: [String], message: String) {
        do {
            _ = try LaunchOptions.parse(arguments)
            Issue.record("\(arguments) parsed")
        } catch {
            #expect(LaunchOptions.message(for: error) == message)
            #expect(LaunchOptions.exitCode(for: error).rawValue == ExitStatus.usage)
        }
    }

    /// What the service does not know is the app's, in order, as iOS leaves launch arguments
    /// to the app; the service's own options still parse around them.
    @Test func unknownArgumentsAreLeftToTheApp() throws {
        let options = try LaunchOptions.parse([
            "--frobnicate", "--backend", "headless", "--speed", "7", "-AppleLanguages", "(de)", "extra",
        ])
        #expect(options.backend == "headless")
        #expect(options.appArguments == ["--frobnicate", "--speed", "7", "-AppleLanguages", "(de)", "extra"])
        #expect(try LaunchOptions.parse(["--backend", "drm", "--", "--backend", "mine"]).appArguments.contains("mine"))
        #expect(try LaunchOptions.parse(["--backend", "drm"]).appArguments.isEmpty)
    }

    @Test func aServiceOptionMissingItsValueIsStillAUsageError() {
        #expect(throws: (any Error).self) { try LaunchOptions.parse(["--backend"]) }
    }

    @Test func backendNamesComeFromTheRegistry() throws {
        let options = try LaunchOptions.parse(["--backend", "wayland"])
        #expect(
            options.backendProblem(accepted: ["auto", "drm", "headless"])
                == "--backend takes auto, drm or headless, not wayland")
        #expect(options.backendProblem(accepted: ["auto", "drm", "headless", "wayland"]) == nil)
        #expect(try LaunchOptions.parse([]).backendProblem(accepted: ["auto"]) == nil)
    }
}
