import Foundation

/// The closure a `UIAction` runs, as UIKit's `UIActionHandler`.
public typealias UIActionHandler = @MainActor (UIAction) -> Void

/// An action a control runs for its events, as UIKit's `UIAction` (iOS 14): a title, an
/// identifier and a handler, added with `UIControl.addAction(_:for:)`.
///
/// While the handler runs, `sender` is the control that sent it, as in UIKit (the button
/// or the interaction's view when chosen from a menu). It is also a menu element: `UIMenu`
/// shows it with its `attributes` (`.destructive` in red, `.disabled` dimmed) and `state`.
@preconcurrency @MainActor
open class UIAction: UIMenuElement {
    /// Names an action so it can be found, replaced and removed, as `UIAction.Identifier`.
    public struct Identifier: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.rawValue = value }
    }

    /// The action's title, as `title`.
    open override var title: String {
        get { storedTitle }
        set { storedTitle = newValue }
    }
    /// The action's image, as `image`.
    open override var image: UIImage? {
        get { storedImage }
        set { storedImage = newValue }
    }
    /// How it behaves in a menu, as `attributes`.
    open var attributes: UIMenuElement.Attributes = []
    /// Whether a menu shows it checked, as `state`.
    open var state: UIMenuElement.State = .off
    /// A title for discoverability, as `discoverabilityTitle`.
    open var discoverabilityTitle: String?
    /// The action's identifier, as `identifier`: the one given, else a unique one.
    public let identifier: Identifier
    /// The handler, as `handler`.
    public let handler: UIActionHandler
    /// The control whose event is running the handler, as `sender`; nil outside a call.
    open internal(set) var sender: Any?

    /// An action with a title, an image, an identifier (nil: a new unique one), its menu
    /// attributes and state, and a handler, as
    /// `init(title:subtitle:image:identifier:discoverabilityTitle:attributes:state:handler:)`.
    public init(
        title: String = "", subtitle: String? = nil, image: UIImage? = nil, identifier: Identifier? = nil,
        discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [],
        state: UIMenuElement.State = .off, handler: @escaping UIActionHandler
    ) {
        self.identifier = identifier ?? Identifier(rawValue: UUID().uuidString)
        self.handler = handler
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        super.init(title: title, subtitle: subtitle, image: image)
    }

    /// Runs the handler with `sender` set for the duration of the call.
    func perform(sender: Any?) {
        let previous = self.sender
        self.sender = sender
        handler(self)
        self.sender = previous
    }
}
