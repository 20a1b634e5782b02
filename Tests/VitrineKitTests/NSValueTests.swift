import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// UIKit's `NSValue` boxing, as iOS code reads notifications and writes animations.
@Suite @MainActor struct NSValueTests {
    @Test func geometryRoundTrips() {
        let rect = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(NSValue(cgRect: rect).cgRectValue == rect)
        #expect(NSValue(cgPoint: CGPoint(x: -5, y: 6.5)).cgPointValue == CGPoint(x: -5, y: 6.5))
        #expect(NSValue(cgSize: CGSize(width: 7, height: 8)).cgSizeValue == CGSize(width: 7, height: 8))
        let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(NSValue(cgAffineTransform: affine).cgAffineTransformValue == affine)
        let insets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(NSValue(uiEdgeInsets: insets).uiEdgeInsetsValue == insets)
        let directional = NSDirectionalEdgeInsets(top: 4, leading: 3, bottom: 2, trailing: 1)
        #expect(NSValue(directionalEdgeInsets: directional).directionalEdgeInsetsValue == directional)
        var transform = CATransform3DMakeRotation(0.5, 0, 0, 1)
        transform.m34 = -1.0 / 500
        #expect(NSValue(caTransform3D: transform).caTransform3DValue == transform)
        // Equal boxes are equal, as NSValue compares its bytes.
        #expect(NSValue(cgRect: rect) == NSValue(cgRect: rect))
    }

    @Test func askingForAnotherKindGivesTheZeroValueNotGarbage() {
        let rect = NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(rect.cgPointValue == .zero)
        #expect(rect.cgAffineTransformValue == .identity)
        #expect(rect.uiEdgeInsetsValue == .zero)
        #expect(NSValue(cgPoint: CGPoint(x: 1, y: 1)).cgRectValue == .zero)
        #expect(NSValue(cgAffineTransform: .identity).caTransform3DValue == CATransform3DIdentity)
    }

    @Test func keyboardFramesComeBoxedAsOniOS() throws {
        let keyboard = KeyboardScene()
        var ends: [CGRect] = []
        let token = NotificationCenter.default.addObserver(
            forName: UIResponder.keyboardWillShowNotification, object: nil, queue: nil
        ) { note in
            // The spelling iOS code uses.
            let end = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue
            let begin = (note.userInfo?[UIResponder.keyboardFrameBeginUserInfoKey] as? NSValue)?.cgRectValue
            MainActor.assumeIsolated {
                if let end { ends.append(end) }
                if let begin { ends.append(begin) }
            }
        }
        defer { NotificationCenter.default.removeObserver(token) }
        keyboard.field.becomeFirstResponder()
        keyboard.settle()
        #expect(ends.count == 2)
        let end = try #require(ends.first)
        #expect(end.width == keyboard.screen.bounds.width)
        #expect(end.maxY == keyboard.screen.bounds.height)
        #expect(ends.last?.minY == keyboard.screen.bounds.height, "it came from below the screen")
    }

    @Test func animationsTakeBoxedFromAndToValues() throws {
        let rig = HeadlessRig(width: 100, height: 100)
        let window = makeVisibleWindow(on: rig.screen, frame: rig.screen.bounds, color: .white)
        defer { window.isHidden = true }
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        window.layer.addSublayer(layer)
        rig.settle()
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = NSValue(cgPoint: CGPoint(x: 0, y: 0))
        move.toValue = NSValue(cgPoint: CGPoint(x: 100, y: 0))
        move.duration = 1
        move.beginTime = rig.clock.now
        layer.add(move, forKey: "move")
        let turn = CABasicAnimation(keyPath: "transform")
        turn.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
        turn.toValue = NSValue(caTransform3D: CATransform3DMakeScale(3, 3, 1))
        turn.duration = 1
        turn.beginTime = rig.clock.now
        layer.add(turn, forKey: "turn")
        rig.clock.advance(by: 0.5)
        let presentation = try #require(layer.presentation())
        #expect(presentation.position.x > 20 && presentation.position.x < 80)
        #expect(presentation.transform.m11 > 1.2 && presentation.transform.m11 < 2.8)
    }
}
