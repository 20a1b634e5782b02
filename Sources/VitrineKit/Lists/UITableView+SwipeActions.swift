import Foundation

/// An action shown when a row is swiped, as UIKit's `UIContextualAction`: a title or image
/// on a coloured button; tapping it (or a full swipe, for the first action) runs its handler,
/// which calls the completion handler with whether it did what it offered.
@preconcurrency @MainActor
open class UIContextualAction {
    /// How the action looks, as `UIContextualAction.Style`.
    public enum Style: Int, Sendable {
        /// A grey button.
        case normal
        /// A red button, for deleting.
        case destructive
    }

    /// What the action runs, as `UIContextualAction.Handler`: the action, the view showing
    /// it, and a completion handler to call with whether the action was performed.
    public typealias Handler = @MainActor (UIContextualAction, UIView, @escaping @MainActor (Bool) -> Void) -> Void

    /// The style, as `style`.
    public let style: Style
    /// The handler, as `handler`.
    public let handler: Handler
    /// The button's title, as `title`.
    open var title: String?
    /// The button's colour, as `backgroundColor` (default: red for `.destructive`, grey for
    /// `.normal`).
    open var backgroundColor: UIColor!
    /// The button's image, shown above the title, as `image`.
    open var image: UIImage?

    /// An action, as `init(style:title:handler:)`.
    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
        backgroundColor = style == .destructive ? .systemRed : .systemGray
    }
}

/// The actions a swipe on a row reveals, as UIKit's `UISwipeActionsConfiguration`: the first
/// is nearest the edge the swipe comes from and runs on a full swipe.
@preconcurrency @MainActor
open class UISwipeActionsConfiguration {
    /// The actions, as `actions`.
    public let actions: [UIContextualAction]
    /// Whether a full swipe runs the first action, as `performsFirstActionWithFullSwipe`
    /// (default true).
    open var performsFirstActionWithFullSwipe = true

    /// A configuration of `actions`, as `init(actions:)`.
    public init(actions: [UIContextualAction]) {
        self.actions = actions
    }
}

/// The buttons behind a swiped row.
@MainActor
final class TableSwipeActionsView: UIView {
    let actions: [UIContextualAction]
    private(set) var buttons: [UIView] = []
    private var highlighted: Int?

    /// A button's width: its title's plus padding, at least UIKit's 74 points.
    static let minimumButtonWidth: CGFloat = 74

    init(actions: [UIContextualAction], height: CGFloat) {
        self.actions = actions
        super.init(frame: .zero)
        clipsToBounds = true
        for action in actions {
            let button = UIView(frame: .zero)
            button.backgroundColor = action.backgroundColor ?? .systemGray
            let label = UILabel(frame: .zero)
            label.text = action.title
            label.font = .systemFont(ofSize: 15, weight: .medium)
            label.textColor = .white
            label.textAlignment = .center
            button.addSubview(label)
            if let image = action.image {
                let imageView = UIImageView(image: image, highlightedImage: nil)
                button.addSubview(imageView)
            }
            buttons.append(button)
        }
        // The first action is nearest the trailing edge: added last, on top.
        for button in buttons.reversed() { addSubview(button) }
    }

    required init?(coder: NSCoder) {
        return nil
    }

    /// The width the buttons take when fully open.
    var openWidth: CGFloat {
        buttons.indices.reduce(0) { $0 + buttonWidth($1) }
    }

    func buttonWidth(_ index: Int) -> CGFloat {
        guard let label = buttons[index].subviews.first as? UILabel else { return Self.minimumButtonWidth }
        let text = label.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
        return max(Self.minimumButtonWidth, (text.width + 30).rounded(.up))
    }

    /// Lays the buttons out for `revealed` points of the row uncovered: each grows in
    /// proportion, the first stretching to fill a swipe beyond the open width.
    func layOut(revealed: CGFloat, height: CGFloat) {
        let total = openWidth
        let scale = total > 0 ? min(1, revealed / total) : 0
        var x = bounds.width
        for (index, button) in buttons.enumerated() {
            var width = buttonWidth(index) * scale
            if index == 0 && revealed > total { width += revealed - total }
            x -= width
            // Buttons slide out from under the row; the one nearest the edge covers the rest.
            button.frame = CGRect(x: x, y: 0, width: max(width, 0), height: height)
            for sub in button.subviews {
                let size = sub.sizeThatFits(CGSize(width: buttonWidth(index), height: height))
                if sub is UILabel {
                    let labelWidth = buttonWidth(index)
                    sub.frame = CGRect(
                        x: max(0, width - labelWidth) / 2 + (width < labelWidth ? (width - labelWidth) / 2 : 0),
                        y: (height - size.height) / 2, width: labelWidth, height: size.height)
                } else {
                    sub.frame = CGRect(
                        x: (width - size.width) / 2, y: max(4, (height - size.height) / 2 - 14), width: size.width,
                        height: size.height)
                }
            }
        }
    }

    /// The action of the button at `point` (in this view).
    func action(at point: CGPoint) -> UIContextualAction? {
        for (index, button) in buttons.enumerated() where button.frame.contains(point) {
            return actions[index]
        }
        return nil
    }

    /// Darkens the button of the action under a finger.
    func highlight(_ action: UIContextualAction?) {
        let index = action.flatMap { action in actions.firstIndex { $0 === action } }
        guard index != highlighted else { return }
        if let highlighted { buttons[highlighted].alpha = 1 }
        highlighted = index
        if let index { buttons[index].alpha = 0.7 }
    }
}

/// The state of a row being swiped or showing its actions.
@MainActor
final class TableSwipeState {
    let indexPath: IndexPath
    let configuration: UISwipeActionsConfiguration
    let actionsView: TableSwipeActionsView
    /// The offset when the current drag began.
    var dragStartOffset: CGFloat = 0
    /// Whether the actions rest open (not mid-drag).
    var isOpen = false

    init(indexPath: IndexPath, configuration: UISwipeActionsConfiguration, actionsView: TableSwipeActionsView) {
        self.indexPath = indexPath
        self.configuration = configuration
        self.actionsView = actionsView
    }
}

/// A pan that only horizontal movement begins: swipes on rows, which leave vertical drags
/// to the scroll view.
@MainActor
final class TableSwipeGestureRecognizer: UIPanGestureRecognizer {
    private var start: CGPoint?

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if start == nil, let touch = touches.first { start = touch.location(in: nil) }
        super.touchesBegan(touches, with: event)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible, let start, let touch = touches.first {
            let now = touch.location(in: nil)
            let dx = now.x - start.x
            let dy = now.y - start.y
            if hypot(dx, dy) >= UIPanGestureRecognizer.hysteresis && abs(dy) > abs(dx) {
                // Vertical: a scroll, not a swipe.
                state = .failed
                return
            }
        }
        super.touchesMoved(touches, with: event)
    }

    override func reset() {
        super.reset()
        start = nil
    }
}

extension UITableView {
    /// How far past the buttons' width a swipe must go (as a share of the row) to run the
    /// first action on lifting.
    static let fullSwipeShare: CGFloat = 0.6

    /// Adds the swipe recognizer when the table joins a window.
    func installSwipeRecognizerIfNeeded() {
        guard window != nil, swipeRecognizer == nil else { return }
        let recognizer = TableSwipeGestureRecognizer()
        recognizer.maximumNumberOfTouches = 1
        recognizer.addTarget { [weak self] recognizer in
            guard let self, let pan = recognizer as? TableSwipeGestureRecognizer else { return }
            self.handleSwipe(pan)
        }
        swipeRecognizer = recognizer
        addGestureRecognizer(recognizer)
    }

    /// The swipe recognizer begins only for a horizontal swipe on a row with actions (or one
    /// that closes open actions); other recognizers are the scroll view's to decide.
    func swipeShouldBegin(_ pan: UIPanGestureRecognizer) -> Bool {
        let translation = pan.translation(in: self)
        guard abs(translation.x) > abs(translation.y) else { return false }
        let start = CGPoint(x: pan.location(in: self).x - translation.x, y: pan.location(in: self).y - translation.y)
        let indexPath = indexPathForRow(at: start)
        if let swipeState {
            // Dragging the open row moves it; dragging another closes the open one first.
            if swipeState.indexPath == indexPath || swipeState.actionsView.frame.contains(start) { return true }
            closeSwipeActions(animated: true)
        }
        guard translation.x < 0, !isEditing else { return false }
        guard let indexPath, visibleCellsByIndexPath[indexPath] != nil else { return false }
        guard dataSource?.tableView(self, canEditRowAt: indexPath) ?? false else { return false }
        guard let configuration = tableDelegate?.tableView(self, trailingSwipeActionsConfigurationForRowAt: indexPath),
            !configuration.actions.isEmpty
        else { return false }
        beginSwipe(indexPath, configuration: configuration)
        return true
    }

    private func beginSwipe(_ indexPath: IndexPath, configuration: UISwipeActionsConfiguration) {
        guard let cell = visibleCellsByIndexPath[indexPath], let frame = rowFrame(indexPath) else { return }
        let actionsView = TableSwipeActionsView(actions: configuration.actions, height: frame.height)
        actionsView.frame = frame
        insertSubview(actionsView, belowSubview: cell)
        swipeState = TableSwipeState(indexPath: indexPath, configuration: configuration, actionsView: actionsView)
        cancelTouchTracking()
        tableDelegate?.tableView(self, willBeginEditingRowAt: indexPath)
    }

    func handleSwipe(_ pan: TableSwipeGestureRecognizer) {
        guard let state = swipeState, let cell = visibleCellsByIndexPath[state.indexPath] else { return }
        let translation = pan.translation(in: self).x
        switch pan.state {
        case .began:
            state.dragStartOffset = cell.swipeOffset
            state.isOpen = false
            setSwipeOffset(cell.swipeOffset, of: state, animated: false)
        case .changed:
            var offset = min(0, state.dragStartOffset + translation)
            let open = state.actionsView.openWidth
            if !state.configuration.performsFirstActionWithFullSwipe && -offset > open {
                // Past the buttons the row resists.
                offset = -(open + (-offset - open) * 0.3)
            }
            setSwipeOffset(offset, of: state, animated: false)
        case .ended:
            let offset = cell.swipeOffset
            let open = state.actionsView.openWidth
            let velocity = pan.velocity(in: self).x
            if state.configuration.performsFirstActionWithFullSwipe, -offset > rowWidth * Self.fullSwipeShare,
                let first = state.configuration.actions.first
            {
                setSwipeOffset(-rowWidth, of: state, animated: true)
                perform(first, of: state)
            } else if -offset > open / 2 || velocity < -300 {
                state.isOpen = true
                setSwipeOffset(-open, of: state, animated: true)
            } else {
                closeSwipeActions(animated: true)
            }
        case .cancelled, .failed:
            if state.isOpen {
                setSwipeOffset(-state.actionsView.openWidth, of: state, animated: true)
            } else {
                closeSwipeActions(animated: true)
            }
        default:
            break
        }
    }

    /// Slides the swiped row and lays its buttons out.
    func setSwipeOffset(_ offset: CGFloat, of state: TableSwipeState, animated: Bool) {
        guard let cell = visibleCellsByIndexPath[state.indexPath], let frame = rowFrame(state.indexPath) else { return }
        cell.swipeOffset = offset
        let apply = {
            cell.frame = frame.offsetBy(dx: offset, dy: 0)
            state.actionsView.frame = frame
            state.actionsView.layOut(revealed: -offset, height: frame.height)
        }
        if animated { UIView.animate(withDuration: 0.25, animations: apply) } else { apply() }
    }

    /// The swipe action button at a point of the actions view.
    func swipeActionButton(at point: CGPoint) -> UIContextualAction? {
        swipeState?.actionsView.action(at: point)
    }

    /// Runs a swipe action's handler; its completion closes the actions (UIKit leaves a
    /// deleted row to the app's `deleteRows(at:with:)`).
    func perform(_ action: UIContextualAction, of state: TableSwipeState) {
        let sourceView = state.actionsView
        action.handler(action, sourceView) { [weak self] _ in
            guard let self, self.swipeState === state else { return }
            self.closeSwipeActions(animated: true)
        }
    }

    /// Closes the open swipe actions, sliding the row back, as UIKit does when another row
    /// is touched or the handler completes.
    func closeSwipeActions(animated: Bool) {
        guard let state = swipeState else { return }
        swipeState = nil
        let actionsView = state.actionsView
        let cell = visibleCellsByIndexPath[state.indexPath]
        cell?.swipeOffset = 0
        if let cell, let frame = rowFrame(state.indexPath), animated {
            UIView.animate(
                withDuration: 0.25,
                animations: {
                    cell.frame = frame
                    actionsView.layOut(revealed: 0, height: frame.height)
                },
                completion: { _ in actionsView.removeFromSuperview() })
        } else {
            if let cell, let frame = rowFrame(state.indexPath) { cell.frame = frame }
            actionsView.removeFromSuperview()
        }
        tableDelegate?.tableView(self, didEndEditingRowAt: state.indexPath)
    }
}
