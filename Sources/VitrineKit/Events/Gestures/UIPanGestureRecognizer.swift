import Foundation

/// Recognizes fingers dragging, as UIKit's `UIPanGestureRecognizer`: a continuous gesture
/// that begins once at least `minimumNumberOfTouches` fingers are down and their centroid has
/// moved 10 points (`hysteresis`, in window coordinates), changes as they move, and ends when
/// fewer than `minimumNumberOfTouches` remain. It fails when every finger lifts before it
/// began. Fingers beyond `maximumNumberOfTouches` are ignored.
///
/// `translation(in:)` is the centroid's movement since enough fingers went down (it includes
/// the 10 points that began the gesture; fingers joining or leaving do not move it),
/// `velocity(in:)` its rate over the last 0.1 s of samples, in points per second.
@preconcurrency @MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// How far the centroid moves before the gesture begins, in points.
    public static let hysteresis: CGFloat = 10

    /// The fewest fingers that pan, as `minimumNumberOfTouches` (default 1).
    open var minimumNumberOfTouches = 1
    /// The most fingers that pan, as `maximumNumberOfTouches` (default `Int.max`).
    open var maximumNumberOfTouches = Int.max

    /// The translation in window coordinates.
    private var translation = CGPoint.zero
    /// The centroid's movement since the gesture started, for the hysteresis.
    private var movement = CGPoint.zero
    private var lastLocations: [ObjectIdentifier: CGPoint] = [:]
    private var samples = GestureSamples()

    /// The movement of the fingers' centroid in `view`'s coordinates (nil: the window's), as
    /// `translation(in:)`.
    open func translation(in view: UIView?) -> CGPoint {
        vector(translation, fromWindowTo: view)
    }

    /// Sets the translation as seen in `view`'s coordinates, as `setTranslation(_:in:)`;
    /// the velocity is unchanged.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        guard translation.x.isFinite, translation.y.isFinite else { return }
        let inWindow = vector(translation, toWindowFrom: view)
        samples.shift(by: CGPoint(x: inWindow.x - self.translation.x, y: inWindow.y - self.translation.y))
        self.translation = inWindow
    }

    /// The centroid's velocity in points per second in `view`'s coordinates, as
    /// `velocity(in:)`: its movement over the most recent 0.1 s of samples (a touch lifting
    /// adds a sample, so fingers that stopped before lifting report a small velocity).
    open func velocity(in view: UIView?) -> CGPoint {
        vector(samples.rate, fromWindowTo: view)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible && lastLocations.count < minimumNumberOfTouches {
            // Too few fingers until now: the movement counts from here.
            translation = .zero
            movement = .zero
            samples.removeAll()
        }
        for touch in touches {
            if lastLocations.count >= max(maximumNumberOfTouches, 1) {
                ignore(touch, for: event)
            } else {
                lastLocations[ObjectIdentifier(touch)] = touch.location(in: nil)
            }
        }
        samples.add(time: event.timestamp, value: translation)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let delta = centroidMovement(of: touches, tracking: &lastLocations) else { return }
        translation.x += delta.x
        translation.y += delta.y
        movement.x += delta.x
        movement.y += delta.y
        samples.add(time: event.timestamp, value: translation)
        switch state {
        case .possible:
            if lastLocations.count >= minimumNumberOfTouches && hypot(movement.x, movement.y) >= Self.hysteresis {
                state = mayBegin(movement: movement) ? .began : .failed
            }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    /// Whether a movement past the hysteresis (window coordinates) begins the gesture rather
    /// than failing it: always for a pan; `UIScreenEdgePanGestureRecognizer` asks for one
    /// away from its edge.
    func mayBegin(movement: CGPoint) -> Bool { true }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches { lastLocations[ObjectIdentifier(touch)] = nil }
        samples.add(time: event.timestamp, value: translation)
        switch state {
        case .possible:
            if lastLocations.isEmpty { state = .failed }
        case .began, .changed:
            if lastLocations.count < minimumNumberOfTouches { state = .ended }
        default:
            break
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches { lastLocations[ObjectIdentifier(touch)] = nil }
        super.touchesCancelled(touches, with: event)
    }

    open override func reset() {
        super.reset()
        translation = .zero
        movement = .zero
        lastLocations = [:]
        samples.removeAll()
    }
}
