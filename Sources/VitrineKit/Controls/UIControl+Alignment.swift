import Foundation

extension UIControl {
    /// How content is placed across a control, as UIKit's `UIControl.ContentHorizontalAlignment`.
    /// Vitrine lays out left to right, so `.leading` is `.left` and `.trailing` is `.right`.
    public enum ContentHorizontalAlignment: Int, Sendable, CaseIterable {
        case center, left, right, fill, leading, trailing
    }

    /// How content is placed down a control, as UIKit's `UIControl.ContentVerticalAlignment`.
    public enum ContentVerticalAlignment: Int, Sendable, CaseIterable {
        case center, top, bottom, fill
    }
}
