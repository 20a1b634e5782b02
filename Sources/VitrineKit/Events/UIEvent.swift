import Foundation

/// An event, as UIKit's `UIEvent`: the touches that changed together (one input frame), or a
/// key press, with when it happened.
@preconcurrency @MainActor
open class UIEvent {
    /// The kind of event, as `UIEvent.EventType`.
    public enum EventType: Int, Sendable {
        case touches, motion, remoteControl, presses
    }

    /// The kind of event, as `type`.
    open var type: EventType { eventType }
    /// When the event happened, in seconds on the media clock, as `timestamp`.
    open var timestamp: Double { eventTimestamp }

    private let eventType: EventType
    private let eventTimestamp: Double
    /// Every touch down at the time of the event (each with its phase in this event).
    var touchList: [UITouch]

    /// An empty touch event (UIKit's events are made by the system; this one is for tests).
    public convenience init() {
        self.init(type: .touches, timestamp: 0, touches: [])
    }

    init(type: EventType, timestamp: Double, touches: [UITouch]) {
        eventType = type
        eventTimestamp = timestamp
        touchList = touches
    }

    /// All touches of the event, as `allTouches` (nil for events without touches).
    open var allTouches: Set<UITouch>? {
        type == .touches ? Set(touchList) : nil
    }

    /// The touches bound to `view`, as `touches(for:)`.
    open func touches(for view: UIView) -> Set<UITouch>? {
        let found = touchList.filter { $0.view === view }
        return found.isEmpty ? nil : Set(found)
    }

    /// The touches that began in `window`, as `touches(for:)`.
    open func touches(for window: UIWindow) -> Set<UITouch>? {
        let found = touchList.filter { $0.window === window }
        return found.isEmpty ? nil : Set(found)
    }

    /// The touches delivered to `gesture`, as `touches(for:)`.
    open func touches(for gesture: UIGestureRecognizer) -> Set<UITouch>? {
        let found = touchList.filter { touch in touch.gestureRecognizers.contains { $0 === gesture } }
        return found.isEmpty ? nil : Set(found)
    }
}
