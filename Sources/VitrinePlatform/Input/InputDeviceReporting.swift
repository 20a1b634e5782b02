/// An input device attached or removed, as an input source reports it.
public struct InputDeviceChange: Hashable, Sendable {
    /// What happened to the device.
    public enum Kind: Hashable, Sendable {
        /// It was plugged in (or was there when the source started, or the session resumed).
        case added
        /// It was unplugged (or the session went away).
        case removed
    }

    /// What happened.
    public var kind: Kind
    /// The device.
    public var device: InputDeviceDescription

    /// A change of `kind` to `device`.
    public init(_ kind: Kind, _ device: InputDeviceDescription) {
        self.kind = kind
        self.device = device
    }
}

/// An input source that says which devices are attached and when that changes: how
/// `UIApplication` knows whether a hardware keyboard is there (the on-screen keyboard is
/// shown only without one), and stops a held key's repeat when its keyboard is unplugged.
///
/// A device's events all come before its removal is reported (libinput releases the keys
/// and cancels the touches of a device going away first).
@MainActor
public protocol InputDeviceReporting: AnyObject {
    /// The devices attached now.
    var devices: [InputDeviceDescription] { get }
    /// Called with every addition and removal, on the main actor, after `devices` changed.
    var deviceChangeHandler: (@MainActor (InputDeviceChange) -> Void)? { get set }
}
