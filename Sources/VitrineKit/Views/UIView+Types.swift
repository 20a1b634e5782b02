import Foundation

extension UIView {
    /// How a view places its cached content when its bounds change, as
    /// `UIView.ContentMode`. Applied through the layer's `contentsGravity`.
    public enum ContentMode: Int, Sendable, CaseIterable {
        /// Stretch to fill the bounds, ignoring the aspect ratio.
        case scaleToFill
        /// Scale to fit inside the bounds, keeping the aspect ratio (letterboxed).
        case scaleAspectFit
        /// Scale to fill the bounds, keeping the aspect ratio (cropped).
        case scaleAspectFill
        /// Redraw (call `draw(_:)`) whenever the bounds size changes.
        case redraw
        case center
        case top
        case bottom
        case left
        case right
        case topLeft
        case topRight
        case bottomLeft
        case bottomRight
    }

    /// How a view resizes when its superview's bounds change, as
    /// `UIView.AutoresizingMask`. Flexible parts share the change in proportion to their
    /// current sizes (equally when those are all zero), as UIKit does.
    public struct AutoresizingMask: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// The value of an intrinsic size dimension a view does not have, as
    /// `UIView.noIntrinsicMetric`.
    public static let noIntrinsicMetric: CGFloat = -1
}
