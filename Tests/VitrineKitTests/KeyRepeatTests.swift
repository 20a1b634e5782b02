import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// A text receiver stand-in: first responder, logging the keys that repeat into it.
@MainActor
final class RepeatLogView: UIView {
    var repeats: [String] = []
    override var canBecomeFirstResponder: Bool { true }
    override func keyDidRepeat(_ key: UIKey) {
        repeats.append(key.characters.isEmpty ? "#\(key.keyCode)" : key.characters)
    }
}

/// An event scene with a first responder that logs repeats, and key repeat at `settings`;
/// `finish()` puts the shared application's keyboard settings back.
@MainActor
private struct RepeatScene {
    let scene = EventScene()
    let view = RepeatLogView(frame: CGRect(x: 0, y: 0, width: 100, height: 40))

    init(_ settings: KeyRepeatSettings = KeyRepeatSettings(delay: 0.5, rate: 10)) {
        scene.window.addSubview(view)
        view.becomeFirstResponder()
        UIApplication.shared.keyRepeat = settings
    }

    var clock: ManualClock { scene.clock }
    var input: SyntheticInput { scene.input }
    /// Time since the scene began (its clock starts at 0).
    func advance(to time: Double) { clock.advance(to: time) }

    func finish() {
        UIApplication.shared.keyRepeat = .standard
        UIApplication.shared.keyboardPreference = .automatic
        view.resignFirstResponder()
    }
}

@MainActor @Suite("Key repeat") struct KeyRepeatTests {
    // Evdev codes.
    let keyA: UInt32 = 30
    let keyB: UInt32 = 48
    let leftShift: UInt32 = 42

    @Test func aHeldKeyRepeatsAfterTheDelayAtTheRate() {
        let scene = RepeatScene()
        defer { scene.finish() }
        scene.input.keyDown(keyCode: keyA, time: 0)
        scene.advance(to: 0.45)
        #expect(scene.view.repeats.isEmpty)
        scene.advance(to: 0.55)
        #expect(scene.view.repeats == ["a"])
        // Then ten a second: 0.6, 0.7, ... 1.4.
        scene.advance(to: 1.45)
        #expect(scene.view.repeats.count == 10)
        #expect(UIApplication.shared.keyRepeater.isRepeating)
    }

    @Test func releasingTheKeyStopsIt() {
        let scene = RepeatScene()
        defer { scene.finish() }
        scene.input.keyDown(keyCode: keyA, time: 0)
        scene.advance(to: 0.75)
        #expect(scene.view.repeats.count == 3)
        scene.input.keyUp(keyCode: keyA, time: 0.75)
        scene.advance(to: 3)
        #expect(scene.view.repeats.count == 3)
        #expect(!UIApplication.shared.keyRepeater.isRepeating)
        // A key released before the delay never repeats.
        scene.input.press(keyCode: keyA, time: 3, duration: 0.3)
        scene.advance(to: 5)
        #expect(scene.view.repeats.count == 3)
    }

    @Test func anotherKeyPressRepeatsThatKeyInstead() {
        let scene = RepeatScene()
        defer { scene.finish() }
        scene.input.keyDown(keyCode: keyA, time: 0)
        scene.advance(to: 0.65)
        #expect(scene.view.repeats == ["a", "a"])
        scene.input.keyDown(keyCode: keyB, time: 0.65)
        // The new key waits out its own delay.
        scene.advance(to: 1.1)
        #expect(scene.view.repeats == ["a", "a"])
        scene.advance(to: 1.3)
        #expect(scene.view.repeats == ["a", "a", "b", "b"])
        // Releasing the first key does not stop the second.
        scene.input.keyUp(keyCode: keyA, time: 1.3)
        scene.advance(to: 1.4)
        #expect(scene.view.repeats == ["a", "a", "b", "b", "b"])
    }

    @Test func modifiersNeverRepeatNorStopAKeyThatDoes() {
        let scene = RepeatScene()
        defer { scene.finish() }
        scene.input.keyDown(keyCode: leftShift, time: 0)
        scene.advance(to: 2)
        #expect(scene.view.repeats.isEmpty)
        scene.input.keyDown(keyCode: keyA, time: 2, characters: "A", modifiers: .shift)
        scene.advance(to: 2.55)
        scene.input.keyDown(keyCode: 29, time: 2.55)  // KEY_LEFTCTRL
        scene.input.keyUp(keyCode: leftShift, time: 2.55)
        scene.advance(to: 2.75)
        #expect(scene.view.repeats == ["A", "A", "A"])
        for code: UInt32 in [29, 97, 54, 56, 100, 125, 126, 58] {
            #expect(!KeyRepeater.repeats(keyCode: code, key: UIKey(keyCode: code)), "\(code)")
        }
    }

    @Test func textEditingKeysRepeatAndOtherKeysThatTypeNothingDoNot() {
        let scene = RepeatScene()
        defer { scene.finish() }
        for code: UInt32 in [14, 111, 103, 108, 105, 106, 102, 107] {
            #expect(KeyRepeater.repeats(keyCode: code, key: UIKey(keyCode: code)), "\(code)")
        }
        scene.input.keyDown(keyCode: 105, time: 0)  // KEY_LEFT
        scene.advance(to: 0.65)
        #expect(scene.view.repeats == ["#105", "#105"])
        scene.input.keyUp(keyCode: 105, time: 0.65)
        scene.input.keyDown(keyCode: 59, time: 1)  // KEY_F1
        scene.advance(to: 3)
        #expect(scene.view.repeats == ["#105", "#105"])
        // A dead key (characters "") does not repeat either.
        scene.input.keyDown(keyCode: 13, time: 3, characters: "")
        scene.advance(to: 5)
        #expect(scene.view.repeats == ["#105", "#105"])
    }

    @Test func unpluggingTheKeyboardStopsItsRepeat() {
        let scene = RepeatScene()
        defer { scene.finish() }
        scene.input.attachKeyboard(sysname: "event7")
        scene.input.attachKeyboard(sysname: "event8")
        scene.input.keyDown(keyCode: keyA, time: 0, device: "event7")
        scene.advance(to: 0.55)
        // Another keyboard going away changes nothing.
        scene.input.detachDevice(sysname: "event8")
        scene.advance(to: 0.65)
        #expect(scene.view.repeats.count == 2)
        scene.input.detachDevice(sysname: "event7")
        scene.advance(to: 3)
        #expect(scene.view.repeats.count == 2)
        #expect(!UIApplication.shared.keyRepeater.isRepeating)
    }

    @Test func rateZeroNeverRepeats() {
        let scene = RepeatScene(KeyRepeatSettings(delay: 0.5, rate: 0))
        defer { scene.finish() }
        scene.input.keyDown(keyCode: keyA, time: 0)
        scene.advance(to: 5)
        #expect(scene.view.repeats.isEmpty)
        #expect(scene.clock.pendingCount == 0 || !UIApplication.shared.keyRepeater.isRepeating)
    }

    @Test func changingTheSettingsStopsARepeatAndBadSettingsAreRefused() {
        let scene = RepeatScene()
        defer { scene.finish() }
        scene.input.keyDown(keyCode: keyA, time: 0)
        scene.advance(to: 0.55)
        UIApplication.shared.keyRepeat = KeyRepeatSettings(delay: 0.3, rate: 30)
        scene.advance(to: 2)
        #expect(scene.view.repeats == ["a"])
        UIApplication.shared.keyRepeat = KeyRepeatSettings(delay: 0, rate: 30)
        UIApplication.shared.keyRepeat = KeyRepeatSettings(delay: .infinity, rate: 30)
        UIApplication.shared.keyRepeat = KeyRepeatSettings(delay: 0.5, rate: -1)
        UIApplication.shared.keyRepeat = KeyRepeatSettings(delay: 0.5, rate: .nan)
        #expect(UIApplication.shared.keyRepeat == KeyRepeatSettings(delay: 0.3, rate: 30))
    }

    @Test func theDefaultsAreHalfASecondThenTwentyFiveASecond() {
        #expect(KeyRepeatSettings.standard == KeyRepeatSettings(delay: 0.5, rate: 25))
        #expect(UIApplication.shared.keyRepeat == .standard)
    }

    @Test func blankingTheScreensStopsARepeat() {
        let scene = RepeatScene()
        defer { scene.finish() }
        scene.input.keyDown(keyCode: keyA, time: 0)
        scene.advance(to: 0.55)
        UIApplication.shared.blankScreens(mode: .blackFrame)
        scene.advance(to: 2)
        UIApplication.shared.wakeScreens()
        #expect(scene.view.repeats == ["a"])
    }

    @Test func aNewInputSourceStopsARepeat() {
        let scene = RepeatScene()
        defer { scene.finish() }
        scene.input.keyDown(keyCode: keyA, time: 0)
        scene.advance(to: 0.55)
        SyntheticInput().install()
        scene.advance(to: 2)
        #expect(scene.view.repeats == ["a"])
    }
}

/// Whether a hardware keyboard is attached, from the input source's device reports.
@MainActor @Suite("Hardware keyboard presence") struct HardwareKeyboardTests {
    /// Counts `hardwareKeyboardDidChangeNotification`s.
    @MainActor final class Counter {
        var count = 0
        nonisolated(unsafe) var observer: (any NSObjectProtocol)?
        init() {
            observer = NotificationCenter.default.addObserver(
                forName: UIApplication.hardwareKeyboardDidChangeNotification, object: UIApplication.shared, queue: nil
            ) { [weak self] _ in MainActor.assumeIsolated { self?.count += 1 } }
        }
        deinit { if let observer { NotificationCenter.default.removeObserver(observer) } }
    }

    @Test func pluggingTheFirstKeyboardInAndTheLastOneOutIsAnnounced() {
        let scene = EventScene()
        let counter = Counter()
        #expect(!UIApplication.shared.hasHardwareKeyboard)
        #expect(UIApplication.shared.showsOnScreenKeyboard)
        scene.input.attachKeyboard(sysname: "event3")
        #expect(UIApplication.shared.hasHardwareKeyboard)
        #expect(!UIApplication.shared.showsOnScreenKeyboard)
        #expect(counter.count == 1)
        scene.input.attachKeyboard(sysname: "event4")
        scene.input.detachDevice(sysname: "event3")
        #expect(UIApplication.shared.hasHardwareKeyboard)
        #expect(counter.count == 1)
        scene.input.detachDevice(sysname: "event4")
        #expect(!UIApplication.shared.hasHardwareKeyboard)
        #expect(counter.count == 2)
    }

    @Test func buttonsAndTouchscreensAreNotKeyboards() {
        let scene = EventScene()
        scene.input.source.addDevice(
            InputDeviceDescription(
                sysname: "event0", name: "Power Button", isTouchscreen: false, isPointer: false, isKeyboard: true,
                isAlphanumericKeyboard: false))
        scene.input.source.addDevice(
            InputDeviceDescription(
                sysname: "event1", name: "Panel", isTouchscreen: true, isPointer: false, isKeyboard: false))
        #expect(!UIApplication.shared.hasHardwareKeyboard)
    }

    @Test func theModeDecidesWhetherTheOnScreenKeyboardShows() {
        let scene = EventScene()
        let counter = Counter()
        defer { UIApplication.shared.keyboardPreference = .automatic }
        UIApplication.shared.keyboardPreference = .onScreen
        #expect(counter.count == 1)
        #expect(UIApplication.shared.showsOnScreenKeyboard)
        scene.input.attachKeyboard()
        #expect(UIApplication.shared.showsOnScreenKeyboard)
        UIApplication.shared.keyboardPreference = .hardware
        #expect(!UIApplication.shared.showsOnScreenKeyboard)
        scene.input.detachDevice()
        #expect(!UIApplication.shared.showsOnScreenKeyboard)
        UIApplication.shared.keyboardPreference = .automatic
        #expect(UIApplication.shared.showsOnScreenKeyboard)
    }

    @Test func aNewInputSourceBringsItsOwnDevices() {
        let scene = EventScene()
        scene.input.attachKeyboard()
        #expect(UIApplication.shared.hasHardwareKeyboard)
        let source = HeadlessInputSource()
        source.addDevice(HeadlessInputSource.keyboard(sysname: "event9"))
        let counter = Counter()
        UIApplication.shared.setInputSource(source)
        #expect(UIApplication.shared.hasHardwareKeyboard)
        #expect(counter.count == 0)
        SyntheticInput().install()
        #expect(!UIApplication.shared.hasHardwareKeyboard)
        #expect(counter.count == 1)
        // The old sources report to nobody.
        scene.input.detachDevice()
        source.addDevice(HeadlessInputSource.keyboard(sysname: "event10"))
        #expect(!UIApplication.shared.hasHardwareKeyboard)
    }
}
