import Foundation
import Testing
import VitrineKit
import VitrineTestSupport

/// `UIButton.Configuration` (iOS 15): the styles, the content and its placement, the update
/// cycle (`setNeedsUpdateConfiguration()`, `updateConfiguration()`,
/// `configurationUpdateHandler`), and pixel references of the common styles.
@MainActor @Suite struct ButtonConfigurationTests {
    private func square(_ side: CGFloat) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: side, height: side), format: format).image { context in
            UIColor.black.setFill()
            context.fill(CGRect(x: 0, y: 0, width: side, height: side))
        }
    }

    @Test func aFilledButtonShowsItsTitleInWhiteOnTheTintColour() throws {
        var configuration = UIButton.Configuration.filled()
        configuration.title = "Order"
        let button = UIButton(configuration: configuration)
        // The views are made at once, not on first use of `titleLabel`.
        #expect(button.subviews.contains { ($0 as? UILabel)?.text == "Order" })
        #expect(button.buttonType == .plain)
        #expect(button.configuration?.title == "Order")
        #expect(button.titleLabel?.text == "Order" && button.titleLabel?.textColor == .white)
        #expect(button.titleLabel?.font == UIFont.preferredFont(forTextStyle: .body))
        // The size: the title plus the medium size's insets, 7 points above and below and 12
        // at each side.
        let label = try #require(button.titleLabel)
        let title = label.sizeThatFits(CGSize(width: 1000, height: 1000))
        #expect(
            button.intrinsicContentSize
                == CGSize(width: (title.width.rounded(.up) + 24).rounded(.up), height: (title.height.rounded(.up) + 14))
        )
        // Plain buttons use the tint colour for their title, and have no background.
        var plain = UIButton.Configuration.plain()
        plain.title = "More"
        let plainButton = UIButton(configuration: plain)
        #expect(plainButton.titleLabel?.textColor == plainButton.tintColor)
    }

    @Test func contentInsetsFollowTheSizeUntilSet() {
        var configuration = UIButton.Configuration.gray()
        #expect(configuration.contentInsets == NSDirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12))
        configuration.buttonSize = .large
        #expect(configuration.contentInsets == NSDirectionalEdgeInsets(top: 14, leading: 20, bottom: 14, trailing: 20))
        configuration.contentInsets = NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        configuration.buttonSize = .small
        #expect(configuration.contentInsets == NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
        configuration.setDefaultContentInsets()
        #expect(configuration.contentInsets == NSDirectionalEdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10))
    }

    @Test func theImageIsPlacedOnItsEdgeWithItsPadding() throws {
        var configuration = UIButton.Configuration.plain()
        configuration.title = "Go"
        configuration.image = square(20)
        configuration.imagePadding = 6
        configuration.contentInsets = .zero
        let button = UIButton(configuration: configuration)
        let title = try #require(button.titleLabel).sizeThatFits(CGSize(width: 1000, height: 1000))
        let titleWidth = title.width.rounded(.up)
        let titleHeight = title.height.rounded(.up)
        #expect(button.intrinsicContentSize == CGSize(width: 20 + 6 + titleWidth, height: max(20, titleHeight)))
        button.frame = CGRect(x: 0, y: 0, width: 200, height: 60)
        button.layoutIfNeeded()
        let imageFrame = try #require(button.imageView?.frame)
        let titleFrame = try #require(button.titleLabel?.frame)
        // Centred as a group, the image first.
        #expect(imageFrame.minX == (200 - (26 + titleWidth)) / 2 && imageFrame.width == 20)
        #expect(titleFrame.minX == imageFrame.maxX + 6)
        #expect(imageFrame.midY == 30 && titleFrame.midY == 30)

        configuration.imagePlacement = .top
        configuration.subtitle = "now"
        configuration.titlePadding = 2
        button.configuration = configuration
        button.layoutIfNeeded()
        let top = try #require(button.imageView?.frame)
        let below = try #require(button.titleLabel?.frame)
        #expect(below.minY == top.maxY + 6 && top.midX == 100 && below.midX == 100)
        let subtitleSize = UILabel.sizeOfSubtitle(in: button)
        #expect(subtitleSize != .zero)
        #expect(button.intrinsicContentSize.height == 20 + 6 + titleHeight + 2 + subtitleSize.height)

        configuration.imagePlacement = .trailing
        button.configuration = configuration
        button.layoutIfNeeded()
        let trailingImage = try #require(button.imageView?.frame)
        let leadingTitle = try #require(button.titleLabel?.frame)
        #expect(trailingImage.minX > leadingTitle.maxX)
    }

    @Test func updatesRunOnceBeforeTheNextLayoutPassAndFollowTheState() {
        final class CountingButton: UIButton {
            var updates: [String] = []
            override func updateConfiguration() {
                super.updateConfiguration()
                updates.append("update")
            }
        }
        var configuration = UIButton.Configuration.tinted()
        configuration.title = "Play"
        let button = CountingButton(configuration: configuration)
        button.frame = CGRect(x: 0, y: 0, width: 120, height: 44)
        button.configurationUpdateHandler = { button in
            (button as? CountingButton)?.updates.append("handler")
            button.configuration?.title = button.isHighlighted ? "Playing" : "Play"
        }
        button.layoutIfNeeded()
        #expect(button.updates == ["update", "handler"])
        button.updates = []
        button.setNeedsUpdateConfiguration()
        button.setNeedsUpdateConfiguration()
        #expect(button.updates.isEmpty)
        button.layoutIfNeeded()
        #expect(button.updates == ["update", "handler"])
        // A change of state asks for an update: the handler sees the new state.
        button.updates = []
        button.isHighlighted = true
        button.layoutIfNeeded()
        #expect(button.updates == ["update", "handler"] && button.titleLabel?.text == "Playing")
        button.automaticallyUpdatesConfiguration = false
        button.updates = []
        button.isHighlighted = false
        button.layoutIfNeeded()
        #expect(button.updates.isEmpty && button.titleLabel?.text == "Playing")
    }

    @Test func theStateIsResolvedForDrawing() throws {
        var configuration = UIButton.Configuration.filled()
        configuration.title = "Pay"
        let button = UIButton(configuration: configuration)
        #expect(configuration.updated(for: button).title == "Pay")
        button.isEnabled = false
        #expect(button.titleLabel?.textColor == .systemGray)
        button.isEnabled = true
        configuration.baseForegroundColor = .yellow
        button.configuration = configuration
        #expect(button.titleLabel?.textColor == .yellow)
        button.configuration = nil
        #expect(button.configuration == nil)
        // Back to the classic content: the title set per state shows.
        button.setTitle("Classic", for: .normal)
        #expect(button.titleLabel?.text == "Classic")
    }

    @Test func snapshotsOfTheStyles() throws {
        var filled = UIButton.Configuration.filled()
        filled.title = "Order"
        let filledButton = UIButton(configuration: filled)
        filledButton.frame = CGRect(x: 10, y: 10, width: 140, height: 44)
        try assertSnapshot(of: renderAlone(filledButton, width: 160, height: 64), named: "button-configuration-filled")

        var tinted = UIButton.Configuration.tinted()
        tinted.title = "Visitors"
        tinted.subtitle = "today"
        tinted.image = square(16)
        tinted.imagePadding = 8
        tinted.cornerStyle = .capsule
        let tintedButton = UIButton(configuration: tinted)
        tintedButton.frame = CGRect(x: 10, y: 10, width: 160, height: 56)
        try assertSnapshot(of: renderAlone(tintedButton, width: 180, height: 76), named: "button-configuration-tinted")

        var gray = UIButton.Configuration.gray()
        gray.title = "Cancel"
        gray.buttonSize = .small
        let grayButton = UIButton(configuration: gray)
        grayButton.frame = CGRect(x: 10, y: 10, width: 100, height: 30)
        grayButton.isHighlighted = true
        try assertSnapshot(
            of: renderAlone(grayButton, width: 120, height: 50), named: "button-configuration-gray-highlighted")
    }
}

extension UILabel {
    /// The size of a configured button's subtitle: the label under its title label.
    @MainActor static func sizeOfSubtitle(in button: UIButton) -> CGSize {
        let labels = button.subviews.compactMap { $0 as? UILabel }.filter { $0 !== button.titleLabel }
        guard let subtitle = labels.first else { return .zero }
        let size = subtitle.sizeThatFits(CGSize(width: 1000, height: 1000))
        return CGSize(width: size.width.rounded(.up), height: size.height.rounded(.up))
    }
}

