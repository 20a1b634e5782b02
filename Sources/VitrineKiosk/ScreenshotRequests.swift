import Dispatch
import Foundation
import Synchronization
import VitrineService

#if canImport(Glibc)
    import Glibc
#endif

@_spi(Service) import VitrineKit

/// The control socket's screenshots, answered without holding up the main loop. Requests that
/// arrive together share a batch: one main-queue turn finds the screens they name and their
/// sizes, the encoder thread makes the copies' memory, a second turn copies each screen once
/// into it (`UIScreen.takeSnapshot(into:)`, a `memcpy`), and the PNGs are encoded on the
/// encoder thread (`ScreenshotEncoder`). The next batch
/// waits until this one's encodes are done, so however many clients ask, the main queue sees
/// one short turn per batch, encodes run one at a time and at most one copy per screen waits.
final class ScreenshotRequests: Sendable {
    typealias Reply = ControlSocketServer.Reply

    private struct Request {
        var screen: String?
        var reply: @Sendable (Reply) -> Void
    }

    private struct State {
        var waiting: [Request] = []
        /// A batch is being copied or encoded: new requests wait for the next one.
        var isBusy = false
        /// Batches taken so far.
        var batches = 0
    }

    private let state = Mutex(State())
    /// Runs a job on the main actor: on the main queue, or where a test says.
    private let onMainActor: @Sendable (@escaping @MainActor @Sendable () -> Void) -> Void

    /// Requests whose main-actor parts run through `onMainActor` (the main queue unless a test
    /// runs them itself).
    init(
        onMainActor: @escaping @Sendable (@escaping @MainActor @Sendable () -> Void) -> Void = { job in
            DispatchQueue.main.async { MainActor.assumeIsolated { job() } }
        }
    ) {
        self.onMainActor = onMainActor
    }

    /// Answers a control request, `screenshot [SCREEN]` or `status`, through `reply`. Called on
    /// any queue; returns at once.
    func answer(_ command: String, _ arguments: [String], reply: @escaping @Sendable (Reply) -> Void) {
        if command == "status" {
            // One short main-queue turn: counters read, nothing drawn.
            return onMainActor { reply(.text(Self.statusText())) }
        }
        guard command == "screenshot" else { return reply(.failure("unknown request \(command)")) }
        let startsBatch = state.withLock { state in
            state.waiting.append(Request(screen: arguments.first, reply: reply))
            defer { state.isBusy = true }
            return !state.isBusy
        }
        if startsBatch { scheduleBatch() }
    }

    /// Batches taken so far (each is two short main-queue turns).
    var batchCount: Int { state.withLock { $0.batches } }

    private func scheduleBatch() {
        onMainActor { self.takeBatch() }
    }

    /// A batch's screen: the requests for it, and its copy once taken.
    private struct Job: Sendable {
        var screen: String
        var width: Int
        var height: Int
        var replies: [@Sendable (Reply) -> Void]
        var snapshot: ScreenSnapshot?
    }

    /// The main actor's first, short part: which screen each request names, and its size.
    @MainActor private func takeBatch() {
        let requests = state.withLock { state in
            state.batches += 1
            defer { state.waiting = [] }
            return state.waiting
        }
        var jobs: [Job] = []
        for request in requests {
            let screen: UIScreen
            switch Self.screen(named: request.screen) {
            case .success(let named): screen = named
            case .failure(let failure):
                request.reply(.failure(failure.message))
                continue
            }
            if let index = jobs.firstIndex(where: { $0.screen == screen.name }) {
                jobs[index].replies.append(request.reply)
            } else {
                let size = screen.snapshotPixelSize
                jobs.append(Job(screen: screen.name, width: size.width, height: size.height, replies: [request.reply]))
            }
        }
        guard !jobs.isEmpty else { return batchDone() }
        // The copies' memory is made and touched off the main queue (an 8 MB buffer's page
        // faults cost more than the copy); the main queue then only copies into it.
        ScreenshotEncoder.shared.run { [jobs] in
            let buffers = jobs.map { ScreenSnapshot(preparingWidth: $0.width, height: $0.height) }
            self.onMainActor { self.copy(jobs, into: buffers) }
        }
    }

    /// The main actor's second part: one copy of each screen.
    @MainActor private func copy(_ jobs: [Job], into buffers: [ScreenSnapshot]) {
        var jobs = jobs
        for index in jobs.indices {
            guard let screen = UIScreen.screens.first(where: { $0.name == jobs[index].screen }) else { continue }
            jobs[index].snapshot = screen.takeSnapshot(into: buffers[index])
        }
        ScreenshotEncoder.shared.run { [jobs] in
            for job in jobs {
                let reply: Reply
                if let snapshot = job.snapshot {
                    do {
                        let png = try snapshot.encodePNG()
                        reply = .image(png: png, screen: job.screen, width: snapshot.width, height: snapshot.height)
                    } catch {
                        reply = .failure("cannot encode the screenshot: \(error)")
                    }
                } else {
                    reply = .failure("screen \(job.screen) went away")
                }
                for answer in job.replies { answer(reply) }
            }
            self.batchDone()
        }
    }

    private func batchDone() {
        let more = state.withLock { state in
            if state.waiting.isEmpty { state.isBusy = false }
            return state.isBusy
        }
        if more { scheduleBatch() }
    }

    /// `status`'s answer: a line per screen with its mode and frame counts,
    /// `Virtual-1 1024x768 frames 7200 presented 7190 completed 7189 missed-vblanks 0`, or
    /// `no screen is connected`.
    @MainActor static func statusText() -> String {
        let screens = UIScreen.screens
        guard !screens.isEmpty else { return "no screen is connected\n" }
        return screens.map { screen in
            let size = screen.snapshotPixelSize
            return "\(screen.name) \(size.width)x\(size.height) frames \(screen.frameCount)"
                + " presented \(screen.presentedFrameCount) completed \(screen.completedPresentCount)"
                + " missed-vblanks \(screen.missedVblankCount)\n"
        }.joined()
    }

    private struct Failure: Error {
        var message: String
    }

    /// The screen `name` names, else the main screen.
    @MainActor private static func screen(named name: String?) -> Result<UIScreen, Failure> {
        if let name {
            guard let named = UIScreen.screens.first(where: { $0.name == name }) else {
                let names = UIScreen.screens.map(\.name).joined(separator: ", ")
                return .failure(
                    Failure(message: "no screen named \(name) (screens: \(names.isEmpty ? "none" : names))"))
            }
            return .success(named)
        }
        guard !UIScreen.screens.isEmpty else { return .failure(Failure(message: "no screen is connected")) }
        return .success(UIScreen.main)
    }
}

/// The thread the screenshots' PNGs are encoded on, at a lower priority than the main loop
/// (nice 10): on a panel's one or two cores an encode (tens of milliseconds at 1920x1080)
/// yields to the frame loop rather than sharing the CPU with it evenly. A thread of its own,
/// not a Dispatch queue: a pooled worker's priority could not be raised back afterwards
/// without privileges.
final class ScreenshotEncoder: Sendable {
    static let shared = ScreenshotEncoder()

    private let jobs = Mutex<[@Sendable () -> Void]>([])
    private let wake = DispatchSemaphore(value: 0)

    private init() {
        let thread = Thread { self.encodeForever() }
        thread.name = "vitrine.screenshot-encoder"
        thread.start()
    }

    private func encodeForever() -> Never {
        // PRIO_PROCESS with 0 is the calling thread on Linux: the main thread keeps its nice.
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        while true {
            wake.wait()
            let job = jobs.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            job?()
        }
    }

    /// Runs `job` on the encoder thread, after the jobs before it.
    func run(_ job: @escaping @Sendable () -> Void) {
        jobs.withLock { $0.append(job) }
        wake.signal()
    }
}
