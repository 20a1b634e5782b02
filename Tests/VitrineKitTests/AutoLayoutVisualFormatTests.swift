import Foundation
import Testing

@testable import VitrineKit

/// `NSLayoutConstraint.constraints(withVisualFormat:options:metrics:views:)`: the Auto Layout
/// Guide's visual format language, its examples laid out and solved, and its errors as UIKit
/// words them (no constraints, never a crash).
@MainActor
@Suite struct AutoLayoutVisualFormatTests {
    private func container(_ names: [String]) -> (UIView, [String: UIView]) {
        let superview = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        var views: [String: UIView] = [:]
        for name in names {
            let view = UIView()
            view.translatesAutoresizingMaskIntoConstraints = false
            superview.addSubview(view)
            views[name] = view
        }
        return (superview, views)
    }

    private func layOut(
        _ superview: UIView, _ formats: [String], options: NSLayoutConstraint.FormatOptions = [],
        metrics: [String: Any]? = nil, views: [String: UIView]
    ) -> [NSLayoutConstraint] {
        let constraints = formats.flatMap {
            NSLayoutConstraint.constraints(withVisualFormat: $0, options: options, metrics: metrics, views: views)
        }
        NSLayoutConstraint.activate(constraints)
        superview.layoutIfNeeded()
        return constraints
    }

    @Test func aCompleteLineOfLayoutUsesTheStandardSpaces() throws {
        let (superview, views) = container(["find", "findNext", "findField"])
        let constraints = layOut(
            superview,
            [
                "H:|-[find(60)]-[findNext(80)]-[findField(>=20)]-|", "V:|-[find(30)]", "V:|-[findNext(30)]",
                "V:|-[findField(30)]",
            ],
            views: views)
        // 2 edges + 3 widths + 2 spacings, then 2 per vertical format.
        #expect(constraints.count == 7 + 6)
        #expect(constraints.allSatisfy { $0.isActive })
        #expect(views["find"]!.frame == CGRect(x: 20, y: 20, width: 60, height: 30))
        #expect(views["findNext"]!.frame == CGRect(x: 88, y: 20, width: 80, height: 30))
        // The field takes what is left: 400 - 20 - 176 - 8 = 196.
        #expect(views["findField"]!.frame == CGRect(x: 176, y: 20, width: 204, height: 30))
    }

    @Test func theConstraintsAreMadeInactiveAndReadAsUIKitWritesThem() throws {
        let (superview, views) = container(["button", "textField"])
        let constraints = NSLayoutConstraint.constraints(
            withVisualFormat: "[button]-[textField]", options: [], metrics: nil, views: views)
        try #require(constraints.count == 1)
        let spacing = constraints[0]
        #expect(!spacing.isActive)
        #expect(spacing.firstItem === views["textField"] && spacing.firstAttribute == .leading)
        #expect(spacing.secondItem === views["button"] && spacing.secondAttribute == .trailing)
        #expect(spacing.relation == .equal && spacing.constant == 8 && spacing.multiplier == 1)
        let edges = NSLayoutConstraint.constraints(
            withVisualFormat: "|-50-[button]-50-|", options: [], metrics: nil, views: views)
        try #require(edges.count == 2)
        #expect(edges[0].firstItem === views["button"] && edges[0].secondItem === superview)
        #expect(edges[0].firstAttribute == .leading && edges[0].constant == 50)
        #expect(edges[1].firstItem === superview && edges[1].firstAttribute == .trailing)
        #expect(edges[1].secondItem === views["button"] && edges[1].constant == 50)
    }

    @Test func widthsPrioritiesRelationsAndMetrics() throws {
        let (superview, views) = container(["button", "button2", "flexible", "wide"])
        let metrics: [String: Any] = ["side": 12, "low": NSNumber(value: 250), "half": 0.5]
        let constraints = NSLayoutConstraint.constraints(
            withVisualFormat: "H:|-side-[button(100@20)]-(>=side@low,<=40)-[button2(==button)][flexible(>=70,<=100)]",
            options: [], metrics: metrics, views: views)
        // edge, width, two spacings, equal width, flush, two flexible widths.
        try #require(constraints.count == 8)
        #expect(constraints[0].constant == 12 && constraints[0].firstItem === views["button"])
        let width = try #require(constraints.first { $0.firstItem === views["button"] && $0.firstAttribute == .width })
        #expect(width.secondItem == nil && width.constant == 100 && width.priority.rawValue == 20)
        let equal = try #require(constraints.first { $0.firstItem === views["button2"] && $0.firstAttribute == .width })
        #expect(equal.secondItem === views["button"] && equal.secondAttribute == .width && equal.relation == .equal)
        let gaps = constraints.filter { $0.firstItem === views["button2"] && $0.firstAttribute == .leading }
        #expect(gaps.map(\.relation) == [.greaterThanOrEqual, .lessThanOrEqual])
        #expect(gaps.map(\.constant) == [12, 40] && gaps[0].priority.rawValue == 250 && gaps[1].priority == .required)
        let flush = try #require(
            constraints.first { $0.firstItem === views["flexible"] && $0.firstAttribute == .leading })
        #expect(flush.constant == 0 && flush.secondItem === views["button2"])
        let flexible = constraints.filter { $0.firstItem === views["flexible"] && $0.firstAttribute == .width }
        #expect(
            flexible.map(\.relation) == [.greaterThanOrEqual, .lessThanOrEqual]
                && flexible.map(\.constant) == [70, 100])
        _ = superview
    }

    @Test func verticalLayoutAlignmentOptionsAndDirection() throws {
        let (superview, views) = container(["top", "bottom", "left", "right"])
        let vertical = NSLayoutConstraint.constraints(
            withVisualFormat: "V:|[top(40)]-10-[bottom]|", options: [.alignAllLeft, .alignAllRight],
            metrics: nil, views: views)
        #expect(
            vertical.contains { $0.firstItem === views["bottom"] && $0.firstAttribute == .top && $0.constant == 10 })
        #expect(vertical.contains { $0.firstAttribute == .left && $0.secondAttribute == .left })
        #expect(vertical.contains { $0.firstAttribute == .right && $0.secondAttribute == .right })
        // Two edges, a height, a spacing, then an alignment per option.
        #expect(vertical.count == 4 + 2)
        NSLayoutConstraint.activate(vertical)
        NSLayoutConstraint.activate(
            NSLayoutConstraint.constraints(withVisualFormat: "H:|-[top]-|", options: [], metrics: nil, views: views))
        // Right to left: the first view is at the right edge, the second to its left.
        NSLayoutConstraint.activate(
            NSLayoutConstraint.constraints(
                withVisualFormat: "H:|-10-[left(50)]-5-[right(30)]", options: .directionRightToLeft, metrics: nil,
                views: views)
                + NSLayoutConstraint.constraints(
                    withVisualFormat: "V:|[left(10)]", options: [], metrics: nil, views: views)
                + NSLayoutConstraint.constraints(
                    withVisualFormat: "V:|[right(10)]", options: [], metrics: nil, views: views))
        superview.layoutIfNeeded()
        #expect(views["top"]!.frame == CGRect(x: 20, y: 0, width: 360, height: 40))
        #expect(views["bottom"]!.frame == CGRect(x: 20, y: 50, width: 360, height: 250))
        #expect(views["left"]!.frame.minX == 340 && views["left"]!.frame.width == 50)
        #expect(views["right"]!.frame.minX == 305 && views["right"]!.frame.width == 30)
    }

    /// UIKit's message for `format`, after checking the public call gives no constraints.
    private func diagnosis(
        _ format: String, options: NSLayoutConstraint.FormatOptions = [], metrics: [String: Any] = [:],
        views table: [String: Any]
    ) -> String? {
        let made = NSLayoutConstraint.constraints(
            withVisualFormat: format, options: options, metrics: metrics, views: table)
        guard made.isEmpty else { return "constraints made: \(made)" }
        do {
            _ = try VisualFormat(format: format, metrics: metrics, views: table).constraints(options: options)
            return nil
        } catch let failure {
            return VisualFormat.describe(failure, in: format)
        }
    }

    @Test func errorsAreWordedAsUIKitWordsThemAndGiveNoConstraints() throws {
        let (_, views) = container(["box", "other"])
        let lonely = UIView()
        #expect(
            diagnosis("V|[box]|", views: views)
                == "Unable to parse constraint format: \nExpected ':' after 'V' to specify vertical arrangement \nV|[box]| \n ^"
        )
        #expect(
            diagnosis("|[box][missing]", views: views)
                == "Unable to parse constraint format: \nmissing is not a key in the views dictionary. \n|[box][missing] \n"
                + String(repeating: " ", count: 14) + "^")
        #expect(diagnosis("V:|[box(>30)]|", views: views)?.contains("Unknown relation. Must be ==, >=, or <=") == true)
        #expect(
            diagnosis("|[box(width)[other]|", metrics: ["width": 30], views: views)?.contains(
                "A predicate on a view's thickness must end with ')' and the view must end with ']'") == true)
        #expect(diagnosis("|-gap-[box]", views: views)?.contains("gap is not a key in the metrics dictionary.") == true)
        #expect(
            diagnosis("H:|[lonely]|", views: ["lonely": lonely])?.contains(
                "Unable to interpret '|' character, because the related view doesn't have a superview") == true)
        #expect(
            diagnosis("H:[box][other]", options: .alignAllLeft, views: views)
                == "Unable to parse constraint format: \nOptions mask required views to be aligned on a horizontal edge, which is not allowed for layout that is also horizontal. \nH:[box][other] \n^"
        )
        #expect(diagnosis("", views: views)?.contains("Expected a view") == true)
        #expect(diagnosis("H:[box]-", views: views) != nil)
        #expect(diagnosis("H:[box]-(", views: views) != nil)
        #expect(diagnosis("H:[box]|x", views: views) != nil)
        #expect(
            diagnosis("[box]", views: ["box": "not a view"])?.contains("box is not a key in the views dictionary.")
                == true)
    }
}
