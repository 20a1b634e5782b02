import Dispatch
import Foundation
import Synchronization
import VitrineIO

#if canImport(Glibc)
    import Glibc
#endif

/// The daemon's control socket (a Vitrine addition): a unix stream socket, by default
/// `/run/vitrine/control`, on which `vitrined --screenshot PATH` asks the running daemon for a
/// PNG of a screen, and `vitrined --status` for the screens' frame counts. One request per
/// connection, one line of text:
///
///     screenshot [SCREEN]\n   ->  ok LENGTH SCREEN WIDTHxHEIGHT\n<LENGTH bytes of PNG>
///                             ->  error MESSAGE\n
///     status\n                ->  text LENGTH\n<LENGTH bytes of UTF-8 text>
///
/// The PNG travels over the socket and the client writes the file: the daemon runs as its own
/// user in a read-only file system (`ProtectSystem=strict`) and may not write where the caller
/// wants the file.
///
/// Clients are served on a serial queue of the server's own with nonblocking I/O on Dispatch
/// sources, never on the main queue, so no client can stall the frame loop or the watchdog:
/// one that sends nothing, sends a byte at a time or never reads its answer holds a slot until
/// `Limits.clientTimeLimit` (for the whole connection, not per read), then is dropped. At most
/// `Limits.maximumClients` are served at once; the others are answered `error busy` and closed.
public final class ControlSocketServer: Sendable {
    /// The answer to a request: the payload and its one-line description, or an error message.
    public enum Reply: Sendable {
        case image(png: Data, screen: String, width: Int, height: Int)
        /// Text for the client to print (`status`).
        case text(String)
        case failure(String)
    }

    /// What one client may take of the server.
    public struct Limits: Sendable, Equatable {
        /// Clients served at once; one more is answered `error busy` and closed.
        public var maximumClients: Int
        /// The request line's length, its newline included.
        public var maximumRequestLength: Int
        /// How long a connection may last, from accept to the answer's last byte.
        public var clientTimeLimit: Duration

        public init(maximumClients: Int = 16, maximumRequestLength: Int = 1024, clientTimeLimit: Duration = .seconds(5))
        {
            self.maximumClients = maximumClients
            self.maximumRequestLength = maximumRequestLength
            self.clientTimeLimit = clientTimeLimit
        }
    }

    /// Answers a request: called on the server's queue with the request's words, it must not
    /// block, and calls `reply` once, from any queue, when the answer is ready.
    public typealias Handler =
        @Sendable (
            _ command: String, _ arguments: [String], _ reply: @escaping @Sendable (Reply) -> Void
        ) -> Void

    /// The socket's path.
    public let path: String
    /// The limits clients are served under.
    public let limits: Limits
    private let connections: Connections
    /// The socket file this server made, so that `close()` removes that one and no other.
    private let socketFile: (device: UInt64, inode: UInt64)
    private let isClosed = Mutex(false)

    /// Binds and listens at `path` (mode 0660, its folder created 0750 if missing). The folder
    /// must be this user's (or root's) and writable by nobody else (`ControlSocketPath.checkFolder`).
    /// A stale socket left by a crashed daemon is replaced; one that a live daemon answers on
    /// is not, and anything at `path` that is not a socket is an error and left alone.
    public init(path: String, limits: Limits = Limits(), handler: @escaping Handler) throws(ControlSocketError) {
        self.path = path
        self.limits = limits
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            var info = stat()
            if lstat(folder, &info) != 0 && errno == ENOENT && mkdir(folder, 0o750) != 0 && errno != EEXIST {
                throw .system("mkdir \(folder)", errno: errno)
            }
            try ControlSocketPath.checkFolder(folder)
        }
        try Self.removeStaleSocket(at: path)
        let descriptor = try UnixSocket.makeStreamSocket()
        let bound = try UnixSocket.withAddress(path) { address, length in bind(descriptor.rawValue, address, length) }
        guard bound == 0, listen(descriptor.rawValue, 64) == 0 else {
            let code = errno
            descriptor.close()
            throw .system("bind \(path)", errno: code)
        }
        chmod(path, 0o660)
        var info = stat()
        lstat(path, &info)
        socketFile = (UInt64(info.st_dev), UInt64(info.st_ino))
        _ = fcntl(descriptor.rawValue, F_SETFL, fcntl(descriptor.rawValue, F_GETFL) | O_NONBLOCK)
        connections = Connections(listening: descriptor, limits: limits, handler: handler)
    }

    /// Anything at `path` but a socket nobody answers on is left alone.
    private static func removeStaleSocket(at path: String) throws(ControlSocketError) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return }
            throw .system("lstat \(path)", errno: errno)
        }
        guard info.st_mode & S_IFMT == S_IFSOCK else { throw .notASocket(path) }
        if ControlSocketClient.isAnswering(path) { throw .inUse(path) }
        unlink(path)
    }

    /// Stops serving (the clients being served are closed) and removes the socket file, if it
    /// is still the one this server made.
    public func close() {
        let wasOpen = isClosed.withLock { closed in
            defer { closed = true }
            return !closed
        }
        guard wasOpen else { return }
        connections.stop()
        var info = stat()
        if lstat(path, &info) == 0, UInt64(info.st_dev) == socketFile.device, UInt64(info.st_ino) == socketFile.inode {
            unlink(path)
        }
    }

    /// Clients being served now.
    var clientCount: Int { connections.clientCount }

    deinit {
        close()
    }
}

/// The accepted connections, and the listening socket: touched only on `queue` (hence
/// `@unchecked Sendable`), which is what serves them.
private final class Connections: @unchecked Sendable {
    private let queue = DispatchQueue(label: "vitrine.control-socket")
    private let queueKey = DispatchSpecificKey<Bool>()
    private let limits: ControlSocketServer.Limits
    private let handler: ControlSocketServer.Handler
    private var listener: (any DispatchSourceRead)?
    private var isListenerPaused = false
    private var clients: [Int: Client] = [:]
    private var nextIdentifier = 0

    /// One connection: its request so far, then its answer's bytes still to send.
    private final class Client {
        let descriptor: OwnedFileDescriptor
        var request: [UInt8] = []
        var hasRequested = false
        var output: [Data] = []
        var sent = 0
        var reader: (any DispatchSourceRead)?
        var writer: (any DispatchSourceWrite)?
        var deadline: (any DispatchSourceTimer)?

        init(_ descriptor: OwnedFileDescriptor) { self.descriptor = descriptor }
    }

    init(
        listening descriptor: OwnedFileDescriptor, limits: ControlSocketServer.Limits,
        handler: @escaping ControlSocketServer.Handler
    ) {
        self.limits = limits
        self.handler = handler
        queue.setSpecific(key: queueKey, value: true)
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor.rawValue, queue: queue)
        source.setEventHandler { [weak self] in self?.acceptClients(on: descriptor) }
        // Closed only once Dispatch no longer watches it.
        source.setCancelHandler { descriptor.close() }
        listener = source
        source.resume()
    }

    var clientCount: Int { onQueue { clients.count } }

    private func resumeListener() {
        guard isListenerPaused else { return }
        isListenerPaused = false
        listener?.resume()
    }

    func stop() {
        onQueue {
            // A suspended source would never run its cancel handler, which closes the socket.
            resumeListener()
            listener?.cancel()
            listener = nil
            for identifier in Array(clients.keys) { finish(identifier) }
        }
    }

    private func onQueue<T>(_ body: () -> T) -> T {
        DispatchQueue.getSpecific(key: queueKey) == true ? body() : queue.sync(execute: body)
    }

    private func acceptClients(on listening: OwnedFileDescriptor) {
        while true {
            let accepted = retryingOnInterrupt { accept(listening.rawValue, nil, nil) }
            guard accepted >= 0 else {
                // Out of descriptors: the connection stays queued and the source would fire at
                // once again; wait a little rather than spin.
                if errno == EMFILE || errno == ENFILE, let listener, !isListenerPaused {
                    listener.suspend()
                    isListenerPaused = true
                    queue.asyncAfter(deadline: .now() + .milliseconds(100)) { [weak self] in self?.resumeListener() }
                }
                return
            }
            // The daemon starts no programs, but a descriptor is never inherited by accident.
            _ = fcntl(accepted, F_SETFD, FD_CLOEXEC)
            _ = fcntl(accepted, F_SETFL, fcntl(accepted, F_GETFL) | O_NONBLOCK)
            let descriptor = OwnedFileDescriptor(adopting: accepted)
            guard clients.count < limits.maximumClients else {
                // Best effort: a short line fits in a new socket's buffer.
                _ = "error busy\n".withCString { send(accepted, $0, 11, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
                descriptor.close()
                continue
            }
            serve(descriptor)
        }
    }

    private func serve(_ descriptor: OwnedFileDescriptor) {
        let identifier = nextIdentifier
        nextIdentifier += 1
        let client = Client(descriptor)
        clients[identifier] = client
        let reader = DispatchSource.makeReadSource(fileDescriptor: descriptor.rawValue, queue: queue)
        reader.setEventHandler { [weak self] in self?.read(identifier) }
        // Each source keeps the descriptor open until Dispatch is done with it.
        reader.setCancelHandler { withExtendedLifetime(descriptor) {} }
        client.reader = reader
        let deadline = DispatchSource.makeTimerSource(queue: queue)
        deadline.schedule(deadline: .now() + Self.interval(limits.clientTimeLimit))
        deadline.setEventHandler { [weak self] in self?.finish(identifier) }
        client.deadline = deadline
        deadline.resume()
        reader.resume()
    }

    private static func interval(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }

    private func read(_ identifier: Int) {
        guard let client = clients[identifier], !client.hasRequested else { return }
        var buffer = [UInt8](repeating: 0, count: limits.maximumRequestLength - client.request.count)
        let count = retryingOnInterrupt { recv(client.descriptor.rawValue, &buffer, buffer.count, 0) }
        if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return }
        // Gone, or failed, before a whole line: nobody to answer.
        guard count > 0 else { return finish(identifier) }
        client.request += buffer[..<count]
        if let newline = client.request.firstIndex(of: UInt8(ascii: "\n")) {
            stopReading(client)
            request(client.request[..<newline], from: identifier)
        } else if client.request.count >= limits.maximumRequestLength {
            stopReading(client)
            respond(identifier, .failure("request longer than \(limits.maximumRequestLength) bytes"))
        }
    }

    private func stopReading(_ client: Client) {
        client.hasRequested = true
        client.reader?.cancel()
        client.reader = nil
    }

    private func request(_ line: some Collection<UInt8>, from identifier: Int) {
        guard let request = ControlRequest.parse(line) else { return respond(identifier, .failure("empty request")) }
        handler(request.command, request.arguments) { [weak self] reply in
            // Answered later on any queue, or at once from inside the handler: either way on
            // the queue, after the handler returned.
            guard let self else { return }
            queue.async { self.respond(identifier, reply) }
        }
    }

    private func respond(_ identifier: Int, _ reply: ControlSocketServer.Reply) {
        // A client dropped meanwhile (its time was up) gets nothing; its answer is let go.
        guard let client = clients[identifier], client.output.isEmpty else { return }
        switch reply {
        case .image(let png, let screen, let width, let height):
            let header = ControlReplyHeader.image(length: png.count, screen: screen, width: width, height: height)
            client.output = [Data((header.line + "\n").utf8), png]
        case .text(let text):
            let body = Data(text.utf8)
            client.output = [Data((ControlReplyHeader.text(length: body.count).line + "\n").utf8), body]
        case .failure(let message):
            client.output = [Data((ControlReplyHeader.refused(message).line + "\n").utf8)]
        }
        flush(identifier)
    }

    /// Sends what the socket takes now; the rest when it is writable again.
    private func flush(_ identifier: Int) {
        guard let client = clients[identifier] else { return }
        while let chunk = client.output.first {
            guard client.sent < chunk.count else {
                client.output.removeFirst()
                client.sent = 0
                continue
            }
            let sent = chunk.withUnsafeBytes { bytes in
                retryingOnInterrupt {
                    send(
                        client.descriptor.rawValue, bytes.baseAddress! + client.sent, bytes.count - client.sent,
                        Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
                }
            }
            if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return waitUntilWritable(client, identifier) }
            guard sent > 0 else { return finish(identifier) }
            client.sent += sent
        }
        finish(identifier)
    }

    private func waitUntilWritable(_ client: Client, _ identifier: Int) {
        guard client.writer == nil else { return }
        let writer = DispatchSource.makeWriteSource(fileDescriptor: client.descriptor.rawValue, queue: queue)
        writer.setEventHandler { [weak self] in self?.flush(identifier) }
        let descriptor = client.descriptor
        writer.setCancelHandler { withExtendedLifetime(descriptor) {} }
        client.writer = writer
        writer.resume()
    }

    /// Drops a client: its sources are cancelled and its descriptor is closed once the last of
    /// them let go of it.
    private func finish(_ identifier: Int) {
        guard let client = clients.removeValue(forKey: identifier) else { return }
        client.reader?.cancel()
        client.writer?.cancel()
        client.deadline?.cancel()
    }
}

/// The client side of the control socket: what `vitrined --screenshot` runs.
public enum ControlSocketClient {
    /// A screenshot the daemon sent.
    public struct Screenshot: Sendable {
        public var png: Data
        public var screen: String
        public var width: Int
        public var height: Int
    }

    /// The largest image a reply may announce.
    public static let maximumImageLength = 256 << 20

    /// Asks the daemon at `path` for a PNG of `screen` (its main screen when nil). The socket's
    /// folder must be trusted (`ControlSocketPath.checkFolder`) and the reply a PNG of the size
    /// its header gives, within `maximumImageLength`.
    public static func screenshot(path: String, screen: String?) throws(ControlSocketError) -> Screenshot {
        let descriptor = try connect(checking: path)
        defer { descriptor.close() }
        let header = try ask(descriptor, "screenshot" + (screen.map { " \($0)" } ?? ""))
        let (length, screen, width, height): (Int, String, Int, Int)
        switch ControlReplyHeader.parse(header) {
        case .refused(let message): throw .refused(message)
        case .image(let announced, let name, let w, let h): (length, screen, width, height) = (announced, name, w, h)
        case .text, nil: throw .badReply("not an answer: \(header.prefix(80))")
        }
        guard length <= maximumImageLength else {
            throw .badReply("an image of \(length) bytes announced (at most \(maximumImageLength))")
        }
        guard let png = UnixSocket.readExactly(descriptor, count: length) else {
            throw .badReply("the image was cut short")
        }
        try checkPNG(png, width: width, height: height)
        return Screenshot(png: png, screen: screen, width: width, height: height)
    }

    /// The PNG signature, then the IHDR chunk (always first) with the size the header gave.
    static func checkPNG(_ png: Data, width: Int, height: Int) throws(ControlSocketError) {
        let bytes = [UInt8](png.prefix(24))
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count == 24, bytes[0..<8].elementsEqual(signature), bytes[12..<16].elementsEqual("IHDR".utf8)
        else { throw .badReply("the image is not a PNG") }
        func bigEndian(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        guard bigEndian(16) == width, bigEndian(20) == height else {
            throw .badReply("the PNG is \(bigEndian(16))x\(bigEndian(20)), the answer said \(width)x\(height)")
        }
    }

    /// The longest text a `status` reply may announce.
    public static let maximumTextLength = 1 << 20

    /// Asks the daemon at `path` for its status: a line per screen with its frame counts
    /// (what `vitrined --status` prints). The socket's folder must be trusted, as for
    /// `screenshot(path:screen:)`.
    public static func status(path: String) throws(ControlSocketError) -> String {
        let descriptor = try connect(checking: path)
        defer { descriptor.close() }
        let header = try ask(descriptor, "status")
        switch ControlReplyHeader.parse(header) {
        case .refused(let message): throw .refused(message)
        case .text(let length):
            guard length <= maximumTextLength else {
                throw .badReply("a text of \(length) bytes announced (at most \(maximumTextLength))")
            }
            guard let body = UnixSocket.readExactly(descriptor, count: length) else {
                throw .badReply("the text was cut short")
            }
            return String(decoding: body, as: UTF8.self)
        case .image, nil: throw .badReply("not a status answer: \(header.prefix(80))")
        }
    }

    /// Whether a daemon accepts connections at `path`.
    static func isAnswering(_ path: String) -> Bool {
        guard let descriptor = try? connect(path) else { return false }
        descriptor.close()
        return true
    }

    /// Connects to the daemon at `path` after checking its folder is trusted
    /// (`ControlSocketPath.checkFolder`); a missing folder means no daemon runs.
    private static func connect(checking path: String) throws(ControlSocketError) -> OwnedFileDescriptor {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            var info = stat()
            if lstat(folder, &info) != 0 && errno == ENOENT { throw .noDaemon(path) }
            try ControlSocketPath.checkFolder(folder)
        }
        let descriptor = try connect(path)
        UnixSocket.setTimeouts(descriptor, seconds: 10)
        return descriptor
    }

    /// Sends `request` (one line) and reads the reply's header line. A daemon that turns a
    /// client away (`error busy`) answers and closes without reading, so the write may fail
    /// after the answer came: the answer is read all the same, so the client says why.
    private static func ask(_ descriptor: OwnedFileDescriptor, _ request: String) throws(ControlSocketError) -> String {
        let written = UnixSocket.writeAll(descriptor, Data((request + "\n").utf8))
        guard let header = UnixSocket.readLine(descriptor, limit: 4096) else {
            throw .badReply(written ? "no answer" : "the request was not taken")
        }
        return header
    }

    private static func connect(_ path: String) throws(ControlSocketError) -> OwnedFileDescriptor {
        let descriptor = try UnixSocket.makeStreamSocket()
        let status = try UnixSocket.withAddress(path) { address, length in
            Glibc.connect(descriptor.rawValue, address, length)
        }
        guard status == 0 else {
            let code = errno
            descriptor.close()
            if code == ENOENT || code == ECONNREFUSED { throw .noDaemon(path) }
            throw .system("connect \(path)", errno: code)
        }
        return descriptor
    }
}

/// Where the control socket lives.
public enum ControlSocketPath {
    /// The path the daemon serves on: `VITRINE_CONTROL_SOCKET`; else under systemd's
    /// `RuntimeDirectory=` (`RUNTIME_DIRECTORY`, `/run/vitrine`); else `/run/vitrine/control`
    /// when this process may create it (root); else `$XDG_RUNTIME_DIR/vitrine/control`; else
    /// `/tmp/vitrine-UID/control`. The folder is checked when the server starts.
    public static func forDaemon(environment: [String: String]) -> String {
        candidates(environment: environment).first { path in
            let folder = (path as NSString).deletingLastPathComponent
            let parent = (folder as NSString).deletingLastPathComponent
            return access(folder, W_OK) == 0 || (access(folder, F_OK) != 0 && access(parent, W_OK) == 0)
        } ?? "/tmp/vitrine-\(getuid())/control"
    }

    /// The path a client asks: the first of the daemon's candidates where a socket exists.
    public static func forClient(environment: [String: String]) -> String {
        let all = candidates(environment: environment)
        return all.first { FileManager.default.fileExists(atPath: $0) } ?? all[0]
    }

    /// Refuses a folder someone else could have put a socket in, as pam and systemd refuse an
    /// `XDG_RUNTIME_DIR` that is not the user's own: it must be a directory (not a symbolic
    /// link), writable by its owner alone, and owned by this user or root, or made by root
    /// for its owner in a folder only root may write (systemd's `RuntimeDirectory=` in `/run`).
    /// A `/tmp/vitrine-UID` that another user made first is refused.
    public static func checkFolder(_ folder: String) throws(ControlSocketError) {
        var info = stat()
        guard lstat(folder, &info) == 0 else { throw .system("lstat \(folder)", errno: errno) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .unsafeFolder(folder, "it is not a directory") }
        let mode = String(info.st_mode & 0o7777, radix: 8)
        guard info.st_mode & 0o022 == 0 else {
            throw .unsafeFolder(folder, "others may write in it (mode \(mode)); it must be writable by its owner alone")
        }
        let user = geteuid()
        if info.st_uid == user || info.st_uid == 0 { return }
        var parent = stat()
        let parentPath = (folder as NSString).deletingLastPathComponent
        if lstat(parentPath.isEmpty ? "." : parentPath, &parent) == 0, parent.st_uid == 0, parent.st_mode & 0o022 == 0 {
            return
        }
        throw .unsafeFolder(folder, "it belongs to uid \(info.st_uid), not to this user (uid \(user)) or root")
    }

    private static func candidates(environment: [String: String]) -> [String] {
        if let explicit = environment["VITRINE_CONTROL_SOCKET"], !explicit.isEmpty { return [explicit] }
        var paths: [String] = []
        if let runtime = environment["RUNTIME_DIRECTORY"]?.split(separator: ":").first {
            paths.append("\(runtime)/control")
        }
        paths.append("/run/vitrine/control")
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty { paths.append("\(runtime)/vitrine/control") }
        paths.append("/tmp/vitrine-\(getuid())/control")
        return paths
    }
}
