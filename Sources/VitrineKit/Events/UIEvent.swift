/// An event, as UIKit's `UIEvent`: passed to hit-testing and to the responder chain.
///
/// Its touches, type and timestamp arrive with the events issue; hit-testing already takes it
/// so that view code written for iOS compiles unchanged.
@MainActor
open class UIEvent {
    /// An event with nothing in it.
    public init() {}
}
