import Foundation
import Testing
import VitrineGraphics
import VitrineTestSupport

@testable import VitrineLayers

/// A scroll view as layers: a root, a clipping scroller holding rows of every kind the
/// compositor draws, and a translucent rounded overlay above part of it.
@MainActor
struct ScrollScene {
    let root: CALayer
    let scroller: CALayer
    let overlay: CALayer
    var rows: [CALayer] = []
    let scale: CGFloat
    let images: [CGImage]

    /// A `width` x `height`-point scene whose scroller's clip starts at `clipOrigin`.
    init(
        width: CGFloat, height: CGFloat, scale: CGFloat = 1, rowCount: Int = 40, clipOrigin: CGPoint = .init(x: 6, y: 9)
    ) {
        self.scale = scale
        images = [
            Self.labelImage(width: Int(60 * scale), height: Int(12 * scale), seed: 1),
            Self.labelImage(width: Int(44 * scale), height: Int(10 * scale), seed: 2),
            Scene.quadrantImage(width: 16, height: 12),
        ]
        root = Scene.root(width: Int(width), height: Int(height))
        scroller = CALayer()
        scroller.frame = CGRect(
            x: clipOrigin.x, y: clipOrigin.y, width: width - clipOrigin.x - 10, height: height - clipOrigin.y - 7)
        scroller.masksToBounds = true
        scroller.backgroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.9, alpha: 1)
        root.addSublayer(scroller)
        overlay = Scene.layer(
            CGRect(x: width - 50, y: height - 40, width: 36, height: 24),
            color: CGColor(red: 0.2, green: 0.3, blue: 0.9, alpha: 0.6), parent: root)
        overlay.cornerRadius = 7
        for index in 0..<rowCount { addRow(index) }
    }

    /// A row of kind `index % 9`, at the row `index`'s place (a tenth of a point down for odd
    /// rows, a half for every fourth: edges between pixels).
    mutating func addRow(_ index: Int) {
        let row = CALayer()
        let y = CGFloat(index) * 22 + (index % 2 == 1 ? 0.1 : 0) + (index % 4 == 0 ? 0.5 : 0)
        row.frame = CGRect(x: 3, y: y, width: scroller.bounds.width - 6, height: 20)
        let hue = CGFloat(index % 7) / 7
        let color = CGColor(red: hue, green: 1 - hue, blue: 0.5, alpha: 1)
        switch index % 9 {
        case 0:
            row.backgroundColor = color
            addLabel(to: row, image: images[0], at: CGPoint(x: 8, y: 4))
        case 1:
            row.backgroundColor = CGColor(red: hue, green: 0.2, blue: 1 - hue, alpha: 0.5)
            addLabel(to: row, image: images[1], at: CGPoint(x: 20.5, y: 5.5))
        case 2:
            row.backgroundColor = color
            row.cornerRadius = 8
            row.borderWidth = 1.5
            row.borderColor = CGColor(red: 0.1, green: 0.1, blue: 0.1, alpha: 1)
        case 3:
            row.masksToBounds = true
            row.backgroundColor = color
            Scene.layer(CGRect(x: -10, y: 8, width: 60, height: 30), color: .blue, parent: row)
        case 4:
            row.masksToBounds = true
            row.cornerRadius = 9
            row.backgroundColor = color
            Scene.layer(CGRect(x: 10, y: -5, width: 40, height: 40), color: .red, parent: row)
        case 5:
            row.opacity = 0.7
            row.backgroundColor = color
            Scene.layer(CGRect(x: 30, y: 2, width: 50, height: 16), color: .green, parent: row)
        case 6:
            row.backgroundColor = color
            let picture = Scene.layer(CGRect(x: 40, y: 1, width: 24, height: 18), parent: row)
            picture.contents = images[2]
        case 7:
            let tilted = Scene.layer(CGRect(x: 50, y: 4, width: 30, height: 12), color: .red, parent: row)
            tilted.setAffineTransform(CGAffineTransform(rotationAngle: 0.25))
        default:
            row.backgroundColor = color
            row.borderWidth = 2
            row.borderColor = CGColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 1)
        }
        scroller.addSublayer(row)
        rows.append(row)
    }

    private func addLabel(to row: CALayer, image: CGImage, at origin: CGPoint) {
        let label = CALayer()
        label.frame = CGRect(
            origin: origin, size: CGSize(width: CGFloat(image.width) / scale, height: CGFloat(image.height) / scale))
        label.contents = image
        label.contentsScale = scale
        row.addSublayer(label)
    }

    /// A label-like coverage image: one colour at varying coverage, in glyph-like strokes.
    static func labelImage(width: Int, height: Int, seed: UInt64) -> CGImage {
        var random = SeededGenerator(state: seed)
        let buffer = PixelBuffer(width: width, height: height, format: .argb8888Premultiplied)
        for x in 0..<width where x % 5 != 4 {
            let top = Int.random(in: 0..<(height / 2), using: &random)
            let bottom = Int.random(in: (height / 2)..<height, using: &random)
            for y in top...bottom {
                let coverage = UInt32(y == top || y == bottom ? 96 : 255)
                // 0x202020 at this coverage, premultiplied.
                let channel = 0x20 * coverage / 255
                buffer.setPixel(x: x, y: y, coverage << 24 | channel << 16 | channel << 8 | channel)
            }
        }
        return CGImage.coverageImage(of: buffer) ?? CGImage(copying: buffer)
    }

    /// Renders the whole scene afresh.
    func freshRender() -> PixelBuffer {
        Scene.render(root, scale: scale)
    }
}

/// Renders frames into a swapchain of `bufferCount` buffers, each coming back holding the frame
/// from `bufferCount` frames ago, and compares each frame with a fresh render.
@MainActor
struct SwapchainCheck {
    let compositor: Compositor
    var buffers: [PixelBuffer]
    var ages: [Int]
    var frame = 0
    var movedFrames = 0
    var mismatches: [String] = []

    init(bufferCount: Int, width: Int, height: Int, scale: CGFloat = 1, renderer: (any Renderer)? = nil) {
        compositor = Compositor(scale: scale, renderer: renderer)
        buffers = (0..<bufferCount).map { _ in PixelBuffer(width: width, height: height, format: .xrgb8888) }
        ages = Array(repeating: 0, count: bufferCount)
    }

    /// Renders the next frame and compares it with `expected`; returns the result.
    @discardableResult
    mutating func render(_ root: CALayer, expecting expected: PixelBuffer, _ note: String = "") -> CompositeResult {
        let slot = frame % buffers.count
        let result = compositor.render(root, into: buffers[slot], bufferAge: ages[slot])
        ages[slot] = buffers.count
        if result.moved != nil { movedFrames += 1 }
        let comparison = PixelComparison(buffers[slot], expected, tolerance: 0)
        if !comparison.isMatch, mismatches.count < 4 {
            mismatches.append("frame \(frame) \(note) moved \(String(describing: result.moved)): \(comparison)")
        }
        frame += 1
        return result
    }
}

@MainActor
@Suite("Compositor: scrolling by moving pixels")
struct CompositorScrollTests {
    /// A scroll moves what the buffer holds and repaints only the strip it exposes; the frame
    /// is the fresh render's, and the display is told the whole clip changed.
    @Test func aScrollMovesPixelsAndRepaintsTheExposedStrip() {
        let scene = ScrollScene(width: 200, height: 160, rowCount: 20)
        scene.scroller.bounds.origin.y = 30
        let compositor = Compositor()
        let buffer = PixelBuffer(width: 200, height: 160, format: .xrgb8888)
        compositor.render(scene.root, into: buffer, bufferAge: 0)
        scene.overlay.isHidden = true
        compositor.render(scene.root, into: buffer, bufferAge: 1)

        scene.scroller.bounds.origin.y += 12
        let result = compositor.render(scene.root, into: buffer, bufferAge: 1)
        let clip = PixelRect(x: 6, y: 9, width: 184, height: 144)
        #expect(result.moved == PixelMove(area: clip, dx: 0, dy: -12))
        #expect(PixelComparison(buffer, scene.freshRender(), tolerance: 0).isMatch)
        #expect(result.frameDamage.boundingBox == clip)
        // The strip at the bottom, and the rows that do not move exactly (a scaled picture, a
        // turned layer, rounded clips), nothing else.
        let strip = PixelRect(x: 6, y: 153 - 12, width: 184, height: 12)
        #expect(Region(strip).subtracting(result.repainted).isEmpty)
        #expect(result.repainted.area < clip.area / 2, "\(result.repainted)")
    }

    /// Random scroll sequences with other changes mixed in (rows recoloured, added, removed,
    /// the overlay moving, fractional scrolls that cannot move pixels): every frame, in a
    /// swapchain of 1, 2 or 3 buffers, is exactly the fresh render.
    @Test(arguments: [(1, 1.0), (2, 1.0), (3, 1.0), (2, 2.0), (3, 2.0), (2, 1.5)])
    func randomScrollsMatchAFreshRender(bufferCount: Int, scale: CGFloat) {
        var random = SeededGenerator(state: 0x5C_0011 + UInt64(bufferCount) * 31 + UInt64(scale * 8))
        var scene = ScrollScene(width: 220, height: 170, scale: scale, rowCount: 36)
        let width = Int(220 * scale)
        let height = Int(170 * scale)
        var check = SwapchainCheck(bufferCount: bufferCount, width: width, height: height, scale: scale)
        // Whole pixels at this scale.
        let step = 1 / scale
        for frame in 0..<160 {
            var note = ""
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<11:
                // A fling-like step, down or up.
                let points = CGFloat(Int.random(in: -40...40, using: &random)) * step
                scene.scroller.bounds.origin.y += points
                note = "scroll \(points)"
            case 11:
                scene.scroller.bounds.origin.x += CGFloat(Int.random(in: -6...6, using: &random)) * step
                scene.scroller.bounds.origin.y += CGFloat(Int.random(in: -6...6, using: &random)) * step
                note = "scroll both ways"
            case 12:
                // A fraction of a pixel: repainted, not moved.
                scene.scroller.bounds.origin.y += 0.3
                note = "fractional scroll"
            case 13:
                let row = scene.rows.randomElement(using: &random)!
                row.backgroundColor = CompositorDamageTests.randomColor(using: &random)
                scene.scroller.bounds.origin.y += 3 * step
                note = "recolour and scroll"
            case 14:
                scene.addRow(Int.random(in: 0..<60, using: &random))
                scene.scroller.bounds.origin.y -= 5 * step
                note = "row added"
            case 15:
                if let row = scene.rows.randomElement(using: &random) {
                    row.removeFromSuperlayer()
                    scene.rows.removeAll { $0 === row }
                }
                scene.scroller.bounds.origin.y += 7 * step
                note = "row removed"
            case 16:
                scene.overlay.position.y += CGFloat(Int.random(in: -20...20, using: &random))
                scene.scroller.bounds.origin.y += 9 * step
                note = "overlay moved"
            case 17:
                scene.scroller.backgroundColor =
                    scene.scroller.backgroundColor == nil ? CGColor(red: 0.95, green: 0.95, blue: 0.9, alpha: 1) : nil
                note = "scroller background toggled"
            case 18:
                scene.rows.randomElement(using: &random)?.position.x += 4
                scene.scroller.bounds.origin.y -= 11 * step
                note = "row moved within"
            default:
                note = "nothing"
            }
            _ = frame
            check.render(scene.root, expecting: scene.freshRender(), note)
            if check.mismatches.count > 3 { break }
        }
        #expect(check.mismatches.isEmpty, "\(check.mismatches)")
        if scale == 1.5 {
            // A pixel is 2/3 of a point: steps of whole pixels are fractions of a point.
            #expect(check.movedFrames >= 0)
        } else {
            #expect(check.movedFrames > 40, "only \(check.movedFrames) frames moved pixels")
        }
    }

    /// Cases where moving pixels would be wrong: each frame repaints instead, and matches.
    @Test(arguments: 0..<9)
    func unsafeScrollsRepaint(caseNumber: Int) {
        var scene = ScrollScene(width: 200, height: 160, rowCount: 16)
        var scale: CGFloat = 1
        var shift: CGFloat = 10
        var renderer: (any Renderer)? = nil
        switch caseNumber {
        case 0:
            // Translucent over a picture: what shows through does not move.
            scene.scroller.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.4)
            let picture = Scene.layer(scene.scroller.frame, parent: nil)
            picture.contents = Scene.quadrantImage(width: 16, height: 12)
            scene.root.insertSublayer(picture, below: scene.scroller)
        case 1:
            // Turned.
            scene.scroller.setAffineTransform(CGAffineTransform(rotationAngle: 0.1))
        case 2:
            // A rounded clip.
            scene.scroller.cornerRadius = 12
        case 3:
            // Half a pixel.
            shift = 0.5
        case 4:
            // A point is 1.5 pixels: 3 points are 4.5 pixels.
            scale = 1.5
            scene = ScrollScene(width: 200, height: 160, scale: 1.5, rowCount: 16)
            shift = 3
        case 5:
            // Inside a translucent group.
            let group = Scene.layer(CGRect(x: 0, y: 0, width: 200, height: 160), color: .white, parent: nil)
            group.opacity = 0.8
            scene.root.addSublayer(group)
            group.addSublayer(scene.scroller)
        case 6:
            // A contents image of its own, which stays while the sublayers move.
            scene.scroller.contents = Scene.quadrantImage(width: 16, height: 12)
        case 7:
            // A renderer that does not move pixels.
            renderer = RecordingRenderer(painting: PixmanRenderer())
        default:
            // A rounded layer under the clip, showing through a transparent scroller.
            scene.scroller.backgroundColor = nil
            let card = Scene.layer(scene.scroller.frame.insetBy(dx: 20, dy: 20), color: .red, parent: nil)
            card.cornerRadius = 10
            scene.root.insertSublayer(card, below: scene.scroller)
        }
        var check = SwapchainCheck(
            bufferCount: 2, width: Int(200 * scale), height: Int(160 * scale), scale: scale, renderer: renderer)
        for _ in 0..<2 { check.render(scene.root, expecting: scene.freshRender()) }
        for _ in 0..<6 {
            scene.scroller.bounds.origin.y += shift
            check.render(scene.root, expecting: scene.freshRender())
        }
        #expect(check.movedFrames == 0)
        #expect(check.mismatches.isEmpty, "\(check.mismatches)")
    }

    /// Cases that still move pixels: a translucent scroller over one colour, a transparent one
    /// over its superlayer's background, content above the clip, a border of its own. And a
    /// translucent scroller over a colour that changes as it scrolls: a scroll, but the change
    /// repaints the whole clip, so nothing is moved.
    @Test(arguments: 0..<5)
    func safeScrollsMove(caseNumber: Int) {
        let scene = ScrollScene(width: 200, height: 160, rowCount: 16)
        switch caseNumber {
        case 0: scene.scroller.opacity = 0.6
        case 1: scene.scroller.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 0.3)
        case 2:
            // A bar over the top of the clip, and a badge over its middle.
            Scene.layer(CGRect(x: 0, y: 0, width: 200, height: 30), color: .green, parent: scene.root)
            let badge = Scene.layer(CGRect(x: 80, y: 70, width: 30, height: 30), color: .red, parent: scene.root)
            badge.cornerRadius = 15
        case 3:
            scene.scroller.borderWidth = 3
            scene.scroller.borderColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        default:
            scene.scroller.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.5)
        }
        var check = SwapchainCheck(bufferCount: 3, width: 200, height: 160)
        for _ in 0..<3 { check.render(scene.root, expecting: scene.freshRender()) }
        for step in 0..<12 {
            if caseNumber == 4 {
                scene.root.backgroundColor = CGColor(red: 0, green: CGFloat(step) / 12, blue: 0.5, alpha: 1)
            }
            scene.scroller.bounds.origin.y += CGFloat([14, 9, 30, -7][step % 4])
            check.render(scene.root, expecting: scene.freshRender())
        }
        #expect(check.movedFrames == (caseNumber == 4 ? 0 : 12))
        #expect(check.mismatches.isEmpty, "\(check.mismatches)")
    }

    /// A buffer two or three frames old catches up by one move of the summed scroll when the
    /// frames between moved the same clip.
    @Test func anOlderBufferCatchesUpWithOneMove() {
        let scene = ScrollScene(width: 200, height: 160, rowCount: 16)
        var check = SwapchainCheck(bufferCount: 3, width: 200, height: 160)
        for _ in 0..<3 { check.render(scene.root, expecting: scene.freshRender()) }
        var results: [CompositeResult] = []
        for shift in [5, 7, 11] as [CGFloat] {
            scene.scroller.bounds.origin.y += shift
            results.append(check.render(scene.root, expecting: scene.freshRender()))
        }
        #expect(results.last?.moved?.dy == -23)
        #expect(check.mismatches.isEmpty, "\(check.mismatches)")
    }

    /// Rows culled while scrolled out of view (a jump too far to move pixels) and back where
    /// they were: what the compositor knew of them before is not trusted, and they are drawn.
    @Test(arguments: [1, 2])
    func rowsScrolledAwayAndBackAreDrawn(bufferCount: Int) {
        let scene = ScrollScene(width: 200, height: 160, rowCount: 30)
        scene.scroller.backgroundColor = nil
        var check = SwapchainCheck(bufferCount: bufferCount, width: 200, height: 160)
        for offset in [0, 0, 0, 2000, 2000, 0, 0, 1500, 11, 0] as [CGFloat] {
            scene.scroller.bounds.origin.y = offset
            check.render(scene.root, expecting: scene.freshRender(), "offset \(offset)")
        }
        #expect(check.mismatches.isEmpty, "\(check.mismatches)")
    }

    /// Rows far outside the clip are culled: the display list holds only what is near it.
    @Test func rowsOutsideTheClipAreLeftOut() {
        let scene = ScrollScene(width: 200, height: 160, rowCount: 300)
        let compositor = Compositor()
        let buffer = PixelBuffer(width: 200, height: 160, format: .xrgb8888)
        compositor.render(scene.root, into: buffer, bufferAge: 0)
        var longest = 0
        for step in 0..<40 {
            scene.scroller.bounds.origin.y += CGFloat(step % 7 + 3)
            compositor.render(scene.root, into: buffer, bufferAge: 1)
            if step > 0 { longest = max(longest, compositor.displayList.count) }
        }
        #expect(PixelComparison(buffer, scene.freshRender(), tolerance: 0).isMatch)
        // About ten rows show at a time, of a few entries each.
        #expect(longest < 80, "\(longest) entries")
        #expect(compositor.records.count > 300)
    }

    /// Rounded, clipping cards holding sublayers (offscreen groups cut to their shape) move
    /// with the scroll like anything else: only the exposed strip is painted.
    @Test func roundedClippingCardsMoveToo() {
        let scene = ScrollScene(width: 200, height: 160, rowCount: 0)
        scene.overlay.isHidden = true
        for index in 0..<20 {
            let card = Scene.layer(
                CGRect(x: 8, y: CGFloat(index) * 30 + 0.5, width: 160, height: 26), color: .green,
                parent: scene.scroller)
            card.cornerRadius = 9
            card.masksToBounds = true
            Scene.layer(CGRect(x: -6, y: 10, width: 60, height: 30), color: .red, parent: card)
        }
        var check = SwapchainCheck(bufferCount: 2, width: 200, height: 160)
        for _ in 0..<2 { check.render(scene.root, expecting: scene.freshRender()) }
        var painted = 0
        for step in 0..<8 {
            scene.scroller.bounds.origin.y += CGFloat([6, 11, -4, 9][step % 4])
            painted = max(painted, check.render(scene.root, expecting: scene.freshRender()).repainted.area)
        }
        #expect(check.mismatches.isEmpty, "\(check.mismatches)")
        #expect(check.movedFrames == 8)
        // Two frames' strips (the fling's steps are 4 to 11 pixels), at most 20 rows of the
        // 184-pixel-wide clip.
        #expect(painted <= 184 * 20, "\(painted) pixels painted")
    }
}
