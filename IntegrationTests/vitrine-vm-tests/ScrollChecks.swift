import Foundation
import VitrineDRM
import VitrineInput
import VitrineKit
import VitrinePlatform

/// A fling on a real touchscreen (uinput, read by libinput) scrolls a full-screen table of
/// 1,000 rows on real KMS (vkms): the content moves on after the finger lifts and comes to
/// rest beyond where the finger left it, the cells alive stay within the rows in view plus
/// the reuse queue's 4, and while the content decelerates every vblank gets a frame.
///
/// "Every vblank gets a frame" is read from the page flips: each present's completion event
/// carries the vblank counter it flipped at, so consecutive presents have consecutive
/// sequence numbers when none was missed. That holds while the content moves at least one
/// pixel a vblank: slower, a frame may change no pixel and is then rightly not presented, so
/// the tail of the deceleration (where the motion moves by fractions of a pixel) is left out,
/// pair by pair (a gap whose movement averages under a pixel a vblank ends the window; a
/// missed vblank while the content moves faster keeps its average at a pixel or more).
///
/// Slack: the same as the 120-flip runs (`VMTests.flipAttempts`): under TCG on a busy
/// two-core host the guest can be descheduled past a vblank, so a fling whose deceleration
/// skipped a vblank is tried again, up to three flings; a skip in every fling fails.
@MainActor
enum ScrollChecks {
    static let rowCount = 1_000
    static let rowHeight: CGFloat = 48

    static func run(_ checks: Checks, _ clock: MonotonicClock) async {
        await flingScrollsATable(checks, clock)
    }

    /// A present's completion: the vblank it flipped at and where the content was in the
    /// frame it showed.
    struct Flip {
        var sequence: UInt64
        var timestamp: Double
        var offset: CGFloat
        var cellsAlive: Int
        /// How long the frame loop took at this completion (the next frame's display link,
        /// layout, display, composite and present), in seconds.
        var frameWork: Double = 0
    }

    /// The table's data source and delegate: 1,000 text rows, the cells it configured
    /// (weakly, to count those still alive), and what the scroll view said about the drag.
    final class Rows: UITableViewDataSource, UITableViewDelegate {
        private final class WeakCell {
            weak var cell: UITableViewCell?
            init(_ cell: UITableViewCell) { self.cell = cell }
        }
        private var cells: [WeakCell] = []
        /// The content offset when the finger lifted, and whether the table decelerates.
        var released: (offset: CGFloat, decelerates: Bool)?
        var endedDecelerating = false
        /// Called as the finger lifts (before the deceleration's first frame).
        var onRelease: (() -> Void)?

        /// The cells this data source configured that still exist (on screen, waiting for
        /// reuse, or leaked).
        var cellsAlive: Int { cells.reduce(0) { $0 + ($1.cell == nil ? 0 : 1) } }

        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
            ScrollChecks.rowCount
        }

        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = "Row \(indexPath.row)"
            cell.contentConfiguration = content
            if !cells.contains(where: { $0.cell === cell }) {
                cells.removeAll { $0.cell == nil }
                cells.append(WeakCell(cell))
            }
            return cell
        }

        func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
            released = (scrollView.contentOffset.y, decelerate)
            onRelease?()
        }

        func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
            endedDecelerating = true
        }
    }

    /// What one fling gave.
    struct Fling {
        var attempt: Int
        var releasedOffset: CGFloat?
        var decelerates = false
        var stopped = false
        var restingOffset: CGFloat = 0
        /// The presents that completed after the finger lifted, in order.
        var decelerating: [Flip] = []
        /// How many of those are in the part moving a pixel or more a vblank (from the first
        /// that shows the content moved on: the frames right after the lift may still show it
        /// where the finger left it), and the vblanks that part spans.
        var movingPresents = 0
        var movingVblanks = 0
        var gaps: [String] = []
        var maximumCellsAlive = 0
        /// How long the swipe's writes took (down to up), in seconds.
        var swipeDuration: Double = 0

        /// Vblanks missed after a frame whose making took most of the refresh period (the
        /// emulated CPU's speed), and after one that did not (a frame-pacing fault).
        var overruns = 0
        var pacingMisses = 0
        var summary: String {
            let first = decelerating.first?.sequence ?? 0
            let last = decelerating.last?.sequence ?? 0
            let span = (decelerating.last?.timestamp ?? 0) - (decelerating.first?.timestamp ?? 0)
            let work = decelerating.map(\.frameWork).sorted()
            let median = work.isEmpty ? 0 : work[work.count / 2] * 1000
            let maximum = (work.last ?? 0) * 1000
            return "fling \(attempt): swipe written in \(String(format: "%.0f", swipeDuration * 1000)) ms; offset "
                + "\(releasedOffset.map { String(format: "%.1f", $0) } ?? "none") as the finger lifted, "
                + "\(String(format: "%.1f", restingOffset)) at rest; \(decelerating.count) presents after the lift "
                + "(sequence \(first)...\(last), \(String(format: "%.2f", span)) s, frame work median "
                + "\(String(format: "%.1f", median)) ms, max \(String(format: "%.1f", maximum)) ms); "
                + "moving >= 1 px a vblank: \(movingPresents) presents over \(movingVblanks) vblanks, "
                + "gaps \(gaps.isEmpty ? "none" : gaps.joined(separator: " ")); cells alive at most \(maximumCellsAlive)"
        }
    }

    static func flingScrollsATable(_ checks: Checks, _ clock: MonotonicClock) async {
        guard let app = InputChecks.TouchscreenApp(checks, clock, device: "Vitrine VM Touchscreen F", label: "fling")
        else {
            return
        }
        defer { app.finish() }
        let touchscreen = app.touchscreen
        let screen = UIScreen.main
        guard let output = screen.output as? DRMOutput, screen.name == InputChecks.output else {
            checks.expect(false, "fling: the main screen is Virtual-1 on DRM", screen.name)
            return
        }
        let window = UIWindow(screen: screen)
        window.backgroundColor = .white
        let table = UITableView(frame: window.bounds, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        table.rowHeight = rowHeight
        let rows = Rows()
        table.dataSource = rows
        table.delegate = rows
        window.addSubview(table)
        window.makeKeyAndVisible()
        defer {
            table.delegate = nil
            window.isHidden = true
        }

        guard let source = await InputChecks.startTouchInput(checks, "fling", for: touchscreen, on: output.name)
        else { return }
        defer { source.stop() }
        let shown = await waitUntil(timeout: 5) { output.completedPresentCount > 0 && !output.isPresentPending }
        checks.expect(shown, "fling: the table is presented", "\(output.completedPresentCount) flips")

        // Rows in view at once (one more when scrolled between rows).
        let visibleRows = Int((table.bounds.height / rowHeight).rounded(.up)) + 1
        let limit = visibleRows + 4
        var flings: [Fling] = []
        for attempt in 1...VMTests.flipAttempts {
            let fling = await flingOnce(attempt: attempt, table, rows, touchscreen, screen, output)
            print("  \(fling.summary)")
            flings.append(fling)
            let firstPresents = fling.decelerating.prefix(12).map {
                "\($0.sequence) \(String(format: "%.1f", $0.offset))"
            }
            print(
                "  fling \(attempt): the first presents after the lift (sequence offset): "
                    + firstPresents.joined(separator: ", "))
            let clean = fling.movingVblanks >= 30 && fling.pacingMisses == 0
            if clean || !fling.stopped || fling.releasedOffset == nil { break }
        }
        guard let fling = flings.last else { return }
        let onScreen = table.subviews.filter { $0 is UITableViewCell }.count
        let maximumAlive = flings.map(\.maximumCellsAlive).max() ?? 0
        print(
            "  fling: \(visibleRows) rows in view at most, \(onScreen) cells in the table at rest, "
                + "at most \(maximumAlive) alive over \(flings.count) fling(s)")

        let released = fling.releasedOffset ?? 0
        checks.expect(
            fling.releasedOffset != nil && fling.decelerates,
            "fling: the uinput swipe drags the table and lifts with a velocity (willDecelerate)", fling.summary)
        checks.expect(
            fling.stopped && fling.restingOffset > released + 100,
            "fling: the content moves on after the finger lifts and rests beyond where it was left (100+ points)",
            fling.summary)
        let movingOn = zip(fling.decelerating, fling.decelerating.dropFirst()).filter { $1.offset > $0.offset }.count
        checks.expect(
            movingOn >= 10,
            "fling: the deceleration is presented frame after frame (10+ presents after the lift, each further on)",
            "\(movingOn) presents further on; \(fling.summary)")
        checks.expect(
            maximumAlive > 0 && maximumAlive <= limit,
            "fling: cells are reused (at most \(limit) alive: \(visibleRows) rows in view + 4)",
            "at most \(maximumAlive) alive")
        checks.expect(
            fling.movingVblanks >= 30 && fling.pacingMisses == 0,
            "fling: every vblank of the deceleration gets a frame unless that frame's work overran the "
                + "refresh period on qemu's emulated CPU (presents = vblanks while it moves 1+ px a vblank, 30+ "
                + "vblanks; up to \(VMTests.flipAttempts) flings, as the 120-flip runs allow)",
            "\(fling.summary); \(fling.overruns) vblanks missed behind frames that overran, \(fling.pacingMisses) "
                + "with time to spare (fling \(fling.attempt) of \(VMTests.flipAttempts))")
    }

    /// One fling from the top: an upward swipe of 320 points in about 100 ms, lifted at
    /// speed, recorded until the content rests.
    /// The touchscreen and the points of a swipe, handed to the thread that writes it.
    private final class Swipe: @unchecked Sendable {
        // Only that thread touches the device while it writes: the main actor awaits it.
        let touchscreen: UInputTouchscreen
        let points: [(x: Int32, y: Int32)]
        let interval: Double

        init(_ touchscreen: UInputTouchscreen, _ points: [(x: Int32, y: Int32)], _ interval: Double) {
            self.touchscreen = touchscreen
            self.points = points
            self.interval = interval
        }

        func write() {
            guard let first = points.first else { return }
            touchscreen.down(slot: 0, x: first.x, y: first.y)
            touchscreen.sync()
            for point in points.dropFirst() {
                Thread.sleep(forTimeInterval: interval)
                touchscreen.move(slot: 0, x: point.x, y: point.y)
                touchscreen.sync()
            }
            touchscreen.up(slot: 0)
            touchscreen.sync()
        }
    }

    /// Writes a finger down at the first point, moves to the others `interval` seconds apart
    /// and the lift, from a thread of its own: on the main actor each wait would last until the
    /// frame being rendered is done, slowing the swipe. Returns how long the writes took.
    static func writeSwipe(_ touchscreen: UInputTouchscreen, _ points: [(x: Int32, y: Int32)], interval: Double)
        async -> Double
    {
        let swipe = Swipe(touchscreen, points, interval)
        return await withCheckedContinuation { continuation in
            Thread {
                let start = MonotonicTime.now()
                swipe.write()
                continuation.resume(returning: MonotonicTime.now() - start)
            }.start()
        }
    }

    static func flingOnce(
        attempt: Int, _ table: UITableView, _ rows: Rows, _ touchscreen: UInputTouchscreen, _ screen: UIScreen,
        _ output: DRMOutput
    ) async -> Fling {
        var fling = Fling(attempt: attempt)
        table.setContentOffset(.zero, animated: false)
        rows.released = nil
        rows.endedDecelerating = false
        _ = await waitUntil(timeout: 5) { !output.isPresentPending }
        try? await Task.sleep(nanoseconds: 200_000_000)

        var flips: [Flip] = []
        var releaseIndex: Int?
        rows.onRelease = { releaseIndex = flips.count }
        let loopHandler = output.presentCompletionHandler
        output.presentCompletionHandler = { event in
            // Before the frame loop renders the next frame: the offset of the frame shown now.
            var flip = Flip(
                sequence: event.sequence, timestamp: event.timestamp, offset: table.contentOffset.y,
                cellsAlive: rows.cellsAlive)
            let before = MonotonicTime.now()
            loopHandler?(event)
            flip.frameWork = MonotonicTime.now() - before
            flips.append(flip)
        }
        defer {
            output.presentCompletionHandler = loopHandler
            rows.onRelease = nil
        }

        func raw(_ point: CGPoint) -> (x: Int32, y: Int32) {
            (
                UInputTouchscreen.raw(point.x / screen.bounds.width),
                UInputTouchscreen.raw(point.y / screen.bounds.height)
            )
        }
        // An upward swipe of 320 points: eight moves of 40 points 12 ms apart, then the lift.
        let start = CGPoint(x: screen.bounds.midX, y: screen.bounds.height * 0.8)
        let points = (0...8).map { raw(CGPoint(x: start.x, y: start.y - 40 * CGFloat($0))) }
        fling.swipeDuration = await writeSwipe(touchscreen, points, interval: 0.012)

        _ = await waitUntil(timeout: 5) { rows.released != nil }
        fling.releasedOffset = rows.released?.offset
        fling.decelerates = rows.released?.decelerates ?? false
        fling.stopped = await waitUntil(timeout: 30) { rows.endedDecelerating }
        _ = await waitUntil(timeout: 5) { !output.isPresentPending }
        fling.restingOffset = table.contentOffset.y
        fling.maximumCellsAlive = max(rows.cellsAlive, flips.map(\.cellsAlive).max() ?? 0)
        guard let releaseIndex else { return fling }
        fling.decelerating = Array(flips[releaseIndex...])

        // The part moving a pixel or more a vblank, pair by pair from the first present that
        // shows the content moved on.
        let scale = screen.scale
        let releasedOffset = fling.releasedOffset ?? table.contentOffset.y
        let moving = fling.decelerating.drop { $0.offset == releasedOffset }
        guard let first = moving.first else { return fling }
        fling.movingPresents = 1
        fling.movingVblanks = 1
        for (index, (a, b)) in zip(moving, moving.dropFirst()).enumerated() {
            let vblanks = Int(b.sequence) - Int(a.sequence)
            guard vblanks > 0 else {
                fling.gaps.append("after #\(index): sequence \(a.sequence) then \(b.sequence)")
                fling.movingVblanks += 1
                break
            }
            if (b.offset - a.offset) * scale / CGFloat(vblanks) < 1 { break }
            fling.movingPresents += 1
            fling.movingVblanks = Int(b.sequence - first.sequence) + 1
            if vblanks > 1 {
                // `a.frameWork` made the frame shown at `b`: when it took most of the refresh
                // period (vkms: 60 Hz), the CPU could not have made the vblank (qemu's
                // emulated CPU is several times slower than a panel's); otherwise the frame
                // loop missed a vblank it had time for.
                let overran = a.frameWork > 0.8 / 60
                if overran { fling.overruns += vblanks - 1 } else { fling.pacingMisses += vblanks - 1 }
                fling.gaps.append(
                    "after #\(index): +\(vblanks) (\(String(format: "%.1f", a.frameWork * 1000)) ms of work)")
            }
        }
        return fling
    }
}
