import Foundation
import VitrinePlatform

/// Holds a touch on a scroll view's content back while the scroll view decides whether it is
/// a scroll, as UIKit's private delayed-touches recognizer does for `delaysContentTouches`:
/// with `delaysTouchesBegan`, the content hears `touchesBegan` only when this recognizer
/// fails, which it does 150 ms after the touch went down (`contentTouchDelay`, UIKit's
/// figure), or at once when the finger lifts sooner (a quick tap still reaches a button, its
/// `touchesBegan` then `touchesEnded`). A touch that starts a drag before then is cancelled by
/// the pan (`cancelsTouchesInView`), and the content never sees it.
///
/// A touch that stopped a deceleration or scroll animation belongs to the scroll view: this
/// recognizer then recognizes, cancelling it in the content (a tap that stops a scrolling
/// list does not press what is under it, as in UIKit). It never prevents the scroll views'
/// own recognizers, and nothing prevents it.
final class ScrollViewDelayedTouchesRecognizer: UIGestureRecognizer {
    /// How long a touch that does not move waits before the content gets it (UIKit: 150 ms).
    static let contentTouchDelay: Double = 0.15

    private var timer: ClockTimer?

    override init() {
        super.init()
        delaysTouchesBegan = true
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible, let scrollView = view as? UIScrollView else { return }
        if scrollView.touchStoppedMotion {
            state = .recognized
            return
        }
        delaysTouchesBegan = scrollView.delaysContentTouches
        guard scrollView.delaysContentTouches else {
            state = .failed
            return
        }
        guard timer == nil else { return }
        timer = scheduleTimer(at: event.timestamp + Self.contentTouchDelay) { recognizer in
            (recognizer as? ScrollViewDelayedTouchesRecognizer)?.timer = nil
            recognizer.failIfPossible()
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { state = .failed }
    }

    override func reset() {
        super.reset()
        timer?.cancel()
        timer = nil
    }

    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let scrollView = preventedGestureRecognizer.view as? UIScrollView else { return true }
        return preventedGestureRecognizer !== scrollView.panGestureRecognizer
            && preventedGestureRecognizer !== scrollView.pinchGestureRecognizer
            && !(preventedGestureRecognizer is ScrollViewDelayedTouchesRecognizer)
    }

    override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { false }
}
