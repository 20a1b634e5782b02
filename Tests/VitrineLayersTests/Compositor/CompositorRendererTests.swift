import Foundation
import Testing
import VitrineGraphics
// Only the public API: a renderer in another module sees the same.
import VitrineLayers
import VitrineTestSupport

/// A display-list entry as a test can compare it.
struct RecordedEntry: Equatable {
    var kind: Compositor.DisplayEntry.Kind
    var layer: ObjectIdentifier
}

/// What a renderer was given for one frame.
struct RecordedFrame {
    var frameNumber: UInt64
    var damage: Region
    var uncovered: Region
    var entries: [RecordedEntry]
    var groupLengths: [Int]
    var coveredAbove: [Region?]
    var targetSize: (width: Int, height: Int)
}

/// Records every frame it is given and, when it wraps another renderer, has it paint them.
@MainActor
final class RecordingRenderer: Renderer {
    let painter: (any Renderer)?
    /// Called with each frame, while its display list is valid.
    var inspect: ((RenderFrame) -> Void)?
    private(set) var frames: [RecordedFrame] = []
    private(set) var presents: [(outputTransform: ProjectiveTransform, region: Region)] = []

    init(painting painter: (any Renderer)? = nil) {
        self.painter = painter
    }

    func render(_ frame: RenderFrame, into target: any RenderTarget) {
        frames.append(
            RecordedFrame(
                frameNumber: frame.frameNumber, damage: frame.damage, uncovered: frame.uncovered,
                entries: frame.displayList.map { RecordedEntry(kind: $0.kind, layer: ObjectIdentifier($0.layer)) },
                groupLengths: frame.displayList.map(\.groupLength), coveredAbove: frame.coveredAbove,
                targetSize: (target.width, target.height)))
        inspect?(frame)
        painter?.render(frame, into: target)
    }

    func makePicture(width: Int, height: Int) -> any RenderTarget {
        painter?.makePicture(width: width, height: height) ?? GPUOnlyTarget(width: width, height: height)
    }

    func present(
        picture: any RenderTarget, outputTransform: ProjectiveTransform, region: Region,
        into target: any RenderTarget
    ) {
        presents.append((outputTransform, region))
        painter?.present(picture: picture, outputTransform: outputTransform, region: region, into: target)
    }
}

/// A target without CPU pixels, as a GPU renderer's buffers would be.
final class GPUOnlyTarget: RenderTarget {
    let width: Int
    let height: Int
    var cpuPixels: PixelBuffer? { nil }

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

@MainActor
@Suite("Compositor: the renderer seam")
struct CompositorRendererTests {
    /// A white root; an opaque red card; a translucent group with a sublayer; a rectangle
    /// clip with a border around a sublayer that spills out of it.
    @MainActor struct Layers {
        let root = Scene.root(width: 200, height: 200)
        let card: CALayer
        let group: CALayer
        let inner: CALayer
        let clipper: CALayer
        let clipped: CALayer

        init() {
            card = Scene.layer(CGRect(x: 10, y: 10, width: 50, height: 40), color: .red, parent: root)
            group = Scene.layer(CGRect(x: 100, y: 20, width: 60, height: 60), color: .blue, parent: root)
            group.opacity = 0.5
            inner = Scene.layer(CGRect(x: 10, y: 10, width: 20, height: 20), color: .green, parent: group)
            clipper = Scene.layer(CGRect(x: 20, y: 120, width: 80, height: 50), parent: root)
            clipper.masksToBounds = true
            clipper.borderWidth = 2
            clipper.borderColor = .red
            clipped = Scene.layer(CGRect(x: -10, y: -10, width: 40, height: 40), color: .green, parent: clipper)
        }

        func entry(_ kind: Compositor.DisplayEntry.Kind, _ layer: CALayer) -> RecordedEntry {
            RecordedEntry(kind: kind, layer: ObjectIdentifier(layer))
        }

        var expectedEntries: [RecordedEntry] {
            [
                entry(.content, root), entry(.content, card),
                entry(.beginGroup, group), entry(.content, group), entry(.content, inner), entry(.endGroup, group),
                entry(.pushClip, clipper), entry(.content, clipped), entry(.popClip, clipper),
                entry(.border, clipper),
            ]
        }
    }

    /// The renderer receives the display list, the damage of each frame and the occlusion;
    /// a frame with nothing to paint does not reach it.
    @Test func aRendererReceivesWhatTheCompositorDecided() throws {
        let layers = Layers()
        let renderer = RecordingRenderer()
        let compositor = Compositor(renderer: renderer)
        #expect(compositor.renderer === renderer)
        let target = GPUOnlyTarget(width: 200, height: 200)

        // First frame: everything, in drawing order.
        let first = compositor.render(layers.root, into: target, bufferAge: 0)
        try #require(renderer.frames.count == 1)
        var frame = renderer.frames[0]
        #expect(frame.frameNumber == 1)
        #expect(frame.targetSize == (200, 200))
        #expect(frame.damage == Region(PixelRect(x: 0, y: 0, width: 200, height: 200)))
        #expect(first.repainted == frame.damage)
        #expect(frame.entries == layers.expectedEntries)
        #expect(frame.groupLengths[2] == 3)  // beginGroup to its endGroup
        // The opaque white root covers every pixel, so nothing is cleared; the opaque card and
        // the clipped sublayer (its visible part) cover parts of the root, not drawn there.
        #expect(frame.uncovered.isEmpty)
        #expect(frame.coveredAbove.count == frame.entries.count)
        #expect(
            frame.coveredAbove[0]
                == Region([
                    PixelRect(x: 10, y: 10, width: 50, height: 40), PixelRect(x: 20, y: 120, width: 30, height: 30),
                ]))
        #expect(frame.coveredAbove[1...].allSatisfy { $0 == nil })

        // A sublayer of the group changes colour: its pixels are the damage, the list stays.
        layers.inner.backgroundColor = .red
        let second = compositor.render(layers.root, into: target, bufferAge: 1)
        frame = renderer.frames[1]
        #expect(frame.frameNumber == 2)
        #expect(frame.damage == Region(PixelRect(x: 110, y: 30, width: 20, height: 20)))
        #expect(second.frameDamage == frame.damage)
        #expect(frame.entries == layers.expectedEntries)

        // The card moves, into a buffer that missed the last frame: both frames' damage.
        layers.card.position = CGPoint(x: 45, y: 40)
        compositor.render(layers.root, into: target, bufferAge: 2)
        frame = renderer.frames[2]
        var expected = Region(PixelRect(x: 110, y: 30, width: 20, height: 20))
        expected.formUnion(PixelRect(x: 10, y: 10, width: 50, height: 40))
        expected.formUnion(PixelRect(x: 20, y: 20, width: 50, height: 40))
        #expect(frame.damage == expected)

        // Nothing changed: no damage, nothing for the renderer; the next frame counts it.
        let idle = compositor.render(layers.root, into: target, bufferAge: 1)
        #expect(idle.repainted.isEmpty)
        #expect(renderer.frames.count == 3)
        layers.card.backgroundColor = .blue
        compositor.render(layers.root, into: target, bufferAge: 1)
        #expect(renderer.frames.count == 4)
        #expect(renderer.frames[3].frameNumber == 5)
        #expect(renderer.frames[3].damage == Region(PixelRect(x: 20, y: 20, width: 50, height: 40)))
    }

    /// An entry tells a renderer outside the module what it needs: where the layer goes and
    /// its values as the frame draws them.
    @Test func entriesDescribeTheirLayers() {
        let layers = Layers()
        layers.card.cornerRadius = 4
        layers.card.borderWidth = 1.5
        layers.card.borderColor = .blue
        let renderer = RecordingRenderer()
        // Read inside `render`, while the list is valid.
        renderer.inspect = { frame in
            let list = frame.displayList
            let card = list.first { $0.kind == .content && $0.layer === layers.card }
            let begin = list.firstIndex { $0.kind == .beginGroup }
            let group = begin.map { (begin: list[$0], content: list[$0 + 1]) }
            let clip = list.first { $0.kind == .pushClip }
            #expect(card?.bounds == CGRect(x: 0, y: 0, width: 50, height: 40))
            #expect(card?.backgroundColor == .red)
            #expect(card?.cornerRadius == 4)
            #expect(card?.borderWidth == 1.5)
            #expect(card?.borderColor == .blue)
            #expect(
                card?.transform == ProjectiveTransform(scaleX: 2, y: 2).concatenating(.init(translationX: 20, y: 20)))
            // Scaled, so with two pixels of margin for filtering.
            #expect(card?.box == PixelRect(x: 18, y: 18, width: 104, height: 84))
            #expect(card?.opaqueBox == nil)  // rounded: not a plain opaque rectangle
            #expect(card?.opacity == 1)
            #expect(card?.contentsImage == nil)
            #expect(group?.begin.groupOpacity == 0.5)
            #expect(group?.content.opacity == 1)  // drawn at full opacity inside its group
            #expect(group?.begin.subtreeBox == PixelRect(x: 198, y: 38, width: 124, height: 124))
            #expect(clip?.boundsClip == PixelRect(x: 40, y: 240, width: 160, height: 100))
        }
        Compositor(scale: 2, renderer: renderer).render(
            layers.root, into: GPUOnlyTarget(width: 400, height: 400), bufferAge: 0)
        #expect(renderer.frames.count == 1)
    }

    /// The pixman renderer behind another one gives the same pixels as the default
    /// compositor, frame after frame.
    @Test func thePixmanRendererBehindTheSeamPaintsTheSamePixels() {
        let layers = Layers()
        layers.card.cornerRadius = 9
        layers.card.setAffineTransform(CGAffineTransform(rotationAngle: 0.3))
        layers.group.cornerRadius = 12
        layers.group.masksToBounds = true
        let plain = Compositor()
        let wrapped = Compositor(renderer: RecordingRenderer(painting: PixmanRenderer()))
        let plainBuffer = PixelBuffer(width: 200, height: 200, format: .xrgb8888)
        let wrappedBuffer = PixelBuffer(width: 200, height: 200, format: .xrgb8888)
        for step in 0..<4 {
            if step > 0 {
                layers.inner.position.x += 7
                layers.card.opacity = 1 - 0.2 * Float(step)
            }
            plain.render(layers.root, into: plainBuffer, bufferAge: step == 0 ? 0 : 1)
            wrapped.render(layers.root, into: wrappedBuffer, bufferAge: step == 0 ? 0 : 1)
            let comparison = PixelComparison(wrappedBuffer, plainBuffer, tolerance: 0)
            #expect(comparison.isMatch, "step \(step): \(comparison)")
            let full = PixelComparison(wrappedBuffer, Scene.render(layers.root), tolerance: 0)
            #expect(full.isMatch, "step \(step): \(full)")
        }
    }

    /// The pixman renderer's turned copy: each quarter turn puts every picture pixel where
    /// the transform says, and touches nothing outside the region.
    @Test(arguments: [0, 1, 2, 3])
    func presentingTurnsThePictureExactly(quarterTurns: Int) {
        let width = 7
        let height = 5
        let renderer = PixmanRenderer()
        let picture = renderer.makePicture(width: width, height: height)
        let pixels = picture.cpuPixels!
        for y in 0..<height {
            for x in 0..<width { pixels.setPixel(x: x, y: y, 0xff00_0000 | UInt32(y << 8 | x)) }
        }
        // Picture pixel (x, y) to output pixel, clockwise.
        let (transform, outputWidth, outputHeight) = LayerScene.quarterTurn(quarterTurns, width: width, height: height)
        let untouched: UInt32 = 0xff12_3456
        let output = LayerScene.filledBuffer(width: outputWidth, height: outputHeight, pixel: untouched)
        let region = Region(PixelRect(x: 1, y: 1, width: outputWidth - 2, height: outputHeight - 1))
        renderer.present(picture: picture, outputTransform: transform, region: region, into: output)
        for y in 0..<height {
            for x in 0..<width {
                // The centre of picture pixel (x, y) lands in the output pixel shown there.
                let centre = transform.apply(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))!
                let outputX = Int(centre.x.rounded(.down))
                let outputY = Int(centre.y.rounded(.down))
                let expected = region.contains(x: outputX, y: outputY) ? pixels.pixel(x: x, y: y) : untouched
                #expect(
                    output.pixel(x: outputX, y: outputY) & 0x00ff_ffff == expected & 0x00ff_ffff,
                    "picture (\(x), \(y)) at output (\(outputX), \(outputY))")
            }
        }
    }
}
