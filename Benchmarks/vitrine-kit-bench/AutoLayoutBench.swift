import BenchmarkSupport
import Foundation
import VitrineKit
import VitrineTestSupport

/// A 500-view dashboard laid out only by constraints, made through UIKit's API: 25 rows of 20
/// views in a full-screen window; in each row the views share one width and sit 8 points
/// apart between 8-point margins, each row 8 points below the one before; heights want 30
/// points (at 750) and are at least 20. 2,500 constraints.
@MainActor struct ConstrainedDashboard {
    let window: UIWindow
    var constraints: [NSLayoutConstraint] = []
    /// The leading gap of row 12: the constant the benchmark changes.
    var gap: NSLayoutConstraint!

    init(on screen: UIScreen) {
        window = UIWindow(frame: screen.bounds)
        window.screen = screen
        var rowTop: NSLayoutYAxisAnchor = window.topAnchor
        for row in 0..<25 {
            var views: [UIView] = []
            for column in 0..<20 {
                let view = UIView()
                view.translatesAutoresizingMaskIntoConstraints = false
                view.backgroundColor = color(row * 20 + column)
                window.addSubview(view)
                if column == 0 {
                    let leading = view.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 8)
                    if row == 12 { gap = leading }
                    constraints.append(leading)
                    constraints.append(view.topAnchor.constraint(equalTo: rowTop, constant: 8))
                } else {
                    let previous = views[column - 1]
                    constraints.append(view.leadingAnchor.constraint(equalTo: previous.trailingAnchor, constant: 8))
                    constraints.append(view.widthAnchor.constraint(equalTo: views[0].widthAnchor))
                    constraints.append(view.topAnchor.constraint(equalTo: views[0].topAnchor))
                }
                let height = view.heightAnchor.constraint(equalToConstant: 30)
                height.priority = .defaultHigh
                constraints.append(height)
                constraints.append(view.heightAnchor.constraint(greaterThanOrEqualToConstant: 20))
                views.append(view)
            }
            constraints.append(views[19].trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -8))
            rowTop = views[0].bottomAnchor
        }
    }

    /// UIKit's first layout: the constraints activated and solved into frames.
    func activateAndLayOut() {
        NSLayoutConstraint.activate(constraints)
        window.layoutIfNeeded()
    }
}

/// Auto Layout through VitrineKit: the first solve of the dashboard, one `constant` change
/// re-solved, and a rotation (the window's bounds turned), as medians; and the heap each
/// constraint takes.
@MainActor func runAutoLayoutBenchmarks(on screen: UIScreen) {
    let refresh = 1.0 / 60
    var boards: [ConstrainedDashboard] = []
    let firstSolve = median(
        runs: 11, warmup: 2, prepare: { boards = [ConstrainedDashboard(on: screen)] },
        { boards[0].activateAndLayOut() }, finish: { boards = [] })

    let board = ConstrainedDashboard(on: screen)
    let before = heapInUse()
    board.activateAndLayOut()
    let after = heapInUse()
    let count = board.constraints.count

    var constant: CGFloat = 8
    let constantChange = median(runs: 201) {
        constant = constant == 8 ? 12 : 8
        board.gap.constant = constant
        board.window.layoutIfNeeded()
    }
    var portrait = false
    let rotation = median(runs: 21) {
        portrait.toggle()
        board.window.frame = portrait ? CGRect(x: 0, y: 0, width: 1080, height: 1920) : screen.bounds
        board.window.layoutIfNeeded()
    }
    let placed = board.window.subviews[12 * 20].frame
    print("Auto Layout (VitrineKit): 500 views, \(count) constraints, 1920x1080 window")
    print(
        "    first solve (activate + layoutIfNeeded)  median \(format(firstSolve))  (\(String(format: "%.2f", firstSolve / refresh)) of a 60 Hz period)"
    )
    print("    one constant changed, re-laid out        median \(format(constantChange))")
    print(
        "    rotation (window 1920x1080 <-> 1080x1920) median \(format(rotation))  (\(String(format: "%.2f", rotation / refresh)) of a 60 Hz period)"
    )
    print(
        String(
            format: "    heap per constraint (glibc's count; constraint, engine and solver): %.0f bytes",
            Double(after - before) / Double(count)))
    print("    check: row 12's first view at \(placed)")
}
