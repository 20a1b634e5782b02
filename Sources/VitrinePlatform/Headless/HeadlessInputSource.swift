/// An input source fed by hand: tests (and the synthetic touch helper) inject events, which
/// are delivered synchronously to `eventHandler`, exactly as the libinput backend delivers what
/// it reads. Stands in for a seat's touchscreens, pointers and keyboards; tests plug devices
/// in and out with `addDevice(_:)` and `removeDevice(sysname:)` (a hardware keyboard: see
/// `keyboard(sysname:)`).
@MainActor
public final class HeadlessInputSource: InputSource, InputDeviceReporting {
    /// Receives every injected event, synchronously.
    public var eventHandler: (@MainActor (InputEvent) -> Void)?

    /// The number of injected events that reached a handler.
    public private(set) var deliveredCount = 0

    /// A source with no handler yet.
    public init() {}

    /// Delivers `event` to the handler now (dropped if there is none).
    public func inject(_ event: InputEvent) {
        guard let handler = eventHandler else { return }
        deliveredCount += 1
        handler(event)
    }

    /// Delivers `events` in order.
    public func inject(_ events: [InputEvent]) {
        for event in events { inject(event) }
    }

    /// Delivers a touch event.
    public func inject(_ event: TouchEvent) {
        inject(.touch(event))
    }

    /// Delivers a pointer event.
    public func inject(_ event: PointerEvent) {
        inject(.pointer(event))
    }

    /// Delivers a key event.
    public func inject(_ event: KeyEvent) {
        inject(.key(event))
    }

    // MARK: Devices

    /// The devices added and not removed, in the order they were added.
    public private(set) var devices: [InputDeviceDescription] = []

    /// Told of every device added or removed, synchronously.
    public var deviceChangeHandler: (@MainActor (InputDeviceChange) -> Void)?

    /// Plugs `device` in (replacing one of the same sysname) and reports it.
    public func addDevice(_ device: InputDeviceDescription) {
        devices.removeAll { $0.sysname == device.sysname }
        devices.append(device)
        deviceChangeHandler?(InputDeviceChange(.added, device))
    }

    /// Unplugs the device called `sysname` and reports it; nothing when there is none.
    public func removeDevice(sysname: String) {
        guard let index = devices.firstIndex(where: { $0.sysname == sysname }) else { return }
        let device = devices.remove(at: index)
        deviceChangeHandler?(InputDeviceChange(.removed, device))
    }

    /// A USB keyboard with letter keys, for `addDevice(_:)`.
    public static func keyboard(sysname: String = "event20", name: String = "Headless Keyboard")
        -> InputDeviceDescription
    {
        InputDeviceDescription(
            sysname: sysname, name: name, isTouchscreen: false, isPointer: false, isKeyboard: true,
            isAlphanumericKeyboard: true, properties: ["ID_INPUT_KEYBOARD": "1"])
    }
}
