import Foundation

/// How a presented view controller is shown, as UIKit's `UIModalPresentationStyle` (the same
/// raw values). Vitrine sizes and places each one as UIKit does on a large (iPad-sized,
/// regular-width) screen; see `UIViewController.present(_:animated:completion:)`.
public enum UIModalPresentationStyle: Int, Sendable {
    /// Covers the whole window; the presenting controller's view leaves the window once the
    /// transition ends and its controller gets the disappearance callbacks, as `.fullScreen`.
    case fullScreen = 0
    /// A centred card with rounded corners over a dimmed background, as iPad's `.pageSheet`:
    /// 704 points wide (the iPad readable content width, 672, plus 16-point margins) and the
    /// window's height less 20-point margins; on a smaller window it shrinks to the window
    /// less 20-point margins (Vitrine's stand-in for UIKit's compact-width adaptation).
    case pageSheet = 1
    /// A centred 540x620-point card with rounded corners over a dimmed background, as iPad's
    /// `.formSheet`; shrunk to the window less 20-point margins when it does not fit.
    case formSheet = 2
    /// As `.fullScreen`, sized to the presenting controller's view, as `.currentContext`: the
    /// presenting controller is the nearest one that `definesPresentationContext`, else the
    /// root of the caller's containers.
    case currentContext = 3
    /// A presentation animated by the `transitioningDelegate`'s animator, as `.custom`; it is
    /// laid out as `.overFullScreen` (Vitrine has no presentation controllers). Without an
    /// animator it animates with `modalTransitionStyle`. `UIAlertController` uses it, as UIKit's.
    case custom = 4
    /// Covers the whole window and leaves the presenting controller's view in place (no
    /// appearance callbacks for it), as `.overFullScreen`.
    case overFullScreen = 5
    /// As `.overFullScreen`, sized to the presenting controller's view, as
    /// `.overCurrentContext`.
    case overCurrentContext = 6
    /// No presentation, as `.none`: what the coordinator of a size transition reports as its
    /// `presentationStyle`. UIKit refuses to present with it; Vitrine presents as `.fullScreen`.
    case none = -1
    /// The system's choice, as `.automatic`: `.pageSheet`, as UIKit resolves it on iPad.
    case automatic = -2
}

/// The animation of a presentation and its dismissal, as UIKit's `UIModalTransitionStyle`.
public enum UIModalTransitionStyle: Int, Sendable {
    /// The presented view slides up from the bottom edge (down on dismissal), as
    /// `.coverVertical`, the default.
    case coverVertical = 0
    /// The window turns about its vertical axis from right to left to show the presented
    /// view (back on dismissal), as `.flipHorizontal`, with VitrineKit's flip transition
    /// (`UIView.transition(with:duration:options:animations:completion:)`).
    case flipHorizontal = 1
    /// The presented view fades in (out on dismissal), as `.crossDissolve`.
    case crossDissolve = 2
}
