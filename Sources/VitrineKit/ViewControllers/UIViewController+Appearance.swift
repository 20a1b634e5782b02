import Foundation

// The appearance cycle: the controller's view entering and leaving visible windows, and its
// window being shown and hidden.
extension UIViewController {
    private static func isVisible(_ window: UIWindow?) -> Bool { window.map { !$0.isHidden } ?? false }

    /// The view is about to move to `newWindow`.
    func viewWillMove(toWindow newWindow: UIWindow?) {
        let willBeVisible = Self.isVisible(newWindow)
        if willBeVisible && appearanceState == .disappeared {
            beginAppearance()
        } else if !willBeVisible && appearanceState == .appeared {
            beginDisappearance()
        }
    }

    /// The view moved to another window (or none).
    func viewDidMoveToWindow() {
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
}
