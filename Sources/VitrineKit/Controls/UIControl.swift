import Foundation

/// The base class of views that turn touches into events, as UIKit's `UIControl`: it tracks
/// one touch from `touchesBegan` to `touchesEnded` (or `touchesCancelled`), keeps
/// `isHighlighted` and `isTouchInside` up to date, calls `beginTracking(_:with:)`,
/// `continueTracking(_:with:)`, `endTracking(_:with:)` and `cancelTracking(with:)`, and sends
/// `UIControl.Event`s to the actions added for them.
///
/// **Inside and outside.** As in UIKit, "inside" means inside the bounds grown by a tracking
/// slop on every side, so a finger that strays a little off a button still counts. UIKit's
/// slop is undocumented and measures about 70 points; Vitrine's is exactly 70 points.
/// `isHighlighted` follows `isTouchInside` while tracking.
///
/// **Event sequence** for one touch: `.touchDown` (then `.touchDownRepeat` when the touch's
/// `tapCount` is above 1); for each move, `.touchDragInside` or `.touchDragOutside`, except
/// that the move that crosses the slop's edge sends only `.touchDragExit` or
/// `.touchDragEnter`; then `.touchUpInside` or `.touchUpOutside` (buttons follow
/// `.touchUpInside` with `.primaryActionTriggered`), or `.touchCancel`.
///
/// **Disabled controls.** Hit-testing does not look at `isEnabled` (as in UIKit), so a
/// disabled control is still the touch's view; it does not track, highlight or send
/// anything, and it passes the touches up the responder chain as a plain view does. An
/// enabled control keeps the touches it tracks (they do not travel up the chain). Disabling a
/// control mid-touch stops its tracking (`cancelTracking(with:)`) without sending events.
///
/// **Actions** are closures: `addAction(_:for:)` with a `UIAction` (UIKit's iOS 14 form), or
/// `addTarget(for:_:)`, Vitrine's form of `addTarget(_:action:for:)` (Swift has no
/// selectors on Linux), whose closure also gets the `UIEvent`. They run in the order they
/// were added. Vitrine has no focus engine (`.focused` is never set) and no menus.
///
/// Overridable members live in this class body; the work is in `UIControl+Tracking.swift`
/// and `UIControl+Actions.swift`.
@preconcurrency @MainActor
open class UIControl: UIView {
    // Accessibility defaults, as UIKit's controls: an element, `.notEnabled` when disabled,
    // `.selected` when selected.
    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityTraits: UIAccessibilityTraits {
        var traits = controlAccessibilityTraits
        if !isEnabled { traits.insert(.notEnabled) }
        if isSelected { traits.insert(.selected) }
        return traits
    }
    /// The traits of the kind of control (`.button` for buttons, `.adjustable` for sliders).
    var controlAccessibilityTraits: UIAccessibilityTraits { .none }

    /// The slop (points) the bounds grow by on every side when deciding whether a tracked
    /// touch is inside.
    static let trackingSlop: CGFloat = 70

    // MARK: Creation

    /// A control with the given frame, as `init(frame:)`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// A control that runs `primaryAction` on `.primaryActionTriggered`, as
    /// `init(frame:primaryAction:)`.
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    /// A view an interface file makes, as `init?(coder:)`: set up as `init(frame:)` sets it up,
    /// for the coder nib loading passes; fails for any other coder (see `UIView.init?(coder:)`).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    // MARK: State

    /// Whether the control responds to touches, as `isEnabled` (default true). Turning it
    /// off while a touch is tracked stops the tracking (see the class notes).
    open var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            if !isEnabled { abandonTracking() }
            stateDidChange()
            refreshParts()
        }
    }

    /// Whether the control is selected, as `isSelected` (default false). Controls do not
    /// change it themselves (UIKit's do not either), except where a subclass says so.
    open var isSelected = false {
        didSet {
            guard isSelected != oldValue else { return }
            stateDidChange()
            refreshParts()
        }
    }

    /// Whether the control is highlighted, as `isHighlighted`: set while a tracked touch is
    /// inside the bounds plus the slop, cleared when it leaves or ends.
    open var isHighlighted = false {
        didSet {
            guard isHighlighted != oldValue else { return }
            stateDidChange()
            refreshParts()
        }
    }

    /// The control's state, as `state`: `.highlighted`, `.disabled` and `.selected` from the
    /// properties (`.normal` when none applies).
    open var state: State {
        var result: State = .normal
        if isHighlighted { result.insert(.highlighted) }
        if !isEnabled { result.insert(.disabled) }
        if isSelected { result.insert(.selected) }
        return result
    }

    /// How content is placed across the control, as `contentHorizontalAlignment` (default
    /// `.center`). Stored; subclasses such as `UIButton` use it for layout.
    open var contentHorizontalAlignment: ContentHorizontalAlignment = .center {
        didSet { if contentHorizontalAlignment != oldValue { setNeedsLayout() } }
    }

    /// `contentHorizontalAlignment` with `.leading` and `.trailing` resolved (left to right),
    /// as `effectiveContentHorizontalAlignment`.
    open var effectiveContentHorizontalAlignment: ContentHorizontalAlignment {
        switch contentHorizontalAlignment {
        case .leading: return .left
        case .trailing: return .right
        default: return contentHorizontalAlignment
        }
    }

    /// How content is placed down the control, as `contentVerticalAlignment` (default
    /// `.center`).
    open var contentVerticalAlignment: ContentVerticalAlignment = .center {
        didSet { if contentVerticalAlignment != oldValue { setNeedsLayout() } }
    }

    /// Called when `isEnabled`, `isSelected` or `isHighlighted` changes (Vitrine's hook for
    /// subclasses that draw their state; UIKit's subclasses override the setters instead,
    /// which works here too).
    open func stateDidChange() {}

    /// Puts the control's parts (its own sublayers) in place for its state, bounds and tint,
    /// with implicit actions off so they change at once; called after every state, layout and
    /// tint change. Controls drawn with layers (`UISlider`, `UISwitch`) override
    /// `layOutParts()`.
    func refreshParts() {
        CATransaction.withActionsDisabled { layOutParts() }
    }

    /// Lays out the parts; see `refreshParts()`. The base control has none.
    func layOutParts() {}

    open override func layoutSubviews() {
        super.layoutSubviews()
        refreshParts()
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        refreshParts()
    }

    /// Whether the control's own default action keeps `recognizer` (attached to an ancestor)
    /// from taking a touch that began on the control, as UIKit's controls do (since iOS 6: a
    /// button's tap is the button's, not a single-tap recognizer's on its superview). The base
    /// control claims single-finger single taps; sliders and switches also claim pans and
    /// swipes.
    func claimsTouches(from recognizer: UIGestureRecognizer) -> Bool {
        guard let tap = recognizer as? UITapGestureRecognizer else { return false }
        return tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1
    }

    // MARK: Tracking

    /// Whether the control is tracking a touch, as `isTracking`: from a `beginTracking`
    /// that returned true until the touch ends, is cancelled, or `continueTracking` returns
    /// false.
    open internal(set) var isTracking = false

    /// Whether the tracked touch is inside the bounds plus the slop, as `isTouchInside`.
    open internal(set) var isTouchInside = false

    /// The touch being tracked, from `touchesBegan` until it ends.
    internal var trackedTouch: UITouch?
    /// Whether the rest of `trackedTouch` is ignored (the control was disabled mid-touch).
    internal var trackedTouchAbandoned = false
    /// Touches that began while the control was disabled: passed up the responder chain
    /// until they end, whatever happens to `isEnabled` meanwhile.
    internal var forwardedTouches: [UITouch] = []

    /// A touch began; return whether to keep tracking it, as `beginTracking(_:with:)`
    /// (default true).
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }

    /// The tracked touch moved; return whether to keep tracking it, as
    /// `continueTracking(_:with:)` (default true). `isTouchInside` is already updated.
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }

    /// The tracked touch lifted, as `endTracking(_:with:)`; `isTouchInside` says where.
    /// Called before `.touchUpInside` or `.touchUpOutside` is sent.
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}

    /// The tracked touch was cancelled, as `cancelTracking(with:)`.
    open func cancelTracking(with event: UIEvent?) {}

    /// Whether `.primaryActionTriggered` follows `.touchUpInside` (true for buttons).
    var sendsPrimaryActionOnTouchUpInside: Bool { false }

    /// Whether a tap shows the control's menu instead of sending its actions, as
    /// `showsMenuAsPrimaryAction` (default false; a button with a `menu` shows it).
    open var showsMenuAsPrimaryAction = false

    /// Shows the control's menu for a tap when `showsMenuAsPrimaryAction`; true when it did
    /// (then the tap sends `.menuActionTriggered` only).
    func showMenuAsPrimaryAction() -> Bool { false }

    // MARK: Touches (see UIControl+Tracking.swift)

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        controlTouchesBegan(touches, with: event)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        controlTouchesMoved(touches, with: event)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        controlTouchesEnded(touches, with: event)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        controlTouchesCancelled(touches, with: event)
    }

    // MARK: Actions (see UIControl+Actions.swift)

    /// An action added with `addTarget(for:_:)`; pass it to `removeTarget(_:for:)`. Equal
    /// only to itself, so `allTargets` can hold it.
    public final class Target: Hashable {
        let handler: @MainActor (UIControl, UIEvent?) -> Void
        /// The object the action was added for (not retained, as UIKit's targets), when given.
        weak var object: AnyObject?
        /// Whether it was added for the nil target (sent up the responder chain).
        let isNilTarget: Bool
        /// The action's name (an interface file's selector), what
        /// `actions(forTarget:forControlEvent:)` reports.
        let actionName: String?

        init(
            object: AnyObject? = nil, isNilTarget: Bool = false, actionName: String? = nil,
            _ handler: @escaping @MainActor (UIControl, UIEvent?) -> Void
        ) {
            self.handler = handler
            self.object = object
            self.isNilTarget = isNilTarget
            self.actionName = actionName
        }

        public nonisolated static func == (lhs: Target, rhs: Target) -> Bool { lhs === rhs }
        public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    /// What runs for which events, in the order added.
    enum Handler {
        case action(UIAction)
        case target(Target)
    }
    struct Registration {
        var handler: Handler
        var events: Event
    }
    var registrations: [Registration] = []

    /// Sends the actions for `controlEvents`, as `sendActions(for:)`: every action added for
    /// any of those events runs once, in the order added, with no `UIEvent`.
    open func sendActions(for controlEvents: Event) {
        performActions(for: controlEvents, with: nil)
    }

    /// Runs one `UIAction` as this control's action, as `sendAction(_:)`.
    open func sendAction(_ action: UIAction) {
        action.perform(sender: self)
    }

    // MARK: Overridable members of UIControl+Actions

    // Declared here, in the class body, rather than in UIControl+Actions.swift: Swift cannot
    // override a member declared in an extension (there is no Objective-C), and UIKit declares
    // each of these `open`.

    /// Adds `action` for `controlEvents`, as `addAction(_:for:)`. As in UIKit, actions are
    /// known by their identifier: an action with the identifier of one already added for some
    /// of those events replaces it for them. Adding for no events does nothing.
    open func addAction(_ action: UIAction, for controlEvents: Event) {
        guard !controlEvents.isEmpty else { return }
        removeAction(identifiedBy: action.identifier, for: controlEvents)
        if let index = registrations.firstIndex(where: {
            if case .action(let existing) = $0.handler { return existing === action }
            return false
        }) {
            registrations[index].events.formUnion(controlEvents)
        } else {
            registrations.append(Registration(handler: .action(action), events: controlEvents))
        }
    }

    /// Removes the action with `action`'s identifier from `controlEvents`, as
    /// `removeAction(_:for:)`.
    open func removeAction(_ action: UIAction, for controlEvents: Event) {
        removeAction(identifiedBy: action.identifier, for: controlEvents)
    }

    /// Removes the action with `actionIdentifier` from `controlEvents`, as
    /// `removeAction(identifiedBy:for:)`; it stays for its other events.
    open func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: Event) {
        remove(for: controlEvents) { handler in
            if case .action(let existing) = handler { return existing.identifier == actionIdentifier }
            return false
        }
    }

    /// Adds a closure for `controlEvents`, Vitrine's form of `addTarget(_:action:for:)`: it
    /// gets the control and the `UIEvent` that caused the control event (nil for
    /// `sendActions(for:)`), as an action method with the `(sender, event)` signature does.
    // `@preconcurrency` on the method: see `UIGestureRecognizer.addTarget(_:)` (Swift 6.3
    // mangles it differently in subclasses' vtables in other files otherwise).
    @discardableResult @preconcurrency
    open func addTarget(
        for controlEvents: Event, _ handler: @escaping @MainActor (UIControl, UIEvent?) -> Void
    ) -> Target {
        let target = Target(handler)
        if !controlEvents.isEmpty {
            registrations.append(Registration(handler: .target(target), events: controlEvents))
        }
        return target
    }

    /// Adds a closure for `controlEvents` under a target object and an action name,
    /// Vitrine's form of `addTarget(_:action:for:)` for code that later asks
    /// `allTargets` or `actions(forTarget:forControlEvent:)`: `target` (not retained, as in
    /// UIKit; nil is the nil target, sent up the responder chain, which the closure does) is
    /// what `allTargets` lists and `action` is the name `actions(forTarget:forControlEvent:)`
    /// returns, written as the selector would be (`"save:"`, `"tapped(_:)"`: any spelling the
    /// app compares with). The closure runs as with `addTarget(for:_:)`.
    // `@preconcurrency` on the method: see `UIGestureRecognizer.addTarget(_:)` (Swift 6.3
    // mangles it differently in subclasses' vtables in other files otherwise).
    @discardableResult @preconcurrency
    open func addTarget(
        _ target: AnyObject?, action: String, for controlEvents: Event,
        _ handler: @escaping @MainActor (UIControl, UIEvent?) -> Void
    ) -> Target {
        let token = Target(object: target, isNilTarget: target == nil, actionName: action, handler)
        if !controlEvents.isEmpty {
            registrations.append(Registration(handler: .target(token), events: controlEvents))
        }
        return token
    }

    /// The targets of the control's target-action pairs, as `allTargets`: the object each was
    /// added for (`addTarget(_:action:for:_:)`, an interface file's connection), `NSNull` for
    /// the nil target (First Responder) as in UIKit (on Linux find it with `base is NSNull`:
    /// corelibs' `NSNull` instances hash differently), and the `Target` token of a closure added
    /// without one. `UIAction`s are not targets and are not listed. A target object that is
    /// not `Hashable` is listed by its token.
    open var allTargets: Set<AnyHashable> {
        var targets: Set<AnyHashable> = []
        for registration in registrations {
            guard case .target(let target) = registration.handler else { continue }
            if target.isNilTarget {
                targets.insert(AnyHashable(Self.nilTarget))
            } else if let object = target.object, let hashable = object as? AnyHashable {
                targets.insert(hashable)
            } else {
                targets.insert(AnyHashable(target))
            }
        }
        return targets
    }

    /// The names of the actions `target` has for `controlEvent`, as
    /// `actions(forTarget:forControlEvent:)`: the names given to
    /// `addTarget(_:action:for:_:)` or an interface file's selectors (`"increment:"`), in the
    /// order added; nil when there are none. `target` is the object (nil or `NSNull`: the nil
    /// target) or a closure's `Target` token. A closure added without a name has none.
    open func actions(forTarget target: Any?, forControlEvent controlEvent: Event) -> [String]? {
        let wantsNilTarget = target == nil || target is NSNull
        let object = target.flatMap { $0 as AnyObject }
        var names: [String] = []
        for registration in registrations where !registration.events.isDisjoint(with: controlEvent) {
            guard case .target(let token) = registration.handler, let name = token.actionName else { continue }
            let matches =
                wantsNilTarget
                ? token.isNilTarget
                : (token === object || (token.object != nil && token.object === object))
            if matches { names.append(name) }
        }
        return names.isEmpty ? nil : names
    }

    /// Removes a closure added with `addTarget(for:_:)` (nil: every one) from
    /// `controlEvents`, as `removeTarget(_:action:for:)`.
    open func removeTarget(_ target: Target?, for controlEvents: Event) {
        remove(for: controlEvents) { handler in
            if case .target(let existing) = handler { return target == nil || existing === target }
            return false
        }
    }

    /// The events any action or target is added for, as `allControlEvents`.
    open var allControlEvents: Event {
        registrations.reduce(Event()) { $0.union($1.events) }
    }
}
