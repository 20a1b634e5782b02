import Foundation

/// One finger on the screen, as UIKit's `UITouch`: the same object from the moment it goes
/// down until it lifts or is cancelled, bound for its whole life to the view it began in.
@preconcurrency @MainActor
open class UITouch: Hashable {
    /// Where a touch is in its life, as `UITouch.Phase`.
    public enum Phase: Int, Sendable {
        case began, moved, stationary, ended, cancelled
    }

    /// The kind of touch, as `UITouch.TouchType`: panels give direct touches.
    public enum TouchType: Int, Sendable {
        case direct, indirect, pencil
    }

    /// The phase in the event being delivered, as `phase`.
    open internal(set) var phase: Phase = .began
    /// When the touch last changed, in seconds on the media clock, as `timestamp`.
    open internal(set) var timestamp: Double
    /// How many taps in quick succession at about this place this touch completes, as
    /// `tapCount` (1 for a first touch).
    open internal(set) var tapCount: Int = 1
    /// The view the touch began in (nil when it hit no view, or that view has left its
    /// window), as `view`.
    open internal(set) var view: UIView?
    /// The window the touch began in, as `window`.
    open internal(set) var window: UIWindow?
    /// The recognizers receiving this touch, as `gestureRecognizers`.
    open internal(set) var gestureRecognizers: [UIGestureRecognizer] = []
    /// `.direct`, as `type`.
    open var type: TouchType { .direct }
    /// How hard the finger presses, as `force`: 0, what iOS reports on a device without
    /// 3D Touch. libinput gives no pressure for touchscreen events (1.22, Debian 12, has
    /// pressure only for tablet tools), so no panel's force reaches Vitrine.
    open var force: CGFloat { 0 }
    /// The largest `force` the screen reports, as `maximumPossibleForce`: 0 with no pressure
    /// (see `force`), as on iOS without 3D Touch, so `force / maximumPossibleForce` must be
    /// guarded as there.
    open var maximumPossibleForce: CGFloat { 0 }

    /// The location in window coordinates, now and at the previous change.
    var windowLocation: CGPoint
    var previousWindowLocation: CGPoint
    /// The input slot the touch comes from.
    let slot: Int
    /// Whether the touch was already delivered to its view's `touchesBegan` (delays and
    /// cancellation by recognizers decide).
    var deliveredToView = false
    /// Whether its view gets no more of it (a recognizer cancelled it there, or the view left
    /// its window).
    var cancelledInView = false
    /// False when the view may not receive it at all (a second touch on a view without
    /// `isMultipleTouchEnabled`, or one blocked by an `isExclusiveTouch` view).
    var deliversToView = true
    /// The delivery of the router that made the touch: the only one that delivers it. Strong:
    /// a touch lives only while it is down or held back, and a weakly referenced delivery
    /// would take the runtime's slow path on every retain and release of the event path.
    private(set) var delivery: TouchDelivery?

    init(
        slot: Int, window: UIWindow?, view: UIView?, location: CGPoint, timestamp: Double,
        delivery: TouchDelivery? = nil
    ) {
        self.slot = slot
        self.delivery = delivery
        self.window = window
        self.view = view
        windowLocation = location
        previousWindowLocation = location
        self.timestamp = timestamp
    }

    /// The touch's location in `view`'s coordinates (nil: the window's), as `location(in:)`.
    open func location(in view: UIView?) -> CGPoint {
        convert(windowLocation, to: view)
    }

    /// The location at the touch's previous change, as `previousLocation(in:)`.
    open func previousLocation(in view: UIView?) -> CGPoint {
        convert(previousWindowLocation, to: view)
    }

    private func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        guard let window else { return point }
        guard let view else { return point }
        return window.convert(point, to: view)
    }

    public nonisolated static func == (lhs: UITouch, rhs: UITouch) -> Bool { lhs === rhs }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
