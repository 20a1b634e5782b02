import Foundation

/// A scroll indicator: a thin bar with round ends, as UIKit draws them. It takes no touches.
final class ScrollIndicatorView: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        layer.cornerRadius = UIScrollView.indicatorThickness / 2
        alpha = 0
    }

    required init?(coder: NSCoder) {
        return nil
    }
}

extension UIScrollView {
    /// The style of the scroll indicators, as `UIScrollView.IndicatorStyle`.
    public enum IndicatorStyle: Int, Sendable {
        /// Dark on light content (black at 35% opacity here), the default.
        case `default`
        /// Black (at 50% opacity), for light content.
        case black
        /// White (at 50% opacity), for dark content.
        case white
    }

    /// The bars' width: UIKit's default-style indicators are 3 points wide.
    static let indicatorThickness: CGFloat = 3
    /// The room between a bar and the scroll view's edges (and the track's ends).
    static let indicatorMargin: CGFloat = 3
    /// The shortest a bar gets from the content's length (it shrinks further only while
    /// rubber-banding, to `indicatorRubberBandMinimum`).
    static let indicatorMinimumLength: CGFloat = 36
    static let indicatorRubberBandMinimum: CGFloat = 7
    /// How long the bars stay after scrolling stopped, then how long they fade.
    static let indicatorFadeDelay: Double = 0.5
    static let indicatorFadeDuration: Double = 0.3

    /// `flashScrollIndicators()`'s work.
    func flashIndicators() {
        showScrollIndicators()
        if !isDragging && !isDecelerating && !isMoving { scheduleIndicatorFade() }
    }

    /// The indicators' colour for `indicatorStyle`.
    private var indicatorColor: UIColor {
        switch indicatorStyle {
        case .default: return UIColor(white: 0, alpha: 0.35)
        case .black: return UIColor(white: 0, alpha: 0.5)
        case .white: return UIColor(white: 1, alpha: 0.5)
        }
    }

    /// The insets of an indicator's track: the indicator insets, plus the safe area the
    /// content insets take when `automaticallyAdjustsScrollIndicatorInsets`.
    private func indicatorTrackInsets(_ insets: UIEdgeInsets) -> UIEdgeInsets {
        guard automaticallyAdjustsScrollIndicatorInsets else { return insets }
        let adjusted = adjustedContentInset
        return UIEdgeInsets(
            top: insets.top + adjusted.top - contentInset.top, left: insets.left + adjusted.left - contentInset.left,
            bottom: insets.bottom + adjusted.bottom - contentInset.bottom,
            right: insets.right + adjusted.right - contentInset.right)
    }

    /// Makes the indicators of the axes that scroll visible (while scrolling).
    func showScrollIndicators() {
        indicatorFadeTimer?.cancel()
        indicatorFadeTimer = nil
        let vertical = showsVerticalScrollIndicator && canDragVertically
        let horizontal = showsHorizontalScrollIndicator && canDragHorizontally
        if vertical && verticalScrollIndicator == nil {
            let indicator = ScrollIndicatorView(frame: .zero)
            verticalScrollIndicator = indicator
            addSubview(indicator)
        }
        if horizontal && horizontalScrollIndicator == nil {
            let indicator = ScrollIndicatorView(frame: .zero)
            horizontalScrollIndicator = indicator
            addSubview(indicator)
        }
        for (indicator, shown) in [(verticalScrollIndicator, vertical), (horizontalScrollIndicator, horizontal)] {
            guard let indicator else { continue }
            indicator.layer.removeAllAnimations()
            indicator.backgroundColor = indicatorColor
            indicator.alpha = shown ? 1 : 0
        }
        bringScrollIndicatorsToFront()
        layoutScrollIndicators()
    }

    /// Scrolling stopped: the indicators fade out after `indicatorFadeDelay`.
    func scrollingDidStop() {
        guard !isDragging, !isDecelerating, !isMoving else { return }
        scheduleIndicatorFade()
    }

    private func scheduleIndicatorFade() {
        indicatorFadeTimer?.cancel()
        guard verticalScrollIndicator != nil || horizontalScrollIndicator != nil else { return }
        let clock = UIApplication.shared.displayBackend.clock
        indicatorFadeTimer = clock.schedule(at: clock.now + Self.indicatorFadeDelay) { [weak self] in
            self?.fadeScrollIndicators()
        }
    }

    private func fadeScrollIndicators() {
        indicatorFadeTimer = nil
        let indicators = [verticalScrollIndicator, horizontalScrollIndicator].compactMap { $0 }
        UIView.animate(withDuration: Self.indicatorFadeDuration) {
            for indicator in indicators { indicator.alpha = 0 }
        }
    }

    /// Keeps the indicators above the content.
    func bringScrollIndicatorsToFront() {
        for indicator in [verticalScrollIndicator, horizontalScrollIndicator].compactMap({ $0 })
        where subviews.last !== indicator {
            bringSubviewToFront(indicator)
        }
    }

    /// Places the bars for the offset: along a track inset from the bounds, as long as the
    /// visible share of the content (at least `indicatorMinimumLength`), shorter by the
    /// overshoot while rubber-banding.
    func layoutScrollIndicators() {
        guard verticalScrollIndicator != nil || horizontalScrollIndicator != nil else { return }
        let thickness = Self.indicatorThickness
        let margin = Self.indicatorMargin
        let size = bounds.size
        let origin = bounds.origin
        let (minimum, maximum) = contentOffsetLimits
        let adjusted = adjustedContentInset
        let bothShown = (verticalScrollIndicator?.alpha ?? 0) > 0 && (horizontalScrollIndicator?.alpha ?? 0) > 0
        let corner = bothShown ? thickness + margin : 0
        if let indicator = verticalScrollIndicator {
            let insets = indicatorTrackInsets(verticalScrollIndicatorInsets)
            let (start, length) = Self.indicatorSpan(
                trackStart: insets.top + margin, trackEnd: size.height - insets.bottom - margin - corner,
                visible: size.height, content: contentSize.height + adjusted.top + adjusted.bottom,
                offset: contentOffset.y, minimum: minimum.y, maximum: maximum.y)
            indicator.frame = CGRect(
                x: origin.x + size.width - insets.right - margin - thickness, y: origin.y + start, width: thickness,
                height: length)
        }
        if let indicator = horizontalScrollIndicator {
            let insets = indicatorTrackInsets(horizontalScrollIndicatorInsets)
            let (start, length) = Self.indicatorSpan(
                trackStart: insets.left + margin, trackEnd: size.width - insets.right - margin - corner,
                visible: size.width, content: contentSize.width + adjusted.left + adjusted.right,
                offset: contentOffset.x, minimum: minimum.x, maximum: maximum.x)
            indicator.frame = CGRect(
                x: origin.x + start, y: origin.y + size.height - insets.bottom - margin - thickness, width: length,
                height: thickness)
        }
    }

    /// Where a bar starts along its track, and its length.
    static func indicatorSpan(
        trackStart: CGFloat, trackEnd: CGFloat, visible: CGFloat, content: CGFloat, offset: CGFloat,
        minimum: CGFloat, maximum: CGFloat
    ) -> (start: CGFloat, length: CGFloat) {
        let track = max(0, trackEnd - trackStart)
        guard track > 0 else { return (trackStart, 0) }
        let share = content > 0 ? min(1, visible / content) : 1
        var length = min(track, max(indicatorMinimumLength, track * share))
        let overshoot = offset < minimum ? minimum - offset : (offset > maximum ? offset - maximum : 0)
        length = max(min(indicatorRubberBandMinimum, length), length - overshoot)
        let fraction: CGFloat
        if offset <= minimum {
            fraction = 0
        } else if offset >= maximum {
            fraction = 1
        } else {
            fraction = (offset - minimum) / (maximum - minimum)
        }
        return (trackStart + fraction * (track - length), length)
    }
}
