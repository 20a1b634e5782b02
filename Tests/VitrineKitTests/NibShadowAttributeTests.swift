import Foundation
import Testing

@testable import VitrineKit

/// Interface Builder's common shadow runtime attributes set the view's layer shadow.
@MainActor @Suite struct NibShadowAttributeTests {
    @Test func shadowRuntimeAttributes() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
                <objects>
                    <view contentMode="scaleToFill" id="Rt0-aa-000">
                        <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                        <userDefinedRuntimeAttributes>
                            <userDefinedRuntimeAttribute type="number" keyPath="layer.shadowOpacity">
                                <real key="value" value="0.5"/>
                            </userDefinedRuntimeAttribute>
                            <userDefinedRuntimeAttribute type="number" keyPath="layer.shadowRadius">
                                <integer key="value" value="8"/>
                            </userDefinedRuntimeAttribute>
                            <userDefinedRuntimeAttribute type="size" keyPath="layer.shadowOffset">
                                <size key="value" width="0.0" height="4"/>
                            </userDefinedRuntimeAttribute>
                            <userDefinedRuntimeAttribute type="color" keyPath="layer.shadowColor">
                                <color key="value" red="1" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                            </userDefinedRuntimeAttribute>
                        </userDefinedRuntimeAttributes>
                    </view>
                </objects>
            </document>
            """
        let nib = UINib(data: Data(xml.utf8), bundle: nil)
        let root = try #require(nib.instantiate(withOwner: nil).first as? UIView)
        #expect(root.layer.shadowOpacity == 0.5)
        #expect(root.layer.shadowRadius == 8)
        #expect(root.layer.shadowOffset == CGSize(width: 0, height: 4))
        #expect(root.layer.shadowColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(nib.diagnostics.isEmpty)
    }
}
