import Foundation

extension UIApplication {
    /// The on-screen keyboard's letters layout (a Vitrine addition, set by the daemon from the
    /// config's `[keyboard] layout`): nil follows the locale (`LC_ALL`, `LC_MESSAGES`, `LANG`,
    /// else `Locale.current`: German gives QWERTZ, anything else US English).
    package var onScreenKeyboardLayout: OnScreenKeyboardLayout? {
        get { onScreenKeyboard.layoutOverride }
        set { onScreenKeyboard.layoutOverride = newValue }
    }
}
