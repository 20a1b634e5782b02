import BenchmarkSupport
import Foundation
import VitrineKit
import VitrineLayers
import VitrinePlatform
import VitrineTestSupport

/// A 10,000-row table's data source: each row a title and a detail line, as a product list.
@MainActor final class ProductRows: UITableViewDataSource {
    static let count = 10_000

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { Self.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = "Product \(indexPath.row + 1)"
        content.secondaryText = String(format: "€ %.2f", Double(indexPath.row % 97) + 0.99)
        cell.contentConfiguration = content
        return cell
    }
}

/// Flinging a 10,000-row table full screen at 1920x1080: the frame loop's turn per vblank while
/// the content offset moves as a fling decelerates (UIKit's model at `.normal`, from 8 points
/// a millisecond), as median and p99, and as a ratio to a memcpy of the frame; the cells
/// alive; the heap's growth over 10,000 rows scrolled.
/// `frameLimit` measures only the first frames (for a profiler).
@MainActor func runTableFlingBenchmark(
    clock: ManualClock, output: HeadlessOutput, screen: UIScreen, memcpy: Double, frameLimit: Int? = nil
) {
    let window = UIWindow(frame: screen.bounds)
    window.screen = screen
    let table = UITableView(frame: window.bounds, style: .plain)
    table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
    table.rowHeight = 60
    let rows = ProductRows()
    table.dataSource = rows
    window.addSubview(table)
    window.isHidden = false
    func completePresent() { clock.advance(to: output.nextVblank(after: clock.now)) }
    clock.advance(by: 0)
    completePresent()

    // Offsets of a fling: velocity v (points/ms) decays by 0.998 a millisecond; a frame is
    // 16.67 ms. Repeated until 10,000 rows have passed.
    var offsets: [CGFloat] = []
    var offset: CGFloat = 0
    let end = CGFloat(ProductRows.count) * 60 - window.bounds.height
    while offset < end {
        var velocity: CGFloat = 8
        while velocity > 0.3, offset < end {
            let distance = velocity * (1 - pow(0.998, 16.67)) / (1 - 0.998)
            // On whole pixels, as the scroll view's own deceleration puts it.
            offset = min(end, (offset + distance).rounded())
            velocity *= pow(0.998, 16.67)
            offsets.append(offset)
        }
    }
    if let frameLimit { offsets = Array(offsets.prefix(frameLimit)) }
    // The bench's own records are allocated before the heap is first read.
    var samples: [Double] = []
    samples.reserveCapacity(offsets.count)
    var maximumCells = 0
    var movedFrames = 0
    var paintedShares: [Double] = []
    paintedShares.reserveCapacity(offsets.count)
    // The first frames warm up what is made once (the cells the reuse pool needs at the
    // fastest scroll, text caches); the heap is read before them, after them and at the end.
    let warmupFrames = min(300, offsets.count)
    let heapBefore = heapInUse()
    var heapWarm = heapBefore
    let halfway = warmupFrames + (offsets.count - warmupFrames) / 2
    var heapHalfway = heapBefore
    let screenArea = Double(screen.nativeBounds.width * screen.nativeBounds.height)
    for (index, value) in offsets.enumerated() {
        if index == warmupFrames { heapWarm = heapInUse() }
        if index == halfway { heapHalfway = heapInUse() }
        table.contentOffset = CGPoint(x: 0, y: value)
        let start = DispatchTime.now().uptimeNanoseconds
        clock.advance(by: 0)
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        if let composite = screen.lastComposite {
            if composite.moved != nil { movedFrames += 1 }
            paintedShares.append(Double(composite.repainted.area) / screenArea)
        }
        maximumCells = max(maximumCells, table.subviews.filter { $0 is UITableViewCell }.count)
        completePresent()
    }
    let heapAfter = heapInUse()
    samples.sort()
    let median = samples[samples.count / 2]
    let p99 = samples[min(samples.count - 1, Int(Double(samples.count) * 0.99))]
    let visible = Int((window.bounds.height / 60).rounded(.up)) + 1
    print("Flinging a 10,000-row table (60-point rows, 1920x1080), \(samples.count) frames:")
    print(
        "    frame     median \(format(median)) (x\(String(format: "%.2f", median / memcpy)) memcpy)  p99 \(format(p99)) (x\(String(format: "%.2f", p99 / memcpy)) memcpy)"
    )
    paintedShares.sort()
    print(
        "    frames that moved pixels: \(movedFrames) of \(samples.count); screen painted, median "
            + String(format: "%.1f%%", 100 * (paintedShares.isEmpty ? 0 : paintedShares[paintedShares.count / 2])))
    print("    cells alive: at most \(maximumCells) (\(visible) rows visible at once)")
    let rowsAfterWarmup = Int((offsets.last ?? 0) - offsets[warmupFrames - 1]) / 60
    let rowsInSecondHalf = Int((offsets.last ?? 0) - offsets[max(0, halfway - 1)]) / 60
    print(
        "    heap growth: \(heapWarm - heapBefore) bytes over the first \(warmupFrames) frames, then "
            + "\(heapAfter - heapWarm) bytes over the next \(rowsAfterWarmup) rows scrolled "
            + "(\(heapAfter - heapHalfway) bytes over the last \(rowsInSecondHalf))")
    window.isHidden = true
}
