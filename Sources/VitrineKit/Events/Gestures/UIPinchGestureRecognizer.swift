import Foundation

/// Recognizes two fingers moving apart or together, as UIKit's `UIPinchGestureRecognizer`: a
/// continuous gesture that begins once the distance between the two fingers has changed by
/// 10 points (`hysteresis`) since both were down, changes as they move, and ends when one
/// lifts. It fails when the fingers lift before it began. Fingers beyond two are ignored.
///
/// `scale` is the distance between the fingers over their distance when the second went down
/// (it includes the change that began the gesture); setting it rebases it on the current
/// distance, as in UIKit. `velocity` is the scale's rate over the last 0.1 s, per second.
@preconcurrency @MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    /// How much the distance between the fingers changes before the gesture begins, in points.
    public static let hysteresis: CGFloat = 10

    /// The scale factor, as `scale` (1 until the fingers move).
    open var scale: CGFloat {
        get { scaleBase * distanceRatio }
        set {
            guard newValue.isFinite else { return }
            scaleBase = newValue
            baseDistance = currentDistance ?? baseDistance
        }
    }

    /// The scale factor's change per second, as `velocity`.
    open var velocity: CGFloat {
        samples.rate.x * scaleBase * (initialDistance / baseDistance)
    }

    private var scaleBase: CGFloat = 1
    private var initialDistance: CGFloat = 1
    private var baseDistance: CGFloat = 1
    private var fingers: [UITouch] = []
    private var samples = GestureSamples()

    private var currentDistance: CGFloat? {
        guard fingers.count == 2 else { return nil }
        let distance = gestureDistance(fingers[0].location(in: nil), fingers[1].location(in: nil))
        return distance.isFinite ? max(distance, 1) : nil
    }

    private var distanceRatio: CGFloat {
        guard let distance = currentDistance else { return lastRatio }
        return distance / baseDistance
    }
    private var lastRatio: CGFloat = 1

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches {
            if fingers.count >= 2 {
                ignore(touch, for: event)
            } else {
                fingers.append(touch)
            }
        }
        if fingers.count == 2, let distance = currentDistance, samples.isEmpty {
            initialDistance = distance
            baseDistance = distance
            samples.add(time: event.timestamp, value: CGPoint(x: distance / initialDistance, y: 0))
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let distance = currentDistance, !samples.isEmpty else { return }
        lastRatio = distance / baseDistance
        samples.add(time: event.timestamp, value: CGPoint(x: distance / initialDistance, y: 0))
        switch state {
        case .possible:
            if abs(distance - initialDistance) >= Self.hysteresis { state = .began }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if let distance = currentDistance { lastRatio = distance / baseDistance }
        fingers.removeAll { touches.contains($0) }
        switch state {
        case .began, .changed: state = .ended
        case .possible:
            // The next pair of fingers measures afresh.
            samples.removeAll()
            lastRatio = 1
            if fingers.isEmpty { state = .failed }
        default: break
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if let distance = currentDistance { lastRatio = distance / baseDistance }
        fingers.removeAll { touches.contains($0) }
        super.touchesCancelled(touches, with: event)
    }

    open override func reset() {
        super.reset()
        scaleBase = 1
        initialDistance = 1
        baseDistance = 1
        lastRatio = 1
        fingers = []
        samples.removeAll()
    }
}
