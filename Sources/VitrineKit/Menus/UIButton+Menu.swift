import Foundation

/// A button's `menu`: a context-menu interaction on the button while it has one, whose
/// configuration gives the menu.
@MainActor
final class ButtonMenuSupport: UIContextMenuInteractionDelegate {
    weak var button: UIButton?
    lazy var interaction = UIContextMenuInteraction(delegate: self)

    init(button: UIButton) {
        self.button = button
    }

    func contextMenuInteraction(
        _ interaction: UIContextMenuInteraction, configurationForMenuAtLocation location: CGPoint
    ) -> UIContextMenuConfiguration? {
        guard let button, button.isEnabled, let menu = button.menu else { return nil }
        return UIContextMenuConfiguration(actionProvider: { _ in menu })
    }
}

extension UIButton {
    /// Adds the menu's interaction when a menu is set, and removes it when the menu goes.
    func menuDidChange() {
        if menu != nil, menuSupport == nil {
            let support = ButtonMenuSupport(button: self)
            menuSupport = support
            addInteraction(support.interaction)
        } else if menu == nil, let support = menuSupport {
            support.interaction.dismissMenu()
            removeInteraction(support.interaction)
            menuSupport = nil
        }
    }

    /// Shows the menu under the button, as a tap does with `showsMenuAsPrimaryAction`.
    func presentMenuAsPrimaryAction() -> Bool {
        guard let menu, let support = menuSupport, let window, ContextMenuView.hasVisibleItems(menu) else {
            return false
        }
        let anchor = convert(CGPoint(x: 0, y: bounds.maxY), to: window)
        support.interaction.show(
            menu, configuration: UIContextMenuConfiguration(actionProvider: { _ in menu }), at: anchor, in: window)
        return true
    }
}
