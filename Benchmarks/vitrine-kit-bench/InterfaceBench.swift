import BenchmarkSupport
import Foundation
import VitrineInterface
import VitrineKit
import VitrineTestSupport

/// The File's Owner of the generated 200-object XIB: its view outlet and the switches' action.
@MainActor final class RowsViewController: UIViewController, NibActionTarget {
    var toggles = 0
    @IBAction func toggled(_ sender: UISwitch) { toggles += 1 }
    static let nibActions = [NibAction("toggled:", RowsViewController.toggled)]
}

/// Loading a 200-object XIB (`LargeXIB`: 65 constrained rows of a view, a label and a switch):
/// parsing alone, a first instantiation (parse, build, connect), and an instantiation from the
/// kept parse, as medians and against the 5 ms target; the heap a loaded tree keeps; and
/// whether a second instantiation parsed again. `--interface-once N` instantiates N times and
/// prints nothing, for `valgrind`'s allocation count (docs/benchmarks.md).
@MainActor func runInterfaceBenchmark() {
    let data = Data(LargeXIB.text().utf8)
    let target = 0.005
    func ms(_ seconds: Double) -> String {
        String(format: "%.2f ms (%.2f× the 5 ms target)", seconds * 1e3, seconds / target)
    }

    // What a load returns is kept until the clock stops, then released: a load's time is up to
    // the moment the objects are handed over, as with UIKit; the teardown is timed on its own.
    var kept: [Any] = []
    let release = { kept.removeAll() }
    let parse = median(
        runs: 50, { kept.append((try? InterfaceDocument.parse(data: data, fileName: "Rows.xib")) as Any) },
        finish: release)
    print("200-object XIB (\(data.count) bytes): parse alone, median of 50: \(ms(parse))")

    let first = median(
        runs: 30,
        {
            let owner = RowsViewController(nibName: nil, bundle: nil)
            kept.append((owner, UINib(data: data, bundle: nil).instantiate(withOwner: owner)))
        }, finish: release)
    print("  first instantiation (parse, build, constraints, outlets, actions), median of 30: \(ms(first))")

    let nib = UINib(data: data, bundle: nil)
    _ = nib.instantiate(withOwner: RowsViewController(nibName: nil, bundle: nil))
    let cached = median(
        runs: 50,
        {
            let owner = RowsViewController(nibName: nil, bundle: nil)
            kept.append((owner, nib.instantiate(withOwner: owner)))
        }, finish: release)
    print(
        "  instantiation from the kept parse, median of 50: \(ms(cached)); parses after 56 instantiations: \(nib.parseCount)"
    )
    let teardown = median(
        runs: 30,
        prepare: {
            let owner = RowsViewController(nibName: nil, bundle: nil)
            kept.append((owner, nib.instantiate(withOwner: owner)))
        }, release)
    print(String(format: "  releasing a loaded tree (not in the times above), median of 30: %.2f ms", teardown * 1e3))

    let owner = RowsViewController(nibName: nil, bundle: nil)
    let heapBefore = heapInUse()
    let objects = nib.instantiate(withOwner: owner)
    let heapAfter = heapInUse()
    let views = (objects.first as? UIView).map { countViews(in: $0) } ?? 0
    print(
        "  one loaded tree keeps \(heapAfter - heapBefore) bytes of heap (\(views) views, "
            + "\((heapAfter - heapBefore) / max(views, 1)) bytes a view); errors and warnings: \(nib.diagnostics.count)"
    )
    withExtendedLifetime((objects, owner)) {}
}

/// `--interface-once N [cached]`: N instantiations of a fresh nib each (or, with `cached`, of one
/// nib parsed once), for a count of allocations.
@MainActor func runInterfaceInstantiations(_ count: Int, cached: Bool) {
    let data = Data(LargeXIB.text().utf8)
    let kept = UINib(data: data, bundle: nil)
    for _ in 0..<count {
        let nib = cached ? kept : UINib(data: data, bundle: nil)
        _ = nib.instantiate(withOwner: RowsViewController(nibName: nil, bundle: nil))
    }
}

@MainActor private func countViews(in view: UIView) -> Int {
    1 + view.subviews.reduce(0) { $0 + countViews(in: $1) }
}
