import Foundation

/// The view at the top of the window that holds one presented controller's view (with the
/// dimming of sheets and alerts), as UIKit's transition container view. While the
/// presentation or dismissal animates it takes every touch inside it, so nothing under it
/// reacts (UIKit ignores touches during a transition); the transition always ends (its
/// animation's end, or at once when the container leaves the window), so touches are never
/// swallowed for longer.
@MainActor
final class PresentationContainerView: UIView {
    weak var presentation: Presentation?

    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard let presentation, presentation.isTransitioning else { return super.hitTest(point, with: event) }
        return isHidden || !self.point(inside: point, with: event) ? nil : self
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        presentation?.containerDidLayOut()
    }

    override func didMoveToWindow() {
        super.didMoveToWindow()
        // Animations of layers outside a screen never end: finish the transition now.
        if window == nil { presentation?.containerLeftWindow() }
    }
}
