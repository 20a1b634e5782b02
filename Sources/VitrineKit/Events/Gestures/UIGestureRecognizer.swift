import Foundation

/// Recognizes a gesture from the touches of a view and its subviews, as UIKit's
/// `UIGestureRecognizer`, with UIKit's state machine: `.possible` until it begins (continuous
/// gestures: `.began`, `.changed`…, then `.ended` or `.cancelled`) or is recognized (discrete
/// gestures: `.ended`, also called `.recognized`), or `.failed`. It returns to `.possible`
/// once its touches are over.
///
/// Actions are closures (`addTarget(_:)`, `init(handler:)`): Swift has no selectors on Linux.
/// They run when the state becomes `.began`, `.changed`, `.ended` or `.cancelled`.
///
/// Subclasses (UIKit's `UIGestureRecognizerSubclass`) override `touchesBegan(_:with:)` …,
/// `reset()`, and set `state`.
@preconcurrency @MainActor
open class UIGestureRecognizer {
    /// The recognizer's state, as `UIGestureRecognizer.State`.
    public enum State: Int, Sendable {
        case possible, began, changed, ended, cancelled, failed
        /// A discrete gesture was recognized: the same as `.ended`.
        public static var recognized: State { .ended }
    }

    /// An action added with `addTarget(_:)`; pass it to `removeTarget(_:)`.
    public final class Target {
        let action: @MainActor (UIGestureRecognizer) -> Void
        init(_ action: @escaping @MainActor (UIGestureRecognizer) -> Void) { self.action = action }
    }

    private var targets: [Target] = []

    /// A recognizer with no action yet, as `init(target: nil, action: nil)`.
    public init() {}

    /// A recognizer that calls `handler` on every action, Vitrine's form of
    /// `init(target:action:)`.
    public convenience init(handler: @escaping @MainActor (UIGestureRecognizer) -> Void) {
        self.init()
        addTarget(handler)
    }

    /// Adds an action, Vitrine's form of `addTarget(_:action:)`; open, as UIKit's.
    // `@preconcurrency` on the method too: in a `@preconcurrency` class, Swift 6.3 mangles an
    // overridable method taking a main-actor closure one way where it is defined and another
    // in a subclass's vtable in another file (an undefined symbol at link time) unless the
    // method itself is marked.
    @discardableResult @preconcurrency
    open func addTarget(_ action: @escaping @MainActor (UIGestureRecognizer) -> Void) -> Target {
        let target = Target(action)
        targets.append(target)
        return target
    }

    /// Removes an action added with `addTarget(_:)` (nil: all), as `removeTarget(_:action:)`.
    open func removeTarget(_ target: Target?) {
        if let target { targets.removeAll { $0 === target } } else { targets.removeAll() }
    }

    /// The view the recognizer is attached to, as `view`.
    open internal(set) weak var view: UIView?

    /// The decision-maker, as `delegate`.
    open weak var delegate: (any UIGestureRecognizerDelegate)?

    /// Whether the recognizer takes part, as `isEnabled`; disabling it mid-gesture cancels
    /// (or fails) it.
    open var isEnabled = true {
        didSet { if !isEnabled && oldValue { arena.disable(self) } }
    }

    /// Whether the view's touches are cancelled once the gesture is recognized, as
    /// `cancelsTouchesInView` (default true).
    open var cancelsTouchesInView = true
    /// Whether `touchesBegan` reaches the view only after the recognizer fails, as
    /// `delaysTouchesBegan` (default false).
    open var delaysTouchesBegan = false
    /// Whether `touchesEnded` reaches the view only after the recognizer fails, as
    /// `delaysTouchesEnded` (default true).
    open var delaysTouchesEnded = true

    /// The state; subclasses set it (UIKit's `UIGestureRecognizerSubclass`). Setting it runs
    /// the transition: actions, failing or cancelling competing recognizers, cancelling the
    /// view's touches.
    open var state: State {
        get { batchedState ?? currentState }
        set { arena.transition(self, to: newValue) }
    }
    /// A recognition asked for while an event is being delivered, resolved with the others of
    /// that event once every recognizer has seen it (`GestureArena.deliveringEvent`).
    var batchedState: State?

    /// The arena of the touch router whose touches the recognizer last received (set when a
    /// touch begins on its view). Held strongly: the arena keeps recognizers only weakly or for
    /// one event, so there is no cycle, and a weak reference would slow every retain of it.
    var boundArena: GestureArena?
    /// Where the recognizer's transitions are decided: its router's arena, or the
    /// application's for one that never received a touch or whose router is gone.
    var arena: GestureArena {
        if let boundArena, !boundArena.isDetached { return boundArena }
        return UIApplication.shared.touchRouter.delivery.arena
    }
    var currentState = State.possible

    /// A transition held back until the recognizers this one requires to fail have failed.
    var pendingState: State?
    /// Recognizers that must fail before this one may recognize.
    var requiredToFail: [WeakRecognizer] = []
    struct WeakRecognizer {
        weak var recognizer: UIGestureRecognizer?
    }

    /// Makes recognition wait until `otherGestureRecognizer` fails; if it recognizes, this
    /// one fails, as `require(toFail:)`.
    open func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        requiredToFail.append(WeakRecognizer(recognizer: otherGestureRecognizer))
    }

    /// The touches the recognizer is tracking now (down, not ignored).
    var trackedTouches: [UITouch] = []
    /// Every touch it received since its last reset (for cancelling them in the view).
    var seenTouches: [UITouch] = []
    /// Whether it has received touches since its last reset: an idle recognizer does not
    /// hold back those that require it to fail.
    var isInvolved = false

    /// The touches of the current press that lifted (not cancelled, not ignored), in the order
    /// they went down; emptied when the next press begins and at reset.
    var liftedTouches: [UITouch] = []
    /// Whether a gesture recognized as its fingers lift still reports them: UIKit's tap,
    /// swipe and long-press recognizers keep the recognized gesture's touches readable in the
    /// action (`numberOfTouches`, `location(ofTouch:in:)`) until they reset.
    var reportsLiftedTouches: Bool { false }

    /// The touches the queries answer for: those down, or once all have lifted, those of the
    /// recognized press (see `reportsLiftedTouches`).
    private var reportedTouches: [UITouch] {
        if !trackedTouches.isEmpty { return trackedTouches }
        return reportsLiftedTouches && state == .ended ? liftedTouches : []
    }

    /// The number of touches, as `numberOfTouches`: those down, or in a tap's, swipe's or
    /// long press's action, those of the recognized gesture (as UIKit's).
    open var numberOfTouches: Int { reportedTouches.count }

    /// The centroid of the touches in `view`'s coordinates (nil: the window's), as
    /// `location(in:)`; the last known place once they have lifted.
    open func location(in view: UIView?) -> CGPoint {
        let touches = reportedTouches
        guard !touches.isEmpty else { return lastLocation(in: view) }
        let points = touches.map { $0.location(in: view) }
        let sum = points.reduce(CGPoint.zero) { CGPoint(x: $0.x + $1.x, y: $0.y + $1.y) }
        return CGPoint(x: sum.x / CGFloat(points.count), y: sum.y / CGFloat(points.count))
    }

    /// The location of one of the touches `numberOfTouches` counts, as
    /// `location(ofTouch:in:)` (a lifted touch: where it lifted).
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        let touches = reportedTouches
        guard touches.indices.contains(touchIndex) else { return location(in: view) }
        return touches[touchIndex].location(in: view)
    }

    /// The centroid when the last touch lifted, in window coordinates, and its window.
    var lastWindowLocation: CGPoint?
    weak var lastWindow: UIWindow?

    private func lastLocation(in view: UIView?) -> CGPoint {
        guard let point = lastWindowLocation else { return .zero }
        guard let view, let window = lastWindow else { return point }
        return window.convert(point, to: view)
    }

    /// Stops tracking `touch` (it will not be delivered here again), as `ignore(_:for:)`.
    /// An ignored touch no longer ties this recognizer to the others receiving it, and is not
    /// cancelled in its view when this recognizer recognizes.
    open func ignore(_ touch: UITouch, for event: UIEvent) {
        trackedTouches.removeAll { $0 === touch }
        liftedTouches.removeAll { $0 === touch }
        seenTouches.removeAll { $0 === touch }
        touch.gestureRecognizers.removeAll { $0 === self }
    }

    // MARK: For subclasses

    /// Touches began in the view, as `touchesBegan(_:with:)`.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Touches moved, as `touchesMoved(_:with:)`.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Touches lifted, as `touchesEnded(_:with:)`.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Touches were cancelled, as `touchesCancelled(_:with:)`: the default cancels a gesture
    /// in progress, or fails a possible one.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .began, .changed: state = .cancelled
        case .possible: state = .failed
        default: break
        }
    }
    /// Returns to the starting point after a gesture ended, failed or was cancelled, as
    /// `reset()`. Overrides call super.
    open func reset() {}

    /// Whether this recognizer may stop `preventedGestureRecognizer` from recognizing when it
    /// recognizes, as `canPrevent(_:)` (default true).
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Whether `preventingGestureRecognizer` may stop this one, as `canBePrevented(by:)`
    /// (default true).
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Whether this recognizer waits for `otherGestureRecognizer`, receiving the same touches,
    /// to fail before it recognizes, as `shouldRequireFailure(of:)` (default false); a
    /// subclass's way to say what `require(toFail:)` says for one instance.
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    /// Whether `otherGestureRecognizer`, receiving the same touches, waits for this one to
    /// fail before it recognizes, as `shouldBeRequiredToFail(by:)` (default false).
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    /// Runs the actions.
    func sendActions() {
        for target in targets { target.action(self) }
    }
}

/// Decides how a recognizer interacts, as UIKit's `UIGestureRecognizerDelegate`. All methods
/// are optional.
@preconcurrency @MainActor
public protocol UIGestureRecognizerDelegate: AnyObject {
    /// Whether the recognizer may leave `.possible`, as `gestureRecognizerShouldBegin(_:)`.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether two recognizers may recognize at the same time, as
    /// `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)`.
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool
    /// Whether the recognizer gets `touch`, as `gestureRecognizer(_:shouldReceive:)`.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
    /// Whether this recognizer must wait for `other` to fail, as
    /// `gestureRecognizer(_:shouldRequireFailureOf:)`.
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool
}

extension UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        true
    }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { false }
}
