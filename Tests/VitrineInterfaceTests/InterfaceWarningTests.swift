import Foundation
import Testing

@testable import VitrineInterface

/// Small documents written inline: forms that load with a warning naming file and line.
@Suite struct InterfaceWarningTests {
    /// A XIB whose root view (line 5) holds `body`, starting on line 6.
    static func xib(_ body: String) -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                    <view contentMode="scaleToFill" id="root">
            \(body)
                    </view>
                </objects>
            </document>

            """.utf8)
    }

    static func warnings(_ body: String) throws -> [String] {
        try InterfaceDocument.parse(data: xib(body), fileName: "Inline.xib").warnings.map(\.description)
    }

    @Test func segmentsAndSteppersAsXcodeWritesThem() throws {
        let (document, warnings) = try InterfaceDocument.parse(
            data: Self.xib(
                """
                        <subviews>
                            <segmentedControl opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="top" segmentControlStyle="plain" selectedSegmentIndex="0" id="s1">
                                <rect key="frame" x="0.0" y="0.0" width="200" height="32"/>
                                <segments>
                                    <segment title="First"/>
                                    <segment title="" image="star" enabled="NO" width="40"/>
                                    <item title="Third"/>
                                </segments>
                            </segmentedControl>
                            <stepper opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" contentHorizontalAlignment="center" contentVerticalAlignment="center" maximumValue="100" stepValue="2" wraps="YES" autorepeat="NO" continuous="NO" id="p1">
                                <rect key="frame" x="0.0" y="40" width="94" height="32"/>
                            </stepper>
                        </subviews>
                """), fileName: "Inline.xib")
        let segmented = try #require(document.objects.last?.subviews.first)
        #expect(segmented.segments.map(\.title) == ["First", ""])
        #expect(segmented.segments[1].image?.name == "star")
        #expect(segmented.segments[1].isEnabled == false)
        #expect(segmented.segments[1].width == 40)
        #expect(segmented.segments[0].line == 10)
        #expect(
            warnings.map(\.description) == [
                #"Inline.xib:12: unknown element <item> in <segments> of <segmentedControl> "s1": ignored"#
            ])
    }

    @Test func unknownAttributeOnAConstraint() throws {
        let warnings = try Self.warnings(
            """
                        <constraints>
                            <constraint firstAttribute="width" constant="100" wobble="2" id="c1"/>
                        </constraints>
            """)
        #expect(warnings == [#"Inline.xib:7: unknown attribute "wobble" on <constraint> "c1": ignored"#])
    }

    @Test func unknownLayoutAttributeDropsTheConstraint() throws {
        let data = Self.xib(
            """
                        <constraints>
                            <constraint firstAttribute="diagonal" constant="100" id="c1"/>
                            <constraint firstAttribute="height" secondAttribute="width" multiplier="3:4" id="c2"/>
                        </constraints>
            """)
        let (document, warnings) = try InterfaceDocument.parse(data: data, fileName: "Inline.xib")
        #expect(
            warnings.map(\.description) == [
                #"Inline.xib:7: constraint "c1": unknown layout attribute "diagonal": ignored"#
            ])
        let root = try document.required("root")
        #expect(root.constraints.map(\.id) == ["c2"])
        // Both items left out: a ratio of the owner's own height and width.
        #expect(root.constraints[0].firstItem == "root")
        #expect(root.constraints[0].secondItem == "root")
        #expect(root.constraints[0].multiplier == 0.75)
    }

    @Test func colourFontAndRuntimeAttributeForms() throws {
        let warnings = try Self.warnings(
            """
                        <color key="backgroundColor" hue="0.5" saturation="1" brightness="1" alpha="1" colorSpace="custom" customColorSpace="hsb"/>
                        <fontDescription key="fontDescription" type="roundedSystem" pointSize="12"/>
                        <userDefinedRuntimeAttributes>
                            <userDefinedRuntimeAttribute type="matrix" keyPath="layer.transform"/>
                        </userDefinedRuntimeAttributes>
                        <rect key="frame" x="0.0" y="0.0" width="wide" height="10"/>
            """)
        #expect(
            warnings == [
                #"Inline.xib:6: <color key="backgroundColor"> has no form Vitrine reads: ignored"#,
                #"Inline.xib:7: font type "roundedSystem" is not known: read as the system font"#,
                #"Inline.xib:9: runtime attribute "layer.transform" of <view> "root": type "matrix" is not known: ignored"#,
                #"Inline.xib:11: width="wide" on <rect> is not a number: ignored"#,
                #"Inline.xib:11: <rect> needs x, y, width and height: ignored"#,
            ])
    }

    @Test func base64TextAndLocalizedStrings() throws {
        let data = Self.xib(
            """
                        <subviews>
                            <label opaque="NO" contentMode="left" id="l1">
                                <string key="text" base64-UTF8="YES">
                                SGVsbG8sIHdvcmxkIQ
                                </string>
                                <userDefinedRuntimeAttributes>
                                    <userDefinedRuntimeAttribute type="localizedString" keyPath="hint">
                                        <string key="value">Say hello</string>
                                    </userDefinedRuntimeAttribute>
                                </userDefinedRuntimeAttributes>
                            </label>
                        </subviews>
            """)
        let (document, warnings) = try InterfaceDocument.parse(data: data, fileName: "Inline.xib")
        #expect(warnings.isEmpty, "\(warnings.map(\.description))")
        let label = try document.required("l1")
        #expect(label.text == "Hello, world!")
        #expect(label.runtimeAttributes.first?.value == .localizedString("Say hello"))
    }

    @Test func unknownDocumentChildAndAttribute() throws {
        let data = Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" flavour="mint">
                <objects/>
                <extras/>
            </document>

            """.utf8)
        let (document, warnings) = try InterfaceDocument.parse(data: data, fileName: "Inline.xib")
        #expect(
            warnings.map(\.description) == [
                #"Inline.xib:2: unknown attribute "flavour" on <document>: ignored"#,
                #"Inline.xib:4: unknown element <extras> in <document>: ignored"#,
            ])
        #expect(document.objects.isEmpty)
        #expect(!document.useAutolayout)
    }
}
