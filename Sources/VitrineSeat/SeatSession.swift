internal import CLibseat
import Dispatch
import SystemPackage
import VitrinePlatform

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A seat session through libseat: seatd or logind (whichever answers; `LIBSEAT_BACKEND`
/// picks one) hands this process the seat's devices without root, and takes them away while
/// another session has the seat (a VT switch, another kiosk).
///
/// libseat's descriptor is watched on the main queue and dispatched there, so the handlers
/// run on the main actor:
/// - `disableHandler` when the seat goes away: pause rendering and input in it. The session
///   acknowledges (`libseat_disable_seat`) right after it returns, as libseat requires, so
///   nothing may touch the seat's devices afterwards until `enableHandler`.
/// - `enableHandler` when the seat is back: resume (re-open what was closed).
///
/// Devices are opened through `deviceOpener` (`libseat_open_device`), the same seam the DRM
/// backend and libinput use for `open(2)`. libseat opens devices only while the seat is
/// active, so an open while it is not waits (dispatching libseat) for the seat to be
/// enabled, up to `activationTimeout`. Everything here belongs to the main queue, as libseat
/// is not thread-safe.
@MainActor
public final class SeatSession {
    /// The seat's name as libseat reports it (`seat0`).
    public let seatName: String
    /// The libseat backend that gave the seat (`seatd`, `logind`), as libseat logs it.
    public let backendName: String?
    /// Whether the seat is enabled for this session now.
    public var isActive: Bool { events.isActive }
    /// Called on the main actor when the seat goes away; the session acknowledges it to the
    /// seat manager when this returns. Not called after `close()`.
    public var disableHandler: (@MainActor () -> Void)?
    /// Called on the main actor when the seat comes back (not for the enable that arrives
    /// while the session is being opened: `isActive` says that one). Not called after
    /// `close()`.
    public var enableHandler: (@MainActor () -> Void)?
    /// How long a device open waits for an inactive seat to be enabled, in seconds.
    public var activationTimeout: Double = 5
    /// Where the session reports what goes wrong outside a call (the seat manager's
    /// connection lost, an acknowledgement refused); standard error when nil.
    public var log: (@MainActor (String) -> Void)?
    /// Devices open through this session now.
    public var openDeviceCount: Int { devices.count }
    /// Whether `close()` was called.
    public var isClosed: Bool { seat == nil }

    private var seat: OpaquePointer?
    private let listener: UnsafeMutablePointer<libseat_seat_listener>
    /// What libseat's callbacks reach through their user data (unretained: it lives as long
    /// as this session).
    private let events: SeatEvents
    /// libseat's device id for each descriptor it gave, for `libseat_close_device`.
    private var devices: [FileDescriptor: Int32] = [:]
    private var source: (any DispatchSourceRead)?

    /// Opens a session on `seat` through libseat. Throws `SeatError.unavailable` (naming
    /// the seat, the errno and libseat's messages) when no backend gives one,
    /// `.noSeatManager` when only libseat's builtin backend does for a process that is not
    /// root, and `.otherSeat` when the seat given is not `seat`.
    public init(seat requested: String = "seat0") throws(SeatError) {
        MainQueue.mark()
        let events = SeatEvents()
        let listener = UnsafeMutablePointer<libseat_seat_listener>.allocate(capacity: 1)
        listener.initialize(to: Self.callbacks)
        SeatLog.beginCapture()
        let handle = libseat_open_seat(listener, Unmanaged.passUnretained(events).toOpaque())
        let code = errno
        let captured = SeatLog.endCapture()
        let messages = captured.map(\.1)
        guard let handle else {
            listener.deallocate()
            throw .unavailable(seat: requested, code: code, messages: messages)
        }
        let backend = messages.compactMap(Self.backendName(in:)).last
        // With no seat manager, libseat falls back to its builtin backend: a seatd of its own,
        // forked from this process, which can do nothing without root but never says so (the
        // seat is simply never enabled).
        if backend == "builtin" && geteuid() != 0 {
            libseat_close_seat(handle)
            listener.deallocate()
            throw .noSeatManager(seat: requested, messages: messages.filter { Self.backendName(in: $0) == nil })
        }
        SeatLog.pass(captured)
        let actual = libseat_seat_name(handle).map { String(cString: $0) } ?? ""
        guard actual == requested else {
            libseat_close_seat(handle)
            listener.deallocate()
            throw .otherSeat(requested: requested, actual: actual)
        }
        // Backends other than seatd (logind, noop) deliver the first enable on the first
        // dispatch, and their descriptor need not be readable for it.
        _ = libseat_dispatch(handle, 0)
        self.seatName = actual
        self.backendName = backend
        self.seat = handle
        self.listener = listener
        self.events = events
        events.session = self
        watch(libseat_get_fd(handle))
    }

    /// Sends libseat's own messages (process-wide, as libseat's log is) at `level` and above
    /// to `handler`, or to standard error when nil. By default errors go to standard error.
    /// While a session is being opened its messages go into the `SeatError` instead.
    public nonisolated static func routeLog(
        level: SeatLogLevel = .error, to handler: (@Sendable (SeatLogLevel, String) -> Void)?
    ) {
        SeatLog.configure(level: level, handler: .some(handler))
    }

    /// `seatd` from libseat's `Seat opened with backend 'seatd'`.
    private nonisolated static func backendName(in message: String) -> String? {
        let prefix = "Seat opened with backend '"
        guard message.hasPrefix(prefix), message.hasSuffix("'") else { return nil }
        return String(message.dropFirst(prefix.count).dropLast())
    }

    /// An opener for the DRM backend and libinput: `libseat_open_device` /
    /// `libseat_close_device` on this session.
    public nonisolated var deviceOpener: SeatDeviceOpener { SeatDeviceOpener(session: self) }

    /// Asks the seat manager to switch to another session (`libseat_switch_session`; on a
    /// VT-bound seat, the session number is the VT). Returns whether the request was accepted,
    /// which does not mean a switch will happen.
    @discardableResult
    public func switchSession(to session: Int32) -> Bool {
        guard let seat else { return false }
        return libseat_switch_session(seat, session) == 0
    }

    /// Reads and handles what the seat manager sent (called when libseat's descriptor is
    /// readable). Returns false when the connection is gone.
    @discardableResult
    public func dispatch() -> Bool {
        guard let seat else { return false }
        guard libseat_dispatch(seat, 0) >= 0 else {
            let code = errno
            report("lost the seat manager's connection on \(seatName): \(String(cString: strerror(code)))")
            source?.cancel()
            source = nil
            return false
        }
        return true
    }

    /// Closes the session (`libseat_close_seat`): the seat manager closes its side of every
    /// device; descriptors still held here are closed when their owners close them. Clears
    /// the handlers (which often hold what holds this session).
    public func close() {
        guard let seat else { return }
        self.seat = nil
        events.session = nil
        disableHandler = nil
        enableHandler = nil
        // libseat closes its descriptor in libseat_close_seat, so that happens in the source's
        // cancel handler, once Dispatch no longer watches it. The events object and the
        // listener stay alive until then (libseat may still call back while closing).
        let handle = UInt(bitPattern: seat)
        let listener = UInt(bitPattern: self.listener)
        let events = self.events
        let finish: @Sendable () -> Void = {
            MainActor.assumeIsolated {
                withExtendedLifetime(events) {
                    _ = libseat_close_seat(OpaquePointer(bitPattern: handle))
                    UnsafeMutablePointer<libseat_seat_listener>(bitPattern: listener)?.deallocate()
                }
            }
        }
        if let source {
            source.setCancelHandler(handler: finish)
            source.cancel()
            self.source = nil
        } else {
            finish()
        }
    }

    isolated deinit {
        close()
    }

    // MARK: - Devices

    func openDevice(path: String) throws(DeviceOpenError) -> FileDescriptor {
        guard let seat else {
            throw DeviceOpenError(path: path, code: ENODEV, detail: "the libseat session on \(seatName) is closed")
        }
        if !events.isActive { try waitForActivation(seat, path: path) }
        var descriptor: Int32 = -1
        let id = libseat_open_device(seat, path, &descriptor)
        guard id >= 0, descriptor >= 0 else {
            throw DeviceOpenError(path: path, code: errno, detail: "through libseat on \(seatName)")
        }
        // The descriptor arrives over seatd's socket; the seam promises close-on-exec.
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        devices[FileDescriptor(rawValue: descriptor)] = id
        return FileDescriptor(rawValue: descriptor)
    }

    /// Gives a device back: `libseat_close_device`, then `close(2)`. Called once per
    /// descriptor, by the `OwnedFileDescriptor` the opener returned.
    func closeDevice(_ descriptor: FileDescriptor) {
        if let id = devices.removeValue(forKey: descriptor), let seat, libseat_close_device(seat, id) < 0 {
            let code = errno
            report("libseat could not close device \(id) on \(seatName): \(String(cString: strerror(code)))")
        }
        try? descriptor.close()
    }

    /// Dispatches libseat until the seat is enabled or `activationTimeout` passes. Handlers
    /// that fire meanwhile are delivered on a later turn of the main queue: this runs inside
    /// someone's open (the DRM backend starting, libinput resuming), which an enable handler
    /// re-entering the same backend would break.
    private func waitForActivation(_ seat: OpaquePointer, path: String) throws(DeviceOpenError) {
        events.defersDelivery = true
        defer { events.defersDelivery = false }
        let deadline = MonotonicTime.now() + activationTimeout
        while !events.isActive {
            let remaining = deadline - MonotonicTime.now()
            guard remaining > 0 else {
                throw DeviceOpenError(
                    path: path, code: EBUSY,
                    detail:
                        "through libseat on \(seatName): the seat was not enabled within \(activationTimeout) s "
                        + "(another session has it)")
            }
            if libseat_dispatch(seat, Int32((remaining * 1000).rounded(.up))) < 0 {
                throw DeviceOpenError(
                    path: path, code: errno,
                    detail: "through libseat on \(seatName): the seat manager's connection failed while waiting")
            }
        }
    }

    // MARK: - Events

    private func watch(_ descriptor: Int32) {
        guard descriptor >= 0 else { return }
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { _ = self?.dispatch() }
        }
        source.resume()
        self.source = source
    }

    fileprivate func deliverDisable() {
        disableHandler?()
        // The acknowledgement: the devices are no longer used until the seat is enabled.
        guard let seat, libseat_disable_seat(seat) == 0 else {
            if seat != nil {
                let code = errno
                report("libseat refused the disable acknowledgement on \(seatName): \(String(cString: strerror(code)))")
            }
            return
        }
    }

    fileprivate func deliverEnable() {
        // An enable that was deferred and then overtaken by a disable is not delivered.
        guard events.isActive else { return }
        enableHandler?()
    }

    private func report(_ message: String) {
        if let log {
            log(message)
        } else {
            let line = Array("seat: \(message)\n".utf8)
            _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
    }

    private static let callbacks = libseat_seat_listener(
        enable_seat: { _, user in
            // libseat calls back while it is dispatched, which is on the main queue.
            let address = UInt(bitPattern: user)
            MainActor.assumeIsolated { SeatEvents.from(address)?.enabled() }
        },
        disable_seat: { _, user in
            let address = UInt(bitPattern: user)
            MainActor.assumeIsolated { SeatEvents.from(address)?.disabled() }
        })
}

/// The seat's state as libseat's callbacks report it, and where they deliver.
@MainActor
private final class SeatEvents {
    var isActive = false
    /// Set while an open waits for the seat: handlers then run on a later main-queue turn.
    var defersDelivery = false
    /// Nil while the session is being opened (the first enable only sets `isActive`) and
    /// after it is closed.
    weak var session: SeatSession?

    /// The events object whose address libseat passes back as user data.
    static func from(_ address: UInt) -> SeatEvents? {
        UnsafeMutableRawPointer(bitPattern: address).map { Unmanaged<SeatEvents>.fromOpaque($0).takeUnretainedValue() }
    }

    func enabled() {
        isActive = true
        deliver { $0.deliverEnable() }
    }

    func disabled() {
        isActive = false
        deliver { $0.deliverDisable() }
    }

    private func deliver(_ action: @escaping @MainActor (SeatSession) -> Void) {
        guard let session else { return }
        if defersDelivery {
            DispatchQueue.main.async { [weak session] in
                MainActor.assumeIsolated {
                    if let session { action(session) }
                }
            }
        } else {
            action(session)
        }
    }
}
