import Foundation
import Testing

@testable import VitrineKit

/// The stack view's own size, nesting, margins and hidden arranged views.
@MainActor @Suite struct StackViewSizingTests {
    @Test func aStackViewPlacedOnlyByItsPositionSizesItself() {
        let views = threeBoxes()
        let stack = UIStackView(arrangedSubviews: views)
        stack.spacing = 10
        _ = stackScene(stack)
        #expect(stack.frame == CGRect(x: 10, y: 20, width: 170, height: 30))
        #expect(
            views.map(\.frame) == [
                CGRect(x: 0, y: 0, width: 40, height: 30), CGRect(x: 50, y: 0, width: 60, height: 30),
                CGRect(x: 120, y: 0, width: 50, height: 30),
            ])
        // A stack view has no intrinsic size: its constraints size it, as in UIKit.
        #expect(stack.intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
        stack.axis = .vertical
        stack.alignment = .center
        stack.layoutIfNeeded()
        #expect(stack.frame.size == CGSize(width: 60, height: 80))
        #expect(views.map(\.frame.minX) == [10, 0, 5])
    }

    @Test func aStackViewPlacedByItsFrameFillsIt() {
        // Without constraints of its own (translating its frame), as a view made in code.
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let views = [StackBox(40, 20), StackBox(60, 30)]
        let stack = UIStackView(frame: CGRect(x: 10, y: 10, width: 200, height: 50))
        stack.distribution = .fillEqually
        for view in views { stack.addArrangedSubview(view) }
        root.addSubview(stack)
        root.layoutIfNeeded()
        #expect(stack.frame == CGRect(x: 10, y: 10, width: 200, height: 50))
        #expect(
            views.map(\.frame) == [
                CGRect(x: 0, y: 0, width: 100, height: 50), CGRect(x: 100, y: 0, width: 100, height: 50),
            ])
        stack.frame.size.width = 300
        root.layoutIfNeeded()
        #expect(views.map(\.frame.width) == [150, 150])
    }

    @Test func fittingSizeIsTheContentSize() {
        let stack = UIStackView(arrangedSubviews: threeBoxes())
        stack.spacing = 10
        #expect(stack.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 170, height: 30))
        stack.axis = .vertical
        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutMargins = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(stack.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 66, height: 84))
        #expect(UIStackView().systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == .zero)
    }

    @Test func aFittingSizeQueryLeavesTheLiveLayoutAlone() {
        // The private engine of systemLayoutSizeFitting must not unhook the constraints and
        // views of the tree's engine: changes after it still reach the frames.
        let views = threeBoxes()
        let stack = UIStackView(arrangedSubviews: views)
        _ = stackScene(stack)
        #expect(stack.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 150, height: 30))
        views[0].isHidden = true
        stack.spacing = 5
        stack.layoutIfNeeded()
        #expect(views[2].frame.minX == 65)
        #expect(stack.frame.size == CGSize(width: 115, height: 30))
    }

    @Test func aSelfSizingStackFollowsIntrinsicSizeChanges() {
        let views = threeBoxes()
        let stack = UIStackView(arrangedSubviews: views)
        let root = stackScene(stack)
        views[1].natural = CGSize(width: 100, height: 45)
        root.layoutIfNeeded()
        #expect(stack.frame.size == CGSize(width: 190, height: 45))
        #expect(views[2].frame.minX == 140)
    }

    @Test func nestedStacks() {
        // A column of two rows: 40×20 + 60×30 (spacing 10) over 50×10 + 20×20.
        let top = [StackBox(40, 20), StackBox(60, 30)]
        let bottom = [StackBox(50, 10), StackBox(20, 20)]
        let rows = [UIStackView(arrangedSubviews: top), UIStackView(arrangedSubviews: bottom)]
        for row in rows { row.spacing = 10 }
        let column = UIStackView(arrangedSubviews: rows)
        column.axis = .vertical
        column.spacing = 5
        _ = stackScene(column)
        #expect(column.frame.size == CGSize(width: 110, height: 55))
        #expect(
            rows.map(\.frame) == [
                CGRect(x: 0, y: 0, width: 110, height: 30), CGRect(x: 0, y: 35, width: 110, height: 20),
            ])
        // The column fills across: the narrower row stretches its first view.
        #expect(
            bottom.map(\.frame) == [
                CGRect(x: 0, y: 0, width: 80, height: 20), CGRect(x: 90, y: 0, width: 20, height: 20),
            ])
        #expect(top.map(\.frame.minX) == [0, 50])
        column.alignment = .leading
        column.layoutIfNeeded()
        #expect(rows.map(\.frame.width) == [110, 80])
        #expect(bottom.map(\.frame.width) == [50, 20])
        #expect(column.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 110, height: 55))
        // A change deep inside reaches the outer stack.
        bottom[1].isHidden = true
        column.layoutIfNeeded()
        #expect(rows[1].frame.size == CGSize(width: 50, height: 10))
        #expect(column.frame.size == CGSize(width: 110, height: 45))
    }

    @Test func marginsRelativeArrangement() {
        let views = [StackBox(40, 20), StackBox(60, 30)]
        let stack = UIStackView(arrangedSubviews: views)
        stack.distribution = .fillEqually
        stack.spacing = 10
        stack.layoutMargins = UIEdgeInsets(top: 5, left: 10, bottom: 5, right: 20)
        _ = stackScene(stack, size: CGSize(width: 300, height: 100))
        #expect(
            views.map(\.frame) == [
                CGRect(x: 0, y: 0, width: 145, height: 100), CGRect(x: 155, y: 0, width: 145, height: 100),
            ])
        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutIfNeeded()
        #expect(
            views.map(\.frame) == [
                CGRect(x: 10, y: 5, width: 130, height: 90), CGRect(x: 150, y: 5, width: 130, height: 90),
            ])
        stack.layoutMargins = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 30)
        stack.layoutIfNeeded()
        #expect(views.map(\.frame.width) == [130, 130] && views[0].frame.minX == 0)
    }

    @Test func hiddenViewsCollapseAndComeBack() {
        let views = threeBoxes()
        let stack = UIStackView(arrangedSubviews: views)
        stack.spacing = 10
        _ = stackScene(stack)
        views[1].isHidden = true
        #expect(stack.frame.width == 170)  // at the next layout pass
        stack.layoutIfNeeded()
        #expect(stack.frame.size == CGSize(width: 100, height: 20))
        #expect(views[2].frame.minX == 50)
        #expect(views[1].frame.width == 0 && views[1].frame.minX == 40)
        #expect(stack.constraints.contains { $0.identifier == "UISV-hiding" && $0.firstItem === views[1] })
        views[1].isHidden = false
        stack.layoutIfNeeded()
        #expect(stack.frame.size == CGSize(width: 170, height: 30))
        #expect(views.map(\.frame.minX) == [0, 50, 120] && views[1].frame.width == 60)
        #expect(!stack.constraints.contains { $0.identifier == "UISV-hiding" })
    }

    @Test func hiddenViewsTakeNoSpacingInAFixedStack() {
        let views = threeBoxes()
        let stack = UIStackView(arrangedSubviews: views)
        stack.distribution = .fillEqually
        stack.spacing = 10
        stack.setCustomSpacing(20, after: views[0])
        _ = stackScene(stack, size: CGSize(width: 300, height: 50))
        views[0].isHidden = true  // its custom spacing goes with it
        stack.layoutIfNeeded()
        #expect(views[1].frame == CGRect(x: 0, y: 0, width: 145, height: 50))
        #expect(views[2].frame == CGRect(x: 155, y: 0, width: 145, height: 50))
        views[2].isHidden = true
        stack.layoutIfNeeded()
        #expect(views[1].frame == CGRect(x: 0, y: 0, width: 300, height: 50))
        views[1].isHidden = true  // everything hidden: nothing to lay out, and no conflict
        stack.layoutIfNeeded()
        #expect(views.allSatisfy { $0.frame.width == 0 })
    }

    @Test func anAllHiddenStackShrinksToNothing() {
        let views = threeBoxes()
        let stack = UIStackView(arrangedSubviews: views)
        _ = stackScene(stack)
        for view in views { view.isHidden = true }
        stack.layoutIfNeeded()
        #expect(stack.frame.size == .zero)
        for view in views { view.removeFromSuperview() }  // emptied: still nothing
        for view in views { view.isHidden = false }
        stack.layoutIfNeeded()
        #expect(stack.frame.size == .zero && stack.arrangedSubviews.isEmpty)
        stack.addArrangedSubview(views[1])
        stack.layoutIfNeeded()
        #expect(stack.frame.size == CGSize(width: 60, height: 30))
        views[1].removeFromSuperview()
        stack.layoutIfNeeded()
        #expect(stack.frame.size == .zero)
    }

    @Test func theStackViewDrawsItsBackgroundColor() throws {
        // Since iOS 14 a stack view is an ordinary rendering view.
        let scene = ViewAnimationScene()
        let stack = UIStackView(arrangedSubviews: [StackBox(40, 20)])
        stack.backgroundColor = .green
        stack.isLayoutMarginsRelativeArrangement = true
        stack.translatesAutoresizingMaskIntoConstraints = false
        scene.window.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: scene.window.leadingAnchor, constant: 100),
            stack.topAnchor.constraint(equalTo: scene.window.topAnchor, constant: 20),
        ])
        scene.rig.settle()
        #expect(stack.frame == CGRect(x: 100, y: 20, width: 56, height: 36))
        let shot = try #require(scene.rig.output.screenshot())
        #expect(shot.rgb(102, 22) == .green)  // in the margin
    }

    /// Apple: constraints are satisfied in priority order. Four views hugging at 250 do not
    /// squeeze one view resisting at 750: a self-sizing row is as tall as its tallest view.
    @Test func oneResistanceOutweighsManyHuggings() {
        let views = [StackBox(20, 40)] + (0..<4).map { _ in StackBox(20, 10) }
        let stack = UIStackView(arrangedSubviews: views)
        stack.alignment = .fill
        _ = stackScene(stack)
        #expect(stack.frame.height == 40)
        #expect(views.allSatisfy { $0.frame.height == 40 })
        let equal = [StackBox(40, 10)] + (0..<4).map { _ in StackBox(10, 10) }
        let row = UIStackView(arrangedSubviews: equal)
        row.distribution = .fillEqually
        _ = stackScene(row)
        #expect(equal.allSatisfy { $0.frame.width == 40 })
    }
}
