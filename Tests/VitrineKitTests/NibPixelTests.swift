import Foundation
import Testing
import VitrineGraphics
import VitrineLayers

@testable import VitrineKit

/// A screen loaded from a .xib draws the same pixels as the same screen built in code.
@MainActor @Suite struct NibPixelTests {
    /// `Resources/Interface/Screen.xib`, built in code with UIKit's calls.
    static func screenInCode() -> UIView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        root.backgroundColor = UIColor(white: 1, alpha: 1)
        let label = UILabel()
        label.translatesAutoresizingMaskIntoConstraints = false
        label.text = "Hello"
        label.textAlignment = .center
        label.numberOfLines = 2
        label.font = .boldSystemFont(ofSize: 20)
        label.textColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        label.isUserInteractionEnabled = false
        label.isOpaque = false
        label.contentMode = .left
        let badge = BadgeView()
        badge.translatesAutoresizingMaskIntoConstraints = false
        badge.backgroundColor = .systemBlue
        badge.layer.cornerRadius = 6
        badge.layer.borderWidth = 2
        badge.layer.borderColor = UIColor(white: 0, alpha: 1).cgColor
        let one = UILabel()
        one.text = "One"
        one.font = .systemFont(ofSize: 15, weight: .semibold)
        let two = UILabel()
        two.text = "Two"
        two.font = .systemFont(ofSize: 17, weight: .semibold)
        two.textColor = .secondaryLabel
        for small in [one, two] {
            small.isUserInteractionEnabled = false
            small.isOpaque = false
            small.contentMode = .left
        }
        let stack = UIStackView(arrangedSubviews: [one, two])
        stack.translatesAutoresizingMaskIntoConstraints = false
        stack.distribution = .fillEqually
        stack.spacing = 8
        stack.isOpaque = false
        for view in [label, badge, stack] as [UIView] { root.addSubview(view) }
        let bottom = root.bottomAnchor.constraint(equalTo: stack.bottomAnchor, constant: 10)
        bottom.priority = UILayoutPriority(rawValue: 999)
        NSLayoutConstraint.activate([
            label.widthAnchor.constraint(equalToConstant: 100),
            label.heightAnchor.constraint(equalToConstant: 30),
            label.leadingAnchor.constraint(equalTo: root.safeAreaLayoutGuide.leadingAnchor, constant: 16),
            label.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor, constant: 20),
            badge.widthAnchor.constraint(equalToConstant: 40),
            badge.heightAnchor.constraint(equalTo: badge.widthAnchor, multiplier: 0.5),
            root.safeAreaLayoutGuide.trailingAnchor.constraint(equalTo: badge.trailingAnchor, constant: 10),
            badge.topAnchor.constraint(equalTo: label.bottomAnchor, constant: 8),
            stack.heightAnchor.constraint(equalToConstant: 40),
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            root.trailingAnchor.constraint(equalTo: stack.trailingAnchor, constant: 16),
            bottom,
        ])
        return root
    }

    static func render(_ root: UIView) -> PixelBuffer {
        root.layoutIfNeeded()
        root.layer.layoutAndDisplayIfNeeded()
        let pixels = PixelBuffer(width: Int(root.bounds.width), height: Int(root.bounds.height), format: .xrgb8888)
        Compositor(scale: 1).render(root.layer, into: pixels, bufferAge: 0)
        return pixels
    }

    @Test func aLoadedScreenDrawsAsTheSameScreenInCode() throws {
        UINib.register(BadgeView.self) { BadgeView(frame: $0) }
        let loaded = try #require(NibFixtures.nib("Screen").instantiate(withOwner: nil).first as? UIView)
        let fromFile = Self.render(loaded)
        let inCode = Self.render(Self.screenInCode())
        #expect(fromFile.hasSamePixels(as: inCode))
        // Not blank: the badge's blue is drawn.
        #expect(fromFile.pixel(x: 290, y: 68) != fromFile.pixel(x: 200, y: 100))
    }
}
