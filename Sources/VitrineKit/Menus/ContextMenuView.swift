import Foundation

/// A menu on screen: a view over the whole window (taps on it dismiss the menu) holding a
/// blurred, rounded panel with the menu's rows in a table (so a long menu scrolls and only its
/// visible rows are views). What `UIContextMenuInteraction` and a button's `menu` show.
@MainActor
final class ContextMenuView: UIView, UITableViewDataSource, UITableViewDelegate {
    /// One row of the panel.
    enum Row {
        /// An action, and the menu it is a child of (for `.singleSelection`).
        case action(UIAction, parent: UIMenu)
        /// A child menu that opens in the panel's place.
        case submenu(UIMenu)
        /// A menu's title, dimmed.
        case title(String)
        /// Between inline groups.
        case separator
    }

    static let width: CGFloat = 250
    static let rowHeight: CGFloat = 44
    static let subtitleRowHeight: CGFloat = 58
    static let titleHeight: CGFloat = 32
    static let separatorHeight: CGFloat = 8
    static let margin: CGFloat = 16

    /// The menu as shown first (what `updateVisibleMenu(_:)` is given).
    private(set) var rootMenu: UIMenu
    private(set) var rows: [Row] = []
    let panel = UIVisualEffectView(effect: UIBlurEffect(style: .systemThickMaterial))
    let tableView = UITableView(frame: .zero, style: .plain)
    private let anchor: CGPoint
    /// What the actions' `sender` is while their handlers run.
    weak var sender: AnyObject?
    /// Called for a tap outside the panel or a chosen action: removes the menu.
    var onDismiss: (() -> Void)?

    init(menu: UIMenu, anchor: CGPoint, in area: CGRect) {
        rootMenu = menu
        self.anchor = anchor
        super.init(frame: area)
        backgroundColor = UIColor(white: 0, alpha: 0.15)
        panel.layer.cornerRadius = 13
        panel.clipsToBounds = true
        tableView.backgroundColor = .clear
        tableView.separatorStyle = .none
        tableView.dataSource = self
        tableView.delegate = self
        panel.contentView.addSubview(tableView)
        addSubview(panel)
        show(menu)
    }

    required init?(coder: NSCoder) { nil }

    /// Whether `menu` shows anything at all.
    static func hasVisibleItems(_ menu: UIMenu) -> Bool {
        !rows(for: menu).isEmpty
    }

    /// The rows of `menu`: its title, its actions and child menus, inline children in place.
    static func rows(for menu: UIMenu) -> [Row] {
        var rows: [Row] = []
        func add(_ menu: UIMenu, inline: Bool) {
            if inline, !rows.isEmpty { rows.append(.separator) }
            if !menu.title.isEmpty { rows.append(.title(menu.title)) }
            for child in menu.children {
                switch child {
                case let action as UIAction:
                    if !action.attributes.contains(.hidden) { rows.append(.action(action, parent: menu)) }
                case let submenu as UIMenu where submenu.options.contains(.displayInline):
                    add(submenu, inline: true)
                    rows.append(.separator)
                case let submenu as UIMenu:
                    rows.append(.submenu(submenu))
                default:
                    break
                }
            }
        }
        add(menu, inline: false)
        // No separator at either end or twice in a row.
        var cleaned: [Row] = []
        for row in rows {
            if case .separator = row {
                if cleaned.isEmpty { continue }
                if case .separator = cleaned[cleaned.count - 1] { continue }
            }
            cleaned.append(row)
        }
        if let last = cleaned.last, case .separator = last { cleaned.removeLast() }
        // Only a title: nothing to choose.
        if cleaned.allSatisfy({ if case .title = $0 { true } else { false } }) { return [] }
        return cleaned
    }

    /// Shows `menu`'s rows in the panel, sized to them (at most the window's height less a
    /// margin, then scrolling) beside the anchor and inside the window.
    func show(_ menu: UIMenu) {
        rows = Self.rows(for: menu)
        let contentHeight = rows.reduce(CGFloat(0)) { $0 + self.height(of: $1) }
        let panelHeight = max(Self.rowHeight, min(contentHeight, bounds.height - 2 * Self.margin))
        let width = min(Self.width, bounds.width - 2 * Self.margin)
        let x = min(max(Self.margin, anchor.x), bounds.width - width - Self.margin)
        var y = anchor.y + 8
        if y + panelHeight > bounds.height - Self.margin { y = anchor.y - 8 - panelHeight }
        y = min(max(Self.margin, y), bounds.height - panelHeight - Self.margin)
        panel.frame = CGRect(x: x, y: y, width: width, height: panelHeight)
        tableView.frame = panel.bounds
        tableView.contentOffset = .zero
        tableView.reloadData()
    }

    private func height(of row: Row) -> CGFloat {
        switch row {
        case .action(let action, _): action.subtitle == nil ? Self.rowHeight : Self.subtitleRowHeight
        case .submenu(let menu): menu.subtitle == nil ? Self.rowHeight : Self.subtitleRowHeight
        case .title: Self.titleHeight
        case .separator: Self.separatorHeight
        }
    }

    /// A tap on the dimmed area (not the panel) dismisses the menu.
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if touches.contains(where: { $0.view === self }) { onDismiss?() }
    }

    // MARK: Rows

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }

    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        height(of: rows[indexPath.row])
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell =
            tableView.dequeueReusableCell(withIdentifier: "menu")
            ?? UITableViewCell(style: .subtitle, reuseIdentifier: "menu")
        cell.backgroundColor = .clear
        cell.contentView.backgroundColor = .clear
        cell.accessoryType = .none
        cell.selectionStyle = .default
        cell.textLabel?.font = .systemFont(ofSize: 17)
        cell.textLabel?.textColor = .label
        cell.detailTextLabel?.text = nil
        cell.imageView?.image = nil
        cell.textLabel?.text = nil
        switch rows[indexPath.row] {
        case .action(let action, _):
            cell.textLabel?.text = action.title
            cell.detailTextLabel?.text = action.subtitle
            cell.imageView?.image = action.image
            if action.attributes.contains(.disabled) {
                cell.textLabel?.textColor = UIColor(white: 0.55, alpha: 1)
                cell.selectionStyle = .none
            } else if action.attributes.contains(.destructive) {
                cell.textLabel?.textColor = .systemRed
            }
            if action.state == .on { cell.accessoryType = .checkmark }
        case .submenu(let menu):
            cell.textLabel?.text = menu.title
            cell.detailTextLabel?.text = menu.subtitle
            cell.imageView?.image = menu.image
            if menu.options.contains(.destructive) { cell.textLabel?.textColor = .systemRed }
            cell.accessoryType = .disclosureIndicator
        case .title(let title):
            cell.textLabel?.text = title
            cell.textLabel?.font = .systemFont(ofSize: 13)
            cell.textLabel?.textColor = .secondaryLabel
            cell.selectionStyle = .none
        case .separator:
            cell.contentView.backgroundColor = UIColor(white: 0, alpha: 0.08)
            cell.selectionStyle = .none
        }
        return cell
    }

    func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
        isChoosable(rows[indexPath.row])
    }

    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        isChoosable(rows[indexPath.row]) ? indexPath : nil
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        choose(rows[indexPath.row])
    }

    private func isChoosable(_ row: Row) -> Bool {
        switch row {
        case .action(let action, _): !action.attributes.contains(.disabled)
        case .submenu: true
        case .title, .separator: false
        }
    }

    /// What choosing a row does: an action runs (after the menu goes, unless it keeps the
    /// menu); a child menu opens in the panel.
    func choose(_ row: Row) {
        switch row {
        case .action(let action, let parent):
            guard !action.attributes.contains(.disabled) else { return }
            if parent.options.contains(.singleSelection) {
                for case let sibling as UIAction in parent.children { sibling.state = sibling === action ? .on : .off }
            }
            if action.attributes.contains(.keepsMenuPresented) {
                action.perform(sender: sender)
                tableView.reloadData()
            } else {
                onDismiss?()
                action.perform(sender: sender)
            }
        case .submenu(let menu):
            show(menu)
        case .title, .separator:
            break
        }
    }
}
