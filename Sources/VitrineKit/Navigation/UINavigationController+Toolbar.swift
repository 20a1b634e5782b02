import Foundation

// The navigation controller's toolbar: where it sits, when it shows, and the top
// controller's items on it.
extension UINavigationController {
    /// Whether the toolbar is out of view: hidden by `isToolbarHidden`, or by a pushed top
    /// controller's `hidesBottomBarWhenPushed`.
    var toolbarIsEffectivelyHidden: Bool {
        if toolbarHidden { return true }
        if stack.count > 1, let top = stack.last, top.hidesBottomBarWhenPushed { return true }
        return false
    }

    /// Puts the toolbar at the bottom (44 points plus the bottom safe area) or just below
    /// the view when hidden; returns the inset it gives the controllers' safe area.
    func layoutToolbar(in container: UIView) -> CGFloat {
        let bounds = container.bounds
        let height = UIToolbar.height + container.safeAreaInsets.bottom
        let hidden = toolbarIsEffectivelyHidden
        navigationToolbar.frame = CGRect(
            x: 0, y: hidden ? bounds.height : bounds.height - height, width: bounds.width, height: height)
        if !toolbarAnimating { navigationToolbar.isHidden = hidden }
        return hidden ? 0 : height
    }

    /// `setToolbarHidden(_:animated:)`'s work (see there).
    func changeToolbarHidden(_ hidden: Bool, animated: Bool) {
        guard hidden != toolbarHidden else { return }
        toolbarHidden = hidden
        guard let container = viewIfLoaded else {
            navigationToolbar.isHidden = toolbarIsEffectivelyHidden
            return
        }
        let apply = {
            self.layoutContainer()
            container.layoutIfNeeded()
        }
        guard animated && container.window != nil else {
            apply()
            return
        }
        toolbarAnimating = true
        navigationToolbar.isHidden = false
        UIView.animate(
            withDuration: TimeInterval(UINavigationControllerHideShowBarDuration), animations: apply,
            completion: { _ in
                self.toolbarAnimating = false
                self.navigationToolbar.isHidden = self.toolbarIsEffectivelyHidden
            })
    }
}

extension UIViewController {
    /// The controller's toolbar items changed: its navigation controller's toolbar shows
    /// them when it is on top.
    func toolbarItemsDidChange(animated: Bool) {
        guard let navigation = parent as? UINavigationController, navigation.topViewController === self else { return }
        navigation.navigationToolbar.setItems(toolbarItems, animated: animated)
    }
}
