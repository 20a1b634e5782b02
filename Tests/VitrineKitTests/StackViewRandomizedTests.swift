import Foundation
import Testing
import VitrineTestSupport

@testable import VitrineKit

/// Random sequences of changes to a self-sizing stack view: after each, the layout must be
/// the one the current state alone gives (no constraint of an earlier state left behind).
@MainActor @Suite struct StackViewRandomizedTests {
    @Test(arguments: [1, 2, 3, 4] as [UInt64]) func aSelfSizingStackAlwaysMatchesItsState(seed: UInt64) {
        var random = SeededGenerator(state: seed)
        let boxes: [UIView] = [StackBox(10, 5), StackBox(20, 8), StackBox(30, 11), StackBox(40, 14)]
        let stack = UIStackView(arrangedSubviews: boxes)
        stack.alignment = .leading
        let root = stackScene(stack)
        for step in 0..<200 {
            switch Int.random(in: 0..<9, using: &random) {
            case 0, 1:
                if let view = stack.arrangedSubviews.randomElement(using: &random) { view.isHidden.toggle() }
            case 2: stack.spacing = CGFloat(Int.random(in: 0...12, using: &random))
            case 3: stack.axis = stack.axis == .horizontal ? NSLayoutConstraint.Axis.vertical : .horizontal
            case 4:
                let box = StackBox(
                    CGFloat(Int.random(in: 1...40, using: &random)), CGFloat(Int.random(in: 1...40, using: &random)))
                stack.insertArrangedSubview(box, at: Int.random(in: 0...stack.arrangedSubviews.count, using: &random))
            case 5:
                guard let view = stack.arrangedSubviews.randomElement(using: &random) else { break }
                if Bool.random(using: &random) { stack.removeArrangedSubview(view) }
                view.removeFromSuperview()
            case 6:
                let boxes = stack.arrangedSubviews.compactMap { $0 as? StackBox }
                boxes.randomElement(using: &random)?.natural = CGSize(
                    width: Int.random(in: 1...40, using: &random), height: Int.random(in: 1...40, using: &random))
            case 7: stack.distribution = stack.distribution == .fill ? UIStackView.Distribution.equalSpacing : .fill
            default:
                if let view = stack.arrangedSubviews.randomElement(using: &random) {
                    stack.insertArrangedSubview(
                        view, at: Int.random(in: 0..<stack.arrangedSubviews.count, using: &random))
                }
                _ = stack.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
            }
            root.layoutIfNeeded()
            let expectation = expectedLayout(of: stack)
            #expect(stack.frame.size == expectation.size, "step \(step)")
            #expect(stack.arrangedSubviews.map(\.frame) == expectation.frames, "step \(step)")
            if stack.frame.size != expectation.size { break }
        }
    }

    /// The frames of a self-sizing, leading-aligned stack view of boxes: visible boxes at
    /// their intrinsic lengths one `spacing` apart, hidden ones of no length after the visible
    /// one before them; across the axis every box at its intrinsic thickness on the start
    /// edge, and the stack view as thick as the thickest visible box.
    private func expectedLayout(of stack: UIStackView) -> (size: CGSize, frames: [CGRect]) {
        let horizontal = stack.axis == .horizontal
        func along(_ size: CGSize) -> CGFloat { horizontal ? size.width : size.height }
        func across(_ size: CGSize) -> CGFloat { horizontal ? size.height : size.width }
        let visible = stack.arrangedSubviews.filter { !$0.isHidden }
        let thickness = visible.map { across($0.intrinsicContentSize) }.max() ?? 0
        var position: CGFloat = 0
        var previousEnd: CGFloat = 0
        var frames: [CGRect] = []
        for view in stack.arrangedSubviews {
            if view.isHidden {
                let thick = across(view.intrinsicContentSize)
                frames.append(
                    horizontal
                        ? CGRect(x: previousEnd, y: 0, width: 0, height: thick)
                        : CGRect(x: 0, y: previousEnd, width: thick, height: 0))
                continue
            }
            let length = along(view.intrinsicContentSize)
            let thick = across(view.intrinsicContentSize)
            previousEnd = position + length
            frames.append(
                horizontal
                    ? CGRect(x: position, y: 0, width: length, height: thick)
                    : CGRect(x: 0, y: position, width: thick, height: length))
            position += length + stack.spacing
        }
        let total = visible.isEmpty ? 0 : position - stack.spacing
        return (horizontal ? CGSize(width: total, height: thickness) : CGSize(width: thickness, height: total), frames)
    }
}
