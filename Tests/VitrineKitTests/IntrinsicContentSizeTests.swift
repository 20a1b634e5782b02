import Foundation
import Testing
import VitrineTestSupport

@testable import VitrineKit

/// A label that counts `invalidateIntrinsicContentSize()` calls.
@MainActor private final class CountingLabel: UILabel {
    var invalidations = 0
    override func invalidateIntrinsicContentSize() {
        invalidations += 1
        super.invalidateIntrinsicContentSize()
    }
}

/// An image view that counts `invalidateIntrinsicContentSize()` calls.
@MainActor private final class CountingImageView: UIImageView {
    var invalidations = 0
    override func invalidateIntrinsicContentSize() {
        invalidations += 1
        super.invalidateIntrinsicContentSize()
    }
}

/// A button that counts `invalidateIntrinsicContentSize()` calls.
@MainActor private final class CountingButton: UIButton {
    var invalidations = 0
    override func invalidateIntrinsicContentSize() {
        invalidations += 1
        super.invalidateIntrinsicContentSize()
    }
}

/// A label with padding around its text, the way UIKit apps write one: the text rect grows by
/// the insets and the text is drawn inside them.
@MainActor private final class PaddedLabel: UILabel {
    let padding = UIEdgeInsets(top: 4, left: 10, bottom: 6, right: 12)
    override func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        let text = super.textRect(forBounds: bounds.inset(by: padding), limitedToNumberOfLines: numberOfLines)
        return text.inset(
            by: UIEdgeInsets(top: -padding.top, left: -padding.left, bottom: -padding.bottom, right: -padding.right))
    }
    override func drawText(in rect: CGRect) { super.drawText(in: rect.inset(by: padding)) }
}

@MainActor @Suite struct IntrinsicContentSizeTests {
    static let longText = "The next train to the airport leaves from platform four in twelve minutes"
    static let none = CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)

    static func image(width: Int, height: Int, scale: CGFloat) -> UIImage {
        let buffer = PixelBuffer(width: width, height: height, format: .xrgb8888)
        for y in 0..<height {
            for x in 0..<width { buffer.setPixel(x: x, y: y, 0xff30_60a0) }
        }
        return UIImage(cgImage: CGImage(copying: buffer), scale: scale, orientation: .up)
    }

    static func isWhole(_ size: CGSize) -> Bool {
        size.width == size.width.rounded(.up) && size.height == size.height.rounded(.up)
    }

    // MARK: UILabel

    @Test func aLabelsWidthGrowsWithItsTextAndItsFont() {
        let label = UILabel(frame: .zero)
        label.text = "Go"
        let short = label.intrinsicContentSize
        label.text = "Go to gate 12"
        let long = label.intrinsicContentSize
        #expect(long.width > short.width + 30 && long.height == short.height)
        #expect(Self.isWhole(short) && Self.isWhole(long))
        // One line: the font's line height, rounded up.
        let font = UIFont.systemFont(ofSize: 17)
        #expect(abs(long.height - font.lineHeight.rounded(.up)) <= 1)
        label.font = .systemFont(ofSize: 34)
        let big = label.intrinsicContentSize
        #expect(big.width > 1.8 * long.width && big.height > 1.8 * long.height)
        // The text measured as UIKit's string measuring does, rounded up.
        let measured = label.text!.size(withAttributes: [.font: label.font!])
        #expect(big == CGSize(width: measured.width.rounded(.up), height: measured.height.rounded(.up)))
        // A one-line label's size ignores the width it is offered and its own width.
        label.frame = CGRect(x: 0, y: 0, width: 40, height: 10)
        #expect(label.intrinsicContentSize == big)
        #expect(label.sizeThatFits(CGSize(width: 40, height: 10)) == big)
    }

    @Test func aLabelWithoutTextHasNoSize() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        #expect(label.intrinsicContentSize == .zero)
        #expect(label.sizeThatFits(CGSize(width: 100, height: 100)) == .zero)
        label.text = ""
        label.numberOfLines = 0
        #expect(label.intrinsicContentSize == .zero)
        #expect(label.layoutBaselines == nil)
        label.text = "x"
        #expect(label.intrinsicContentSize.width > 0 && label.intrinsicContentSize.height > 0)
    }

    @Test func aMultiLineLabelWrapsAtItsPreferredMaxLayoutWidth() {
        let label = UILabel(frame: .zero)
        #expect(label.preferredMaxLayoutWidth == 0)
        label.text = Self.longText
        let oneLine = label.intrinsicContentSize
        label.preferredMaxLayoutWidth = 120
        // A one-line label ignores it.
        #expect(label.intrinsicContentSize == oneLine && oneLine.width > 300)
        label.numberOfLines = 0
        let wrapped = label.intrinsicContentSize
        #expect(wrapped.width <= 120 && wrapped.width > 60)
        #expect(wrapped.height >= 3 * oneLine.height - 2)
        #expect(Self.isWhole(wrapped))
        // Narrower wraps to more lines.
        label.preferredMaxLayoutWidth = 80
        #expect(label.intrinsicContentSize.height > wrapped.height)
        #expect(label.intrinsicContentSize.width <= 80)
    }

    @Test func numberOfLinesLimitsTheLinesCounted() {
        let label = UILabel(frame: .zero)
        label.text = Self.longText
        let lineHeight = label.font.lineHeight
        label.preferredMaxLayoutWidth = 100
        label.numberOfLines = 0
        let all = label.intrinsicContentSize
        #expect(all.height > 4 * lineHeight)
        label.numberOfLines = 2
        let two = label.intrinsicContentSize
        #expect(abs(two.height - (2 * lineHeight).rounded(.up)) <= 1)
        #expect(two.width <= 100)
        label.numberOfLines = 3
        #expect(abs(label.intrinsicContentSize.height - (3 * lineHeight).rounded(.up)) <= 1)
        // sizeThatFits counts the same lines.
        #expect(label.sizeThatFits(CGSize(width: 100, height: 0)) == label.intrinsicContentSize)
    }

    @Test func aMultiLineLabelWithoutAPreferredWidthWrapsAtItsOwnWidth() {
        let label = CountingLabel(frame: .zero)
        label.text = Self.longText
        label.numberOfLines = 0
        // No width yet: one line, as UIKit measures it.
        let unwrapped = label.intrinsicContentSize
        #expect(unwrapped.width > 300)
        label.invalidations = 0
        label.frame = CGRect(x: 0, y: 0, width: 150, height: 20)
        #expect(label.invalidations == 1)
        let wrapped = label.intrinsicContentSize
        #expect(wrapped.width <= 150 && wrapped.height > 2 * unwrapped.height)
        // Only the width matters.
        label.frame = CGRect(x: 10, y: 10, width: 150, height: 80)
        #expect(label.invalidations == 1)
        label.bounds = CGRect(x: 0, y: 0, width: 220, height: 80)
        #expect(label.invalidations == 2 && label.intrinsicContentSize.height < wrapped.height)
        // A preferred width wins over the label's own.
        label.preferredMaxLayoutWidth = 100
        #expect(label.intrinsicContentSize.width <= 100)
        label.invalidations = 0
        label.frame.size.width = 300
        #expect(label.invalidations == 0)
        // The width it was made with counts as seen.
        let made = CountingLabel(frame: CGRect(x: 0, y: 0, width: 150, height: 20))
        made.numberOfLines = 0
        made.text = Self.longText
        #expect(made.invalidations == 2)
        made.frame = CGRect(x: 5, y: 5, width: 150, height: 60)
        #expect(made.invalidations == 2 && made.intrinsicContentSize == wrapped)
        // A one-line label's size does not depend on its width.
        let single = CountingLabel(frame: .zero)
        single.text = Self.longText
        single.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
        #expect(single.invalidations == 1)  // the text
        #expect(single.intrinsicContentSize == unwrapped)
    }

    @Test func sizeThatFitsWrapsAMultiLineLabelAtTheGivenWidth() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 300, height: 40))
        label.text = Self.longText
        label.numberOfLines = 0
        let fitted = label.sizeThatFits(CGSize(width: 90, height: 1000))
        #expect(fitted.width <= 90 && fitted.height > 3 * label.font.lineHeight)
        #expect(Self.isWhole(fitted))
        // The proposed height does not cut lines off.
        #expect(label.sizeThatFits(CGSize(width: 90, height: 10)) == fitted)
        // The intrinsic size wraps at the label's own width, as sizeThatFits at that width.
        #expect(label.intrinsicContentSize == label.sizeThatFits(CGSize(width: 300, height: 0)))
        label.sizeToFit()
        #expect(label.bounds.size == label.sizeThatFits(CGSize(width: 300, height: 40)))
        #expect(label.bounds.width <= 300)
    }

    @Test func aTextRectWithPaddingGrowsTheIntrinsicSize() {
        let plain = UILabel(frame: .zero)
        plain.text = "Padded"
        let padded = PaddedLabel(frame: .zero)
        padded.text = "Padded"
        let base = plain.intrinsicContentSize
        #expect(padded.intrinsicContentSize == CGSize(width: base.width + 22, height: base.height + 10))
        #expect(padded.sizeThatFits(.zero) == padded.intrinsicContentSize)
    }

    @Test func changesThatMayResizeALabelInvalidateItsIntrinsicSize() {
        let label = CountingLabel(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        label.text = "Arrivals"
        #expect(label.invalidations == 1)
        label.text = "Arrivals"
        #expect(label.invalidations == 1)
        label.text = nil
        #expect(label.invalidations == 2)
        label.font = .boldSystemFont(ofSize: 22)
        #expect(label.invalidations == 3)
        label.font = .boldSystemFont(ofSize: 22)
        #expect(label.invalidations == 3)
        label.numberOfLines = 0
        #expect(label.invalidations == 4)
        label.preferredMaxLayoutWidth = 90
        #expect(label.invalidations == 5)
        label.lineBreakMode = .byWordWrapping
        #expect(label.invalidations == 6)
        // Colour and alignment do not change the size.
        label.textColor = .red
        label.textAlignment = .center
        label.isEnabled = false
        #expect(label.invalidations == 6)
    }

    @Test func invalidatingALabelMarksItsSuperviewForLayout() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        container.addSubview(label)
        container.layoutIfNeeded()
        #expect(!container.layer.needsLayout())
        label.text = "Now boarding"
        #expect(container.layer.needsLayout())
    }

    // MARK: Baselines

    @Test func aLabelAtItsIntrinsicSizeHasTheFontsBaselines() throws {
        let label = UILabel(frame: .zero)
        label.text = "Baseline gy"
        label.font = .systemFont(ofSize: 20)
        let font = try #require(label.font)
        label.frame = CGRect(origin: CGPoint(x: 5, y: 7), size: label.intrinsicContentSize)
        let baselines = try #require(label.layoutBaselines)
        #expect(abs(baselines.firstFromTop - font.ascender) < 0.5)
        // The height is rounded up, so the last baseline sits up to a point higher.
        #expect(baselines.lastFromBottom >= -font.descender - 0.01)
        #expect(baselines.lastFromBottom < -font.descender + 1)
        // One line: both are the same baseline.
        let height = label.bounds.height
        #expect(abs(baselines.firstFromTop - (height - baselines.lastFromBottom)) < 0.01)
    }

    @Test func aTallerLabelCentresItsTextAndItsBaselines() throws {
        let label = UILabel(frame: .zero)
        label.text = "Centred"
        let natural = label.intrinsicContentSize
        label.frame = CGRect(origin: .zero, size: natural)
        let tight = try #require(label.layoutBaselines)
        label.frame = CGRect(x: 0, y: 0, width: natural.width, height: natural.height + 40)
        let tall = try #require(label.layoutBaselines)
        #expect(abs(tall.firstFromTop - (tight.firstFromTop + 20)) < 0.01)
        #expect(abs(tall.lastFromBottom - (tight.lastFromBottom + 20)) < 0.01)
        // A label not yet sized reports the baselines of its intrinsic size.
        let unsized = UILabel(frame: .zero)
        unsized.text = "Centred"
        let early = try #require(unsized.layoutBaselines)
        #expect(abs(early.firstFromTop - tight.firstFromTop) < 0.01)
        #expect(abs(early.lastFromBottom - tight.lastFromBottom) < 0.01)
    }

    @Test func aWrappedLabelsLastBaselineIsOnItsLastLine() throws {
        let label = UILabel(frame: .zero)
        label.text = Self.longText
        label.numberOfLines = 0
        label.preferredMaxLayoutWidth = 120
        let font = try #require(label.font)
        label.frame = CGRect(origin: .zero, size: label.intrinsicContentSize)
        let baselines = try #require(label.layoutBaselines)
        #expect(abs(baselines.firstFromTop - font.ascender) < 0.5)
        #expect(baselines.lastFromBottom >= -font.descender - 0.01)
        #expect(baselines.lastFromBottom < -font.descender + 1)
        // Several lines apart.
        let lastFromTop = label.bounds.height - baselines.lastFromBottom
        #expect(lastFromTop - baselines.firstFromTop > 2 * font.lineHeight - 1)
    }

    // MARK: UIImageView

    @Test func anImageViewIsItsImagesSizeInPoints() {
        let view = UIImageView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        #expect(view.intrinsicContentSize == Self.none)
        view.image = Self.image(width: 30, height: 12, scale: 1)
        #expect(view.intrinsicContentSize == CGSize(width: 30, height: 12))
        view.image = Self.image(width: 30, height: 12, scale: 2)
        #expect(view.intrinsicContentSize == CGSize(width: 15, height: 6))
        view.image = Self.image(width: 30, height: 12, scale: 3)
        #expect(view.intrinsicContentSize == CGSize(width: 10, height: 4))
        // Whatever size it is given.
        #expect(view.sizeThatFits(CGSize(width: 1, height: 1)) == CGSize(width: 10, height: 4))
        #expect(view.bounds.size == CGSize(width: 300, height: 300))
        view.image = nil
        #expect(view.intrinsicContentSize == Self.none)
        #expect(view.layoutBaselines == nil)
    }

    @Test func anImageViewInvalidatesWhenTheImageItShowsChanges() {
        let view = CountingImageView(frame: .zero)
        let small = Self.image(width: 4, height: 4, scale: 1)
        let large = Self.image(width: 20, height: 10, scale: 1)
        view.image = small
        #expect(view.invalidations == 1)
        view.image = small
        #expect(view.invalidations == 1)
        // Not shown yet: no change.
        view.highlightedImage = large
        #expect(view.invalidations == 1)
        view.isHighlighted = true
        #expect(view.invalidations == 2 && view.intrinsicContentSize == CGSize(width: 20, height: 10))
        view.highlightedImage = Self.image(width: 6, height: 2, scale: 1)
        #expect(view.invalidations == 3 && view.intrinsicContentSize == CGSize(width: 6, height: 2))
        view.highlightedImage = nil
        #expect(view.invalidations == 4 && view.intrinsicContentSize == CGSize(width: 4, height: 4))
        // Highlighting without a highlighted image shows the same image.
        view.isHighlighted = false
        #expect(view.invalidations == 4)
        view.image = large
        #expect(view.invalidations == 5 && view.intrinsicContentSize == CGSize(width: 20, height: 10))
    }

    // MARK: UIButton

    @Test func aButtonGrowsWithItsTitleAndInsets() throws {
        let button = UIButton(type: .system)
        button.setTitle("OK", for: .normal)
        let short = button.intrinsicContentSize
        button.setTitle("Continue to payment", for: .normal)
        let long = button.intrinsicContentSize
        #expect(long.width > short.width + 50 && long.height == short.height)
        // A titled system button pads its title 6 points above and below, as UIKit's.
        let title = try #require(button.titleLabel).intrinsicContentSize
        #expect(long == CGSize(width: title.width, height: title.height + 12))
        // Insets of its own replace the padding.
        button.contentEdgeInsets = UIEdgeInsets(top: 6, left: 12, bottom: 8, right: 14)
        let padded = button.intrinsicContentSize
        #expect(padded == CGSize(width: long.width + 26, height: title.height + 14))
        #expect(button.sizeThatFits(CGSize(width: 10, height: 10)) == padded)
        // An image sits beside the title: the widths add up, the taller sets the height.
        button.setImage(Self.image(width: 24, height: 40, scale: 1), for: .normal)
        #expect(button.intrinsicContentSize == CGSize(width: long.width + 24 + 26, height: 40 + 14))
        button.sizeToFit()
        #expect(button.bounds.size == button.intrinsicContentSize)
    }

    @Test func aButtonFollowsItsTitleLabelsFont() throws {
        let button = CountingButton(type: .custom)
        button.setTitle("Departures", for: .normal)
        let before = button.intrinsicContentSize
        let label = try #require(button.titleLabel)
        #expect(label.font == UIFont.systemFont(ofSize: 15))
        button.invalidations = 0
        label.font = .boldSystemFont(ofSize: 30)
        #expect(button.invalidations >= 1)
        let after = button.intrinsicContentSize
        #expect(after.width > 1.8 * before.width && after.height > 1.8 * before.height)
    }

    @Test func aButtonInvalidatesWhenWhatItShowsChangesSize() {
        let button = CountingButton(type: .custom)
        button.setTitle("Stop", for: .normal)
        #expect(button.invalidations >= 1)
        button.invalidations = 0
        button.setTitleColor(.red, for: .normal)
        button.setTitle("Stopping", for: .highlighted)  // not the current state
        #expect(button.invalidations == 0)
        button.isHighlighted = true
        #expect(button.invalidations >= 1 && button.currentTitle == "Stopping")
        button.invalidations = 0
        button.isHighlighted = false
        #expect(button.invalidations >= 1)
        button.invalidations = 0
        button.setImage(Self.image(width: 8, height: 8, scale: 1), for: .normal)
        #expect(button.invalidations >= 1)
        button.invalidations = 0
        button.contentEdgeInsets = UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1)
        #expect(button.invalidations >= 1)
    }

    @Test func aButtonIsAtLeastItsBackgroundImagesSize() {
        let button = UIButton(type: .custom)
        button.setTitle("Go", for: .normal)
        let titleOnly = button.intrinsicContentSize
        button.setBackgroundImage(Self.image(width: 120, height: 88, scale: 2), for: .normal)
        #expect(button.intrinsicContentSize == CGSize(width: 60, height: 44))
        button.setTitle("A title wider than the background", for: .normal)
        let wide = button.intrinsicContentSize
        #expect(wide.width > 60 && wide.height == 44)
        button.setBackgroundImage(nil, for: .normal)
        #expect(button.intrinsicContentSize.height == titleOnly.height)
    }

    @Test func aButtonsBaselinesAreItsTitles() throws {
        let button = UIButton(type: .system)
        #expect(button.layoutBaselines == nil)
        button.setTitle("Board", for: .normal)
        button.contentEdgeInsets = UIEdgeInsets(top: 5, left: 10, bottom: 7, right: 10)
        button.sizeToFit()
        let label = try #require(button.titleLabel)
        let font = try #require(label.font)
        let baselines = try #require(button.layoutBaselines)
        #expect(abs(baselines.firstFromTop - (5 + font.ascender)) < 0.5)
        #expect(baselines.lastFromBottom >= 7 - font.descender - 0.01)
        #expect(baselines.lastFromBottom < 7 - font.descender + 1)
        // A taller image centres the title: the baselines are where the laid-out label draws.
        button.setImage(Self.image(width: 30, height: 50, scale: 1), for: .normal)
        button.frame = CGRect(x: 20, y: 30, width: 200, height: 90)
        button.layoutIfNeeded()
        let inLabel = try #require(label.layoutBaselines)
        let placed = try #require(button.layoutBaselines)
        #expect(abs(placed.firstFromTop - (label.frame.minY + inLabel.firstFromTop)) < 0.01)
        #expect(abs(placed.lastFromBottom - (90 - label.frame.maxY + inLabel.lastFromBottom)) < 0.01)
        #expect(placed.firstFromTop > 20 && placed.lastFromBottom > 20)
        // An image alone has no baseline.
        button.setTitle(nil, for: .normal)
        #expect(button.layoutBaselines == nil)
    }

    // MARK: UISwitch and UISlider

    @Test func aSwitchIs51By31() {
        let control = UISwitch(frame: CGRect(x: 3, y: 4, width: 200, height: 100))
        #expect(control.intrinsicContentSize == CGSize(width: 51, height: 31))
        #expect(control.sizeThatFits(.zero) == CGSize(width: 51, height: 31))
        #expect(control.sizeThatFits(CGSize(width: 500, height: 500)) == CGSize(width: 51, height: 31))
        #expect(control.bounds.size == control.intrinsicContentSize)
        #expect(control.layoutBaselines == nil)
    }

    @Test func aSliderHasNoIntrinsicWidthAndTheHeightItDrawsIn() {
        let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 240, height: 60))
        let size = slider.intrinsicContentSize
        #expect(size.width == UIView.noIntrinsicMetric && size.height == 31)
        #expect(slider.sizeThatFits(.zero).height == size.height)
        // The thumb it draws fits the intrinsic height.
        let bounds = CGRect(x: 0, y: 0, width: 240, height: size.height)
        let thumb = slider.thumbRect(forBounds: bounds, trackRect: slider.trackRect(forBounds: bounds), value: 0.5)
        #expect(thumb.minY >= 0 && thumb.maxY <= size.height && thumb.height > 20)
    }
}
