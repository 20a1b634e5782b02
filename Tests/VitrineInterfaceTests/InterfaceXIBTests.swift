import Foundation
import Testing

@testable import VitrineInterface

/// Fixtures/Elements.xib: each supported element with its properties, as Xcode writes them.
@Suite struct InterfaceXIBTests {
    let document: InterfaceDocument
    let warnings: [InterfaceDiagnostic]

    init() throws {
        (document, warnings) = try InterfaceFixtures.load("Elements.xib")
    }

    @Test func documentHeader() {
        #expect(warnings.isEmpty, "\(warnings.map(\.description))")
        #expect(document.kind == .xib)
        #expect(document.fileName == "Elements.xib")
        #expect(document.version == "3.0")
        #expect(document.toolsVersion == "22505")
        #expect(document.targetRuntime == "iOS.CocoaTouch")
        #expect(document.useAutolayout)
        #expect(document.useSafeAreas)
        #expect(document.useTraitCollections)
        #expect(document.initialViewControllerID == nil)
        #expect(document.scenes.isEmpty)
        #expect(document.plugInVersions["com.apple.InterfaceBuilder.IBCocoaTouchPlugin"] == "22504")
        #expect(document.capabilities.first == "Safe area layout guides")
        #expect(document.objects.map(\.element) == ["placeholder", "placeholder", "view", "tableViewCell"])
    }

    @Test func placeholdersAndOutlets() throws {
        let owner = try #require(document.filesOwner)
        #expect(owner.id == "-1")
        #expect(owner.customClass == "ElementsViewController")
        #expect(owner.customModule == "ShowcaseApp")
        #expect(owner.userLabel == "File's Owner")
        #expect(owner.line == 12)
        let responder = document.objects[1]
        #expect(responder.placeholderIdentifier == "IBFirstResponder")
        #expect(responder.id == "-2")
        #expect(responder.customClass == "UIResponder")

        #expect(owner.connections.count == 5)
        let view = owner.connections[0]
        #expect(view.kind == .outlet(property: "view"))
        #expect(view.source == "-1")
        #expect(view.destination == "iN0-l3-epB")
        #expect(view.id == "Hq1-Ao-Vd3")
        #expect(view.line == 14)
        #expect(owner.connections[3].kind == .outletCollection(property: "labels", collectionClass: "NSMutableArray"))
        #expect(owner.connections[3].destination == "Lb1-aa-001")
        #expect(owner.connections[4].destination == "Lb2-aa-002")
    }

    @Test func rootView() throws {
        let view = try document.required("iN0-l3-epB")
        #expect(view.element == "view")
        #expect(view.line == 22)
        #expect(view.contentMode == "scaleToFill")
        #expect(view.frame == InterfaceRect(x: 0, y: 0, width: 393, height: 852))
        #expect(view.autoresizingMask == [.widthSizable, .heightSizable])
        #expect(view.backgroundColor == .system("systemBackgroundColor"))
        #expect(view.layoutGuides == [InterfaceLayoutGuide(key: "safeArea", id: "vUN-kp-3ea", line: 139)])
        #expect(view.points["canvasLocation"] == InterfacePoint(x: 132, y: -11))
        #expect(
            view.subviews.map(\.element) == [
                "label", "label", "button", "imageView", "switch", "slider", "textField", "scrollView", "stackView",
            ])
        #expect(view.translatesAutoresizingMaskIntoConstraints == nil)
    }

    @Test func labels() throws {
        let label = try document.required("Lb1-aa-001")
        #expect(label.text == "Hello")
        #expect(label.textAlignment == "natural")
        #expect(label.lineBreakMode == "tailTruncation")
        #expect(label.numberOfLines == nil)
        #expect(label.isOpaque == false)
        #expect(label.isUserInteractionEnabled == false)
        #expect(label.translatesAutoresizingMaskIntoConstraints == false)
        #expect(label.horizontalHuggingPriority == 251)
        #expect(label.font == .system(pointSize: 17, weight: nil))
        #expect(label.nilKeys == ["textColor", "highlightedColor"])
        #expect(label.textColor == nil)
        #expect(
            label.accessibility
                == InterfaceAccessibility(identifier: "title", label: "Title", traits: ["header", "staticText"]))

        let second = try document.required("Lb2-aa-002")
        #expect(second.text == "Two\nlines")
        #expect(second.numberOfLines == 0)
        #expect(second.lineBreakMode == "wordWrap")
        #expect(second.tag == 7)
        #expect(second.alpha == 0.5)
        #expect(second.font == .boldSystem(pointSize: 24))
        #expect(second.textColor == .rgb(red: 1, green: 0, blue: 0, alpha: 1, space: .sRGB))
    }

    @Test func button() throws {
        let button = try document.required("Bt1-aa-001")
        #expect(button.buttonType == "system")
        #expect(button.lineBreakMode == "middleTruncation")
        #expect(button.images.isEmpty)
        #expect(button.buttonStates.count == 3)
        #expect(
            button.buttonStates[0]
                == InterfaceButtonState(
                    state: "normal", title: "Tap", image: InterfaceImageReference(name: "logo"),
                    titleColor: .system("systemBlueColor"), line: 45))
        #expect(button.buttonStates[1].title == "Tapping")
        #expect(button.buttonStates[1].titleColor == .white(white: 0.5, alpha: 1, space: .calibratedWhite))
        #expect(button.buttonStates[2].state == "disabled")
        #expect(button.buttonStates[2].image == InterfaceImageReference(name: "star.fill", catalog: "system"))
        let configuration = try #require(button.buttonConfiguration)
        #expect(configuration.style == "filled")
        #expect(configuration.title == "Tap")
        #expect(configuration.subtitle == "here")
        #expect(configuration.image == InterfaceImageReference(name: "heart", catalog: "system"))
        #expect(configuration.colors["baseBackgroundColor"] == .named("AccentColor"))
        #expect(button.connections.count == 1)
        let action = button.connections[0]
        #expect(action.kind == .action(selector: "tapped:", eventType: "touchUpInside"))
        #expect(action.source == "Bt1-aa-001")
        #expect(action.destination == "-1")
        #expect(action.line == 59)
    }

    @Test func imageViewAndRuntimeAttributes() throws {
        let imageView = try document.required("Iv1-aa-001")
        #expect(imageView.image == InterfaceImageReference(name: "logo"))
        #expect(imageView.contentMode == "scaleAspectFit")
        #expect(imageView.clipsSubviews == true)
        let values = Dictionary(uniqueKeysWithValues: imageView.runtimeAttributes.map { ($0.keyPath, $0.value) })
        #expect(imageView.runtimeAttributes.count == 12)
        #expect(values["layer.cornerRadius"] == .number(8))
        #expect(values["layer.borderWidth"] == .number(2))
        #expect(values["layer.masksToBounds"] == .boolean(true))
        #expect(values["accessibilityValue"] == .string("logo"))
        #expect(values["accessibilityHint"] == .localizedString("Company logo"))
        #expect(
            values["layer.borderUIColor"]
                == .color(.rgb(red: 0, green: 0.47843137254901963, blue: 1, alpha: 1, space: .displayP3)))
        #expect(values["layer.shadowOffset"] == .size(InterfaceSize(width: 0, height: 2)))
        #expect(values["anchor"] == .point(InterfacePoint(x: 0.5, y: 1)))
        #expect(values["hitArea"] == .rect(InterfaceRect(x: -4, y: -4, width: 72, height: 72)))
        #expect(values["selection"] == .range(location: 2, length: 3))
        #expect(values["placeholderImage"] == .image(InterfaceImageReference(name: "logo")))
        #expect(values["delegate"] == .null)
        #expect(imageView.runtimeAttributes[0].line == 65)
    }

    @Test func switchSliderAndTextField() throws {
        let toggle = try document.required("Sw1-aa-001")
        #expect(toggle.element == "switch")
        #expect(toggle.isOn == true)
        #expect(toggle.onTintColor == .system("systemGreenColor"))
        #expect(toggle.connections.first?.kind == .action(selector: "toggled:", eventType: "valueChanged"))

        let slider = try document.required("Sl1-aa-001")
        #expect(slider.value == 0.25)
        #expect(slider.minimumValue == 0)
        #expect(slider.maximumValue == 2)

        let field = try document.required("Tf1-aa-001")
        #expect(field.text == "42")
        #expect(field.placeholder == "Number")
        #expect(field.borderStyle == "roundedRect")
        #expect(field.clearButtonMode == "whileEditing")
        #expect(field.font == .system(pointSize: 14, weight: nil))
        let traits = try #require(field.textInputTraits)
        #expect(traits.keyboardType == "numberPad")
        #expect(traits.returnKeyType == "done")
        #expect(traits.isSecureTextEntry == true)
    }

    @Test func scrollViewAndStackView() throws {
        let scroll = try document.required("Sv1-aa-001")
        #expect(scroll.bool("pagingEnabled") == true)
        #expect(scroll.isMultipleTouchEnabled == true)
        #expect(scroll.contentInset == InterfaceEdgeInsets(top: 10, left: 0, bottom: 20, right: 0))
        #expect(scroll.insets["scrollIndicatorInsets"] == InterfaceEdgeInsets(top: 4, left: 0, bottom: 8, right: 0))
        #expect(scroll.layoutGuides.map(\.key) == ["contentLayoutGuide", "frameLayoutGuide"])
        #expect(scroll.subviews.map(\.id) == ["Cv1-aa-001"])
        #expect(scroll.constraints.first?.secondItem == "Cg1-aa-001")

        let stack = try document.required("Sk1-aa-001")
        #expect(stack.axis == "vertical")
        #expect(stack.distribution == "fillEqually")
        #expect(stack.alignment == "center")
        #expect(stack.spacing == 8)
        #expect(stack.arrangedSubviews.map(\.id) == ["Sa1-aa-001", "Sa2-aa-002"])
        #expect(
            stack.insets["directionalLayoutMargins"]
                == InterfaceEdgeInsets(top: 1, left: 2, bottom: 3, right: 4, isDirectional: true))
        #expect(stack.arrangedSubviews[0].backgroundColor == .white(white: 0, alpha: 1, space: .genericGamma22Gray))
        #expect(
            stack.arrangedSubviews[1].backgroundColor
                == .rgb(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8, space: .calibratedRGB))
    }

    @Test func constraints() throws {
        let view = try document.required("iN0-l3-epB")
        let byID = Dictionary(uniqueKeysWithValues: view.constraints.map { ($0.id, $0) })
        #expect(view.constraints.count == 7)
        #expect(
            byID["Ct1-aa-001"]
                == InterfaceConstraint(
                    id: "Ct1-aa-001", firstItem: "Lb1-aa-001", firstAttribute: .top, secondItem: "vUN-kp-3ea",
                    secondAttribute: .top, constant: 20, ownerID: "iN0-l3-epB", line: 142))
        #expect(byID["Ct3-aa-003"]?.identifier == "titleTrailing")
        #expect(byID["Ct4-aa-004"]?.relation == .greaterThanOrEqual)
        #expect(byID["Ct5-aa-005"]?.multiplier == 2)
        #expect(byID["Ct6-aa-006"]?.multiplier == 0.5)
        #expect(byID["Ct6-aa-006"]?.priority == 750)
        #expect(byID["Ct1-aa-001"]?.priority == 1000)
        // An omitted firstItem is the view owning the <constraints>.
        let bottom = try #require(byID["Ct7-aa-007"])
        #expect(bottom.firstItem == "iN0-l3-epB")
        #expect(bottom.relation == .lessThanOrEqual)
        #expect(bottom.secondItem == "Sk1-aa-001")
        #expect(bottom.constant == 40)
    }

    @Test func tableViewCellAtTopLevel() throws {
        let cell = try document.required("Tc1-aa-001")
        #expect(cell.customClass == "RowCell")
        #expect(cell.attributes["reuseIdentifier"] == "Row")
        #expect(cell.autoresizingMask == [])
        let content = try #require(cell.child(key: "contentView"))
        #expect(content.element == "tableViewCellContentView")
        let label = try #require(content.subviews.first)
        #expect(label.font == .custom(name: "Helvetica-Bold", family: "Helvetica", pointSize: 18))
        #expect(label.textColor == .system("darkTextColor"))
        #expect(cell.connections.first?.kind == .outlet(property: "titleLabel"))
        #expect(document.allObjects.count == 18)
    }

    @Test func resources() {
        let resources = document.resources
        #expect(
            resources.images["logo"] == InterfaceResourceImage(name: "logo", size: InterfaceSize(width: 64, height: 64))
        )
        #expect(resources.images["star.fill"]?.catalog == "system")
        #expect(resources.namedColors["AccentColor"] == .rgb(red: 0, green: 0.46, blue: 0.89, alpha: 1, space: .sRGB))
        #expect(
            resources.systemColors["systemBackgroundColor"] == .white(white: 1, alpha: 1, space: .genericGamma22Gray))
        #expect(resources.systemColors.count == 4)
    }

    @Test func linesAreThoseOfTheStartTags() throws {
        for object in document.allObjects where object.element != "placeholder" {
            #expect(try InterfaceFixtures.line(of: "id=\"\(object.id)\"", in: "Elements.xib") == object.line)
        }
    }
}

/// Fixtures/Styles.xib: every colour and font form, and the common view properties.
@Suite struct InterfaceStylesTests {
    @Test func everyColourAndFontForm() throws {
        let (document, warnings) = try InterfaceFixtures.load("Styles.xib")
        #expect(warnings.isEmpty, "\(warnings.map(\.description))")
        let panel = try document.required("St0-aa-000")
        #expect(panel.customClass == "PanelView")
        #expect(panel.userLabel == "Panel")
        #expect(panel.isHidden == true)
        #expect(panel.clipsSubviews == true)
        #expect(panel.isUserInteractionEnabled == false)
        #expect(panel.isOpaque == false)
        #expect(panel.contentMode == "redraw")
        #expect(panel.tag == 3)
        #expect(panel.alpha == 0.25)
        #expect(panel.frame == InterfaceRect(x: 10, y: 20, width: 300, height: 400))
        #expect(panel.autoresizingMask == [.flexibleMinX, .flexibleMaxX, .flexibleMinY, .flexibleMaxY])
        #expect(panel.tintColor == .rgb(red: 0.5, green: 0.25, blue: 0.75, alpha: 1, space: .sRGB))

        let labels = panel.subviews
        #expect(labels[0].textColor == .rgb(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4, space: .sRGB))
        #expect(labels[0].backgroundColor == .white(white: 0.33333333333333331, alpha: 1, space: .calibratedWhite))
        #expect(labels[0].font == .system(pointSize: 15, weight: "semibold"))
        #expect(labels[1].textColor == .rgb(red: 1, green: 0.5, blue: 0, alpha: 1, space: .calibratedRGB))
        #expect(labels[1].backgroundColor == .white(white: 0.5, alpha: 0.5, space: .genericGamma22Gray))
        #expect(labels[1].font == .italicSystem(pointSize: 12))
        #expect(labels[2].textColor == .rgb(red: 0, green: 1, blue: 0, alpha: 1, space: .displayP3))
        #expect(labels[2].backgroundColor == .system("systemGroupedBackgroundColor"))
        #expect(labels[2].font == .textStyle("UICTFontTextStyleBody"))
        #expect(labels[3].textColor == .named("BrandRed"))
        #expect(labels[3].backgroundColor == .system("groupTableViewBackgroundColor"))
        #expect(labels[3].tintColor == .white(white: 1, alpha: 1, space: .deviceWhite))
        #expect(labels[3].font == .custom(name: "AvenirNext-Regular", family: "Avenir Next", pointSize: 13))
        #expect(labels[4].textColor == .rgb(red: 0, green: 0, blue: 1, alpha: 1, space: .deviceRGB))
        #expect(labels[4].font == .boldSystem(pointSize: 20))
        #expect(
            document.resources.namedColors["BrandRed"] == .rgb(red: 0.8, green: 0.1, blue: 0.1, alpha: 1, space: .sRGB))
    }

    @Test func parsesFromDataWithTheGivenName() throws {
        let data = try Data(contentsOf: InterfaceFixtures.url("Styles.xib"))
        let (document, _) = try InterfaceDocument.parse(data: data, fileName: "Panel.xib")
        #expect(document.fileName == "Panel.xib")
        #expect(document.xml.name == "document")
        #expect(document.xml.children.count == 3)
    }
}
