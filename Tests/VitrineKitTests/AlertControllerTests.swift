import Foundation
import Testing
import VitrinePlatform
import VitrineTestSupport

@testable import VitrineKit

/// `UIAlertController`: the button layout for one, two and three actions, action sheets, the
/// appearance animation, taps (handler after the dismissal), refusals and a pixel test.
@Suite("UIAlertController") @MainActor struct AlertControllerTests {
    private func frame(_ button: UIView, in alert: UIAlertController) -> CGRect {
        button.convert(button.bounds, to: alert.alertView)
    }

    private func alert(_ actions: [(String, UIAlertAction.Style)], log: NavigationLog? = nil) -> UIAlertController {
        let alert = UIAlertController(title: "Title", message: "Message", preferredStyle: .alert)
        for (title, style) in actions {
            alert.addAction(
                UIAlertAction(title: title, style: style) { action in log?.add("handler \(action.title!)") })
        }
        return alert
    }

    @Test func oneActionFillsTheWidthUnderTheText() throws {
        let s = PresentationScene()
        let alert = alert([("OK", .default)])
        s.root.present(alert, animated: false)
        s.scene.clock.advance(by: 0.05)
        let box = alert.alertView
        #expect(box.bounds.width == 270 && box.center == CGPoint(x: 200, y: 150))
        let ok = try #require(box.buttons.first)
        let title = try #require(box.titleLabel)
        let message = try #require(box.messageLabel)
        #expect(title.frame.minY == 20 && message.frame.minY > title.frame.maxY)
        #expect(frame(ok, in: alert) == CGRect(x: 0, y: message.frame.maxY + 20, width: 270, height: 44))
        #expect(box.bounds.height == frame(ok, in: alert).maxY)
        #expect(ok.label.textColor == .systemBlue)
    }

    @Test func twoActionsSitSideBySideWithCancelOnTheLeft() throws {
        let s = PresentationScene()
        let alert = alert([("Delete", .destructive), ("Cancel", .cancel)])
        s.root.present(alert, animated: false)
        s.scene.clock.advance(by: 0.05)
        let delete = alert.alertView.buttons[0]
        let cancel = alert.alertView.buttons[1]
        let cancelFrame = frame(cancel, in: alert)
        let deleteFrame = frame(delete, in: alert)
        #expect(cancelFrame.minX == 0 && cancelFrame.width == 135 && cancelFrame.height == 44)
        #expect(deleteFrame.minX == 135 && deleteFrame.width == 135 && deleteFrame.minY == cancelFrame.minY)
        #expect(delete.label.textColor == .systemRed)
        #expect(cancel.label.font.pointSize == 17 && cancel.label.font != delete.label.font)
    }

    @Test func threeActionsStackWithCancelAtTheBottom() {
        let s = PresentationScene()
        let alert = alert([("Cancel", .cancel), ("Save", .default), ("Discard", .destructive)])
        s.root.present(alert, animated: false)
        s.scene.clock.advance(by: 0.05)
        let frames = alert.alertView.buttons.map { frame($0, in: alert) }
        // Added: Cancel, Save, Discard; shown: Save, Discard, Cancel.
        #expect(frames.allSatisfy { $0.minX == 0 && $0.width == 270 && $0.height == 44 })
        #expect(frames[2].minY == frames[1].maxY && frames[0].minY == frames[2].maxY)
        #expect(alert.alertView.bounds.height == frames[0].maxY)
    }

    @Test func thePreferredActionIsTheBoldOne() {
        let save = UIAlertAction(title: "Save", style: .default)
        let cancel = UIAlertAction(title: "Cancel", style: .cancel)
        let alert = UIAlertController(title: "T", message: nil, preferredStyle: .alert)
        alert.addAction(save)
        alert.addAction(cancel)
        let weights = {
            alert.alertView.buttons.map { $0.label.font == UIFont.systemFont(ofSize: 17, weight: .semibold) }
        }
        #expect(weights() == [false, true])
        alert.preferredAction = save
        #expect(weights() == [true, false] && alert.preferredAction === save)
        // A second cancel action and a foreign preferred action are refused.
        let s = PresentationScene()
        let errors = s.errors {
            alert.addAction(UIAlertAction(title: "Cancel 2", style: .cancel))
            alert.preferredAction = UIAlertAction(title: "Other", style: .default)
        }
        #expect(errors.count == 2 && alert.actions.count == 2 && alert.preferredAction === save)
    }

    @Test func anActionSheetKeepsCancelApartAtTheBottom() {
        let s = PresentationScene(width: 1024, height: 768)
        let sheet = UIAlertController(title: "Photo", message: "Choose a source", preferredStyle: .actionSheet)
        for (title, style) in [("Cancel", UIAlertAction.Style.cancel), ("Camera", .default), ("Library", .default)] {
            sheet.addAction(UIAlertAction(title: title, style: style))
        }
        s.root.present(sheet, animated: false)
        s.scene.clock.advance(by: 0.05)
        let box = sheet.alertView
        #expect(box.bounds.width == 304 && box.center == CGPoint(x: 512, y: 384))
        let frames = box.buttons.map { $0.convert($0.bounds, to: box) }
        #expect(frames[1].maxY == frames[2].minY && frames.allSatisfy { $0.height == 57 })
        #expect(box.cancelGroup.frame.minY == box.mainGroup.frame.maxY + 8 && frames[0] == box.cancelGroup.frame)
        #expect(box.bounds.height == box.cancelGroup.frame.maxY)
    }

    @Test func theAlertScalesDownFrom1_2WhileFadingIn() throws {
        let s = PresentationScene()
        let alert = alert([("OK", .default)])
        s.root.present(alert, animated: true)
        let box = alert.alertView
        #expect(box.alpha == 0 && box.transform.a == 1.2)
        let presentation = try #require(alert.presentation)
        for _ in 0..<4 where presentation.animationBeginTime == nil { s.scene.clock.advance(by: 1.0 / 60) }
        let begin = try #require(presentation.animationBeginTime)
        let k = 8  // about half of the 0.25 s
        s.scene.clock.advance(to: begin + Double(k - 1) / 60 + 1e-7)
        let p = PresentationTransitionTests.easeOut(Double(k) / 60 / 0.25)
        let shown = box.layer.presentation() ?? box.layer
        #expect(abs(Double(shown.opacity) - p) < 1e-3)
        let scale = Double(shown.transform.m11)
        #expect(abs(scale - (1 + 0.2 * (1 - p))) < 0.01, "\(scale)")
        s.finishTransition()
        #expect(box.alpha == 1 && box.transform == .identity)
    }

    @Test func aTapDismissesThenRunsTheHandler() throws {
        let s = PresentationScene()
        let alert = UIAlertController(title: "Save?", message: nil, preferredStyle: .alert)
        var seen: [(handler: String, stillPresented: Bool, containers: Int)] = []
        for (title, style) in [("Cancel", UIAlertAction.Style.cancel), ("OK", .default)] {
            alert.addAction(
                UIAlertAction(title: title, style: style) { action in
                    seen.append((action.title!, s.root.presentedViewController != nil, s.containers.count))
                })
        }
        s.root.present(alert, animated: true)
        s.finishTransition()
        // An action added while the alert is shown gets its button at once.
        alert.addAction(UIAlertAction(title: "Later", style: .default))
        s.scene.clock.advance(by: 0.05)
        #expect(alert.alertView.buttons.map(\.action.title) == ["Cancel", "OK", "Later"])
        let ok = alert.alertView.buttons[1]
        let cancel = alert.alertView.buttons[0]
        s.tap(CGPoint(x: ok.bounds.midX, y: ok.bounds.midY), in: ok)
        // The handler waits for the dismissal's end.
        #expect(seen.isEmpty && alert.isBeingDismissed)
        // A tap during the dismissal reaches nothing.
        s.tap(CGPoint(x: cancel.bounds.midX, y: cancel.bounds.midY), in: cancel)
        s.finishTransition()
        #expect(seen.count == 1)
        let first = try #require(seen.first)
        #expect(first.handler == "OK" && !first.stillPresented && first.containers == 0)
        #expect(alert.presentingViewController == nil && alert.viewIfLoaded?.window == nil)
    }

    @Test func snapshotOfAnAlertWithTitleMessageAndTwoButtons() throws {
        let s = PresentationScene()
        s.root.view.backgroundColor = .white
        let label = UILabel(frame: CGRect(x: 20, y: 20, width: 360, height: 30))
        label.text = "Settings"
        label.font = .systemFont(ofSize: 24, weight: .bold)
        s.root.view.addSubview(label)
        let alert = UIAlertController(
            title: "Restart the kiosk?", message: "The display goes dark for a few seconds.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(UIAlertAction(title: "Restart", style: .destructive))
        s.root.present(alert, animated: false)
        try assertSnapshot(of: s.scene.screenshot(), named: "alert-title-message-two-buttons")
    }

    @Test func snapshotOfAnActionSheetOnAPanel() throws {
        let s = PresentationScene(width: 480, height: 360)
        s.root.view.backgroundColor = .white
        let sheet = UIAlertController(
            title: "Export", message: "Choose where to send the report.", preferredStyle: .actionSheet)
        sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        sheet.addAction(UIAlertAction(title: "USB drive", style: .default))
        sheet.addAction(UIAlertAction(title: "Delete report", style: .destructive))
        s.root.present(sheet, animated: false)
        try assertSnapshot(of: s.scene.screenshot(), named: "alert-action-sheet")
    }
}
