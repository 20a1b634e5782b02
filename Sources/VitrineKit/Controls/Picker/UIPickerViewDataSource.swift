import Foundation

/// What a picker view asks for its shape, as UIKit's `UIPickerViewDataSource`: how many
/// components (wheels) it has and how many rows each has. Both are required. The picker asks
/// when it first lays out and on `reloadAllComponents()` / `reloadComponent(_:)`, and keeps
/// the answers; it never asks for anything per row here, so a component of millions of rows
/// costs no more than one of ten.
@preconcurrency @MainActor
public protocol UIPickerViewDataSource: AnyObject {
    /// How many components the picker has, as `numberOfComponents(in:)`.
    func numberOfComponents(in pickerView: UIPickerView) -> Int
    /// How many rows `component` has, as `pickerView(_:numberOfRowsInComponent:)`.
    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int
}
