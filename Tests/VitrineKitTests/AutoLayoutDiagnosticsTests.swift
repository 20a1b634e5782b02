import Foundation
import Testing

@testable import VitrineKit

/// UIKit's Auto Layout diagnostics: the unsatisfiable-constraints report, ambiguity, the trace.
@MainActor @Suite(.serialized) struct AutoLayoutDiagnosticsTests {
    /// Runs `body` with the conflict reports it causes collected.
    private func reports(_ body: () -> Void) -> [String] {
        var collected: [String] = []
        let previous = LayoutEngine.reportHandler
        LayoutEngine.reportHandler = { collected.append($0) }
        defer { LayoutEngine.reportHandler = previous }
        body()
        return collected
    }

    /// Whether the trace marks a view (not the legend) ambiguous.
    private func traceMarksAmbiguity(_ root: UIView) -> Bool {
        root.autoLayoutTrace.split(separator: "\n").contains { $0.hasSuffix(" - AMBIGUOUS LAYOUT") }
    }

    @Test func aConflictListsTheConstraintsInvolvedAndTheOneBroken() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let a = constrainedView(root)
        let b = constrainedView(root)
        let bystander = a.heightAnchor.constraint(equalToConstant: 10)
        let left = a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10)
        let width = a.widthAnchor.constraint(equalToConstant: 100)
        let right = a.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10)
        width.identifier = "fixed-width"
        NSLayoutConstraint.activate([bystander, left, width, b.widthAnchor.constraint(equalToConstant: 5)])
        root.layoutIfNeeded()
        let logged = reports {
            right.isActive = true
            root.layoutIfNeeded()
        }
        let report = try #require(logged.first)
        #expect(logged.count == 1)
        #expect(report.contains("Unable to simultaneously satisfy constraints"))
        // The three constraints that cannot hold together, the root's own width among them
        // (shown as the engine's root size), and not the bystanders.
        #expect(report.contains("'fixed-width'"))
        #expect(report.contains(left.description))
        #expect(report.contains("root size"))
        #expect(!report.contains(bystander.description))
        #expect(report.contains("Will attempt to recover by breaking constraint\n\(right.description)"))
        // The broken one still holds where it can: the width keeps 100, the leading 10.
        #expect(a.frame == CGRect(x: 10, y: 0, width: 100, height: 10))
        #expect(right.isActive)
    }

    @Test func aConstantThatCannotHoldIsReportedAndRelaxed() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let a = constrainedView(root)
        let minimum = a.widthAnchor.constraint(greaterThanOrEqualToConstant: 50)
        let exact = a.widthAnchor.constraint(equalToConstant: 80)
        NSLayoutConstraint.activate([
            minimum, exact, a.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            a.topAnchor.constraint(equalTo: root.topAnchor), a.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        let logged = reports {
            exact.constant = 20
            root.layoutIfNeeded()
        }
        #expect(logged.count == 1)
        #expect(logged.first?.contains(minimum.description) == true)
        #expect(a.frame.width == 50)
        // Back to a constant that holds: no report, and the width follows.
        let quiet = reports {
            exact.constant = 60
            root.layoutIfNeeded()
        }
        #expect(quiet.isEmpty)
        #expect(a.frame.width == 60)
    }

    @Test func aRootResizedSoThatRequiredConstraintsConflictIsReportedNotACrash() throws {
        // A required 420-point width between required margins fits 500 points, not 300: the
        // root's own size equation changes constant and the engine must report, not trap.
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 500, height: 100))
        let a = constrainedView(root)
        let width = a.widthAnchor.constraint(equalToConstant: 420)
        NSLayoutConstraint.activate([
            width, a.leadingAnchor.constraint(greaterThanOrEqualTo: root.leadingAnchor, constant: 10),
            a.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor, constant: -10),
            a.topAnchor.constraint(equalTo: root.topAnchor), a.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(a.frame.width == 420)
        let logged = reports {
            root.frame.size.width = 300
            root.layoutIfNeeded()
        }
        let report = try #require(logged.first)
        #expect(report.contains("Unable to simultaneously satisfy constraints"))
        #expect(report.contains(width.description))
        // Back to a size that fits: quiet, and the layout holds again.
        let quiet = reports {
            root.frame.size.width = 600
            root.layoutIfNeeded()
        }
        #expect(quiet.isEmpty)
        #expect(a.frame.width == 420 && a.frame.minX >= 10 && a.frame.maxX <= 590)
    }

    @Test func anAutoresizingContainerShrunkUnderRequiredConstraintsIsReportedNotACrash() throws {
        // The container is placed by its frame (autoresizing equations); its child needs 420
        // points between required margins. Shrinking the container changes one of its frame
        // equations while the conflict involves another of the same view's.
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 800, height: 400))
        let container = UIView(frame: CGRect(x: 50, y: 0, width: 500, height: 100))
        root.addSubview(container)
        let child = constrainedView(container)
        let width = child.widthAnchor.constraint(equalToConstant: 420)
        NSLayoutConstraint.activate([
            width, child.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 10),
            child.trailingAnchor.constraint(lessThanOrEqualTo: container.trailingAnchor, constant: -10),
            child.topAnchor.constraint(equalTo: container.topAnchor),
            child.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        let logged = reports {
            container.frame = CGRect(x: 60, y: 0, width: 300, height: 100)
            root.layoutIfNeeded()
        }
        #expect(logged.first?.contains("Unable to simultaneously satisfy constraints") == true)
        #expect(container.frame == CGRect(x: 60, y: 0, width: 300, height: 100))
        #expect(child.frame.minX == 10 && child.frame.width == 420)
    }

    @Test func marginsWidenedUnderRequiredConstraintsAreReportedNotACrash() throws {
        // The margins guide's equations change constants (its x and width move together) while
        // a required 420-point child between its edges no longer fits.
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 500, height: 100))
        let child = constrainedView(root)
        let guide = root.layoutMarginsGuide
        NSLayoutConstraint.activate([
            child.widthAnchor.constraint(equalToConstant: 420),
            child.leadingAnchor.constraint(equalTo: guide.leadingAnchor),
            child.trailingAnchor.constraint(lessThanOrEqualTo: guide.trailingAnchor),
            child.topAnchor.constraint(equalTo: guide.topAnchor), child.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        let logged = reports {
            root.layoutMargins = UIEdgeInsets(top: 8, left: 100, bottom: 8, right: 100)
            root.layoutIfNeeded()
        }
        #expect(logged.first?.contains("Unable to simultaneously satisfy constraints") == true)
        #expect(child.frame.width == 420)
    }

    @Test func ambiguityIsReportedPerViewAndPerAnchor() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let a = constrainedView(root)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor), a.widthAnchor.constraint(equalToConstant: 40),
        ])
        root.layoutIfNeeded()
        #expect(a.hasAmbiguousLayout)
        #expect(!a.leadingAnchor.hasAmbiguousLayout)
        #expect(a.topAnchor.hasAmbiguousLayout)
        #expect(traceMarksAmbiguity(root))
        // A range is ambiguous too; pinning the rest settles it.
        let low = a.topAnchor.constraint(greaterThanOrEqualTo: root.topAnchor)
        let high = a.bottomAnchor.constraint(lessThanOrEqualTo: root.bottomAnchor)
        NSLayoutConstraint.activate([low, high, a.heightAnchor.constraint(equalToConstant: 20)])
        #expect(a.hasAmbiguousLayout)
        a.topAnchor.constraint(equalTo: root.topAnchor, constant: 5).isActive = true
        #expect(!a.hasAmbiguousLayout)
        #expect(!traceMarksAmbiguity(root))
        // A view not in any engine is not ambiguous.
        #expect(!UIView().hasAmbiguousLayout)
    }

    @Test func theTraceShowsTheTreeWithItsConstraints() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let framed = UIView(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
        root.addSubview(framed)
        let a = constrainedView(root)
        let tie = a.leadingAnchor.constraint(equalTo: framed.trailingAnchor)
        NSLayoutConstraint.activate([
            tie, a.topAnchor.constraint(equalTo: root.topAnchor), a.widthAnchor.constraint(equalToConstant: 9),
            a.heightAnchor.constraint(equalToConstant: 9),
        ])
        root.layoutIfNeeded()
        let lines = root.autoLayoutTrace.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("•UIView:") })
        #expect(lines.contains { $0.hasPrefix("|   +UIView:") })  // placed by its frame, in the engine
        #expect(lines.contains { $0.hasPrefix("|   *UIView:") })  // placed by constraints
        #expect(lines.contains { $0.contains(tie.description) })
        #expect(a.frame.minX == 4)
    }

    @Test func ambiguousViewsAreLoggedOnceWhenTheyComeIn() {
        var logged: [String] = []
        let previous = LayoutEngine.ambiguityHandler
        LayoutEngine.ambiguityHandler = { logged.append($0) }
        defer { LayoutEngine.ambiguityHandler = previous }
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let fixed = constrainedView(root)
        let loose = constrainedView(root)
        NSLayoutConstraint.activate([
            fixed.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            fixed.topAnchor.constraint(equalTo: root.topAnchor),
            fixed.widthAnchor.constraint(equalToConstant: 10), fixed.heightAnchor.constraint(equalToConstant: 10),
            loose.widthAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(logged.count == 1)
        #expect(logged.first?.contains(LayoutDescription.item(loose)) == true)
        #expect(logged.first?.contains(LayoutDescription.item(fixed)) == false)
        // Not again at every pass.
        fixed.widthAnchor.constraint(equalToConstant: 10).isActive = false
        root.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(logged.count == 1)
    }
}
