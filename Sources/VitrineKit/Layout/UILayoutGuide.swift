import Foundation

/// A rectangle that takes part in Auto Layout without being a view, as UIKit's
/// `UILayoutGuide`: it has no layer, draws nothing and takes no touches. Add it to a view
/// (`addLayoutGuide(_:)`); its frame is in that view's coordinates. Views also own two guides
/// of their own: `layoutMarginsGuide` and `safeAreaLayoutGuide`.
@preconcurrency @MainActor
open class UILayoutGuide: @MainActor CustomStringConvertible {
    /// What defines the guide's rectangle.
    enum Role {
        /// The app's constraints.
        case custom
        /// The owning view's bounds inset by its effective layout margins.
        case layoutMargins
        /// The owning view's bounds inset by its safe area insets.
        case safeArea
        /// A scroll view's content: at the content's origin, sized by the app's constraints
        /// (which then give the scroll view its `contentSize`).
        case scrollContent
        /// A scroll view's frame: the visible part, moving with the content offset so that
        /// what is tied to it stays put on screen.
        case scrollFrame
        /// The on-screen keyboard's place in the owning view (`UIKeyboardLayoutGuide`): from
        /// the keyboard's top (the safe area's bottom while it is hidden) to the view's bottom.
        case keyboard
    }

    let role: Role

    /// The view the guide belongs to, as `owningView` (set by `addLayoutGuide(_:)`).
    open internal(set) weak var owningView: UIView?

    /// A name for debugging, as `identifier`.
    open var identifier: String

    /// The constraints and engine bookkeeping of the guide as a layout item.
    let itemState = AutoLayoutItemState()

    /// An empty guide, as `init()`.
    public init() {
        role = .custom
        identifier = ""
    }

    init(role: Role, owningView: UIView) {
        self.role = role
        self.owningView = owningView
        switch role {
        case .custom: identifier = ""
        case .layoutMargins: identifier = "UIViewLayoutMarginsGuide"
        case .safeArea: identifier = "UIViewSafeAreaLayoutGuide"
        case .scrollContent: identifier = "UIScrollView-contentLayoutGuide"
        case .scrollFrame: identifier = "UIScrollView-frameLayoutGuide"
        case .keyboard: identifier = "UIViewKeyboardLayoutGuide"
        }
    }

    /// The guide's rectangle in its owning view's coordinates after the last layout pass, as
    /// `layoutFrame`; zero before the guide was laid out.
    open var layoutFrame: CGRect { LayoutEngine.layoutFrame(of: self) }

    // MARK: Anchors

    /// As `leadingAnchor` (left, in Vitrine's left-to-right layout).
    open var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    /// As `trailingAnchor`.
    open var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    /// As `leftAnchor`.
    open var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    /// As `rightAnchor`.
    open var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    /// As `topAnchor`.
    open var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    /// As `bottomAnchor`.
    open var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    /// As `widthAnchor`.
    open var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    /// As `heightAnchor`.
    open var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }
    /// As `centerXAnchor`.
    open var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    /// As `centerYAnchor`.
    open var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }

    // MARK: Debugging

    /// Whether the constraints leave the guide's rectangle undetermined, as
    /// `hasAmbiguousLayout`.
    open var hasAmbiguousLayout: Bool { LayoutEngine.hasAmbiguousLayout(self) }

    /// The active constraints on `axis` that mention the guide, as
    /// `constraintsAffectingLayout(for:)`.
    open func constraintsAffectingLayout(for axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
        itemState.constraintsAffecting(axis)
    }

    public var description: String {
        "<UILayoutGuide: \(LayoutDescription.address(of: self)) - \(layoutFrame), layoutFrame = \(layoutFrame), owningView = \(owningView.map { LayoutDescription.item($0) } ?? "nil")>"
    }
}
