import Foundation

/// What a picker view asks for its rows' content and tells of selections, as UIKit's
/// `UIPickerViewDelegate`. Every method is optional.
///
/// Swift cannot tell whether a conforming type implemented a protocol method, so the
/// defaults answer what UIKit does without one: the width shares the picker's width equally
/// among the components, the row height is 32 points, no title, no attributed title, no
/// view (a row without any shows nothing). The picker asks for a row's content only when the
/// row comes into view, first `pickerView(_:viewForRow:forComponent:reusing:)`, then the
/// attributed title, then the title, as UIKit does.
@preconcurrency @MainActor
public protocol UIPickerViewDelegate: AnyObject {
    /// A component's width, as `pickerView(_:widthForComponent:)`.
    func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat
    /// The height of a component's rows, as `pickerView(_:rowHeightForComponent:)`.
    func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat
    /// A row's title, shown in the picker's 21-point font, as `pickerView(_:titleForRow:forComponent:)`.
    func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String?
    /// A row's styled title (its string, with the `.font` and `.foregroundColor` of its first
    /// character), as `pickerView(_:attributedTitleForRow:forComponent:)`; used before the
    /// plain title.
    func pickerView(_ pickerView: UIPickerView, attributedTitleForRow row: Int, forComponent component: Int)
        -> NSAttributedString?
    /// A row's view, as `pickerView(_:viewForRow:forComponent:reusing:)`; `view` is one that
    /// scrolled out of the same component, to reuse. Used before the titles.
    func pickerView(_ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int, reusing view: UIView?)
        -> UIView?
    /// The user settled a component on a row, as `pickerView(_:didSelectRow:inComponent:)`;
    /// not called for `selectRow(_:inComponent:animated:)`.
    func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int)
}

extension UIPickerViewDelegate {
    public func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat {
        pickerView.defaultWidth(forComponent: component)
    }
    public func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat {
        UIPickerView.defaultRowHeight
    }
    public func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        nil
    }
    public func pickerView(_ pickerView: UIPickerView, attributedTitleForRow row: Int, forComponent component: Int)
        -> NSAttributedString?
    {
        nil
    }
    public func pickerView(
        _ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int, reusing view: UIView?
    ) -> UIView? {
        nil
    }
    public func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {}
}
