import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

@Suite("UITextField editing") @MainActor struct TextFieldEditingTests {
    @Test func aTapBeginsEditingWithTheDelegateEventsAndNotificationInOrder() {
        let s = TextFieldScene()
        var events: [String] = []
        s.field.addAction(UIAction { _ in events.append("editingDidBegin") }, for: .editingDidBegin)
        s.field.addAction(UIAction { _ in events.append("editingDidEnd") }, for: .editingDidEnd)
        let observer = NotificationCenter.default.addObserver(
            forName: UITextField.textDidBeginEditingNotification, object: s.field, queue: nil
        ) { _ in MainActor.assumeIsolated { events.append("notification") } }
        defer { NotificationCenter.default.removeObserver(observer) }
        #expect(s.field.text == "")  // "" by default, as UIKit's getter returns
        s.tap(CGPoint(x: 100, y: 17))
        #expect(s.field.isFirstResponder && s.field.isEditing)
        #expect(s.delegate.take() == ["shouldBegin", "didBegin"])
        #expect(events == ["editingDidBegin", "notification"])
        #expect(s.field.resignFirstResponder())
        #expect(!s.field.isEditing)
        #expect(s.delegate.take() == ["shouldEnd", "didEnd"])
        #expect(events.last == "editingDidEnd")
    }

    @Test func theDelegateMayRefuseToBeginOrToEnd() {
        let s = TextFieldScene()
        s.delegate.allowsBegin = false
        s.tap(CGPoint(x: 100, y: 17))
        #expect(!s.field.isFirstResponder)
        s.delegate.allowsBegin = true
        #expect(s.field.becomeFirstResponder())
        s.delegate.allowsEnd = false
        #expect(!s.field.resignFirstResponder() && s.field.isEditing)
        // endEditing(true) forces it.
        #expect(s.scene.window.endEditing(true))
        #expect(!s.field.isEditing && !s.field.isFirstResponder)
    }

    @Test func typingGoesThroughTheDelegateAndSendsEditingChanged() {
        let s = TextFieldScene()
        var changes = 0
        s.field.addAction(UIAction { _ in changes += 1 }, for: .editingChanged)
        var notified = 0
        let observer = NotificationCenter.default.addObserver(
            forName: UITextField.textDidChangeNotification, object: s.field, queue: nil
        ) { _ in MainActor.assumeIsolated { notified += 1 } }
        defer { NotificationCenter.default.removeObserver(observer) }
        #expect(s.field.becomeFirstResponder())
        _ = s.delegate.take()
        s.type("Hi!")
        #expect(s.field.text == "Hi!")
        #expect(s.delegate.take() == ["change 0,0 \"H\"", "change 1,0 \"i\"", "change 2,0 \"!\""])
        #expect(changes == 3 && notified == 3)
        // The delegate vetoes digits.
        s.delegate.forbidden = ["4"]
        s.type("4")
        #expect(s.field.text == "Hi!" && changes == 3)
        // Backspace deletes the character before the caret, through the delegate.
        s.key(14)
        #expect(s.field.text == "Hi")
        #expect(s.delegate.take().last == "change 2,1 \"\"")
        // Setting text does not ask the delegate nor send editingChanged.
        s.field.text = "Set"
        #expect(s.delegate.take().isEmpty && changes == 4)
    }

    @Test func arrowsMoveTheCaretShiftSelectsAndTypingReplacesTheSelection() {
        let s = TextFieldScene(text: "abcdef")
        #expect(s.field.becomeFirstResponder())
        #expect(s.field.buffer.selection == NSRange(location: 6, length: 0))
        s.key(EditingKeyCode.left)
        s.key(EditingKeyCode.left)
        #expect(s.field.buffer.selection == NSRange(location: 4, length: 0))
        s.key(EditingKeyCode.left, modifiers: .shift)
        s.key(EditingKeyCode.left, modifiers: .shift)
        #expect(s.field.buffer.selection == NSRange(location: 2, length: 2))
        s.type("X")
        #expect(s.field.text == "abXef")
        s.key(EditingKeyCode.home)
        s.key(EditingKeyCode.delete)
        #expect(s.field.text == "bXef")
        s.key(EditingKeyCode.end, modifiers: .shift)
        s.key(EditingKeyCode.home, modifiers: .shift)
        #expect(s.field.buffer.selection == NSRange(location: 0, length: 0))
    }

    @Test func copyCutPasteAndSelectAllUseTheGeneralPasteboard() {
        let s = TextFieldScene(text: "kiosk")
        #expect(s.field.becomeFirstResponder())
        s.key(30, "a", modifiers: .control)
        #expect(s.field.buffer.selection == NSRange(location: 0, length: 5))
        s.key(46, "c", modifiers: .control)
        #expect(UIPasteboard.general.string == "kiosk")
        s.key(EditingKeyCode.end)
        s.key(47, "v", modifiers: .control)
        #expect(s.field.text == "kioskkiosk")
        s.key(EditingKeyCode.left, modifiers: .shift)
        s.key(45, "x", modifiers: .control)
        #expect(s.field.text == "kioskkios" && UIPasteboard.general.string == "k")
        // Secure entry refuses to copy.
        s.field.isSecureTextEntry = true
        s.field.selectAll(nil)
        s.field.copy(nil)
        #expect(UIPasteboard.general.string == "k")
    }

    @Test func returnAsksTheDelegateThenSendsTheExitEventsAndResignsWhenHandled() {
        let s = TextFieldScene(text: "name")
        var events: [String] = []
        s.field.addAction(UIAction { _ in events.append("primary") }, for: .primaryActionTriggered)
        #expect(s.field.becomeFirstResponder())
        _ = s.delegate.take()
        s.key(28, "\r")
        #expect(s.delegate.take() == ["shouldReturn"])
        #expect(events == ["primary"] && s.field.isEditing && s.field.text == "name")
        s.field.addAction(UIAction { _ in events.append("exit") }, for: .editingDidEndOnExit)
        s.key(28, "\r")
        #expect(events == ["primary", "exit", "primary"])
        #expect(!s.field.isEditing)
        // A delegate that returns false keeps everything as it is.
        #expect(s.field.becomeFirstResponder())
        s.delegate.allowsReturn = false
        s.field.insertText("\n")
        #expect(s.field.isEditing && events.count == 3)
    }

    @Test func theClearButtonEmptiesTheFieldWhenTheDelegateAgrees() {
        let s = TextFieldScene(text: "PIN")
        s.field.clearButtonMode = .always
        s.frame()
        #expect(!s.field.clearButton.isHidden)
        let clear = s.field.clearButtonRect(forBounds: s.field.bounds)
        #expect(clear.maxX <= 200 && clear.width == 19)
        // The text stops before the button.
        #expect(s.field.textRect(forBounds: s.field.bounds).maxX <= clear.minX)
        s.delegate.allowsClear = false
        s.tap(CGPoint(x: clear.midX, y: clear.midY))
        #expect(s.field.text == "PIN" && s.field.isEditing)
        s.delegate.allowsClear = true
        s.tap(CGPoint(x: clear.midX, y: clear.midY))
        #expect(s.field.text == "")
        s.frame()
        #expect(s.field.clearButton.isHidden)  // only with text
    }

    @Test func aTapPlacesTheCaretAtTheNearestCharacterEdge() {
        let s = TextFieldScene(text: "MMMMMM")
        s.tap(CGPoint(x: 100, y: 17))
        let rect = s.field.editingRect(forBounds: s.field.bounds)
        let layout = s.field.currentLayout()
        let width = layout.caretRect(atUTF8Offset: 1).minX
        let expected = Int(((100 - rect.minX) / width).rounded())
        #expect(s.field.buffer.selection == NSRange(location: min(6, expected), length: 0))
        // A tap past the end puts it at the end.
        s.tap(CGPoint(x: 190, y: 17))
        #expect(s.field.buffer.selection == NSRange(location: 6, length: 0))
    }

    @Test func theCaretBlinksAfterHalfASecondAndStaysSolidWhileTyping() {
        let s = TextFieldScene()
        #expect(s.field.becomeFirstResponder())
        #expect(!s.field.caretView.isHidden)
        s.scene.clock.advance(by: 0.51)
        #expect(s.field.caretView.isHidden)
        s.scene.clock.advance(by: 0.5)
        #expect(!s.field.caretView.isHidden)
        s.scene.clock.advance(by: 0.5)
        #expect(s.field.caretView.isHidden)
        s.type("a")
        #expect(!s.field.caretView.isHidden)
        _ = s.field.resignFirstResponder()
        #expect(s.field.caretView.isHidden)
    }

    @Test func longTextScrollsToKeepTheCaretInsideTheField() {
        let s = TextFieldScene(frame: CGRect(x: 20, y: 20, width: 120, height: 34))
        #expect(s.field.becomeFirstResponder())
        s.type(String(repeating: "W", count: 30))
        s.frame()
        let rect = s.field.editingRect(forBounds: s.field.bounds)
        #expect(s.field.horizontalScroll > 0)
        let caret = s.field.caretView.frame
        #expect(caret.minX >= rect.minX && caret.maxX <= rect.maxX + 0.5)
        #expect(abs(caret.maxX - rect.maxX) < 2.5)  // at the right end
        s.key(EditingKeyCode.home)
        s.frame()
        #expect(s.field.horizontalScroll == 0)
        #expect(abs(s.field.caretView.frame.minX - rect.minX) < 1)
    }

    @Test func secureEntryDrawsDotsAndKeepsTheText() {
        let s = TextFieldScene(text: "1234")
        s.field.isSecureTextEntry = true
        #expect(s.field.displayText == "••••" && s.field.text == "1234")
        #expect(s.field.becomeFirstResponder())
        s.key(EditingKeyCode.left)
        s.type("9")
        #expect(s.field.text == "12394")
        #expect(s.field.displayOffset(forTextOffset: 4) == 4 * "•".utf8.count)
    }

    @Test func charactersComposedOfSeveralScalarsMoveAsOne() {
        let s = TextFieldScene(text: "e\u{301}👍🏽x")
        #expect(s.field.becomeFirstResponder())
        s.key(EditingKeyCode.left)
        s.key(EditingKeyCode.left)
        #expect(s.field.buffer.selection.location == 2)
        s.key(14)
        #expect(s.field.text == "👍🏽x")
    }
}

@Suite("UITextField bad input") @MainActor struct TextFieldBadInputTests {
    @Test func aDelegateThatChangesTheTextInsideShouldChangeWins() {
        let s = TextFieldScene(text: "abc")
        #expect(s.field.becomeFirstResponder())
        // The delegate upper-cases the text itself and returns true.
        s.delegate.onChange = { field in
            field.text = (field.text ?? "").uppercased()
            return true
        }
        s.type("d")
        #expect(s.field.text == "ABC")
        s.delegate.onChange = nil
        s.type("e")
        #expect(s.field.text == "ABCe")
    }

    @Test func aMegabyteOfPastedTextIsInsertedOnOneLine() {
        let s = TextFieldScene()
        #expect(s.field.becomeFirstResponder())
        let line = String(repeating: "0123456789abcdef", count: 4096) + "\n"
        UIPasteboard.general.string = String(repeating: line, count: 16)
        s.field.paste(nil)
        #expect(s.field.text?.utf8.count == 16 * line.utf8.count)
        #expect(s.field.text?.contains("\n") == false)
        s.frame()
        #expect(s.field.isEditing)
    }

    @Test func aFieldRemovedWhileEditingEndsEditingAndTakesNoMoreKeys() {
        let s = TextFieldScene(text: "x")
        #expect(s.field.becomeFirstResponder())
        _ = s.delegate.take()
        s.field.removeFromSuperview()
        #expect(!s.field.isFirstResponder && !s.field.isEditing)
        #expect(s.delegate.take() == ["shouldEnd", "didEnd"])
        s.field.insertText("y")
        #expect(s.field.text == "x")
        // Even a delegate that refuses to end loses the field's focus when it leaves.
        s.scene.window.addSubview(s.field)
        #expect(s.field.becomeFirstResponder())
        s.delegate.allowsEnd = false
        s.field.removeFromSuperview()
        #expect(!s.field.isFirstResponder && !s.field.isEditing)
    }

    @Test func aDisabledFieldCannotBeginEditingAndDisablingEndsIt() {
        let s = TextFieldScene()
        s.field.isEnabled = false
        #expect(!s.field.becomeFirstResponder())
        s.field.isEnabled = true
        #expect(s.field.becomeFirstResponder())
        s.field.isEnabled = false
        #expect(!s.field.isFirstResponder)
    }

    @Test func tappingAnotherFieldMovesTheFirstResponder() {
        let s = TextFieldScene()
        let other = UITextField(frame: CGRect(x: 20, y: 80, width: 200, height: 34))
        s.scene.window.addSubview(other)
        s.tap(CGPoint(x: 50, y: 17))
        #expect(s.field.isFirstResponder)
        s.scene.input.tap(at: s.scene.screenPoint(CGPoint(x: 50, y: 17), in: other), time: s.scene.clock.now)
        s.frame()
        #expect(other.isFirstResponder && !s.field.isEditing && other.isEditing)
        s.type("z")
        #expect(other.text == "z" && s.field.text == "")
    }
}

@Suite("UITextField text input positions") @MainActor struct TextFieldTextInputTests {
    @Test func positionsAndRangesSelectAndReplaceText() throws {
        let s = TextFieldScene(text: "Hello kiosk")
        #expect(s.field.becomeFirstResponder())
        let start = s.field.beginningOfDocument
        let five = try #require(s.field.position(from: start, offset: 5))
        #expect(s.field.offset(from: start, to: five) == 5)
        #expect(s.field.compare(start, to: five) == .orderedAscending)
        #expect(s.field.position(from: start, offset: -1) == nil)
        #expect(s.field.position(from: s.field.endOfDocument, offset: 1) == nil)
        let range = try #require(s.field.textRange(from: five, to: s.field.endOfDocument))
        #expect(s.field.text(in: range) == " kiosk")
        s.field.selectedTextRange = range
        #expect(s.field.buffer.selection == NSRange(location: 5, length: 6))
        #expect(s.field.selectedTextRange?.isEmpty == false)
        s.field.replace(range, withText: "!")
        #expect(s.field.text == "Hello!")
        // Moving the caret to the start, as apps do with textRange(from: start, to: start).
        s.field.selectedTextRange = s.field.textRange(from: start, to: start)
        s.type(">")
        #expect(s.field.text == ">Hello!")
        // The caret rect of a position is where the caret view sits when the caret is there.
        s.frame()
        let caret = s.field.caretRect(for: try #require(s.field.selectedTextRange?.start))
        #expect(abs(caret.minX - s.field.caretView.frame.minX) < 1)
        #expect(s.field.closestPosition(to: CGPoint(x: caret.minX, y: 17))?.offset == 1)
    }
}
