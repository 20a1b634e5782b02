import Foundation
import Testing
import VitrineGraphics

@testable import VitrineLayers

@MainActor
@Suite("CATextLayer")
struct TextLayerTests {
    @Test func defaults() {
        let layer = CATextLayer()
        #expect(layer.string == nil)
        #expect(layer.fontSize == 36)
        #expect(layer.foregroundColor == CGColor(gray: 1, alpha: 1))
        #expect(layer.alignmentMode == .natural)
        #expect(layer.truncationMode == .none)
        #expect(layer.isWrapped == false)
        #expect(CATextLayerAlignmentMode.center.rawValue == "center")
        #expect(CATextLayerTruncationMode.end.rawValue == "end")
    }

    /// Columns of the buffer holding dark (text) pixels.
    private func inkColumns(_ buffer: PixelBuffer) -> [Int] {
        (0..<buffer.width).filter { x in (0..<buffer.height).contains { darkness(buffer, x, $0) > 100 } }
    }

    private func render(_ configure: (CATextLayer) -> Void) -> PixelBuffer {
        let root = Scene.root(width: 300, height: 80)
        let layer = CATextLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 300, height: 80)
        layer.string = "Hello"
        layer.fontSize = 24
        layer.foregroundColor = CGColor(gray: 0, alpha: 1)
        configure(layer)
        root.addSublayer(layer)
        return Scene.render(root)
    }

    /// Text is drawn at the top; left, centre and right alignment move it.
    @Test func alignment() throws {
        let left = inkColumns(render { $0.alignmentMode = .left })
        let center = inkColumns(render { $0.alignmentMode = .center })
        let right = inkColumns(render { $0.alignmentMode = .right })
        let l = try #require(left.first)
        let c = try #require(center.first)
        let r = try #require(right.last)
        #expect(l < 10)
        #expect(abs((center.first! + center.last!) / 2 - 150) < 6)
        #expect(c > 90)
        #expect(r > 290)
        // Drawn at the top: nothing in the bottom rows.
        let buffer = render { _ in }
        #expect((0..<300).allSatisfy { darkness(buffer, $0, 70) < 20 })
    }

    /// NSAttributedString's string is drawn; a non-text value draws nothing.
    @Test func stringTypes() {
        let attributed = inkColumns(render { $0.string = NSAttributedString(string: "Hello") })
        let plain = inkColumns(render { _ in })
        #expect(attributed == plain)
        #expect(inkColumns(render { $0.string = 42 }).isEmpty)
    }

    /// Truncation keeps the text inside the bounds' width; wrapping puts it on lines below.
    @Test func truncationAndWrapping() {
        let long = String(repeating: "word ", count: 40)
        let truncated = render {
            $0.string = long
            $0.truncationMode = .end
        }
        #expect(inkColumns(truncated).last ?? 0 < 300)
        let wrapped = render {
            $0.string = long
            $0.isWrapped = true
        }
        // A second line: ink below the first line's height.
        #expect(
            (0..<300).contains { darkness(wrapped, $0, 45) > 100 }
                || (0..<300).contains { darkness(wrapped, $0, 40) > 100 })
    }

    /// The font may be given by name or descriptor; an unknown name falls back to the system font.
    @Test func fonts() {
        let named = inkColumns(render { $0.font = "no such font" })
        #expect(!named.isEmpty)
        let descriptor = inkColumns(render { $0.font = FontDescriptor.systemFont(ofSize: 10) })
        #expect(descriptor == inkColumns(render { _ in }))
    }
}
