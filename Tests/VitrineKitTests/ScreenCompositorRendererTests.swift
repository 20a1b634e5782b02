import Foundation
import Testing
import VitrineGraphics
import VitrineLayers
import VitrinePlatform

@_spi(Service) @testable import VitrineKit

/// Hands everything to a pixman renderer, counting the pictures it makes and keeping the
/// turned copies it is asked for.
@MainActor
private final class CountingRenderer: Renderer {
    let pixman = PixmanRenderer()
    var picturesMade = 0
    var presentedRegions: [Region] = []
    var renderedTargets: [any RenderTarget] = []

    func render(_ frame: RenderFrame, into target: any RenderTarget) {
        renderedTargets.append(target)
        pixman.render(frame, into: target)
    }

    func makePicture(width: Int, height: Int) -> any RenderTarget {
        picturesMade += 1
        return pixman.makePicture(width: width, height: height)
    }

    func present(
        picture: any RenderTarget, outputTransform: ProjectiveTransform, region: Region,
        into target: any RenderTarget
    ) {
        presentedRegions.append(region)
        pixman.present(picture: picture, outputTransform: outputTransform, region: region, into: target)
    }
}

@Suite("ScreenCompositor: the renderer turns the frame") @MainActor struct ScreenCompositorRendererTests {
    /// A rotated screen's picture comes from its renderer and the turned copy of the damage
    /// is the renderer's `present`, giving the upright render turned, pixel for pixel.
    @Test(arguments: [DisplayRotation.clockwise90, .clockwise180, .clockwise270])
    func theTurnedCopyIsTheRenderersPresent(rotation: DisplayRotation) {
        let renderer = CountingRenderer()
        let compositor = ScreenCompositor(scale: 1, rotation: rotation, makeRenderer: { renderer })
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 120, height: 80)
        root.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let card = CALayer()
        card.frame = CGRect(x: 10, y: 5, width: 30, height: 20)
        card.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        card.cornerRadius = 6
        root.addSublayer(card)
        let outputSize = rotation.logicalSize(forOutputSize: CGSize(width: 120, height: 80))
        let output = PixelBuffer(width: Int(outputSize.width), height: Int(outputSize.height), format: .xrgb8888)

        func expectTurnedUprightRender() {
            let upright = PixelBuffer(width: 120, height: 80, format: .xrgb8888)
            Compositor().render(root, into: upright, bufferAge: 0)
            var mismatches = 0
            for y in 0..<80 {
                for x in 0..<120 {
                    let rect = rotation.outputRect(
                        PixelRect(x: x, y: y, width: 1, height: 1), logicalWidth: 120, logicalHeight: 80)
                    if output.pixel(x: rect.x, y: rect.y) & 0xff_ffff != upright.pixel(x: x, y: y) & 0xff_ffff {
                        mismatches += 1
                    }
                }
            }
            #expect(mismatches == 0)
        }

        let first = compositor.render(root, into: output, bufferAge: 0)
        #expect(renderer.picturesMade == 1)
        #expect(renderer.presentedRegions == [Region(output.bounds)])
        #expect(first.repainted == Region(output.bounds))
        expectTurnedUprightRender()

        card.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        let second = compositor.render(root, into: output, bufferAge: 1)
        let turnedCard = rotation.outputRect(
            PixelRect(x: 10, y: 5, width: 30, height: 20), logicalWidth: 120, logicalHeight: 80)
        #expect(renderer.picturesMade == 1)
        #expect(renderer.presentedRegions.last == Region(turnedCard))
        #expect(second.frameDamage == Region(turnedCard))
        expectTurnedUprightRender()
    }

    /// The renderer a screen paints with comes from the application's provider (which the
    /// kiosk service fills from the launched backend), per output, and draws straight into the
    /// output's swapchain buffers.
    @Test func screensTakeTheirRendererFromTheProvider() {
        let renderer = CountingRenderer()
        var askedFor: [String] = []
        UIApplication.shared.rendererProvider = { output in
            askedFor.append(output.name)
            return renderer
        }
        defer { UIApplication.shared.rendererProvider = nil }
        let clock = ManualClock()
        let backend = HeadlessBackend(clock: clock)
        let output = backend.addOutput(name: "PANEL-9", width: 64, height: 48)
        UIApplication.shared.setDisplayBackend(backend)
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.backgroundColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        window.isHidden = false
        clock.advance(by: 0)
        clock.advance(by: 1.0 / 60)
        #expect(askedFor == ["PANEL-9"])
        #expect(renderer.renderedTargets.count == 1)
        #expect(renderer.renderedTargets.first is SwapchainBuffer, "the output's buffer itself is the target")
        #expect((output.screenshot()?.pixel(x: 32, y: 24) ?? 0) & 0xFF_FFFF == 0x00_FF00)
    }
}
