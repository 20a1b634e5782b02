import BenchmarkSupport
import Foundation
@_spi(VitrineEffects) import VitrineLayers
import VitrineGraphics

/// (e) Backdrop blur at 1920x1080 (`UIVisualEffectView`'s): a 1920x200 blurred header over a
/// gradient with a card moving behind it, and what a frame costs when the backdrop changes
/// (blurred again), when only the header's own content changes (kept), and with a radius of
/// 10,000 points (clamped).
@MainActor func runBackdropBenchmarks(width: Int, height: Int) {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: width, height: height)
    let gradient = CAGradientLayer()
    gradient.frame = root.bounds
    gradient.colors = [
        CGColor(red: 0.1, green: 0.2, blue: 0.4, alpha: 1), CGColor(red: 0.9, green: 0.5, blue: 0.3, alpha: 1),
    ]
    root.addSublayer(gradient)
    let card = CALayer()
    card.frame = CGRect(x: 100, y: 40, width: 300, height: 120)
    card.backgroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.2, alpha: 1)
    root.addSublayer(card)
    let header = CALayer()
    header.frame = CGRect(x: 0, y: 0, width: width, height: 200)
    header.backdropBlurRadius = 30
    header.backgroundColor = CGColor(gray: 1, alpha: 0.3)
    root.addSublayer(header)
    let title = CALayer()
    title.frame = CGRect(x: 40, y: 60, width: 400, height: 80)
    header.addSublayer(title)

    let compositor = Compositor()
    let buffers = [0, 1].map { _ in PixelBuffer(width: width, height: height, format: .xrgb8888) }
    var frame = 0
    var ages = [0, 0]
    @MainActor func render() {
        let index = frame % 2
        compositor.render(root, into: buffers[index], bufferAge: ages[index])
        ages[index] = 2
        frame += 1
    }
    print("(e) backdrop blur: a 1920x200 header blurring a gradient and a moving card")
    let moving = median(runs: 200) {
        card.position.x = CGFloat(300 + frame % 600)
        render()
    }
    print("    card moving behind, radius 30      median \(format(moving))")
    let above = median(runs: 200) {
        title.backgroundColor = CGColor(gray: Double(frame % 2), alpha: 1)
        render()
    }
    print("    header content changing (kept)     median \(format(above))")
    header.backdropBlurRadius = 10_000
    let clamped = median(runs: 200) {
        card.position.x = CGFloat(300 + frame % 600)
        render()
    }
    print("    card moving behind, radius 10,000  median \(format(clamped))")
}
