import Foundation

/// The box of a `UIAlertController`: the title and message, then the action buttons, laid out
/// as iOS lays out alerts and action sheets.
///
/// **Alert** (270 points wide, as iOS's; corners rounded 13 points and a light grey background,
/// close to iOS's look): the title (17 pt semibold) and message (13 pt) centred with 16-point
/// side insets, 20 points above and below; then buttons 44 points tall separated by hairlines. Exactly two actions sit side
/// by side, the cancel one on the left (if their titles fit half the width); otherwise they are
/// stacked in the order added with the cancel one at the bottom. The cancel button is
/// semibold, unless the alert has a `preferredAction`, which is then the one in semibold.
///
/// **Action sheet** (on a panel: centred, 304 points wide, Vitrine's width): a group with the
/// title and message (13 pt, grey) and the actions as 57-point rows (20 pt),
/// then, 8 points below, the cancel action alone in its own group, semibold.
@MainActor
final class AlertView: UIView {
    static let alertWidth: CGFloat = 270
    static let sheetWidth: CGFloat = 304
    static let cornerRadius: CGFloat = 13
    static let alertButtonHeight: CGFloat = 44
    static let sheetButtonHeight: CGFloat = 57
    static let sheetCancelGap: CGFloat = 8
    static let background = UIColor(white: 0.96, alpha: 1)
    static let separatorColor = UIColor(white: 0.78, alpha: 1)

    private(set) var style = UIAlertController.Style.alert
    let mainGroup = UIView(frame: .zero)
    let cancelGroup = UIView(frame: .zero)
    private(set) var titleLabel: UILabel?
    private(set) var messageLabel: UILabel?
    /// The buttons, one per action, in the order the actions were added.
    private(set) var buttons: [AlertActionButton] = []
    /// The alert's text fields, under the message.
    private(set) var textFields: [UITextField] = []
    static let textFieldHeight: CGFloat = 25

    /// A text field as alerts show them: 13-point text in a white box with a hairline border.
    static func makeTextField() -> UITextField {
        let field = UITextField(frame: .zero)
        field.font = .systemFont(ofSize: 13)
        field.backgroundColor = .white
        field.layer.borderColor = separatorColor.cgColor
        field.layer.borderWidth = 0.5
        field.leftView = UIView(frame: CGRect(x: 0, y: 0, width: 4, height: textFieldHeight))
        field.leftViewMode = .always
        return field
    }
    private var separators: [UIView] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        for group in [mainGroup, cancelGroup] {
            group.backgroundColor = Self.background
            group.layer.cornerRadius = Self.cornerRadius
            group.clipsToBounds = true
            addSubview(group)
        }
    }

    required init?(coder: NSCoder) { nil }

    /// Rebuilds the contents.
    func configure(
        style: UIAlertController.Style, title: String?, message: String?, textFields: [UITextField],
        actions: [UIAlertAction], preferredAction: UIAlertAction?, tapped: @escaping (UIAlertAction) -> Void
    ) {
        self.style = style
        self.textFields = textFields
        for view in mainGroup.subviews + cancelGroup.subviews { view.removeFromSuperview() }
        separators = []
        let isAlert = style == .alert
        titleLabel = title.flatMap { $0.isEmpty ? nil : $0 }.map { text in
            makeLabel(
                text,
                font: isAlert ? .systemFont(ofSize: 17, weight: .semibold) : .systemFont(ofSize: 13, weight: .semibold),
                color: isAlert ? .black : .systemGray)
        }
        messageLabel = message.flatMap { $0.isEmpty ? nil : $0 }.map { text in
            makeLabel(text, font: .systemFont(ofSize: 13), color: isAlert ? .black : .systemGray)
        }
        for field in textFields { mainGroup.addSubview(field) }
        buttons = actions.map { action in
            let bold = preferredAction.map { $0 === action } ?? (action.style == .cancel)
            let size: CGFloat = isAlert ? 17 : 20
            let button = AlertActionButton(
                action: action, font: .systemFont(ofSize: size, weight: bold ? .semibold : .regular))
            button.addAction(UIAction { _ in tapped(action) }, for: .touchUpInside)
            return button
        }
        setNeedsLayout()
    }

    private func makeLabel(_ text: String, font: UIFont, color: UIColor) -> UILabel {
        let label = UILabel(frame: .zero)
        label.text = text
        label.font = font
        label.textColor = color
        label.textAlignment = .center
        label.numberOfLines = 0
        mainGroup.addSubview(label)
        return label
    }

    private var hairline: CGFloat { 1 / max(1, window?.screen.scale ?? UIScreen.main.scale) }

    private func separator(_ frame: CGRect, in group: UIView) {
        let line = UIView(frame: frame)
        line.backgroundColor = Self.separatorColor
        group.addSubview(line)
        separators.append(line)
    }

    /// The button order: for two side by side, cancel first; otherwise the non-cancel ones in
    /// the order added, then cancel.
    private func ordered(_ buttons: [AlertActionButton]) -> [AlertActionButton] {
        buttons.filter { $0.action.style != .cancel } + buttons.filter { $0.action.style == .cancel }
    }

    /// Whether two buttons go side by side.
    private var sideBySide: Bool {
        guard style == .alert, buttons.count == 2 else { return false }
        let half = Self.alertWidth / 2 - 16
        return buttons.allSatisfy { $0.label.sizeThatFits(CGSize(width: 10_000, height: 100)).width <= half }
    }

    /// Lays the contents out and returns the box's size.
    @discardableResult
    func layOut() -> CGSize {
        for line in separators { line.removeFromSuperview() }
        separators = []
        let isAlert = style == .alert
        let width = isAlert ? Self.alertWidth : Self.sheetWidth
        var y: CGFloat = 0
        let labels = [titleLabel, messageLabel].compactMap { $0 }
        if !labels.isEmpty {
            let inset: CGFloat = 16
            y = isAlert ? 20 : 14
            for (index, label) in labels.enumerated() {
                if index > 0 { y += isAlert ? 2 : 4 }
                let size = label.sizeThatFits(CGSize(width: width - 2 * inset, height: .greatestFiniteMagnitude))
                label.frame = CGRect(x: inset, y: y, width: width - 2 * inset, height: ceil(size.height))
                y = label.frame.maxY
            }
            y += isAlert ? 20 : 14
        }
        if !textFields.isEmpty {
            // Stacked boxes that share their borders, 16 points in from the sides.
            if labels.isEmpty { y = 20 }
            for field in textFields {
                field.frame = CGRect(x: 16, y: y, width: width - 32, height: Self.textFieldHeight)
                y += Self.textFieldHeight - 0.5
            }
            y += 16.5
        }
        let rowHeight = isAlert ? Self.alertButtonHeight : Self.sheetButtonHeight
        let cancel = isAlert ? nil : buttons.first { $0.action.style == .cancel }
        if sideBySide {
            let pair = buttons.filter { $0.action.style == .cancel } + buttons.filter { $0.action.style != .cancel }
            let half = (width / 2).rounded()
            separator(CGRect(x: 0, y: y, width: width, height: hairline), in: mainGroup)
            pair[0].frame = CGRect(x: 0, y: y, width: half, height: rowHeight)
            pair[1].frame = CGRect(x: half, y: y, width: width - half, height: rowHeight)
            separator(CGRect(x: half, y: y, width: hairline, height: rowHeight), in: mainGroup)
            for button in pair { mainGroup.addSubview(button) }
            y += rowHeight
        } else {
            for button in ordered(buttons) where button !== cancel {
                if y > 0 { separator(CGRect(x: 0, y: y, width: width, height: hairline), in: mainGroup) }
                button.frame = CGRect(x: 0, y: y, width: width, height: rowHeight)
                mainGroup.addSubview(button)
                y += rowHeight
            }
        }
        for line in separators { mainGroup.bringSubviewToFront(line) }
        mainGroup.frame = CGRect(x: 0, y: 0, width: width, height: y)
        mainGroup.isHidden = y == 0
        var height = y
        if let cancel {
            let top = y > 0 ? y + Self.sheetCancelGap : 0
            cancelGroup.frame = CGRect(x: 0, y: top, width: width, height: rowHeight)
            cancel.frame = cancelGroup.bounds
            cancelGroup.addSubview(cancel)
            cancelGroup.isHidden = false
            height = cancelGroup.frame.maxY
        } else {
            cancelGroup.isHidden = true
        }
        return CGSize(width: width, height: height)
    }
}
