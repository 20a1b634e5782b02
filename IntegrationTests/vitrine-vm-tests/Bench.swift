import Foundation
import VitrineDRM
import VitrineInput
import VitrineKit
import VitrinePlatform

/// `vitrine-vm-tests --bench`: figures on real KMS (vkms) and real input (uinput + libinput),
/// through the VitrineKit frame loop on the DRM backend. It prints numbers and asserts nothing
/// about time (docs/benchmarks.md has the command and the figures):
///
/// - 600 frames of an animated 256x256 view: vblanks without a new frame (missed), and the
///   flip intervals' deviation from the refresh period (p50, p99, max);
/// - the composite time of one such frame (the same tree rendered off screen, damage-limited);
/// - touch-to-flip latency over 100 taps: from the uinput event's kernel timestamp (as
///   `UITouch.timestamp`) to the vblank timestamp of the first page flip whose frame shows the
///   response (a view that changes colour in `touchesBegan`), p50 and p99;
/// - key-to-flip latency over 100 key presses of a uinput keyboard typing into a `UITextField`:
///   from the key's kernel timestamp (`UIPress.timestamp`) to the vblank of the first flip
///   that shows the typed character, p50 and p99.
@MainActor
enum Bench {
    static func run(_ clock: MonotonicClock) async {
        let backend = VMTests.startBackend(clock)
        VMTests.runApplication(on: backend)
        defer { VMTests.leaveApplication(backend, clock) }
        guard let output = UIScreen.main.output as? DRMOutput else {
            print("bench: no DRM screen")
            return
        }
        print("bench: \(output.name) \(output.currentMode), \(backend.usesAtomic == true ? "atomic" : "legacy")")
        compositeTime()
        await animation(UIScreen.main, output)
        await touchToFlip(UIScreen.main, output)
        await keyToFlip(UIScreen.main, output)
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let index = min(sorted.count - 1, max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1))
        return sorted[index]
    }

    static func ms(_ seconds: Double) -> String { String(format: "%.3f ms", seconds * 1000) }

    /// One frame's composite of the animated scene (1024x768 background, a 256x256 layer
    /// moved by a pixel), rendered off screen as the frame loop renders it.
    static func compositeTime() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 1024, height: 768)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let box = CALayer()
        box.frame = CGRect(x: 0, y: 256, width: 256, height: 256)
        box.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        root.addSublayer(box)
        let compositor = Compositor()
        let buffers = [
            PixelBuffer(width: 1024, height: 768, format: .xrgb8888),
            PixelBuffer(width: 1024, height: 768, format: .xrgb8888),
        ]
        var times: [Double] = []
        for frame in 0..<600 {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            box.position.x = 128 + CGFloat(frame)
            CATransaction.commit()
            let start = MonotonicTime.now()
            _ = compositor.render(root, into: buffers[frame % 2], bufferAge: frame < 2 ? 0 : 2)
            if frame >= 2 { times.append(MonotonicTime.now() - start) }
        }
        print(
            "composite: 256x256 layer moving on 1024x768, per frame p50 \(ms(percentile(times, 0.5))), "
                + "p99 \(ms(percentile(times, 0.99)))")
    }

    /// 600 flips of a 256x256 view animated by `UIView.animate`, on the frame loop.
    static func animation(_ screen: UIScreen, _ output: DRMOutput) async {
        let window = UIWindow(screen: screen)
        window.backgroundColor = .white
        let box = UIView(frame: CGRect(x: 0, y: 256, width: 256, height: 256))
        box.backgroundColor = .blue
        window.addSubview(box)
        window.makeKeyAndVisible()
        defer { window.isHidden = true }
        _ = await waitUntil(timeout: 5) { output.completedPresentCount > 0 && !output.isPresentPending }

        let frames = 600
        var flips: [PresentEvent] = []
        let recording = Flag()
        let loopHandler = output.presentCompletionHandler
        output.presentCompletionHandler = { event in
            if recording.value, flips.count < frames + 1 { flips.append(event) }
            loopHandler?(event)
        }
        defer { output.presentCompletionHandler = loopHandler }
        // Longer than 600 frames, so that every recorded flip is an animation frame.
        UIView.animate(withDuration: 14, delay: 0, options: [.curveLinear]) { box.frame.origin.x = 768 }
        // The first frames of the animation, then 601 flips (600 intervals).
        _ = await waitUntil(timeout: 5) { output.completedPresentCount > 3 }
        recording.value = true
        let done = await waitUntil(timeout: 60) { flips.count > frames }
        let period = output.currentMode.refreshPeriod
        let intervals = zip(flips, flips.dropFirst()).map { $1.timestamp - $0.timestamp }
        let missed = zip(flips, flips.dropFirst()).map { Int($1.sequence) - Int($0.sequence) - 1 }.reduce(0, +)
        let deviations = intervals.map { abs($0 - period) }
        print(
            "animation: \(intervals.count) frames\(done ? "" : " (timed out)"), period \(ms(period)), "
                + "missed vblanks \(missed), flip-interval deviation p50 \(ms(percentile(deviations, 0.5))), "
                + "p99 \(ms(percentile(deviations, 0.99))), max \(ms(deviations.max() ?? .nan))")
    }

    /// A view that turns the next colour when a touch begins, and remembers the touch's time.
    final class ResponseView: UIView {
        var began: [Double] = []
        var onBegan: (() -> Void)?
        private var toggle = false

        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            began.append(touches.first?.timestamp ?? .nan)
            toggle.toggle()
            backgroundColor = toggle ? .red : .green
            onBegan?()
        }
    }

    /// 100 taps on a view that changes colour in `touchesBegan`: the time from each touch's
    /// kernel timestamp to the vblank of the flip that shows the new colour.
    static func touchToFlip(_ screen: UIScreen, _ output: DRMOutput) async {
        guard let touchscreen = try? UInputTouchscreen(name: "Vitrine Bench Touchscreen"),
            let context = try? LibinputContext(seat: "seat0")
        else {
            print("touch-to-flip: no uinput touchscreen or libinput")
            return
        }
        defer { touchscreen.destroy() }
        let window = UIWindow(screen: screen)
        let view = ResponseView(frame: window.bounds)
        view.backgroundColor = .gray
        window.addSubview(view)
        window.makeKeyAndVisible()
        defer { window.isHidden = true }
        let source = LibinputInputSource(
            context: context, outputForDevice: { $0.name == touchscreen.name ? output.name : nil })
        UIApplication.shared.setInputSource(source)
        source.start()
        defer { source.stop() }
        _ = await waitUntil(timeout: 10) { source.devices.contains { $0.sysname == touchscreen.sysname } }
        _ = await waitUntil(timeout: 5) { !output.isPresentPending }

        let flips = ResponseFlips(output)
        defer { flips.finish() }
        view.onBegan = { flips.responded() }

        let taps = 100
        let (x, y) = (UInputTouchscreen.raw(0.5), UInputTouchscreen.raw(0.5))
        var timedOut = 0
        for tap in 0..<taps {
            touchscreen.down(slot: 0, x: x, y: y)
            touchscreen.sync()
            if !(await waitUntil(timeout: 2) { flips.times.count > tap }) {
                timedOut += 1
                flips.timedOut()
            }
            touchscreen.up(slot: 0)
            touchscreen.sync()
            // A varying pause, so that taps fall at every phase of the refresh cycle.
            try? await Task.sleep(nanoseconds: UInt64(30_000_000 + (tap * 7_919_000) % 40_000_000))
        }
        let latencies = zip(view.began, flips.times).map { $1 - $0 }.filter { $0.isFinite }
        print(
            "touch-to-flip: \(latencies.count) of \(taps) taps\(timedOut > 0 ? ", \(timedOut) timed out" : ""), "
                + "p50 \(ms(percentile(latencies, 0.5))), p99 \(ms(percentile(latencies, 0.99))), "
                + "min \(ms(latencies.min() ?? .nan)), max \(ms(latencies.max() ?? .nan)) "
                + "(period \(ms(output.currentMode.refreshPeriod)))")
    }
}

extension Bench {
    /// A field that remembers when each key press reached it.
    final class TimedField: UITextField {
        var pressed: [Double] = []
        var onTyped: (() -> Void)?

        override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
            pressed.append(presses.first?.timestamp ?? .nan)
            let before = text
            super.pressesBegan(presses, with: event)
            if text != before { onTyped?() }
        }
    }

    /// 100 presses of "a" on a uinput keyboard into a focused text field: the time from each
    /// key's kernel timestamp to the vblank of the flip that shows the character.
    static func keyToFlip(_ screen: UIScreen, _ output: DRMOutput) async {
        guard let keyboard = try? UInputKeyboard(name: "Vitrine Bench Keyboard"),
            let context = try? LibinputContext(seat: "seat0")
        else {
            print("key-to-flip: no uinput keyboard or libinput")
            return
        }
        defer { keyboard.destroy() }
        let window = UIWindow(screen: screen)
        window.backgroundColor = .white
        let field = TimedField(frame: CGRect(x: 40, y: 40, width: 600, height: 44))
        field.borderStyle = .roundedRect
        field.font = .systemFont(ofSize: 28)
        window.addSubview(field)
        window.makeKeyAndVisible()
        defer { window.isHidden = true }
        _ = field.becomeFirstResponder()
        defer { _ = field.resignFirstResponder() }
        let source = LibinputInputSource(context: context)
        UIApplication.shared.setInputSource(source)
        source.start()
        defer { source.stop() }
        _ = await waitUntil(timeout: 10) { source.devices.contains { $0.sysname == keyboard.sysname } }
        _ = await waitUntil(timeout: 5) { !output.isPresentPending }

        let flips = ResponseFlips(output)
        defer { flips.finish() }
        field.onTyped = { flips.responded() }

        let presses = 100
        var timedOut = 0
        for press in 0..<presses {
            if press % 25 == 0 {
                field.text = ""
                try? await Task.sleep(nanoseconds: 50_000_000)
            }
            keyboard.key(UInput.KEY_A, pressed: true)
            if !(await waitUntil(timeout: 2) { flips.times.count > press }) {
                timedOut += 1
                flips.timedOut()
            }
            keyboard.key(UInput.KEY_A, pressed: false)
            try? await Task.sleep(nanoseconds: UInt64(30_000_000 + (press * 7_919_000) % 40_000_000))
        }
        let latencies = zip(field.pressed, flips.times).map { $1 - $0 }.filter { $0.isFinite }
        print(
            "key-to-flip: \(latencies.count) of \(presses) presses\(timedOut > 0 ? ", \(timedOut) timed out" : ""), "
                + "p50 \(ms(percentile(latencies, 0.5))), p99 \(ms(percentile(latencies, 0.99))), "
                + "min \(ms(latencies.min() ?? .nan)), max \(ms(latencies.max() ?? .nan)) "
                + "(period \(ms(output.currentMode.refreshPeriod)))")
    }
}

/// The vblank times of the flips that show responses: after `responded()`, the next present
/// (a present already in flight was composed before the response) is awaited, and its
/// completion's timestamp recorded.
@MainActor
final class ResponseFlips {
    private(set) var times: [Double] = []
    private var awaited: Int?
    private let output: DRMOutput
    private let loopHandler: (@MainActor (PresentEvent) -> Void)?

    init(_ output: DRMOutput) {
        self.output = output
        loopHandler = output.presentCompletionHandler
        output.presentCompletionHandler = { [unowned self] event in
            if let awaited, output.completedPresentCount == awaited {
                times.append(event.timestamp)
                self.awaited = nil
            }
            loopHandler?(event)
        }
    }

    /// The app responded: the flip after the one in flight (if any) shows it.
    func responded() { awaited = output.completedPresentCount + (output.isPresentPending ? 2 : 1) }

    /// No flip came: the sample is lost.
    func timedOut() {
        times.append(.nan)
        awaited = nil
    }

    /// Gives the output its frame loop's handler back.
    func finish() { output.presentCompletionHandler = loopHandler }
}

/// A flag a main-actor closure reads and the code around it sets.
@MainActor
final class Flag {
    var value = false
}
