import Foundation
import Testing

@testable import VitrineKit

/// How a file's layout attributes come out at run time: a view Interface Builder places by its
/// frame translates its mask into constraints whatever the file says, as UIKit's loading makes
/// it; `semanticContentAttribute` is read.
@MainActor @Suite(.serialized) struct NibLayoutAttributeTests {
    private func load(_ xml: String) throws -> UIView {
        try #require(UINib(data: Data(xml.utf8), bundle: nil).instantiate(withOwner: nil).first as? UIView)
    }

    @Test func aFixedFrameViewTranslatesItsMaskWhateverTheAttributeSays() throws {
        let root = try load(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
                <objects>
                    <view contentMode="scaleToFill" id="Rt0-aa-000">
                        <rect key="frame" x="0.0" y="0.0" width="200" height="200"/>
                        <subviews>
                            <view contentMode="scaleToFill" fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="Fx1-aa-001">
                                <rect key="frame" x="10" y="20" width="30" height="40"/>
                                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                            </view>
                            <view contentMode="scaleToFill" fixedFrame="YES" id="Fx2-aa-002">
                                <rect key="frame" x="50" y="60" width="70" height="80"/>
                            </view>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Cn3-aa-003">
                                <rect key="frame" x="0" y="0" width="20" height="20"/>
                            </view>
                        </subviews>
                        <constraints>
                            <constraint firstItem="Cn3-aa-003" firstAttribute="leading" secondItem="Rt0-aa-000" secondAttribute="leading" constant="5" id="Ld3-aa-003"/>
                            <constraint firstItem="Cn3-aa-003" firstAttribute="top" secondItem="Rt0-aa-000" secondAttribute="top" constant="6" id="Tp3-aa-003"/>
                        </constraints>
                    </view>
                </objects>
            </document>
            """)
        let fixed = root.subviews[0]
        #expect(fixed.translatesAutoresizingMaskIntoConstraints)
        #expect(root.subviews[1].translatesAutoresizingMaskIntoConstraints)
        #expect(!root.subviews[2].translatesAutoresizingMaskIntoConstraints)
        root.layoutIfNeeded()
        // The frame holds: Auto Layout keeps what the mask says.
        #expect(fixed.frame == CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(root.subviews[2].frame.origin == CGPoint(x: 5, y: 6))
    }

    @Test func semanticContentAttributeIsRead() throws {
        let root = try load(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
                <objects>
                    <view contentMode="scaleToFill" semanticContentAttribute="forceRightToLeft" id="Rt0-aa-000">
                        <rect key="frame" x="0.0" y="0.0" width="200" height="200"/>
                    </view>
                </objects>
            </document>
            """)
        #expect(root.semanticContentAttribute == .forceRightToLeft)
        #expect(root.effectiveUserInterfaceLayoutDirection == .rightToLeft)
    }
}
