import Foundation

// The appearance cycle: the controller's view entering and leaving visible windows, and its
// window being shown and hidden; and the calls containers make themselves
// (`beginAppearanceTransition(_:animated:)`).
extension UIViewController {
    static func isVisible(_ window: UIWindow?) -> Bool { window.map { !$0.isHidden } ?? false }

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
        } else if !willBeVisible && (appearanceState == .appeared || PendingAppearances.remove(self)) {
            beginDisappearance()
        }
    }

    /// The view moved to another window (or none).
    func viewDidMoveToWindow() {
        guard Self.automaticAppearanceSuppression == 0 else { return }
        let isVisible = Self.isVisible(loadedViewWindow)
        if isVisible && appearanceState == .appearing {
            PendingAppearances.add(self)
        } else if !isVisible && appearanceState == .disappearing {
            endDisappearance()
        }
    }

    func windowWillShow() { if appearanceState == .disappeared { beginAppearance() } }
    func windowDidShow() { if appearanceState == .appearing { PendingAppearances.add(self) } }
    func windowWillHide() {
        if appearanceState == .appeared || PendingAppearances.remove(self) { beginDisappearance() }
    }
    func windowDidHide() { if appearanceState == .disappearing { endDisappearance() } }

    var loadedViewWindow: UIWindow? { viewIfLoaded?.window }

    func beginAppearance() {
        setAppearanceState(.appearing)
        appearanceTransitionAnimated = false
        isAppearingCallPending = true
        viewIfLoaded?.setNeedsLayout()
        viewWillAppear(false)
    }

    /// Ends an automatic appearance that `PendingAppearances` held until the frame after the
    /// view entered a visible window: the window is laid out first, so `viewIsAppearing(_:)`
    /// and the layout callbacks come before `viewDidAppear(_:)`, as in UIKit.
    func endPendingAppearance() {
        guard appearanceState == .appearing, let window = loadedViewWindow, !window.isHidden else { return }
        window.layoutIfNeeded()
        // Layout may have moved the view out of the window (its callbacks ended the appearance).
        guard appearanceState == .appearing else { return }
        deliverViewIsAppearing()
        setAppearanceState(.appeared)
        viewDidAppear(false)
    }

    /// Calls `viewIsAppearing(_:)` once for the appearance under way: from the first layout of
    /// the view after `viewWillAppear(_:)`, or before `viewDidAppear(_:)` if none came between.
    func deliverViewIsAppearing() {
        guard isAppearingCallPending, appearanceState == .appearing else { return }
        isAppearingCallPending = false
        viewIsAppearing(appearanceTransitionAnimated)
    }

    func beginDisappearance() {
        setAppearanceState(.disappearing)
        viewWillDisappear(false)
    }

    func endDisappearance() {
        setAppearanceState(.disappeared)
        viewDidDisappear(false)
    }

    /// Whether a container shows its children: its view has appeared, or its automatic
    /// appearance waits for its frame (children added meanwhile appear with it).
    var showsChildren: Bool { appearanceState == .appeared || PendingAppearances.contains(self) }

    /// Ends `child`'s appearance transition as this container ends its own change: at once,
    /// or, while this container's own appearance waits for its frame, together with it (UIKit
    /// calls a child's `viewDidAppear(_:)` after its container's).
    func endAppearanceTransition(ofChild child: UIViewController) {
        if child.appearanceState == .appearing && PendingAppearances.contains(self) {
            PendingAppearances.add(child)
        } else {
            child.endAppearanceTransition()
        }
    }

    /// The children whose views sit inside this controller's view.
    var childrenInView: [UIViewController] {
        guard let root = viewIfLoaded else { return [] }
        return children.filter { child in
            guard let childView = child.viewIfLoaded else { return false }
            return childView.isDescendant(of: root)
        }
    }
}

/// The controllers whose automatic appearance waits for its `viewDidAppear(_:)`: UIKit calls
/// it after the commit that first lays out and shows the view, not while the view is being
/// added, so Vitrine ends these appearances at the end of the next frame of any screen (see
/// `ScreenFrameLoop.renderFrame`).
@MainActor
enum PendingAppearances {
    private static var controllers: [UIViewController] = []

    /// Holds `controller`'s `viewDidAppear(_:)` for the next frame (once) and asks its screen
    /// for one.
    static func add(_ controller: UIViewController) {
        guard !controllers.contains(where: { $0 === controller }) else { return }
        controllers.append(controller)
        controller.viewIfLoaded?.window?.screen.frameLoop.scheduleFrame()
    }

    /// Whether `controller`'s appearance is held for the next frame.
    static func contains(_ controller: UIViewController) -> Bool { controllers.contains { $0 === controller } }

    /// Stops holding `controller`'s appearance (it is leaving before it ended); false when it
    /// was not held.
    static func remove(_ controller: UIViewController) -> Bool {
        guard let index = controllers.firstIndex(where: { $0 === controller }) else { return false }
        controllers.remove(at: index)
        return true
    }

    /// Ends the waiting appearances, in the order they began (parents before children).
    /// Appearances that callbacks start meanwhile wait for the next frame.
    static func endAll() {
        guard !controllers.isEmpty else { return }
        let waiting = controllers
        controllers = []
        for controller in waiting { controller.endPendingAppearance() }
    }
}
