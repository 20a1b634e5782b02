import Foundation
import Testing
import VitrineTestSupport

@testable import VitrineKit

/// UIKit's text shadows: `UILabel.shadowColor` / `shadowOffset` and the button's title
/// shadow colour per state, drawn as a sharp offset copy of the text.
@MainActor @Suite struct TextShadowTests {
    @Test func labelDefaults() {
        let label = UILabel()
        #expect(label.shadowColor == nil)
        #expect(label.shadowOffset == CGSize(width: 0, height: -1))
    }

    /// Pixels of `buffer` close to `color`.
    private func count(_ buffer: PixelBuffer, near color: (Int, Int, Int)) -> [(Int, Int)] {
        var found: [(Int, Int)] = []
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                let p = buffer.pixel(x: x, y: y)
                let (r, g, b) = (Int((p >> 16) & 0xff), Int((p >> 8) & 0xff), Int(p & 0xff))
                if abs(r - color.0) < 30, abs(g - color.1) < 30, abs(b - color.2) < 30 { found.append((x, y)) }
            }
        }
        return found
    }

    /// The shadow is the text again, in the shadow colour, moved by the offset: the red copy's
    /// leftmost ink is 4 points right of the black text's.
    @Test func labelShadowIsAnOffsetCopy() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 40))
        label.text = "Ill"
        label.textColor = .black
        let plain = renderAlone(label, width: 120, height: 40)
        #expect(count(plain, near: (255, 0, 0)).isEmpty)
        label.shadowColor = .red
        label.shadowOffset = CGSize(width: 4, height: 3)
        let shadowed = renderAlone(label, width: 120, height: 40)
        let redInk = count(shadowed, near: (255, 0, 0))
        let blackInk = count(plain, near: (0, 0, 0))
        let redMinX = try #require(redInk.map(\.0).min())
        let blackMinX = try #require(blackInk.map(\.0).min())
        let redMaxY = try #require(redInk.map(\.1).max())
        let blackMaxY = try #require(blackInk.map(\.1).max())
        #expect(redMinX - blackMinX == 4)
        #expect(redMaxY - blackMaxY == 3)
    }

    @Test func buttonTitleShadowColorPerState() {
        let button = UIButton(type: .custom)
        #expect(button.titleShadowColor(for: .normal) == nil)
        button.setTitleShadowColor(.red, for: .normal)
        button.setTitleShadowColor(.blue, for: .highlighted)
        #expect(button.titleShadowColor(for: .normal) == .red)
        #expect(button.titleShadowColor(for: .highlighted) == .blue)
        // Unset states fall back to normal's, as UIKit.
        #expect(button.titleShadowColor(for: .disabled) == .red)
        button.setTitle("Go", for: .normal)
        button.layoutIfNeeded()
        #expect(button.titleLabel?.shadowColor == .red)
        button.isHighlighted = true
        button.layoutIfNeeded()
        #expect(button.titleLabel?.shadowColor == .blue)
    }

    /// reversesTitleShadowWhenHighlighted negates the title's shadow offset while highlighted.
    @Test func reversedShadowWhenHighlighted() {
        let button = UIButton(type: .custom)
        #expect(!button.reversesTitleShadowWhenHighlighted)
        button.setTitle("Go", for: .normal)
        button.setTitleShadowColor(.red, for: .normal)
        button.titleLabel?.shadowOffset = CGSize(width: 2, height: 1)
        button.reversesTitleShadowWhenHighlighted = true
        button.isHighlighted = true
        #expect(button.titleLabel?.shadowOffset == CGSize(width: -2, height: -1))
        button.isHighlighted = false
        #expect(button.titleLabel?.shadowOffset == CGSize(width: 2, height: 1))
    }
}
