import Dispatch
import Foundation
import VitrineIO

#if canImport(Glibc)
    import Glibc
#endif

/// The daemon's control socket (a Vitrine addition): a unix stream socket, by default
/// `/run/vitrine/control`, on which `vitrined --screenshot PATH` asks the running daemon for a
/// PNG of a screen. One request per connection, one line of text:
///
///     screenshot [SCREEN]\n   ->  ok LENGTH SCREEN WIDTHxHEIGHT\n<LENGTH bytes of PNG>
///                             ->  error MESSAGE\n
///
/// The PNG travels over the socket and the client writes the file: the daemon runs as its own
/// user in a read-only file system (`ProtectSystem=strict`) and may not write where the caller
/// wants the file.
@MainActor
public final class ControlSocketServer {
    /// The answer to a request: the payload and its one-line description, or an error message.
    public enum Reply: Sendable {
        case image(png: Data, screen: String, width: Int, height: Int)
        case failure(String)
    }

    /// The socket's path.
    public let path: String
    private let descriptor: OwnedFileDescriptor
    private var acceptSource: (any DispatchSourceRead)?
    private let handler: @MainActor (_ command: String, _ arguments: [String]) -> Reply

    /// Binds and listens at `path` (mode 0660, its folder created 0750 if missing), serving
    /// requests on the main queue with `handler`. A stale socket file left by a crashed daemon
    /// is replaced; one that a live daemon answers on is not.
    public init(
        path: String, handler: @escaping @MainActor (_ command: String, _ arguments: [String]) -> Reply
    ) throws(ControlSocketError) {
        self.path = path
        self.handler = handler
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty && !FileManager.default.fileExists(atPath: folder) {
            if mkdir(folder, 0o750) != 0 && errno != EEXIST { throw .system("mkdir \(folder)", errno: errno) }
        }
        if ControlSocketClient.isAnswering(path) { throw .inUse(path) }
        unlink(path)
        let descriptor = try UnixSocket.makeStreamSocket()
        let bound = try UnixSocket.withAddress(path) { address, length in bind(descriptor.rawValue, address, length) }
        guard bound == 0, listen(descriptor.rawValue, 4) == 0 else {
            let code = errno
            descriptor.close()
            throw .system("bind \(path)", errno: code)
        }
        chmod(path, 0o660)
        _ = fcntl(descriptor.rawValue, F_SETFL, fcntl(descriptor.rawValue, F_GETFL) | O_NONBLOCK)
        self.descriptor = descriptor
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor.rawValue, queue: .main)
        source.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.acceptClients() } }
        // Closed only once Dispatch no longer watches it.
        source.setCancelHandler { descriptor.close() }
        source.resume()
        acceptSource = source
    }

    /// Stops serving and removes the socket file.
    public func close() {
        guard let source = acceptSource else { return }
        acceptSource = nil
        source.cancel()
        unlink(path)
    }

    func acceptClients() {
        while true {
            let accepted = retryingOnInterrupt { accept(descriptor.rawValue, nil, nil) }
            guard accepted >= 0 else { return }
            _ = fcntl(accepted, F_SETFD, FD_CLOEXEC)
            let client = OwnedFileDescriptor(adopting: accepted)
            // A request is one short line sent at once; a client that stalls is dropped after
            // two seconds rather than holding up the frame loop longer.
            UnixSocket.setTimeouts(client, seconds: 2)
            serve(client)
            client.close()
        }
    }

    private func serve(_ client: OwnedFileDescriptor) {
        guard let line = UnixSocket.readLine(client, limit: 1024) else { return }
        let words = line.split(separator: " ").map(String.init)
        guard let command = words.first else {
            _ = UnixSocket.writeAll(client, Data("error empty request\n".utf8))
            return
        }
        switch handler(command, Array(words.dropFirst())) {
        case .image(let png, let screen, let width, let height):
            let header = "ok \(png.count) \(screen) \(width)x\(height)\n"
            _ = UnixSocket.writeAll(client, Data(header.utf8)) && UnixSocket.writeAll(client, png)
        case .failure(let message):
            let oneLine = message.replacingOccurrences(of: "\n", with: " ")
            _ = UnixSocket.writeAll(client, Data("error \(oneLine)\n".utf8))
        }
    }

    isolated deinit {
        close()
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

    /// Asks the daemon at `path` for a PNG of `screen` (its main screen when nil).
    public static func screenshot(path: String, screen: String?) throws(ControlSocketError) -> Screenshot {
        let descriptor = try connect(path)
        defer { descriptor.close() }
        UnixSocket.setTimeouts(descriptor, seconds: 10)
        let request = "screenshot" + (screen.map { " \($0)" } ?? "") + "\n"
        guard UnixSocket.writeAll(descriptor, Data(request.utf8)) else { throw .badReply("the request was not taken") }
        guard let header = UnixSocket.readLine(descriptor, limit: 4096) else { throw .badReply("no answer") }
        let words = header.split(separator: " ", maxSplits: 1).map(String.init)
        if words.first == "error" { throw .refused(words.count > 1 ? words[1] : "unknown error") }
        let fields = header.split(separator: " ").map(String.init)
        guard fields.count == 4, fields[0] == "ok", let length = Int(fields[1]), length > 0, length < 1 << 30,
            let size = LaunchOptions.parseSize(fields[3])
        else { throw .badReply(header) }
        guard let png = UnixSocket.readExactly(descriptor, count: length) else {
            throw .badReply("the image was cut short")
        }
        return Screenshot(png: png, screen: fields[2], width: size.width, height: size.height)
    }

    /// Whether a daemon accepts connections at `path`.
    static func isAnswering(_ path: String) -> Bool {
        guard let descriptor = try? connect(path) else { return false }
        descriptor.close()
        return true
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
    /// `/tmp/vitrine-UID/control`.
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
