internal import CLibinput
internal import CUdev
import VitrineIO
import VitrinePlatform
import VitrineUdev

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A libinput context, as a compositor creates it: on the udev backend bound to a seat
/// (`libinput_udev_create_context()` then `libinput_udev_assign_seat()`), or on the path
/// backend with devices named one by one (`libinput_path_create_context()`).
///
/// libinput opens devices through the `open_restricted`/`close_restricted` interface, which
/// here goes to the platform's `DeviceOpener` (the same seam the DRM backend opens its card
/// through): `DirectDeviceOpener` by default (root or the `input` group), a seat manager's
/// opener for an unprivileged kiosk.
///
/// `readEvents()` dispatches and returns what libinput queued, translated into
/// `LibinputEvent`s, so no C type leaves this module.
public final class LibinputContext {
    /// The seat the devices belong to (udev's `ID_SEAT`), or nil on the path backend.
    public let seat: String?
    private let context: OpaquePointer
    private let interface: UnsafeMutablePointer<libinput_interface>
    /// What libinput's callbacks reach through the context's user data (unretained; it lives
    /// as long as this object): the device opener and the log handler.
    private let owner: CallbackOwner

    private final class CallbackOwner {
        let devices: RestrictedDevices
        var logHandler: ((String) -> Void)?
        init(opener: any DeviceOpener) { devices = RestrictedDevices(opener: opener) }
    }
    /// The devices libinput reported added and not yet removed, by their libinput handle.
    private var devices: [OpaquePointer: InputDeviceDescription] = [:]
    /// Touch devices whose position axes cannot be mapped (`TouchAxisRange.problem`): their
    /// touch events are dropped, said once when the device is added.
    private var refusedTouchDevices: Set<OpaquePointer> = []

    private static func makeInterface() -> UnsafeMutablePointer<libinput_interface> {
        let interface = UnsafeMutablePointer<libinput_interface>.allocate(capacity: 1)
        interface.initialize(
            to: libinput_interface(
                open_restricted: { path, _, user in
                    guard let path, let user else { return -EINVAL }
                    return Unmanaged<CallbackOwner>.fromOpaque(user).takeUnretainedValue().devices.open(
                        path: String(cString: path))
                },
                close_restricted: { fd, user in
                    guard let user else { return }
                    Unmanaged<CallbackOwner>.fromOpaque(user).takeUnretainedValue().devices.close(fd)
                }))
        return interface
    }

    /// Creates a context on the udev backend and assigns it `seat`, which makes libinput
    /// enumerate and open the seat's devices at once. A seat with no devices is not an error
    /// (libinput adds devices as they are plugged in); an error is thrown when udev or libinput
    /// cannot be set up or the seat cannot be assigned.
    public init(seat: String = "seat0", opener: any DeviceOpener = DirectDeviceOpener()) throws(LibinputError) {
        guard let udev = udev_new() else { throw .udevUnavailable }
        // libinput takes its own reference to the udev context.
        defer { udev_unref(udev) }
        let interface = Self.makeInterface()
        let owner = CallbackOwner(opener: opener)
        guard let context = libinput_udev_create_context(interface, Unmanaged.passUnretained(owner).toOpaque(), udev)
        else {
            interface.deallocate()
            throw .contextCreationFailed
        }
        self.seat = seat
        self.context = context
        self.interface = interface
        self.owner = owner
        installLogHandler()
        // A throw from here on runs deinit, which releases the context.
        guard libinput_udev_assign_seat(context, seat) == 0 else { throw .seatAssignmentFailed(seat: seat) }
    }

    /// Creates a context on the path backend with the given device nodes
    /// (`/dev/input/event3`). A node that cannot be added is skipped and reported in
    /// `failedPaths`; no device at all is not an error (devices can be added later with
    /// `addDevice(path:)`).
    public init(devicePaths: [String], opener: any DeviceOpener = DirectDeviceOpener()) throws(LibinputError) {
        let interface = Self.makeInterface()
        let owner = CallbackOwner(opener: opener)
        guard let context = libinput_path_create_context(interface, Unmanaged.passUnretained(owner).toOpaque()) else {
            interface.deallocate()
            throw .contextCreationFailed
        }
        self.seat = nil
        self.context = context
        self.interface = interface
        self.owner = owner
        installLogHandler()
        for path in devicePaths where !addDevice(path: path) { failedPaths.append(path) }
    }

    /// libinput's own messages (at its default priority, errors: a device it cannot use, a
    /// kernel bug it noticed, a client bug), one line each without the newline, prefixed by
    /// the priority (`error: `). When nil they go to standard error, as libinput prints them
    /// by default.
    public var logHandler: ((String) -> Void)? {
        get { owner.logHandler }
        set { owner.logHandler = newValue }
    }

    /// Routes libinput's log through `logHandler`, which the callback finds through the
    /// context's user data.
    private func installLogHandler() {
        libinput_log_set_handler(context) { libinput, priority, format, arguments in
            guard let libinput, let format, let arguments else { return }
            var buffer = [CChar](repeating: 0, count: 1024)
            _ = vsnprintf(&buffer, buffer.count, format, arguments)
            var text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            while text.hasSuffix("\n") { text.removeLast() }
            let level =
                switch priority {
                case LIBINPUT_LOG_PRIORITY_DEBUG: "debug"
                case LIBINPUT_LOG_PRIORITY_INFO: "info"
                default: "error"
                }
            let line = "\(level): \(text)"
            guard let user = libinput_get_user_data(libinput) else { return }
            let owner = Unmanaged<CallbackOwner>.fromOpaque(user).takeUnretainedValue()
            if let handler = owner.logHandler {
                handler(line)
            } else {
                let message = Array("libinput \(line)\n".utf8)
                _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            }
        }
    }

    /// Paths the path backend could not open at creation.
    public private(set) var failedPaths: [String] = []

    /// Adds a device node on the path backend; false when libinput cannot use it (or the
    /// context is on the udev backend).
    @discardableResult
    public func addDevice(path: String) -> Bool {
        guard seat == nil else { return false }
        return libinput_path_add_device(context, path) != nil
    }

    /// The file descriptor to watch for readability (`libinput_get_fd()`); when it is readable,
    /// `readEvents()` has something to return. It belongs to the context: do not close it.
    public var fileDescriptor: Int32 { libinput_get_fd(context) }

    /// The devices present now.
    public var currentDevices: [InputDeviceDescription] { Array(devices.values) }

    /// Sets a device's calibration matrix (`libinput_device_config_calibration_set_matrix`),
    /// which libinput applies to its transformed touch coordinates; false when the device has
    /// no calibration support or is unknown.
    @discardableResult
    public func setCalibration(_ matrix: CalibrationMatrix, forDeviceNamed sysname: String) -> Bool {
        guard let handle = devices.first(where: { $0.value.sysname == sysname })?.key,
            libinput_device_config_calibration_has_matrix(handle) != 0
        else { return false }
        let values = matrix.values
        return values.withUnsafeBufferPointer { buffer in
            libinput_device_config_calibration_set_matrix(handle, buffer.baseAddress)
                == LIBINPUT_CONFIG_STATUS_SUCCESS
        }
    }

    /// Puts a device's calibration back to its default (`LIBINPUT_CALIBRATION_MATRIX` from
    /// udev, else identity), as when a config no longer calibrates it; false when the device
    /// has no calibration support or is unknown.
    @discardableResult
    public func resetCalibration(forDeviceNamed sysname: String) -> Bool {
        guard let handle = devices.first(where: { $0.value.sysname == sysname })?.key,
            libinput_device_config_calibration_has_matrix(handle) != 0
        else { return false }
        var values = [Float](repeating: 0, count: 6)
        _ = libinput_device_config_calibration_get_default_matrix(handle, &values)
        return libinput_device_config_calibration_set_matrix(handle, values) == LIBINPUT_CONFIG_STATUS_SUCCESS
    }

    /// Whether `suspend()` was called and `resume()` not since.
    public private(set) var isSuspended = false

    /// Closes every device (`libinput_suspend`, through the opener's `close`): the session
    /// went away and a seat manager revokes input descriptors. libinput queues a removal for
    /// each device, which `readEvents()` returns.
    public func suspend() {
        guard !isSuspended else { return }
        libinput_suspend(context)
        isSuspended = true
    }

    /// Opens the devices again (`libinput_resume`: the seat is re-enumerated, or the path
    /// backend's devices re-added, through the opener); they come back as additions. Returns
    /// false when libinput could not resume (the context stays suspended).
    @discardableResult
    public func resume() -> Bool {
        guard isSuspended else { return true }
        guard libinput_resume(context) == 0 else { return false }
        isSuspended = false
        return true
    }

    /// Dispatches and returns every queued event, in order.
    public func readEvents() -> [LibinputEvent] {
        guard libinput_dispatch(context) == 0 else { return [] }
        var events: [LibinputEvent] = []
        while let event = libinput_get_event(context) {
            defer { libinput_event_destroy(event) }
            if let translated = translate(event) { events.append(translated) }
        }
        return events
    }

    private func translate(_ event: OpaquePointer) -> LibinputEvent? {
        let type = libinput_event_get_type(event)
        guard let handle = libinput_event_get_device(event) else { return nil }
        // libinput's `libinput_event_get_*_event()` accessors log a client bug when asked for
        // a kind the event is not, so the type decides which one is called.
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            var description = describe(handle)
            if description.isTouchscreen, let problem = touchAxisProblem(handle) {
                // Refused as a touchscreen: its positions would be off the screen, infinite or
                // constant (libinput computes with the range's width, which overflows or is 0).
                refusedTouchDevices.insert(handle)
                description.isTouchscreen = false
                owner.logHandler?(
                    "error: \(description.sysname) (\(description.name)): \(problem); its touches are ignored")
            }
            devices[handle] = description
            return .deviceAdded(description)
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            refusedTouchDevices.remove(handle)
            let description = devices.removeValue(forKey: handle) ?? describe(handle)
            return .deviceRemoved(description)
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP,
            LIBINPUT_EVENT_TOUCH_CANCEL, LIBINPUT_EVENT_TOUCH_FRAME:
            guard !refusedTouchDevices.contains(handle), let touch = libinput_event_get_touch_event(event) else {
                return nil
            }
            return translateTouch(touch, type: type, device: name(of: handle))
        case LIBINPUT_EVENT_KEYBOARD_KEY:
            guard let keyboard = libinput_event_get_keyboard_event(event) else { return nil }
            let time = Double(libinput_event_keyboard_get_time_usec(keyboard)) / 1_000_000
            return .key(
                device: name(of: handle), code: libinput_event_keyboard_get_key(keyboard),
                pressed: libinput_event_keyboard_get_key_state(keyboard) == LIBINPUT_KEY_STATE_PRESSED, time: time)
        case LIBINPUT_EVENT_POINTER_MOTION, LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE, LIBINPUT_EVENT_POINTER_BUTTON,
            LIBINPUT_EVENT_POINTER_SCROLL_WHEEL, LIBINPUT_EVENT_POINTER_SCROLL_FINGER,
            LIBINPUT_EVENT_POINTER_SCROLL_CONTINUOUS:
            guard let pointer = libinput_event_get_pointer_event(event) else { return nil }
            return translatePointer(pointer, type: type, device: name(of: handle))
        default:
            return nil
        }
    }

    private func name(of handle: OpaquePointer) -> String {
        devices[handle]?.sysname ?? String(cString: libinput_device_get_sysname(handle))
    }

    private func translateTouch(_ touch: OpaquePointer, type: libinput_event_type, device: String) -> LibinputEvent? {
        let time = Double(libinput_event_touch_get_time_usec(touch)) / 1_000_000
        switch type {
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
            let slot = Int(libinput_event_touch_get_seat_slot(touch))
            // Transformed to a 1x1 "screen": the device's range normalised, with the
            // calibration matrix applied.
            let x = libinput_event_touch_get_x_transformed(touch, 1)
            let y = libinput_event_touch_get_y_transformed(touch, 1)
            return type == LIBINPUT_EVENT_TOUCH_DOWN
                ? .touchDown(device: device, slot: slot, x: x, y: y, time: time)
                : .touchMotion(device: device, slot: slot, x: x, y: y, time: time)
        case LIBINPUT_EVENT_TOUCH_UP:
            return .touchUp(device: device, slot: Int(libinput_event_touch_get_seat_slot(touch)), time: time)
        case LIBINPUT_EVENT_TOUCH_CANCEL:
            return .touchCancel(device: device, slot: Int(libinput_event_touch_get_seat_slot(touch)), time: time)
        case LIBINPUT_EVENT_TOUCH_FRAME:
            return .touchFrame(device: device, time: time)
        default:
            return nil
        }
    }

    private func translatePointer(_ pointer: OpaquePointer, type: libinput_event_type, device: String)
        -> LibinputEvent?
    {
        let time = Double(libinput_event_pointer_get_time_usec(pointer)) / 1_000_000
        switch type {
        case LIBINPUT_EVENT_POINTER_MOTION:
            return .pointerMotion(
                device: device, dx: libinput_event_pointer_get_dx(pointer),
                dy: libinput_event_pointer_get_dy(pointer), time: time)
        case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            return .pointerAbsolute(
                device: device, x: libinput_event_pointer_get_absolute_x_transformed(pointer, 1),
                y: libinput_event_pointer_get_absolute_y_transformed(pointer, 1), time: time)
        case LIBINPUT_EVENT_POINTER_BUTTON:
            return .pointerButton(
                device: device, button: libinput_event_pointer_get_button(pointer),
                pressed: libinput_event_pointer_get_button_state(pointer) == LIBINPUT_BUTTON_STATE_PRESSED,
                time: time)
        case LIBINPUT_EVENT_POINTER_SCROLL_WHEEL, LIBINPUT_EVENT_POINTER_SCROLL_FINGER,
            LIBINPUT_EVENT_POINTER_SCROLL_CONTINUOUS:
            // libinput's scroll value: degrees for a wheel (15 a notch), motion-like units for
            // fingers and continuous scrolling. The legacy AXIS event, sent beside these, is
            // not translated, so each scroll arrives once.
            func value(_ axis: libinput_pointer_axis) -> Double {
                libinput_event_pointer_has_axis(pointer, axis) != 0
                    ? libinput_event_pointer_get_scroll_value(pointer, axis) : 0
            }
            return .pointerScroll(
                device: device, dx: value(LIBINPUT_POINTER_AXIS_SCROLL_HORIZONTAL),
                dy: value(LIBINPUT_POINTER_AXIS_SCROLL_VERTICAL), isWheel: type == LIBINPUT_EVENT_POINTER_SCROLL_WHEEL,
                time: time)
        default:
            return nil
        }
    }

    /// Why a touch device's position axes cannot be mapped, read from the descriptor libinput
    /// opened (`EVIOCGABS` on `ABS_MT_POSITION_X`/`_Y`, else `ABS_X`/`_Y`); nil when they can,
    /// or when they cannot be read (libinput's own checks stand then).
    private func touchAxisProblem(_ handle: OpaquePointer) -> String? {
        guard let udevDevice = libinput_device_get_udev_device(handle) else { return nil }
        defer { udev_device_unref(udevDevice) }
        guard let node = udev_device_get_devnode(udevDevice),
            let descriptor = owner.devices.descriptor(forPath: String(cString: node))
        else { return nil }
        let axes: [(name: String, code: UInt)] =
            TouchAxisRange.read(descriptor: descriptor, axis: 0x35) != nil
            ? [("ABS_MT_POSITION_X", 0x35), ("ABS_MT_POSITION_Y", 0x36)] : [("ABS_X", 0x00), ("ABS_Y", 0x01)]
        for axis in axes {
            guard let range = TouchAxisRange.read(descriptor: descriptor, axis: axis.code) else { continue }
            if let problem = range.problem { return "\(axis.name) \(problem)" }
        }
        return nil
    }

    private func describe(_ handle: OpaquePointer) -> InputDeviceDescription {
        var properties: [String: String] = [:]
        if let udevDevice = libinput_device_get_udev_device(handle) {
            defer { udev_device_unref(udevDevice) }
            properties = UdevDevice.properties(of: udevDevice)
        }
        let isKeyboard = libinput_device_has_capability(handle, LIBINPUT_DEVICE_CAP_KEYBOARD) != 0
        // A keyboard one types on: letters and a space bar (KEY_Q 16, KEY_A 30, KEY_Z 44,
        // KEY_SPACE 57), which a power button, a lid's keys or a volume rocker lack.
        let typingKeys: [UInt32] = [16, 30, 44, 57]
        let isAlphanumeric = isKeyboard && typingKeys.allSatisfy { libinput_device_keyboard_has_key(handle, $0) == 1 }
        return InputDeviceDescription(
            sysname: String(cString: libinput_device_get_sysname(handle)),
            name: String(cString: libinput_device_get_name(handle)),
            isTouchscreen: libinput_device_has_capability(handle, LIBINPUT_DEVICE_CAP_TOUCH) != 0,
            isPointer: libinput_device_has_capability(handle, LIBINPUT_DEVICE_CAP_POINTER) != 0,
            isKeyboard: isKeyboard, isAlphanumericKeyboard: isAlphanumeric, properties: properties)
    }

    deinit {
        // Closes every device through close_restricted, so the interface must outlive it.
        libinput_unref(context)
        interface.deallocate()
    }
}

/// One libinput event, translated.
public enum LibinputEvent: Hashable, Sendable {
    case deviceAdded(InputDeviceDescription)
    case deviceRemoved(InputDeviceDescription)
    /// Positions are normalised to the device (0...1), after calibration.
    case touchDown(device: String, slot: Int, x: Double, y: Double, time: Double)
    case touchMotion(device: String, slot: Int, x: Double, y: Double, time: Double)
    case touchUp(device: String, slot: Int, time: Double)
    case touchCancel(device: String, slot: Int, time: Double)
    case touchFrame(device: String, time: Double)
    case key(device: String, code: UInt32, pressed: Bool, time: Double)
    case pointerMotion(device: String, dx: Double, dy: Double, time: Double)
    case pointerAbsolute(device: String, x: Double, y: Double, time: Double)
    case pointerButton(device: String, button: UInt32, pressed: Bool, time: Double)
    /// Scrolling: a wheel's degrees (15 a notch), or fingers' motion-like units.
    case pointerScroll(device: String, dx: Double, dy: Double, isWheel: Bool, time: Double)
}

/// The devices libinput opened through `open_restricted`, each held as the opener's owned
/// descriptor under its number: `close_restricted` hands back only the number, and closing the
/// owned descriptor gives it back to the opener, once.
final class RestrictedDevices {
    let opener: any DeviceOpener
    private var descriptors: [Int32: OwnedFileDescriptor] = [:]

    /// The device nodes open, by path (the number of each).
    private var paths: [String: Int32] = [:]

    init(opener: any DeviceOpener) { self.opener = opener }

    /// How many devices are open now.
    var count: Int { descriptors.count }

    /// The descriptor open here on `path`, for reading the device's properties.
    func descriptor(forPath path: String) -> Int32? { paths[path] }

    /// Opens `path` through the opener: the descriptor's number, or a negative errno (what
    /// libinput expects on failure).
    func open(path: String) -> Int32 {
        do {
            let descriptor = try opener.open(path: path)
            descriptors[descriptor.rawValue] = descriptor
            paths[path] = descriptor.rawValue
            return descriptor.rawValue
        } catch {
            return -error.code
        }
    }

    /// Closes the device open under `number`; a number not open here is left alone (it may
    /// belong to someone else by now).
    func close(_ number: Int32) {
        if let path = paths.first(where: { $0.value == number })?.key { paths[path] = nil }
        descriptors.removeValue(forKey: number)?.close()
    }
}
