import Foundation

/// Scrolling by keyboard and mouse wheel.
///
/// **Keys** follow UIKit's keyboard scrolling (`allowsKeyboardScrolling`, iPadOS): the
/// arrows scroll a line (40 points) that way, Option-arrows and Page Up / Page Down a page
/// (the visible height within the insets), Space and Shift-Space a page down and up, Home /
/// End and Command-up / down to the start and end, animated as `setContentOffset(_:animated:)`
/// (a key pressed during the animation goes on from where it was heading). They reach a
/// scroll view through the responder chain, as Apple documents ("the scroll view needs to ...
/// be first responder"): the scroll view that is the first responder or contains it; with no
/// first responder, the view under the mouse pointer and its chain (Vitrine's
/// `UIApplication.sendEvent(_:)`). A key that cannot move the content (already at that end,
/// or scrolling disabled) goes on up the chain, so an outer scroll view may take it.
///
/// **The wheel** (`PointerEvent.scroll`, in points: a notch is one 40-point line) scrolls the
/// innermost scroll view under the pointer that can move that way, at once.
extension UIScrollView {
    /// A line: what an arrow key or a wheel notch scrolls.
    static let keyboardLineHeight: CGFloat = 40

    private enum KeyCode {
        static let space: UInt32 = 57
        static let home: UInt32 = 102
        static let up: UInt32 = 103
        static let pageUp: UInt32 = 104
        static let left: UInt32 = 105
        static let right: UInt32 = 106
        static let end: UInt32 = 107
        static let down: UInt32 = 108
        static let pageDown: UInt32 = 109
    }

    /// The offset a key scrolls to, nil for keys that do not scroll.
    private func keyTarget(_ key: UIKey, from start: CGPoint) -> CGPoint? {
        let (minimum, maximum) = contentOffsetLimits
        let inset = adjustedContentInset
        let page = max(Self.keyboardLineHeight, bounds.height - inset.top - inset.bottom)
        let line = Self.keyboardLineHeight
        let flags = key.modifierFlags
        var offset = start
        switch key.keyCode {
        case KeyCode.up where flags.contains(.command), KeyCode.home: offset.y = minimum.y
        case KeyCode.down where flags.contains(.command), KeyCode.end: offset.y = maximum.y
        case KeyCode.up where flags.contains(.alternate), KeyCode.pageUp: offset.y -= page
        case KeyCode.down where flags.contains(.alternate), KeyCode.pageDown: offset.y += page
        case KeyCode.space: offset.y += flags.contains(.shift) ? -page : page
        case KeyCode.up: offset.y -= line
        case KeyCode.down: offset.y += line
        case KeyCode.left: offset.x -= line
        case KeyCode.right: offset.x += line
        default: return nil
        }
        return clampedOffset(offset)
    }

    /// Scrolls for `press` when it is a scrolling key that moves the content; returns
    /// whether it did.
    func scrollForKey(_ press: UIPress) -> Bool {
        let start = (isScrollAnimating ? motion?.destination : nil) ?? contentOffset
        guard allowsKeyboardScrolling, isScrollEnabled, let key = press.key, let target = keyTarget(key, from: start),
            target != start
        else { return false }
        scroll(to: target, animated: true)
        return true
    }

    /// Scrolls by a wheel's `delta` (points; positive toward the end) when it moves the
    /// content; returns whether it did.
    func scrollByWheel(_ delta: CGPoint) -> Bool {
        guard isScrollEnabled, delta.x.isFinite, delta.y.isFinite else { return false }
        let target = clampedOffset(CGPoint(x: contentOffset.x + delta.x, y: contentOffset.y + delta.y))
        guard target != contentOffset else { return false }
        jump(to: target)
        return true
    }

    /// Moves the content at once (a motion under way stops), flashing the indicators.
    private func jump(to target: CGPoint) {
        stopMotion()
        showScrollIndicators()
        contentOffset = target
        scrollingDidStop()
    }

    /// Delivers a wheel's scroll to the innermost scroll view around `view` (itself
    /// included) that it moves.
    static func deliverWheel(_ delta: CGPoint, from view: UIView) {
        var current: UIView? = view
        while let candidate = current {
            if let scrollView = candidate as? UIScrollView, scrollView.scrollByWheel(delta) { return }
            current = candidate.superview
        }
    }
}
