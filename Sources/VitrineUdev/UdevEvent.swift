/// One udev event: what happened (`add`, `remove`, `change`, `bind` ...) to which device.
public struct UdevEvent: @unchecked Sendable {
    /// The action: `add`, `remove`, `change`, `move`, `bind`, `unbind`.
    public var action: String
    /// The device, with the event's properties (`HOTPLUG`, `SYNTH_ARG_HOTPLUG`, `CONNECTOR`).
    public var device: UdevDevice

    /// An event `action` of `device`.
    public init(action: String, device: UdevDevice) {
        self.action = action
        self.device = device
    }
}
