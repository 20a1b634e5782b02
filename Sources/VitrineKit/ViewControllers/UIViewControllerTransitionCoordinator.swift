import Foundation

/// What a transition's alongside animations and completions are told, as UIKit's
/// `UIViewControllerTransitionCoordinatorContext`.
///
/// Vitrine makes these for size transitions only (a screen rotation, mode change or scale
/// change; see `UIViewController.viewWillTransition(to:with:)`): presentations and
/// navigation transitions have no coordinator (so there is no
/// `UIViewController.transitionCoordinator`), and no transition is interactive.
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
    /// Whether the transition animates, as `isAnimated`.
    var isAnimated: Bool { get }
    /// The presentation style of the transition, as `presentationStyle` (`.none` for a size
    /// transition).
    var presentationStyle: UIModalPresentationStyle { get }
    /// Whether the transition began interactive, as `initiallyInteractive`.
    var initiallyInteractive: Bool { get }
    /// Whether the transition can be interrupted, as `isInterruptible`.
    var isInterruptible: Bool { get }
    /// Whether the transition is driven interactively now, as `isInteractive`.
    var isInteractive: Bool { get }
    /// Whether the transition was cancelled, as `isCancelled`.
    var isCancelled: Bool { get }
    /// The transition's length in seconds, as `transitionDuration`.
    var transitionDuration: TimeInterval { get }
    /// How far the transition has gone, 0...1, as `percentComplete`.
    var percentComplete: CGFloat { get }
    /// The speed of the end of an interactive transition, as `completionVelocity`.
    var completionVelocity: CGFloat { get }
    /// The curve of the end of an interactive transition, as `completionCurve`.
    var completionCurve: UIView.AnimationCurve { get }
    /// The controller for `key`, as `viewController(forKey:)` (nil for a size transition).
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// The view for `key`, as `view(forKey:)` (nil for a size transition).
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    /// The view the transition happens in, as `containerView` (the window for a size
    /// transition).
    var containerView: UIView { get }
    /// The rotation the transition gives the interface, as `targetTransform` (identity when
    /// it does not turn).
    var targetTransform: CGAffineTransform { get }
}

/// Runs work alongside a transition and after it, as UIKit's
/// `UIViewControllerTransitionCoordinator`. Apps do not adopt it; UIKit (and Vitrine) hand
/// one to `viewWillTransition(to:with:)` and `willTransition(to:with:)`.
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// Runs `animation` with the transition's animations and `completion` after it, as
    /// `animate(alongsideTransition:completion:)`. Returns whether they were queued (false
    /// once the transition has finished).
    @discardableResult
    func animate(
        alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool

    /// As `animate(alongsideTransition:completion:)`, for animations of a view outside the
    /// container view, as `animateAlongsideTransition(in:animation:completion:)`.
    @discardableResult
    func animateAlongsideTransition(
        in view: UIView?, animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool

    /// Registers `handler` for when an interactive transition changes between interactive
    /// and not, as `notifyWhenInteractionChanges(_:)` (never called in Vitrine: no
    /// transition is interactive).
    func notifyWhenInteractionChanges(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void)
}

extension UIViewControllerTransitionCoordinator {
    /// `animate(alongsideTransition:completion:)` with no completion (UIKit's default nil).
    @discardableResult
    public func animate(
        alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        animate(alongsideTransition: animation, completion: nil)
    }

    /// `animateAlongsideTransition(in:animation:completion:)` with no completion.
    @discardableResult
    public func animateAlongsideTransition(
        in view: UIView?, animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        animateAlongsideTransition(in: view, animation: animation, completion: nil)
    }
}

/// A container of content whose size and traits its parent sets, as UIKit's
/// `UIContentContainer`; `UIViewController` adopts it.
@preconcurrency @MainActor
public protocol UIContentContainer: AnyObject {
    /// The size the content would like, as `preferredContentSize`.
    var preferredContentSize: CGSize { get }
    /// A child's `preferredContentSize` changed, as
    /// `preferredContentSizeDidChange(forChildContentContainer:)`.
    func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer)
    /// A child's Auto Layout fitting size changed, as
    /// `systemLayoutFittingSizeDidChange(forChildContentContainer:)`.
    func systemLayoutFittingSizeDidChange(forChildContentContainer container: any UIContentContainer)
    /// The size of a child's view when this container's is `parentSize`, as
    /// `size(forChildContentContainer:withParentContainerSize:)`.
    func size(forChildContentContainer container: any UIContentContainer, withParentContainerSize parentSize: CGSize)
        -> CGSize
    /// The view's size is about to change to `size`, as `viewWillTransition(to:with:)`.
    func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator)
    /// The traits are about to change to `newCollection`, as `willTransition(to:with:)`.
    func willTransition(
        to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator)
}

/// The coordinator of one window's size transition (a screen rotation, mode change or scale
/// change): see `UIViewController.viewWillTransition(to:with:)` for the order of calls.
///
/// Not animated (`isAnimated` false, `transitionDuration` 0): the panel turns the picture and
/// repaints it whole at the next frame (UIKit turns the window over 0.3–0.4 s with the
/// views' new frames animating inside; Vitrine has nothing that could turn with them), so the
/// alongside blocks run without animation, once the views have their new size, as UIKit runs
/// them for a transition that does not animate. Their changes appear in the same frame as the
/// turned picture.
@MainActor
final class SizeTransitionCoordinator: UIViewControllerTransitionCoordinator {
    enum Phase { case preparing, animating, completing, finished }

    let containerView: UIView
    let targetTransform: CGAffineTransform
    private(set) var phase = Phase.preparing
    private var animations: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var completions: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []

    init(containerView: UIView, targetTransform: CGAffineTransform) {
        self.containerView = containerView
        self.targetTransform = targetTransform
    }

    var isAnimated: Bool { false }
    var presentationStyle: UIModalPresentationStyle { .none }
    var initiallyInteractive: Bool { false }
    var isInterruptible: Bool { false }
    var isInteractive: Bool { false }
    var isCancelled: Bool { false }
    var transitionDuration: TimeInterval { 0 }
    var percentComplete: CGFloat { phase == .completing || phase == .finished ? 1 : 0 }
    var completionVelocity: CGFloat { 1 }
    var completionCurve: UIView.AnimationCurve { .easeInOut }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? { nil }
    func view(forKey key: UITransitionContextViewKey) -> UIView? { nil }

    @discardableResult
    func animate(
        alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        switch phase {
        case .preparing:
            if let animation { animations.append(animation) }
            if let completion { completions.append(completion) }
            return true
        case .animating:
            // Added from an alongside block: it runs now, with the others.
            if let animation { UIView.performWithoutAnimation { animation(self) } }
            if let completion { completions.append(completion) }
            return true
        case .completing, .finished:
            return false
        }
    }

    @discardableResult
    func animateAlongsideTransition(
        in view: UIView?, animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        animate(alongsideTransition: animation, completion: completion)
    }

    func notifyWhenInteractionChanges(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void) {
    }

    /// Runs the alongside blocks, without animation.
    func runAnimations() {
        guard phase == .preparing else { return }
        phase = .animating
        let queued = animations
        animations = []
        UIView.performWithoutAnimation {
            for animation in queued { animation(self) }
        }
    }

    /// Runs the completions, in the order they were given.
    func complete() {
        guard phase == .animating else { return }
        phase = .completing
        let queued = completions
        completions = []
        for completion in queued { completion(self) }
        phase = .finished
    }
}
