import Foundation

// UIKit's attributes for Swift's `AttributedString` (iOS 15), so that `title.font = ...`,
// `title.foregroundColor = ...` build as on iOS. corelibs Foundation has `AttributedString`
// and Foundation's own attributes (`link` ...) but not UIKit's.
extension AttributeScopes {
    /// UIKit's attributes, as `AttributeScopes.UIKitAttributes`, with the same names as the
    /// `NSAttributedString.Key`s they stand for.
    public struct UIKitAttributes: AttributeScope {
        public let font: FontAttribute
        public let foregroundColor: ForegroundColorAttribute
        public let backgroundColor: BackgroundColorAttribute
        public let kern: KernAttribute
        public let underlineStyle: UnderlineStyleAttribute
        public let underlineColor: UnderlineColorAttribute
        public let strikethroughStyle: StrikethroughStyleAttribute
        public let strikethroughColor: StrikethroughColorAttribute
        public let paragraphStyle: ParagraphStyleAttribute
        public let shadow: ShadowAttribute
        public let foundation: FoundationAttributes

        /// `.font`.
        public enum FontAttribute: AttributedStringKey {
            public typealias Value = UIFont
            public static let name = NSAttributedString.Key.font.rawValue
        }
        /// `.foregroundColor`.
        public enum ForegroundColorAttribute: AttributedStringKey {
            public typealias Value = UIColor
            public static let name = NSAttributedString.Key.foregroundColor.rawValue
        }
        /// `.backgroundColor`.
        public enum BackgroundColorAttribute: AttributedStringKey {
            public typealias Value = UIColor
            public static let name = NSAttributedString.Key.backgroundColor.rawValue
        }
        /// `.kern`.
        public enum KernAttribute: AttributedStringKey {
            public typealias Value = CGFloat
            public static let name = NSAttributedString.Key.kern.rawValue
        }
        /// `.underlineStyle`.
        public enum UnderlineStyleAttribute: AttributedStringKey {
            public typealias Value = NSUnderlineStyle
            public static let name = NSAttributedString.Key.underlineStyle.rawValue
        }
        /// `.underlineColor`.
        public enum UnderlineColorAttribute: AttributedStringKey {
            public typealias Value = UIColor
            public static let name = NSAttributedString.Key.underlineColor.rawValue
        }
        /// `.strikethroughStyle`.
        public enum StrikethroughStyleAttribute: AttributedStringKey {
            public typealias Value = NSUnderlineStyle
            public static let name = NSAttributedString.Key.strikethroughStyle.rawValue
        }
        /// `.strikethroughColor`.
        public enum StrikethroughColorAttribute: AttributedStringKey {
            public typealias Value = UIColor
            public static let name = NSAttributedString.Key.strikethroughColor.rawValue
        }
        /// `.paragraphStyle`.
        public enum ParagraphStyleAttribute: AttributedStringKey {
            public typealias Value = NSParagraphStyle
            public static let name = NSAttributedString.Key.paragraphStyle.rawValue
        }
        /// `.shadow`.
        public enum ShadowAttribute: AttributedStringKey {
            public typealias Value = NSShadow
            public static let name = NSAttributedString.Key.shadow.rawValue
        }
    }

    /// UIKit's attributes, as `AttributeScopes.uiKit`.
    public var uiKit: UIKitAttributes.Type { UIKitAttributes.self }
}

extension AttributeDynamicLookup {
    /// `string.font`, `container.foregroundColor` ...: UIKit's attributes by name.
    public subscript<T: AttributedStringKey>(
        dynamicMember keyPath: KeyPath<AttributeScopes.UIKitAttributes, T>
    ) -> T {
        self[T.self]
    }
}

extension NSAttributedString {
    /// The same text with UIKit's and Foundation's `link` attributes, as Foundation's
    /// `NSAttributedString(_:)` on iOS (missing from corelibs Foundation).
    public convenience init(_ attributedString: AttributedString) {
        typealias UIKit = AttributeScopes.UIKitAttributes
        let result = NSMutableAttributedString(string: "")
        for run in attributedString.runs {
            var attributes: [NSAttributedString.Key: Any] = [:]
            attributes[.font] = run[UIKit.FontAttribute.self]
            attributes[.foregroundColor] = run[UIKit.ForegroundColorAttribute.self]
            attributes[.backgroundColor] = run[UIKit.BackgroundColorAttribute.self]
            attributes[.kern] = run[UIKit.KernAttribute.self]
            attributes[.underlineStyle] = run[UIKit.UnderlineStyleAttribute.self]?.rawValue
            attributes[.underlineColor] = run[UIKit.UnderlineColorAttribute.self]
            attributes[.strikethroughStyle] = run[UIKit.StrikethroughStyleAttribute.self]?.rawValue
            attributes[.strikethroughColor] = run[UIKit.StrikethroughColorAttribute.self]
            attributes[.paragraphStyle] = run[UIKit.ParagraphStyleAttribute.self]
            attributes[.shadow] = run[UIKit.ShadowAttribute.self]
            attributes[.link] = run.link
            let text = String(attributedString.characters[run.range])
            result.append(NSAttributedString(string: text, attributes: attributes))
        }
        self.init(attributedString: result)
    }
}
