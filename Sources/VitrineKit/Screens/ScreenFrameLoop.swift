import Foundation
import VitrineGraphics
import VitrineLayers
import VitrinePlatform

/// One screen's frame loop (DESIGN.md): when its layer tree changes, a frame is scheduled;
/// a frame runs the layout and display passes, composites only the damage into a back buffer
/// and presents it; the next frame waits for the present-complete (vblank) event. Nothing
/// changed: no frame, no present, no wake-up.
///
/// Changes made inside an explicit `CATransaction` wait for its outermost commit.
@MainActor
final class ScreenFrameLoop: CALayerTreeHost {
    private unowned let screen: UIScreen
    /// The clock of the backend the screen's output belongs to (passed in, never looked up:
    /// the registry is still being made while its screens are).
    private let clock: any MediaClock
    private let compositor: Compositor
    /// A frame is due: either a wake-up is scheduled on the clock, or the present in flight
    /// renders it when it completes.
    private var frameScheduled = false
    private var stopped = false
    /// Called at a present's completion before rendering (a deferred mode switch).
    var beforeFrameAfterPresent: (() -> Void)?
    /// Frames presented so far (for tests and statistics).
    private(set) var presentedFrameCount = 0

    init(screen: UIScreen, clock: any MediaClock) {
        self.screen = screen
        self.clock = clock
        compositor = Compositor(
            scale: screen.scale, clearColor: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1))
        screen.rootLayer.treeHost = self
        screen.output.presentCompletionHandler = { [weak self] _ in self?.presentDidComplete() }
        scheduleFrame()
    }

    func layerTreeDidChange(_ root: CALayer) { scheduleFrame() }

    /// Asks for a frame at the next turn of the clock (coalescing every change made until
    /// then), unless one is already due or a present is in flight (its completion renders).
    func scheduleFrame() {
        guard !stopped, !frameScheduled else { return }
        frameScheduled = true
        guard !screen.output.isPresentPending else { return }
        clock.schedule(at: clock.now) { [weak self] in self?.scheduledFrameFired() }
    }

    private func scheduledFrameFired() {
        // A present made since this wake-up was scheduled renders this frame at its vblank.
        guard frameScheduled, !screen.output.isPresentPending else { return }
        renderFrame()
    }

    private func presentDidComplete() {
        beforeFrameAfterPresent?()
        guard frameScheduled else { return }
        renderFrame()
    }

    /// Layout, display, composite, present.
    func renderFrame() {
        guard !stopped else { return }
        if CATransaction.isBatching {
            // The outermost commit tells the tree host again.
            frameScheduled = false
            return
        }
        CATransaction.flush()
        let root = screen.rootLayer
        root.layoutAndDisplayIfNeeded()
        // Changes made by layout and drawing are in this frame; later ones ask for the next.
        frameScheduled = false
        guard let buffer = screen.output.acquireBuffer() else {
            if screen.output.isConnected { frameScheduled = true }  // rendered when the present completes
            return
        }
        let result = compositor.render(root, into: buffer.pixels, bufferAge: buffer.age)
        guard !result.repainted.isEmpty else { return }
        do {
            try screen.output.present(buffer, damage: result.frameDamage)
            presentedFrameCount += 1
        } catch {
            kitLog.error("presenting on \(screen.name) failed: \(error)")
        }
    }

    /// The output switched modes: its buffers are new and a present in flight was dropped,
    /// so the next frame repaints everything and is scheduled afresh.
    func modeDidChange() {
        compositor.invalidate()
        frameScheduled = false
        scheduleFrame()
    }

    /// The next frame repaints every pixel (`UIScreen.setNeedsFullRedraw()`).
    func invalidate() {
        compositor.invalidate()
        scheduleFrame()
    }

    func stop() {
        stopped = true
        screen.output.presentCompletionHandler = nil
    }
}
