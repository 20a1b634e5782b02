import Foundation
import Testing

@testable import VitrineKit

private func rect(_ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat) -> CGRect {
    CGRect(x: x, y: y, width: width, height: height)
}

/// A stack of the three boxes (20, 30 and 10 points across the axis), 300 along and 100
/// across it, with `alignment`.
@MainActor private func aligned(_ axis: NSLayoutConstraint.Axis, _ alignment: UIStackView.Alignment)
    -> [CGRect]
{
    let views = [(40, 20), (60, 30), (50, 10)].map { main, cross in
        axis == .horizontal ? StackBox(main, cross) : StackBox(cross, main)
    }
    let stack = UIStackView(arrangedSubviews: views)
    stack.axis = axis
    stack.alignment = alignment
    stack.distribution = .equalSpacing
    _ = stackScene(stack, size: axis == .horizontal ? CGSize(width: 300, height: 100) : CGSize(width: 100, height: 300))
    // Across the axis only: (origin, length).
    return views.map {
        axis == .horizontal ? rect(0, $0.frame.minY, 0, $0.frame.height) : rect($0.frame.minX, 0, $0.frame.width, 0)
    }
}

/// `UIStackView.Alignment` on both axes, and baselines.
@MainActor @Suite struct StackViewAlignmentTests {
    @Test func fillStretchesAcrossTheAxis() {
        #expect(aligned(.horizontal, .fill) == [rect(0, 0, 0, 100), rect(0, 0, 0, 100), rect(0, 0, 0, 100)])
        #expect(aligned(.vertical, .fill) == [rect(0, 0, 100, 0), rect(0, 0, 100, 0), rect(0, 0, 100, 0)])
    }

    @Test func topAndLeadingKeepIntrinsicSizesAtTheStartEdge() {
        #expect(UIStackView.Alignment.top == .leading)
        #expect(aligned(.horizontal, .top) == [rect(0, 0, 0, 20), rect(0, 0, 0, 30), rect(0, 0, 0, 10)])
        #expect(aligned(.vertical, .leading) == [rect(0, 0, 20, 0), rect(0, 0, 30, 0), rect(0, 0, 10, 0)])
    }

    @Test func centerCentersAcrossTheAxis() {
        #expect(aligned(.horizontal, .center) == [rect(0, 40, 0, 20), rect(0, 35, 0, 30), rect(0, 45, 0, 10)])
        #expect(aligned(.vertical, .center) == [rect(40, 0, 20, 0), rect(35, 0, 30, 0), rect(45, 0, 10, 0)])
    }

    @Test func bottomAndTrailingKeepIntrinsicSizesAtTheEndEdge() {
        #expect(UIStackView.Alignment.bottom == .trailing)
        #expect(aligned(.horizontal, .bottom) == [rect(0, 80, 0, 20), rect(0, 70, 0, 30), rect(0, 90, 0, 10)])
        #expect(aligned(.vertical, .trailing) == [rect(80, 0, 20, 0), rect(70, 0, 30, 0), rect(90, 0, 10, 0)])
    }

    @Test func baselineAlignmentsFillAVerticalStack() {
        // Baseline alignment is for horizontal stacks only.
        #expect(aligned(.vertical, .firstBaseline) == [rect(0, 0, 100, 0), rect(0, 0, 100, 0), rect(0, 0, 100, 0)])
        #expect(aligned(.vertical, .lastBaseline) == [rect(0, 0, 100, 0), rect(0, 0, 100, 0), rect(0, 0, 100, 0)])
    }

    @Test func viewsWithoutAnIntrinsicHeightGetNoneOutsideFill() {
        let plain = UIView()
        let stack = UIStackView(arrangedSubviews: [StackBox(40, 20), plain])
        stack.alignment = .center
        _ = stackScene(stack, size: CGSize(width: 200, height: 100))
        #expect(plain.frame.height == 0)
        #expect(stack.constraints.contains { $0.identifier == "UISV-ambiguity-suppression" && $0.firstItem === plain })
    }

    @Test func changingTheAlignmentRelaysOut() {
        let views = [StackBox(40, 20), StackBox(60, 30)]
        let stack = UIStackView(arrangedSubviews: views)
        _ = stackScene(stack, size: CGSize(width: 200, height: 100))
        #expect(views.map(\.frame.height) == [100, 100])
        stack.alignment = .bottom
        stack.layoutIfNeeded()
        #expect(views.map(\.frame.minY) == [80, 70])
        #expect(views.map(\.frame.height) == [20, 30])
    }

    // MARK: Baselines

    /// Boxes with first/last baselines: 40×20 (15, 18), 60×30 (10, 25), 50×40 (35, 30).
    private func baselineBoxes() -> [StackBaselineBox] {
        [
            StackBaselineBox(40, 20, first: 15, last: 18), StackBaselineBox(60, 30, first: 10, last: 25),
            StackBaselineBox(50, 40, first: 35, last: 30),
        ]
    }

    @Test func firstBaselineAlignsTheFirstBaselines() {
        let views = baselineBoxes()
        let stack = UIStackView(arrangedSubviews: views)
        stack.alignment = .firstBaseline
        _ = stackScene(stack, size: CGSize(width: 300, height: 100))
        // Baselines on one line, as high as the tallest reach allows: 35 from the top.
        #expect(views.map(\.frame.minY) == [20, 25, 0])
        #expect(views.map { $0.frame.minY + $0.firstMarker.frame.minY } == [35, 35, 35])
        #expect(views.map(\.frame.height) == [20, 30, 40])
    }

    @Test func lastBaselineAlignsTheLastBaselines() {
        let views = baselineBoxes()
        let stack = UIStackView(arrangedSubviews: views)
        stack.alignment = .lastBaseline
        _ = stackScene(stack, size: CGSize(width: 300, height: 100))
        #expect(views.map(\.frame.minY) == [12, 5, 0])
        #expect(views.map { $0.frame.minY + $0.lastMarker.frame.minY } == [30, 30, 30])
    }

    @Test func aBaselineAlignedStackHugsItsViews() {
        let views = baselineBoxes()
        let stack = UIStackView(arrangedSubviews: views)
        stack.alignment = .firstBaseline
        _ = stackScene(stack)
        // From the top of the 40-point box (baseline at 35) to the bottom of the 30-point one
        // (baseline at 10): 35 + 20.
        #expect(stack.frame.size == CGSize(width: 150, height: 55))
    }

    @Test func baselineViewsOfAStackView() {
        let views = baselineBoxes()
        let stack = UIStackView(arrangedSubviews: views)
        stack.axis = .vertical
        #expect(stack.forFirstBaselineLayout === views[0].firstMarker)
        #expect(stack.forLastBaselineLayout === views[2].lastMarker)
        views[0].isHidden = true
        views[2].isHidden = true
        #expect(stack.forFirstBaselineLayout === views[1].firstMarker)
        #expect(stack.forLastBaselineLayout === views[1].lastMarker)
        // A row's baselines are its tallest view's.
        views[0].isHidden = false
        views[2].isHidden = false
        stack.axis = .horizontal
        #expect(stack.forFirstBaselineLayout === views[2].firstMarker)
        #expect(stack.forLastBaselineLayout === views[2].lastMarker)
        let empty = UIStackView()
        #expect(empty.forFirstBaselineLayout === empty && empty.forLastBaselineLayout === empty)
    }

    @Test func aNestedStackAlignsByItsArrangedViewsBaselines() {
        // A column (baselines of its first and last views) next to a box, first baselines
        // aligned: the column's first view's baseline meets the box's.
        let top = StackBaselineBox(40, 20, first: 12, last: 16)
        let bottom = StackBaselineBox(40, 20, first: 14, last: 17)
        let column = UIStackView(arrangedSubviews: [top, bottom])
        column.axis = .vertical
        let box = StackBaselineBox(30, 50, first: 40, last: 45)
        let row = UIStackView(arrangedSubviews: [column, box])
        row.alignment = .firstBaseline
        _ = stackScene(row)
        #expect(column.frame.minY + top.frame.minY + 12 == box.frame.minY + 40)
        #expect(box.frame.minY == 0 && column.frame.minY == 28)
        row.alignment = .lastBaseline
        row.layoutIfNeeded()
        #expect(column.frame.minY + bottom.frame.minY + 17 == box.frame.minY + 45)
    }

    @Test func baselineRelativeArrangementSpacesBaselines() {
        let views = [StackBaselineBox(40, 20, first: 15, last: 18), StackBaselineBox(40, 30, first: 10, last: 25)]
        let stack = UIStackView(arrangedSubviews: views)
        stack.axis = .vertical
        stack.spacing = 20
        _ = stackScene(stack)
        #expect(views[1].frame.minY == 40)  // edge to edge
        stack.isBaselineRelativeArrangement = true
        stack.layoutIfNeeded()
        // From the first view's last baseline (18) to the second's first (its top + 10).
        #expect(views[1].frame.minY == 28)
        #expect(stack.frame.height == 58)
        stack.axis = .horizontal  // ignored in rows
        stack.layoutIfNeeded()
        #expect(views[1].frame.minX == 60)
    }

    // MARK: Labels

    /// A label's first and last baselines in its superview's coordinates.
    private func baselines(_ label: UILabel) -> (first: CGFloat, last: CGFloat) {
        let metrics = label.layoutBaselines ?? (0, 0)
        return (label.frame.minY + metrics.firstFromTop, label.frame.maxY - metrics.lastFromBottom)
    }

    private func labels() -> [UILabel] {
        [12, 30, 17].map { size in
            let label = UILabel()
            label.text = "Baseline"
            label.font = .systemFont(ofSize: size)
            return label
        }
    }

    @Test func labelsOfDifferentFontsShareTheirBaselines() {
        for alignment in [UIStackView.Alignment.firstBaseline, .lastBaseline] {
            let views = labels()
            let stack = UIStackView(arrangedSubviews: views)
            stack.alignment = alignment
            stack.spacing = 8
            _ = stackScene(stack)
            let lines = views.map { alignment == .firstBaseline ? baselines($0).first : baselines($0).last }
            #expect(lines.allSatisfy { abs($0 - lines[1]) <= 1 }, "\(alignment): \(lines)")
            // The largest font reaches highest and lowest: it spans the stack view.
            #expect(views[1].frame.minY == 0 && stack.frame.height == views[1].frame.height)
            #expect(views[0].frame.minY > 0)
        }
    }

    @Test func baselineRelativeArrangementOfLabels() {
        let views = labels()
        let stack = UIStackView(arrangedSubviews: views)
        stack.axis = .vertical
        stack.alignment = .leading
        stack.spacing = 24
        stack.isBaselineRelativeArrangement = true
        _ = stackScene(stack)
        for (above, below) in zip(views, views.dropFirst()) {
            #expect(abs(baselines(below).first - baselines(above).last - 24) <= 1)
        }
        #expect(stack.forFirstBaselineLayout === views[0] && stack.forLastBaselineLayout === views[2])
    }
}
