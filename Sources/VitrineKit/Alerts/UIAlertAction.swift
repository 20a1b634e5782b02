import Foundation

/// A button of an alert or action sheet, as UIKit's `UIAlertAction`: a title, a style, and a
/// handler that `UIAlertController` runs after the alert has been dismissed.
@preconcurrency @MainActor
open class UIAlertAction {
    /// How the button looks and where it goes, as `UIAlertAction.Style`.
    public enum Style: Int, Sendable {
        /// A plain button (system blue).
        case `default` = 0
        /// The cancel button: bold (unless another action is the `preferredAction`), on the
        /// left of two buttons side by side, at the bottom of stacked ones, in its own group
        /// at the bottom of an action sheet. One per alert.
        case cancel = 1
        /// A button that destroys data: red.
        case destructive = 2
    }

    /// The button's title, as `title`.
    public let title: String?
    /// The button's style, as `style`.
    public let style: Style
    let handler: ((UIAlertAction) -> Void)?
    /// Tells the alert showing the action that `isEnabled` changed.
    var enabledDidChange: (() -> Void)?

    /// Whether the button reacts to taps, as `isEnabled` (a disabled one is grey).
    open var isEnabled = true {
        didSet { if isEnabled != oldValue { enabledDidChange?() } }
    }

    /// An action, as `init(title:style:handler:)`.
    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}
