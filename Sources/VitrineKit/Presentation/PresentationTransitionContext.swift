import Foundation

/// The context a custom animator gets for one presentation or dismissal (see
/// `UIViewControllerContextTransitioning`). Presentations are not interactive: the
/// interactive calls do nothing and `completeTransition(false)` counts as true.
@MainActor
final class PresentationTransitionContext: UIViewControllerContextTransitioning {
    let containerView: UIView
    let isAnimated: Bool
    var transitionWasCancelled: Bool { false }
    var isInteractive: Bool { false }
    private let from: UIViewController?
    private let to: UIViewController?
    private let fromView: UIView?
    private let toView: UIView?
    private let frames: [ObjectIdentifier: (initial: CGRect, final: CGRect)]
    private var onComplete: (() -> Void)?

    init(
        container: UIView, animated: Bool, from: UIViewController?, to: UIViewController?, fromView: UIView?,
        toView: UIView?, frames: [ObjectIdentifier: (initial: CGRect, final: CGRect)], onComplete: @escaping () -> Void
    ) {
        containerView = container
        isAnimated = animated
        self.from = from
        self.to = to
        self.fromView = fromView
        self.toView = toView
        self.frames = frames
        self.onComplete = onComplete
    }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        key == .from ? from : to
    }

    func view(forKey key: UITransitionContextViewKey) -> UIView? { key == .from ? fromView : toView }

    func initialFrame(for vc: UIViewController) -> CGRect { frames[ObjectIdentifier(vc)]?.initial ?? .zero }

    func finalFrame(for vc: UIViewController) -> CGRect { frames[ObjectIdentifier(vc)]?.final ?? .zero }

    func updateInteractiveTransition(_ percentComplete: CGFloat) {}
    func finishInteractiveTransition() {}
    func cancelInteractiveTransition() {}
    func pauseInteractiveTransition() {}

    func completeTransition(_ didComplete: Bool) {
        let complete = onComplete
        onComplete = nil
        complete?()
    }
}
