import Foundation
import Testing
import VitrineGraphics
import VitrineLayers
import VitrinePlatform
import VitrineTestSupport

@_spi(Service) @testable import VitrineKit

/// A pixman renderer that counts the moves it is asked for.
@MainActor
private final class MoveCountingRenderer: Renderer {
    let pixman = PixmanRenderer()
    /// The buffers moved in, one entry a move.
    var movedTargets: [ObjectIdentifier] = []

    func render(_ frame: RenderFrame, into target: any RenderTarget) { pixman.render(frame, into: target) }

    func makePicture(width: Int, height: Int) -> any RenderTarget { pixman.makePicture(width: width, height: height) }

    func present(
        picture: any RenderTarget, outputTransform: ProjectiveTransform, region: Region,
        into target: any RenderTarget
    ) {
        pixman.present(picture: picture, outputTransform: outputTransform, region: region, into: target)
    }

    var movesPixels: Bool { true }

    func move(_ move: PixelMove, in target: any RenderTarget) {
        if let pixels = target.cpuPixels { movedTargets.append(ObjectIdentifier(pixels)) }
        pixman.move(move, in: target)
    }
}

@Suite("ScreenCompositor: scrolling on a rotated panel") @MainActor struct ScreenCompositorScrollTests {
    /// A scroll on a turned panel moves pixels in the upright picture, and in the output's
    /// buffers (of ages 1 to 3) turned, and copies what the moves uncovered turned: every frame
    /// is the fresh upright render, turned.
    @Test(arguments: [(DisplayRotation.clockwise90, 2), (.clockwise180, 3), (.clockwise270, 1), (.clockwise90, 3)])
    func scrollsOnARotatedPanelMatchAFreshRender(rotation: DisplayRotation, bufferCount: Int) {
        let width = 120
        let height = 90
        let renderer = MoveCountingRenderer()
        let compositor = ScreenCompositor(scale: 1, rotation: rotation, makeRenderer: { renderer })
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let scroller = CALayer()
        scroller.frame = CGRect(x: 5, y: 8, width: 100, height: 70)
        scroller.masksToBounds = true
        scroller.backgroundColor = CGColor(red: 0.9, green: 0.9, blue: 0.85, alpha: 1)
        root.addSublayer(scroller)
        for index in 0..<30 {
            let row = CALayer()
            row.frame = CGRect(x: 2, y: CGFloat(index) * 13 + 0.5, width: 96, height: 11)
            let hue = CGFloat(index % 5) / 5
            row.backgroundColor = CGColor(red: hue, green: 0.5, blue: 1 - hue, alpha: index % 3 == 0 ? 0.5 : 1)
            row.cornerRadius = index % 4 == 0 ? 4 : 0
            scroller.addSublayer(row)
        }
        let outputSize = rotation.logicalSize(forOutputSize: CGSize(width: width, height: height))
        let outputs = (0..<bufferCount).map { _ in
            PixelBuffer(width: Int(outputSize.width), height: Int(outputSize.height), format: .xrgb8888)
        }
        var ages = Array(repeating: 0, count: bufferCount)
        var random = SeededGenerator(state: 90 + UInt64(bufferCount))
        var mismatchedFrames = 0
        for frame in 0..<40 {
            if frame > 0 { scroller.bounds.origin.y += CGFloat(Int.random(in: -12...16, using: &random)) }
            let slot = frame % bufferCount
            _ = compositor.render(root, into: outputs[slot], bufferAge: ages[slot])
            ages[slot] = bufferCount

            let upright = PixelBuffer(width: width, height: height, format: .xrgb8888)
            Compositor().render(root, into: upright, bufferAge: 0)
            var mismatches = 0
            for y in 0..<height {
                for x in 0..<width {
                    let rect = rotation.outputRect(
                        PixelRect(x: x, y: y, width: 1, height: 1), logicalWidth: width, logicalHeight: height)
                    if outputs[slot].pixel(x: rect.x, y: rect.y) & 0xff_ffff != upright.pixel(x: x, y: y) & 0xff_ffff {
                        mismatches += 1
                    }
                }
            }
            if mismatches > 0 { mismatchedFrames += 1 }
        }
        #expect(mismatchedFrames == 0)
        let outputIDs = Set(outputs.map { ObjectIdentifier($0) })
        let outputMoves = renderer.movedTargets.filter { outputIDs.contains($0) }.count
        #expect(renderer.movedTargets.count - outputMoves > 20, "moves in the picture")
        #expect(outputMoves > 15, "moves in the output's buffers")
    }
}
