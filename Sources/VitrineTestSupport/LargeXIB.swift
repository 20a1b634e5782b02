import Foundation

/// A generated XIB the size of a busy screen: 200 objects (rows of a label, a switch and a
/// container view, each row constrained), written as Xcode writes them: the File's Owner is a
/// `RowsViewController` with a `view` outlet, and each switch sends `toggled:` to it. Shared by
/// the interface tests and `vitrine-kit-bench --interface`.
public enum LargeXIB {
    /// Two placeholders, the root view, a title and a footer label, and 65 rows of three objects.
    public static func text() -> String {
        let rows = 65
        var subviews = label(id: "title-l", text: "Settings", y: 0)
        var constraints = ""
        for row in 0..<rows {
            let y = 20 + row * 44
            subviews += """
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="row-\(row)-v">
                                    <rect key="frame" x="0.0" y="\(y)" width="393" height="44"/>
                                    <subviews>
                                        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Row \(row)" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="row-\(row)-l">
                                            <rect key="frame" x="16" y="12" width="200" height="20.333333333333332"/>
                                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                            <nil key="textColor"/>
                                            <nil key="highlightedColor"/>
                                        </label>
                                        <switch opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" contentHorizontalAlignment="center" contentVerticalAlignment="center" on="YES" translatesAutoresizingMaskIntoConstraints="NO" id="row-\(row)-s">
                                            <rect key="frame" x="328" y="6.6666666666666661" width="51" height="31"/>
                                            <connections>
                                                <action selector="toggled:" destination="-1" eventType="valueChanged" id="row-\(row)-a"/>
                                            </connections>
                                        </switch>
                                    </subviews>
                                    <color key="backgroundColor" red="0.94999999999999996" green="0.94999999999999996" blue="0.96999999999999997" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                                    <constraints>
                                        <constraint firstItem="row-\(row)-l" firstAttribute="leading" secondItem="row-\(row)-v" secondAttribute="leading" constant="16" id="row-\(row)-c1"/>
                                        <constraint firstItem="row-\(row)-l" firstAttribute="centerY" secondItem="row-\(row)-v" secondAttribute="centerY" id="row-\(row)-c2"/>
                                        <constraint firstAttribute="trailing" secondItem="row-\(row)-s" secondAttribute="trailing" constant="14" id="row-\(row)-c3"/>
                                        <constraint firstItem="row-\(row)-s" firstAttribute="centerY" secondItem="row-\(row)-v" secondAttribute="centerY" id="row-\(row)-c4"/>
                                    </constraints>
                                </view>

                """
            constraints += """
                                <constraint firstItem="row-\(row)-v" firstAttribute="top" secondItem="vUN-kp-3ea" secondAttribute="top" constant="\(y)" id="row-\(row)-t"/>
                                <constraint firstItem="row-\(row)-v" firstAttribute="leading" secondItem="vUN-kp-3ea" secondAttribute="leading" id="row-\(row)-le"/>
                                <constraint firstItem="row-\(row)-v" firstAttribute="height" constant="44" id="row-\(row)-h"/>

                """
        }
        subviews += label(id: "footer-l", text: "End", y: 20 + rows * 44)
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
                <dependencies>
                    <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="22504"/>
                </dependencies>
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="RowsViewController">
                        <connections>
                            <outlet property="view" destination="iN0-l3-epB" id="5ef-Hv-Gq4"/>
                        </connections>
                    </placeholder>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                    <view contentMode="scaleToFill" id="iN0-l3-epB">
                        <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                        <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                        <subviews>
            \(subviews)            </subviews>
                        <viewLayoutGuide key="safeArea" id="vUN-kp-3ea"/>
                        <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                        <constraints>
            \(constraints)            </constraints>
                    </view>
                </objects>
                <resources>
                    <systemColor name="systemBackgroundColor">
                        <color white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                    </systemColor>
                </resources>
            </document>

            """
    }
}

extension LargeXIB {
    static func label(id: String, text: String, y: Int) -> String {
        """
                        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="\(text)" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="\(id)">
                            <rect key="frame" x="16" y="\(y)" width="200" height="20.333333333333332"/>
                            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                            <fontDescription key="fontDescription" type="boldSystem" pointSize="17"/>
                            <nil key="textColor"/>
                            <nil key="highlightedColor"/>
                        </label>

        """
    }
}
