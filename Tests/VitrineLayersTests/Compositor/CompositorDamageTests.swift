import Foundation
import Testing
import VitrineGraphics
import VitrineTestSupport

@testable import VitrineLayers

@MainActor
@Suite("Compositor: damage")
struct CompositorDamageTests {
    static let width = 160
    static let height = 120

    /// Over many random changes to a random tree, rendering only the damage into a buffer of
    /// the given age gives exactly the pixels of a full render.
    @Test(arguments: [1, 2, 3])
    func damageLimitedRenderEqualsFullRender(bufferAge: Int) throws {
        var random = SeededGenerator(state: 0xC0FFEE + UInt64(bufferAge))
        let images = [Scene.quadrantImage(width: 16, height: 12), Scene.quadrantImage(width: 7, height: 9)]
        let root = Scene.root(width: Self.width, height: Self.height)
        var layers: [CALayer] = [root]
        for _ in 0..<14 {
            let layer = CALayer()
            Self.randomize(layer, using: &random, images: images)
            layers.randomElement(using: &random)!.addSublayer(layer)
            layers.append(layer)
        }
        // A swapchain of `bufferAge` buffers: each comes back holding the frame from
        // `bufferAge` frames ago.
        let compositor = Compositor()
        let buffers = (0..<bufferAge).map { _ in PixelBuffer(width: Self.width, height: Self.height, format: .xrgb8888)
        }
        var ages = Array(repeating: 0, count: bufferAge)
        var mismatches = 0
        for frame in 0..<250 {
            // Some frames change nothing: unchanged subtrees are reused across several frames.
            if frame % 5 != 4 { Self.mutate(&layers, root: root, using: &random, images: images) }
            let slot = frame % bufferAge
            compositor.render(root, into: buffers[slot], bufferAge: ages[slot])
            ages[slot] = bufferAge
            let full = Scene.render(root)
            let comparison = PixelComparison(buffers[slot], full, tolerance: 0)
            if !comparison.isMatch {
                mismatches += 1
                Issue.record("frame \(frame), age \(bufferAge): \(comparison)")
                if mismatches > 3 { return }
            }
        }
        #expect(mismatches == 0)
    }

    /// Nothing changed: the next frame has no damage and writes no pixel.
    @Test func nothingChangedTouchesNoPixel() {
        let scene = Scene.root(width: 80, height: 60)
        let child = Scene.layer(CGRect(x: 10, y: 10, width: 30, height: 20), color: .red, parent: scene)
        child.setAffineTransform(CGAffineTransform(rotationAngle: 0.3))
        child.opacity = 0.7
        let buffer = PixelBuffer(width: 80, height: 60, format: .xrgb8888)
        let compositor = Compositor()
        compositor.render(scene, into: buffer, bufferAge: 0)
        // Poison every pixel: any write would show.
        for y in 0..<60 { for x in 0..<80 { buffer.setPixel(x: x, y: y, 0xff12_3456) } }
        let result = compositor.render(scene, into: buffer, bufferAge: 1)
        #expect(result.frameDamage.isEmpty)
        #expect(result.repainted.isEmpty)
        var untouched = true
        for y in 0..<60 { for x in 0..<80 where buffer.pixel(x: x, y: y) != 0xff12_3456 { untouched = false } }
        #expect(untouched)
    }

    /// Changes to a layer that move, clip or fade its sublayers reach them even after frames
    /// in which the sublayers were reused unchanged.
    @Test(arguments: 0..<7)
    func parentChangesReachUnchangedSublayers(change: Int) {
        let root = Scene.root(width: 160, height: 120)
        let parent = Scene.layer(CGRect(x: 20, y: 20, width: 100, height: 80), color: .blue, parent: root)
        let child = Scene.layer(CGRect(x: 10, y: 10, width: 50, height: 30), color: .red, parent: parent)
        Scene.layer(CGRect(x: 5, y: 5, width: 20, height: 10), color: .green, parent: child)
        let compositor = Compositor()
        let buffer = PixelBuffer(width: 160, height: 120, format: .xrgb8888)
        for _ in 0..<3 { compositor.render(root, into: buffer, bufferAge: 1) }
        switch change {
        case 0: parent.sublayerTransform = CATransform3DMakeScale(1.5, 1, 1)
        case 1: parent.bounds.origin = CGPoint(x: 8, y: -6)
        case 2:
            parent.sublayerTransform = CATransform3DMakeRotation(0.3, 0, 0, 1)
            compositor.render(root, into: buffer, bufferAge: 1)
            parent.anchorPoint = CGPoint(x: 0, y: 0)
        case 3: parent.opacity = 0.5
        case 4:
            parent.masksToBounds = true
            parent.bounds.size.width = 40
        case 5:
            parent.masksToBounds = true
            parent.cornerRadius = 20
        default: parent.position.x += 7
        }
        compositor.render(root, into: buffer, bufferAge: 1)
        let comparison = PixelComparison(buffer, Scene.render(root), tolerance: 0)
        #expect(comparison.isMatch, "\(comparison)")
    }

    /// A colour change damages exactly the layer's pixels.
    @Test func smallChangeDamagesOnlyTheLayer() {
        let root = Scene.root(width: 300, height: 200)
        let status = Scene.layer(CGRect(x: 20, y: 30, width: 200, height: 60), color: .red, parent: root)
        let buffer = PixelBuffer(width: 300, height: 200, format: .xrgb8888)
        let compositor = Compositor()
        compositor.render(root, into: buffer, bufferAge: 0)
        status.backgroundColor = .blue
        let result = compositor.render(root, into: buffer, bufferAge: 1)
        #expect(result.frameDamage == Region(PixelRect(x: 20, y: 30, width: 200, height: 60)))
        #expect(pixel(buffer, 100, 50, is: blue))
    }

    static func randomColor(using random: inout SeededGenerator) -> CGColor {
        CGColor(
            red: .random(in: 0...1, using: &random), green: .random(in: 0...1, using: &random),
            blue: .random(in: 0...1, using: &random),
            alpha: Bool.random(using: &random) ? 1 : .random(in: 0.2...1, using: &random))
    }

    static func randomize(_ layer: CALayer, using random: inout SeededGenerator, images: [CGImage]) {
        layer.bounds = CGRect(
            x: 0, y: 0, width: .random(in: 4...90, using: &random), height: .random(in: 4...70, using: &random))
        layer.position = CGPoint(x: .random(in: -10...170, using: &random), y: .random(in: -10...130, using: &random))
        layer.backgroundColor = Bool.random(using: &random) ? randomColor(using: &random) : nil
        if Int.random(in: 0..<4, using: &random) == 0 {
            layer.setAffineTransform(CGAffineTransform(rotationAngle: .random(in: -1...1, using: &random)))
        }
        if Int.random(in: 0..<4, using: &random) == 0 { layer.opacity = .random(in: 0.3...1, using: &random) }
        if Int.random(in: 0..<4, using: &random) == 0 { layer.masksToBounds = true }
        if Int.random(in: 0..<4, using: &random) == 0 { layer.cornerRadius = .random(in: 0...12, using: &random) }
        if Int.random(in: 0..<4, using: &random) == 0 {
            layer.borderWidth = .random(in: 1...4, using: &random)
            layer.borderColor = randomColor(using: &random)
        }
        if Int.random(in: 0..<3, using: &random) == 0 {
            layer.contents = images.randomElement(using: &random)
            layer.contentsGravity = [.resize, .center, .topLeft, .resizeAspect, .resizeAspectFill, .right]
                .randomElement(using: &random)!
        }
    }

    /// One random change: a property, the tree's shape or the drawing order.
    static func mutate(_ layers: inout [CALayer], root: CALayer, using random: inout SeededGenerator, images: [CGImage])
    {
        let layer = layers[Int.random(in: 1..<layers.count, using: &random)]
        switch Int.random(in: 0..<17, using: &random) {
        case 0: layer.position.x += .random(in: -20...20, using: &random)
        case 1: layer.bounds.size.width = .random(in: 0...90, using: &random)
        case 2: layer.backgroundColor = randomColor(using: &random)
        case 3: layer.opacity = Bool.random(using: &random) ? 1 : .random(in: 0...1, using: &random)
        case 4: layer.isHidden.toggle()
        case 5: layer.setAffineTransform(CGAffineTransform(rotationAngle: .random(in: -0.8...0.8, using: &random)))
        case 6: layer.masksToBounds.toggle()
        case 7: layer.cornerRadius = .random(in: 0...15, using: &random)
        case 8: layer.zPosition = .random(in: -1...1, using: &random).rounded()
        case 9:
            // Move the layer elsewhere in the tree (never under itself).
            let parent = layers.randomElement(using: &random)!
            if parent !== layer && !parent.isDescendant(of: layer) { parent.addSublayer(layer) }
        case 10:
            layer.removeFromSuperlayer()
            layers.removeAll { $0 === layer || $0.isDescendant(of: layer) }
            let newcomer = CALayer()
            randomize(newcomer, using: &random, images: images)
            layers.randomElement(using: &random)!.addSublayer(newcomer)
            layers.append(newcomer)
        case 11: layer.borderWidth = Bool.random(using: &random) ? 0 : .random(in: 1...5, using: &random)
        case 12:
            layer.contents = Bool.random(using: &random) ? images.randomElement(using: &random) : nil
        case 13:
            // Scrolls what the sublayers show.
            let x = CGFloat.random(in: -10...10, using: &random).rounded()
            let y = CGFloat.random(in: -10...10, using: &random).rounded()
            layer.bounds.origin = CGPoint(x: x, y: y)
        case 14:
            layer.sublayerTransform =
                Bool.random(using: &random)
                ? CATransform3DIdentity : CATransform3DMakeScale(.random(in: 0.7...1.3, using: &random), 1, 1)
        case 15:
            layer.anchorPoint = CGPoint(x: CGFloat.random(in: 0...1, using: &random), y: 0.5)
        default:
            if let superlayer = layer.superlayer { superlayer.insertSublayer(layer, at: 0) }
        }
    }
}

extension CALayer {
    /// Whether `ancestor` is this layer's superlayer, or its superlayer's, and so on.
    func isDescendant(of ancestor: CALayer) -> Bool {
        var current = superlayer
        while let layer = current {
            if layer === ancestor { return true }
            current = layer.superlayer
        }
        return false
    }
}
