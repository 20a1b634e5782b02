import Foundation

/// A button in a navigation bar, as UIKit's `UIBarButtonItem`: a title, an image or a system
/// item, run by a `primaryAction` (`UIAction`) or by target-action.
///
/// **Target-action.** Linux has no selectors, so `action` is a closure given the item, the
/// Vitrine form of UIKit's `action` selector sent to `target` (the same convention as
/// `UIControl.addTarget(for:_:)`): write `target: self, action: { [weak self] _ in
/// self?.save() }`. `target` is kept, weakly, only as UIKit's `target` property is; the
/// action runs whether or not it is set. A tap runs `primaryAction` when there is one, else
/// `action`, as UIKit (which ignores target-action once a primary action is set).
///
/// Vitrine differences: no menus (`menu`) or `customView`; system items are shown as text
/// titles (see `SystemItem`); spaces (`flexibleSpace()`, `fixedSpace(_:)`) and `width` apply
/// in toolbars (`UIToolbar`), not in navigation bars.
@preconcurrency @MainActor
open class UIBarButtonItem {
    /// How the item's title is drawn, as `UIBarButtonItem.Style`: `.done` in the semibold
    /// system font, `.plain` in the regular one.
    public enum Style: Int, Sendable {
        case plain = 0
        /// Deprecated in UIKit (iOS 8); drawn as `.plain`.
        case bordered = 1
        case done = 2
    }

    /// UIKit's system items, as `UIBarButtonItem.SystemItem` (raw values as UIKit's). UIKit
    /// draws many of them as glyphs; Vitrine shows each as a text title ("Done", "Cancel",
    /// "Edit", "Save", "+" for add, "Undo", "Redo", "Close", "Compose", "Reply", "Share" for
    /// action, ...). Done and Save use the `.done` style, as UIKit's. `.flexibleSpace` and
    /// `.fixedSpace` are not buttons: in a toolbar they are room between items (see
    /// `UIToolbar`).
    public enum SystemItem: Int, Sendable {
        case done = 0
        case cancel = 1
        case edit = 2
        case save = 3
        case add = 4
        case flexibleSpace = 5
        case fixedSpace = 6
        case compose = 7
        case reply = 8
        case action = 9
        case organize = 10
        case bookmarks = 11
        case search = 12
        case refresh = 13
        case stop = 14
        case camera = 15
        case trash = 16
        case play = 17
        case pause = 18
        case rewind = 19
        case fastForward = 20
        case undo = 21
        case redo = 22
        case pageCurl = 23
        case close = 24

        var title: String? {
            switch self {
            case .done: "Done"
            case .cancel: "Cancel"
            case .edit: "Edit"
            case .save: "Save"
            case .add: "+"
            case .flexibleSpace, .fixedSpace: nil
            case .compose: "Compose"
            case .reply: "Reply"
            case .action: "Share"
            case .organize: "Organize"
            case .bookmarks: "Bookmarks"
            case .search: "Search"
            case .refresh: "Refresh"
            case .stop: "Stop"
            case .camera: "Camera"
            case .trash: "Delete"
            case .play: "Play"
            case .pause: "Pause"
            case .rewind: "Rewind"
            case .fastForward: "Forward"
            case .undo: "Undo"
            case .redo: "Redo"
            case .pageCurl: "Page"
            case .close: "Close"
            }
        }

        var style: Style { self == .done || self == .save ? .done : .plain }
    }

    /// The closure standing for UIKit's action selector: it gets the item (the sender).
    public typealias Action = @MainActor (UIBarButtonItem) -> Void

    /// The title, as `title`.
    open var title: String? { didSet { changed() } }
    /// The image, shown in place of the title when set, as `image`.
    open var image: UIImage? { didSet { changed() } }
    /// The style, as `style`.
    open var style: Style = .plain { didSet { changed() } }
    /// Whether the item can be tapped, as `isEnabled`; a disabled item is drawn grey.
    open var isEnabled = true { didSet { changed() } }
    /// The item's colour, as `tintColor`; nil: the bar's tint colour.
    open var tintColor: UIColor? { didSet { changed() } }
    /// The object the action is for, as `target` (weak; see the class notes).
    open weak var target: AnyObject?
    /// What a tap runs when there is no `primaryAction`, as `action` (a closure; see the
    /// class notes).
    open var action: Action?
    /// The action a tap runs, as `primaryAction` (iOS 14); setting it takes its title and
    /// image when the item has none of its own.
    open var primaryAction: UIAction? {
        didSet { adoptPrimaryActionContent() }
    }
    /// A tag, as `tag`.
    open var tag = 0
    /// The item's width in points, as `width`: a fixed space's width, or a button's width
    /// in a toolbar when above 0 (default 0: the button's own width).
    open var width: CGFloat = 0 { didSet { changed() } }
    /// The system item the item was made as, if any (spaces are laid out, not drawn).
    private(set) var systemItem: SystemItem?

    /// A flexible space for a toolbar, as `flexibleSpace()` (iOS 14): the spaces share the
    /// room the other items leave.
    open class func flexibleSpace() -> UIBarButtonItem {
        UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil)
    }

    /// A space of `width` points for a toolbar, as `fixedSpace(_:)` (iOS 14).
    open class func fixedSpace(_ width: CGFloat) -> UIBarButtonItem {
        let item = UIBarButtonItem(barButtonSystemItem: .fixedSpace, target: nil, action: nil)
        item.width = width
        return item
    }

    /// An empty plain item, as `init()`.
    public init() {}

    /// An item with a title, as `init(title:style:target:action:)`.
    public init(title: String?, style: Style, target: AnyObject?, action: Action?) {
        self.title = title
        self.style = style
        self.target = target
        self.action = action
    }

    /// An item with an image, as `init(image:style:target:action:)`.
    public init(image: UIImage?, style: Style, target: AnyObject?, action: Action?) {
        self.image = image
        self.style = style
        self.target = target
        self.action = action
    }

    /// A system item, as `init(barButtonSystemItem:target:action:)` (see `SystemItem`).
    public init(barButtonSystemItem systemItem: SystemItem, target: AnyObject?, action: Action?) {
        self.systemItem = systemItem
        self.title = systemItem.title
        self.style = systemItem.style
        self.target = target
        self.action = action
    }

    /// An item run by a `UIAction`, as `init(title:image:primaryAction:menu:)` without the
    /// menu (Vitrine has no menus): the title and image default to the action's.
    public init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil) {
        self.title = title
        self.image = image
        self.primaryAction = primaryAction
        adoptPrimaryActionContent()
    }

    /// A system item run by a `UIAction`, as `init(systemItem:primaryAction:menu:)` without
    /// the menu.
    public init(systemItem: SystemItem, primaryAction: UIAction? = nil) {
        self.systemItem = systemItem
        self.title = systemItem.title
        self.style = systemItem.style
        self.primaryAction = primaryAction
    }

    private func adoptPrimaryActionContent() {
        guard let primaryAction else { return }
        if title == nil && !primaryAction.title.isEmpty { title = primaryAction.title }
        if image == nil, let actionImage = primaryAction.image { image = actionImage }
    }

    /// Runs the item's action, as a tap does: the primary action, else the closure action.
    func performTap() {
        guard isEnabled else { return }
        if let primaryAction {
            primaryAction.perform(sender: self)
        } else {
            action?(self)
        }
    }

    /// The bars showing this item, told of changes.
    var observers: [UINavigationItem.WeakBar] = []

    /// The toolbars showing this item, told of changes.
    var toolbarObservers: [UIToolbar.WeakToolbar] = []

    private func changed() {
        observers.removeAll { $0.bar == nil }
        for observer in observers { observer.bar?.itemDidChange() }
        toolbarObservers.removeAll { $0.toolbar == nil }
        for observer in toolbarObservers { observer.toolbar?.itemDidChange() }
    }
}

extension UIBarButtonItem {
    /// The system button a bar (navigation bar or toolbar) shows for the item: its image or
    /// title in the 17-point system font (semibold for `.done`), its tint and enabled state;
    /// a tap performs the item's action.
    func makeBarButton() -> UIButton {
        let button = UIButton(type: .system)
        if let image {
            button.setImage(image, for: .normal)
        } else {
            button.setTitle(title, for: .normal)
        }
        button.titleLabel?.font = .systemFont(ofSize: 17, weight: style == .done ? .semibold : .regular)
        button.tintColor = tintColor
        button.isEnabled = isEnabled
        button.addTarget(for: .touchUpInside) { [weak self] _, _ in self?.performTap() }
        return button
    }
}
