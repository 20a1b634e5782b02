import Foundation

/// One event from a mouse or touchpad, as libinput's pointer events report them. Kiosks use a
/// pointer mostly for service and debugging; `UIApplication` may map the primary button to a
/// touch on the screen under the cursor.
public struct PointerEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// Relative, accelerated movement in units normalised to a 1000 dpi device, as
        /// `LIBINPUT_EVENT_POINTER_MOTION` (`dx`, `dy`).
        case motion(dx: Double, dy: Double)
        /// An absolute position normalised to the device (0...1 on both axes), as
        /// `LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE` (a tablet or a virtual machine's pointer).
        case motionAbsolute(CGPoint)
        /// A button changed state; `button` is the evdev code (`BTN_LEFT` is 0x110).
        case button(button: UInt32, isPressed: Bool)
        /// Scrolling by `dx`, `dy` points of content (positive: toward the content's end, as
        /// a wheel turned down; `LIBINPUT_EVENT_POINTER_SCROLL_*`). A wheel notch is
        /// `pointsPerWheelNotch`.
        case scroll(dx: Double, dy: Double)
    }

    /// How far one notch of a mouse wheel scrolls: one 40-point line.
    public static let pointsPerWheelNotch: Double = 40

    /// What happened.
    public var kind: Kind
    /// The output the device is mapped to (`DisplayOutput.name`), if known.
    public var outputName: String?
    /// The device that produced the event (its sysname or name), if known.
    public var device: String?
    /// When it happened, in seconds on `CLOCK_MONOTONIC`.
    public var timestamp: Double

    /// A pointer event of `kind` at `timestamp`.
    public init(kind: Kind, outputName: String? = nil, device: String? = nil, timestamp: Double) {
        self.kind = kind
        self.outputName = outputName
        self.device = device
        self.timestamp = timestamp
    }
}
