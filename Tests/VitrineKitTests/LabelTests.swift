import Foundation
import Testing
import VitrineTestSupport

@testable import VitrineKit

@MainActor @Suite struct LabelTests {
    @Test func defaultsFollowUIKit() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        #expect(label.text == nil)
        #expect(label.font == UIFont.systemFont(ofSize: 17))
        #expect(label.textColor == UIColor.label)
        #expect(label.textAlignment == .natural && label.numberOfLines == 1)
        #expect(label.lineBreakMode == .byTruncatingTail && label.isEnabled)
        #expect(!label.isOpaque && !label.isUserInteractionEnabled)
        label.font = .boldSystemFont(ofSize: 9)
        #expect(label.font.pointSize == 9)
        label.font = nil
        #expect(label.font == UIFont.systemFont(ofSize: 17))
        label.textColor = .red
        label.textColor = nil
        #expect(label.textColor == UIColor.label)
    }

    @Test func enumsHaveUIKitsRawValues() {
        #expect(NSTextAlignment.allCases.map(\.rawValue) == [0, 1, 2, 3, 4])
        #expect(NSLineBreakMode.byTruncatingTail.rawValue == 4 && NSLineBreakMode.byClipping.rawValue == 2)
    }

    @Test func sizeThatFitsMeasuresTheText() {
        let label = UILabel(frame: .zero)
        #expect(label.sizeThatFits(CGSize(width: 100, height: 100)) == .zero)
        label.text = "Departures from platform 4"
        let font = UIFont.systemFont(ofSize: 17)
        let measured = TextLayout.size(of: label.text!, font: font.descriptor)
        let oneLine = label.sizeThatFits(CGSize(width: 50, height: 10))
        // One line: the proposed width is ignored; the size is rounded up.
        #expect(oneLine == CGSize(width: measured.width.rounded(.up), height: measured.height.rounded(.up)))
        #expect(oneLine.height >= font.lineHeight.rounded(.down) && oneLine.height < 2 * font.lineHeight)
        label.numberOfLines = 0
        let wrapped = label.sizeThatFits(CGSize(width: 120, height: 0))
        #expect(wrapped.width <= 120 && wrapped.height > 1.5 * font.lineHeight)
        label.numberOfLines = 2
        let twoLines = label.sizeThatFits(CGSize(width: 60, height: 0))
        #expect(abs(twoLines.height - (2 * font.lineHeight).rounded(.up)) <= 1)
        #expect(label.intrinsicContentSize == oneLine)
        label.preferredMaxLayoutWidth = 120
        #expect(label.intrinsicContentSize.width <= 120 && label.intrinsicContentSize.height > oneLine.height)
    }

    @Test func sizeToFitResizesToTheText() {
        let label = UILabel(frame: CGRect(x: 10, y: 20, width: 5, height: 5))
        label.text = "Hello"
        label.sizeToFit()
        #expect(label.frame.origin == CGPoint(x: 10, y: 20))
        #expect(label.frame.size == label.sizeThatFits(.zero) && label.frame.width > 30)
    }

    @Test func textRectKeepsToTheLinesThatFit() {
        let label = UILabel(frame: .zero)
        label.text = String(repeating: "word ", count: 40)
        label.numberOfLines = 0
        let lineHeight = label.font.lineHeight
        let bounds = CGRect(x: 0, y: 0, width: 100, height: 2.5 * lineHeight)
        let rect = label.textRect(forBounds: bounds, limitedToNumberOfLines: 0)
        #expect(abs(rect.height - (2 * lineHeight).rounded(.up)) <= 1 && rect.width <= 100)
        let one = label.textRect(forBounds: bounds, limitedToNumberOfLines: 1)
        #expect(abs(one.height - lineHeight.rounded(.up)) <= 1)
        #expect(label.textRect(forBounds: .zero, limitedToNumberOfLines: 0).size == .zero)
    }

    /// Renders `label` over white into a buffer of its bounds' size.
    static func render(_ label: UILabel) -> PixelBuffer {
        let buffer = PixelBuffer(width: Int(label.bounds.width), height: Int(label.bounds.height), format: .xrgb8888)
        let context = CGContext(pixelBuffer: buffer)
        context.setFillColor(.white)
        context.fill(label.bounds)
        label.renderText(in: label.bounds, context: context)
        return buffer
    }

    /// The rows and columns holding dark pixels.
    static func inkBounds(_ buffer: PixelBuffer) -> (rows: ClosedRange<Int>, columns: ClosedRange<Int>)? {
        var rows: [Int] = []
        var columns: [Int] = []
        for y in 0..<buffer.height {
            for x in 0..<buffer.width where buffer.pixel(x: x, y: y) & 0xff < 0x80 {
                rows.append(y)
                columns.append(x)
            }
        }
        guard let top = rows.min(), let bottom = rows.max(), let left = columns.min(), let right = columns.max() else {
            return nil
        }
        return (top...bottom, left...right)
    }

    @Test func textIsCentredVerticallyAndAligned() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 240, height: 80))
        label.text = "Hxg"
        label.textColor = .black
        let ink = try #require(Self.inkBounds(Self.render(label)))
        // The line box (ascender to descender) is centred: the glyphs sit around the middle.
        let lineTop = (80 - label.font.lineHeight) / 2
        #expect(abs(CGFloat(ink.rows.lowerBound) - lineTop) < label.font.lineHeight * 0.4)
        #expect(ink.rows.lowerBound > 20 && ink.rows.upperBound < 60)
        #expect(ink.columns.lowerBound < 4)
        label.textAlignment = .right
        let right = try #require(Self.inkBounds(Self.render(label)))
        #expect(right.columns.upperBound > 234)
        label.textAlignment = .center
        let center = try #require(Self.inkBounds(Self.render(label)))
        let middle = CGFloat(center.columns.lowerBound + center.columns.upperBound) / 2
        #expect(abs(middle - 120) < 4)
    }

    @Test func labelSnapshots() throws {
        let single = UILabel(frame: CGRect(x: 0, y: 0, width: 160, height: 40))
        single.text = "Platform 4 → Zürich HB"
        single.textColor = UIColor(red: 0.1, green: 0.2, blue: 0.6, alpha: 1)
        single.font = .boldSystemFont(ofSize: 15)
        try assertSnapshot(
            of: Self.render(single), named: "label-single-line-truncated", tolerance: 8, maxDifferingPixels: 20)

        let wrapped = UILabel(frame: CGRect(x: 0, y: 0, width: 160, height: 90))
        wrapped.text = "The next train leaves in four minutes from the far end of the hall."
        wrapped.numberOfLines = 0
        wrapped.textAlignment = .center
        wrapped.font = .systemFont(ofSize: 14)
        try assertSnapshot(
            of: Self.render(wrapped), named: "label-wrapped-centred", tolerance: 8, maxDifferingPixels: 20)
    }
}

/// Labels and string drawing through the view display pass and the UIGraphics context.
@MainActor @Suite struct LabelDisplayTests {
    /// A label's text in one opaque colour is kept as coverage, a byte a pixel (UIKit's 8-bit
    /// backing store for monochrome content), and shows the same on screen; a faded (disabled)
    /// label, or a view drawing two colours, keeps colour pixels.
    /// A blue label on a white 200x50 view, after the display pass.
    private func labelScene(_ text: String, alignment: NSTextAlignment = .natural) -> (root: UIView, label: UILabel) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 50))
        root.backgroundColor = .white
        let label = UILabel(frame: CGRect(x: 10, y: 5, width: 180, height: 40))
        label.text = text
        label.textAlignment = alignment
        label.textColor = .systemBlue
        root.addSubview(label)
        root.layer.layoutAndDisplayIfNeeded()
        return (root, label)
    }

    @Test func oneColourTextIsKeptAsCoverage() throws {
        let (root, label) = labelScene("Gate B12")
        /// The label's coverage image composites to the same screen as its colour pixels.
        func expectCoverageShowsAsItsColourPixels() throws -> CGImage {
            let coverage = try #require(label.layer.contents as? CGImage)
            #expect(coverage.isCoverageImage)
            let onScreen = PixelBuffer(width: 200, height: 50, format: .xrgb8888)
            Compositor(scale: 1).render(root.layer, into: onScreen, bufferAge: 0)
            label.layer.contents = CGImage(copying: coverage.makePixelBuffer())
            let fromColour = PixelBuffer(width: 200, height: 50, format: .xrgb8888)
            Compositor(scale: 1).render(root.layer, into: fromColour, bufferAge: 0)
            #expect(onScreen.hasSamePixels(as: fromColour))
            return coverage
        }
        _ = try expectCoverageShowsAsItsColourPixels()
        // Disabled, the text is drawn at half alpha: still one colour, kept as coverage of it.
        label.isEnabled = false
        root.layer.layoutAndDisplayIfNeeded()
        let faded = try expectCoverageShowsAsItsColourPixels()
        #expect(abs((faded.coverageColor?.alpha ?? 0) - 0.5) < 0.01)
    }

    @Test func aLabelDrawsItsTextInTheDisplayPass() throws {
        let (root, label) = labelScene("Gate B12 — boarding", alignment: .center)
        #expect(label.layer.contents != nil)
        // The text is wider than the label: the tail is truncated.
        #expect(label.sizeThatFits(.zero).width > 180)
        let pixels = PixelBuffer(width: 200, height: 50, format: .xrgb8888)
        Compositor(scale: 1).render(root.layer, into: pixels, bufferAge: 0)
        try assertSnapshot(of: pixels, named: "label-view-display-pass", tolerance: 8, maxDifferingPixels: 20)
        // Changing the text redraws.
        let before = try #require(label.layer.contents as? CGImage)
        label.text = "Gate B14"
        root.layer.layoutAndDisplayIfNeeded()
        #expect((label.layer.contents as? CGImage) !== before)
    }

    @Test func stringAndImageDrawingUseTheCurrentContext() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 60, height: 30), true, 1)
        let context = try #require(UIGraphicsGetCurrentContext())
        context.setFillColor(.white)
        context.fill(CGRect(x: 0, y: 0, width: 60, height: 30))
        "Go".draw(
            at: CGPoint(x: 2, y: 2),
            withAttributes: [.font: UIFont.boldSystemFont(ofSize: 20), .foregroundColor: UIColor.red])
        ("ok" as NSString).draw(in: CGRect(x: 30, y: 0, width: 30, height: 30), withAttributes: nil)
        let pixels = try #require(context.makeImage())
        UIGraphicsEndImageContext()
        var red = 0
        var black = 0
        for y in 0..<pixels.height {
            for x in 0..<pixels.width {
                let pixel = pixels.pixel(x: x, y: y) & 0xffffff
                if pixel == 0xff0000 && x < 30 { red += 1 }
                if pixel & 0xc0c0c0 == 0 && x >= 30 { black += 1 }
            }
        }
        #expect(red > 10 && black > 5)
    }
}
