import Foundation
import Testing
import VitrineDemo
import VitrineKit
import VitrinePlatform

/// The visitors card's sign-in fields: a tap focuses the name field, keys type into it, Return
/// moves to the PIN field, and "Check in" welcomes the visitor by name.
@MainActor @Suite struct ShowcaseSignInTests {
    private func type(_ text: String, rig: ShowcaseRig) {
        for character in text {
            rig.input.keyDown(keyCode: 30, time: rig.clock.now, characters: String(character))
            rig.input.keyUp(keyCode: 30, time: rig.clock.now + 0.01)
            rig.frames(2)
        }
    }

    private func pressReturn(rig: ShowcaseRig) {
        rig.input.keyDown(keyCode: 28, time: rig.clock.now, characters: "\r")
        rig.input.keyUp(keyCode: 28, time: rig.clock.now + 0.01)
        rig.frames(2)
    }

    @Test func aVisitorTypesANameAndAPinThenIsWelcomed() {
        let rig = ShowcaseRig(width: 1280, height: 800)
        let c = rig.controller
        rig.tap(c.nameField)
        rig.frames(3)
        #expect(c.nameField.isFirstResponder)
        type("Ada", rig: rig)
        #expect(c.nameField.text == "Ada")
        pressReturn(rig: rig)
        #expect(c.pinField.isFirstResponder && c.pinField.keyboardType == .numberPad)
        type("12", rig: rig)
        pressReturn(rig: rig)  // Done: two digits are not a PIN
        #expect(c.statusLabel.text == "A PIN has 4 digits" && c.visitorsLabel.text == "0")
        type("34", rig: rig)
        pressReturn(rig: rig)
        #expect(c.statusLabel.text == "Welcome, Ada")
        #expect(c.visitorsLabel.text == "1")
        // The fields are emptied and nothing is being edited any more.
        #expect(c.nameField.text == "" && c.pinField.text == "" && !c.pinField.isFirstResponder)
    }

    @Test func checkingInWithoutANameCountsAsBefore() {
        let rig = ShowcaseRig()
        rig.tap(rig.controller.checkInButton)
        rig.frames(3)
        #expect(rig.controller.statusLabel.text == "Checked in visitor 1")
    }

    @Test func theScreenLiftsAboveTheOnScreenKeyboardWhileAFieldEdits() throws {
        let rig = ShowcaseRig(width: 1280, height: 800)
        let c = rig.controller
        final class Top: @unchecked Sendable { var value: CGFloat? }
        let keyboard = Top()
        let observer = NotificationCenter.default.addObserver(
            forName: UIResponder.keyboardWillShowNotification, object: nil, queue: nil
        ) { notification in
            keyboard.value = (notification.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue.minY
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        rig.tap(c.nameField)
        rig.frames(30)  // the keyboard's 0.25 s slide
        let top = try #require(keyboard.value)
        #expect(c.nameField.isFirstResponder)
        #expect(c.nameField.frameOnScreen.maxY <= top - 15)
        #expect(c.view.bounds.origin.y > 0)
        // Editing ends: the keyboard goes and the screen comes back down.
        c.view.endEditing(true)
        rig.frames(30)
        #expect(c.view.bounds.origin.y == 0)
    }
}
