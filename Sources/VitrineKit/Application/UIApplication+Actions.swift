import Foundation

extension UIApplication {
    /// Sends the action named `action` (an interface file's selector spelling, `"copy:"`), as
    /// `sendAction(_:to:from:for:)`. Swift on Linux has no selectors, so the action is found
    /// in the receiving class's `NibActionTarget.nibActions`. With a `target` the action goes
    /// to it; with nil it goes to the first responder (the sender's chain when nothing is
    /// first responder) and up the responder chain to the first responder that lists it, as
    /// UIKit's nil-targeted actions. Returns whether a responder took it.
    @discardableResult
    public func sendAction(_ action: String, to target: AnyObject?, from sender: Any?, for event: UIEvent?) -> Bool {
        if let target {
            guard let method = NibActionLookup.action(action, on: target) else { return false }
            return method.invoke(target, sender, event)
        }
        var responder: UIResponder? = FirstResponder.current ?? (sender as? UIResponder) ?? keyWindow
        while let current = responder {
            if let method = NibActionLookup.action(action, on: current) {
                return method.invoke(current, sender, event)
            }
            responder = current.next
        }
        return false
    }
}
