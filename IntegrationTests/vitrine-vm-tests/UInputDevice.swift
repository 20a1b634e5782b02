import Foundation

/// A virtual input device made through the kernel's uinput interface (`/dev/uinput`,
/// `Documentation/input/uinput.rst`): the VM checks create touchscreens and keyboards with it,
/// so the events libinput reads come from a real evdev node that udev tagged.
///
/// The ioctl request numbers are C function-like macros (`_IO`, `_IOW`, `_IOR` in
/// `<asm-generic/ioctl.h>`), which Swift cannot import, so `UInput` computes them; the
/// structures (`input_event`, `uinput_setup`, `uinput_abs_setup`) are written as bytes in their
/// x86-64 / LP64 layout.
final class UInputDevice {
    /// The device's name, as libinput reports it.
    let name: String
    /// The input device's sysfs name (`input7`), from `UI_GET_SYSNAME`.
    let inputSysname: String
    /// The evdev node's sysname (`event4`), which is what libinput calls the device.
    let eventSysname: String
    private var fd: Int32

    /// What the device can report, set before it is created.
    struct Capabilities {
        /// `EV_KEY` codes (`BTN_TOUCH`, `KEY_A`, ...).
        var keys: [UInt16] = []
        /// `EV_ABS` axes and their ranges.
        var axes: [(code: UInt16, minimum: Int32, maximum: Int32, resolution: Int32)] = []
        /// `INPUT_PROP_*` bits.
        var properties: [UInt16] = []
    }

    /// Creates the device: enables the event types, codes and properties, sets its identity and
    /// axis ranges (`UI_DEV_SETUP`, `UI_ABS_SETUP`), then `UI_DEV_CREATE`.
    init(name: String, capabilities: Capabilities) throws(UInputError) {
        let fd = open("/dev/uinput", O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw .open(errno: errno) }
        self.fd = fd
        self.name = name
        do throws(UInputError) {
            try Self.control(fd, UInput.setEventBit, Int32(UInput.EV_SYN), "UI_SET_EVBIT EV_SYN")
            if !capabilities.keys.isEmpty {
                try Self.control(fd, UInput.setEventBit, Int32(UInput.EV_KEY), "UI_SET_EVBIT EV_KEY")
                for key in capabilities.keys {
                    try Self.control(fd, UInput.setKeyBit, Int32(key), "UI_SET_KEYBIT \(key)")
                }
            }
            if !capabilities.axes.isEmpty {
                try Self.control(fd, UInput.setEventBit, Int32(UInput.EV_ABS), "UI_SET_EVBIT EV_ABS")
                for axis in capabilities.axes {
                    try Self.control(fd, UInput.setAbsBit, Int32(axis.code), "UI_SET_ABSBIT \(axis.code)")
                }
            }
            for property in capabilities.properties {
                try Self.control(fd, UInput.setPropBit, Int32(property), "UI_SET_PROPBIT \(property)")
            }
            var setup = UInput.setupBytes(name: name)
            try Self.control(fd, UInput.deviceSetup, &setup, "UI_DEV_SETUP")
            for axis in capabilities.axes {
                var absSetup = UInput.absSetupBytes(
                    code: axis.code, minimum: axis.minimum, maximum: axis.maximum, resolution: axis.resolution)
                try Self.control(fd, UInput.absSetup, &absSetup, "UI_ABS_SETUP \(axis.code)")
            }
            guard ioctl(fd, UInput.deviceCreate) == 0 else { throw UInputError.ioctl("UI_DEV_CREATE", errno: errno) }
            var sysname = [UInt8](repeating: 0, count: 64)
            try Self.control(fd, UInput.getSysname(length: sysname.count), &sysname, "UI_GET_SYSNAME")
            inputSysname = String(decoding: sysname.prefix { $0 != 0 }, as: UTF8.self)
            // The evdev handler registers its node while UI_DEV_CREATE runs, so it is listed
            // under the input device at once.
            let folder = "/sys/devices/virtual/input/\(inputSysname)"
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            guard let event = entries.first(where: { $0.hasPrefix("event") }) else {
                throw UInputError.noEventNode(folder)
            }
            eventSysname = event
        } catch {
            close(fd)
            throw error
        }
    }

    private static func control(_ fd: Int32, _ request: UInt, _ value: Int32, _ what: String) throws(UInputError) {
        guard ioctl(fd, request, value) == 0 else { throw .ioctl(what, errno: errno) }
    }

    private static func control(_ fd: Int32, _ request: UInt, _ bytes: inout [UInt8], _ what: String)
        throws(UInputError)
    {
        let result = bytes.withUnsafeMutableBytes { ioctl(fd, request, $0.baseAddress!) }
        guard result >= 0 else { throw .ioctl(what, errno: errno) }
    }

    /// Whether the device still exists.
    var isCreated: Bool { fd >= 0 }

    /// Writes events as one write (the kernel stamps each with CLOCK_MONOTONIC as it arrives,
    /// since libinput asks evdev for that clock). Returns whether all were written.
    @discardableResult
    func write(_ events: [(type: UInt16, code: UInt16, value: Int32)]) -> Bool {
        guard fd >= 0 else { return false }
        var bytes: [UInt8] = []
        for event in events { bytes += UInput.eventBytes(type: event.type, code: event.code, value: event.value) }
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        return written == bytes.count
    }

    /// Writes already encoded `input_event`s (`UInput.eventBytes`) as one write: for a thread
    /// flooding the device. Returns whether all were written.
    func write(bytes: [UInt8]) -> Bool {
        guard fd >= 0 else { return false }
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        return written == bytes.count
    }

    /// Removes the device (`UI_DEV_DESTROY`, then close): udev sees it go, and libinput with it.
    func destroy() {
        guard fd >= 0 else { return }
        _ = ioctl(fd, UInput.deviceDestroy)
        close(fd)
        fd = -1
    }

    deinit { destroy() }
}

/// Why a uinput device could not be made.
enum UInputError: Error, CustomStringConvertible {
    case open(errno: Int32)
    case ioctl(String, errno: Int32)
    case noEventNode(String)

    var description: String {
        switch self {
        case .open(let code): "open /dev/uinput: \(String(cString: strerror(code)))"
        case .ioctl(let what, let code): "\(what): \(String(cString: strerror(code)))"
        case .noEventNode(let folder): "no event node under \(folder)"
        }
    }
}

/// uinput's request numbers and structures, and the evdev codes the checks use
/// (`<linux/uinput.h>`, `<linux/input.h>`, `<linux/input-event-codes.h>`).
enum UInput {
    /// The kernel's `_IOC(direction, type, number, size)` (`<asm-generic/ioctl.h>` on x86 and
    /// arm): the number in bits 0-7, the type (a character) in 8-15, the argument's size in
    /// 16-29 and the direction (1 write, 2 read) in 30-31.
    static func ioc(direction: UInt, type: Character, number: UInt, size: Int) -> UInt {
        (direction << 30) | (UInt(size) << 16) | (UInt(type.asciiValue!) << 8) | number
    }
    /// `_IO(type, number)`: no argument.
    static func io(_ type: Character, _ number: UInt) -> UInt {
        ioc(direction: 0, type: type, number: number, size: 0)
    }
    /// `_IOW(type, number, argument)`: the process writes an argument of `size` bytes.
    static func iow(_ type: Character, _ number: UInt, size: Int) -> UInt {
        ioc(direction: 1, type: type, number: number, size: size)
    }

    /// `UI_DEV_CREATE`: `_IO('U', 1)`.
    static let deviceCreate = io("U", 1)
    /// `UI_DEV_DESTROY`: `_IO('U', 2)`.
    static let deviceDestroy = io("U", 2)
    /// `UI_DEV_SETUP`: `_IOW('U', 3, struct uinput_setup)`.
    static let deviceSetup = iow("U", 3, size: setupSize)
    /// `UI_ABS_SETUP`: `_IOW('U', 4, struct uinput_abs_setup)`.
    static let absSetup = iow("U", 4, size: absSetupSize)
    /// `UI_SET_EVBIT`: `_IOW('U', 100, int)`.
    static let setEventBit = iow("U", 100, size: 4)
    /// `UI_SET_KEYBIT`: `_IOW('U', 101, int)`.
    static let setKeyBit = iow("U", 101, size: 4)
    /// `UI_SET_ABSBIT`: `_IOW('U', 103, int)`.
    static let setAbsBit = iow("U", 103, size: 4)
    /// `UI_SET_PROPBIT`: `_IOW('U', 110, int)`.
    static let setPropBit = iow("U", 110, size: 4)
    /// `UI_GET_SYSNAME(len)`: `_IOC(_IOC_READ, 'U', 44, len)`.
    static func getSysname(length: Int) -> UInt { ioc(direction: 2, type: "U", number: 44, size: length) }

    /// `struct uinput_setup`: `struct input_id` (four `__u16`), `char name[80]`,
    /// `__u32 ff_effects_max`.
    static let setupSize = 8 + 80 + 4
    /// `struct uinput_abs_setup`: `__u16 code`, two bytes of padding, then `struct input_absinfo`
    /// (six `__s32`: value, minimum, maximum, fuzz, flat, resolution).
    static let absSetupSize = 4 + 6 * 4

    static func setupBytes(name: String) -> [UInt8] {
        var bytes: [UInt8] = []
        // bustype BUS_VIRTUAL (6), vendor, product, version.
        for value: UInt16 in [0x06, 0x1234, 0x5678, 1] { bytes += littleEndian(value) }
        var nameBytes = Array(name.utf8.prefix(79))
        nameBytes += [UInt8](repeating: 0, count: 80 - nameBytes.count)
        bytes += nameBytes
        bytes += littleEndian(UInt32(0))
        precondition(bytes.count == setupSize)
        return bytes
    }

    static func absSetupBytes(code: UInt16, minimum: Int32, maximum: Int32, resolution: Int32) -> [UInt8] {
        var bytes = littleEndian(code) + [0, 0]
        for value in [0, minimum, maximum, 0, 0, resolution] { bytes += littleEndian(UInt32(bitPattern: value)) }
        precondition(bytes.count == absSetupSize)
        return bytes
    }

    /// `struct input_event` on LP64: `struct timeval` (two 64-bit fields; uinput ignores it and
    /// the kernel stamps the event), `__u16 type`, `__u16 code`, `__s32 value`.
    static func eventBytes(type: UInt16, code: UInt16, value: Int32) -> [UInt8] {
        [UInt8](repeating: 0, count: MemoryLayout<timeval>.size) + littleEndian(type) + littleEndian(code)
            + littleEndian(UInt32(bitPattern: value))
    }

    private static func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }

    // Event types.
    static let EV_SYN: UInt16 = 0x00
    static let EV_KEY: UInt16 = 0x01
    static let EV_ABS: UInt16 = 0x03
    static let SYN_REPORT: UInt16 = 0
    // Keys and buttons.
    static let BTN_TOUCH: UInt16 = 0x14a
    static let KEY_ESC: UInt16 = 1
    static let KEY_A: UInt16 = 30
    static let KEY_LEFTSHIFT: UInt16 = 42
    static let KEY_MINUS: UInt16 = 12
    static let KEY_EQUAL: UInt16 = 13
    static let KEY_E: UInt16 = 18
    static let KEY_RIGHTALT: UInt16 = 100
    // Axes.
    static let ABS_X: UInt16 = 0x00
    static let ABS_Y: UInt16 = 0x01
    static let ABS_MT_SLOT: UInt16 = 0x2f
    static let ABS_MT_POSITION_X: UInt16 = 0x35
    static let ABS_MT_POSITION_Y: UInt16 = 0x36
    static let ABS_MT_TRACKING_ID: UInt16 = 0x39
    // Properties.
    static let INPUT_PROP_DIRECT: UInt16 = 0x01
}
