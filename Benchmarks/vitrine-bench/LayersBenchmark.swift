import BenchmarkSupport
import Foundation
import VitrineGraphics
import VitrineLayers

/// (d) Shadows and gradients at 1920x1080: a gradient backdrop with 12 cards casting shadows
/// (8 from their alpha, 4 through `shadowPath`), and what a still shadow, a moving shadowed
/// card and a recoloured gradient cost per frame.
@MainActor func runLayersBenchmarks(width: Int, height: Int) {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: width, height: height)
    let backdrop = CAGradientLayer()
    backdrop.frame = root.bounds
    backdrop.colors = [
        CGColor(red: 0.1, green: 0.2, blue: 0.4, alpha: 1), CGColor(red: 0.9, green: 0.5, blue: 0.3, alpha: 1),
    ]
    root.addSublayer(backdrop)
    var cards: [CALayer] = []
    for index in 0..<12 {
        let card = CALayer()
        card.frame = CGRect(x: 80 + (index % 4) * 440, y: 120 + (index / 4) * 300, width: 360, height: 220)
        card.backgroundColor = CGColor(gray: 0.97, alpha: 1)
        card.cornerRadius = 16
        card.shadowOpacity = 0.35
        card.shadowRadius = 12
        card.shadowOffset = CGSize(width: 0, height: 6)
        if index >= 8 {
            card.shadowPath = CGPath(
                roundedRect: card.bounds, cornerWidth: 16, cornerHeight: 16)
        }
        let badge = CALayer()
        badge.frame = CGRect(x: 20, y: 20, width: 80, height: 30)
        badge.backgroundColor = CGColor(red: 0.2, green: 0.6, blue: 0.3, alpha: 1)
        card.addSublayer(badge)
        root.addSublayer(card)
        cards.append(card)
    }
    print("(d) shadows and gradients: a gradient backdrop, 12 shadowed cards (8 alpha, 4 shadowPath)")

    let firstCompositor = Compositor()
    let target = PixelBuffer(width: width, height: height, format: .xrgb8888)
    let blursBefore = PixmanRenderer.shadowMasksMade
    let firstStart = DispatchTime.now().uptimeNanoseconds
    firstCompositor.render(root, into: target, bufferAge: 0)
    let first = Double(DispatchTime.now().uptimeNanoseconds - firstStart) / 1e9
    let firstBlurs = PixmanRenderer.shadowMasksMade - blursBefore
    // Full repaints with the masks kept.
    let full = median(runs: 30) { firstCompositor.render(root, into: target, bufferAge: 0) }

    // Still shadows: a translucent strip across the first card's shadow recolours each frame,
    // double-buffered; the shadow under it is repainted from its kept mask.
    let compositor = Compositor()
    let buffers = [
        PixelBuffer(width: width, height: height, format: .xrgb8888),
        PixelBuffer(width: width, height: height, format: .xrgb8888),
    ]
    var ages = [0, 0]
    var frame = 0
    let marker = CALayer()
    marker.frame = CGRect(x: 60, y: 330, width: 420, height: 20)
    root.addSublayer(marker)
    @MainActor func render() {
        let index = frame % 2
        compositor.render(root, into: buffers[index], bufferAge: ages[index])
        ages[index] = 2
        frame += 1
    }
    render()
    render()
    let stillBlurs = PixmanRenderer.shadowMasksMade
    let still = median(runs: 500) {
        marker.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: frame % 2 == 0 ? 0.02 : 0.03)
        render()
    }
    let stillReblurs = PixmanRenderer.shadowMasksMade - stillBlurs

    // A shadowed card moving by a pixel each frame: an alpha shadow is drawn and blurred again;
    // one with shadowPath only moves its mask.
    @MainActor func moving(_ card: CALayer) -> (Double, Int) {
        let before = PixmanRenderer.shadowMasksMade
        let time = median(runs: 200) {
            card.position.x += frame % 2 == 0 ? 1 : -1
            render()
        }
        return (time, PixmanRenderer.shadowMasksMade - before)
    }
    let (movingAlpha, alphaBlurs) = moving(cards[0])
    let (movingPath, pathBlurs) = moving(cards[8])

    // The gradient recoloured every frame: rasterised again (1920x1080 pixels).
    let gradient = median(runs: 30) {
        backdrop.colors = [
            CGColor(red: 0.1, green: 0.2, blue: frame % 2 == 0 ? 0.4 : 0.5, alpha: 1),
            CGColor(red: 0.9, green: 0.5, blue: 0.3, alpha: 1),
        ]
        render()
    }

    // A shadow radius of 10,000 on a 1200x700 layer: the blur is clamped (sigma 64 pixels) and
    // runs on a copy shrunk by 8; one frame, however absurd the radius.
    let huge = CALayer()
    huge.frame = CGRect(x: 360, y: 190, width: 1200, height: 700)
    huge.backgroundColor = CGColor(gray: 0.9, alpha: 1)
    huge.shadowOpacity = 1
    huge.shadowRadius = 10_000
    root.addSublayer(huge)
    let hugeBlursBefore = PixmanRenderer.shadowMasksMade
    let hugeStart = DispatchTime.now().uptimeNanoseconds
    render()
    let hugeFrame = Double(DispatchTime.now().uptimeNanoseconds - hugeStart) / 1e9
    let hugeBlurs = PixmanRenderer.shadowMasksMade - hugeBlursBefore

    func format(_ seconds: Double) -> String { String(format: "%9.1f µs", seconds * 1_000_000) }
    print("(d1) first full composite (\(firstBlurs) blurs)       \(format(first))")
    print("(d2) full composite, masks kept             median \(format(full))")
    print("(d3) still shadows, strip over one recolours median \(format(still)) (\(stillReblurs) blurs)")
    print(
        "(d4) alpha-shadowed card moves 1 px          median \(format(movingAlpha)) (\(alphaBlurs) blurs in 205 frames)"
    )
    print(
        "(d5) shadowPath card moves 1 px              median \(format(movingPath)) (\(pathBlurs) blurs in 205 frames)")
    print("(d6) full-screen gradient recoloured         median \(format(gradient))")
    print("(d7) 1200x700 layer, shadowRadius 10,000     one frame \(format(hugeFrame)) (\(hugeBlurs) blur)")
}
