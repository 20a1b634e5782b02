import Foundation

/// UIKit's boxing of insets in `NSValue`, as `NSValue(uiEdgeInsets:)` and `uiEdgeInsetsValue`
/// (boxed as four doubles, `[4d]`; see `NSValue(cgRect:)` in VitrineGraphics for the
/// geometry values, and why).
extension NSValue {
    /// A value holding `insets`, as `init(uiEdgeInsets:)`.
    public convenience init(uiEdgeInsets insets: UIEdgeInsets) {
        self.init(packing: [insets.top, insets.left, insets.bottom, insets.right])
    }

    /// A value holding `insets`, as `init(directionalEdgeInsets:)`.
    public convenience init(directionalEdgeInsets insets: NSDirectionalEdgeInsets) {
        self.init(packing: [insets.top, insets.leading, insets.bottom, insets.trailing])
    }

    /// The insets held, as `uiEdgeInsetsValue`; `.zero` when the value holds something else.
    public var uiEdgeInsetsValue: UIEdgeInsets {
        guard let v = unpackedDoubles(count: 4) else { return .zero }
        return UIEdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
    }

    /// The insets held, as `directionalEdgeInsetsValue`; `.zero` when the value holds
    /// something else.
    public var directionalEdgeInsetsValue: NSDirectionalEdgeInsets {
        guard let v = unpackedDoubles(count: 4) else { return .zero }
        return NSDirectionalEdgeInsets(top: v[0], leading: v[1], bottom: v[2], trailing: v[3])
    }
}
