import Foundation

// The appearance cycle: the controller's view entering and leaving visible windows, and its
// window being shown and hidden; and the calls containers make themselves
// (`beginAppearanceTransition(_:animated:)`).
extension UIViewController {
    private static func isVisible(_ window: UIWindow?) -> Bool { window.map { !$0.isHidden } ?? false }

    /// While above zero, views entering and leaving windows do not drive the appearance
    /// callbacks: a container (a navigation controller) is moving its children's views and
    /// calls `beginAppearanceTransition(_:animated:)` / `endAppearanceTransition()` itself.
    static var automaticAppearanceSuppression = 0

    /// Runs `body` with the automatic appearance callbacks off (see
    /// `automaticAppearanceSuppression`).
    static func withoutAutomaticAppearance(_ body: () -> Void) {
        automaticAppearanceSuppression += 1
        defer { automaticAppearanceSuppression -= 1 }
        body()
    }

    /// The view is about to move to `newWindow`.
    func viewWillMove(toWindow newWindow: UIWindow?) {
        guard Self.automaticAppearanceSuppression == 0 else { return }
        let willBeVisible = Self.isVisible(newWindow)
        if willBeVisible && appearanceState == .disappeared {
            beginAppearance()
        } else if !willBeVisible && appearanceState == .appeared {
            beginDisappearance()
        }
    }

    /// The view moved to another window (or none).
    func viewDidMoveToWindow() {
        guard Self.automaticAppearanceSuppression == 0 else { return }
        let isVisible = Self.isVisible(loadedViewWindow)
        if isVisible && appearanceState == .appearing {
            endAppearance()
        } else if !isVisible && appearanceState == .disappearing {
            endDisappearance()
        }
    }

    func windowWillShow() { if appearanceState == .disappeared { beginAppearance() } }
    func windowDidShow() { if appearanceState == .appearing { endAppearance() } }
    func windowWillHide() { if appearanceState == .appeared { beginDisappearance() } }
    func windowDidHide() { if appearanceState == .disappearing { endDisappearance() } }

    private var loadedViewWindow: UIWindow? { viewIfLoaded?.window }

    private func beginAppearance() {
        setAppearanceState(.appearing)
        viewWillAppear(false)
    }

    private func endAppearance() {
        setAppearanceState(.appeared)
        viewDidAppear(false)
    }

    private func beginDisappearance() {
        setAppearanceState(.disappearing)
        viewWillDisappear(false)
    }

    private func endDisappearance() {
        setAppearanceState(.disappeared)
        viewDidDisappear(false)
    }

    /// Starts the appearance (`isAppearing`) or disappearance of the view, as
    /// `beginAppearanceTransition(_:animated:)`: calls `viewWillAppear(_:)` or
    /// `viewWillDisappear(_:)` with `animated`, then the same for the child controllers whose
    /// views are inside this one's, parents first (UIKit forwards to children). A call that
    /// does not change the state (appearing what is appearing or shown) does nothing.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        if isAppearing {
            guard appearanceState == .disappeared || appearanceState == .disappearing else { return }
            setAppearanceState(.appearing)
            viewWillAppear(animated)
        } else {
            guard appearanceState == .appeared || appearanceState == .appearing else { return }
            setAppearanceState(.disappearing)
            viewWillDisappear(animated)
        }
        appearanceTransitionAnimated = animated
        for child in childrenInView { child.beginAppearanceTransition(isAppearing, animated: animated) }
    }

    /// Ends the transition `beginAppearanceTransition(_:animated:)` started, as
    /// `endAppearanceTransition()`: `viewDidAppear(_:)` or `viewDidDisappear(_:)`, then the
    /// children's. Without a transition under way it does nothing.
    public func endAppearanceTransition() {
        let animated = appearanceTransitionAnimated
        switch appearanceState {
        case .appearing:
            setAppearanceState(.appeared)
            viewDidAppear(animated)
        case .disappearing:
            setAppearanceState(.disappeared)
            viewDidDisappear(animated)
        case .appeared, .disappeared:
            return
        }
        for child in childrenInView { child.endAppearanceTransition() }
    }

    /// The children whose views sit inside this controller's view.
    private var childrenInView: [UIViewController] {
        guard let root = viewIfLoaded else { return [] }
        return children.filter { child in
            guard let childView = child.viewIfLoaded else { return false }
            return childView.isDescendant(of: root)
        }
    }
}
