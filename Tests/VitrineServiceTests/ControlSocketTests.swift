import Foundation
import Testing

@testable import VitrineService

#if canImport(Glibc)
    import Glibc
#endif

/// The control socket end to end over a real unix socket: the client runs on its own thread
/// (it blocks, as `vitrined --screenshot` does) and the test serves the pending connection.
@Suite @MainActor struct ControlSocketTests {
    private func temporarySocketPath() -> String {
        NSTemporaryDirectory() + "vitrine-control-\(UUID().uuidString.prefix(8))/control"
    }

    /// Runs `request` on a thread, serves one connection on `server`, returns the result.
    private func roundTrip<T: Sendable>(
        _ server: ControlSocketServer, _ request: @escaping @Sendable () -> T
    ) -> T {
        let box = ResultBox<T>()
        let thread = Thread {
            box.value = request()
            box.done.signal()
        }
        thread.start()
        // The connection is queued as soon as the client connects; serve until it answered.
        while box.done.wait(timeout: .now() + .milliseconds(5)) == .timedOut { server.acceptClients() }
        return box.value!
    }

    @Test func aScreenshotTravelsOverTheSocket() throws {
        let path = temporarySocketPath()
        var requests: [[String]] = []
        let png = Data((0..<100_000).map { UInt8($0 % 251) })
        let server = try ControlSocketServer(path: path) { command, arguments in
            requests.append([command] + arguments)
            return .image(png: png, screen: arguments.first ?? "HEADLESS-1", width: 800, height: 480)
        }
        defer { server.close() }
        let reply = roundTrip(server) {
            Result { () throws(ControlSocketError) in
                try ControlSocketClient.screenshot(path: path, screen: "DSI-1")
            }
        }
        let screenshot = try reply.get()
        #expect(screenshot.png == png)
        #expect(screenshot.screen == "DSI-1")
        #expect(screenshot.width == 800 && screenshot.height == 480)
        #expect(requests == [["screenshot", "DSI-1"]])
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o660)
    }

    @Test func theDaemonsErrorReachesTheClient() throws {
        let path = temporarySocketPath()
        let server = try ControlSocketServer(path: path) { _, arguments in .failure("no screen named \(arguments[0])") }
        defer { server.close() }
        let reply = roundTrip(server) {
            Result { () throws(ControlSocketError) in
                try ControlSocketClient.screenshot(path: path, screen: "VGA-9")
            }
        }
        #expect(throws: ControlSocketError.refused("no screen named VGA-9")) { try reply.get() }
    }

    @Test func withoutADaemonTheClientSaysSo() {
        let path = temporarySocketPath()
        #expect(throws: ControlSocketError.noDaemon(path)) {
            try ControlSocketClient.screenshot(path: path, screen: nil)
        }
    }

    @Test func aStaleSocketIsReplacedButALiveOneIsNot() throws {
        let path = temporarySocketPath()
        let first = try ControlSocketServer(path: path) { _, _ in .failure("first") }
        #expect(throws: ControlSocketError.inUse(path)) {
            _ = try ControlSocketServer(path: path) { _, _ in .failure("second") }
        }
        // A crashed daemon leaves its socket file behind, with nobody listening.
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        first.close()
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let second = try ControlSocketServer(path: path) { _, _ in .failure("second") }
        defer { second.close() }
        #expect(ControlSocketClient.isAnswering(path))
    }

    @Test func socketPathsFollowTheEnvironment() {
        #expect(ControlSocketPath.forDaemon(environment: ["VITRINE_CONTROL_SOCKET": "/x/y"]) == "/x/y")
        #expect(ControlSocketPath.forClient(environment: ["VITRINE_CONTROL_SOCKET": "/x/y"]) == "/x/y")
        let runtime = NSTemporaryDirectory() + "vitrine-runtime-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        #expect(ControlSocketPath.forDaemon(environment: ["RUNTIME_DIRECTORY": runtime]) == runtime + "/control")
    }
}

private final class ResultBox<T: Sendable>: @unchecked Sendable {
    var value: T?
    let done = DispatchSemaphore(value: 0)
}
