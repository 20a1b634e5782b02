import Foundation

/// A relation between two layout attributes, `firstItem.firstAttribute relation
/// multiplier × secondItem.secondAttribute + constant`, as UIKit's `NSLayoutConstraint`.
///
/// A constraint acts once active (`isActive`, `activate(_:)`): it is installed on the nearest
/// common ancestor of its items (that view's `constraints` lists it) and the view tree's layout
/// engine solves it with the others at the next layout pass. Changing `constant` re-solves
/// incrementally. Items are views and layout guides; leading and trailing are left and right
/// (Vitrine lays out left to right).
///
/// Where UIKit raises an exception (an illegal pairing of attributes, items without a common
/// ancestor, a non-finite constant), Vitrine logs an error and leaves the constraint inactive:
/// a kiosk must not die of a layout mistake.
@preconcurrency @MainActor
open class NSLayoutConstraint: Hashable, @MainActor CustomStringConvertible, @MainActor CustomDebugStringConvertible {
    /// What part of an item's frame a constraint relates, as `NSLayoutConstraint.Attribute`.
    public enum Attribute: Int, Sendable, CaseIterable {
        case left = 1
        case right
        case top
        case bottom
        case leading
        case trailing
        case width
        case height
        case centerX
        case centerY
        case lastBaseline
        case firstBaseline
        case leftMargin
        case rightMargin
        case topMargin
        case bottomMargin
        case leadingMargin
        case trailingMargin
        case centerXWithinMargins
        case centerYWithinMargins
        /// For the second attribute of a constraint with no second item.
        case notAnAttribute = 0

        /// The last baseline, as the deprecated `NSLayoutConstraint.Attribute.baseline`.
        public static let baseline = Attribute.lastBaseline
    }

    /// How the two sides relate, as `NSLayoutConstraint.Relation`.
    public enum Relation: Int, Sendable, CaseIterable {
        case lessThanOrEqual = -1
        case equal = 0
        case greaterThanOrEqual = 1
    }

    /// A layout axis, as `NSLayoutConstraint.Axis`.
    public enum Axis: Int, Sendable, CaseIterable {
        case horizontal = 0
        case vertical = 1
    }

    /// The item on the left of the relation (a view or a layout guide), as `firstItem`.
    open private(set) weak var firstItem: AnyObject?
    /// As `firstAttribute`.
    public let firstAttribute: Attribute
    /// As `relation`.
    public let relation: Relation
    /// The item on the right of the relation, nil for a constant, as `secondItem`.
    open private(set) weak var secondItem: AnyObject?
    /// As `secondAttribute` (`.notAnAttribute` without a second item).
    public let secondAttribute: Attribute
    /// As `multiplier`.
    public let multiplier: CGFloat

    /// The constant added to the right side, as `constant`. Changing it on an active
    /// constraint re-solves from the current solution (not from scratch) at the next layout
    /// pass. A non-finite value is refused with a logged error.
    open var constant: CGFloat {
        get { storedConstant }
        set {
            guard newValue.isFinite else {
                kitLog.error("constant \(newValue) refused: not a finite number", metadata: ["constraint": "\(self)"])
                return
            }
            guard newValue != storedConstant else { return }
            storedConstant = newValue
            engine?.constantDidChange(of: self)
        }
    }
    private var storedConstant: CGFloat

    /// As `priority` (default `.required`), clamped to 1...1000. As in UIKit, an active
    /// constraint cannot change between required and optional (refused with a logged error).
    open var priority: UILayoutPriority {
        get { storedPriority }
        set {
            let clamped = UILayoutPriority(min(1000, max(1, newValue.rawValue.isFinite ? newValue.rawValue : 1000)))
            guard clamped != storedPriority else { return }
            if isActive, (clamped == .required) != (storedPriority == .required) {
                kitLog.error(
                    "priority change from \(storedPriority.rawValue) to \(clamped.rawValue) refused: an active constraint cannot change between required and optional",
                    metadata: ["constraint": "\(self)"])
                return
            }
            storedPriority = clamped
            engine?.priorityDidChange(of: self)
        }
    }
    private var storedPriority = UILayoutPriority.required

    /// A name for debugging, shown in the constraint's description, as `identifier`.
    open var identifier: String?

    /// Kept for the API's sake: Vitrine does not archive (as `shouldBeArchived`).
    open var shouldBeArchived = false

    /// The view the constraint is installed on while active: the nearest common ancestor of
    /// its items' views.
    internal weak var installedView: UIView?
    /// The engine of the view tree the constraint is solved in, while it is.
    internal weak var engine: LayoutEngine?

    /// `item.attribute relation multiplier × toItem.attribute + constant`, as
    /// `init(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`. Items are
    /// views and layout guides.
    public init(
        item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
        attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat
    ) {
        firstItem = Self.itemObject(view1)
        firstAttribute = attr1
        self.relation = relation
        secondItem = view2.map(Self.itemObject)
        secondAttribute = view2 == nil ? .notAnAttribute : attr2
        self.multiplier = multiplier
        storedConstant = c
    }

    /// An item as an object. `as AnyObject` on an `Any` goes through the bridging runtime on
    /// Linux, several times dearer than a cast to the view or guide nearly every item is.
    private static func itemObject(_ item: Any) -> AnyObject {
        if let view = item as? UIView { return view }
        if let guide = item as? UILayoutGuide { return guide }
        return item as AnyObject
    }

    // MARK: Activation

    /// Whether the constraint is active, as `isActive`. Setting it true installs it on the
    /// nearest common ancestor of its items; false removes it.
    open var isActive: Bool {
        get { installedView != nil }
        set {
            if newValue { activateConstraint(installingOn: nil) } else { deactivateConstraint() }
        }
    }

    /// Activates each constraint, as `activate(_:)` (faster than setting `isActive` one by
    /// one in UIKit; the same here, where the engine takes them at the next layout pass).
    open class func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    /// Deactivates each constraint, as `deactivate(_:)`.
    open class func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    /// The constraints a visual format string describes, as
    /// `constraints(withVisualFormat:options:metrics:views:)` (the Auto Layout Guide's visual
    /// format language: `H:|-[find]-[findNext]-[findField(>=20)]-|`), not yet active. `views`
    /// and `metrics` map the names the format uses to views and numbers.
    ///
    /// Where UIKit raises an exception for a format it cannot read (a syntax error, a name not
    /// in the dictionaries, `|` beside a view with no superview, an alignment option along the
    /// format's own axis), Vitrine logs UIKit's message, with the format and a caret under the
    /// place, and returns no constraints.
    open class func constraints(
        withVisualFormat format: String, options: NSLayoutConstraint.FormatOptions = [], metrics: [String: Any]?,
        views: [String: Any]
    ) -> [NSLayoutConstraint] {
        do {
            return try VisualFormat(format: format, metrics: metrics ?? [:], views: views).constraints(options: options)
        } catch {
            kitLog.error("\(VisualFormat.describe(error, in: format))")
            return []
        }
    }

    // MARK: Anchors

    /// The first item's anchor for the first attribute, as `firstAnchor`.
    open var firstAnchor: NSLayoutAnchor<AnyObject> {
        NSLayoutAnchor(item: firstItem, attribute: firstAttribute)
    }

    /// The second item's anchor for the second attribute (nil without a second item), as
    /// `secondAnchor`.
    open var secondAnchor: NSLayoutAnchor<AnyObject>? {
        secondItem.map { NSLayoutAnchor(item: $0, attribute: secondAttribute) }
    }

    // MARK: Identity and description

    nonisolated public static func == (lhs: NSLayoutConstraint, rhs: NSLayoutConstraint) -> Bool { lhs === rhs }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// As UIKit prints a constraint:
    /// `<NSLayoutConstraint:0x… 'name' UILabel:0x….leading == UIView:0x….leadingMargin + 20   (active)>`.
    public var description: String {
        var text = "<NSLayoutConstraint:\(LayoutDescription.address(of: self))"
        if let identifier { text += " '\(identifier)'" }
        text += " \(LayoutDescription.item(firstItem)).\(firstAttribute.name) \(relation.symbol) "
        var rightSide: [String] = []
        if let secondItem {
            let item = "\(LayoutDescription.item(secondItem)).\(secondAttribute.name)"
            rightSide.append(multiplier == 1 ? item : "\(LayoutDescription.number(multiplier))*\(item)")
        }
        if constant != 0 || rightSide.isEmpty {
            if rightSide.isEmpty {
                rightSide.append(LayoutDescription.number(constant))
            } else {
                rightSide.append("\(constant < 0 ? "-" : "+") \(LayoutDescription.number(abs(constant)))")
            }
        }
        text += rightSide.joined(separator: " ")
        if priority != .required { text += " @\(LayoutDescription.number(CGFloat(priority.rawValue)))" }
        if isActive { text += "   (active)" }
        return text + ">"
    }

    public var debugDescription: String { description }
}

extension NSLayoutConstraint.Attribute {
    /// The name UIKit prints.
    var name: String {
        switch self {
        case .left: "left"
        case .right: "right"
        case .top: "top"
        case .bottom: "bottom"
        case .leading: "leading"
        case .trailing: "trailing"
        case .width: "width"
        case .height: "height"
        case .centerX: "centerX"
        case .centerY: "centerY"
        case .lastBaseline: "lastBaseline"
        case .firstBaseline: "firstBaseline"
        case .leftMargin: "leftMargin"
        case .rightMargin: "rightMargin"
        case .topMargin: "topMargin"
        case .bottomMargin: "bottomMargin"
        case .leadingMargin: "leadingMargin"
        case .trailingMargin: "trailingMargin"
        case .centerXWithinMargins: "centerXWithinMargins"
        case .centerYWithinMargins: "centerYWithinMargins"
        case .notAnAttribute: "notAnAttribute"
        }
    }

    /// The attribute without its margin: `.leadingMargin` → `.leading`. Margin attributes are
    /// the view's `layoutMarginsGuide`'s plain ones.
    var withoutMargin: Self {
        switch self {
        case .leftMargin: .left
        case .rightMargin: .right
        case .topMargin: .top
        case .bottomMargin: .bottom
        case .leadingMargin: .leading
        case .trailingMargin: .trailing
        case .centerXWithinMargins: .centerX
        case .centerYWithinMargins: .centerY
        default: self
        }
    }

    var isMargin: Bool { withoutMargin != self }

    /// What the attribute measures, for the pairing rules.
    enum Kind { case horizontalPosition, verticalPosition, size }

    var kind: Kind? {
        switch withoutMargin {
        case .left, .right, .leading, .trailing, .centerX: .horizontalPosition
        case .top, .bottom, .centerY, .firstBaseline, .lastBaseline: .verticalPosition
        case .width, .height: .size
        default: nil
        }
    }

    /// Leading and trailing follow the reading direction; left and right do not. UIKit
    /// refuses to relate one kind to the other.
    var isDirectional: Bool { [.leading, .trailing].contains(withoutMargin) }
    var isAbsoluteHorizontal: Bool { [.left, .right].contains(withoutMargin) }
}

extension NSLayoutConstraint.Relation {
    var symbol: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}

/// How layout objects print themselves in constraint descriptions, as UIKit does.
@MainActor
enum LayoutDescription {
    static func address(of object: AnyObject) -> String {
        "0x" + String(UInt(bitPattern: ObjectIdentifier(object)), radix: 16)
    }

    static func item(_ item: AnyObject?) -> String {
        guard let item else { return "(nil)" }
        if let guide = item as? UILayoutGuide {
            return "'\(guide.identifier)'" + (guide.owningView.map { "(\(self.item($0)))" } ?? "")
        }
        var text = "\(type(of: item)):\(address(of: item))"
        if let label = item as? UILabel, let title = label.text, !title.isEmpty { text += "'\(title.prefix(20))'" }
        return text
    }

    static func number(_ value: CGFloat) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%g", Double(value))
    }
}
