import Foundation
import Testing
import VitrineGraphics

/// Caret, tap and selection positions of a layout, against its own measurements.
@Suite struct TextCaretTests {
    let font = FontDescriptor(family: "DejaVu Sans", size: 16)

    @Test func theCaretMovesRightByEachCharactersWidth() {
        let layout = TextLayout(string: "Wide", font: font)
        var previous = layout.caretRect(atUTF8Offset: 0)
        #expect(previous.minX == 0 && previous.width == 0 && previous.height > 15)
        for count in 1...4 {
            let caret = layout.caretRect(atUTF8Offset: count)
            let prefixWidth = TextLayout.size(of: String("Wide".prefix(count)), font: font).width
            #expect(abs(caret.minX - prefixWidth) < 0.5, "after \(count) characters")
            #expect(caret.minX > previous.minX)
            previous = caret
        }
        // Past the end: the end.
        #expect(layout.caretRect(atUTF8Offset: 99) == layout.caretRect(atUTF8Offset: 4))
    }

    @Test func anEmptyLayoutHasALineTallCaretAtTheStart() {
        let empty = TextLayout(string: "", font: font)
        let caret = empty.caretRect(atUTF8Offset: 0)
        #expect(caret.origin == .zero)
        #expect(abs(caret.height - TextLayout(string: "x", font: font).size.height) < 0.01)
    }

    @Test func aTapGoesToTheNearerEdgeOfTheCharacterUnderIt() {
        let layout = TextLayout(string: "MMM", font: font)
        let m = layout.caretRect(atUTF8Offset: 1).minX
        #expect(layout.utf8Offset(closestTo: CGPoint(x: m * 0.3, y: 5)) == 0)
        #expect(layout.utf8Offset(closestTo: CGPoint(x: m * 0.7, y: 5)) == 1)
        #expect(layout.utf8Offset(closestTo: CGPoint(x: m * 2.6, y: 5)) == 3)
        // Beside the text: its nearest end.
        #expect(layout.utf8Offset(closestTo: CGPoint(x: -40, y: 5)) == 0)
        #expect(layout.utf8Offset(closestTo: CGPoint(x: 900, y: 5)) == 3)
        #expect(layout.utf8Offset(closestTo: CGPoint(x: CGFloat.nan, y: 5)) == 0)
    }

    @Test func offsetsCountBytesAndNeverSplitACharacter() {
        // "é" is 2 bytes, "€" 3; the emoji with its modifier is one grapheme of 8 bytes.
        let text = "é€👍🏽x"
        let layout = TextLayout(string: text, font: font)
        #expect(layout.caretRect(atUTF8Offset: 1) == layout.caretRect(atUTF8Offset: 0))
        #expect(layout.caretRect(atUTF8Offset: 4) == layout.caretRect(atUTF8Offset: 2))
        let end = layout.caretRect(atUTF8Offset: text.utf8.count)
        let beforeX = layout.caretRect(atUTF8Offset: text.utf8.count - 1)
        #expect(beforeX.minX < end.minX)
        // A tap right of the thumb lands after the whole grapheme, before "x".
        let tapped = layout.utf8Offset(closestTo: CGPoint(x: beforeX.minX - 0.5, y: 5))
        #expect(tapped == text.utf8.count - 1)
    }

    @Test func selectionsCoverOneRectPerLineAndRunToTheLineEnd() {
        let layout = TextLayout(string: "one two three four", font: font, maxWidth: 70)
        let starts = layout.lineStartUTF8Offsets
        #expect(starts.count == layout.lineCount && starts.count >= 2 && starts[0] == 0)
        let single = layout.selectionRects(fromUTF8Offset: 0, to: 3)
        #expect(single.count == 1)
        #expect(abs(single[0].width - TextLayout.size(of: "one", font: font).width) < 0.5)
        // From inside the first line into the second: the first rect runs to the layout's width.
        let across = layout.selectionRects(fromUTF8Offset: 1, to: starts[1] + 2)
        #expect(across.count == 2)
        #expect(abs(across[0].maxX - 70) < 0.5)
        #expect(across[1].minX == 0 && across[1].minY >= across[0].maxY - 0.5)
        #expect(layout.selectionRects(fromUTF8Offset: 3, to: 3).isEmpty)
        // Reversed bounds mean the same range.
        #expect(layout.selectionRects(fromUTF8Offset: 3, to: 0) == single)
    }

    @Test func aTrailingNewlineHasACaretOnTheNextLine() {
        let layout = TextLayout(string: "ab\n", font: font)
        let first = layout.caretRect(atUTF8Offset: 0)
        let afterBreak = layout.caretRect(atUTF8Offset: 3)
        #expect(afterBreak.minX == 0 && afterBreak.minY >= first.maxY - 0.5)
        #expect(layout.utf8Offset(closestTo: CGPoint(x: 5, y: afterBreak.midY)) == 3)
    }
}
