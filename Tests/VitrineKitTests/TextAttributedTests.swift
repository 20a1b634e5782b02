import Foundation
import Testing
import VitrineGraphics
import VitrineTestSupport

@testable import VitrineKit

/// Attributed text as UIKit documents it: `UILabel.attributedText` and its interplay with
/// `text`, `font` and `textColor`; the attributes drawn through pango (colours, background,
/// kern, underline, strikethrough, paragraph style, shadow); measuring with
/// `boundingRect(with:options:context:)` and `size()`; values of the wrong type ignored.
@MainActor @Suite struct TextAttributedTests {
    /// The pixels of `buffer` within `tolerance` of `color`.
    private func pixels(_ buffer: PixelBuffer, near color: RGB, tolerance: Int = 40) -> [(x: Int, y: Int)] {
        var found: [(x: Int, y: Int)] = []
        for y in 0..<buffer.height {
            for x in 0..<buffer.width where buffer.rgb(x, y).isClose(to: color, tolerance: tolerance) {
                found.append((x, y))
            }
        }
        return found
    }

    /// The pixels clearly more blue than red or green.
    private func bluish(_ buffer: PixelBuffer) -> [(x: Int, y: Int)] {
        var found: [(x: Int, y: Int)] = []
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                let pixel = buffer.rgb(x, y)
                if pixel.blue - pixel.red > 60, pixel.blue - pixel.green > 60 { found.append((x, y)) }
            }
        }
        return found
    }

    private func label(_ attributed: NSAttributedString, width: CGFloat = 200, height: CGFloat = 40) -> UILabel {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: width, height: height))
        label.attributedText = attributed
        return label
    }

    // MARK: UILabel's semantics

    @Test func settingAttributedTextSetsTextAndTheStyleAtItsStart() {
        let label = UILabel()
        let style = NSMutableParagraphStyle()
        style.alignment = .center
        style.lineBreakMode = .byCharWrapping
        let big = UIFont.boldSystemFont(ofSize: 30)
        let text = NSMutableAttributedString(
            string: "Hello", attributes: [.font: big, .foregroundColor: UIColor.red, .paragraphStyle: style])
        text.append(NSAttributedString(string: " world", attributes: [.foregroundColor: UIColor.blue]))
        label.attributedText = text
        #expect(label.text == "Hello world")
        #expect(label.font == big)
        #expect(label.textColor == .red)
        #expect(label.textAlignment == .center)
        #expect(label.lineBreakMode == .byCharWrapping)
        // Reading back keeps the runs: " world" is blue, and takes the label's font.
        let read = label.attributedText!
        #expect(read.string == "Hello world")
        #expect(read.attribute(.foregroundColor, at: 7, effectiveRange: nil) as? UIColor == .blue)
        #expect(read.attribute(.font, at: 7, effectiveRange: nil) as? UIFont == big)
    }

    @Test func settingTextDropsTheAttributes() {
        let label = UILabel()
        label.textColor = .green
        label.attributedText = NSAttributedString(
            string: "Styled", attributes: [.foregroundColor: UIColor.red, .kern: 4])
        #expect(label.textColor == .red)
        label.text = "Plain"
        let read = label.attributedText!
        #expect(read.string == "Plain")
        #expect(read.attribute(.kern, at: 0, effectiveRange: nil) == nil)
        // The label's own colour now, the one the attributed text gave it.
        #expect(read.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor == .red)
        label.attributedText = nil
        #expect(label.text == nil && label.attributedText == nil)
    }

    @Test func aNewFontOrColourAppliesToTheWholeAttributedText() {
        let label = UILabel()
        let text = NSMutableAttributedString(string: "ab", attributes: [.foregroundColor: UIColor.red])
        text.addAttribute(.font, value: UIFont.systemFont(ofSize: 40), range: NSRange(location: 1, length: 1))
        label.attributedText = text
        label.font = UIFont.systemFont(ofSize: 9)
        label.textColor = .blue
        let read = label.attributedText!
        #expect((read.attribute(.font, at: 1, effectiveRange: nil) as? UIFont)?.pointSize == 9)
        #expect(read.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor == .blue)
        label.textAlignment = .right
        let style = read.attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? NSParagraphStyle
        #expect(style != nil)
        #expect(
            (label.attributedText!.attribute(.paragraphStyle, at: 1, effectiveRange: nil) as? NSParagraphStyle)?
                .alignment == .right)
    }

    @Test func aLargerRunMakesTheLabelTaller() {
        let plain = UILabel()
        plain.text = "Size"
        let mixed = UILabel()
        let text = NSMutableAttributedString(string: "Size", attributes: [:])
        text.addAttribute(.font, value: UIFont.systemFont(ofSize: 40), range: NSRange(location: 2, length: 2))
        mixed.attributedText = text
        #expect(mixed.intrinsicContentSize.height > plain.intrinsicContentSize.height + 15)
        #expect(mixed.intrinsicContentSize.width > plain.intrinsicContentSize.width)
    }

    // MARK: Drawing

    @Test func runColoursAreDrawnWhereTheirCharactersAre() throws {
        let text = NSMutableAttributedString(
            string: "MMMM", attributes: [.foregroundColor: UIColor.red, .font: UIFont.boldSystemFont(ofSize: 24)])
        text.addAttribute(.foregroundColor, value: UIColor.blue, range: NSRange(location: 2, length: 2))
        let view = label(text)
        view.textAlignment = .left
        let image = renderAlone(view, width: 200, height: 40)
        let red = pixels(image, near: .red)
        let blue = pixels(image, near: .blue)
        let redMaxX = try #require(red.map(\.x).max())
        let blueMinX = try #require(blue.map(\.x).min())
        #expect(redMaxX < blueMinX)
        #expect(pixels(image, near: .black, tolerance: 60).isEmpty)
    }

    @Test func backgroundUnderlineAndStrikethrough() throws {
        let font = UIFont.systemFont(ofSize: 20)
        func render(_ attributes: [NSAttributedString.Key: Any]) -> PixelBuffer {
            var all = attributes
            all[.font] = font
            all[.foregroundColor] = UIColor.black
            return renderAlone(label(NSAttributedString(string: "nnnn", attributes: all)), width: 200, height: 40)
        }
        let plain = render([:])
        let plainInk = pixels(plain, near: .black, tolerance: 100)
        let bottom = try #require(plainInk.map(\.y).max())
        let top = try #require(plainInk.map(\.y).min())

        let background = render([.backgroundColor: UIColor.green])
        #expect(pixels(background, near: .green, tolerance: 10).count > 100)

        let underlined = render([.underlineStyle: NSUnderlineStyle.single.rawValue, .underlineColor: UIColor.red])
        let underline = pixels(underlined, near: .red, tolerance: 60)
        #expect(underline.count > 20)
        #expect(underline.allSatisfy { $0.y > bottom - 2 })

        let struck = render([.strikethroughStyle: NSUnderlineStyle.single.rawValue, .strikethroughColor: UIColor.blue])
        // A thin line between pixel rows: blue blended with the white around it.
        let strike = bluish(struck)
        #expect(strike.count > 20)
        #expect(strike.allSatisfy { $0.y > top && $0.y < bottom })
    }

    @Test func shadowIsTheRunAgainInItsColourMovedByItsOffset() throws {
        let shadow = NSShadow()
        shadow.shadowOffset = CGSize(width: 5, height: 4)
        shadow.shadowColor = UIColor.red
        let attributes: [NSAttributedString.Key: Any] = [
            .font: UIFont.boldSystemFont(ofSize: 20), .foregroundColor: UIColor.blue,
        ]
        let plain = renderAlone(
            label(NSAttributedString(string: "Ill", attributes: attributes)), width: 120, height: 40)
        var shadowed = attributes
        shadowed[.shadow] = shadow
        let image = renderAlone(label(NSAttributedString(string: "Ill", attributes: shadowed)), width: 120, height: 40)
        let red = pixels(image, near: .red)
        let blue = pixels(plain, near: .blue)
        #expect(try #require(red.map(\.x).min()) - (try #require(blue.map(\.x).min())) == 5)
        #expect(try #require(red.map(\.y).max()) - (try #require(blue.map(\.y).max())) == 4)
        // NSShadow's defaults, as UIKit's.
        let defaults = NSShadow()
        #expect(defaults.shadowOffset == CGSize(width: 0, height: -3) && defaults.shadowBlurRadius == 0)
        #expect(defaults.resolvedColor == CGColor(red: 0, green: 0, blue: 0, alpha: 1.0 / 3))
    }

    @Test func paragraphAlignmentPlacesTheText() throws {
        let style = NSMutableParagraphStyle()
        style.alignment = .right
        let text = NSAttributedString(
            string: "Hi", attributes: [.paragraphStyle: style, .foregroundColor: UIColor.black])
        let image = renderAlone(label(text), width: 200, height: 40)
        let ink = pixels(image, near: .black, tolerance: 100)
        #expect(try #require(ink.map(\.x).min()) > 150)
    }

    @Test func attributedTextSnapshot() throws {
        let text = NSMutableAttributedString(
            string: "Bold red, ", attributes: [.font: UIFont.boldSystemFont(ofSize: 18), .foregroundColor: UIColor.red])
        text.append(
            NSAttributedString(
                string: "underlined",
                attributes: [.underlineStyle: NSUnderlineStyle.single.rawValue, .foregroundColor: UIColor.blue]))
        text.append(NSAttributedString(string: ", "))
        text.append(
            NSAttributedString(
                string: "struck", attributes: [.strikethroughStyle: NSUnderlineStyle.single.rawValue, .kern: 3]))
        text.append(NSAttributedString(string: " on ", attributes: [:]))
        text.append(NSAttributedString(string: "yellow", attributes: [.backgroundColor: UIColor.yellow]))
        let view = label(text, width: 420, height: 30)
        try assertSnapshot(of: renderAlone(view, width: 420, height: 30), named: "attributed-label")
    }

    // MARK: Measuring

    @Test func boundingRectWrapsOnlyWithLineFragmentOrigin() {
        let text = NSAttributedString(
            string: "one two three four five six", attributes: [.font: UIFont.systemFont(ofSize: 17)])
        let line = text.boundingRect(with: CGSize(width: 60, height: 1000), options: [], context: nil)
        #expect(line.size == text.size())
        let wrapped = text.boundingRect(
            with: CGSize(width: 60, height: 1000), options: .usesLineFragmentOrigin, context: nil)
        #expect(wrapped.width <= 60)
        #expect(wrapped.height > line.height * 2.5)
        #expect(wrapped.origin == .zero)
        let context = NSStringDrawingContext()
        _ = text.boundingRect(with: CGSize(width: 60, height: 1000), options: .usesLineFragmentOrigin, context: context)
        #expect(context.totalBounds == wrapped && context.actualScaleFactor == 1)
        // The same as String's, and as the label measures.
        let string = "one two three four five six".boundingRect(
            with: CGSize(width: 60, height: 1000), options: .usesLineFragmentOrigin,
            attributes: [.font: UIFont.systemFont(ofSize: 17)], context: nil)
        #expect(string == wrapped)
        #expect(NSAttributedString(string: "").size() == .zero)
    }

    @Test func measuringUsesTheAttributes() {
        let plain = NSAttributedString(string: "abcd", attributes: [.font: UIFont.systemFont(ofSize: 17)])
        let kerned = NSAttributedString(string: "abcd", attributes: [.font: UIFont.systemFont(ofSize: 17), .kern: 5])
        #expect(kerned.size().width > plain.size().width + 14)
        // Defaults: the 12-point system font, as UIKit's string drawing.
        let bare = NSAttributedString(string: "abcd").size()
        #expect(bare == "abcd".size(withAttributes: nil))
        let style = NSMutableParagraphStyle()
        style.lineSpacing = 10
        let spaced = NSAttributedString(
            string: "a\nb", attributes: [.font: UIFont.systemFont(ofSize: 17), .paragraphStyle: style])
        let tight = NSAttributedString(string: "a\nb", attributes: [.font: UIFont.systemFont(ofSize: 17)])
        #expect(abs(spaced.size().height - tight.size().height - 10) < 0.5)
        let indented = NSMutableParagraphStyle()
        indented.firstLineHeadIndent = 30
        let indentedText = NSAttributedString(
            string: "abcd", attributes: [.font: UIFont.systemFont(ofSize: 17), .paragraphStyle: indented])
        #expect(abs(indentedText.size().width - plain.size().width - 30) < 0.5)
    }

    // MARK: Bad input

    @Test func valuesOfTheWrongTypeAreIgnored() {
        let font = UIFont.systemFont(ofSize: 17)
        let plain = renderAlone(
            label(NSAttributedString(string: "Same", attributes: [.font: font, .foregroundColor: UIColor.black])),
            width: 120, height: 30)
        let odd = NSAttributedString(
            string: "Same",
            attributes: [
                .font: font, .foregroundColor: UIColor.black, .kern: "wide", .underlineStyle: "yes",
                .strikethroughStyle: NSUnderlineStyle.byWord.rawValue, .backgroundColor: 42, .shadow: "dark",
                .paragraphStyle: 7, .link: 3.5, NSAttributedString.Key("NSUnknown"): UIColor.red,
            ])
        let image = renderAlone(label(odd), width: 120, height: 30)
        #expect(PixelComparison(image, plain, tolerance: 0).differingPixelCount == 0)
        // A font of no size, a NaN kern and an overlong kern are ignored or clamped.
        let hostile = NSMutableAttributedString(string: "x", attributes: [.kern: CGFloat.nan])
        hostile.append(NSAttributedString(string: "y", attributes: [.kern: 1e300]))
        hostile.append(NSAttributedString(string: "z", attributes: [.font: UIFont.systemFont(ofSize: -4)]))
        let size = hostile.size()
        #expect(size.width.isFinite && size.height.isFinite)
        let shadow = NSShadow()
        shadow.shadowOffset = CGSize(width: CGFloat.infinity, height: 1)
        _ = renderAlone(
            label(NSAttributedString(string: "s", attributes: [.shadow: shadow])), width: 20, height: 20)
    }

    @Test func runRangesAreClampedToTheString() {
        var run = TextRun(range: 2..<10_000)
        run.foregroundColor = .black
        let layout = TextLayout(
            string: "abc", font: .systemFont(ofSize: 12), runs: [run, TextRun(range: -5..<(-1))])
        #expect(layout.size.width > 0)
    }

    // MARK: Text fields and text views

    @Test func aFieldDrawsAndKeepsItsAttributesAsTextIsTyped() throws {
        let s = TextFieldScene(text: "")
        let text = NSMutableAttributedString(string: "ab", attributes: [.foregroundColor: UIColor.red])
        text.addAttribute(.kern, value: 2, range: NSRange(location: 1, length: 1))
        s.field.attributedText = text
        #expect(s.field.text == "ab" && s.field.textColor == .red)
        #expect(s.field.becomeFirstResponder())
        s.type("c")
        let read = try #require(s.field.attributedText)
        #expect(read.string == "abc")
        // The typed character takes the attributes before it.
        #expect(read.attribute(.kern, at: 2, effectiveRange: nil) as? Int == 2)
        s.field.text = "plain"
        #expect(s.field.attributedText?.attribute(.kern, at: 0, effectiveRange: nil) == nil)
    }

    @Test func aFieldDrawsItsRunColours() throws {
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 34))
        let text = NSMutableAttributedString(
            string: "MMMM", attributes: [.foregroundColor: UIColor.red, .font: UIFont.boldSystemFont(ofSize: 20)])
        text.addAttribute(.foregroundColor, value: UIColor.blue, range: NSRange(location: 2, length: 2))
        field.attributedText = text
        let image = renderAlone(field, width: 200, height: 34)
        let redMaxX = try #require(pixels(image, near: .red).map(\.x).max())
        let blueMinX = try #require(pixels(image, near: .blue).map(\.x).min())
        #expect(redMaxX < blueMinX)
    }

    @Test func aTextViewDrawsLinksWithItsLinkAttributes() throws {
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 240, height: 60))
        view.tintColor = UIColor(red: 0, green: 0.6, blue: 0, alpha: 1)
        let text = NSMutableAttributedString(
            string: "see MMMM here",
            attributes: [.foregroundColor: UIColor.black, .font: UIFont.boldSystemFont(ofSize: 20)])
        text.addAttribute(.link, value: URL(string: "https://example.com")!, range: NSRange(location: 4, length: 4))
        view.attributedText = text
        #expect(view.linkTextAttributes[.foregroundColor] as? UIColor == view.tintColor)
        let image = renderAlone(view, width: 240, height: 60)
        let green = pixels(image, near: RGB(0, 153, 0), tolerance: 40)
        #expect(green.count > 30)
        // Underlined by default: a row of tint below the glyphs.
        let ink = pixels(image, near: .black, tolerance: 100)
        let glyphBottom = try #require(ink.map(\.y).max())
        #expect(green.contains { $0.y >= glyphBottom - 1 })
        view.linkTextAttributes = [.foregroundColor: UIColor.red]
        let relinked = renderAlone(view, width: 240, height: 60)
        #expect(pixels(relinked, near: RGB(0, 153, 0), tolerance: 40).isEmpty)
        #expect(pixels(relinked, near: .red).count > 30)
    }

    // MARK: Buttons

    @Test func attributedTitlesPerState() throws {
        let button = UIButton(type: .system)
        let normal = NSAttributedString(string: "Go", attributes: [.foregroundColor: UIColor.red])
        button.setAttributedTitle(normal, for: .normal)
        #expect(button.attributedTitle(for: .normal)?.string == "Go")
        #expect(button.attributedTitle(for: .highlighted)?.string == "Go")
        #expect(button.currentAttributedTitle?.string == "Go")
        #expect(button.titleLabel?.text == "Go")
        #expect(
            button.titleLabel?.attributedText?.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor
                == .red)
        button.setAttributedTitle(NSAttributedString(string: "Going"), for: .highlighted)
        button.isHighlighted = true
        #expect(button.titleLabel?.text == "Going")
        // Characters without a colour take the state's title colour.
        #expect(
            button.titleLabel?.attributedText?.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor
                == button.currentTitleColor)
        button.isHighlighted = false
        // The attributed title wins over the plain one.
        button.setTitle("Plain", for: .normal)
        #expect(button.titleLabel?.text == "Go")
        button.setAttributedTitle(nil, for: .normal)
        #expect(button.titleLabel?.text == "Plain")
        // The size follows the attributed title.
        let wide = NSAttributedString(string: "Go", attributes: [.kern: 20])
        let before = button.intrinsicContentSize
        button.setAttributedTitle(wide, for: .normal)
        #expect(button.intrinsicContentSize.width > before.width - 30)
    }

    @Test func aTitledSystemButtonPadsItsTitleSixPointsAboveAndBelow() {
        let button = UIButton(type: .system)
        button.setTitle("Button", for: .normal)
        button.sizeToFit()
        let lineHeight = button.titleLabel!.font.lineHeight.rounded(.up)
        #expect(button.bounds.height == lineHeight + 12)
        button.layoutIfNeeded()
        #expect(button.titleLabel!.frame.minY == 6)
        // With insets of its own, no padding; a custom button has none.
        button.contentEdgeInsets = UIEdgeInsets(top: 1, left: 0, bottom: 1, right: 0)
        #expect(button.sizeThatFits(.zero).height == lineHeight + 2)
        let custom = UIButton(type: .custom)
        custom.setTitle("Button", for: .normal)
        #expect(custom.sizeThatFits(.zero).height == lineHeight)
        // No title: the empty button's size.
        #expect(UIButton(type: .system).sizeThatFits(.zero) == CGSize(width: 30, height: 34))
    }

    @Test func aTitleShadowColourShowsNothingUntilThereIsATitle() {
        let button = UIButton(type: .custom)
        button.frame = CGRect(x: 0, y: 0, width: 80, height: 30)
        button.setTitleShadowColor(.red, for: .normal)
        _ = button.titleLabel
        let image = renderAlone(button, width: 80, height: 30)
        #expect(pixels(image, near: .white, tolerance: 0).count == 80 * 30)
        button.setTitle("Shadow", for: .normal)
        button.setTitleColor(.black, for: .normal)
        button.titleLabel?.shadowOffset = CGSize(width: 2, height: 2)
        let titled = renderAlone(button, width: 80, height: 30)
        #expect(pixels(titled, near: .red, tolerance: 60).count > 5)
    }
}

/// Swift's `AttributedString` with UIKit's attributes, as iOS 15 code writes titles.
@MainActor @Suite struct TextAttributedStringTests {
    @Test func uiKitAttributesConvertToAnNSAttributedString() {
        var title = AttributedString("Order")
        title.font = UIFont.boldSystemFont(ofSize: 30)
        title.foregroundColor = .red
        title.kern = 2
        title.underlineStyle = .single
        var tail = AttributedString(" now")
        tail.link = URL(string: "https://example.com")
        title.append(tail)
        let converted = NSAttributedString(title)
        #expect(converted.string == "Order now")
        #expect((converted.attribute(.font, at: 0, effectiveRange: nil) as? UIFont)?.pointSize == 30)
        #expect(converted.attribute(.foregroundColor, at: 1, effectiveRange: nil) as? UIColor == .red)
        #expect(converted.attribute(.kern, at: 1, effectiveRange: nil) as? CGFloat == 2)
        #expect(converted.attribute(.underlineStyle, at: 1, effectiveRange: nil) as? Int == 1)
        #expect(converted.attribute(.link, at: 6, effectiveRange: nil) as? URL == URL(string: "https://example.com"))
        #expect(converted.attribute(.font, at: 6, effectiveRange: nil) == nil)
    }

    @Test func aConfigurationsAttributedTitleIsDrawnWithItsAttributes() {
        var title = AttributedString("Order")
        title.font = UIFont.boldSystemFont(ofSize: 30)
        title.foregroundColor = .red
        var configuration = UIButton.Configuration.plain()
        configuration.attributedTitle = title
        let button = UIButton(configuration: configuration, primaryAction: nil)
        button.layoutIfNeeded()
        #expect(button.titleLabel?.text == "Order")
        #expect(button.titleLabel?.font.pointSize == 30)
        #expect(
            button.titleLabel?.attributedText?.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor
                == .red)
        #expect(button.intrinsicContentSize.height > 36)
    }
}
