import Foundation

/// One event from a touchscreen, as libinput's touch events report them: contacts go down,
/// move and go up (or are cancelled) in slots, and a `.frame` closes each batch of changes
/// that happened together. `UIApplication` turns each frame into one `UIEvent` whose
/// `UITouch`es are the slots, mapped onto the screen named by `outputName`.
public struct TouchEvent: Hashable, Sendable {
    /// What happened to the contact.
    public enum Phase: Hashable, Sendable {
        /// A finger touched (`LIBINPUT_EVENT_TOUCH_DOWN`, `UITouch.Phase.began`).
        case down
        /// A finger moved (`LIBINPUT_EVENT_TOUCH_MOTION`, `UITouch.Phase.moved`).
        case motion
        /// A finger lifted (`LIBINPUT_EVENT_TOUCH_UP`, `UITouch.Phase.ended`).
        case up
        /// The contact is no longer valid, e.g. a palm was detected
        /// (`LIBINPUT_EVENT_TOUCH_CANCEL`, `UITouch.Phase.cancelled`).
        case cancel
        /// The end of a set of simultaneous changes (`LIBINPUT_EVENT_TOUCH_FRAME`).
        case frame
    }

    /// What happened.
    public var phase: Phase
    /// The contact's slot, unique among the contacts currently down on the device's seat
    /// (libinput's seat slot); nil for `.frame`.
    public var slot: Int?
    /// Where the contact is, normalised to the device: (0, 0) top left, (1, 1) bottom right,
    /// after calibration and rotation. Set for `.down` and `.motion`, nil otherwise.
    public var position: CGPoint?
    /// The output the device is mapped to (`DisplayOutput.name`), if known; otherwise the
    /// receiver picks (the main screen).
    public var outputName: String?
    /// The device that produced the event, for mapping and diagnostics (its sysname or name).
    public var device: String?
    /// When it happened, in seconds on `CLOCK_MONOTONIC` (`UITouch.timestamp`).
    public var timestamp: Double

    /// An event with every field given; prefer the `down`/`motion`/`up`/`cancel`/`frame`
    /// factories, which fill the fields each phase has.
    public init(
        phase: Phase, slot: Int?, position: CGPoint?, outputName: String?, device: String? = nil,
        timestamp: Double
    ) {
        self.phase = phase
        self.slot = slot
        self.position = position
        self.outputName = outputName
        self.device = device
        self.timestamp = timestamp
    }

    /// A finger touched in `slot` at normalised `position`.
    public static func down(
        slot: Int, at position: CGPoint, output: String? = nil, device: String? = nil, timestamp: Double
    ) -> TouchEvent {
        TouchEvent(
            phase: .down, slot: slot, position: position, outputName: output, device: device,
            timestamp: timestamp)
    }

    /// The finger in `slot` moved to normalised `position`.
    public static func motion(
        slot: Int, to position: CGPoint, output: String? = nil, device: String? = nil, timestamp: Double
    ) -> TouchEvent {
        TouchEvent(
            phase: .motion, slot: slot, position: position, outputName: output, device: device,
            timestamp: timestamp)
    }

    /// The finger in `slot` lifted.
    public static func up(slot: Int, output: String? = nil, device: String? = nil, timestamp: Double)
        -> TouchEvent
    {
        TouchEvent(
            phase: .up, slot: slot, position: nil, outputName: output, device: device, timestamp: timestamp)
    }

    /// The contact in `slot` was cancelled.
    public static func cancel(slot: Int, output: String? = nil, device: String? = nil, timestamp: Double)
        -> TouchEvent
    {
        TouchEvent(
            phase: .cancel, slot: slot, position: nil, outputName: output, device: device,
            timestamp: timestamp)
    }

    /// The end of a batch of simultaneous touch changes.
    public static func frame(output: String? = nil, device: String? = nil, timestamp: Double) -> TouchEvent {
        TouchEvent(
            phase: .frame, slot: nil, position: nil, outputName: output, device: device,
            timestamp: timestamp)
    }
}
