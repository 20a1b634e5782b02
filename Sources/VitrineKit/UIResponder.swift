/// An object that can handle events, as UIKit's `UIResponder`: views, view controllers, windows
/// and the application are responders, chained by `next`.
///
/// Touch and press handling arrives with the events issue; for now the chain itself exists so
/// that views, controllers and windows link up as UIKit's do.
@MainActor
open class UIResponder {
    /// A responder with nothing to handle, as `init()`.
    public init() {}

    /// The next responder in the chain, as `next`: a view's view controller (when it is the
    /// controller's root view) or else its superview; a controller's view's superview; a
    /// window's application. The base class has none.
    open var next: UIResponder? { nil }
}
