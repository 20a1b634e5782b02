import Foundation
import Testing
import VitrineGraphics
import VitrinePlatform
import VitrineTestSupport

@testable import VitrineKit

/// What text fields draw on a headless screen, checked against their own geometry, and a
/// snapshot of the four border styles.
@Suite("UITextField pixels") @MainActor struct TextFieldPixelTests {
    /// The inked (non-background) pixels of `rect` in `image`, against `background`.
    private func inked(_ image: PixelBuffer, in rect: CGRect, background: RGB) -> [(Int, Int)] {
        var points: [(Int, Int)] = []
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) where !image.rgb(x, y).isClose(to: background, tolerance: 8) {
                points.append((x, y))
            }
        }
        return points
    }

    private func screenRect(_ rect: CGRect, in view: UIView, scene: EventScene) -> CGRect {
        let origin = scene.screenPoint(rect.origin, in: view)
        return CGRect(origin: origin, size: rect.size)
    }

    @Test func aRoundedFieldDrawsItsBoxTextAndCaretWhereItsGeometrySays() throws {
        let s = TextFieldScene(text: "Vitrine")
        s.scene.window.backgroundColor = UIColor(white: 0.5, alpha: 1)
        #expect(s.field.becomeFirstResponder())
        s.frame()
        let image = try s.scene.screenshot()
        // Inside the rounded box, away from the text, is white; outside it is the window's grey.
        let textRect = s.field.editingRect(forBounds: s.field.bounds)
        let layout = s.field.currentLayout()
        let textWidth = layout.size.width
        let inside = screenRect(
            CGRect(x: textRect.minX + textWidth + 20, y: 4, width: 20, height: 26), in: s.field, scene: s.scene)
        #expect(inked(image, in: inside, background: .white).isEmpty)
        #expect(image.rgb(Int(inside.midX), Int(inside.midY)).isClose(to: .white))
        #expect(image.rgb(10, 30).isClose(to: RGB(127, 127, 127), tolerance: 2))
        // The text's ink lies within the text's own extent, in the text colour (near black).
        let textArea = screenRect(
            CGRect(x: textRect.minX, y: 0, width: textWidth + 1, height: 34), in: s.field, scene: s.scene)
        let ink = inked(image, in: textArea, background: .white)
        #expect(ink.count > 40)
        #expect(ink.contains { image.rgb($0.0, $0.1).red < 60 })
        // The caret: tint-coloured pixels at the caret view's rect, after the text.
        let caret = screenRect(s.field.caretView.frame, in: s.field, scene: s.scene)
        #expect(caret.minX >= textArea.maxX - 2)
        let tint = s.field.tintColor.cgColor.components ?? []
        let expected = RGB(Int(tint[0] * 255 + 0.5), Int(tint[1] * 255 + 0.5), Int(tint[2] * 255 + 0.5))
        #expect(image.rgb(Int(caret.minX) + 1, Int(caret.midY)).isClose(to: expected, tolerance: 3))
    }

    @Test func aPlaceholderIsGreyAndSecureTextIsDots() throws {
        let s = TextFieldScene()
        s.field.placeholder = "Name"
        let secure = UITextField(frame: CGRect(x: 20, y: 80, width: 200, height: 34))
        secure.borderStyle = .roundedRect
        secure.isSecureTextEntry = true
        secure.text = "1234"
        s.scene.window.addSubview(secure)
        s.frame()
        let image = try s.scene.screenshot()
        let placeholderInk = inked(
            image, in: screenRect(CGRect(x: 7, y: 4, width: 120, height: 26), in: s.field, scene: s.scene),
            background: .white)
        #expect(placeholderInk.count > 20)
        // No pixel of the placeholder is darker than the placeholder colour (it is grey, not text).
        #expect(placeholderInk.allSatisfy { image.rgb($0.0, $0.1).red > 100 })
        // The dots: four separate blobs of ink on the middle row, nothing like the digits' width.
        let row = Int(s.scene.screenPoint(CGPoint(x: 0, y: 17), in: secure).y)
        var blobs = 0
        var wasInk = false
        let startX = Int(s.scene.screenPoint(CGPoint(x: 7, y: 0), in: secure).x)
        for x in startX..<(startX + 150) {
            let isInk = image.rgb(x, row).red < 128
            if isInk && !wasInk { blobs += 1 }
            wasInk = isInk
        }
        #expect(blobs == 4)
    }

    @Test func snapshotOfTheFourBorderStyles() throws {
        let scene = EventScene()
        scene.window.backgroundColor = UIColor(white: 0.94, alpha: 1)
        let styles: [UITextField.BorderStyle] = [.none, .line, .bezel, .roundedRect]
        for (index, style) in styles.enumerated() {
            let field = UITextField(frame: CGRect(x: 20, y: 20 + CGFloat(index) * 50, width: 240, height: 34))
            field.borderStyle = style
            field.text = "Border \(index)"
            field.clearButtonMode = .always
            scene.window.addSubview(field)
        }
        let empty = UITextField(frame: CGRect(x: 20, y: 220, width: 240, height: 34))
        empty.borderStyle = .roundedRect
        empty.placeholder = "Placeholder"
        scene.window.addSubview(empty)
        try assertSnapshot(of: scene.screenshot(), named: "text-field-border-styles")
    }
}
