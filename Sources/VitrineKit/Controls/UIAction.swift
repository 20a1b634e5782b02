import Foundation

/// The closure a `UIAction` runs, as UIKit's `UIActionHandler`.
public typealias UIActionHandler = @MainActor (UIAction) -> Void

/// An action a control runs for its events, as UIKit's `UIAction` (iOS 14): a title, an
/// identifier and a handler, added with `UIControl.addAction(_:for:)`.
///
/// While the handler runs, `sender` is the control that sent it, as in UIKit. UIKit's
/// `UIAction` is also a menu element (with `attributes`, `state`, `discoverabilityTitle`);
/// Vitrine has no menus, so only the title, image, identifier and handler exist.
@preconcurrency @MainActor
open class UIAction {
    /// Names an action so it can be found, replaced and removed, as `UIAction.Identifier`.
    public struct Identifier: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.rawValue = value }
    }

    /// The action's title, as `title`.
    open var title: String
    /// The action's image, as `image`.
    open var image: UIImage?
    /// The action's identifier, as `identifier`: the one given, else a unique one.
    public let identifier: Identifier
    /// The handler, as `handler`.
    public let handler: UIActionHandler
    /// The control whose event is running the handler, as `sender`; nil outside a call.
    open internal(set) var sender: Any?

    /// An action with a title, an image, an identifier (nil: a new unique one) and a
    /// handler, as `init(title:image:identifier:discoverabilityTitle:attributes:state:handler:)`
    /// without the menu-only parts.
    public init(
        title: String = "", image: UIImage? = nil, identifier: Identifier? = nil,
        handler: @escaping UIActionHandler
    ) {
        self.title = title
        self.image = image
        self.identifier = identifier ?? Identifier(rawValue: UUID().uuidString)
        self.handler = handler
    }

    /// Runs the handler with `sender` set for the duration of the call.
    func perform(sender: Any?) {
        let previous = self.sender
        self.sender = sender
        handler(self)
        self.sender = previous
    }
}
