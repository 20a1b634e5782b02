import Foundation
import VitrinePlatform

/// Recognizes one or more taps of one or more fingers, as UIKit's `UITapGestureRecognizer`:
/// a discrete gesture, recognized (`.ended`) when the fingers of the last tap lift.
///
/// It fails when a finger moves more than `allowableMovement` (10 points, in window
/// coordinates) from where it went down, when more fingers than `numberOfTouchesRequired`
/// take part in a tap (or fewer complete it), when a later tap lands more than
/// `multiTapDistance` (40 points) from the first, or when the next tap does not go down
/// within `multiTapInterval` (0.35 s, a timer on the media clock) of the previous lift.
/// UIKit leaves these thresholds undocumented; these are Vitrine's. Unlike UIKit, a finger held
/// down for long does not fail a tap by itself (a long-press recognizer on the same view wins
/// by beginning first).
@preconcurrency @MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// How far a finger may move and still tap, in points.
    public static let allowableMovement: CGFloat = 10
    /// How far from the first tap the later taps of a multi-tap may land, in points.
    public static let multiTapDistance: CGFloat = 40
    /// How long after a lift the next tap of a multi-tap may go down, in seconds.
    public static let multiTapInterval: TimeInterval = 0.35

    /// The number of taps, as `numberOfTapsRequired` (default 1).
    open var numberOfTapsRequired = 1
    /// The number of fingers per tap, as `numberOfTouchesRequired` (default 1).
    open var numberOfTouchesRequired = 1

    private var tapsCompleted = 0
    private var touchesInTap = 0
    private var firstTapLocation: CGPoint?
    private var downLocations: [ObjectIdentifier: CGPoint] = [:]
    private var timer: ClockTimer?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if pendingState != nil {
            // Recognized, waiting for another recognizer to fail: later touches are not ours.
            for touch in touches { ignore(touch, for: event) }
            return
        }
        timer?.cancel()
        timer = nil
        for touch in touches {
            let point = touch.location(in: nil)
            if let first = firstTapLocation, gestureDistance(point, first) > Self.multiTapDistance {
                state = .failed
                return
            }
            downLocations[ObjectIdentifier(touch)] = point
        }
        touchesInTap += touches.count
        if touchesInTap > max(numberOfTouchesRequired, 1) {
            state = .failed
            return
        }
        if firstTapLocation == nil { firstTapLocation = location(in: nil) }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        if movedTooFar(touches) { state = .failed }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard pendingState == nil else { return }
        if movedTooFar(touches) {
            state = .failed
            return
        }
        // The tap is over when no other tracked finger remains down.
        guard trackedTouches.allSatisfy({ touches.contains($0) }) else { return }
        guard touchesInTap == numberOfTouchesRequired else {
            state = .failed
            return
        }
        tapsCompleted += 1
        touchesInTap = 0
        downLocations = [:]
        if tapsCompleted >= numberOfTapsRequired {
            state = .ended
        } else {
            timer = scheduleTimer(at: event.timestamp + Self.multiTapInterval) { $0.failIfPossible() }
        }
    }

    private func movedTooFar(_ touches: Set<UITouch>) -> Bool {
        touches.contains { touch in
            guard let start = downLocations[ObjectIdentifier(touch)] else { return false }
            return gestureDistance(start, touch.location(in: nil)) > Self.allowableMovement
        }
    }

    /// A tap recognizer that needs more taps is not stopped by one that needs fewer, as in
    /// UIKit: with a single- and a double-tap recognizer on one view and no `require(toFail:)`,
    /// a double tap runs the single tap's action on its first tap and the double tap's on its
    /// second (the double tap, recognizing then, stops the single one for that second tap).
    open override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool {
        if let tap = preventingGestureRecognizer as? UITapGestureRecognizer,
            tap.numberOfTapsRequired < numberOfTapsRequired
        {
            return false
        }
        return super.canBePrevented(by: preventingGestureRecognizer)
    }

    /// The recognized gesture's touches stay readable in its action after they lift, as
    /// in UIKit (`numberOfTouches`, `location(ofTouch:in:)`).
    override var reportsLiftedTouches: Bool { true }

    open override func reset() {
        super.reset()
        timer?.cancel()
        timer = nil
        tapsCompleted = 0
        touchesInTap = 0
        firstTapLocation = nil
        downLocations = [:]
    }
}
