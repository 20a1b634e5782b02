import Foundation
import Testing
import VitrineKit
import VitrineTestSupport

@MainActor @Suite struct ButtonTests {
    @Test func contentFallsBackToNormal() {
        let button = UIButton(type: .system)
        #expect(button.buttonType == .system && button.currentTitle == nil)
        button.setTitle("Go", for: .normal)
        button.setTitle("Going", for: .highlighted)
        #expect(button.title(for: .highlighted) == "Going")
        #expect(button.title(for: .selected) == "Go")
        #expect(button.title(for: [.selected, .highlighted]) == "Go")
        button.isHighlighted = true
        #expect(button.currentTitle == "Going" && button.titleLabel?.text == "Going")
        button.isHighlighted = false
        #expect(button.currentTitle == "Go" && button.titleLabel?.text == "Go")
        // Title colours: the tint colour by default, grey when disabled, else what is set.
        #expect(button.currentTitleColor == .systemBlue)
        button.setTitleColor(.red, for: .normal)
        #expect(button.titleColor(for: .selected) == .red)
        button.isEnabled = false
        #expect(button.currentTitleColor == .systemGray3)
        button.setTitleColor(.green, for: .disabled)
        #expect(button.currentTitleColor == .green && button.titleLabel?.textColor == .green)
        // Custom buttons have white titles.
        let custom = UIButton(frame: .zero)
        #expect(custom.buttonType == .custom && custom.currentTitleColor == .white)
    }

    @Test func imagesAndSizes() throws {
        let button = UIButton(type: .custom)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let png = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 10), format: format).pngData { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 20, height: 10))
        }
        let image = try #require(UIImage(data: png))
        #expect(image.size == CGSize(width: 20, height: 10))
        button.setImage(image, for: .normal)
        #expect(button.currentImage === image && button.imageView?.image === image)
        button.contentEdgeInsets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(button.sizeThatFits(.zero) == CGSize(width: 26, height: 14))
        button.setTitle("Title", for: .normal)
        let label = button.titleLabel!.intrinsicContentSize
        let fitted = button.intrinsicContentSize
        #expect(fitted.width == 26 + label.width.rounded(.up))
        #expect(fitted.height == max(10, label.height.rounded(.up)) + 4)
        button.sizeToFit()
        button.layoutIfNeeded()
        // Centered: the image then the title, filling the area between the insets.
        #expect(button.imageView!.frame.minX == 2)
        #expect(button.titleLabel!.frame.minX == 22)
    }

    @Test func aTapSendsTouchUpInsideThenThePrimaryAction() {
        let scene = EventScene()
        var primary = 0
        let button = UIButton(type: .system, primaryAction: UIAction(title: "Save") { _ in primary += 1 })
        #expect(button.currentTitle == "Save")
        button.frame = CGRect(x: 100, y: 100, width: 100, height: 40)
        scene.window.addSubview(button)
        let log = ControlEventLog(button)
        scene.input.down(at: CGPoint(x: 150, y: 120), time: 1)
        #expect(button.isHighlighted && button.state == .highlighted)
        scene.input.move(to: CGPoint(x: 150, y: 280), time: 1.1)  // 140 below: outside
        #expect(!button.isHighlighted)
        scene.input.move(to: CGPoint(x: 150, y: 150), time: 1.2)
        scene.input.up(time: 1.3)
        #expect(log.entries == ["down", "dragExit", "dragEnter", "upInside", "primary"])
        #expect(primary == 1)
    }

    @Test func aButtonInAScaledRotatedSuperviewIsTappedWhereItShows() {
        let scene = EventScene()
        let container = UIView(frame: CGRect(x: 120, y: 90, width: 160, height: 120))
        container.transform = CGAffineTransform(rotationAngle: .pi / 6).scaledBy(x: 1.5, y: 1.5)
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 10, y: 10, width: 60, height: 30)
        container.addSubview(button)
        scene.window.addSubview(container)
        var taps = 0
        button.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
        let center = scene.screenPoint(CGPoint(x: button.bounds.midX, y: button.bounds.midY), in: button)
        scene.input.tap(at: center, time: 1)
        #expect(taps == 1)
        scene.input.tap(at: scene.screenPoint(CGPoint(x: 64, y: 15), in: button), time: 2)
        scene.input.tap(at: scene.screenPoint(CGPoint(x: -4, y: 15), in: button), time: 3)
        #expect(taps == 1)
    }

    @Test func disabledButtonsSendNothing() {
        let scene = EventScene()
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
        scene.window.addSubview(button)
        let log = ControlEventLog(button)
        button.isEnabled = false
        scene.input.tap(at: CGPoint(x: 50, y: 20), time: 1)
        #expect(log.entries.isEmpty && !button.isHighlighted)
    }

    /// The smallest red channel in a region: ~0 where systemBlue text is drawn at full
    /// strength, ~204 at 20% over white.
    private func darkestRed(_ image: PixelBuffer, _ width: Int, _ height: Int) -> Int {
        var darkest = 255
        for y in 0..<height {
            for x in 0..<width { darkest = min(darkest, image.rgb(x, y).red) }
        }
        return darkest
    }

    private func titledButton() -> UIButton {
        let button = UIButton(type: .system)
        button.setTitle("Tap me", for: .normal)
        button.titleLabel?.font = UIFont.systemFont(ofSize: 24)
        button.frame = CGRect(x: 10, y: 10, width: 100, height: 40)
        return button
    }

    @Test func systemButtonsDimTheirTitleWhenHighlighted() {
        let button = titledButton()
        let normal = renderAlone(button, width: 120, height: 60)
        #expect(darkestRed(normal, 120, 60) < 40)
        button.isHighlighted = true
        let highlighted = renderAlone(button, width: 120, height: 60)
        let dimmed = darkestRed(highlighted, 120, 60)
        #expect(dimmed > 180 && dimmed < 250)
    }

    @Test func snapshotNormalAndHighlighted() throws {
        let button = titledButton()
        try assertSnapshot(of: renderAlone(button, width: 120, height: 60), named: "button-system-normal")
        button.isHighlighted = true
        try assertSnapshot(of: renderAlone(button, width: 120, height: 60), named: "button-system-highlighted")
    }
}
