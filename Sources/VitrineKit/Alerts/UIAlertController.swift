import Foundation

/// An alert or action sheet, as UIKit's `UIAlertController`: present it with
/// `present(_:animated:completion:)`; a tap on a button dismisses it and then runs that
/// action's handler (UIKit's order: the handler comes after the dismissal's animation).
///
/// `.alert` shows a 270-point box over a dimming of the window, appearing as UIKit's alerts
/// do (scaling from 1.2 to 1 while fading in); `.actionSheet` shows a centred sheet with the
/// cancel action in a group of its own at the bottom (on a large screen without a popover
/// source, Vitrine's stand-in for iPad's popover). Layout: see `AlertView`. The alert is
/// presented over the full screen with `modalPresentationStyle` `.custom`, as UIKit's, so the
/// presenting controller gets no appearance callbacks.
///
/// Text fields (`addTextField(configurationHandler:)`) sit under the message of an `.alert`,
/// the first one editing as the alert appears; Return in a field takes the `preferredAction`.
///
/// Vitrine differences: no popover anchoring for action sheets; the alert stays centred when
/// the on-screen keyboard shows (UIKit lifts it above the keyboard). Bad input is
/// logged and ignored as UIKit raises: a second `.cancel` action, a `preferredAction` that is
/// not one of `actions`, actions added while the alert is shown are shown at once.
@preconcurrency @MainActor
open class UIAlertController: UIViewController {
    /// The kind of alert, as `UIAlertController.Style`.
    public enum Style: Int, Sendable {
        /// A sheet of choices (from the bottom on a phone; centred on a panel).
        case actionSheet = 0
        /// A modal alert box.
        case alert = 1
    }

    /// The kind of alert, as `preferredStyle`.
    open private(set) var preferredStyle = Style.alert

    /// The message under the title, as `message`.
    open var message: String? {
        didSet { contentDidChange() }
    }

    /// The title, as `title` (UIViewController's, shown in the box).
    open override var title: String? {
        didSet { contentDidChange() }
    }

    /// The actions, in the order added, as `actions`.
    open private(set) var actions: [UIAlertAction] = []

    /// The action shown in semibold (and taken by the return key in UIKit), as
    /// `preferredAction`; must be one of `actions` (others are logged and ignored).
    open var preferredAction: UIAlertAction? {
        didSet {
            if let action = preferredAction, !actions.contains(where: { $0 === action }) {
                UIViewController.reportPresentationError(
                    "UIAlertController: the preferred action must be one of the alert's actions")
                preferredAction = oldValue
                return
            }
            contentDidChange()
        }
    }

    /// The text fields, in the order added, as `textFields` (nil when there are none).
    open var textFields: [UITextField]? { fields.isEmpty ? nil : fields }
    private var fields: [UITextField] = []

    /// Adds a text field under the message, as `addTextField(configurationHandler:)`;
    /// `configurationHandler` sets it up (placeholder, secure entry, delegate) before it is
    /// shown. Only alerts have text fields: on an action sheet it is logged and ignored
    /// (UIKit raises).
    open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
        guard preferredStyle == .alert else {
            UIViewController.reportPresentationError(
                "UIAlertController: text fields can only be added to an alert controller of style .alert")
            return
        }
        let field = AlertView.makeTextField()
        field.addAction(UIAction { [weak self] _ in self?.returnPressed() }, for: .primaryActionTriggered)
        fields.append(field)
        configurationHandler?(field)
        contentDidChange()
    }

    /// The first text field edits as the alert appears, as in UIKit.
    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        fields.first?.becomeFirstResponder()
    }

    /// Return in a text field takes the preferred action, as a tap on its button would.
    private func returnPressed() {
        guard let action = preferredAction else { return }
        tapped(action)
    }

    /// The box that shows the title, message and buttons.
    let alertView = AlertView(frame: .zero)

    /// An alert controller, as `init(title:message:preferredStyle:)`.
    public convenience init(title: String?, message: String?, preferredStyle: Style) {
        self.init(nibName: nil, bundle: nil)
        self.preferredStyle = preferredStyle
        self.title = title
        self.message = message
        modalPresentationStyle = .custom
        contentDidChange()
    }

    /// Adds an action, as `addAction(_:)`. A second `.cancel` action is refused and logged
    /// (UIKit raises: an alert has at most one).
    open func addAction(_ action: UIAlertAction) {
        if action.style == .cancel && actions.contains(where: { $0.style == .cancel }) {
            UIViewController.reportPresentationError(
                "UIAlertController can only have one action with a style of UIAlertActionStyleCancel")
            return
        }
        actions.append(action)
        action.enabledDidChange = { [weak self] in self?.alertView.buttons.forEach { $0.update() } }
        contentDidChange()
    }

    open override func loadView() {
        let root = AlertRootView(frame: UIScreen.main.bounds)
        root.alertView = alertView
        root.addSubview(alertView)
        view = root
    }

    private func contentDidChange() {
        alertView.configure(
            style: preferredStyle, title: title, message: message, textFields: fields, actions: actions,
            preferredAction: preferredAction,
            tapped: { [weak self] action in self?.tapped(action) })
        viewIfLoaded?.setNeedsLayout()
    }

    /// A button was tapped: dismiss, then run the handler (UIKit's order).
    private func tapped(_ action: UIAlertAction) {
        guard action.isEnabled, presentation?.phase == .shown else { return }
        dismiss(animated: true) { action.handler?(action) }
    }
}

/// The alert controller's view: clear, covering the window (so the alert is modal), with the
/// alert box centred in what the on-screen keyboard leaves of it: as in UIKit, an alert whose
/// text field brings the keyboard up slides up with it, and down again when it goes.
@MainActor
final class AlertRootView: UIView {
    weak var alertView: AlertView?
    /// The keyboard's top in this view while it covers the view's bottom, else nil.
    private(set) var keyboardTop: CGFloat?
    /// Watches the keyboard while the view is in a window (and only then, so no observer
    /// outlives a dismissed alert).
    private var keyboardObserver: (any NSObjectProtocol)?
    /// The least space kept above the alert when the keyboard leaves it little room.
    private static let topMargin: CGFloat = 8

    override func layoutSubviews() {
        super.layoutSubviews()
        guard let alertView else { return }
        let size = alertView.layOut()
        alertView.bounds = CGRect(origin: .zero, size: size)
        let visibleBottom = min(keyboardTop ?? bounds.maxY, bounds.maxY)
        let centreY = max((bounds.minY + visibleBottom) / 2, bounds.minY + Self.topMargin + size.height / 2)
        alertView.center = CGPoint(x: (bounds.midX).rounded(), y: centreY.rounded())
    }

    override func didMoveToWindow() {
        super.didMoveToWindow()
        let center = NotificationCenter.default
        if window == nil {
            if let keyboardObserver { center.removeObserver(keyboardObserver) }
            keyboardObserver = nil
            return
        }
        guard keyboardObserver == nil else { return }
        keyboardObserver = center.addObserver(
            forName: UIResponder.keyboardWillChangeFrameNotification, object: nil, queue: nil
        ) { [weak self] note in
            let end = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue
            let duration =
                (note.userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] as? NSNumber)?
                .doubleValue ?? 0
            MainActor.assumeIsolated { self?.keyboardWillMove(to: end, duration: duration) }
        }
    }

    /// The keyboard is about to move to `end` (screen coordinates): the alert moves with it,
    /// over the keyboard's own duration.
    private func keyboardWillMove(to end: CGRect?, duration: Double) {
        guard let end, let window else { return }
        let local = convert(end, from: window)
        let covers = local.minY < bounds.maxY && local.maxY > bounds.minY && local.width > 0
        let top = covers ? local.minY : nil
        guard top != keyboardTop else { return }
        keyboardTop = top
        setNeedsLayout()
        if duration > 0 {
            UIView.animate(withDuration: duration) { self.layoutIfNeeded() }
        }
    }
}
