// vitrine-scroll-bench: a full-screen list scrolled by flings at 1920x1080, frame by frame, with
// scrolls repainted (the old path) and moved (the compositor's pixel moves).
// Run: swift run -c release vitrine-scroll-bench   (see docs/benchmarks.md)
import BenchmarkSupport
import Foundation
import VitrineGraphics
import VitrineLayers

let width = 1920
let height = 1080
let rowHeight = 60
let rowCount = 10_000

/// What the rows of the list look like.
enum RowStyle: String, CaseIterable {
    /// A row (light grey on every other one) with one line of text: a layer whose contents are
    /// the text kept as coverage, as a `UILabel` keeps it. 2 layers a row.
    case labels
    /// A rounded card with a 1-pixel border on a grey list, holding a round avatar, a bold
    /// title, a grey subtitle and a time on the right. 5 layers a row.
    case cards
}

/// A full-screen clipping list of `rowCount` rows 60 pixels high, in `style`; the texts, 64 of
/// each, are reused down the list.
@MainActor
struct ListScene {
    let root = CALayer()
    let list = CALayer()
    let layerCount: Int

    init(style: RowStyle) {
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.12, alpha: 1)
        list.frame = root.bounds
        list.masksToBounds = true
        root.addSublayer(list)
        var rows: [CALayer] = []
        rows.reserveCapacity(rowCount)
        switch style {
        case .labels:
            list.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            let texts = (0..<64).map {
                Self.text("Row \($0) · The quick brown fox jumps over the lazy dog, \($0 * 37) times", size: 24)
            }
            let grey = CGColor(red: 0.94, green: 0.94, blue: 0.96, alpha: 1)
            for index in 0..<rowCount {
                let row = CALayer()
                row.frame = CGRect(x: 0, y: index * rowHeight, width: width, height: rowHeight)
                if index % 2 == 1 { row.backgroundColor = grey }
                row.addSublayer(Self.label(texts[index % texts.count], x: 32, centredIn: rowHeight))
                rows.append(row)
            }
        case .cards:
            list.backgroundColor = CGColor(red: 0.93, green: 0.93, blue: 0.95, alpha: 1)
            let titles = (0..<64).map { Self.text("Conversation \($0) with the night shift", size: 22, bold: true) }
            let subtitles = (0..<64).map {
                Self.text("Last message: the delivery for bay \($0 % 12) is due at \($0 % 24):30", size: 16)
            }
            let times = (0..<64).map { Self.text(String(format: "%02d:%02d", $0 % 24, ($0 * 7) % 60), size: 16) }
            for index in 0..<rowCount {
                let card = CALayer()
                card.frame = CGRect(x: 16, y: index * rowHeight + 4, width: width - 32, height: rowHeight - 8)
                card.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
                card.cornerRadius = 10
                card.borderWidth = 1
                card.borderColor = CGColor(red: 0.8, green: 0.8, blue: 0.84, alpha: 1)
                let avatar = CALayer()
                avatar.frame = CGRect(x: 12, y: 6, width: 40, height: 40)
                avatar.cornerRadius = 20
                let hue = CGFloat(index % 9) / 9
                avatar.backgroundColor = CGColor(red: hue, green: 0.6, blue: 1 - hue, alpha: 1)
                card.addSublayer(avatar)
                let title = Self.label(titles[index % 64], x: 68, y: 3)
                card.addSublayer(title)
                card.addSublayer(Self.label(subtitles[index % 64], x: 68, y: 28))
                let time = times[index % 64]
                card.addSublayer(Self.label(time, x: width - 32 - 20 - time.width, y: 6))
                rows.append(card)
            }
        }
        list.sublayers = rows
        layerCount = 2 + rows.count * (1 + (rows.first?.sublayers?.count ?? 0))
    }

    /// A layer showing `image` at whole pixels.
    static func label(_ image: CGImage, x: Int, y: Int) -> CALayer {
        let label = CALayer()
        label.frame = CGRect(x: x, y: y, width: image.width, height: image.height)
        label.contents = image
        return label
    }

    static func label(_ image: CGImage, x: Int, centredIn height: Int) -> CALayer {
        label(image, x: x, y: (height - image.height) / 2)
    }

    /// A line of text as a coverage image.
    static func text(_ text: String, size: CGFloat, bold: Bool = false) -> CGImage {
        let layout = TextLayout(string: text, font: .systemFont(ofSize: size, weight: bold ? .bold : .regular))
        let size = layout.size
        let buffer = PixelBuffer(
            width: Int(size.width.rounded(.up)), height: Int(size.height.rounded(.up)),
            format: .argb8888Premultiplied)
        let context = CGContext(pixelBuffer: buffer)
        let grey = bold ? 0.1 : 0.4
        layout.draw(in: context, at: .zero, color: CGColor(red: grey, green: grey, blue: grey, alpha: 1))
        context.flush()
        return CGImage.coverageImage(of: buffer) ?? context.makeImage()!
    }
}

/// The pixman renderer, timing its moves and paints, with pixel moves or without (then every
/// scroll repaints the list's clip, as before the compositor moved pixels).
@MainActor
final class TimingRenderer: Renderer {
    let pixman = PixmanRenderer()
    let movesPixels: Bool
    /// Seconds spent in the last frame's move and paint.
    var moveSeconds = 0.0
    var paintSeconds = 0.0

    init(moves: Bool) {
        movesPixels = moves
    }

    func render(_ frame: RenderFrame, into target: any RenderTarget) {
        let start = DispatchTime.now().uptimeNanoseconds
        pixman.render(frame, into: target)
        paintSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    func move(_ move: PixelMove, in target: any RenderTarget) {
        let start = DispatchTime.now().uptimeNanoseconds
        pixman.move(move, in: target)
        moveSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    func makePicture(width: Int, height: Int) -> any RenderTarget { pixman.makePicture(width: width, height: height) }

    func present(
        picture: any RenderTarget, outputTransform: ProjectiveTransform, region: Region, into target: any RenderTarget
    ) {
        pixman.present(picture: picture, outputTransform: outputTransform, region: region, into: target)
    }
}

/// Scroll offsets of flings: each starts at 40 pixels a frame and slows by 3% a frame down to
/// 4, then the next goes the other way (every third one the same way).
func flingOffsets(frames: Int) -> [Int] {
    var offsets: [Int] = []
    var position = 200_000.0
    var velocity = 40.0
    var fling = 0
    while offsets.count < frames {
        position += velocity
        offsets.append(Int(position.rounded()))
        velocity *= 0.97
        if abs(velocity) < 4 {
            fling += 1
            velocity = (fling % 3 == 2 ? 40 : -40) * (velocity > 0 ? 1 : -1)
        }
    }
    return offsets
}

/// One frame's cost: wall time, the thread's CPU time (which a machine shared with other work
/// does not inflate by preempting the thread), and the compositor's collect phase.
struct FrameTime {
    var wall: Double
    var cpu: Double
    var collect: Double
    var move: Double
    var paint: Double
    /// The share of the screen painted.
    var painted: Double
}

/// The calling thread's CPU time in seconds.
func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The cost of rendering the scene at each offset into a swapchain of `bufferCount` buffers
/// (each holding the frame `bufferCount` frames old), after a warm-up.
@MainActor
func scrollFrames(
    _ scene: ListScene, renderer: TimingRenderer, bufferCount: Int, offsets: [Int], warmup: Int = 60
) -> [FrameTime] {
    CATransaction.setDisableActions(true)
    let compositor = Compositor(renderer: renderer)
    let buffers = (0..<bufferCount).map { _ in PixelBuffer(width: width, height: height, format: .xrgb8888) }
    var ages = Array(repeating: 0, count: bufferCount)
    var samples: [FrameTime] = []
    samples.reserveCapacity(offsets.count)
    for (frame, offset) in offsets.enumerated() {
        scene.list.bounds.origin.y = CGFloat(offset)
        let slot = frame % bufferCount
        renderer.moveSeconds = 0
        renderer.paintSeconds = 0
        let cpuStart = threadCPUTime()
        let start = DispatchTime.now().uptimeNanoseconds
        let result = compositor.render(scene.root, into: buffers[slot], bufferAge: ages[slot])
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let cpu = threadCPUTime() - cpuStart
        ages[slot] = bufferCount
        if frame >= warmup {
            samples.append(
                FrameTime(
                    wall: wall, cpu: cpu, collect: compositor.lastCollectSeconds, move: renderer.moveSeconds,
                    paint: renderer.paintSeconds, painted: Double(result.repainted.area) / Double(width * height)))
        }
    }
    return samples
}

/// The value below which `fraction` of `values` lie.
func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.down)))]
}

func milliseconds(_ seconds: Double) -> String { String(format: "%7.3f ms", seconds * 1000) }

@MainActor func runBenchmarks() {
    let arguments = CommandLine.arguments
    let styles = RowStyle.allCases.filter { arguments.contains("--\($0.rawValue)") }
    // For callgrind: nothing but scroll frames of one path (`--profile old|new [frames]`), with
    // the label rows unless `--cards`.
    if let index = arguments.firstIndex(of: "--profile"), index + 1 < arguments.count {
        let frames = index + 2 < arguments.count ? Int(arguments[index + 2]) ?? 200 : 200
        let scene = ListScene(style: styles.first ?? .labels)
        let renderer = TimingRenderer(moves: arguments[index + 1] != "old")
        _ = scrollFrames(scene, renderer: renderer, bufferCount: 2, offsets: flingOffsets(frames: frames), warmup: 0)
        return
    }

    let source = PixelBuffer(width: width, height: height, format: .xrgb8888)
    let destination = PixelBuffer(width: width, height: height, format: .xrgb8888)
    memset(source.baseAddress, 0x5a, source.byteCount)
    let copy = median(runs: 300) { destination.copyPixels(from: source) }
    print("Vitrine scroll benchmark: \(width)x\(height), a clipping list of \(rowCount) rows of \(rowHeight) px,")
    print("scrolled by flings of 40 down to 4 px a frame; memcpy of one frame: median \(milliseconds(copy))")

    let offsets = flingOffsets(frames: 660)
    for style in styles.isEmpty ? RowStyle.allCases : styles {
        let scene = ListScene(style: style)
        print("\n\(style.rawValue) (\(scene.layerCount) layers):")
        for bufferCount in [2, 3] {
            for (name, moves) in [("repainted (old path)", false), ("moved (new path)", true)] {
                let samples = scrollFrames(
                    scene, renderer: TimingRenderer(moves: moves), bufferCount: bufferCount, offsets: offsets)
                print("  \(bufferCount) buffers, \(name):")
                for (kind, values) in [("wall", samples.map(\.wall)), ("CPU ", samples.map(\.cpu))] {
                    let median = percentile(values, 0.5)
                    let p99 = percentile(values, 0.99)
                    print(
                        "    \(kind) median \(milliseconds(median)), p99 \(milliseconds(p99)), "
                            + String(format: "median/memcpy %.2f, p99/memcpy %.2f", median / copy, p99 / copy))
                }
                print(
                    "    medians: collect \(milliseconds(percentile(samples.map(\.collect), 0.5))), "
                        + "move \(milliseconds(percentile(samples.map(\.move), 0.5))), "
                        + "paint \(milliseconds(percentile(samples.map(\.paint), 0.5))), "
                        + String(format: "%.1f%% of the screen painted", 100 * percentile(samples.map(\.painted), 0.5)))
            }
        }
    }
}

MainActor.assumeIsolated { runBenchmarks() }
