import Foundation

/// The keyboard's place in a view, as UIKit's `UIKeyboardLayoutGuide` (`UIView.keyboardLayoutGuide`):
/// as wide as its owning view, from the top of the on-screen keyboard (with its
/// `inputAccessoryView`) down to the view's bottom. While the keyboard is hidden (or does not
/// reach the view) its top is the bottom of the view's safe area (`usesBottomSafeArea`, the
/// default) or the view's bottom, so its height is the bottom safe-area inset or 0, as in
/// UIKit. It moves with the keyboard's slide: views tied to `topAnchor` animate with the
/// keyboard, with the same duration and curve.
///
/// Vitrine's keyboard is always docked: `followsUndockedKeyboard` is kept but changes nothing.
@preconcurrency @MainActor
open class UIKeyboardLayoutGuide: UILayoutGuide {
    init(owningView: UIView) {
        super.init(role: .keyboard, owningView: owningView)
    }

    /// Whether the guide follows an undocked or floating keyboard, as
    /// `followsUndockedKeyboard` (false). Vitrine's keyboard never undocks.
    open var followsUndockedKeyboard = false

    /// Whether the guide's top is the safe area's bottom while the keyboard is hidden, as
    /// `usesBottomSafeArea` (true); false: the view's bottom.
    open var usesBottomSafeArea = true {
        didSet {
            guard usesBottomSafeArea != oldValue else { return }
            itemState.engine?.markNeedsSolve()
        }
    }
}

extension UIView {
}

extension UIResponder {
    /// Posted before the keyboard slides up, as `keyboardWillShowNotification` (object nil;
    /// `userInfo` with the frame, duration, curve and local keys).
    nonisolated public static let keyboardWillShowNotification = Notification.Name("UIKeyboardWillShowNotification")
    /// Posted when the keyboard is up, as `keyboardDidShowNotification`.
    nonisolated public static let keyboardDidShowNotification = Notification.Name("UIKeyboardDidShowNotification")
    /// Posted before the keyboard slides down, as `keyboardWillHideNotification`.
    nonisolated public static let keyboardWillHideNotification = Notification.Name("UIKeyboardWillHideNotification")
    /// Posted when the keyboard is down, as `keyboardDidHideNotification`.
    nonisolated public static let keyboardDidHideNotification = Notification.Name("UIKeyboardDidHideNotification")
    /// Posted before the keyboard's frame changes (showing, hiding, another height, a
    /// rotation), as `keyboardWillChangeFrameNotification`.
    nonisolated public static let keyboardWillChangeFrameNotification = Notification.Name(
        "UIKeyboardWillChangeFrameNotification")
    /// Posted after the keyboard's frame changed, as `keyboardDidChangeFrameNotification`.
    nonisolated public static let keyboardDidChangeFrameNotification = Notification.Name(
        "UIKeyboardDidChangeFrameNotification")

    /// The keyboard's frame before the change, in screen coordinates (an `NSValue` of a `CGRect`:
    /// `cgRectValue`), as
    /// `keyboardFrameBeginUserInfoKey`.
    nonisolated public static let keyboardFrameBeginUserInfoKey = "UIKeyboardFrameBeginUserInfoKey"
    /// The keyboard's frame after the change, in screen coordinates (an `NSValue` of a `CGRect`), as
    /// `keyboardFrameEndUserInfoKey`. Hidden: the same size just below the screen.
    nonisolated public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
    /// The change's duration in seconds (an `NSNumber` of a `Double`: 0.25, or 0 for a change
    /// without animation), as `keyboardAnimationDurationUserInfoKey`.
    nonisolated public static let keyboardAnimationDurationUserInfoKey = "UIKeyboardAnimationDurationUserInfoKey"
    /// The change's curve (an `NSNumber` of an `Int`: 7, UIKit's private keyboard curve), as
    /// `keyboardAnimationCurveUserInfoKey`. Vitrine moves the keyboard with the ease-in-out
    /// curve, which is what `UIView.AnimationOptions(rawValue: UInt(7) << 16)` animates with in
    /// Vitrine, so an app that passes the curve on moves in step.
    nonisolated public static let keyboardAnimationCurveUserInfoKey = "UIKeyboardAnimationCurveUserInfoKey"
    /// Whether the keyboard belongs to this app (an `NSNumber` of a `Bool`: always true), as
    /// `keyboardIsLocalUserInfoKey`.
    nonisolated public static let keyboardIsLocalUserInfoKey = "UIKeyboardIsLocalUserInfoKey"
}
