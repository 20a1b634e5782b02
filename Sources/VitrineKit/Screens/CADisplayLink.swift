import Foundation
import VitrineLayers

/// A timer that calls its handler at a screen's vblank, as Core Animation's `CADisplayLink`.
///
/// Vitrine keeps it in VitrineKit rather than VitrineLayers because a link is bound to a screen
/// (the vblank of a `UIScreen`'s output drives it, and `add(to:forMode:)` attaches to the main
/// screen), and screens are VitrineKit's; an app importing VitrineKit sees it as iOS code sees
/// QuartzCore's.
///
/// The target/selector form becomes a closure: `CADisplayLink { link in ... }` or
/// `screen.displayLink { link in ... }`. Once added (`add(to:forMode:)`) the link fires at
/// each vblank of its screen, before animations are sampled and before layout and
/// compositing, with:
/// - `timestamp`: that vblank's time (the page-flip event's),
/// - `targetTimestamp`: when the next frame is shown (`timestamp` + the refresh period times the
///   number of vblanks between callbacks),
/// - `duration`: the refresh period.
/// While an unpaused link is added, its screen's frame loop keeps ticking on vblanks even with
/// nothing to draw; `isPaused` or `invalidate()` let it go idle.
///
/// `preferredFramesPerSecond` and `preferredFrameRateRange` thin out the callbacks to every
/// n-th vblank, n = round(refresh rate / preferred rate) (at least 1); the run loop and mode
/// are accepted for source compatibility and ignored (Vitrine's frame loop is the main
/// actor's). The link holds its handler strongly until invalidated, as a link holds its
/// target.
@preconcurrency @MainActor
open class CADisplayLink {
    private let handler: @MainActor (CADisplayLink) -> Void
    /// The screen whose vblanks drive the link; nil until added or once invalidated.
    private(set) weak var screen: UIScreen?
    /// The screen given at creation (`UIScreen.displayLink`), used by `add(to:forMode:)`.
    private weak var creatingScreen: UIScreen?
    private var isInvalidated = false
    /// vblanks since the last callback.
    private var vblanksSinceCallback = 0

    /// The vblank time of the last callback, as `timestamp` (0 before the first).
    open private(set) var timestamp: CFTimeInterval = 0
    /// When the frame being prepared in this callback is shown, as `targetTimestamp`.
    open private(set) var targetTimestamp: CFTimeInterval = 0
    /// The screen's refresh period, as `duration` (0 before the first callback).
    open private(set) var duration: CFTimeInterval = 0

    /// Whether callbacks are suspended, as `isPaused`.
    open var isPaused = false {
        didSet { if isPaused != oldValue { screen?.frameLoop.displayLinksDidChange() } }
    }

    /// The rate wanted in frames per second, as `preferredFramesPerSecond`; 0 (default) is the
    /// screen's refresh rate.
    open var preferredFramesPerSecond: Int = 0

    /// The frame rates wanted, as `preferredFrameRateRange`; its `preferred` (else `maximum`)
    /// rate is used when positive and `preferredFramesPerSecond` is 0.
    open var preferredFrameRateRange: CAFrameRateRange = .default

    /// A link calling `handler` at each vblank once added, as `init(target:selector:)` with
    /// a closure.
    public init(handler: @escaping @MainActor (CADisplayLink) -> Void) {
        self.handler = handler
    }

    init(screen: UIScreen, handler: @escaping @MainActor (CADisplayLink) -> Void) {
        self.handler = handler
        creatingScreen = screen
    }

    /// Starts the callbacks, as `add(to:forMode:)`: on the screen that made the link, else the
    /// main screen. Adding again does nothing; an invalidated link is never added.
    open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard !isInvalidated, screen == nil else { return }
        let target = creatingScreen ?? UIScreen.main
        screen = target
        target.frameLoop.add(self)
    }

    /// Stops the callbacks, as `remove(from:forMode:)`; the link can be added again.
    open func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard let screen else { return }
        self.screen = nil
        screen.frameLoop.remove(self)
    }

    /// Stops the callbacks for good and releases the link from its screen, as `invalidate()`.
    open func invalidate() {
        isInvalidated = true
        remove(from: .main, forMode: .common)
    }

    /// Whether the link currently asks for vblanks.
    var isActive: Bool { !isPaused && !isInvalidated && screen != nil }

    /// The number of vblanks per callback at `refreshRate`.
    func vblankInterval(refreshRate: Double) -> Int {
        var preferred = Double(preferredFramesPerSecond)
        if preferred <= 0 {
            let range = preferredFrameRateRange
            preferred = Double(range.preferred ?? 0)
            if !(preferred > 0) { preferred = Double(range.maximum) }
        }
        guard preferred.isFinite, preferred > 0, refreshRate.isFinite, refreshRate > 0 else { return 1 }
        return max(1, Int((refreshRate / preferred).rounded()))
    }

    /// A vblank at `vblankTime` with the given refresh period: calls the handler when due.
    func vblank(at vblankTime: Double, refreshPeriod: Double) {
        guard isActive else { return }
        let interval = vblankInterval(refreshRate: refreshPeriod > 0 ? 1 / refreshPeriod : 0)
        vblanksSinceCallback += 1
        guard vblanksSinceCallback >= interval else { return }
        vblanksSinceCallback = 0
        timestamp = vblankTime
        duration = refreshPeriod
        targetTimestamp = vblankTime + Double(interval) * refreshPeriod
        handler(self)
    }
}

extension UIScreen {
    /// A display link for this screen, as `displayLink(withTarget:selector:)` with a closure;
    /// call `add(to:forMode:)` to start it. Nil once the screen is disconnected, as UIKit
    /// returns nil when no link can be made.
    public func displayLink(handler: @escaping @MainActor (CADisplayLink) -> Void) -> CADisplayLink? {
        guard isConnected else { return nil }
        return CADisplayLink(screen: self, handler: handler)
    }
}
