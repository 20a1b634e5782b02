import Dispatch
import Foundation
import Synchronization
import Testing
import VitrinePlatform
import VitrineService

@testable import VitrineKiosk
@_spi(Service) @testable import VitrineKit

/// The service side of `UIApplicationMain` that runs inside the app: control requests and the
/// screenshots they return.
@MainActor @Suite(.serialized) struct KioskServiceTests {
    private func installScreens() -> (ManualClock, HeadlessBackend) {
        let clock = ManualClock()
        let backend = HeadlessBackend(clock: clock)
        backend.addOutput(name: "PANEL-1", width: 320, height: 200)
        backend.addOutput(name: "PANEL-2", width: 160, height: 100)
        UIApplication.shared.setDisplayBackend(backend)
        return (clock, backend)
    }

    /// A request answered as the control socket's are (copied on the main actor, encoded on
    /// the encoder thread), its main-actor parts run within this test's turn: the test never
    /// suspends, so no other suite's test changes the application's screens meanwhile.
    private func answer(_ command: String, _ arguments: [String]) -> ControlSocketServer.Reply {
        let main = ManualMainActor()
        let requests = ScreenshotRequests(onMainActor: main.schedule)
        let replies = Mutex<[ControlSocketServer.Reply]>([])
        requests.answer(command, arguments) { reply in
            replies.withLock { $0.append(reply) }
            main.wake()
        }
        main.run { replies.withLock { !$0.isEmpty } }
        return replies.withLock { $0.first } ?? .failure("no answer")
    }

    @Test func aScreenshotRequestGetsThePNGOfTheNamedScreen() throws {
        let (clock, backend) = installScreens()
        let second = UIScreen.screens[1]
        let window = UIWindow(frame: second.bounds)
        window.screen = second
        window.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        window.isHidden = false
        clock.advance(by: 0.1)
        guard case .image(let png, let name, let width, let height) = answer("screenshot", ["PANEL-2"]) else {
            Issue.record("no image")
            return
        }
        #expect(name == "PANEL-2")
        #expect(width == 160 && height == 100)
        let image = try ImageCodec.decode(png)
        #expect(image.width == 160 && image.height == 100)
        // The snapshot is what the output shows.
        let shown = try #require((backend.outputs[1] as? HeadlessOutput)?.screenshot())
        #expect(shown.pixel(x: 80, y: 50) == second.renderSnapshot().pixel(x: 80, y: 50))
        #expect(shown.pixel(x: 80, y: 50) & 0xFF_FFFF == 0xFF_0000)
    }

    @Test func aStatusRequestGetsEachScreensFrameCounts() {
        let (clock, _) = installScreens()
        clock.advance(by: 0.1)
        guard case .text(let text) = answer("status", []) else {
            Issue.record("no text")
            return
        }
        let lines = text.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("PANEL-1 320x200 frames ") == true)
        #expect(lines.last?.hasPrefix("PANEL-2 160x100 frames ") == true)
        #expect(lines.allSatisfy { $0.hasSuffix(" missed-vblanks 0") && $0.contains(" completed ") })
    }

    @Test func badRequestsAreAnsweredWithTheReason() {
        _ = installScreens()
        guard case .failure(let unknownScreen) = answer("screenshot", ["HDMI-A-9"]) else {
            Issue.record("screenshot of a missing screen succeeded")
            return
        }
        #expect(unknownScreen == "no screen named HDMI-A-9 (screens: PANEL-1, PANEL-2)")
        guard case .failure(let unknownCommand) = answer("reboot", []) else {
            Issue.record("an unknown request succeeded")
            return
        }
        #expect(unknownCommand == "unknown request reboot")
    }

    @Test func theMainScreenIsCapturedWhenNoneIsNamed() {
        _ = installScreens()
        guard case .image(_, let name, let width, _) = answer("screenshot", []) else {
            Issue.record("no image")
            return
        }
        #expect(name == "PANEL-1" && width == 320)
    }

    /// Requests that arrive together share one main-queue turn and one copy of the screen,
    /// however many there are (issue 27: 200 screenshots once held the main loop for 76 s).
    @Test func requestsArrivingTogetherShareOneBatch() {
        _ = installScreens()
        let main = ManualMainActor()
        let requests = ScreenshotRequests(onMainActor: main.schedule)
        let collected = Mutex<[ControlSocketServer.Reply]>([])
        // All asked before the main actor's part runs: they are all in its first batch.
        for index in 0..<20 {
            requests.answer("screenshot", [index % 2 == 0 ? "PANEL-1" : "PANEL-2"]) { reply in
                collected.withLock { $0.append(reply) }
                main.wake()
            }
        }
        main.run { collected.withLock { $0.count == 20 } }
        let replies = collected.withLock { $0 }
        let images = replies.compactMap { reply -> (String, Data)? in
            guard case .image(let png, let screen, _, _) = reply else { return nil }
            return (screen, png)
        }
        #expect(images.count == 20)
        #expect(Set(images.filter { $0.0 == "PANEL-1" }.map(\.1)).count == 1)
        #expect(Set(images.filter { $0.0 == "PANEL-2" }.map(\.1)).count == 1)
        #expect(requests.batchCount == 1)
    }

    /// A screenshot copies the frame on screen (a `memcpy` on the main queue), not a fresh
    /// render of the tree: a change not yet drawn is not in it.
    @Test func aScreenshotIsTheFrameOnScreen() throws {
        let (clock, _) = installScreens()
        let screen = UIScreen.screens[0]
        let window = UIWindow(frame: screen.bounds)
        window.screen = screen
        window.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        window.isHidden = false
        clock.advance(by: 0.1)
        window.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        let snapshot = screen.takeSnapshot()
        #expect(snapshot.width == 320 && snapshot.height == 200)
        let image = try ImageCodec.decode(try snapshot.encodePNG())
        #expect(image.makePixelBuffer().pixel(x: 10, y: 10) & 0xFF_FFFF == 0xFF_0000)
        #expect(screen.renderSnapshot().pixel(x: 10, y: 10) & 0xFF_FFFF == 0x00_00FF)
        // Into a buffer made beforehand off the main actor, as the control socket's batches do.
        let prepared = ScreenSnapshot(preparingWidth: 320, height: 200)
        let copied = try ImageCodec.decode(try screen.takeSnapshot(into: prepared).encodePNG())
        #expect(copied.makePixelBuffer().pixel(x: 300, y: 190) & 0xFF_FFFF == 0xFF_0000)
    }
}

/// Runs jobs meant for the main actor when the test says, on its own turn of the main actor.
private final class ManualMainActor: Sendable {
    private let jobs = Mutex<[@MainActor @Sendable () -> Void]>([])
    private let arrived = DispatchSemaphore(value: 0)

    /// Keeps `job` for `run(until:)`.
    func schedule(_ job: @escaping @MainActor @Sendable () -> Void) {
        jobs.withLock { $0.append(job) }
        arrived.signal()
    }

    /// Something the test waits for happened (a reply from the encoder thread).
    func wake() { arrived.signal() }

    /// Runs the jobs as they come until `done()`, giving up after 10 s without news.
    @MainActor func run(until done: () -> Bool) {
        while !done() {
            guard arrived.wait(timeout: .now() + 10) == .success else { return }
            let pending = jobs.withLock { jobs in
                defer { jobs = [] }
                return jobs
            }
            for job in pending { job() }
        }
    }
}
