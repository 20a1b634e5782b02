import Foundation
import VitrineLayers

/// One presented controller on screen: its container, card and dimming views, its style, and
/// the animations that bring it in and take it away (see
/// `UIViewController.presentModally(_:animated:completion:)` for the order of calls).
///
/// **Timing.** `.coverVertical` slides the card up from below the bottom edge over 0.35 s with
/// Core Animation's ease-out curve (control points 0, 0, 0.58, 1), and down the same way on
/// dismissal; `.crossDissolve` fades it over 0.35 s (ease-in-out). UIKit does not document its
/// modal timing: 0.35 s is Vitrine's choice in the 0.3–0.35 s range the iOS slide is usually
/// given, equal to `UINavigationControllerHideShowBarDuration` so that a push and a
/// presentation move at one pace. `.flipHorizontal` turns the window with VitrineKit's flip
/// transition over 0.5 s (Vitrine's value). Alerts (`UIAlertController`) appear as UIKit's do,
/// the alert box scaling from 1.2 to 1 while fading in, with the dimming fading in, over
/// 0.25 s (ease-out), and fade out over 0.2 s (Vitrine's values: UIKit documents neither).
/// Sheets dim the window with black at 40%, alerts with black at 20% (Vitrine's values, close
/// to iOS's look). The animations start at the frame after the one that first draws the new
/// views (`UIScreen.startAfterFirstDraw`).
@MainActor
final class Presentation {
    enum Phase { case presenting, shown, dismissing }

    static let duration: TimeInterval = 0.35
    static let flipDuration: TimeInterval = 0.5
    static let alertAppearDuration: TimeInterval = 0.25
    static let alertDisappearDuration: TimeInterval = 0.2
    static let alertStartScale: CGFloat = 1.2
    static let sheetDimming = UIColor(white: 0, alpha: 0.4)
    static let alertDimming = UIColor(white: 0, alpha: 0.2)
    static let sheetCornerRadius: CGFloat = 10
    static let sheetMargin: CGFloat = 20
    static let formSheetSize = CGSize(width: 540, height: 620)
    static let pageSheetWidth: CGFloat = 704

    weak var presenter: UIViewController?
    unowned let presented: UIViewController
    weak var window: UIWindow?
    /// The style as shown (`.automatic` and `.custom` resolved).
    let style: UIModalPresentationStyle
    let transitionStyle: UIModalTransitionStyle
    let container = PresentationContainerView(frame: .zero)
    /// The view that holds the presented view: the card of a sheet, else the container's size.
    let card = UIView(frame: .zero)
    private(set) var dimming: UIView?
    private(set) var phase = Phase.presenting
    /// Waits for the first drawing of the new views before animating.
    private var startLink: CADisplayLink?
    /// When the running animation began (the target time of the frame that starts it).
    private(set) var animationBeginTime: Double?
    /// Ends the running transition (once).
    private var ending: (() -> Void)?
    private var run = 0
    private var movingContainer = false
    /// The animator a `transitioningDelegate` gave for the running transition.
    private var customAnimator: UIViewControllerAnimatedTransitioning?
    /// The presented view's alpha while it is drawn transparent before a custom animation.
    private var heldAlpha: CGFloat?
    /// The presenter's view, taken out of the window while a covering style shows.
    private var removedPresenterView: (view: UIView, superview: UIView?, index: Int)?

    init(presenter: UIViewController, presented: UIViewController, window: UIWindow) {
        self.presenter = presenter
        self.presented = presented
        self.window = window
        style = Self.resolvedStyle(of: presented)
        transitionStyle = presented is UIAlertController ? .crossDissolve : presented.modalTransitionStyle
        container.presentation = self
    }

    static func resolvedStyle(of controller: UIViewController) -> UIModalPresentationStyle {
        if controller is UIAlertController { return .overFullScreen }
        switch controller.modalPresentationStyle {
        case .automatic: return .pageSheet
        case .custom: return .overFullScreen
        case .none: return .fullScreen
        default: return controller.modalPresentationStyle
        }
    }

    var isTransitioning: Bool { phase != .shown }
    var isAlert: Bool { presented is UIAlertController }
    var isSheet: Bool { style == .pageSheet || style == .formSheet }
    /// Whether the presenter disappears (its view leaves the window once shown).
    var coversPresenter: Bool { style == .fullScreen || style == .currentContext }
    private var alertBox: UIView? { (presented as? UIAlertController)?.alertView }

    /// The card's frame in the container's bounds for `style`.
    static func cardFrame(for style: UIModalPresentationStyle, in bounds: CGRect) -> CGRect {
        let size: CGSize
        switch style {
        case .formSheet:
            size = CGSize(
                width: min(formSheetSize.width, bounds.width - 2 * sheetMargin),
                height: min(formSheetSize.height, bounds.height - 2 * sheetMargin))
        case .pageSheet:
            size = CGSize(
                width: min(pageSheetWidth, bounds.width - 2 * sheetMargin), height: bounds.height - 2 * sheetMargin)
        default:
            return bounds
        }
        let width = max(0, size.width)
        let height = max(0, size.height)
        return CGRect(
            x: ((bounds.width - width) / 2).rounded(), y: ((bounds.height - height) / 2).rounded(), width: width,
            height: height)
    }

    /// Keeps a shown sheet's card centred at its size when the window's size changes (a
    /// rotation): autoresizing alone would keep its margins, not its size.
    func containerDidLayOut() {
        guard phase == .shown, isSheet else { return }
        card.frame = Self.cardFrame(for: style, in: container.bounds)
    }

    // MARK: Presenting

    func present(animated: Bool, source: UIViewController, completion: (() -> Void)?) {
        guard let window, let presenter else { return }
        presented.loadViewIfNeeded()
        customAnimator = presented.transitioningDelegate?.animationController(
            forPresented: presented, presenting: presenter, source: source)
        var frame = window.bounds
        if style == .currentContext || style == .overCurrentContext, let presenterView = presenter.viewIfLoaded {
            frame = presenterView.convert(presenterView.bounds, to: window)
        }
        container.frame = frame
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        if isSheet || isAlert {
            let dimming = UIView(frame: container.bounds)
            dimming.backgroundColor = isAlert ? Self.alertDimming : Self.sheetDimming
            dimming.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            container.addSubview(dimming)
            self.dimming = dimming
        }
        card.frame = Self.cardFrame(for: style, in: container.bounds)
        card.autoresizingMask =
            isSheet
            ? [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin]
            : [.flexibleWidth, .flexibleHeight]
        if isSheet {
            card.layer.cornerRadius = Self.sheetCornerRadius
            card.clipsToBounds = true
        }
        container.addSubview(card)
        let view: UIView = presented.view
        view.frame = card.bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        UIViewController.withoutAutomaticAppearance { card.addSubview(view) }

        if coversPresenter { presenter.beginAppearanceTransition(false, animated: animated) }
        presented.beginAppearanceTransition(true, animated: animated)
        let flips = animated && transitionStyle == .flipHorizontal && customAnimator == nil
        if !flips { moveContainer { window.addSubview(container) } }
        view.layoutIfNeeded()
        start(appearing: true, animated: animated) { [self] in finishPresenting(completion) }
    }

    private func finishPresenting(_ completion: (() -> Void)?) {
        withExtendedLifetime(presented) {
            presented.endAppearanceTransition()
            if coversPresenter, let presenter {
                if let view = presenter.viewIfLoaded, let superview = view.superview {
                    let index = superview.subviews.firstIndex { $0 === view } ?? superview.subviews.count
                    removedPresenterView = (view, superview, index)
                    UIViewController.withoutAutomaticAppearance { view.removeFromSuperview() }
                }
                presenter.endAppearanceTransition()
            }
            phase = .shown
            completion?()
        }
    }

    // MARK: Dismissing

    /// Dismisses this (topmost) presentation and `intermediates` (the ones between the
    /// presenter and this one, lowest first) with this one's animation.
    func dismiss(intermediates: [Presentation], animated: Bool, completion: (() -> Void)?) {
        let bottom = intermediates.first ?? self
        let presenter = bottom.presenter
        phase = .dismissing
        for presentation in intermediates { presentation.phase = .dismissing }
        presented.beginAppearanceTransition(false, animated: animated)
        let shownBetween = intermediates.reversed().map(\.presented).filter { $0.appearanceState == .appeared }
        for controller in shownBetween { controller.beginAppearanceTransition(false, animated: false) }
        let presenterReappears = bottom.coversPresenter && presenter != nil
        if presenterReappears {
            bottom.restorePresenterView()
            presenter?.beginAppearanceTransition(true, animated: animated)
        }
        for presentation in intermediates {
            presentation.moveContainer { presentation.container.removeFromSuperview() }
        }
        customAnimator = presented.transitioningDelegate?.animationController(forDismissed: presented)
        start(appearing: false, animated: animated) { [self] in
            let dismissed = intermediates.map(\.presented) + [presented]
            withExtendedLifetime((self, dismissed)) {
                moveContainer { container.removeFromSuperview() }
                UIViewController.withoutAutomaticAppearance {
                    for controller in dismissed where controller.viewIfLoaded?.superview != nil {
                        controller.view.removeFromSuperview()
                    }
                }
                presented.endAppearanceTransition()
                for controller in shownBetween { controller.endAppearanceTransition() }
                if presenterReappears { presenter?.endAppearanceTransition() }
                if let presenter, presenter.presentedStorage === dismissed.first { presenter.presentedStorage = nil }
                for controller in dismissed {
                    controller.presentingStorage = nil
                    controller.presentedStorage = nil
                    controller.presentation = nil
                }
                completion?()
            }
        }
    }

    private func restorePresenterView() {
        guard let (view, superview, index) = removedPresenterView, let superview else { return }
        removedPresenterView = nil
        UIViewController.withoutAutomaticAppearance {
            superview.insertSubview(view, at: min(index, superview.subviews.count))
        }
    }

    private func moveContainer(_ body: () -> Void) {
        movingContainer = true
        defer { movingContainer = false }
        UIViewController.withoutAutomaticAppearance(body)
    }

    /// The container left its window while not moved by the presentation: end the
    /// transition now (animations outside a screen never finish).
    func containerLeftWindow() {
        guard !movingContainer else { return }
        finishNow()
    }

    // MARK: Animation

    /// Runs the animation of a presentation (`appearing`) or dismissal, then `end` (once).
    private func start(appearing: Bool, animated: Bool, end: @escaping () -> Void) {
        run += 1
        let token = run
        ending = end
        animationBeginTime = nil
        guard animated, UIView.areAnimationsEnabled, let window else {
            setFinalState(appearing: appearing)
            finishNow()
            return
        }
        if let animator = customAnimator {
            runCustom(animator, appearing: appearing, token: token, window: window)
            return
        }
        if transitionStyle == .flipHorizontal && !isAlert {
            UIView.transition(
                with: window, duration: Self.flipDuration,
                options: [appearing ? .transitionFlipFromRight : .transitionFlipFromLeft, .curveEaseInOut],
                animations: { [self] in
                    if appearing {
                        moveContainer { window.addSubview(container) }
                    } else {
                        container.isHidden = true
                    }
                },
                completion: { [weak self] _ in if self?.run == token { self?.finishNow() } })
            return
        }
        let box = alertBox
        if appearing {
            UIView.performWithoutAnimation { setStartState(box: box) }
            startLink = window.screen.startAfterFirstDraw(
                of: { [self] in [card.layer, dimming?.layer, box?.layer].compactMap { $0 } },
                while: { [weak self] in self?.run == token && self?.ending != nil },
                start: { [weak self] beginTime in
                    guard let self else { return }
                    self.startLink = nil
                    self.animationBeginTime = beginTime
                    self.animate(appearing: true, box: box, token: token)
                })
            if startLink == nil {
                setFinalState(appearing: true)
                finishNow()
            }
        } else {
            animate(appearing: false, box: box, token: token)
        }
    }

    /// Runs a transitioning delegate's animator. A presented view is first drawn once
    /// transparent at its final frame (VitrineLayers animates only layers it has drawn), then
    /// the animator gets it back opaque and animates it.
    private func runCustom(
        _ animator: UIViewControllerAnimatedTransitioning, appearing: Bool, token: Int, window: UIWindow
    ) {
        let presentedView: UIView = presented.view
        let presenterView = coversPresenter ? presenter?.viewIfLoaded : nil
        var frames: [ObjectIdentifier: (initial: CGRect, final: CGRect)] = [:]
        if appearing {
            frames[ObjectIdentifier(presented)] = (.zero, card.frame)
        } else {
            frames[ObjectIdentifier(presented)] = (presentedView.convert(presentedView.bounds, to: container), .zero)
        }
        if let presenter, let view = presenter.viewIfLoaded {
            let frame = view.superview.map { view.convert(view.bounds, to: $0) } ?? view.frame
            frames[ObjectIdentifier(presenter)] = (frame, frame)
        }
        let context = PresentationTransitionContext(
            container: container, animated: true, from: appearing ? presenter : presented,
            to: appearing ? presented : presenter, fromView: appearing ? presenterView : presentedView,
            toView: appearing ? presentedView : presenterView, frames: frames,
            onComplete: { [weak self] in
                guard let self, self.run == token else { return }
                self.customAnimator = nil
                self.finishNow()
                animator.animationEnded(true)
            })
        guard appearing else {
            animator.animateTransition(using: context)
            return
        }
        heldAlpha = presentedView.alpha
        UIView.performWithoutAnimation { presentedView.alpha = 0 }
        startLink = window.screen.startAfterFirstDraw(
            of: { [presentedView.layer] }, while: { [weak self] in self?.run == token && self?.ending != nil },
            start: { [weak self] beginTime in
                guard let self else { return }
                self.startLink = nil
                self.animationBeginTime = beginTime
                self.restoreHeldAlpha()
                animator.animateTransition(using: context)
            })
        if startLink == nil { finishNow() }
    }

    private func restoreHeldAlpha() {
        guard let alpha = heldAlpha else { return }
        heldAlpha = nil
        UIView.performWithoutAnimation { presented.viewIfLoaded?.alpha = alpha }
    }

    private func setStartState(box: UIView?) {
        dimming?.alpha = 0
        if let box {
            box.alpha = 0
            box.transform = CGAffineTransform(scaleX: Self.alertStartScale, y: Self.alertStartScale)
            return
        }
        switch transitionStyle {
        case .coverVertical: card.frame.origin.y = container.bounds.maxY
        case .crossDissolve: card.alpha = 0
        case .flipHorizontal: break
        }
    }

    private func animate(appearing: Bool, box: UIView?, token: Int) {
        let duration: TimeInterval
        var options: UIView.AnimationOptions = []
        if box != nil {
            duration = appearing ? Self.alertAppearDuration : Self.alertDisappearDuration
            options = .curveEaseOut
        } else {
            duration = Self.duration
            options = transitionStyle == .crossDissolve ? .curveEaseInOut : .curveEaseOut
        }
        UIView.animate(
            withDuration: duration, delay: 0, options: options,
            animations: { [self] in
                if appearing {
                    setFinalState(appearing: true)
                } else {
                    dimming?.alpha = 0
                    if let box {
                        box.alpha = 0
                    } else if transitionStyle == .crossDissolve {
                        card.alpha = 0
                    } else {
                        card.frame.origin.y = container.bounds.maxY
                    }
                }
            },
            completion: { [weak self] _ in if self?.run == token { self?.finishNow() } })
    }

    private func setFinalState(appearing: Bool) {
        guard appearing else { return }
        dimming?.alpha = 1
        card.alpha = 1
        card.frame = Self.cardFrame(for: style, in: container.bounds)
        if let box = alertBox {
            box.alpha = 1
            box.transform = .identity
        }
    }

    /// Ends the running transition now: animations removed, the end run.
    func finishNow() {
        startLink?.invalidate()
        startLink = nil
        restoreHeldAlpha()
        customAnimator = nil
        guard let end = ending else { return }
        ending = nil
        for view in [card, dimming, alertBox].compactMap({ $0 }) { view.layer.removeAllAnimations() }
        if phase == .presenting { UIView.performWithoutAnimation { setFinalState(appearing: true) } }
        end()
    }
}
