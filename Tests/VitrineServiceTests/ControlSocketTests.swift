import Foundation
import Synchronization
import Testing
import VitrineIO

@testable import VitrineService

#if canImport(Glibc)
    import Glibc
#endif

/// The control socket end to end over a real unix socket. The server serves on a queue of its
/// own; the clients block, as `vitrined --screenshot` does, on the test's thread.
@Suite struct ControlSocketTests {
    @Test func aScreenshotTravelsOverTheSocket() throws {
        let path = temporarySocketPath()
        let requests = Mutex<[[String]]>([])
        let png = fakePNG(width: 800, height: 480, count: 100_000)
        let server = try ControlSocketServer(path: path) { command, arguments, reply in
            requests.withLock { $0.append([command] + arguments) }
            // Answered later, from another queue, as the daemon's encoder does.
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
                reply(.image(png: png, screen: arguments.first ?? "HEADLESS-1", width: 800, height: 480))
            }
        }
        defer { server.close() }
        let screenshot = try ControlSocketClient.screenshot(path: path, screen: "DSI-1")
        #expect(screenshot.png == png)
        #expect(screenshot.screen == "DSI-1")
        #expect(screenshot.width == 800 && screenshot.height == 480)
        #expect(requests.withLock { $0 } == [["screenshot", "DSI-1"]])
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o660)
    }

    @Test func aStatusTravelsOverTheSocketAsText() throws {
        let path = temporarySocketPath()
        let text = "PANEL-1 800x480 frames 12 presented 10 completed 9 missed-vblanks 1\n"
        let server = try ControlSocketServer(path: path) { command, _, reply in
            reply(command == "status" ? .text(text) : .failure("unknown request \(command)"))
        }
        defer { server.close() }
        #expect(try ControlSocketClient.status(path: path) == text)
        // A screenshot client given text is told it is not an answer to its request.
        let imageServer = try ControlSocketServer(path: path + "-image") { _, _, reply in reply(.text("hello")) }
        defer { imageServer.close() }
        #expect(throws: ControlSocketError.badReply("not an answer: text 5")) {
            try ControlSocketClient.screenshot(path: path + "-image", screen: nil)
        }
    }

    @Test func theDaemonsErrorReachesTheClient() throws {
        let path = temporarySocketPath()
        let server = try ControlSocketServer(path: path) { _, arguments, reply in
            reply(.failure("no screen named \(arguments[0])"))
        }
        defer { server.close() }
        #expect(throws: ControlSocketError.refused("no screen named VGA-9")) {
            try ControlSocketClient.screenshot(path: path, screen: "VGA-9")
        }
    }

    @Test func withoutADaemonTheClientSaysSo() {
        let path = temporarySocketPath()
        #expect(throws: ControlSocketError.noDaemon(path)) {
            try ControlSocketClient.screenshot(path: path, screen: nil)
        }
    }

    @Test func aStaleSocketIsReplacedButALiveOneIsNot() throws {
        let path = temporarySocketPath()
        let first = try ControlSocketServer(path: path) { _, _, reply in reply(.failure("first")) }
        #expect(throws: ControlSocketError.inUse(path)) {
            _ = try ControlSocketServer(path: path) { _, _, reply in reply(.failure("second")) }
        }
        first.close()
        #expect(!FileManager.default.fileExists(atPath: path))
        // A crashed daemon leaves its socket file behind, with nobody listening.
        let crashed = try UnixSocket.makeStreamSocket()
        #expect(try UnixSocket.withAddress(path) { bind(crashed.rawValue, $0, $1) } == 0)
        crashed.close()
        let second = try ControlSocketServer(path: path) { _, _, reply in reply(.failure("second")) }
        defer { second.close() }
        #expect(ControlSocketClient.isAnswering(path))
    }

    @Test func aRegularFileAtTheSocketPathIsAnErrorAndLeftAlone() throws {
        let path = temporarySocketPath()
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        #expect(FileManager.default.createFile(atPath: path, contents: Data("precious".utf8)))
        #expect(throws: ControlSocketError.notASocket(path)) {
            _ = try ControlSocketServer(path: path) { _, _, reply in reply(.failure("no")) }
        }
        #expect(FileManager.default.contents(atPath: path) == Data("precious".utf8))
    }

    @Test func socketPathsFollowTheEnvironment() {
        #expect(ControlSocketPath.forDaemon(environment: ["VITRINE_CONTROL_SOCKET": "/x/y"]) == "/x/y")
        #expect(ControlSocketPath.forClient(environment: ["VITRINE_CONTROL_SOCKET": "/x/y"]) == "/x/y")
        let runtime = NSTemporaryDirectory() + "vitrine-runtime-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        #expect(ControlSocketPath.forDaemon(environment: ["RUNTIME_DIRECTORY": runtime]) == runtime + "/control")
    }

    // MARK: Hostile clients (issue 27)

    /// Clients that connect and send nothing hold every slot; the main queue is not theirs to
    /// stall: a block scheduled on it runs while they are all still connected.
    @Test func theMainQueueRunsWhileIdleClientsHoldEverySlot() throws {
        let path = temporarySocketPath()
        // A limit no test run reaches: the clients are still held when the main queue turns.
        let server = try ControlSocketServer(path: path, limits: .init(clientTimeLimit: .seconds(600))) { _, _, _ in }
        defer { server.close() }
        let idle = try (0..<50).map { _ in try connectRaw(path) }
        try waitUntilBlocking { server.clientCount == 16 }
        let held = Mutex<Int?>(nil)
        let ran = DispatchSemaphore(value: 0)
        DispatchQueue.main.async {
            held.withLock { $0 = server.clientCount }
            ran.signal()
        }
        try #require(ran.wait(timeout: .now() + 60) == .success)
        #expect(held.withLock { $0 } == 16)
        withExtendedLifetime(idle) {}
    }

    /// A client that sends a byte now and then is still served off the main queue: main-queue
    /// turns go on while it is in the middle of its request.
    @Test func theMainQueueTurnsWhileASlowClientTrickles() throws {
        let path = temporarySocketPath()
        let server = try ControlSocketServer(path: path, limits: .init(clientTimeLimit: .seconds(600))) { _, _, _ in }
        defer { server.close() }
        let slow = try connectRaw(path)
        #expect(send(slow.rawValue, "scr", 3, Int32(MSG_NOSIGNAL)) == 3)
        try waitUntilBlocking { server.clientCount == 1 }
        var turns = 0
        for _ in 0..<20 {
            let ran = DispatchSemaphore(value: 0)
            DispatchQueue.main.async { ran.signal() }
            if ran.wait(timeout: .now() + 60) == .success { turns += 1 }
        }
        #expect(turns == 20 && server.clientCount == 1)
    }

    @Test func theSeventeenthClientIsTurnedAway() throws {
        let path = temporarySocketPath()
        let server = try ControlSocketServer(path: path, limits: .init(clientTimeLimit: .seconds(60))) { _, _, _ in }
        defer { server.close() }
        let held = try (0..<16).map { _ in try connectRaw(path) }
        try waitUntilBlocking { server.clientCount == 16 }
        let extra = try connectRaw(path)
        #expect(UnixSocket.readLine(extra, limit: 100) == "error busy")
        #expect(server.clientCount == 16)
        withExtendedLifetime(held) {}
    }

    /// A client turned away hears why, even when the daemon's answer and close came before
    /// its request was written (the write then fails; the answer is still there to read).
    @Test func aClientTurnedAwaySaysTheDaemonIsBusy() throws {
        let path = temporarySocketPath()
        let server = try ControlSocketServer(path: path, limits: .init(clientTimeLimit: .seconds(60))) { _, _, _ in }
        defer { server.close() }
        let held = try (0..<16).map { _ in try connectRaw(path) }
        try waitUntilBlocking { server.clientCount == 16 }
        for _ in 0..<5 {
            #expect(throws: ControlSocketError.refused("busy")) { try ControlSocketClient.status(path: path) }
            #expect(throws: ControlSocketError.refused("busy")) {
                try ControlSocketClient.screenshot(path: path, screen: nil)
            }
        }
        withExtendedLifetime(held) {}
    }

    /// The time limit is for the whole connection, not each read: a byte every 50 ms would
    /// never trip a receive timeout, but the client is dropped at the limit, long before it
    /// would have stopped sending.
    @Test func aSlowlorisClientIsDroppedAtTheTimeLimit() throws {
        let path = temporarySocketPath()
        let server = try ControlSocketServer(path: path, limits: .init(clientTimeLimit: .milliseconds(500))) {
            _, _, reply in reply(.failure("never asked"))
        }
        defer { server.close() }
        let slow = try connectRaw(path)
        var bytesSent = 0
        var dropped = false
        while bytesSent < 100 && !dropped {
            guard send(slow.rawValue, "x", 1, Int32(MSG_NOSIGNAL)) == 1 else {
                dropped = true
                break
            }
            bytesSent += 1
            usleep(50_000)
            var byte: UInt8 = 0
            dropped = recv(slow.rawValue, &byte, 1, Int32(MSG_DONTWAIT)) == 0
        }
        #expect(dropped)
        #expect(bytesSent < 100)
        #expect(server.clientCount == 0)
    }

    @Test func screenshotsAreAnsweredWhileIdleClientsHang() throws {
        let path = temporarySocketPath()
        let png = fakePNG(width: 4, height: 2, count: 500)
        let server = try ControlSocketServer(path: path, limits: .init(clientTimeLimit: .seconds(60))) {
            _, _, reply in reply(.image(png: png, screen: "HEADLESS-1", width: 4, height: 2))
        }
        defer { server.close() }
        let idle = try (0..<12).map { _ in try connectRaw(path) }
        try waitUntilBlocking { server.clientCount == 12 }
        for _ in 0..<3 {
            let screenshot = try ControlSocketClient.screenshot(path: path, screen: nil)
            #expect(screenshot.png == png)
        }
        #expect(server.clientCount == 12)
        withExtendedLifetime(idle) {}
    }

    @Test func aRequestLineOverTheLimitIsRefused() throws {
        let path = temporarySocketPath()
        let server = try ControlSocketServer(path: path) { _, _, reply in reply(.failure("never asked")) }
        defer { server.close() }
        let client = try connectRaw(path)
        #expect(UnixSocket.writeAll(client, Data(repeating: UInt8(ascii: "a"), count: 2000)))
        #expect(UnixSocket.readLine(client, limit: 200) == "error request longer than 1024 bytes")
    }

    /// A client that asks for a large answer and never reads it holds no slot past the limit,
    /// and others are answered meanwhile.
    @Test func aClientThatNeverReadsIsDroppedAndOthersAreServed() throws {
        let path = temporarySocketPath()
        let large = fakePNG(width: 1, height: 1, count: 8 << 20)
        let server = try ControlSocketServer(path: path, limits: .init(clientTimeLimit: .milliseconds(500))) {
            _, _, reply in reply(.image(png: large, screen: "HEADLESS-1", width: 1, height: 1))
        }
        defer { server.close() }
        let stuck = try connectRaw(path)
        #expect(UnixSocket.writeAll(stuck, Data("screenshot\n".utf8)))
        try waitUntilBlocking { server.clientCount == 1 }
        let other = try ControlSocketClient.screenshot(path: path, screen: nil)
        #expect(other.png.count == large.count)
        try waitUntilBlocking { server.clientCount == 0 }
        withExtendedLifetime(stuck) {}
    }

    // MARK: Folders and replies (issue 27)

    @Test func aFolderOthersMayWriteInIsRefused() throws {
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        #expect(chmod(folder, 0o777) == 0)
        let path = folder + "/control"
        #expect(throws: ControlSocketError.self) {
            _ = try ControlSocketServer(path: path) { _, _, reply in reply(.failure("no")) }
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect {
            _ = try ControlSocketClient.screenshot(path: path, screen: nil)
        } throws: { error in
            guard case ControlSocketError.unsafeFolder(let named, let reason) = error else { return false }
            return named == folder && reason.contains("777")
        }
    }

    @Test(.enabled(if: geteuid() == 0, "chown needs root"))
    func aFolderAnotherUserMadeIsRefused() throws {
        // Another user made /tmp/vitrine-UID first (mode 0700 is of no help: it is theirs).
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        #expect(chmod(folder, 0o700) == 0 && chown(folder, 4242, 4242) == 0)
        #expect {
            _ = try ControlSocketServer(path: folder + "/control") { _, _, reply in reply(.failure("no")) }
        } throws: { error in
            guard case ControlSocketError.unsafeFolder(_, let reason) = error else { return false }
            return reason.contains("uid 4242")
        }
        #expect(throws: ControlSocketError.self) {
            _ = try ControlSocketClient.screenshot(path: folder + "/control", screen: nil)
        }
    }

    @Test(.enabled(if: geteuid() == 0, "chown needs root"))
    func aFolderRootMadeForItsOwnerIsTrusted() throws {
        // As systemd's RuntimeDirectory=: /run/vitrine, owned by the service's user, in /run.
        let parent = temporaryFolder()
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: false)
        #expect(chmod(parent, 0o755) == 0)
        let folder = parent + "/vitrine"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        #expect(chmod(folder, 0o750) == 0 && chown(folder, 4242, 4242) == 0)
        try ControlSocketPath.checkFolder(folder)
    }

    @Test func aSymbolicLinkForAFolderIsRefused() throws {
        let real = temporaryFolder()
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: false)
        let link = temporaryFolder()
        #expect(symlink(real, link) == 0)
        #expect(throws: ControlSocketError.unsafeFolder(link, "it is not a directory")) {
            try ControlSocketPath.checkFolder(link)
        }
    }

    @Test func aReplyThatIsNotThePNGItSaysIsRefused() throws {
        let notPNG = Data("ok 5 HEADLESS-1 1x1\nhello".utf8)
        #expect(throws: ControlSocketError.badReply("the image is not a PNG")) {
            try screenshot(fromFakeDaemonSending: notPNG)
        }
        let png = fakePNG(width: 2, height: 2, count: 100)
        let wrongSize = Data("ok 100 HEADLESS-1 1920x1080\n".utf8) + png
        #expect(throws: ControlSocketError.badReply("the PNG is 2x2, the answer said 1920x1080")) {
            try screenshot(fromFakeDaemonSending: wrongSize)
        }
        let huge = Data("ok 536870912 HEADLESS-1 1x1\n".utf8)
        #expect(throws: ControlSocketError.badReply("an image of 536870912 bytes announced (at most 268435456)")) {
            try screenshot(fromFakeDaemonSending: huge)
        }
        // Past what a header may say at all (ControlReplyHeader): not an answer.
        let absurd = Data("ok 1073741824 HEADLESS-1 1x1\n".utf8)
        #expect(throws: ControlSocketError.badReply("not an answer: ok 1073741824 HEADLESS-1 1x1")) {
            try screenshot(fromFakeDaemonSending: absurd)
        }
        let good = Data("ok 100 HEADLESS-1 2x2\n".utf8) + png
        #expect(try screenshot(fromFakeDaemonSending: good).png == png)
    }

    // MARK: Helpers

    private func temporaryFolder() -> String {
        NSTemporaryDirectory() + "vitrine-control-\(UUID().uuidString.prefix(8))"
    }

    private func temporarySocketPath() -> String { temporaryFolder() + "/control" }

    /// A client's end, connected and blocking (each call gives up after 5 s).
    private func connectRaw(_ path: String) throws -> OwnedFileDescriptor {
        let descriptor = try UnixSocket.makeStreamSocket()
        try #require(try UnixSocket.withAddress(path) { connect(descriptor.rawValue, $0, $1) } == 0)
        UnixSocket.setTimeouts(descriptor, seconds: 5)
        return descriptor
    }

    /// What the client checks of a PNG (signature, IHDR and its size), then filler.
    private func fakePNG(width: Int, height: Int, count: Int) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        bytes += Array("IHDR".utf8)
        for value in [width, height] { bytes += (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        bytes += (bytes.count..<count).map { UInt8(truncatingIfNeeded: $0) }
        return Data(bytes)
    }

    /// The client against a fake daemon that answers `reply` to whatever it is asked.
    private func screenshot(fromFakeDaemonSending reply: Data) throws -> ControlSocketClient.Screenshot {
        let path = temporarySocketPath()
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o700])
        let listening = try UnixSocket.makeStreamSocket()
        try #require(try UnixSocket.withAddress(path) { bind(listening.rawValue, $0, $1) } == 0)
        try #require(listen(listening.rawValue, 1) == 0)
        let thread = Thread {
            let client = OwnedFileDescriptor(adopting: accept(listening.rawValue, nil, nil))
            UnixSocket.setTimeouts(client, seconds: 5)
            _ = UnixSocket.readLine(client, limit: 100)
            _ = UnixSocket.writeAll(client, reply)
            client.close()
        }
        thread.start()
        return try ControlSocketClient.screenshot(path: path, screen: nil)
    }

    /// Polls for up to 30 s (a loaded machine runs the whole suite in parallel).
    private func waitUntilBlocking(_ condition: () -> Bool) throws {
        let deadline = Date() + 30
        while !condition() && Date() < deadline { usleep(10_000) }
        try #require(condition())
    }
}
