import Foundation
import Testing

@testable import VitrineKit

/// A view with a fixed intrinsic size, for stack view tests.
@MainActor final class StackBox: UIView {
    var natural: CGSize {
        didSet { invalidateIntrinsicContentSize() }
    }
    init(_ width: CGFloat, _ height: CGFloat) {
        natural = CGSize(width: width, height: height)
        super.init(frame: .zero)
    }
    required init?(coder: NSCoder) { nil }
    override var intrinsicContentSize: CGSize { natural }
}

/// A box with text-like baselines: `forFirstBaselineLayout` and `forLastBaselineLayout` are
/// zero-height markers at the given distances from its top, so a baseline is the same line
/// whether the engine reads a view without text by its top or its bottom edge.
@MainActor final class StackBaselineBox: UIView {
    let natural: CGSize
    let firstMarker: UIView
    let lastMarker: UIView
    init(_ width: CGFloat, _ height: CGFloat, first: CGFloat, last: CGFloat) {
        natural = CGSize(width: width, height: height)
        firstMarker = UIView(frame: CGRect(x: 0, y: first, width: 1, height: 0))
        lastMarker = UIView(frame: CGRect(x: 0, y: last, width: 1, height: 0))
        super.init(frame: .zero)
        addSubview(firstMarker)
        addSubview(lastMarker)
    }
    required init?(coder: NSCoder) { nil }
    override var intrinsicContentSize: CGSize { natural }
    override var forFirstBaselineLayout: UIView { firstMarker }
    override var forLastBaselineLayout: UIView { lastMarker }
}

/// The scenes' roots, kept for the whole run: tests often hold only the stack view, and a
/// root that went away would leave it without its tree.
@MainActor private var keptRoots: [UIView] = []

/// A 400×300 root with `stack` in it, pinned to `frame` (or only to its origin with a nil
/// size, so that the stack view sizes itself). The root is kept alive.
@MainActor func stackScene(
    _ stack: UIStackView, at origin: CGPoint = CGPoint(x: 10, y: 20), size: CGSize? = nil
) -> UIView {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
    stack.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(stack)
    var constraints = [
        stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: origin.x),
        stack.topAnchor.constraint(equalTo: root.topAnchor, constant: origin.y),
    ]
    if let size {
        constraints.append(stack.widthAnchor.constraint(equalToConstant: size.width))
        constraints.append(stack.heightAnchor.constraint(equalToConstant: size.height))
    }
    NSLayoutConstraint.activate(constraints)
    root.layoutIfNeeded()
    keptRoots.append(root)
    return root
}

/// Three boxes of different sizes: 40×20, 60×30, 50×10.
@MainActor func threeBoxes() -> [StackBox] { [StackBox(40, 20), StackBox(60, 30), StackBox(50, 10)] }

/// Whether two lists hold the same views in the same order.
@MainActor func sameViews(_ lhs: [UIView], _ rhs: [UIView]) -> Bool {
    lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 === $1 }
}
