import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// `UIAlertController`'s text fields: placement, focus, typing, Return and the handler's
/// reading of the text.
@Suite("UIAlertController text fields") @MainActor struct AlertTextFieldTests {
    @Test func fieldsSitUnderTheMessageAndTheFirstEditsOnceShown() throws {
        let s = PresentationScene()
        let alert = UIAlertController(title: "Sign in", message: "Your PIN", preferredStyle: .alert)
        var configured: [String] = []
        alert.addTextField { field in
            field.placeholder = "Name"
            configured.append("name")
        }
        alert.addTextField { field in
            field.placeholder = "PIN"
            field.isSecureTextEntry = true
            field.keyboardType = .numberPad
            configured.append("pin")
        }
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        #expect(configured == ["name", "pin"])
        let fields = try #require(alert.textFields)
        #expect(fields.count == 2 && fields[1].isSecureTextEntry)
        s.root.present(alert, animated: false)
        s.scene.clock.advance(by: 0.05)
        let box = alert.alertView
        let message = try #require(box.messageLabel)
        let first = fields[0].convert(fields[0].bounds, to: box)
        let second = fields[1].convert(fields[1].bounds, to: box)
        #expect(first == CGRect(x: 16, y: message.frame.maxY + 20, width: 238, height: 25))
        #expect(second.minY == first.maxY - 0.5 && second.width == 238)
        let ok = try #require(box.buttons.first)
        #expect(ok.convert(ok.bounds, to: box).minY == second.maxY + 16)
        #expect(fields[0].isFirstResponder)
    }

    @Test func typedTextReachesTheHandlerAndReturnTakesThePreferredAction() throws {
        let s = PresentationScene()
        let alert = UIAlertController(title: "Name", message: nil, preferredStyle: .alert)
        alert.addTextField()
        var handled: [String] = []
        // Weakly, as an app must: the alert keeps its actions.
        let save = UIAlertAction(title: "Save", style: .default) { [weak alert] _ in
            handled.append("save \(alert?.textFields?.first?.text ?? "nil")")
        }
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(save)
        alert.preferredAction = save
        s.root.present(alert, animated: false)
        s.scene.clock.advance(by: 0.05)
        let field = try #require(alert.textFields?.first)
        s.scene.type("Ada")
        #expect(field.text == "Ada")
        s.scene.type("\n")
        s.finishTransition()
        #expect(handled == ["save Ada"])
        #expect(s.root.presentedViewController == nil)
        // The field left the window with the alert: nothing is first responder any more.
        #expect(!field.isFirstResponder && FirstResponder.current == nil)
    }

    @Test func theAlertRisesAboveTheOnScreenKeyboardItsFieldBringsUpAndComesBack() throws {
        UIApplication.shared.keyboardPreference = .onScreen
        UIApplication.shared.onScreenKeyboardLayout = .us
        defer { UIApplication.shared.keyboardPreference = .automatic }
        let s = PresentationScene(width: 800, height: 480)
        let alert = UIAlertController(title: "Check in", message: "Your name", preferredStyle: .alert)
        alert.addTextField()
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        s.root.present(alert, animated: false)
        s.scene.clock.advance(by: 0.05)
        let field = try #require(alert.textFields?.first)
        #expect(field.isFirstResponder)
        s.scene.clock.advance(by: 1)
        let keyboard = UIApplication.shared.onScreenKeyboard
        #expect(keyboard.state == .shown)
        let root = try #require(alert.view as? AlertRootView)
        let box = alert.alertView.convert(alert.alertView.bounds, to: root)
        let keyboardTop = try #require(root.keyboardTop)
        #expect(keyboardTop == keyboard.frame.minY && keyboardTop < 480)
        // Centred in what the keyboard leaves, not on the screen's middle.
        #expect(abs(box.midY - (keyboardTop / 2).rounded()) <= 1)
        #expect(box.maxY <= keyboardTop)
        _ = field.resignFirstResponder()
        s.scene.clock.advance(by: 1)
        #expect(root.keyboardTop == nil)
        let back = alert.alertView.convert(alert.alertView.bounds, to: root)
        #expect(back.midY == 240)
    }

    @Test func anActionSheetRefusesTextFields() {
        let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        var errors: [String] = []
        UIViewController.presentationErrorObserver = { errors.append($0) }
        defer { UIViewController.presentationErrorObserver = nil }
        sheet.addTextField()
        #expect(sheet.textFields == nil)
        #expect(errors.count == 1 && errors[0].contains("text fields"))
    }
}
