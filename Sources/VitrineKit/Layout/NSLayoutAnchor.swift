import Foundation

/// One attribute of a view or layout guide, to make constraints from, as UIKit's
/// `NSLayoutAnchor`. The type parameter keeps pairings legal at compile time, as in UIKit: an
/// x-axis anchor takes only x-axis anchors, a y-axis anchor only y-axis anchors, a dimension
/// only dimensions.
///
/// The constraints it makes are not active: activate them (`isActive`,
/// `NSLayoutConstraint.activate(_:)`).
@preconcurrency @MainActor
open class NSLayoutAnchor<AnchorType: AnyObject>: @MainActor CustomStringConvertible {
    /// The view or layout guide the anchor belongs to, as `item`.
    open private(set) weak var item: AnyObject?
    /// The attribute of `item` the anchor stands for.
    let attribute: NSLayoutConstraint.Attribute

    init(item: AnyObject?, attribute: NSLayoutConstraint.Attribute) {
        self.item = item
        self.attribute = attribute
    }

    /// The anchor's name for debugging, as `name`: `UIView:0x….leading`.
    open var name: String { "\(LayoutDescription.item(item)).\(attribute.name)" }

    public var description: String { name }

    /// `self == anchor`, as `constraint(equalTo:)`.
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        makeConstraint(.equal, anchor, multiplier: 1, constant: 0)
    }

    /// `self >= anchor`, as `constraint(greaterThanOrEqualTo:)`.
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        makeConstraint(.greaterThanOrEqual, anchor, multiplier: 1, constant: 0)
    }

    /// `self <= anchor`, as `constraint(lessThanOrEqualTo:)`.
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        makeConstraint(.lessThanOrEqual, anchor, multiplier: 1, constant: 0)
    }

    /// `self == anchor + c`, as `constraint(equalTo:constant:)`.
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        makeConstraint(.equal, anchor, multiplier: 1, constant: c)
    }

    /// `self >= anchor + c`, as `constraint(greaterThanOrEqualTo:constant:)`.
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat)
        -> NSLayoutConstraint
    {
        makeConstraint(.greaterThanOrEqual, anchor, multiplier: 1, constant: c)
    }

    /// `self <= anchor + c`, as `constraint(lessThanOrEqualTo:constant:)`.
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat)
        -> NSLayoutConstraint
    {
        makeConstraint(.lessThanOrEqual, anchor, multiplier: 1, constant: c)
    }

    /// The constraints that affect this anchor's attribute, as
    /// `constraintsAffectingLayout`: the active constraints on the same axis that
    /// mention the item.
    open var constraintsAffectingLayout: [NSLayoutConstraint] {
        guard let item, let kind = attribute.kind else { return [] }
        let axis: NSLayoutConstraint.Axis =
            kind == .verticalPosition || attribute.withoutMargin == .height ? .vertical : .horizontal
        return AutoLayoutItemState.of(item)?.constraintsAffecting(axis) ?? []
    }

    /// Whether the attribute's value is not fixed by the constraints, as
    /// `hasAmbiguousLayout`.
    open var hasAmbiguousLayout: Bool {
        guard let item else { return false }
        return LayoutEngine.isAmbiguous(item, attribute: attribute)
    }

    func makeConstraint(
        _ relation: NSLayoutConstraint.Relation, _ anchor: NSLayoutAnchor<AnchorType>?, multiplier: CGFloat,
        constant: CGFloat
    ) -> NSLayoutConstraint {
        NSLayoutConstraint(
            item: item as Any, attribute: attribute, relatedBy: relation, toItem: anchor?.item,
            attribute: anchor?.attribute ?? .notAnAttribute, multiplier: multiplier, constant: constant)
    }
}

/// The spacing UIKit's "system spacing" anchors use between two items: 8 points.
private let systemSpacing: CGFloat = 8

/// A horizontal position (leading, trailing, left, right, centerX), as
/// `NSLayoutXAxisAnchor`.
@preconcurrency @MainActor
open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {
    /// `self == anchor + multiplier × system spacing`, as
    /// `constraint(equalToSystemSpacingAfter:multiplier:)` (the system spacing is 8 points).
    open func constraint(equalToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat)
        -> NSLayoutConstraint
    {
        makeConstraint(.equal, anchor, multiplier: 1, constant: systemSpacing * multiplier)
    }

    /// As `constraint(greaterThanOrEqualToSystemSpacingAfter:multiplier:)`.
    open func constraint(greaterThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat)
        -> NSLayoutConstraint
    {
        makeConstraint(.greaterThanOrEqual, anchor, multiplier: 1, constant: systemSpacing * multiplier)
    }

    /// As `constraint(lessThanOrEqualToSystemSpacingAfter:multiplier:)`.
    open func constraint(lessThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat)
        -> NSLayoutConstraint
    {
        makeConstraint(.lessThanOrEqual, anchor, multiplier: 1, constant: systemSpacing * multiplier)
    }
}

/// A vertical position (top, bottom, centerY, baselines), as `NSLayoutYAxisAnchor`.
@preconcurrency @MainActor
open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {
    /// `self == anchor + multiplier × system spacing`, as
    /// `constraint(equalToSystemSpacingBelow:multiplier:)` (the system spacing is 8 points).
    open func constraint(equalToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat)
        -> NSLayoutConstraint
    {
        makeConstraint(.equal, anchor, multiplier: 1, constant: systemSpacing * multiplier)
    }

    /// As `constraint(greaterThanOrEqualToSystemSpacingBelow:multiplier:)`.
    open func constraint(greaterThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat)
        -> NSLayoutConstraint
    {
        makeConstraint(.greaterThanOrEqual, anchor, multiplier: 1, constant: systemSpacing * multiplier)
    }

    /// As `constraint(lessThanOrEqualToSystemSpacingBelow:multiplier:)`.
    open func constraint(lessThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat)
        -> NSLayoutConstraint
    {
        makeConstraint(.lessThanOrEqual, anchor, multiplier: 1, constant: systemSpacing * multiplier)
    }
}

/// A width or height, as `NSLayoutDimension`: besides other dimensions it takes constants
/// and multipliers.
@preconcurrency @MainActor
open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    /// `self == c`, as `constraint(equalToConstant:)`.
    open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint {
        makeConstraint(.equal, nil, multiplier: 1, constant: c)
    }

    /// `self >= c`, as `constraint(greaterThanOrEqualToConstant:)`.
    open func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        makeConstraint(.greaterThanOrEqual, nil, multiplier: 1, constant: c)
    }

    /// `self <= c`, as `constraint(lessThanOrEqualToConstant:)`.
    open func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        makeConstraint(.lessThanOrEqual, nil, multiplier: 1, constant: c)
    }

    /// `self == m × anchor`, as `constraint(equalTo:multiplier:)`.
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        makeConstraint(.equal, anchor, multiplier: m, constant: 0)
    }

    /// `self >= m × anchor`, as `constraint(greaterThanOrEqualTo:multiplier:)`.
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        makeConstraint(.greaterThanOrEqual, anchor, multiplier: m, constant: 0)
    }

    /// `self <= m × anchor`, as `constraint(lessThanOrEqualTo:multiplier:)`.
    open func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        makeConstraint(.lessThanOrEqual, anchor, multiplier: m, constant: 0)
    }

    /// `self == m × anchor + c`, as `constraint(equalTo:multiplier:constant:)`.
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat)
        -> NSLayoutConstraint
    {
        makeConstraint(.equal, anchor, multiplier: m, constant: c)
    }

    /// `self >= m × anchor + c`, as `constraint(greaterThanOrEqualTo:multiplier:constant:)`.
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat)
        -> NSLayoutConstraint
    {
        makeConstraint(.greaterThanOrEqual, anchor, multiplier: m, constant: c)
    }

    /// `self <= m × anchor + c`, as `constraint(lessThanOrEqualTo:multiplier:constant:)`.
    open func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat)
        -> NSLayoutConstraint
    {
        makeConstraint(.lessThanOrEqual, anchor, multiplier: m, constant: c)
    }
}
