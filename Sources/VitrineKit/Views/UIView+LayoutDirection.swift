import Foundation

/// How a view's content reads when the layout direction flips, as UIKit's
/// `UISemanticContentAttribute` (same raw values).
public enum UISemanticContentAttribute: Int, Sendable, CaseIterable {
    /// Follows the interface's direction, as `.unspecified` (the default).
    case unspecified = 0
    /// Playback controls, never flipped, as `.playback`.
    case playback = 1
    /// Directional controls (a D-pad, text alignment), never flipped, as `.spatial`.
    case spatial = 2
    /// Always left to right, as `.forceLeftToRight`.
    case forceLeftToRight = 3
    /// Always right to left, as `.forceRightToLeft`.
    case forceRightToLeft = 4
}

/// The direction an interface is laid out in, as UIKit's `UIUserInterfaceLayoutDirection`
/// (same raw values).
public enum UIUserInterfaceLayoutDirection: Int, Sendable, CaseIterable {
    /// Left to right, as `.leftToRight`.
    case leftToRight = 0
    /// Right to left, as `.rightToLeft`.
    case rightToLeft = 1
}

extension UIView {

    /// The direction `attribute` implies in the interface's direction (left to right in
    /// Vitrine), as `userInterfaceLayoutDirection(for:)`.
    public static func userInterfaceLayoutDirection(
        for attribute: UISemanticContentAttribute
    ) -> UIUserInterfaceLayoutDirection {
        userInterfaceLayoutDirection(for: attribute, relativeTo: interfaceLayoutDirection)
    }

    /// The direction `semanticContentAttribute` implies relative to `layoutDirection`, as
    /// `userInterfaceLayoutDirection(for:relativeTo:)`: forced directions are themselves,
    /// playback and spatial content is always left to right, unspecified follows
    /// `layoutDirection`.
    public static func userInterfaceLayoutDirection(
        for semanticContentAttribute: UISemanticContentAttribute,
        relativeTo layoutDirection: UIUserInterfaceLayoutDirection
    ) -> UIUserInterfaceLayoutDirection {
        switch semanticContentAttribute {
        case .forceRightToLeft: .rightToLeft
        case .forceLeftToRight, .playback, .spatial: .leftToRight
        case .unspecified: layoutDirection
        }
    }

    /// The interface's own direction: Vitrine's screens report left to right.
    static var interfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }

    /// `semanticContentAttribute` changed: margins given as leading and trailing move to
    /// their new sides, drawn content (text in natural alignment) is drawn again, and the
    /// tree's constraints on leading and trailing edges are made again.
    func layoutDirectionDidChange() {
        var stack: [UIView] = [self]
        while let view = stack.popLast() {
            if let margins = view.directionalMarginsGiven { view.directionalLayoutMargins = margins }
            // Text in natural alignment moves to the new side: what was drawn is drawn again.
            if view.layer.contents != nil { view.setNeedsDisplay() }
            (view as? UITextView)?.textStorageDidChange()
            // A subview with its own direction is not affected.
            stack.append(contentsOf: view.subviews.filter { $0.semanticContentAttribute == .unspecified })
        }
        rootAncestor.autoLayout?.engine?.layoutDirectionDidChange()
        setNeedsLayout()
    }
}
