import Foundation
import Testing
import VitrineGraphics

@Suite struct TextTests {
    let font = FontDescriptor(family: "DejaVu Sans", size: 16)

    @Test func drawsInsideTheRectOnly() {
        let context = makeContext(width: 120, height: 60)
        let rect = CGRect(x: 10, y: 10, width: 80, height: 30)
        context.drawText(
            "Hello, Vitrine! This text is long enough to wrap and overflow the rect.", in: rect,
            font: font,
            color: .black)
        let inked = context.inkedPixels()
        #expect(inked.count > 50)
        #expect(
            inked.allSatisfy {
                rect.contains(CGPoint(x: CGFloat($0.x) + 0.5, y: CGFloat($0.y) + 0.5))
            })
        // Glyph pixels are the text colour: black, premultiplied.
        #expect(inked.contains { context.pixel($0.x, $0.y) == 0xff00_0000 })
    }

    @Test func colourAndCTMApply() {
        let context = makeContext(width: 100, height: 40)
        context.translateBy(x: 50, y: 0)
        context.drawText(
            "WWW", in: CGRect(x: 0, y: 0, width: 50, height: 40), font: font,
            color: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        let inked = context.inkedPixels()
        #expect(!inked.isEmpty && inked.allSatisfy { $0.x >= 50 })
        #expect(inked.contains { context.pixel($0.x, $0.y) == opaqueRed })
    }

    @Test func alignmentMovesLines() {
        func leftmostInk(_ alignment: TextLayout.Alignment) -> Int {
            let context = makeContext(width: 200, height: 30)
            context.drawText(
                "Hi", in: CGRect(x: 0, y: 0, width: 200, height: 30), font: font, color: .black,
                alignment: alignment)
            return context.inkedPixels().map(\.x).min() ?? -1
        }
        let left = leftmostInk(.left)
        let center = leftmostInk(.center)
        let right = leftmostInk(.right)
        #expect(left >= 0 && left < 10)
        #expect(center > 80 && center < 100)
        #expect(right > 170)
    }

    @Test func measuring() {
        let short = TextLayout.size(of: "Hello", font: font)
        let long = TextLayout.size(of: "Hello, world", font: font)
        #expect(short.width > 20 && short.height >= 16 && short.height < 32)
        #expect(long.width > short.width && long.height == short.height)
        let bigger = TextLayout.size(
            of: "Hello", font: FontDescriptor(family: "DejaVu Sans", size: 32))
        #expect(abs(bigger.width - 2 * short.width) < 0.5)
        #expect(TextLayout.size(of: "", font: font) == .zero)
        let wrapped = TextLayout.size(
            of: "one two three four five six seven eight", font: font, maxWidth: 60)
        #expect(wrapped.width <= 60 && wrapped.height > 3 * short.height)
        let newlines = TextLayout(string: "a\nb\nc", font: font)
        #expect(newlines.lineCount == 3)
        let bold = TextLayout.size(
            of: "Hello", font: FontDescriptor(family: "DejaVu Sans", size: 16, weight: .bold))
        #expect(bold.width > short.width)
    }

    @Test func truncationAndLineLimits() {
        let text = "A rather long line of text that cannot possibly fit"
        let truncated = TextLayout(
            string: text, font: font, maxWidth: 80, lineBreakMode: .byTruncatingTail,
            maximumNumberOfLines: 1)
        let single = TextLayout.size(of: "A", font: font)
        #expect(truncated.lineCount == 1)
        #expect(truncated.size.width <= 80 && abs(truncated.size.height - single.height) < 0.01)
        let twoLines = TextLayout(
            string: text, font: font, maxWidth: 80, lineBreakMode: .byWordWrapping,
            maximumNumberOfLines: 2)
        #expect(twoLines.lineCount == 2)
        #expect(abs(twoLines.size.height - 2 * single.height) < 1)
        // The line limit also limits drawing.
        let context = makeContext(width: 100, height: 200)
        twoLines.draw(in: context, at: .zero, color: .black)
        #expect(context.inkedPixels().allSatisfy { CGFloat($0.y) < twoLines.size.height })
    }

    @Test func fontMetrics() {
        let metrics = font.metrics
        #expect(metrics.ascender > 10 && metrics.ascender < 20)
        #expect(metrics.descender < 0 && metrics.descender > -8)
        #expect(metrics.lineHeight >= metrics.ascender - metrics.descender - 0.5)
        let layout = TextLayout(string: "x", font: font)
        #expect(abs(layout.firstBaseline - metrics.ascender) < 1)
    }

    @Test func badInputDrawsNothing() {
        let context = makeContext(width: 20, height: 20)
        context.drawText(
            "x", in: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10), font: font, color: .black)
        context.drawText("x", in: .zero, font: font, color: .black)
        context.drawText("x", in: .null, font: font, color: .black)
        context.drawText(
            "", in: CGRect(x: 0, y: 0, width: 20, height: 20), font: FontDescriptor(size: .nan),
            color: .black)
        #expect(context.inkedPixels().isEmpty)
        #expect(FontDescriptor(size: -4).size == 1)
        context.drawText(
            "x", in: CGRect(x: 0, y: 0, width: 20, height: 20),
            font: FontDescriptor(family: "No Such Family", size: 12), color: .black)
        #expect(!context.inkedPixels().isEmpty)  // fontconfig falls back to some font
    }
}
