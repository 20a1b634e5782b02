import Foundation
import VitrineDRM
import VitrineGL
import VitrineGraphics
import VitrineLayers
import VitrinePlatform

import VitrineKiosk

/// The GPU path on vkms (issue 29): GBM buffers on the card through Mesa's `kms_swrast`
/// driver (llvmpipe drawing into the card's dumb buffers), EGL on the GBM platform, the GLES
/// renderer drawing into the scan-out buffers, and the DRM backend committing them as it commits
/// its own: modeset, 120 flips without a gap, the frame read back through writeback, a rotated
/// picture turned into the buffer, and a hotplug that brings new GBM buffers. Mesa missing
/// fails the checks; nothing is skipped.
@MainActor
enum GBMChecks {
    /// Mesa's driver for KMS-only cards: GBM and EGL load it for vkms.
    static let kmsSwrast = "/usr/lib/x86_64-linux-gnu/dri/kms_swrast_dri.so"

    static func run(_ checks: Checks, _ clock: MonotonicClock) async {
        let mesa = FileManager.default.fileExists(atPath: kmsSwrast)
        checks.expect(mesa, "gbm: Mesa's kms_swrast driver is installed (libgl1-mesa-dri)", kmsSwrast)
        guard mesa else { return }
        // vkms has no DRI driver of its own: Mesa would look for vkms_dri.so first and say so.
        setenv("MESA_LOADER_DRIVER_OVERRIDE", "kms_swrast", 1)
        let gpu = GBMRendering { message in print("  log: \(message)") }
        let backend = DRMBackend(clock: clock, allowAtomic: true)
        backend.log = { message in print("  log: \(message)") }
        backend.scanoutAllocatorProvider = { card in gpu.allocator(for: card) }
        backend.start()
        defer {
            writeSysfs(VMTests.connectorStatus, "detect")
            backend.shutdown()
        }
        guard let allocator = gpu.allocator, let context = gpu.context else {
            checks.expect(false, "gbm: GBM and EGL on card0 (GBM platform, XRGB8888 visual)", "see the log above")
            return
        }
        checks.expect(true, "gbm: GBM and EGL on card0 (GBM platform, XRGB8888 visual)")
        guard let output = backend.drmOutputs.first else {
            checks.expect(false, "gbm: Virtual-1 is an output")
            return
        }
        checks.expect(
            allocator.madeCount == 2, "gbm: the output's two buffers are GBM buffers", "\(allocator.madeCount) made")
        print(
            "  gbm: \(allocator.device.backendName) device, \(allocator.withModifierCount) of \(allocator.madeCount) framebuffers with a modifier; \(context.connection.vendor) EGL \(context.connection.majorVersion).\(context.connection.minorVersion)"
        )
        let renderer = gpu.makeRenderer()
        checks.expect(
            renderer.isUsingGPU, "gbm: the GLES renderer is made on the card's context",
            renderer.fallbackReason ?? "")
        let scene = Scene(width: output.currentMode.width, height: output.currentMode.height)
        let compositor = Compositor(renderer: renderer)

        // The modeset, then 120 frames drawn by GLES, each moving the badge.
        let draw: @MainActor (SwapchainBuffer, Int) -> Region = { buffer, n in
            scene.badge.position.x = CGFloat(100 + (n * 7) % 300)
            return compositor.render(scene.root, into: buffer.pixels, bufferAge: buffer.age).repainted
        }
        let modeset = FlipRun(output: output, frames: 1, draw: draw)
        modeset.start()
        _ = await waitUntil(timeout: 60) { modeset.isDone }
        checks.expect(modeset.events.count == 1 && modeset.errors.isEmpty, "gbm: modeset", modeset.summary)
        // llvmpipe under TCG takes several refresh periods for a frame (its copy into the dumb
        // buffer included): a gap behind such a frame is the frame's length, not a pacing fault,
        // as the scroll check counts overruns. A gap behind a quick frame fails.
        let period = 1.0 / 60
        var attempts = 0
        var run = FlipRun(output: output, frames: 120, draw: draw)
        var finished = false
        repeat {
            attempts += 1
            run = FlipRun(output: output, frames: 120, draw: draw)
            run.start()
            finished = await waitUntil(timeout: 60) { run.isDone }
            print("  gbm: \(run.summary); \(run.workSummary)")
        } while finished && !run.unexcusedGaps(period: period).isEmpty && attempts < VMTests.flipAttempts
        checks.expect(
            finished && run.errors.isEmpty && run.events.count == 120, "gbm: 120 page flips drawn by GLES", run.summary)
        let overruns = run.workTimes.filter { $0 >= 0.8 * period }.count
        checks.expect(
            run.unexcusedGaps(period: period).isEmpty,
            "gbm: no skipped vblank but behind a frame that took the refresh period",
            "gaps after quick frames at \(run.unexcusedGaps(period: period)) (attempt \(attempts)); \(run.workSummary)")
        print(
            "  gbm: \(run.sequencesConsecutive ? "no gaps" : "gaps only behind slow frames"), \(overruns) of 120 frames took 80 % of the period or more; \(run.workSummary)"
        )
        checks.expect(renderer.isUsingGPU, "gbm: the GPU drew every frame", renderer.fallbackReason ?? "")

        // The frame on screen, read back by the kernel, against pixman's.
        await compareWriteback(
            checks, backend, output, label: "gbm: writeback equals pixman's frame",
            expected: pixmanFrame(scene.root, width: output.currentMode.width, height: output.currentMode.height)
        ) { target in
            compositor.render(scene.root, into: target, bufferAge: 0)
        }

        // A panel turned 90°: the upright picture (768x1024) drawn by GLES into a GL picture and
        // turned into the scan-out buffer, against pixman doing the same.
        let width = output.currentMode.width
        let height = output.currentMode.height
        let upright = Scene(width: height, height: width)
        let turn = DisplayRotation.clockwise90.outputTransform(logicalWidth: height, logicalHeight: width)
        let whole = Region(PixelRect(x: 0, y: 0, width: width, height: height))
        let pixmanTurned = PixelBuffer(width: width, height: height, format: .xrgb8888)
        let pixman = PixmanRenderer()
        let pixmanPicture = pixman.makePicture(width: height, height: width)
        Compositor(renderer: pixman).render(upright.root, into: pixmanPicture, bufferAge: 0)
        pixman.present(picture: pixmanPicture, outputTransform: turn, region: whole, into: pixmanTurned)
        let picture = renderer.makePicture(width: height, height: width)
        checks.expect(picture is GLTextureTarget, "gbm rotation: the upright picture is a GL texture")
        await compareWriteback(
            checks, backend, output, label: "gbm rotation: the turned picture equals pixman's", expected: pixmanTurned
        ) { target in
            Compositor(renderer: renderer).render(upright.root, into: picture, bufferAge: 0)
            renderer.present(picture: picture, outputTransform: turn, region: whole, into: target)
        }

        // Hotplug: off, then on; the new output gets new GBM buffers and flips what GLES draws.
        var connected: [String] = []
        var disconnected: [String] = []
        backend.outputConnectedHandler = { connected.append($0.name) }
        backend.outputDisconnectedHandler = { disconnected.append($0.name) }
        let made = allocator.madeCount
        writeSysfs(VMTests.connectorStatus, "off")
        VMTests.hotplugUevent()
        _ = await waitUntil(timeout: 5) { !disconnected.isEmpty }
        writeSysfs(VMTests.connectorStatus, "on")
        VMTests.hotplugUevent()
        let back = await waitUntil(timeout: 5) { !connected.isEmpty }
        checks.expect(
            back && disconnected == ["Virtual-1"] && connected == ["Virtual-1"], "gbm hotplug: off and on again",
            "disconnected \(disconnected), connected \(connected)")
        guard let again = backend.drmOutputs.first else { return }
        checks.expect(
            allocator.madeCount == made + 2, "gbm hotplug: the reconnected output has new GBM buffers",
            "\(allocator.madeCount - made) made")
        let replug = Compositor(renderer: renderer)
        let after = FlipRun(output: again, frames: 10) { buffer, n in
            scene.badge.position.x = CGFloat(120 + n * 9)
            return replug.render(scene.root, into: buffer.pixels, bufferAge: buffer.age).repainted
        }
        after.start()
        _ = await waitUntil(timeout: 30) { after.isDone }
        checks.expect(
            after.errors.isEmpty && after.events.count == 10 && after.timestampsIncrease,
            "gbm hotplug: the reconnected output flips frames GLES drew", after.summary)
    }

    /// A full-screen backdrop, a rounded card and a translucent badge that moves.
    @MainActor
    final class Scene {
        let root = CALayer()
        let badge = CALayer()

        init(width: Int, height: Int) {
            root.frame = CGRect(x: 0, y: 0, width: width, height: height)
            root.backgroundColor = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)
            let card = CALayer()
            card.frame = CGRect(x: 60, y: 80, width: 400, height: 300)
            card.backgroundColor = CGColor(red: 0.9, green: 0.5, blue: 0.1, alpha: 1)
            card.cornerRadius = 24
            root.addSublayer(card)
            badge.frame = CGRect(x: 100, y: 420, width: 120, height: 120)
            badge.backgroundColor = CGColor(red: 0.2, green: 0.8, blue: 0.4, alpha: 0.6)
            root.addSublayer(badge)
        }
    }

    static func pixmanFrame(_ root: CALayer, width: Int, height: Int) -> PixelBuffer {
        let buffer = PixelBuffer(width: width, height: height, format: .xrgb8888)
        Compositor().render(root, into: buffer, bufferAge: 0)
        return buffer
    }

    /// Draws into the next buffer with `draw`, presents it whole, reads the CRTC back through
    /// the writeback connector and compares it with `expected`: within 3 a channel, at most 40
    /// pixels beyond (the GL tests' tolerance for rounded corners).
    static func compareWriteback(
        _ checks: Checks, _ backend: DRMBackend, _ output: DRMOutput, label: String, expected: PixelBuffer,
        draw: @MainActor (PixelBuffer) -> Void
    ) async {
        guard let buffer = output.acquireBuffer() else {
            checks.expect(false, label, "no buffer")
            return
        }
        draw(buffer.pixels)
        var flipped = false
        output.presentCompletionHandler = { _ in flipped = true }
        do {
            try output.present(buffer, damage: Region(buffer.pixels.bounds))
        } catch {
            checks.expect(false, label, "present: \(error)")
            return
        }
        _ = await waitUntil(timeout: 10) { flipped }
        do {
            let captured = try backend.captureWriteback(of: output)
            var beyond = 0
            var largest = 0
            for y in 0..<expected.height {
                for x in 0..<expected.width {
                    let a = captured.pixel(x: x, y: y)
                    let b = expected.pixel(x: x, y: y)
                    var difference = 0
                    for shift in [0, 8, 16] {
                        difference = max(difference, abs(Int((a >> shift) & 0xff) - Int((b >> shift) & 0xff)))
                    }
                    largest = max(largest, difference)
                    if difference > 3 { beyond += 1 }
                }
            }
            let summary = "\(beyond) pixels beyond 3 a channel, largest difference \(largest)"
            print("  \(label): \(summary)")
            checks.expect(beyond <= 40 && largest <= 24, label, summary)
        } catch {
            checks.expect(false, label, "writeback: \(error)")
        }
    }
}
