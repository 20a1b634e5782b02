import Foundation

// Modal presentation on UIViewController: the relationships, the checks UIKit makes, and the
// hand-over to `Presentation` (which owns the views and the animation).
extension UIViewController {
    /// Tells tests of refused presentations (Vitrine's test hook, as the navigation
    /// controller's).
    static var presentationErrorObserver: ((String) -> Void)?

    /// Logs a refused presentation or dismissal, as UIKit logs (or raises) there.
    static func reportPresentationError(_ message: String) {
        kitLog.error("\(message)")
        presentationErrorObserver?(message)
    }

    /// The controller that presents `controller` for this one, as UIKit chooses it: for the
    /// current-context styles the nearest controller (this one or an ancestor) whose
    /// `definesPresentationContext` is true; otherwise, and when none does, the root of this
    /// controller's containers (UIKit's window-level presentation context).
    func presentationHost(for controller: UIViewController) -> UIViewController {
        var root = self
        while let parent = root.parent { root = parent }
        let style = controller.modalPresentationStyle
        guard style == .currentContext || style == .overCurrentContext else { return root }
        var candidate: UIViewController? = self
        while let current = candidate {
            if current.definesPresentationContext { return current }
            candidate = current.parent
        }
        return root
    }

    /// The controller that a `dismiss(animated:completion:)` sent to this one asks to dismiss
    /// its presented controller: the nearest (this one or an ancestor) that presents one, else
    /// the presenter of the nearest presented one.
    var dismissingPresenter: UIViewController? {
        var candidate: UIViewController? = self
        while let current = candidate {
            if current.presentedStorage != nil { return current }
            candidate = current.parent
        }
        candidate = self
        while let current = candidate {
            if let presenter = current.presentingStorage { return presenter }
            candidate = current.parent
        }
        return nil
    }

    /// The work of `present(_:animated:completion:)`, as UIKit's.
    ///
    /// The presented controller's view loads; for `.fullScreen` and `.currentContext` the
    /// presenting controller gets `viewWillDisappear(_:)`; the presented one gets
    /// `viewWillAppear(_:)` (`isBeingPresented` true); its view is installed in a container
    /// at the top of the presenter's window and animated with its `modalTransitionStyle`;
    /// then the presented controller's `viewDidAppear(_:)`, the presenting one's
    /// `viewDidDisappear(_:)` (its view leaves the window, as UIKit removes it), and the
    /// completion. This is the order UIKit is observed to call them in (the presented side's
    /// "did" first); Apple documents only that the completion runs after `viewDidAppear(_:)`.
    /// Without animation everything happens before this returns.
    ///
    /// Refused, logged and ignored (the completion is not called), as UIKit: presenting from
    /// a controller whose view is not in a window ("whose view is not in the window
    /// hierarchy"), from one that already presents a controller, while a presentation or
    /// dismissal of the presenter's chain is under way, a controller that is already
    /// presented, a child controller, or the presenter itself.
    func presentModally(_ controller: UIViewController, animated: Bool, completion: (() -> Void)?) {
        let host = presentationHost(for: controller)
        let name = { (c: UIViewController) in "<\(type(of: c))>" }
        if controller === host || controller === self {
            Self.reportPresentationError(
                "Application tried to present modally a view controller \(name(controller)) on itself.")
            return
        }
        if controller.presentingStorage != nil || controller.presentation != nil {
            Self.reportPresentationError(
                "Application tried to present modally a view controller \(name(controller)) that is already being presented."
            )
            return
        }
        if controller.parent != nil {
            Self.reportPresentationError(
                "Application tried to present modally a view controller \(name(controller)) that is a child view controller."
            )
            return
        }
        if let current = host.presentedStorage {
            if current.presentation?.phase == .shown {
                Self.reportPresentationError(
                    "Attempt to present \(name(controller)) on \(name(host)) which is already presenting \(name(current))."
                )
            } else {
                Self.reportPresentationError(
                    "Attempt to present \(name(controller)) on \(name(host)) while a presentation is in progress.")
            }
            return
        }
        if let own = host.presentation, own.phase != .shown {
            Self.reportPresentationError(
                "Attempt to present \(name(controller)) on \(name(host)) while a presentation is in progress.")
            return
        }
        guard let window = viewIfLoaded?.window, let hostView = host.viewIfLoaded, hostView.window === window else {
            Self.reportPresentationError(
                "Attempt to present \(name(controller)) on \(name(host)) whose view is not in the window hierarchy.")
            return
        }
        host.presentedStorage = controller
        controller.presentingStorage = host
        let presentation = Presentation(presenter: host, presented: controller, window: window)
        controller.presentation = presentation
        presentation.present(animated: animated, source: self, completion: completion)
    }

    /// The work of `dismiss(animated:completion:)`, as UIKit's.
    ///
    /// Called on a controller that presents one (or whose container root does), it dismisses
    /// that one and every controller presented above it; called on a presented controller
    /// that presents nothing, it asks its presenter to dismiss it (Apple's documented rule).
    /// Only the topmost controller animates, with its own transition style; the ones between
    /// leave at once. The order mirrors the presentation: `viewWillDisappear(_:)` of the
    /// dismissed controllers (`isBeingDismissed` true), `viewWillAppear(_:)` of the presenter
    /// when a `.fullScreen` or `.currentContext` presentation had covered it (its view comes
    /// back), the animation, the dismissed controllers' `viewDidDisappear(_:)`, the
    /// presenter's `viewDidAppear(_:)`, the relationships cleared, then the completion.
    ///
    /// With nothing to dismiss the completion runs at once: Apple does not document this
    /// case, so Vitrine runs it rather than leave a caller waiting. During a presentation or dismissal of the chain the
    /// call is logged ("while a presentation or dismiss is in progress", UIKit's warning) and
    /// ignored, completion not called.
    func dismissModally(animated: Bool, completion: (() -> Void)?) {
        guard let presenter = dismissingPresenter, let first = presenter.presentedStorage
        else {
            completion?()
            return
        }
        var chain = [first]
        while let next = chain.last?.presentedStorage { chain.append(next) }
        if presenter.presentation.map({ $0.phase != .shown }) ?? false
            || chain.contains(where: { $0.presentation?.phase != .shown })
        {
            Self.reportPresentationError(
                "Attempt to dismiss from view controller <\(type(of: presenter))> while a presentation or dismiss is in progress!"
            )
            return
        }
        guard let top = chain.last?.presentation else { return }
        top.dismiss(
            intermediates: chain.dropLast().compactMap(\.presentation), animated: animated, completion: completion)
    }
}
