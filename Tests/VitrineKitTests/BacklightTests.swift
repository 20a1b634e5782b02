import Foundation
import Testing
import VitrinePlatform
import VitrineTestSupport

@testable import VitrineKit

@Suite("Backlight") @MainActor struct BacklightTests {
    /// A headless screen showing a white full-screen window, and a fake sysfs tree with a
    /// backlight `panel0` (the caller removes the tree).
    private func whiteScreenAndPanel() throws -> (tree: FakeBacklightTree, rig: HeadlessRig, window: UIWindow) {
        let tree = try FakeBacklightTree()
        try tree.add("panel0")
        let rig = HeadlessRig()
        let window = makeVisibleWindow(on: rig.screen, frame: rig.screen.bounds, color: .white)
        return (tree, rig, window)
    }

    @Test func brightnessIsWrittenAsARoundedLevelWithAFloorAboveZero() throws {
        let tree = try FakeBacklightTree()
        defer { tree.remove() }
        let path = try tree.add("panel0", maxBrightness: "255\n")
        let backlight = try Backlight("panel0", sysfsRoot: tree.root)
        #expect(backlight.maxLevel == 255)
        #expect(backlight.name == "panel0")
        #expect(backlight.path == path)
        #expect(try backlight.currentLevel() == 100)

        try backlight.setBrightness(0.5)
        #expect(try tree.level("panel0") == "128\n")  // 127.5 rounds up
        #expect(try backlight.currentLevel() == 128)
        try backlight.setBrightness(1)
        #expect(try tree.level("panel0") == "255\n")
        try backlight.setBrightness(0.2)
        #expect(try tree.level("panel0") == "51\n")
        // Above 0 never below 1% of the range (3 of 255); 0 is off.
        #expect(backlight.minimumLevel == 3)
        try backlight.setBrightness(0.001)
        #expect(try tree.level("panel0") == "3\n")
        try backlight.setBrightness(0)
        #expect(try tree.level("panel0") == "0\n")
        #expect(backlight.level(forBrightness: 7) == 255)
        #expect(backlight.level(forBrightness: .nan) == 0)

        // A small range: the floor is one step.
        try tree.add("tiny", maxBrightness: "7")
        let tiny = try Backlight(tree.root + "/tiny")
        #expect(tiny.minimumLevel == 1)
        #expect(tiny.level(forBrightness: 0.01) == 1)
        #expect(tiny.level(forBrightness: 0.5) == 4)
    }

    @Test func missingOrUnusableDevicesThrowClearErrors() throws {
        let tree = try FakeBacklightTree()
        defer { tree.remove() }
        #expect(throws: BacklightError.notFound(path: tree.root + "/absent")) {
            try Backlight("absent", sysfsRoot: tree.root)
        }
        #expect(throws: BacklightError.invalidName("../etc")) { try Backlight("../etc", sysfsRoot: tree.root) }
        try tree.add("nomax", maxBrightness: nil)
        #expect(throws: BacklightError.notFound(path: tree.root + "/nomax/max_brightness")) {
            try Backlight("nomax", sysfsRoot: tree.root)
        }
        try tree.add("zero", maxBrightness: "0\n")
        #expect(throws: BacklightError.invalidValue(path: tree.root + "/zero/max_brightness", contents: "0")) {
            try Backlight("zero", sysfsRoot: tree.root)
        }
        try tree.add("readonly")
        try tree.breakBrightness("readonly")
        let error = #expect(throws: BacklightError.self) { try Backlight("readonly", sysfsRoot: tree.root) }
        #expect(error == .notWritable(path: tree.root + "/readonly/brightness", code: EISDIR))
        #expect(error?.description.contains("cannot write \(tree.root)/readonly/brightness") == true)
    }

    @Test func aScreensBrightnessDrivesItsBacklightInsteadOfDimming() throws {
        let (tree, rig, window) = try whiteScreenAndPanel()
        defer { tree.remove() }
        let screen = rig.screen
        screen.wantsSoftwareDimming = true
        rig.settle()
        let recorder = NotificationRecorder([UIScreen.brightnessDidChangeNotification])
        defer { recorder.stop() }

        screen.backlight = try Backlight("panel0", sysfsRoot: tree.root)
        #expect(try tree.level("panel0") == "255\n")  // the screen's brightness, 1
        screen.brightness = 0.5
        #expect(try tree.level("panel0") == "128\n")
        #expect(recorder.names(for: screen) == [UIScreen.brightnessDidChangeNotification])
        rig.settle()
        // The backlight dims: the picture does not.
        #expect(try #require(rig.output.screenshot()).rgb(10, 10) == .white)

        // Without a backlight, software dimming as before.
        screen.backlight = nil
        rig.settle()
        #expect(try #require(rig.output.screenshot()).rgb(10, 10).isClose(to: RGB(127, 127, 127)))
        _ = window
    }

    @Test func aFailingBacklightFallsBackToSoftwareDimmingOnce() throws {
        let (tree, rig, window) = try whiteScreenAndPanel()
        defer { tree.remove() }
        let screen = rig.screen
        screen.backlight = try Backlight("panel0", sysfsRoot: tree.root)
        rig.settle()
        let recorder = NotificationRecorder([UIScreen.brightnessDidChangeNotification])
        defer { recorder.stop() }

        try tree.breakBrightness("panel0")
        screen.brightness = 0.5  // without wantsSoftwareDimming: the fallback dims anyway
        #expect(screen.backlightFailed)
        #expect(recorder.names(for: screen) == [UIScreen.brightnessDidChangeNotification])
        rig.settle()
        #expect(try #require(rig.output.screenshot()).rgb(10, 10).isClose(to: RGB(127, 127, 127)))

        // The device is not tried again (one warning) until a backlight is assigned again.
        try FileManager.default.removeItem(atPath: tree.root + "/panel0/brightness")
        try "9\n".write(toFile: tree.root + "/panel0/brightness", atomically: false, encoding: .utf8)
        screen.brightness = 0.25
        #expect(try tree.level("panel0") == "9\n")
        #expect(recorder.names(for: screen).count == 2)
        screen.backlight = try Backlight("panel0", sysfsRoot: tree.root)
        #expect(!screen.backlightFailed)
        #expect(try tree.level("panel0") == "64\n")
        rig.settle()
        #expect(try #require(rig.output.screenshot()).rgb(10, 10) == .white)
        _ = window
    }
}
