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
    private let compositor: Compositor
    private var frameScheduled = false
    private var stopped = false
    /// Frames presented so far (for tests and statistics).
    private(set) var presentedFrameCount = 0

    init(screen: UIScreen) {
        self.screen = screen
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
        let clock = ScreenRegistry.current.backend.clock
        clock.schedule(at: clock.now) { [weak self] in self?.renderFrame() }
    }

    private func presentDidComplete() {
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
        frameScheduled = false
        let root = screen.rootLayer
        root.layoutAndDisplayIfNeeded()
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

    func modeDidChange() {
        compositor.invalidate()
        scheduleFrame()
    }

    func stop() {
        stopped = true
        screen.output.presentCompletionHandler = nil
    }
}
