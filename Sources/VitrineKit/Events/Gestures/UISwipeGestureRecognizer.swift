import Foundation
import VitrinePlatform

/// Recognizes a quick straight movement in one of the allowed directions, as UIKit's
/// `UISwipeGestureRecognizer`: a discrete gesture, recognized (`.ended`) as soon as the
/// fingers' centroid has moved `minimumDistance` (50 points) along an allowed direction within
/// `maximumDuration` (0.5 s, a timer on the media clock, from the first finger down), staying
/// within 30° of that direction, as UIKit recognizes swipes before the fingers lift.
///
/// It fails when the movement strays more than 30° from every allowed direction (checked once
/// it is 10 points long), when time runs out, when a finger lifts first, or when the number of
/// fingers differs from `numberOfTouchesRequired`. UIKit leaves its thresholds undocumented;
/// these are Vitrine's.
@preconcurrency @MainActor
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// Swipe directions, as `UISwipeGestureRecognizer.Direction` (UIKit's raw values).
    public struct Direction: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// How far the swipe must go, in points.
    public static let minimumDistance: CGFloat = 50
    /// How long the swipe may take, in seconds.
    public static let maximumDuration: TimeInterval = 0.5
    /// The largest angle between the movement and the direction, in radians (30°).
    public static let maximumAngle: CGFloat = .pi / 6

    /// The allowed directions, as `direction` (default `.right`).
    open var direction: Direction = .right
    /// The number of fingers, as `numberOfTouchesRequired` (default 1).
    open var numberOfTouchesRequired = 1

    private var movement = CGPoint.zero
    private var startTime: Double?
    private var lastLocations: [ObjectIdentifier: CGPoint] = [:]
    private var timer: ClockTimer?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches { lastLocations[ObjectIdentifier(touch)] = touch.location(in: nil) }
        if lastLocations.count > max(numberOfTouchesRequired, 1) {
            state = .failed
            return
        }
        if startTime == nil {
            startTime = event.timestamp
            timer = scheduleTimer(at: event.timestamp + Self.maximumDuration) { $0.failIfPossible() }
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let delta = centroidMovement(of: touches, tracking: &lastLocations) else { return }
        movement.x += delta.x
        movement.y += delta.y
        let length = hypot(movement.x, movement.y)
        guard length >= 10 else { return }
        guard lastLocations.count == numberOfTouchesRequired,
            let along = distanceAlongAllowedDirection(),
            event.timestamp - (startTime ?? event.timestamp) <= Self.maximumDuration
        else {
            state = .failed
            return
        }
        if along >= Self.minimumDistance { state = .ended }
    }

    /// The movement's length along the allowed direction it is within 30° of, if any.
    private func distanceAlongAllowedDirection() -> CGFloat? {
        let axes: [(Direction, CGPoint)] = [
            (.right, CGPoint(x: 1, y: 0)), (.left, CGPoint(x: -1, y: 0)),
            (.up, CGPoint(x: 0, y: -1)), (.down, CGPoint(x: 0, y: 1)),
        ]
        let length = hypot(movement.x, movement.y)
        for (candidate, axis) in axes where direction.contains(candidate) {
            let along = movement.x * axis.x + movement.y * axis.y
            if along > 0 && along >= length * cos(Self.maximumAngle) { return along }
        }
        return nil
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { state = .failed }
    }

    /// The recognized gesture's touches stay readable in its action after they lift, as
    /// in UIKit (`numberOfTouches`, `location(ofTouch:in:)`).
    override var reportsLiftedTouches: Bool { true }

    open override func reset() {
        super.reset()
        timer?.cancel()
        timer = nil
        movement = .zero
        startTime = nil
        lastLocations = [:]
    }
}
