import Foundation

/// Recognizes two fingers turning about each other, as UIKit's
/// `UIRotationGestureRecognizer`: a continuous gesture that begins once the line between the
/// two fingers has turned by 0.1 radians (`hysteresis`, about 6°) since both were down,
/// changes as they move, and ends when one lifts. It fails when the fingers lift before it
/// began. Fingers beyond two are ignored.
///
/// `rotation` is the angle turned in radians since the second finger went down (clockwise on
/// screen is positive, as in UIKit; it includes the turn that began the gesture, and keeps
/// counting past a full turn); setting it rebases it on the current angle. `velocity` is its
/// rate over the last 0.1 s, in radians per second.
@preconcurrency @MainActor
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    /// How far the fingers turn before the gesture begins, in radians.
    public static let hysteresis: CGFloat = 0.1

    /// The rotation in radians, as `rotation` (0 until the fingers turn).
    open var rotation: CGFloat {
        get { rotationBase + turned - turnedBase }
        set {
            guard newValue.isFinite else { return }
            rotationBase = newValue
            turnedBase = turned
        }
    }

    /// The rotation's change in radians per second, as `velocity`.
    open var velocity: CGFloat { samples.rate.x }

    private var rotationBase: CGFloat = 0
    /// The angle turned since both fingers were down, unwrapped.
    private var turned: CGFloat = 0
    private var turnedBase: CGFloat = 0
    private var lastAngle: CGFloat?
    private var fingers: [UITouch] = []
    private var samples = GestureSamples()

    private var currentAngle: CGFloat? {
        guard fingers.count == 2 else { return nil }
        let a = fingers[0].location(in: nil)
        let b = fingers[1].location(in: nil)
        guard a != b else { return nil }
        let angle = atan2(b.y - a.y, b.x - a.x)
        return angle.isFinite ? angle : nil
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches {
            if fingers.count >= 2 {
                ignore(touch, for: event)
            } else {
                fingers.append(touch)
            }
        }
        if lastAngle == nil, let angle = currentAngle {
            lastAngle = angle
            samples.add(time: event.timestamp, value: .zero)
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let angle = currentAngle else { return }
        guard let last = lastAngle else {
            // The fingers started on the same point: the angle counts from the first move.
            lastAngle = angle
            samples.add(time: event.timestamp, value: .zero)
            return
        }
        var step = angle - last
        if step > .pi { step -= 2 * .pi }
        if step < -.pi { step += 2 * .pi }
        turned += step
        lastAngle = angle
        samples.add(time: event.timestamp, value: CGPoint(x: turned, y: 0))
        switch state {
        case .possible:
            if abs(turned) >= Self.hysteresis { state = .began }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        fingers.removeAll { touches.contains($0) }
        switch state {
        case .began, .changed: state = .ended
        case .possible:
            // The next pair of fingers measures afresh.
            lastAngle = nil
            turned = 0
            samples.removeAll()
            if fingers.isEmpty { state = .failed }
        default: break
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        fingers.removeAll { touches.contains($0) }
        super.touchesCancelled(touches, with: event)
    }

    open override func reset() {
        super.reset()
        rotationBase = 0
        turned = 0
        turnedBase = 0
        lastAngle = nil
        fingers = []
        samples.removeAll()
    }
}
