import VitrinePlatform
import VitrineSeat

/// Pauses rendering and input while the seat is away and resumes both when it is back: what a
/// libseat session's disable and enable events (a VT switch, another session taking the seat)
/// do to a kiosk.
///
/// Pausing suspends input first (libinput closes every input device through the opener, so
/// touches in progress are cancelled), then the display (DRM master dropped, outputs
/// suspended: frames are held). The session acknowledges the disable when `pause()` has
/// returned. Resuming resumes the display first (master regained, a full modeset and repaint
/// on the next frame), then input (the devices re-opened). Both are driven through
/// VitrinePlatform's `SessionControl`, so any backend that adopts it can be wired.
@MainActor
public final class SeatSessionWiring {
    /// The display backend paused and resumed.
    public let display: any SessionControl
    /// The input source paused and resumed, if any.
    public let input: (any SessionControl)?
    /// Whether rendering and input are paused now.
    public private(set) var isPaused = false

    /// Wiring for `display` and `input`; nothing happens until `attach(to:)` or a call.
    public init(display: any SessionControl, input: (any SessionControl)?) {
        self.display = display
        self.input = input
    }

    /// Makes `session`'s disable and enable events pause and resume. The session holds this
    /// wiring until it is closed.
    public func attach(to session: SeatSession) {
        session.disableHandler = { self.pause() }
        session.enableHandler = { self.resume() }
    }

    /// The seat went away: input, then rendering, stop. Does nothing when already paused.
    public func pause() {
        guard !isPaused else { return }
        isPaused = true
        input?.pauseSession()
        display.pauseSession()
    }

    /// The seat is back: rendering, then input, start again. Does nothing unless paused (the
    /// enable that comes with a new session finds nothing to resume).
    public func resume() {
        guard isPaused else { return }
        isPaused = false
        display.resumeSession()
        input?.resumeSession()
    }
}
