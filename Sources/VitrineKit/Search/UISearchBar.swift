import Foundation

/// A bar with a search field, as UIKit's `UISearchBar`: a `UISearchTextField` (magnifying
/// glass, placeholder, clear button, the keyboard's Search key) and an optional Cancel button
/// at its trailing end.
///
/// Follows UIKit: typing tells the delegate `searchBar(_:textDidChange:)` (setting `text`
/// does not), the Search key `searchBarSearchButtonClicked(_:)`, the Cancel button
/// `searchBarCancelButtonClicked(_:)`; `searchBarShouldBeginEditing(_:)` can refuse the
/// field; the bar is 56 points tall (`sizeThatFits(_:)`, `intrinsicContentSize` with no
/// intrinsic width); `searchBarStyle` `.default` and `.prominent` draw a light bar behind the
/// field, `.minimal` none. A bar that belongs to a `UISearchController` activates it when
/// editing begins and deactivates it on Cancel. Deviations: no scope bar, prompt, bookmark
/// or results-list buttons, tokens, and `setShowsCancelButton(_:animated:)` does not
/// animate.
@preconcurrency @MainActor
open class UISearchBar: UIView {
    /// The bar's look, as `UISearchBar.Style`.
    public enum Style: UInt, Sendable {
        /// As `.prominent` (UIKit's default).
        case `default`
        /// A light bar behind the field, for a bar over content.
        case prominent
        /// No bar, only the field, for a bar inside other content.
        case minimal
    }

    /// The bar's height, as UIKit's search bar measures.
    static let barHeight: CGFloat = 56
    /// The field's height.
    static let fieldHeight: CGFloat = 36
    /// The margin around the field and between the field and the Cancel button.
    static let margin: CGFloat = 8

    /// The field, as `searchTextField`.
    open var searchTextField: UISearchTextField { field }
    private let field = UISearchTextField(frame: .zero)
    /// The Cancel button, present while `showsCancelButton` is true.
    let cancelButton = UIButton(type: .system)
    private let fieldDelegate = SearchFieldDelegate()

    /// The delegate, as `delegate`.
    open weak var delegate: UISearchBarDelegate?

    /// The search controller this bar belongs to, told of editing and of Cancel.
    weak var searchController: UISearchController?

    /// A bar, as `init(frame:)`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    /// A bar from an interface file, as `init?(coder:)`.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        fieldDelegate.bar = self
        searchTextField.delegate = fieldDelegate
        searchTextField.placeholder = "Search"
        searchTextField.addAction(UIAction { [weak self] _ in self?.fieldTextChanged() }, for: .editingChanged)
        addSubview(searchTextField)
        cancelButton.setTitle("Cancel", for: .normal)
        cancelButton.addAction(UIAction { [weak self] _ in self?.cancelTapped() }, for: .touchUpInside)
        cancelButton.isHidden = true
        addSubview(cancelButton)
        applyStyle()
    }

    // MARK: Text

    /// The text in the field, as `text` (`""` when empty); setting it tells nobody, as UIKit.
    open var text: String? {
        get { searchTextField.text }
        set { searchTextField.text = newValue }
    }

    /// The grey text shown while the field is empty, as `placeholder` (default nil, and the
    /// field then shows "Search", as iOS 13 and later do).
    open var placeholder: String? {
        didSet { searchTextField.placeholder = placeholder ?? "Search" }
    }

    /// The keyboard's return key, as `returnKeyType` (`.search`).
    open var returnKeyType: UIReturnKeyType {
        get { searchTextField.returnKeyType }
        set { searchTextField.returnKeyType = newValue }
    }

    // MARK: Look

    /// The bar's look, as `searchBarStyle` (default `.default`).
    open var searchBarStyle: Style = .default {
        didSet { applyStyle() }
    }

    /// The colour of the bar behind the field, as `barTintColor` (nil: the style's).
    open var barTintColor: UIColor? {
        didSet { applyStyle() }
    }

    /// Whether the Cancel button shows, as `showsCancelButton` (default false).
    open var showsCancelButton = false {
        didSet {
            guard showsCancelButton != oldValue else { return }
            cancelButton.isHidden = !showsCancelButton
            setNeedsLayout()
        }
    }

    /// Shows or hides the Cancel button, as `setShowsCancelButton(_:animated:)` (Vitrine does
    /// not animate it).
    open func setShowsCancelButton(_ showsCancelButton: Bool, animated: Bool) {
        self.showsCancelButton = showsCancelButton
    }

    // MARK: Sizes and layout

    /// The bar's size, as `sizeThatFits(_:)`: the width proposed (the Cancel button's and
    /// margins' when none) and 56 points.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width = size.width.isFinite && size.width > 0 ? size.width : 2 * Self.margin + 100
        return CGSize(width: width, height: Self.barHeight)
    }

    /// No intrinsic width, 56 points tall, as `intrinsicContentSize`.
    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: Self.barHeight)
    }

    /// Places the field, and the Cancel button after it when shown.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let margin = Self.margin
        var fieldWidth = bounds.width - 2 * margin
        if showsCancelButton {
            let size = cancelButton.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: bounds.height))
            let x = bounds.maxX - margin - size.width
            cancelButton.frame = CGRect(
                x: x, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
            fieldWidth -= size.width + margin
        }
        searchTextField.frame = CGRect(
            x: margin, y: ((bounds.height - Self.fieldHeight) / 2).rounded(.down), width: max(0, fieldWidth),
            height: Self.fieldHeight)
    }

    // MARK: Responding

    /// The bar is first responder when its field is.
    open override var isFirstResponder: Bool { searchTextField.isFirstResponder }

    /// Makes the field first responder, as UIKit's search bar does.
    @discardableResult
    open override func becomeFirstResponder() -> Bool { searchTextField.becomeFirstResponder() }

    /// Ends editing in the field.
    @discardableResult
    open override func resignFirstResponder() -> Bool { searchTextField.resignFirstResponder() }

    // MARK: Internals

    private func applyStyle() {
        switch searchBarStyle {
        case .default, .prominent:
            backgroundColor = barTintColor ?? UIColor(white: 0.97, alpha: 1)
        case .minimal:
            backgroundColor = barTintColor
        }
    }

    private func fieldTextChanged() {
        let text = searchTextField.text ?? ""
        delegate?.searchBar(self, textDidChange: text)
        searchController?.searchTextDidChange()
    }

    private func cancelTapped() {
        delegate?.searchBarCancelButtonClicked(self)
        searchController?.cancelButtonTapped()
    }

    /// The field's delegate: the bar's delegate's answers and notices.
    fileprivate final class SearchFieldDelegate: UITextFieldDelegate {
        weak var bar: UISearchBar?

        func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool {
            guard let bar else { return true }
            return bar.delegate?.searchBarShouldBeginEditing(bar) ?? true
        }

        func textFieldDidBeginEditing(_ textField: UITextField) {
            guard let bar else { return }
            bar.delegate?.searchBarTextDidBeginEditing(bar)
            bar.searchController?.searchBarDidBeginEditing()
        }

        func textFieldShouldEndEditing(_ textField: UITextField) -> Bool {
            guard let bar else { return true }
            return bar.delegate?.searchBarShouldEndEditing(bar) ?? true
        }

        func textFieldDidEndEditing(_ textField: UITextField) {
            guard let bar else { return }
            bar.delegate?.searchBarTextDidEndEditing(bar)
        }

        func textField(
            _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
        ) -> Bool {
            guard let bar else { return true }
            return bar.delegate?.searchBar(bar, shouldChangeTextIn: range, replacementText: string) ?? true
        }

        func textFieldShouldReturn(_ textField: UITextField) -> Bool {
            guard let bar else { return true }
            bar.delegate?.searchBarSearchButtonClicked(bar)
            return true
        }
    }
}
