import Foundation
import VitrineGraphics
import VitrineLayers
import VitrinePlatform

/// One screen's frame loop (DESIGN.md, "The frame loop"). A frame:
///
/// 1. at a vblank (the present-complete event, timestamp T): the screen's display links fire
///    (`timestamp` T, `targetTimestamp` T + refresh period);
/// 2. the implicit transaction is flushed and the animations are sampled at the time the frame
///    will show (T + refresh period; for a frame not started by a vblank, the next vblank
///    predicted from the last one);
/// 3. layout and display passes; the compositor renders the damage into a back buffer, which
///    is presented with the frame damage.
///
/// When the tree changes, a frame is scheduled at the next clock turn (coalescing everything
/// until then), or, while a present is in flight, at its vblank. While animations run or an
/// unpaused display link is added, frames go on at every vblank even with nothing to draw: a
/// present's completion drives the next one, and when nothing was presented a clock wake-up at
/// the predicted next vblank stands in for the vblank event (the display seam reports vblanks
/// only for presents). When nothing changed and nothing animates: no frame, no present, no
/// wake-up.
///
/// Changes made inside an explicit `CATransaction` wait for its outermost commit.
@MainActor
final class ScreenFrameLoop: CALayerTreeHost {
    private unowned let screen: UIScreen
    /// The clock of the backend the screen's output belongs to (passed in, never looked up:
    /// the registry is still being made while its screens are).
    private let clock: any MediaClock
    /// Renders the screen's tree with its scale and rotation (`UIScreen` sets them).
    let compositor: ScreenCompositor
    /// Samples the screen tree's animations each frame.
    let animationEngine = CAAnimationEngine()
    /// A frame is due: either a wake-up is scheduled on the clock, or the present in flight
    /// renders it when it completes.
    private var frameScheduled = false
    private var stopped = false
    /// Called at a present's completion before rendering (a deferred mode switch).
    var beforeFrameAfterPresent: (() -> Void)?
    /// Called once, when the first present completed: the screen's first frame is on screen.
    /// The registry forwards it to the application's `screenFirstFrameHandler`.
    var firstFramePresented: (@MainActor () -> Void)?
    /// When the first frame reached the screen: its page flip's vblank time.
    private(set) var firstFramePresentationTime: Double?
    /// Frames presented so far (for tests and statistics).
    private(set) var presentedFrameCount = 0
    /// Presents whose vblank came: frames that reached the screen.
    private(set) var completedPresentCount = 0
    /// Frames run so far, presented or not (for tests and statistics).
    private(set) var frameCount = 0
    /// Vblanks missed by frames started at a vblank: a frame rendered at a present's
    /// completion (vblank N) whose own flip landed at vblank N + 1 + k missed k. Frames not
    /// started by a vblank event (the first, one after an idle spell) have no deadline.
    private(set) var missedVblankCount = 0
    /// The vblank the frame in flight should land at, when a vblank event started it.
    private var expectedSequence: UInt64?
    /// The vblank event that started the frame being rendered, while `renderFrame` runs.
    private var startingEvent: (sequence: UInt64, receivedAt: Double)?
    /// How late the frame in flight began after its vblank, and how long it took to present.
    private var inFlightTiming: (lateness: Double, duration: Double)?
    /// The buffer presented last: it holds the frame on screen (for screenshots).
    private var frontBuffer: SwapchainBuffer?
    /// The display links added to this screen, in the order added.
    private var displayLinks: [CADisplayLink] = []
    /// Whether animations were still running after the last frame.
    private(set) var isAnimating = false
    /// The time of the last vblank seen (a present's completion or a stand-in wake-up).
    private var lastVblank: Double?
    /// The stand-in for a vblank event when nothing was presented.
    private var vblankTimer: ClockTimer?

    init(screen: UIScreen, clock: any MediaClock) {
        self.screen = screen
        self.clock = clock
        // The renderer provider in force when the screen is made: frames never read it again.
        let output = screen.output
        let provider = ScreenRegistry.rendererProvider
        compositor = ScreenCompositor(scale: screen.scale, rotation: screen.rotation) {
            provider?(output) ?? PixmanRenderer()
        }
        screen.rootLayer.treeHost = self
        screen.output.presentCompletionHandler = { [weak self] event in self?.presentDidComplete(event) }
        screen.output.resumeHandler = { [weak self] in self?.outputDidResume() }
        scheduleFrame()
    }

    func layerTreeDidChange(_ root: CALayer) { scheduleFrame() }

    /// Whether frames must go on at every vblank: animations run or a display link is active.
    var needsVblanks: Bool { isAnimating || displayLinks.contains { $0.isActive } }

    /// Asks for a frame at the next turn of the clock (coalescing every change made until
    /// then), unless one is already due or a present is in flight (its completion renders).
    func scheduleFrame() {
        guard !stopped, !frameScheduled else { return }
        frameScheduled = true
        guard !screen.output.isPresentPending else { return }
        clock.schedule(at: clock.now) { [weak self] in self?.scheduledFrameFired() }
    }

    // MARK: Display links

    func add(_ link: CADisplayLink) {
        guard !displayLinks.contains(where: { $0 === link }) else { return }
        displayLinks.append(link)
        displayLinksDidChange()
    }

    func remove(_ link: CADisplayLink) {
        displayLinks.removeAll { $0 === link }
        displayLinksDidChange()
    }

    /// What the last composite did (painted, moved), for benchmarks and tests.
    package private(set) var lastComposite: CompositeResult?

    /// A link was added, removed, paused or resumed: start or stop the vblank wake-ups.
    func displayLinksDidChange() {
        if needsVblanks {
            scheduleVblankWakeUp()
        } else {
            vblankTimer?.cancel()
            vblankTimer = nil
        }
    }

    // MARK: Frames

    private func scheduledFrameFired() {
        // A present made since this wake-up was scheduled renders this frame at its vblank.
        guard frameScheduled, !screen.output.isPresentPending else { return }
        renderFrame(vblank: nil)
    }

    private func presentDidComplete(_ event: PresentEvent) {
        let receivedAt = clock.now
        completedPresentCount += 1
        countMissedVblanks(event)
        // The first frame is on screen now (its page flip completed), not when it was queued.
        if completedPresentCount == 1 {
            firstFramePresentationTime = event.timestamp
            firstFramePresented?()
        }
        beforeFrameAfterPresent?()
        lastVblank = event.timestamp
        guard frameScheduled || needsVblanks else { return }
        startingEvent = (event.sequence, receivedAt)
        defer { startingEvent = nil }
        renderFrame(vblank: event.timestamp)
    }

    /// A frame started at vblank N that landed past N + 1 missed the vblanks between. Counted
    /// always (`vitrined --status` reports the count); said at debug level, so a panel that
    /// falls behind does not fill its journal, with what tells a slow frame from a process that
    /// did not run: how late after its vblank the frame began (the event waited for the main
    /// loop) and how long the frame's own work took. The line is only formatted when written.
    private func countMissedVblanks(_ event: PresentEvent) {
        defer {
            expectedSequence = nil
            inFlightTiming = nil
        }
        guard let expected = expectedSequence, event.sequence > expected else { return }
        let missed = Int(event.sequence - expected)
        missedVblankCount += missed
        let timing = inFlightTiming
        kitLog.debug(
            "\(screen.name): a frame missed \(missed) vblank(s): it landed at vblank \(event.sequence) (at \(String(format: "%.6f", event.timestamp)) s), not \(expected)\(timing.map { String(format: "; it began %.1f ms after its vblank and took %.1f ms", $0.lateness * 1000, $0.duration * 1000) } ?? "")"
        )
    }

    private func vblankWakeUpFired(at time: Double) {
        vblankTimer = nil
        // A present in flight brings the real vblank event; a dark or suspended output has
        // no vblanks (this wake-up was armed before it went away).
        guard !stopped, !screen.output.isPresentPending, screen.output.isPoweredOn, !screen.output.isSuspended
        else { return }
        lastVblank = time
        guard needsVblanks || frameScheduled else { return }
        renderFrame(vblank: time)
    }

    /// The first vblank after `time`, predicted from the last one seen (or one refresh period
    /// on, before any).
    private func predictedVblank(after time: Double) -> Double {
        let period = screen.output.currentMode.refreshPeriod
        guard period > 0, period.isFinite else { return time }
        guard let last = lastVblank, last <= time else { return time + period }
        let periods = ((time - last) / period + 1e-6).rounded(.down) + 1
        return last + periods * period
    }

    /// A wake-up at the next vblank, when frames must go on and no present will bring one.
    private func scheduleVblankWakeUp() {
        guard !stopped, needsVblanks, screen.output.isConnected, !screen.output.isSuspended,
            screen.output.isPoweredOn, !screen.output.isPresentPending, vblankTimer?.isPending != true
        else { return }
        let time = predictedVblank(after: clock.now)
        vblankTimer = clock.schedule(at: time) { [weak self] in self?.vblankWakeUpFired(at: time) }
    }

    /// Display links (at a vblank), animations, layout, display, composite, present.
    func renderFrame(vblank: Double? = nil) {
        guard !stopped else { return }
        // Appearances that waited for this frame end after it, as UIKit's after its commit.
        defer { PendingAppearances.endAll() }
        frameCount += 1
        let period = screen.output.currentMode.refreshPeriod
        if let vblank {
            for link in displayLinks { link.vblank(at: vblank, refreshPeriod: period) }
        }
        if CATransaction.isBatching {
            // The outermost commit tells the tree host again.
            frameScheduled = false
            scheduleVblankWakeUp()
            return
        }
        CATransaction.flush()
        let root = screen.rootLayer
        let showTime = vblank.map { $0 + period } ?? predictedVblank(after: clock.now)
        // Changes made by animation delegates and completions (a completion starting the next
        // animation) are after this frame's sample: they ask for the next frame.
        frameScheduled = false
        isAnimating = animationEngine.advance(root, to: showTime)
        var changedDuringSample = frameScheduled
        frameScheduled = false
        root.layoutAndDisplayIfNeeded()
        if frameScheduled {
            // Layout or drawing changed the tree, maybe adding animations (a view that starts
            // one in layoutSubviews): they start in this frame, as Core Animation samples
            // after the commit's layout. What their completions change is for the next frame.
            frameScheduled = false
            isAnimating = animationEngine.advance(root, to: showTime)
            changedDuringSample = changedDuringSample || frameScheduled
        }
        // Changes made by layout and drawing are in this frame; later ones ask for the next.
        frameScheduled = changedDuringSample
        guard let buffer = screen.output.acquireBuffer() else {
            if screen.output.isConnected { frameScheduled = true }  // rendered when the present completes
            scheduleVblankWakeUp()
            return
        }
        let result = compositor.render(root, into: buffer, bufferAge: buffer.age)
        lastComposite = result
        if !result.repainted.isEmpty || result.moved != nil {
            do {
                try screen.output.present(buffer, damage: result.frameDamage)
                frontBuffer = buffer
                presentedFrameCount += 1
                if let startingEvent, let lastVblank {
                    expectedSequence = startingEvent.sequence + 1
                    inFlightTiming = (startingEvent.receivedAt - lastVblank, clock.now - startingEvent.receivedAt)
                }
                vblankTimer?.cancel()
                vblankTimer = nil
                return
            } catch .suspended, .poweredOff {
                // The session went away, or the display was switched off, during this frame:
                // the frame is held, and the output's resume (or power-on) repaints everything.
                frameScheduled = true
                return
            } catch {
                kitLog.error("presenting on \(screen.name) failed: \(error)")
            }
        }
        scheduleVblankWakeUp()
    }

    /// The output switched modes: its buffers are new and a present in flight was dropped,
    /// so the next frame repaints everything and is scheduled afresh; vblanks restart now.
    func modeDidChange() {
        // The output's buffers are new.
        frontBuffer = nil
        compositor.invalidate()
        // A new mode's first flip has no deadline.
        expectedSequence = nil
        lastVblank = clock.now
        vblankTimer?.cancel()
        vblankTimer = nil
        frameScheduled = false
        scheduleFrame()
        scheduleVblankWakeUp()
    }

    /// The output is back from a suspension (the session returned after a VT switch or
    /// another DRM master) or was powered on after idle blanking: what was on screen is gone,
    /// so the next frame repaints every pixel and vblanks restart now. Frames were held while
    /// it was away or dark: no wake-ups, no retries.
    func outputDidResume() {
        modeDidChange()
    }

    /// The frame on screen, upright: the buffer presented last, or on a rotated panel the
    /// compositor's picture of it (screenshots copy it: a `memcpy`, where rendering the tree
    /// afresh with a new compositor repaints everything, about 80 ms for the showcase at
    /// 1920x1080, `docs/benchmarks.md`). Nil before the first present, after a mode change and
    /// for buffers the CPU cannot read.
    func shownFrame() -> PixelBuffer? {
        guard let front = frontBuffer else { return nil }
        return compositor.rotation == .upright ? front.cpuPixels : compositor.uprightPicture?.cpuPixels
    }

    /// The next frame repaints every pixel (`UIScreen.setNeedsFullRedraw()`).
    func invalidate() {
        compositor.invalidate()
        scheduleFrame()
    }

    func stop() {
        stopped = true
        vblankTimer?.cancel()
        vblankTimer = nil
        screen.output.presentCompletionHandler = nil
        screen.output.resumeHandler = nil
    }
}
