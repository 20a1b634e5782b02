import Foundation
import Testing
import VitrineGraphics
import VitrinePlatform

@testable import VitrineKit

/// A text view drawn on a headless screen: its text inside the container inset, nothing
/// outside it, and only inside the view once scrolled.
@MainActor @Suite struct TextViewPixelTests {
    /// The dark pixels of `buffer` inside `rect` and outside it (within `area`).
    static func inkCount(_ buffer: PixelBuffer, inside rect: CGRect, area: CGRect) -> (inside: Int, outside: Int) {
        var inside = 0
        var outside = 0
        for y in Int(area.minY)..<Int(area.maxY) {
            for x in Int(area.minX)..<Int(area.maxX) where buffer.rgb(x, y).red < 128 {
                if rect.contains(CGPoint(x: CGFloat(x) + 0.5, y: CGFloat(y) + 0.5)) {
                    inside += 1
                } else {
                    outside += 1
                }
            }
        }
        return (inside, outside)
    }

    @Test func theTextIsDrawnInsideTheInsetRectAndNowhereElse() throws {
        let s = TextViewScene(frame: CGRect(x: 20, y: 20, width: 200, height: 120))
        s.scene.window.backgroundColor = .white
        let view = s.textView
        view.textColor = .black
        view.font = .systemFont(ofSize: 16)
        view.textContainerInset = UIEdgeInsets(top: 20, left: 16, bottom: 20, right: 16)
        view.textContainer.lineFragmentPadding = 0
        view.text = "Gate B12\nBoarding at 10:45, please have your pass ready"
        s.frame()
        let textHeight = UITextView.textHeight(of: view.textLayout())
        #expect(textHeight < 80)  // it fits: no scrolling
        let shot = try s.scene.screenshot()
        let screen = CGRect(x: 0, y: 0, width: 400, height: 300)
        let container = CGRect(x: 20 + 16, y: 20 + 20, width: 200 - 32, height: textHeight)
        let ink = Self.inkCount(shot, inside: container, area: screen)
        #expect(ink.inside > 200)
        #expect(ink.outside == 0)
        // Another inset moves the ink with it.
        view.textContainerInset = UIEdgeInsets(top: 50, left: 40, bottom: 8, right: 8)
        s.frame()
        let moved = try s.scene.screenshot()
        let movedContainer = CGRect(
            x: 20 + 40, y: 20 + 50, width: 200 - 48, height: UITextView.textHeight(of: view.textLayout()))
        let movedInk = Self.inkCount(moved, inside: movedContainer, area: screen)
        #expect(movedInk.inside > 200 && movedInk.outside == 0)
    }

    @Test func scrolledTextStaysInsideTheViewAndItsSideInsets() throws {
        let s = TextViewScene(frame: CGRect(x: 20, y: 20, width: 200, height: 120))
        s.scene.window.backgroundColor = .white
        let view = s.textView
        view.textColor = .black
        view.showsVerticalScrollIndicator = false
        view.textContainerInset = UIEdgeInsets(top: 8, left: 12, bottom: 8, right: 12)
        view.text = (1...40).map { "Line number \($0)" }.joined(separator: "\n")
        view.contentOffset = CGPoint(x: 0, y: 300)
        s.frame()
        let shot = try s.scene.screenshot()
        let screen = CGRect(x: 0, y: 0, width: 400, height: 300)
        let columns = CGRect(x: 20 + 12, y: 20, width: 200 - 24, height: 120)
        let ink = Self.inkCount(shot, inside: columns, area: screen)
        #expect(ink.inside > 500 && ink.outside == 0)
        // The drawing view covers just the visible part of the content.
        #expect(view.textDrawingView.frame == view.bounds)
    }
}
