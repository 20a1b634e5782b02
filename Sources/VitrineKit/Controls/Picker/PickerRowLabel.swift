import Foundation

/// The label a `UIPickerView` shows for a row that has a title (not a view of the
/// delegate's): centred text on one line, truncated at its end.
@MainActor
final class PickerRowLabel: UILabel {
    override init(frame: CGRect) {
        super.init(frame: frame)
        textAlignment = .center
        isOpaque = false
    }

    required init?(coder: NSCoder) {
        return nil
    }
}
