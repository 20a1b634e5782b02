import Foundation
import Testing

@testable import VitrineKit

/// The accessibility properties: UIKit's defaults per class, what the app sets, and finding a
/// view by identifier.
@Suite("Accessibility properties") @MainActor struct AccessibilityTests {
    @Test func classesHaveUIKitsDefaults() {
        let plain = UIView(frame: .zero)
        #expect(!plain.isAccessibilityElement && plain.accessibilityTraits == .none && plain.accessibilityLabel == nil)
        let label = UILabel(frame: .zero)
        label.text = "Total"
        #expect(label.isAccessibilityElement && label.accessibilityTraits == .staticText)
        #expect(label.accessibilityLabel == "Total")
        let button = UIButton(type: .system)
        button.setTitle("Pay", for: .normal)
        #expect(button.isAccessibilityElement && button.accessibilityTraits == .button)
        #expect(button.accessibilityLabel == "Pay")
        button.isEnabled = false
        #expect(button.accessibilityTraits == [.button, .notEnabled])
        let toggle = UISwitch()
        toggle.isOn = true
        #expect(toggle.accessibilityValue == "1")
        let slider = UISlider()
        slider.minimumValue = 0
        slider.maximumValue = 4
        slider.value = 1
        #expect(slider.accessibilityTraits == .adjustable && slider.accessibilityValue == "25%")
        #expect(UIImageView(image: nil).accessibilityTraits == .image)
        let field = UITextField(frame: .zero)
        field.placeholder = "PIN"
        field.isSecureTextEntry = true
        field.text = "1234"
        #expect(field.accessibilityLabel == "PIN" && field.accessibilityValue == "••••")
    }

    @Test func whatTheAppSetsWinsAndViewsAreFoundByIdentifier() {
        let scene = EventScene()
        let card = UIView(frame: CGRect(x: 10, y: 20, width: 200, height: 100))
        let label = UILabel(frame: CGRect(x: 5, y: 5, width: 50, height: 20))
        label.text = "3"
        label.accessibilityLabel = "Three visitors"
        label.accessibilityIdentifier = "visitor-count"
        label.accessibilityTraits = [.staticText, .updatesFrequently]
        label.isAccessibilityElement = false
        card.addSubview(label)
        scene.window.addSubview(card)
        #expect(label.accessibilityLabel == "Three visitors" && !label.isAccessibilityElement)
        #expect(label.accessibilityTraits.contains(.updatesFrequently))
        #expect(scene.window.firstDescendant(withAccessibilityIdentifier: "visitor-count") === label)
        #expect(scene.window.firstDescendant(withAccessibilityIdentifier: "nothing") == nil)
        // The frame in screen coordinates.
        #expect(label.accessibilityFrame == CGRect(x: 15, y: 25, width: 50, height: 20))
        label.accessibilityFrame = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(label.accessibilityFrame == CGRect(x: 1, y: 2, width: 3, height: 4))
    }
}
