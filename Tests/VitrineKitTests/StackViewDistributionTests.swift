import Foundation
import Testing

@testable import VitrineKit

/// Boxes of 40, 60 and 50 points along `axis` and 20, 30 and 10 across it.
@MainActor private func boxes(_ axis: NSLayoutConstraint.Axis) -> [StackBox] {
    [(40, 20), (60, 30), (50, 10)].map { main, cross in
        axis == .horizontal ? StackBox(main, cross) : StackBox(cross, main)
    }
}

/// A rectangle given along and across `axis`.
private func placed(
    _ axis: NSLayoutConstraint.Axis, _ start: CGFloat, _ length: CGFloat, across: CGFloat = 0,
    _ thickness: CGFloat
) -> CGRect {
    axis == .horizontal
        ? CGRect(x: start, y: across, width: length, height: thickness)
        : CGRect(x: across, y: start, width: thickness, height: length)
}

/// A size given along and across `axis`.
private func size(_ axis: NSLayoutConstraint.Axis, _ main: CGFloat, _ cross: CGFloat) -> CGSize {
    axis == .horizontal ? CGSize(width: main, height: cross) : CGSize(width: cross, height: main)
}

/// A stack of `boxes(axis)` with spacing 10 in a stack view of `main` × 100 points.
@MainActor private func distributed(
    _ axis: NSLayoutConstraint.Axis, _ distribution: UIStackView.Distribution, main: CGFloat,
    configure: ([StackBox]) -> Void = { _ in }
) -> (UIStackView, [StackBox]) {
    let views = boxes(axis)
    configure(views)
    let stack = UIStackView(arrangedSubviews: views)
    stack.axis = axis
    stack.distribution = distribution
    stack.spacing = 10
    _ = stackScene(stack, size: size(axis, main, 100))
    return (stack, views)
}

/// `UIStackView.Distribution` on both axes, with views of known intrinsic sizes.
@MainActor @Suite struct StackViewDistributionTests {
    @Test(arguments: NSLayoutConstraint.Axis.allCases) func fillStretchesTheViewThatHugsLeast(
        axis: NSLayoutConstraint.Axis
    ) {
        let (_, views) = distributed(axis, .fill, main: 300) { views in
            views[1].setContentHuggingPriority(.defaultLow - 1, for: axis)
        }
        #expect(
            views.map(\.frame) == [
                placed(axis, 0, 40, 100), placed(axis, 50, 190, 100), placed(axis, 250, 50, 100),
            ])
    }

    @Test(arguments: NSLayoutConstraint.Axis.allCases) func fillStretchesTheEarlierViewBetweenEqualHugging(
        axis: NSLayoutConstraint.Axis
    ) {
        // UIKit resolves equal priorities by the order of arrangedSubviews.
        let (_, views) = distributed(axis, .fill, main: 300)
        #expect(
            views.map(\.frame) == [placed(axis, 0, 170, 100), placed(axis, 180, 60, 100), placed(axis, 250, 50, 100)])
    }

    @Test(arguments: NSLayoutConstraint.Axis.allCases) func fillShrinksTheViewThatResistsLeast(
        axis: NSLayoutConstraint.Axis
    ) {
        let (_, views) = distributed(axis, .fill, main: 150) { views in
            views[2].setContentCompressionResistancePriority(.defaultHigh - 1, for: axis)
        }
        #expect(
            views.map(\.frame) == [placed(axis, 0, 40, 100), placed(axis, 50, 60, 100), placed(axis, 120, 30, 100)])
    }

    @Test(arguments: NSLayoutConstraint.Axis.allCases) func fillShrinksTheEarlierViewBetweenEqualResistance(
        axis: NSLayoutConstraint.Axis
    ) {
        let (_, views) = distributed(axis, .fill, main: 150)
        #expect(
            views.map(\.frame) == [placed(axis, 0, 20, 100), placed(axis, 30, 60, 100), placed(axis, 100, 50, 100)])
    }

    @Test(arguments: NSLayoutConstraint.Axis.allCases) func fillEquallyGivesEveryViewTheSameLength(
        axis: NSLayoutConstraint.Axis
    ) {
        let (_, views) = distributed(axis, .fillEqually, main: 320)
        #expect(
            views.map(\.frame) == [placed(axis, 0, 100, 100), placed(axis, 110, 100, 100), placed(axis, 220, 100, 100)])
    }

    @Test(arguments: NSLayoutConstraint.Axis.allCases) func fillEquallyWithRoomTakesTheLargestIntrinsicLength(
        axis: NSLayoutConstraint.Axis
    ) {
        let stack = UIStackView(arrangedSubviews: boxes(axis))
        stack.axis = axis
        stack.distribution = .fillEqually
        stack.spacing = 10
        _ = stackScene(stack)
        #expect(stack.arrangedSubviews.map { axis == .horizontal ? $0.frame.width : $0.frame.height } == [60, 60, 60])
        #expect(stack.frame.size == size(axis, 200, 30))
    }

    @Test(arguments: NSLayoutConstraint.Axis.allCases) func fillProportionallySharesByIntrinsicLength(
        axis: NSLayoutConstraint.Axis
    ) {
        // 300 points of room for intrinsic lengths 40 : 60 : 50.
        let (_, views) = distributed(axis, .fillProportionally, main: 320)
        #expect(
            views.map(\.frame) == [placed(axis, 0, 80, 100), placed(axis, 90, 120, 100), placed(axis, 220, 100, 100)])
    }

    @Test func fillProportionallyFollowsIntrinsicSizeChanges() {
        let (stack, views) = distributed(.horizontal, .fillProportionally, main: 320)
        views[2].natural.width = 200  // 40 : 60 : 200 of 300
        stack.superview?.layoutIfNeeded()
        #expect(views.map(\.frame.width) == [40, 60, 200])
    }

    @Test(arguments: NSLayoutConstraint.Axis.allCases) func equalSpacingSharesTheRoomBetweenTheViews(
        axis: NSLayoutConstraint.Axis
    ) {
        let (_, views) = distributed(axis, .equalSpacing, main: 300)
        #expect(
            views.map(\.frame) == [placed(axis, 0, 40, 100), placed(axis, 115, 60, 100), placed(axis, 250, 50, 100)])
    }

    @Test(arguments: NSLayoutConstraint.Axis.allCases) func equalSpacingKeepsSpacingAsAMinimum(
        axis: NSLayoutConstraint.Axis
    ) {
        // 150 points of views and 20 of spacing in 160: the spacing holds, a view shrinks.
        let (_, views) = distributed(axis, .equalSpacing, main: 160)
        #expect(
            views.map(\.frame) == [placed(axis, 0, 30, 100), placed(axis, 40, 60, 100), placed(axis, 110, 50, 100)])
    }

    @Test(arguments: NSLayoutConstraint.Axis.allCases) func equalCenteringSpacesTheCentersEqually(
        axis: NSLayoutConstraint.Axis
    ) {
        let (_, views) = distributed(axis, .equalCentering, main: 300) { views in
            views[2].natural = axis == .horizontal ? CGSize(width: 40, height: 10) : CGSize(width: 10, height: 40)
        }
        // Centers at 20, 150 and 280.
        #expect(
            views.map(\.frame) == [placed(axis, 0, 40, 100), placed(axis, 120, 60, 100), placed(axis, 260, 40, 100)])
    }

    @Test(arguments: NSLayoutConstraint.Axis.allCases) func equalCenteringKeepsSpacingAsAMinimum(
        axis: NSLayoutConstraint.Axis
    ) {
        // The centers cannot be equally far apart in 170 points: the spacing stays 10.
        let (_, views) = distributed(axis, .equalCentering, main: 170)
        #expect(
            views.map(\.frame) == [placed(axis, 0, 40, 100), placed(axis, 50, 60, 100), placed(axis, 120, 50, 100)])
    }

    @Test func changingTheDistributionRelaysOut() {
        let (stack, views) = distributed(.horizontal, .fillEqually, main: 320)
        stack.distribution = .equalSpacing
        #expect(views[1].frame.width == 100)  // not before the layout pass
        stack.layoutIfNeeded()
        #expect(views.map(\.frame.width) == [40, 60, 50])
        #expect(views[1].frame.minX == 125)
    }

    @Test func theConstraintsCarryUIKitsIdentifiers() {
        let (stack, _) = distributed(.horizontal, .equalSpacing, main: 300)
        let identifiers = Set(stack.constraints.compactMap(\.identifier))
        for identifier in [
            "UISV-canvas-connection", "UISV-spacing", "UISV-alignment", "UISV-distributing-edge", "UISV-fill-equally",
        ] {
            #expect(identifiers.contains(identifier), "\(identifier)")
        }
        #expect(stack.layoutGuides.map(\.identifier) == ["UISV-distributing", "UISV-distributing"])
        stack.distribution = .fillEqually
        stack.layoutIfNeeded()
        #expect(stack.layoutGuides.isEmpty)
        #expect(stack.constraints.filter { $0.identifier == "UISV-fill-equally" }.count == 2)
        #expect(!stack.constraints.contains { $0.identifier == "UISV-distributing-edge" })
    }
}
