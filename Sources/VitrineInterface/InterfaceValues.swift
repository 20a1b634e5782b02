/// A rectangle as Interface Builder writes it (`<rect key="frame" x= y= width= height=/>`).
public struct InterfaceRect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// A size (`<size key= width= height=/>`, an image's size in `<resources>`).
public struct InterfaceSize: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A point (`<point key= x= y=/>`).
public struct InterfacePoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// Edge insets, from any of `<edgeInsets top= left= bottom= right=/>`,
/// `<directionalEdgeInsets top= leading= bottom= trailing=/>` (leading as left, trailing as right,
/// `isDirectional` set) or the older `<inset minX= minY= maxX= maxY=/>`.
public struct InterfaceEdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double
    /// Written as leading and trailing: `left` is leading, `right` trailing.
    public var isDirectional: Bool

    public init(top: Double, left: Double, bottom: Double, right: Double, isDirectional: Bool = false) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
        self.isDirectional = isDirectional
    }
}

/// `<autoresizingMask key="autoresizingMask" widthSizable="YES" .../>`: the flags written as YES.
public struct InterfaceAutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let flexibleMinX = Self(rawValue: 1 << 0)
    public static let widthSizable = Self(rawValue: 1 << 1)
    public static let flexibleMaxX = Self(rawValue: 1 << 2)
    public static let flexibleMinY = Self(rawValue: 1 << 3)
    public static let heightSizable = Self(rawValue: 1 << 4)
    public static let flexibleMaxY = Self(rawValue: 1 << 5)

    /// The attribute names Interface Builder writes, with their flags (UIKit's bit order).
    public static let attributeNames: [(String, InterfaceAutoresizingMask)] = [
        ("flexibleMinX", .flexibleMinX), ("widthSizable", .widthSizable), ("flexibleMaxX", .flexibleMaxX),
        ("flexibleMinY", .flexibleMinY), ("heightSizable", .heightSizable), ("flexibleMaxY", .flexibleMaxY),
    ]
}

/// A colour in every form Xcode writes in a `<color>` element.
public enum InterfaceColor: Hashable, Sendable {
    /// The colour space of RGB components.
    public enum RGBSpace: String, Hashable, Sendable {
        /// `colorSpace="custom" customColorSpace="sRGB"`.
        case sRGB
        /// `colorSpace="calibratedRGB"` (generic RGB; Xcode before 8 and some copies).
        case calibratedRGB
        /// `colorSpace="deviceRGB"`.
        case deviceRGB
        /// `colorSpace="custom" customColorSpace="displayP3"`.
        case displayP3
        /// `colorSpace="custom" customColorSpace="extendedSRGBColorSpace"` (components may leave 0...1).
        case extendedSRGB
    }

    /// The colour space of a grey.
    public enum WhiteSpace: String, Hashable, Sendable {
        /// `colorSpace="calibratedWhite"`.
        case calibratedWhite
        /// `colorSpace="deviceWhite"`.
        case deviceWhite
        /// `colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"`.
        case genericGamma22Gray
        /// `colorSpace="custom" customColorSpace="extendedGray"`.
        case extendedGray
    }

    /// `red= green= blue= alpha=` in a colour space.
    case rgb(red: Double, green: Double, blue: Double, alpha: Double, space: RGBSpace)
    /// `white= alpha=` in a grey colour space.
    case white(white: Double, alpha: Double, space: WhiteSpace)
    /// A system colour by its `UIColor` property name with the `Color` suffix, as Xcode writes it:
    /// `systemColor="systemBlueColor"`, or the older `cocoaTouchSystemColor="darkTextColor"`.
    /// The document's `resources.systemColors` has the value Xcode wrote beside it, when it did.
    case system(String)
    /// A colour from an asset catalog: `name="AccentColor"` (`UIColor(named:)`).
    case named(String)
}

/// A `<fontDescription>`.
public enum InterfaceFont: Hashable, Sendable {
    /// `type="system" pointSize=` with an optional `weight=` (`"ultraLight"` ... `"black"`).
    case system(pointSize: Double, weight: String?)
    /// `type="boldSystem" pointSize=`.
    case boldSystem(pointSize: Double)
    /// `type="italicSystem" pointSize=`.
    case italicSystem(pointSize: Double)
    /// A font by PostScript name: `name="Helvetica-Bold" family="Helvetica" pointSize="17"`.
    case custom(name: String, family: String?, pointSize: Double)
    /// A Dynamic Type text style: `style="UICTFontTextStyleBody"` (`UIFont.TextStyle.body`'s raw value).
    case textStyle(String)
}

/// An image reference: an `image="logo"` attribute, or `<imageReference key= image= catalog=/>`.
public struct InterfaceImageReference: Hashable, Sendable {
    /// The image's name, for `UIImage(named:)` (or `UIImage(systemName:)` when `catalog` is `"system"`).
    public var name: String
    /// `"system"` for SF Symbols; nil for the app's own images.
    public var catalog: String?
    /// `renderingMode=` on an `<imageReference>` (`"template"`, `"original"`, `"hierarchical"` ...).
    public var renderingMode: String?

    public init(name: String, catalog: String? = nil, renderingMode: String? = nil) {
        self.name = name
        self.catalog = catalog
        self.renderingMode = renderingMode
    }
}

/// `<accessibility key="accessibilityConfiguration" identifier= label= hint= value=>`.
public struct InterfaceAccessibility: Hashable, Sendable {
    public var identifier: String?
    public var label: String?
    public var hint: String?
    public var value: String?
    /// `<bool key="isElement" value=/>`, when written.
    public var isElement: Bool?
    /// The traits written YES in `<accessibilityTraits key="traits" button="YES" .../>`, sorted.
    public var traits: [String]

    public init(
        identifier: String? = nil, label: String? = nil, hint: String? = nil, value: String? = nil,
        isElement: Bool? = nil, traits: [String] = []
    ) {
        self.identifier = identifier
        self.label = label
        self.hint = hint
        self.value = value
        self.isElement = isElement
        self.traits = traits
    }
}

/// A `<userDefinedRuntimeAttribute type= keyPath=>`: a value set by key path after the object is made.
public struct InterfaceRuntimeAttribute: Hashable, Sendable {
    /// The value, by the `type` Xcode wrote.
    public enum Value: Hashable, Sendable {
        /// `type="number"`: `<real key="value" value=/>` or `<integer key="value" value=/>`.
        case number(Double)
        /// `type="boolean"`: `<boolean key="value" value="YES"/>`.
        case boolean(Bool)
        /// `type="string"`: `value="..."`.
        case string(String)
        /// `type="localizedString"`: `value="..."` or `<string key="value">`.
        case localizedString(String)
        /// `type="color"`: `<color key="value" .../>`.
        case color(InterfaceColor)
        /// `type="size"`: `<size key="value" width= height=/>`.
        case size(InterfaceSize)
        /// `type="point"`: `<point key="value" x= y=/>`.
        case point(InterfacePoint)
        /// `type="rect"`: `<rect key="value" .../>`.
        case rect(InterfaceRect)
        /// `type="range"`: `<range key="value" location= length=/>`.
        case range(location: Int, length: Int)
        /// `type="image"`: `value="logo"` or `<imageReference key="value" image=/>`.
        case image(InterfaceImageReference)
        /// `type="nil"`: the key path is set to nil.
        case null
    }

    public var keyPath: String
    public var value: Value
    /// The line of the `<userDefinedRuntimeAttribute>`.
    public var line: Int

    public init(keyPath: String, value: Value, line: Int) {
        self.keyPath = keyPath
        self.value = value
        self.line = line
    }
}

/// One `<state key="normal" title= image=>` of a button, with its colours.
public struct InterfaceButtonState: Hashable, Sendable {
    /// `"normal"`, `"highlighted"`, `"selected"` or `"disabled"`.
    public var state: String
    public var title: String?
    public var image: InterfaceImageReference?
    public var backgroundImage: InterfaceImageReference?
    /// `<color key="titleColor">`, when written.
    public var titleColor: InterfaceColor?
    /// `<color key="titleShadowColor">`, when written.
    public var titleShadowColor: InterfaceColor?
    /// The line of the `<state>`.
    public var line: Int

    public init(
        state: String, title: String? = nil, image: InterfaceImageReference? = nil,
        backgroundImage: InterfaceImageReference? = nil, titleColor: InterfaceColor? = nil,
        titleShadowColor: InterfaceColor? = nil, line: Int
    ) {
        self.state = state
        self.title = title
        self.image = image
        self.backgroundImage = backgroundImage
        self.titleColor = titleColor
        self.titleShadowColor = titleShadowColor
        self.line = line
    }
}

/// `<buttonConfiguration key="configuration" style="filled" title= subtitle= image=>` (iOS 15 buttons).
public struct InterfaceButtonConfiguration: Hashable, Sendable {
    /// `"plain"`, `"gray"`, `"tinted"`, `"filled"` (Xcode's names for `UIButton.Configuration`'s makers).
    public var style: String?
    public var title: String?
    public var subtitle: String?
    public var image: InterfaceImageReference?
    /// Its colours by key (`baseForegroundColor`, `baseBackgroundColor`).
    public var colors: [String: InterfaceColor]
    /// Every attribute as written (`cornerStyle`, `imagePlacement`, `imagePadding` ...).
    public var attributes: [String: String]

    public init(
        style: String? = nil, title: String? = nil, subtitle: String? = nil, image: InterfaceImageReference? = nil,
        colors: [String: InterfaceColor] = [:], attributes: [String: String] = [:]
    ) {
        self.style = style
        self.title = title
        self.subtitle = subtitle
        self.image = image
        self.colors = colors
        self.attributes = attributes
    }
}

/// `<textInputTraits key="textInputTraits" keyboardType= returnKeyType= secureTextEntry=/>`.
public struct InterfaceTextInputTraits: Hashable, Sendable {
    /// Every attribute as written.
    public var attributes: [String: String]

    public init(attributes: [String: String] = [:]) { self.attributes = attributes }

    public var keyboardType: String? { attributes["keyboardType"] }
    public var returnKeyType: String? { attributes["returnKeyType"] }
    public var autocapitalizationType: String? { attributes["autocapitalizationType"] }
    public var autocorrectionType: String? { attributes["autocorrectionType"] }
    public var textContentType: String? { attributes["textContentType"] }
    public var isSecureTextEntry: Bool? { attributes["secureTextEntry"].flatMap(InterfaceValueParsing.bool) }
    public var enablesReturnKeyAutomatically: Bool? {
        attributes["enablesReturnKeyAutomatically"].flatMap(InterfaceValueParsing.bool)
    }
}

/// A `<viewLayoutGuide key="safeArea" id=/>` (or `contentLayoutGuide`, `frameLayoutGuide`), or a
/// storyboard's older `<viewControllerLayoutGuide type="top" id=/>`: constraints may name its id.
public struct InterfaceLayoutGuide: Hashable, Sendable {
    /// `"safeArea"`, `"contentLayoutGuide"`, `"frameLayoutGuide"`; for a view controller
    /// layout guide, its type (`"top"`, `"bottom"`).
    public var key: String
    public var id: String
    public var line: Int

    public init(key: String, id: String, line: Int) {
        self.key = key
        self.id = id
        self.line = line
    }
}

/// Bool, number and ratio forms as Xcode writes them.
enum InterfaceValueParsing {
    static func bool(_ text: String) -> Bool? {
        switch text {
        case "YES", "yes", "true": true
        case "NO", "no", "false": false
        default: nil
        }
    }

    static func double(_ text: String) -> Double? { Double(text) }

    /// `"2:1"` (a ratio, as Xcode writes aspect multipliers) or a plain number.
    static func multiplier(_ text: String) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), b != 0 { return a / b }
        return parts.count == 1 ? Double(text) : nil
    }

    /// A layout priority: a number, or UIKit's names.
    static func priority(_ text: String) -> Double? {
        switch text {
        case "required": 1000
        case "defaultHigh": 750
        case "defaultLow": 250
        case "fittingSizeLevel": 50
        default: Double(text)
        }
    }
}

/// One `<segment>` of a segmented control's `<segments>`.
public struct InterfaceSegment: Hashable, Sendable {
    public var title: String?
    /// `image=` (with `catalog=` for a system image).
    public var image: InterfaceImageReference?
    /// `enabled="NO"`; nil is enabled.
    public var isEnabled: Bool?
    /// `width=`; nil (or 0) sizes the segment automatically.
    public var width: Double?
    public var line: Int

    public init(
        title: String? = nil, image: InterfaceImageReference? = nil, isEnabled: Bool? = nil, width: Double? = nil,
        line: Int
    ) {
        self.title = title
        self.image = image
        self.isEnabled = isEnabled
        self.width = width
        self.line = line
    }
}
