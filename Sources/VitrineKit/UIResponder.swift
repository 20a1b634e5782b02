/// An object that can handle events, as UIKit's `UIResponder`: views, view controllers,
/// windows and the application are responders, chained by `next`.
///
/// The touch and press methods forward to `next` by default, so an event a responder does
/// not handle travels up the chain (view → its controller → superview … → window →
/// application → app delegate when it is a responder) and is dropped at the end.
@preconcurrency @MainActor
open class UIResponder {
    /// A responder with nothing to handle, as `init()`.
    public init() {}

    /// The next responder in the chain, as `next`: a view's view controller (when it is the
    /// controller's root view) or else its superview; a controller's view's superview; a
    /// window's application; the application's delegate when that is a responder. The base
    /// class has none.
    open var next: UIResponder? { nil }

    // MARK: Touches

    /// Fingers went down, as `touchesBegan(_:with:)`; the default passes them to `next`.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesBegan(touches, with: event)
    }

    /// Fingers moved, as `touchesMoved(_:with:)`; the default passes them to `next`.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesMoved(touches, with: event)
    }

    /// Fingers lifted, as `touchesEnded(_:with:)`; the default passes them to `next`.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesEnded(touches, with: event)
    }

    /// Touches were cancelled (a recognizer took them, the view left its window, the input
    /// device went away), as `touchesCancelled(_:with:)`; the default passes them to `next`.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesCancelled(touches, with: event)
    }

    // MARK: Presses

    /// Keys went down, as `pressesBegan(_:with:)`. The default types them when this is the
    /// first responder and a text receiver (`UIKeyInput`), as UIKit's text system does, and
    /// passes the rest (and every press, for other responders) to `next`.
    open func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        var rest = presses
        if isFirstResponder, let receiver = self as? UIKeyInput {
            rest = presses.filter { press in !(press.key.map { KeyTyping.type($0, into: receiver) } ?? false) }
        }
        if !rest.isEmpty { next?.pressesBegan(rest, with: event) }
    }

    /// Presses changed (their force, for buttons with pressure), as
    /// `pressesChanged(_:with:)`; the default passes them to `next`. Keyboard keys have no
    /// pressure, so Vitrine's key sources do not send it.
    open func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        next?.pressesChanged(presses, with: event)
    }

    /// Keys came up, as `pressesEnded(_:with:)`; the default passes them to `next`.
    open func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        next?.pressesEnded(presses, with: event)
    }

    /// Presses were cancelled, as `pressesCancelled(_:with:)`; the default passes them on.
    open func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        next?.pressesCancelled(presses, with: event)
    }

    /// A held key typed again (key repeat). UIKit sends no presses for repeats: its text system
    /// types the character again. Vitrine's does the same through this internal hook: the
    /// default passes it up the chain; text receivers (`UIKeyInput`) type it.
    func keyDidRepeat(_ key: UIKey) {
        if isFirstResponder, let receiver = self as? UIKeyInput, KeyTyping.type(key, into: receiver) { return }
        next?.keyDidRepeat(key)
    }

    // MARK: First responder

    /// Whether the responder may become first responder, as `canBecomeFirstResponder`
    /// (default false).
    open var canBecomeFirstResponder: Bool { false }

    /// Whether the first responder may give up the role, as `canResignFirstResponder`
    /// (default true).
    open var canResignFirstResponder: Bool { true }

    /// Makes this the app's first responder, the receiver of key presses, as
    /// `becomeFirstResponder()`: refused (false) when `canBecomeFirstResponder` is false or
    /// the current first responder will not resign. A view must be in a window.
    @discardableResult
    open func becomeFirstResponder() -> Bool { FirstResponder.make(self) }

    /// Gives up being first responder, as `resignFirstResponder()`; false when
    /// `canResignFirstResponder` is false.
    @discardableResult
    open func resignFirstResponder() -> Bool { FirstResponder.resign(self) }

    /// Whether this is the first responder, as `isFirstResponder`.
    open var isFirstResponder: Bool { FirstResponder.current === self }

    /// The view the on-screen keyboard's place shows instead of the keyboard while this is
    /// first responder, as `inputView` (nil: the system keyboard). `UITextField` and
    /// `UITextView` make it settable, as in UIKit.
    open var inputView: UIView? { nil }

    /// A view shown above the keyboard while this is first responder, as
    /// `inputAccessoryView` (nil: none).
    open var inputAccessoryView: UIView? { nil }

    /// Shows the current `inputView` and `inputAccessoryView` of the first responder, as
    /// `reloadInputViews()` (call it after changing them while first responder).
    open func reloadInputViews() {
        guard isFirstResponder else { return }
        NotificationCenter.default.post(name: UIResponder.inputViewsDidChangeNotification, object: self)
    }

    /// Posted (internally) by `reloadInputViews()`.
    static let inputViewsDidChangeNotification = Notification.Name("VitrineInputViewsDidChange")

    /// Called after this became first responder (internal: `UITextField` starts editing).
    func didBecomeFirstResponder() {}
    /// Called after this stopped being first responder (internal: `UITextField` ends editing).
    func didResignFirstResponder() {}
}

/// The app's one first responder (UIKit keeps one per window; with one key window receiving
/// key presses, one for the app behaves the same). Changes are posted as
/// `FirstResponder.didChangeNotification` (the on-screen keyboard follows them).
@MainActor
enum FirstResponder {
    static weak var current: UIResponder?

    /// Posted (internally) after the first responder changed; the object is the new one, or nil.
    static let didChangeNotification = Notification.Name("VitrineFirstResponderDidChange")

    /// Whether the first responder is being replaced: the old one's resignation is posted
    /// (object nil) while this is true, and the new one follows (the on-screen keyboard stays
    /// up between them).
    private(set) static var isReplacing = false

    static func make(_ responder: UIResponder) -> Bool {
        if current === responder { return true }
        guard responder.canBecomeFirstResponder else { return false }
        if let view = responder as? UIView, view.window == nil { return false }
        if let previous = current {
            isReplacing = true
            let resigned = previous.resignFirstResponder()
            isReplacing = false
            if !resigned { return false }
        }
        // The previous one's resign may have made another first responder meanwhile.
        guard current == nil else { return current === responder }
        current = responder
        responder.didBecomeFirstResponder()
        NotificationCenter.default.post(name: didChangeNotification, object: responder)
        return true
    }

    static func resign(_ responder: UIResponder) -> Bool {
        guard current === responder else { return true }
        guard responder.canResignFirstResponder else { return false }
        clear(responder)
        return true
    }

    /// `view` is leaving its window: when it is the first responder it resigns, and stops
    /// being first responder even if it refuses (a responder outside every window can take no
    /// keys), as UIKit does for a field removed while editing.
    static func viewWillLeaveWindow(_ view: UIView) {
        guard current === view else { return }
        if !view.resignFirstResponder(), current === view { clear(view) }
    }

    /// Takes the role from `responder` whether or not it agrees (`endEditing(true)`).
    static func forceResign(_ responder: UIResponder) {
        guard current === responder else { return }
        clear(responder)
    }

    private static func clear(_ responder: UIResponder) {
        current = nil
        responder.didResignFirstResponder()
        NotificationCenter.default.post(name: didChangeNotification, object: nil)
    }
}
