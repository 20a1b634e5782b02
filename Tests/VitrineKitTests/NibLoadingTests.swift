import Foundation
import Testing

@testable import VitrineKit

/// The interface files of these tests, written as Xcode writes them, read by path (the
/// Resources folder is excluded from the target).
enum NibFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Resources/Interface")
    static var bundle: Bundle { Bundle(url: directory)! }

    @MainActor static func nib(_ name: String) -> UINib { UINib(nibName: name, bundle: bundle) }
}

/// A custom class for `customClass="BadgeView"`: records what it sees when it awakes.
@MainActor final class BadgeView: UIView {
    static var awakeLog: [String] = []
    var sawAtAwake: (superview: Bool, cornerRadius: CGFloat, constraints: Int, background: UIColor?)?

    override func awakeFromNib() {
        super.awakeFromNib()
        Self.awakeLog.append("badge")
        sawAtAwake = (superview != nil, layer.cornerRadius, constraints.count, backgroundColor)
    }
}

/// UINib: loading a .xib into views, as UIKit's nib loading.
@MainActor @Suite(.serialized) struct NibLoadingTests {
    /// Loads `Screen.xib` with BadgeView registered; its root view.
    func loadScreen() throws -> (nib: UINib, root: UIView) {
        UINib.register(BadgeView.self) { BadgeView(frame: $0) }
        let nib = NibFixtures.nib("Screen")
        let objects = nib.instantiate(withOwner: nil)
        #expect(objects.count == 1)
        return (nib, try #require(objects.first as? UIView))
    }

    @Test func viewsTakeTheFilesProperties() throws {
        let (nib, root) = try loadScreen()
        #expect(root.frame == CGRect(x: 0, y: 0, width: 320, height: 200))
        #expect(root.autoresizingMask == [.flexibleWidth, .flexibleHeight])
        #expect(root.translatesAutoresizingMaskIntoConstraints)
        #expect(root.backgroundColor == UIColor(white: 1, alpha: 1))
        #expect(root.subviews.count == 3)

        let label = try #require(root.subviews[0] as? UILabel)
        #expect(label.text == "Hello")
        #expect(label.textAlignment == .center)
        #expect(label.numberOfLines == 2)
        #expect(label.font == .boldSystemFont(ofSize: 20))
        #expect(label.textColor == UIColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(!label.isUserInteractionEnabled)
        #expect(!label.isOpaque)
        #expect(label.contentMode == .left)
        #expect(!label.translatesAutoresizingMaskIntoConstraints)
        #expect(label.contentHuggingPriority(for: .horizontal) == UILayoutPriority(rawValue: 251))

        let badge = try #require(root.subviews[1] as? BadgeView)
        #expect(badge.backgroundColor == .systemBlue)
        #expect(badge.layer.cornerRadius == 6)
        #expect(badge.layer.borderWidth == 2)
        #expect(badge.layer.borderColor == UIColor.black.cgColor)

        let stack = try #require(root.subviews[2] as? UIStackView)
        #expect(stack.axis == .horizontal)
        #expect(stack.distribution == .fillEqually)
        #expect(stack.spacing == 8)
        #expect(stack.arrangedSubviews.count == 2)
        let one = try #require(stack.arrangedSubviews[0] as? UILabel)
        let two = try #require(stack.arrangedSubviews[1] as? UILabel)
        #expect(one.text == "One")
        #expect(one.font == .systemFont(ofSize: 15, weight: .semibold))
        #expect(two.font == .systemFont(ofSize: 17, weight: .semibold))
        #expect(two.textColor == .secondaryLabel)

        // The one key path Vitrine does not know is warned about with its file and line.
        let warnings = nib.diagnostics.map(\.description)
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("Screen.xib:45: runtime attribute \"badgeText\"") == true)
    }

    @Test func constraintsLayOutAsTheFileSays() throws {
        let (_, root) = try loadScreen()
        root.layoutIfNeeded()
        let label = root.subviews[0]
        let badge = root.subviews[1]
        let stack = try #require(root.subviews[2] as? UIStackView)
        // leading 16 and top 20 from the safe area (no insets off screen), 100 × 30.
        #expect(label.frame == CGRect(x: 16, y: 20, width: 100, height: 30))
        // trailing 10 from the safe area, 8 below the label, 40 wide, height half the width.
        #expect(badge.frame == CGRect(x: 320 - 10 - 40, y: 20 + 30 + 8, width: 40, height: 20))
        // 16 from both sides, 10 above the bottom (priority 999), 40 high.
        #expect(stack.frame == CGRect(x: 16, y: 200 - 10 - 40, width: 288, height: 40))
        let half = (288 - 8) / 2.0
        #expect(stack.arrangedSubviews[0].frame == CGRect(x: 0, y: 0, width: half, height: 40))
        #expect(stack.arrangedSubviews[1].frame == CGRect(x: half + 8, y: 0, width: half, height: 40))

        let all = root.constraints + label.constraints + badge.constraints + stack.constraints
        let badgeTop = try #require(all.first { $0.identifier == "badgeTop" })
        #expect(badgeTop.firstItem === badge)
        #expect(badgeTop.secondItem === label)
        #expect(badgeTop.constant == 8)
        let bottom = try #require(all.first { $0.firstAttribute == .bottom && $0.secondItem === stack })
        #expect(bottom.priority == UILayoutPriority(rawValue: 999))
        let leading = try #require(all.first { $0.firstItem === label && $0.firstAttribute == .leading })
        #expect(leading.secondItem === root.safeAreaLayoutGuide)
    }

    @Test func awakeFromNibComesAfterEverythingIsBuilt() throws {
        BadgeView.awakeLog = []
        let (_, root) = try loadScreen()
        let badge = try #require(root.subviews[1] as? BadgeView)
        #expect(BadgeView.awakeLog == ["badge"])
        let saw = try #require(badge.sawAtAwake)
        #expect(saw.superview)
        #expect(saw.cornerRadius == 6)
        #expect(saw.constraints == 2)
        #expect(saw.background == .systemBlue)
    }

    @Test func aNibParsesOnceAndMakesIndependentTrees() throws {
        UINib.register(BadgeView.self) { BadgeView(frame: $0) }
        let nib = NibFixtures.nib("Screen")
        #expect(nib.parseCount == 0)
        let first = try #require(nib.instantiate(withOwner: nil).first as? UIView)
        let second = try #require(nib.instantiate(withOwner: nil).first as? UIView)
        #expect(nib.parseCount == 1)
        #expect(first !== second)
        #expect(first.subviews[0] !== second.subviews[0])
        (first.subviews[0] as? UILabel)?.text = "Changed"
        #expect((second.subviews[0] as? UILabel)?.text == "Hello")
        second.layoutIfNeeded()
        #expect(second.subviews[1].frame == CGRect(x: 270, y: 58, width: 40, height: 20))
    }

    @Test func dataNibsLoadToo() throws {
        let data = try Data(contentsOf: NibFixtures.directory.appendingPathComponent("Controls.xib"))
        let objects = UINib(data: data, bundle: nil).instantiate(withOwner: nil)
        #expect((objects.first as? UIView)?.subviews.count == 9)
    }

    @Test func controlsTakeTheFilesProperties() throws {
        let nib = NibFixtures.nib("Controls")
        let root = try #require(nib.instantiate(withOwner: nil).first as? UIView)
        #expect(root.backgroundColor == .systemBackground)
        let views = root.subviews
        #expect(views.count == 9)

        let system = try #require(views[0] as? UIButton)
        #expect(system.buttonType == .system)
        #expect(system.frame == CGRect(x: 10, y: 10, width: 80, height: 35))
        #expect(system.title(for: .normal) == "Tap")
        #expect(system.title(for: .highlighted) == "Tapping")
        #expect(system.titleColor(for: .normal) == .systemRed)
        #expect(system.autoresizingMask == [.flexibleRightMargin, .flexibleBottomMargin])
        #expect(system.translatesAutoresizingMaskIntoConstraints)
        let custom = try #require(views[1] as? UIButton)
        #expect(custom.buttonType == .custom)
        #expect(custom.titleColor(for: .normal) == UIColor(white: 1.0 / 3.0, alpha: 1))

        let imageView = try #require(views[2] as? UIImageView)
        #expect(imageView.image == nil)
        #expect(imageView.contentMode == .scaleAspectFit)
        #expect(imageView.clipsToBounds)

        let toggle = try #require(views[3] as? UISwitch)
        #expect(toggle.isOn)
        #expect(toggle.onTintColor == .systemGreen)
        #expect(toggle.accessibilityIdentifier == "wifi-switch" && toggle.accessibilityLabel == "Wi-Fi")
        #expect(toggle.accessibilityHint == "Turns Wi-Fi on or off")
        #expect(toggle.accessibilityTraits == [.button, .selected])

        let slider = try #require(views[4] as? UISlider)
        #expect(slider.minimumValue == 0)
        #expect(slider.maximumValue == 2)
        #expect(slider.value == 0.25)

        let field = try #require(views[5] as? UITextField)
        #expect(field.text == "42")
        #expect(field.placeholder == "Number")
        #expect(field.borderStyle == .roundedRect)
        #expect(field.clearButtonMode == .whileEditing)
        #expect(field.font == .systemFont(ofSize: 14))
        #expect(field.textColor == UIColor(red: 0, green: 0, blue: 1, alpha: 1))
        #expect(field.textAlignment == .center)
        #expect(field.keyboardType == .numberPad)
        #expect(field.returnKeyType == .done)
        #expect(field.isSecureTextEntry)

        let scroll = try #require(views[6] as? UIScrollView)
        #expect(scroll.isMultipleTouchEnabled)
        #expect(scroll.subviews.contains { $0.frame == CGRect(x: 0, y: 0, width: 560, height: 100) })
        let content = try #require(scroll.subviews.first { $0.frame.width == 560 })
        #expect(content.backgroundColor == UIColor(displayP3Red: 0.5, green: 0.25, blue: 1, alpha: 1))

        // An unregistered custom class: a plain view of its element, with its properties.
        let missing = views[7]
        #expect(type(of: missing) == UIView.self)
        #expect(missing.tag == 7)
        #expect(missing.alpha == 0.5)
        #expect(missing.isHidden)
        #expect(missing.clipsToBounds)
        #expect(!missing.isUserInteractionEnabled)
        #expect(missing.contentMode == .center)
        #expect(missing.backgroundColor == UIColor(red: 1, green: 0.5, blue: 0, alpha: 1))
        let datePicker = try #require(views[8] as? UIDatePicker)
        #expect(datePicker.frame == CGRect(x: 70, y: 290, width: 120, height: 50))
        #expect(datePicker.datePickerMode == .date)
        #expect(datePicker.preferredDatePickerStyle == .compact)

        let warnings = nib.diagnostics.map(\.description)
        #expect(warnings.contains { $0.hasPrefix("Controls.xib:32: image \"no-such-image\" not found") })
        #expect(warnings.contains { $0.hasPrefix("Controls.xib:66: unknown class MissingView") })
        #expect(!warnings.contains { $0.contains("datePicker") })
        #expect(nib.diagnostics.allSatisfy { $0.severity == .warning })
    }

    @Test func aModuleQualifiedRegistrationIsPreferred() throws {
        final class ModuleBadge: UIView {}
        UINib.register(BadgeView.self) { BadgeView(frame: $0) }
        UINib.register(ModuleBadge.self, forClassName: "ShowcaseApp.BadgeView") { ModuleBadge(frame: $0) }
        let root = try #require(NibFixtures.nib("Screen").instantiate(withOwner: nil).first as? UIView)
        #expect(root.subviews[1] is ModuleBadge)
        #expect(root.subviews[1].frame == CGRect(x: 270, y: 58, width: 40, height: 20))
        UINib.unregister(className: "ShowcaseApp.BadgeView")
        let again = try #require(NibFixtures.nib("Screen").instantiate(withOwner: nil).first as? UIView)
        #expect(again.subviews[1] is BadgeView)
    }

    /// A view the file constrains without saying `translatesAutoresizingMaskIntoConstraints`
    /// has it off; one no constraint names keeps UIKit's default.
    @Test func constrainedViewsStopTranslatingTheirMask() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
                <objects>
                    <view contentMode="scaleToFill" id="Rt0-aa-000">
                        <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                        <subviews>
                            <view contentMode="scaleToFill" id="Av1-aa-001">
                                <rect key="frame" x="10" y="10" width="20" height="20"/>
                            </view>
                            <view contentMode="scaleToFill" id="Fr1-aa-001">
                                <rect key="frame" x="50" y="50" width="20" height="20"/>
                            </view>
                        </subviews>
                        <constraints>
                            <constraint firstItem="Av1-aa-001" firstAttribute="leading" secondItem="Rt0-aa-000" secondAttribute="leading" constant="30" id="Ld1-aa-001"/>
                            <constraint firstItem="Av1-aa-001" firstAttribute="top" secondItem="Rt0-aa-000" secondAttribute="top" constant="40" id="Tp1-aa-001"/>
                        </constraints>
                    </view>
                </objects>
            </document>
            """
        let root = try #require(UINib(data: Data(xml.utf8), bundle: nil).instantiate(withOwner: nil).first as? UIView)
        root.layoutIfNeeded()
        #expect(root.translatesAutoresizingMaskIntoConstraints)
        #expect(!root.subviews[0].translatesAutoresizingMaskIntoConstraints)
        #expect(root.subviews[1].translatesAutoresizingMaskIntoConstraints)
        // No size constraint: the intrinsic size of a plain view is none, so only the origin is fixed.
        #expect(root.subviews[0].frame.origin == CGPoint(x: 30, y: 40))
        #expect(root.subviews[1].frame == CGRect(x: 50, y: 50, width: 20, height: 20))
    }

    @Test func aMissingNibIsLoggedAndGivesNothing() {
        let nib = NibFixtures.nib("NoSuchNib")
        #expect(nib.instantiate(withOwner: nil).isEmpty)
        #expect(nib.diagnostics.count == 1)
        #expect(nib.diagnostics.first?.severity == .error)
        #expect(nib.diagnostics.first?.description.hasPrefix("NoSuchNib.xib: not found") == true)
    }

    @Test func badDataIsLoggedAndGivesNothing() {
        let nib = UINib(data: Data("<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"".utf8), bundle: nil)
        #expect(nib.instantiate(withOwner: nil).isEmpty)
        #expect(nib.diagnostics.first?.severity == .error)
        #expect(nib.instantiate(withOwner: nil).isEmpty)
        #expect(nib.parseCount == 1)
    }
}
