import Foundation
import Testing

@testable import VitrineKit

/// Managing `arrangedSubviews`, spacing and the stack view's own constraints.
@MainActor @Suite struct StackViewArrangedSubviewsTests {
    @Test func initializersAndDefaults() {
        let views = threeBoxes()
        let stack = UIStackView(arrangedSubviews: views)
        #expect(sameViews(stack.arrangedSubviews, views))
        #expect(sameViews(stack.subviews, views))
        #expect(views.allSatisfy { !$0.translatesAutoresizingMaskIntoConstraints })
        #expect(stack.axis == .horizontal && stack.distribution == .fill && stack.alignment == .fill)
        #expect(stack.spacing == 0 && !stack.isBaselineRelativeArrangement && !stack.isLayoutMarginsRelativeArrangement)
        let framed = UIStackView(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(framed.frame == CGRect(x: 1, y: 2, width: 3, height: 4) && framed.arrangedSubviews.isEmpty)
        #expect(UIStackView().arrangedSubviews.isEmpty)
        #expect(UIStackView.requiresConstraintBasedLayout)
        #expect(UIStackView.Distribution(rawValue: 4) == .equalCentering)
        #expect(UIStackView.Alignment(rawValue: 5) == .lastBaseline)
    }

    @Test func addAndInsertArrangedSubviews() {
        let (a, b, c, d) = (StackBox(10, 10), StackBox(20, 10), StackBox(30, 10), StackBox(40, 10))
        let stack = UIStackView(arrangedSubviews: [a, b, c])
        stack.insertArrangedSubview(d, at: 1)
        #expect(sameViews(stack.arrangedSubviews, [a, d, b, c]))
        #expect(sameViews(stack.subviews, [a, b, c, d]))  // added as the frontmost subview
        stack.insertArrangedSubview(a, at: 2)  // already arranged: it moves, its subview place stays
        #expect(sameViews(stack.arrangedSubviews, [d, b, a, c]))
        #expect(sameViews(stack.subviews, [a, b, c, d]))
        stack.addArrangedSubview(d)
        #expect(sameViews(stack.arrangedSubviews, [b, a, c, d]))
        stack.insertArrangedSubview(StackBox(1, 1), at: 9)  // UIKit raises; refused here
        #expect(sameViews(stack.arrangedSubviews, [b, a, c, d]) && stack.subviews.count == 4)
        // A plain subview is not arranged until it is added as one.
        let plain = UIView()
        stack.addSubview(plain)
        #expect(stack.arrangedSubviews.count == 4)
        stack.addArrangedSubview(plain)
        #expect(stack.arrangedSubviews.last === plain && stack.subviews.last === plain)
        _ = stackScene(stack)
        #expect([b, a, c, d].map(\.frame.minX) == [0, 20, 30, 60])
    }

    @Test func removeArrangedSubviewKeepsItAsASubview() {
        let views = threeBoxes()
        let stack = UIStackView(arrangedSubviews: views)
        _ = stackScene(stack)
        stack.removeArrangedSubview(views[1])
        stack.layoutIfNeeded()
        #expect(sameViews(stack.arrangedSubviews, [views[0], views[2]]))
        #expect(views[1].superview === stack)
        #expect(!stack.constraints.contains { $0.firstItem === views[1] || $0.secondItem === views[1] })
        #expect(views[2].frame.minX == 40)
        #expect(stack.frame.width == 90)
    }

    @Test func removingFromTheSuperviewStopsArranging() {
        let views = threeBoxes()
        let stack = UIStackView(arrangedSubviews: views)
        _ = stackScene(stack)
        stack.setCustomSpacing(5, after: views[0])
        views[0].removeFromSuperview()
        #expect(sameViews(stack.arrangedSubviews, [views[1], views[2]]))
        #expect(stack.customSpacing(after: views[0]) == UIStackView.spacingUseDefault)
        stack.layoutIfNeeded()
        #expect(views[1].frame.minX == 0 && stack.frame.width == 110)
        // Moving an arranged view into another stack view takes it out of the first.
        let other = UIStackView()
        other.addArrangedSubview(views[2])
        #expect(sameViews(stack.arrangedSubviews, [views[1]]) && sameViews(other.arrangedSubviews, [views[2]]))
        stack.layoutIfNeeded()
        #expect(stack.frame.width == 60)
    }

    @Test func customSpacingAfterAView() {
        let views = threeBoxes()
        let stack = UIStackView(arrangedSubviews: views)
        stack.spacing = 10
        _ = stackScene(stack)
        #expect(stack.customSpacing(after: views[0]) == UIStackView.spacingUseDefault)
        stack.setCustomSpacing(30, after: views[0])
        #expect(stack.customSpacing(after: views[0]) == 30)
        stack.layoutIfNeeded()
        #expect(views.map(\.frame.minX) == [0, 70, 140])
        stack.setCustomSpacing(UIStackView.spacingUseSystem, after: views[1])
        stack.layoutIfNeeded()
        #expect(views[2].frame.minX == 138)  // the system spacing, 8
        stack.setCustomSpacing(UIStackView.spacingUseDefault, after: views[0])
        stack.layoutIfNeeded()
        #expect(views.map(\.frame.minX) == [0, 50, 118])
        stack.setCustomSpacing(99, after: UIView())  // not arranged: ignored
        #expect(stack.customSpacing(after: UIView()) == UIStackView.spacingUseDefault)
    }

    @Test func spacingTokensAndNegativeSpacing() {
        #expect(UIStackView.spacingUseDefault == CGFloat(Float.greatestFiniteMagnitude))
        #expect(UIStackView.spacingUseSystem == CGFloat(Float.leastNormalMagnitude))
        let views = threeBoxes()
        let stack = UIStackView(arrangedSubviews: views)
        stack.spacing = UIStackView.spacingUseSystem
        _ = stackScene(stack)
        #expect(views.map(\.frame.minX) == [0, 48, 116])
        stack.spacing = -5
        stack.layoutIfNeeded()
        #expect(views.map(\.frame.minX) == [0, 35, 90])
        stack.spacing = UIStackView.spacingUseDefault  // reads as 0
        stack.layoutIfNeeded()
        #expect(views.map(\.frame.minX) == [0, 40, 100])
    }

    @Test func aSpacingChangeKeepsTheOtherConstraints() {
        let views = threeBoxes()
        let stack = UIStackView(arrangedSubviews: views)
        _ = stackScene(stack)
        let before = stack.constraints.filter { $0.identifier != "UISV-spacing" }
        stack.spacing = 4
        stack.layoutIfNeeded()
        let after = stack.constraints.filter { $0.identifier != "UISV-spacing" }
        #expect(Set(before.map(ObjectIdentifier.init)) == Set(after.map(ObjectIdentifier.init)))
        #expect(stack.constraints.filter { $0.identifier == "UISV-spacing" }.map(\.constant) == [4, 4])
    }

    @Test func theDescriptionOfAStackConstraintReadsLikeUIKits() throws {
        let views = threeBoxes()
        let stack = UIStackView(arrangedSubviews: views)
        stack.spacing = 6
        _ = stackScene(stack)
        let spacing = try #require(stack.constraints.first { $0.identifier == "UISV-spacing" })
        #expect(spacing.description.contains("'UISV-spacing' StackBox:"))
        #expect(spacing.description.hasSuffix(".trailing + 6   (active)>"))
    }
}
