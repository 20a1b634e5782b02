import Foundation
import VitrinePlatform

/// Recognizes fingers held down in place, as UIKit's `UILongPressGestureRecognizer`: a
/// continuous gesture that begins when `numberOfTouchesRequired` fingers have been down for
/// `minimumPressDuration` (a timer on the media clock, from the timestamp of the touch that
/// completed the count) without moving more than `allowableMovement`; it then changes on every
/// movement (however far) and ends when a finger lifts.
///
/// It fails when a finger moves too far or lifts before it begins, or when more fingers than
/// required go down. With `numberOfTapsRequired` above 0, that many quick taps (each lifting
/// within `UITapGestureRecognizer.multiTapInterval` of the next going down) must come first.
/// Fingers added after it began are ignored.
@preconcurrency @MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// How long the fingers must be held, in seconds, as `minimumPressDuration` (default 0.5).
    open var minimumPressDuration: TimeInterval = 0.5
    /// How far a finger may move before the gesture begins, in points, as
    /// `allowableMovement` (default 10).
    open var allowableMovement: CGFloat = 10
    /// The number of fingers, as `numberOfTouchesRequired` (default 1).
    open var numberOfTouchesRequired = 1
    /// The number of taps before the press, as `numberOfTapsRequired` (default 0).
    open var numberOfTapsRequired = 0

    private var tapsCompleted = 0
    private var touchesInPhase = 0
    private var downLocations: [ObjectIdentifier: CGPoint] = [:]
    private var timer: ClockTimer?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else {
            for touch in touches { ignore(touch, for: event) }
            return
        }
        timer?.cancel()
        timer = nil
        for touch in touches { downLocations[ObjectIdentifier(touch)] = touch.location(in: nil) }
        touchesInPhase += touches.count
        if touchesInPhase > max(numberOfTouchesRequired, 1) {
            state = .failed
            return
        }
        guard trackedTouches.count == numberOfTouchesRequired, tapsCompleted >= numberOfTapsRequired else { return }
        let duration = minimumPressDuration.isFinite ? max(minimumPressDuration, 0) : 0.5
        timer = scheduleTimer(at: event.timestamp + duration) { recognizer in
            guard let press = recognizer as? UILongPressGestureRecognizer else { return }
            press.timer = nil
            if press.state == .possible && press.trackedTouches.count == press.numberOfTouchesRequired {
                press.state = .began
            }
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible:
            let tooFar = touches.contains { touch in
                guard let start = downLocations[ObjectIdentifier(touch)] else { return false }
                return gestureDistance(start, touch.location(in: nil)) > allowableMovement
            }
            if tooFar { state = .failed }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .began, .changed:
            state = .ended
        case .possible:
            // Before the press: a lift either completes one of the required taps or fails.
            guard tapsCompleted < numberOfTapsRequired else {
                state = .failed
                return
            }
            guard trackedTouches.allSatisfy({ touches.contains($0) }) else { return }
            guard touchesInPhase == numberOfTouchesRequired else {
                state = .failed
                return
            }
            tapsCompleted += 1
            touchesInPhase = 0
            downLocations = [:]
            timer = scheduleTimer(at: event.timestamp + UITapGestureRecognizer.multiTapInterval) {
                $0.failIfPossible()
            }
        default:
            break
        }
    }

    /// The recognized gesture's touches stay readable in its action after they lift, as
    /// in UIKit (`numberOfTouches`, `location(ofTouch:in:)`).
    override var reportsLiftedTouches: Bool { true }

    open override func reset() {
        super.reset()
        timer?.cancel()
        timer = nil
        tapsCompleted = 0
        touchesInPhase = 0
        downLocations = [:]
    }
}
