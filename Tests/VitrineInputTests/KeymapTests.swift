import Foundation
import Testing
import VitrinePlatform

@testable import VitrineInput

/// Key codes to characters through xkbcommon, as the libinput source delivers them.
@Suite struct KeymapTests {
    @Test func aUSKeymapTypesLettersAndShiftedLetters() throws {
        let keymap = try #require(Keymap(layout: "us"))
        #expect(keymap.process(keyCode: 30, isPressed: true).characters == "a")  // KEY_A
        _ = keymap.process(keyCode: 30, isPressed: false)
        _ = keymap.process(keyCode: 42, isPressed: true)  // KEY_LEFTSHIFT
        let shifted = keymap.process(keyCode: 30, isPressed: true)
        #expect(shifted.characters == "A" && shifted.charactersIgnoringModifiers == "a")
        #expect(shifted.modifiers.shift)
        _ = keymap.process(keyCode: 30, isPressed: false)
        _ = keymap.process(keyCode: 42, isPressed: false)
        #expect(keymap.process(keyCode: 3, isPressed: true).characters == "2")  // KEY_2
        #expect(keymap.process(keyCode: 28, isPressed: true).characters == "\r")  // KEY_ENTER
    }

    @Test func otherLayoutsTypeTheirOwnCharacters() throws {
        let german = try #require(Keymap(layout: "de"))
        #expect(german.process(keyCode: 21, isPressed: true).characters == "z")  // KEY_Y on QWERTZ
        #expect(Keymap(layout: "no-such-layout") == nil)
    }

    @Test @MainActor func theLibinputSourceFillsKeyCharacters() throws {
        let source = LibinputInputSource(context: try LibinputContext(devicePaths: []), keyboardLayout: "us")
        var received: [InputEvent] = []
        source.eventHandler = { received.append($0) }
        source.deliver(.key(device: "event2", code: 42, pressed: true, time: 1))
        source.deliver(.key(device: "event2", code: 16, pressed: true, time: 1.1))  // KEY_Q
        guard case .key(let event) = received.last else {
            Issue.record("no key event")
            return
        }
        #expect(event.characters == "Q" && event.charactersIgnoringModifiers == "q")
        #expect(event.modifiers.contains(.shift))
    }
}

/// Dead keys, AltGr and the compose table, through xkbcommon with the system's XKB and libX11
/// compose data (xkb-data and libx11-data, which scripts/install-deps.sh installs).
@Suite struct ComposeTests {
    // Evdev codes on a German keyboard: KEY_EQUAL is the dead acute (´), KEY_MINUS is ß,
    // KEY_RIGHTALT is AltGr.
    private let deadAcute: UInt32 = 13
    private let sharpS: UInt32 = 12
    private let altGr: UInt32 = 100
    private let keyE: UInt32 = 18
    private let keyQ: UInt32 = 16
    private let space: UInt32 = 57
    private let leftShift: UInt32 = 42

    /// What pressing and releasing `code` types.
    private func type(_ keymap: Keymap, _ code: UInt32) -> String {
        let typed = keymap.process(keyCode: code, isPressed: true).characters
        _ = keymap.process(keyCode: code, isPressed: false)
        return typed
    }

    private func german() throws -> Keymap {
        try #require(Keymap(layout: "de", composeLocale: "de_DE.UTF-8"))
    }

    @Test func aDeadKeyTypesNothingAndTheNextKeyTheComposedLetter() throws {
        let keymap = try german()
        #expect(keymap.composeLocale == "de_DE.UTF-8")
        #expect(type(keymap, deadAcute) == "")
        #expect(type(keymap, keyE) == "é")
        // The sequence is over: the next e is an e.
        #expect(type(keymap, keyE) == "e")
    }

    @Test func shiftInsideASequenceComposesTheCapital() throws {
        let keymap = try german()
        #expect(type(keymap, deadAcute) == "")
        _ = keymap.process(keyCode: leftShift, isPressed: true)
        let capital = keymap.process(keyCode: keyE, isPressed: true)
        #expect(capital.characters == "É")
        _ = keymap.process(keyCode: keyE, isPressed: false)
        _ = keymap.process(keyCode: leftShift, isPressed: false)
    }

    @Test func aDeadKeyThenSpaceOrItselfTypesTheAccentAndABrokenSequenceTypesNothing() throws {
        let keymap = try german()
        #expect(type(keymap, deadAcute) == "")
        #expect(type(keymap, space) == "'")  // libX11's table: the apostrophe
        #expect(type(keymap, deadAcute) == "")
        #expect(type(keymap, deadAcute) == "´")  // twice: the accent itself
        #expect(type(keymap, deadAcute) == "")
        #expect(type(keymap, keyQ) == "")  // no q with an acute: the sequence is cancelled
        #expect(type(keymap, keyQ) == "q")
    }

    @Test func germanKeysTypeSharpSAndAltGrETheEuroSign() throws {
        let keymap = try german()
        #expect(type(keymap, sharpS) == "ß")
        _ = keymap.process(keyCode: altGr, isPressed: true)
        let euro = keymap.process(keyCode: keyE, isPressed: true)
        #expect(euro.characters == "€")
        #expect(euro.charactersIgnoringModifiers == "e")
        _ = keymap.process(keyCode: keyE, isPressed: false)
        _ = keymap.process(keyCode: altGr, isPressed: false)
        #expect(type(keymap, keyE) == "e")
    }

    @Test func theUSInternationalVariantHasDeadKeysToo() throws {
        let keymap = try #require(Keymap(layout: "us", variant: "intl", composeLocale: "en_US.UTF-8"))
        #expect(keymap.variant == "intl")
        #expect(type(keymap, 40) == "")  // KEY_APOSTROPHE: dead acute on us(intl)
        #expect(type(keymap, keyE) == "é")
    }

    @Test func theCLocaleHasTheSameComposeSequences() throws {
        let keymap = try #require(Keymap(layout: "de", composeLocale: "C"))
        #expect(keymap.composeLocale != nil)
        #expect(type(keymap, deadAcute) == "")
        #expect(type(keymap, keyE) == "é")
    }

    @Test func withoutAComposeTableDeadKeysTypeNothingAndTheRestWorks() throws {
        let keymap = try #require(Keymap(layout: "de", variant: nil, compose: .locales(["xx_NOWHERE.UTF-8"])))
        #expect(keymap.composeLocale == nil)
        #expect(keymap.composeProblem?.contains("no compose table for locale xx_NOWHERE.UTF-8") == true)
        #expect(type(keymap, deadAcute) == "")
        #expect(type(keymap, keyE) == "e")
        #expect(type(keymap, sharpS) == "ß")
    }

    @Test func aComposeTableOfItsOwnIsUsed() throws {
        let table = Array("<dead_acute> <e> : \"e-acute\"\n".utf8)
        let keymap = try #require(Keymap(layout: "de", variant: nil, compose: .buffer(table, locale: "C")))
        #expect(keymap.composeLocale == "C")
        #expect(type(keymap, deadAcute) == "")
        #expect(type(keymap, keyE) == "e-acute")
    }

    @Test func invalidUTF8NeverTraps() throws {
        #expect(Keymap.decode([0xFF, 0xFE, 0x41]) == "\u{FFFD}\u{FFFD}A")
        #expect(Keymap.decode([0xC3]) == "\u{FFFD}")
        // A compose table whose result is not UTF-8: xkbcommon drops or keeps it, and
        // whatever comes out is text.
        let table = Array("<dead_acute> <e> : \"".utf8) + [0xFF, 0xC3] + Array("\"\n<dead_acute> <q> : \"ok\"\n".utf8)
        let keymap = try #require(Keymap(layout: "de", variant: nil, compose: .buffer(table, locale: "C")))
        #expect(type(keymap, deadAcute) == "")
        let typed = type(keymap, keyE)
        #expect(typed.unicodeScalars.allSatisfy { $0 != "\0" })
    }

    @Test func theComposeLocaleComesFromTheConfigThenTheEnvironment() {
        #expect(Keymap.composeLocale(configured: "de_DE.UTF-8", environment: ["LANG": "fr_FR.UTF-8"]) == "de_DE.UTF-8")
        #expect(
            Keymap.composeLocale(configured: nil, environment: ["LC_ALL": "", "LC_CTYPE": "pt_BR.UTF-8", "LANG": "C"])
                == "pt_BR.UTF-8")
        #expect(Keymap.composeLocale(configured: nil, environment: ["LANG": "fr_FR.UTF-8"]) == "fr_FR.UTF-8")
        #expect(Keymap.composeLocale(configured: "", environment: [:]) == "C")
    }

    @Test @MainActor func theLibinputSourceDeliversComposedCharacters() throws {
        let source = LibinputInputSource(
            context: try LibinputContext(devicePaths: []), keyboardLayout: "de", composeLocale: "de_DE.UTF-8")
        #expect(source.keymapSummary == "keyboard layout de, compose sequences of de_DE.UTF-8")
        var typed: [String] = []
        source.eventHandler = { event in
            if case .key(let key) = event, key.isPressed { typed.append(key.characters ?? "nil") }
        }
        for code in [deadAcute, keyE, sharpS] {
            source.deliver(.key(device: "event2", code: code, pressed: true, time: 1))
            source.deliver(.key(device: "event2", code: code, pressed: false, time: 1.1))
        }
        #expect(typed == ["", "é", "ß"])
    }
}
