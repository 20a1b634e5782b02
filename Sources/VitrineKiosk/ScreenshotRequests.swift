import Dispatch
import Foundation
import Synchronization
import VitrineService

@_spi(Service) import VitrineKit

/// The control socket's screenshots, answered without holding up the main loop. Requests that
/// arrive together share one main-queue turn, which copies each screen they name once
/// (`UIScreen.takeSnapshot()`); the PNGs are encoded on a queue of their own. The next batch
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
        /// Batches taken so far: main-queue turns spent on screenshots.
        var batches = 0
    }

    private let state = Mutex(State())
    private let encoder = DispatchQueue(label: "vitrine.screenshot-encoder", qos: .utility)

    /// Answers a control request, `screenshot [SCREEN]`, through `reply`. Called on any queue;
    /// returns at once.
    func answer(_ command: String, _ arguments: [String], reply: @escaping @Sendable (Reply) -> Void) {
        guard command == "screenshot" else { return reply(.failure("unknown request \(command)")) }
        let startsBatch = state.withLock { state in
            state.waiting.append(Request(screen: arguments.first, reply: reply))
            defer { state.isBusy = true }
            return !state.isBusy
        }
        if startsBatch { scheduleBatch() }
    }

    /// Main-queue turns spent on screenshots so far.
    var batchCount: Int { state.withLock { $0.batches } }

    private func scheduleBatch() {
        DispatchQueue.main.async { MainActor.assumeIsolated { self.takeBatch() } }
    }

    /// The main actor's part: which screen each request names, and one copy of each.
    @MainActor private func takeBatch() {
        let requests = state.withLock { state in
            state.batches += 1
            defer { state.waiting = [] }
            return state.waiting
        }
        var jobs: [(snapshot: ScreenSnapshot, screen: String, replies: [@Sendable (Reply) -> Void])] = []
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
                jobs.append((screen.takeSnapshot(), screen.name, [request.reply]))
            }
        }
        encoder.async { [jobs] in
            for job in jobs {
                let reply: Reply
                do {
                    let png = try job.snapshot.encodePNG()
                    reply = .image(png: png, screen: job.screen, width: job.snapshot.width, height: job.snapshot.height)
                } catch {
                    reply = .failure("cannot encode the screenshot: \(error)")
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
