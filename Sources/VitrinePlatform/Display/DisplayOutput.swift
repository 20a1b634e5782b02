import Foundation
import VitrineGraphics

/// One display a screen draws on: a DRM connector with its CRTC and scanout buffers, or a
/// headless output in memory. `UIScreen` wraps one; the view system sees only this protocol.
///
/// The frame protocol follows a DRM page flip and an EGL swap chain:
/// 1. `acquireBuffer()` hands out a back buffer and its age (nil when none is free, e.g. a
///    double buffer whose other buffer is still waiting for vblank);
/// 2. the compositor renders the damage (accumulated over the buffer's age) into it;
/// 3. `present(_:damage:)` queues it for the next vblank; only one present may be in flight;
/// 4. at that vblank the output calls `presentCompletionHandler` with a `PresentEvent`, after
///    which the next frame may be presented.
///
/// An output can be unplugged at any time: afterwards `isConnected` is false, `acquireBuffer()`
/// returns nil, `present` and `setMode` throw `.disconnected`, and no further present events
/// arrive (a present in flight is dropped).
@MainActor
public protocol DisplayOutput: AnyObject {
    /// The connector name, unique per backend: `HDMI-A-1`, `DSI-1`, `HEADLESS-1`.
    var name: String { get }
    /// The manufacturer from the display's EDID, if known.
    var make: String? { get }
    /// The model name from the display's EDID, if known.
    var model: String? { get }
    /// The serial number from the display's EDID, if known.
    var serial: String? { get }
    /// The visible area in millimetres (width x height), if the display reports it; used to
    /// work out pixel density (`UIScreen.scale`, `nativeScale`).
    var physicalSize: CGSize? { get }

    /// Whether the output is plugged in and usable.
    var isConnected: Bool { get }
    /// The modes the display supports, as `UIScreen.availableModes`; the native one has
    /// `isPreferred` set (`UIScreen.preferredMode`).
    var modes: [DisplayMode] { get }
    /// The mode being scanned out, as `UIScreen.currentMode`.
    var currentMode: DisplayMode { get }
    /// Switches to `mode` (one of `modes`), as assigning `UIScreen.currentMode` does.
    /// Reallocates the swapchain (every buffer's age becomes 0) and restarts vblank timing;
    /// the backend's mode-changed handler fires. Setting the current mode does nothing.
    func setMode(_ mode: DisplayMode) throws(DisplayOutputError)

    /// The number of buffers in the swapchain (2 for double, 3 for triple buffering).
    var bufferCount: Int { get }
    /// The back buffer to render the next frame into, or nil if none is free or the output is
    /// disconnected. Calling again before presenting returns the same buffer and age; a buffer
    /// drawn into must be presented, or its age no longer describes its contents.
    func acquireBuffer() -> SwapchainBuffer?
    /// Queues the acquired buffer for display at the next vblank. `damage` is the part that
    /// changed since the previous frame (clipped to the buffer), passed on to the hardware as
    /// `FB_DAMAGE_CLIPS` where supported. Throws `.presentPending` while a present is in
    /// flight, `.disconnected` after unplugging and `.bufferNotAcquired` for a stale buffer.
    func present(_ buffer: SwapchainBuffer, damage: Region) throws(DisplayOutputError)
    /// Whether a present is waiting for its vblank.
    var isPresentPending: Bool { get }
    /// Called on the main actor at the vblank that put a presented buffer on screen (the DRM
    /// page-flip event), with that vblank's time: the tick display links fire on.
    var presentCompletionHandler: (@MainActor (PresentEvent) -> Void)? { get set }

    /// Whether the output is suspended: connected, but its session is away (another process is
    /// DRM master, a VT switch), so `acquireBuffer()` returns nil and `present` throws
    /// `.suspended` until it resumes. Frames are held meanwhile, not retried.
    var isSuspended: Bool { get }
    /// Called on the main actor when a suspended output can show frames again, and when a
    /// powered-off output is powered on (`setPowered(true)`). What was on screen is gone
    /// (another client drew there, or the panel was dark) and the next present sets the mode
    /// again: the next frame must repaint every pixel.
    var resumeHandler: (@MainActor () -> Void)? { get set }

    /// Whether the display is lit (a Vitrine addition, for idle blanking): false after
    /// `setPowered(false)`. While it is false, as while suspended, `acquireBuffer()` returns
    /// nil and `present` throws `.poweredOff`: frames are held, nothing is scanned out, no
    /// present events arrive.
    var isPoweredOn: Bool { get }
    /// Switches the display off (DPMS off: a DRM output's CRTC goes inactive, the panel dark)
    /// or back on. A present in flight still completes (its event arrives) and the display
    /// goes dark after it. Powering on calls `resumeHandler` (the next frame repaints every
    /// pixel and, on DRM, sets the mode again); on a suspended output it only records the
    /// wish, and the resume brings the picture back. Throws `.disconnected` once unplugged.
    func setPowered(_ on: Bool) throws(DisplayOutputError)
}

extension DisplayOutput {
    /// Outputs that are never suspended (the headless ones) are never suspended.
    public var isSuspended: Bool { false }
    /// Outputs that are never suspended never resume: the handler is not kept.
    public var resumeHandler: (@MainActor () -> Void)? {
        get { nil }
        set {}
    }
}
