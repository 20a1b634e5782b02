import VitrineDRM
import VitrineGraphics
import VitrinePlatform

/// Presents `frames` frames back to back, each from the previous one's completion handler (as
/// the frame loop does), filling a small square whose position moves, and collects the events
/// and the buffer ages it was handed.
@MainActor
final class FlipRun {
    private(set) var events: [PresentEvent] = []
    private(set) var ages: [Int] = []
    private(set) var sizes: Set<String> = []
    private(set) var errors: [String] = []
    /// How long each frame's drawing and present took, in seconds (frame n at index n).
    private(set) var workTimes: [Double] = []
    let frames: Int
    private let output: any DisplayOutput

    /// Draws frame n into the buffer and returns its damage (nil: a square filled on the CPU).
    let draw: (@MainActor (SwapchainBuffer, Int) -> Region)?

    init(output: any DisplayOutput, frames: Int, draw: (@MainActor (SwapchainBuffer, Int) -> Region)? = nil) {
        self.output = output
        self.frames = frames
        self.draw = draw
    }

    var isDone: Bool { events.count >= frames || !errors.isEmpty }

    func start() {
        output.presentCompletionHandler = { [weak self] event in
            guard let self else { return }
            events.append(event)
            if events.count < frames { presentNext() }
        }
        presentNext()
    }

    private func presentNext() {
        guard let buffer = output.acquireBuffer() else {
            errors.append("no buffer to acquire after \(events.count) flips")
            return
        }
        ages.append(buffer.age)
        sizes.insert("\(buffer.pixels.width)x\(buffer.pixels.height)")
        let n = events.count
        let began = MonotonicTime.now()
        defer { workTimes.append(MonotonicTime.now() - began) }
        let damage: Region
        if let draw {
            damage = draw(buffer, n)
        } else {
            let rect = PixelRect(x: (n * 7) % max(1, buffer.pixels.width - 32), y: 16, width: 32, height: 32)
            for y in rect.y..<rect.y + rect.height {
                for x in rect.x..<rect.x + rect.width { buffer.pixels.setPixel(x: x, y: y, 0xFF00_80FF) }
            }
            damage = Region(rect)
        }
        do {
            try output.present(buffer, damage: damage)
        } catch {
            errors.append("present \(n): \(error)")
        }
    }

    /// Whether each sequence number is the previous one plus one.
    var sequencesConsecutive: Bool {
        zip(events, events.dropFirst()).allSatisfy { $1.sequence == $0.sequence + 1 }
    }
    /// Whether sequence numbers are consecutive from the second flip on (the first one, a
    /// modeset's, may complete a vblank later).
    var sequencesConsecutiveAfterModeset: Bool {
        let rest = events.dropFirst()
        return zip(rest, rest.dropFirst()).allSatisfy { $1.sequence == $0.sequence + 1 }
    }
    /// The gaps (sequence skips) not behind a frame whose drawing and present took at least
    /// `share` of the refresh period: a slow frame (llvmpipe under TCG) misses vblanks by its
    /// own length; a gap behind a quick one is a pacing fault.
    func unexcusedGaps(period: Double, share: Double = 0.8) -> [Int] {
        zip(events.indices, zip(events, events.dropFirst())).compactMap { index, pair in
            guard pair.1.sequence != pair.0.sequence + 1 else { return nil }
            let work = index + 1 < workTimes.count ? workTimes[index + 1] : 0
            return work >= share * period ? nil : index
        }
    }

    /// Median and largest frame work, in milliseconds.
    var workSummary: String {
        let sorted = workTimes.sorted()
        guard !sorted.isEmpty else { return "no frames" }
        return String(
            format: "frame work median %.1f ms, max %.1f ms", sorted[sorted.count / 2] * 1000, sorted.last! * 1000)
    }

    /// Whether timestamps strictly increase.
    var timestampsIncrease: Bool {
        zip(events, events.dropFirst()).allSatisfy { $1.timestamp > $0.timestamp }
    }
    /// The mean interval between flips, in seconds.
    var meanInterval: Double {
        guard events.count > 1 else { return 0 }
        return (events.last!.timestamp - events.first!.timestamp) / Double(events.count - 1)
    }
    /// A line of figures for the log.
    var summary: String {
        let intervals = zip(events, events.dropFirst()).map { $1.timestamp - $0.timestamp }
        let minimum = (intervals.min() ?? 0) * 1000
        let maximum = (intervals.max() ?? 0) * 1000
        let gaps = zip(events.indices, zip(events, events.dropFirst())).filter { $1.1.sequence != $1.0.sequence + 1 }
            .map { "after #\($0.0): +\($0.1.1.sequence - $0.1.0.sequence)" }
        return "\(events.count) flips, gaps \(gaps.isEmpty ? "none" : gaps.joined(separator: " ")), "
            + "sequence \(events.first?.sequence ?? 0)...\(events.last?.sequence ?? 0), "
            + "interval mean \(String(format: "%.3f", meanInterval * 1000)) ms, min \(String(format: "%.3f", minimum)), "
            + "max \(String(format: "%.3f", maximum)); ages \(ages.prefix(4))...; \(errors.first ?? "no errors")"
    }
}
