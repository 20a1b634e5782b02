import Foundation

/// What a text field asks and tells its delegate, as UIKit's `UITextFieldDelegate` (every
/// method optional, through the default implementations below).
@preconcurrency @MainActor
public protocol UITextFieldDelegate: AnyObject {
    /// Whether editing may begin, as `textFieldShouldBeginEditing(_:)` (default true).
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
    /// Editing began (the field is first responder), as `textFieldDidBeginEditing(_:)`.
    func textFieldDidBeginEditing(_ textField: UITextField)
    /// Whether editing may end, as `textFieldShouldEndEditing(_:)` (default true).
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool
    /// Editing ended, as `textFieldDidEndEditing(_:)`.
    func textFieldDidEndEditing(_ textField: UITextField)
    /// Editing ended for `reason`, as `textFieldDidEndEditing(_:reason:)`; the default calls
    /// `textFieldDidEndEditing(_:)`, as UIKit does when this one is not implemented.
    func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason)
    /// Whether typing may replace `range` (UTF-16, as `NSRange`) with `string`, as
    /// `textField(_:shouldChangeCharactersIn:replacementString:)` (default true): false vetoes
    /// the change. `string` is "" for a deletion.
    func textField(
        _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
    ) -> Bool
    /// The selection moved, as `textFieldDidChangeSelection(_:)`.
    func textFieldDidChangeSelection(_ textField: UITextField)
    /// Whether the clear button may empty the field, as `textFieldShouldClear(_:)` (default
    /// true).
    func textFieldShouldClear(_ textField: UITextField) -> Bool
    /// Whether the return key is obeyed, as `textFieldShouldReturn(_:)` (default true).
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
}

extension UITextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: UITextField) {}
    public func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidEndEditing(_ textField: UITextField) {}
    public func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) {
        textFieldDidEndEditing(textField)
    }
    public func textField(
        _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
    ) -> Bool { true }
    public func textFieldDidChangeSelection(_ textField: UITextField) {}
    public func textFieldShouldClear(_ textField: UITextField) -> Bool { true }
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
}
