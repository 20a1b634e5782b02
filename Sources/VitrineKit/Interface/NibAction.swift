/// An action method an interface file's `<action selector="tapped:" destination=...>` can name:
/// Vitrine's stand-in for the Objective-C selector behind `@IBAction`.
///
/// `@IBAction` itself compiles on Linux for methods taking one argument (the sender), so those
/// stay as they are written for iOS; Swift on Linux rejects it on methods with none or two, which
/// lose the attribute (or keep it inside `#if canImport(UIKit)`). The class lists its action
/// methods once, by the selector Interface Builder wrote, in `NibActionTarget`:
///
///     final class CounterViewController: UIViewController {
///         @IBAction func increment(_ sender: UIButton) { count += 1 }
///         func reset() { count = 0 }  // @IBAction on iOS
///     }
///
///     #if !canImport(UIKit)
///     extension CounterViewController: NibActionTarget {
///         static let nibActions = [
///             NibAction("increment:", CounterViewController.increment),
///             NibAction("reset", CounterViewController.reset),
///         ]
///     }
///     #endif
///
/// The three forms of UIKit's action methods are accepted: `action()`, `action(_ sender:)` and
/// `action(_ sender:forEvent:)`, with the selector's colons matching (`"reset"`, `"tapped:"`,
/// `"tapped:forEvent:"`). The sender's type is checked when the action is sent: a sender of
/// another type is logged and the method is not called (UIKit would crash).
@preconcurrency @MainActor
public struct NibAction {
    /// The selector as the interface file writes it (`"tapped:"`).
    public let selector: String
    /// How many arguments the method takes (0, 1 or 2), matched against the selector's colons.
    let argumentCount: Int
    /// Calls the method on a target of the right class: false when the target or sender does
    /// not have the types the method takes.
    let invoke: @MainActor (AnyObject, Any?, UIEvent?) -> Bool

    /// An action method without arguments, as `@IBAction func reset()`.
    public init<Target: AnyObject>(_ selector: String, _ method: @escaping @MainActor (Target) -> () -> Void) {
        self.selector = selector
        argumentCount = 0
        invoke = { target, _, _ in
            guard let target = target as? Target else { return false }
            method(target)()
            return true
        }
    }

    /// An action method taking the sender, as `@IBAction func tapped(_ sender: UIButton)`.
    public init<Target: AnyObject, Sender>(
        _ selector: String, _ method: @escaping @MainActor (Target) -> (Sender) -> Void
    ) {
        self.selector = selector
        argumentCount = 1
        invoke = { target, sender, _ in
            guard let target = target as? Target, let sender = sender as? Sender else { return false }
            method(target)(sender)
            return true
        }
    }

    /// An action method taking the sender and the event, as
    /// `@IBAction func tapped(_ sender: UIButton, forEvent event: UIEvent)`.
    public init<Target: AnyObject, Sender>(
        _ selector: String, _ method: @escaping @MainActor (Target) -> (Sender, UIEvent) -> Void
    ) {
        self.selector = selector
        argumentCount = 2
        invoke = { target, sender, event in
            guard let target = target as? Target, let sender = sender as? Sender, let event else { return false }
            method(target)(sender, event)
            return true
        }
    }
}

/// A class whose action methods interface files may name, by selector: see `NibAction`.
///
/// A subclass inherits its superclass's list; to add its own, the superclass declares the list as
/// a `class var` and the subclass overrides it with `super.nibActions + [...]`.
@preconcurrency @MainActor
public protocol NibActionTarget: AnyObject {
    /// The action methods, by the selectors Interface Builder writes.
    static var nibActions: [NibAction] { get }
}

extension NibActionTarget {
    /// The action for `selector`, or nil.
    static func nibAction(for selector: String) -> NibAction? {
        nibActions.first { $0.selector == selector }
    }
}

/// Finds the action method a selector names on an object.
@MainActor
enum NibActionLookup {
    /// The action `selector` names on `target`, or nil when its class does not list it.
    static func action(_ selector: String, on target: AnyObject) -> NibAction? {
        (type(of: target) as? NibActionTarget.Type)?.nibAction(for: selector)
    }

    /// Sends `selector` up the responder chain from the first responder (the First Responder
    /// placeholder's actions, as UIKit's nil-targeted actions), falling back to the chain of the
    /// sender when nothing is first responder: the first responder listing the action gets it.
    static func sendUpTheChain(_ selector: String, sender: UIResponder, event: UIEvent?) -> Bool {
        UIApplication.shared.sendAction(selector, to: nil, from: sender, for: event)
    }

    /// The control events an action's `eventType=` names, as Interface Builder writes them.
    static func controlEvents(_ eventType: String) -> UIControl.Event? {
        switch eventType {
        case "touchDown": .touchDown
        case "touchDownRepeat": .touchDownRepeat
        case "touchDragInside": .touchDragInside
        case "touchDragOutside": .touchDragOutside
        case "touchDragEnter": .touchDragEnter
        case "touchDragExit": .touchDragExit
        case "touchUpInside": .touchUpInside
        case "touchUpOutside": .touchUpOutside
        case "touchCancel": .touchCancel
        case "valueChanged": .valueChanged
        case "primaryActionTriggered": .primaryActionTriggered
        case "menuActionTriggered": .menuActionTriggered
        case "editingDidBegin": .editingDidBegin
        case "editingChanged": .editingChanged
        case "editingDidEnd": .editingDidEnd
        case "editingDidEndOnExit": .editingDidEndOnExit
        default: nil
        }
    }

    /// The number of arguments a selector's method takes: its colons.
    static func argumentCount(_ selector: String) -> Int { selector.count { $0 == ":" } }
}
