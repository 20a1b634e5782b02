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
