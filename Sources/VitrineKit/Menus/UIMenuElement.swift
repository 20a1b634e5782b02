import Foundation

/// An element of a menu, as UIKit's `UIMenuElement`: the base of `UIAction` and `UIMenu`,
/// with a title, a subtitle and an image.
@preconcurrency @MainActor
open class UIMenuElement {
    /// How an element behaves and is drawn, as `UIMenuElement.Attributes`.
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Shown dimmed; choosing it does nothing, as `.disabled`.
        public static let disabled = Attributes(rawValue: 1 << 0)
        /// Shown in red: it destroys data, as `.destructive`.
        public static let destructive = Attributes(rawValue: 1 << 1)
        /// Not shown, as `.hidden`.
        public static let hidden = Attributes(rawValue: 1 << 2)
        /// Choosing it leaves the menu open, as `.keepsMenuPresented`.
        public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
    }

    /// An element's checked state, drawn as a checkmark for `.on`, as `UIMenuElement.State`.
    public enum State: Int, Sendable {
        case off = 0
        case on = 1
        case mixed = 2
    }

    var storedTitle: String
    var storedImage: UIImage?

    /// The element's title, as `title`.
    open var title: String { storedTitle }
    /// A second line under the title, as `subtitle`.
    open var subtitle: String?
    /// The image shown beside the title, as `image`.
    open var image: UIImage? { storedImage }

    init(title: String, subtitle: String? = nil, image: UIImage?) {
        storedTitle = title
        self.subtitle = subtitle
        storedImage = image
    }
}

/// A menu: a titled group of actions and submenus, as UIKit's `UIMenu`.
///
/// Shown by a `UIContextMenuInteraction` (a long press) or a button's `menu`. Children marked
/// `.hidden` are left out; an inline child menu (`.displayInline`) shows its children in
/// place, set off by a separator; another child menu is a row that opens it. In a
/// `.singleSelection` menu, choosing an action turns it on and its siblings off.
@preconcurrency @MainActor
open class UIMenu: UIMenuElement {
    /// Names a menu, as `UIMenu.Identifier`.
    public struct Identifier: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.rawValue = value }
    }

    /// How a menu shows, as `UIMenu.Options` (same raw values as UIKit).
    public struct Options: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Its children are shown in the parent menu, as `.displayInline`.
        public static let displayInline = Options(rawValue: 1 << 0)
        /// Its row is shown in red, as `.destructive`.
        public static let destructive = Options(rawValue: 1 << 1)
        /// At most one child is on at a time, as `.singleSelection`.
        public static let singleSelection = Options(rawValue: 1 << 5)
        /// Shown as a row of icons in UIKit, as `.displayAsPalette` (Vitrine: a list).
        public static let displayAsPalette = Options(rawValue: 1 << 7)
    }

    /// The menu's identifier, as `identifier`: the one given, else a unique one.
    public let identifier: Identifier
    /// How the menu shows, as `options`.
    public let options: Options
    /// The menu's elements, as `children`.
    public let children: [UIMenuElement]

    /// A menu, as `init(title:subtitle:image:identifier:options:children:)`.
    public init(
        title: String = "", subtitle: String? = nil, image: UIImage? = nil, identifier: Identifier? = nil,
        options: Options = [], children: [UIMenuElement] = []
    ) {
        self.identifier = identifier ?? Identifier(rawValue: UUID().uuidString)
        self.options = options
        self.children = children
        super.init(title: title, subtitle: subtitle, image: image)
    }

    /// A copy of the menu with other children, as `replacingChildren(_:)`.
    open func replacingChildren(_ newChildren: [UIMenuElement]) -> UIMenu {
        UIMenu(
            title: title, subtitle: subtitle, image: image, identifier: identifier, options: options,
            children: newChildren)
    }

    /// The actions that are on, as `selectedElements`.
    open var selectedElements: [UIMenuElement] {
        children.filter { ($0 as? UIAction)?.state == .on }
    }
}
