import Foundation
import Testing
import VitrineTestSupport

@testable import VitrineKit
@_spi(VitrineEffects) import VitrineLayers

/// `UIVisualEffectView` with `UIBlurEffect` and `UIVibrancyEffect`, as UIKit documents them.
@MainActor @Suite struct VisualEffectViewTests {
    private func render(_ view: UIView) -> PixelBuffer {
        let buffer = PixelBuffer(
            width: Int(view.bounds.width), height: Int(view.bounds.height), format: .xrgb8888)
        view.layer.layoutAndDisplayIfNeeded()
        Compositor().render(view.layer, into: buffer, bufferAge: 0)
        return buffer
    }

    private func rgb(_ buffer: PixelBuffer, _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let pixel = buffer.pixel(x: x, y: y)
        return (Int(pixel >> 16 & 0xff), Int(pixel >> 8 & 0xff), Int(pixel & 0xff))
    }

    /// Red and blue stripes behind a blur view over their middle, a label in its content view.
    private func scene(_ effect: UIVisualEffect?) -> (root: UIView, effectView: UIVisualEffectView) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 160, height: 100))
        root.backgroundColor = .white
        for index in 0..<8 {
            let stripe = UIView(frame: CGRect(x: CGFloat(index) * 20, y: 0, width: 10, height: 100))
            stripe.backgroundColor = index % 2 == 0 ? .red : .blue
            root.addSubview(stripe)
        }
        let effectView = UIVisualEffectView(effect: effect)
        effectView.frame = CGRect(x: 20, y: 25, width: 120, height: 50)
        root.addSubview(effectView)
        let square = UIView(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        square.backgroundColor = .green
        effectView.contentView.addSubview(square)
        return (root, effectView)
    }

    @Test func contentViewFillsTheViewAndEffectIsKept() {
        let blur = UIBlurEffect(style: .dark)
        let (_, view) = scene(blur)
        #expect(view.effect === blur)
        #expect(view.contentView.superview === view)
        #expect(view.contentView.frame == view.bounds)
        view.frame.size = CGSize(width: 60, height: 30)
        view.layoutIfNeeded()
        #expect(view.contentView.frame == CGRect(x: 0, y: 0, width: 60, height: 30))
        #expect(UIBlurEffect(style: .light) == UIBlurEffect(style: .light))
        #expect(UIBlurEffect(style: .light) != UIBlurEffect(style: .dark))
        #expect(UIVibrancyEffect(blurEffect: blur).style == .label)
        #expect(UIVisualEffectView(effect: nil).effect == nil)
    }

    /// A blur mixes the stripes behind it and tints them; outside, they stay sharp; the
    /// content view draws above, unblurred.
    @Test func blurMixesWhatLiesBehind() throws {
        let (root, _) = scene(UIBlurEffect(style: .light))
        let image = render(root)
        #expect(rgb(image, 5, 10) == (255, 0, 0))
        #expect(rgb(image, 25, 10) == (0, 0, 255))
        let inside = rgb(image, 65, 50)
        let across = rgb(image, 75, 50)
        // Mixed: neither pure red nor pure blue, the stripes' difference mostly gone.
        #expect(inside.r > 100 && inside.b > 100, "\(inside)")
        #expect(abs(inside.r - across.r) < 40, "\(inside) vs \(across)")
        #expect(rgb(image, 35, 40) == (0, 255, 0))
        try assertSnapshot(of: image, named: "visual-effect-light")
    }

    /// Each style: a blur with its own tint (dark ones darker than light ones), and adaptive
    /// styles follow the interface style.
    @Test func stylesHaveTheirLook() throws {
        func brightness(_ style: UIBlurEffect.Style) -> Int {
            let (root, _) = scene(UIBlurEffect(style: style))
            let pixel = rgb(render(root), 90, 40)
            return pixel.r + pixel.g + pixel.b
        }
        #expect(brightness(.extraLight) > brightness(.light))
        #expect(brightness(.light) > brightness(.dark))
        #expect(brightness(.systemMaterialLight) > brightness(.systemMaterialDark))
        #expect(brightness(.systemThickMaterialLight) > brightness(.systemUltraThinMaterialLight))
        let blur = UIBlurEffect(style: .systemMaterial)
        #expect(blur.look(dark: true) == UIBlurEffect(style: .systemMaterialDark).look(dark: false))
        #expect(blur.look(dark: false) == UIBlurEffect(style: .systemMaterialLight).look(dark: true))
        for style in UIBlurEffect.Style.allCases { #expect(UIBlurEffect(style: style).look(dark: false).radius > 0) }
        let (root, _) = scene(UIBlurEffect(style: .dark))
        try assertSnapshot(of: render(root), named: "visual-effect-dark")
    }

    /// Setting the effect to nil removes the blur; inside an animation it fades.
    @Test func effectToNilAndAnimated() {
        let (root, view) = scene(UIBlurEffect(style: .light))
        view.effect = nil
        let image = render(root)
        #expect(
            rgb(image, 65, 50) == (255, 255, 255) || rgb(image, 65, 50) == (0, 0, 255)
                || rgb(image, 65, 50) == (255, 0, 0))
        #expect(view.backdropView.alpha == 0)
        view.effect = UIBlurEffect(style: .dark)
        #expect(view.backdropView.alpha == 1)
        UIView.animate(withDuration: 0.3) { view.effect = nil }
        // The model value is the end of the fade; the layer animates it.
        #expect(view.backdropView.alpha == 0)
        #expect(view.backdropView.layer.animationKeys()?.contains("opacity") == true)
    }

    /// Vibrancy draws its content translucent over the blur.
    @Test func vibrancyContentIsTranslucent() throws {
        let blur = UIBlurEffect(style: .dark)
        let (root, view) = scene(blur)
        let vibrancy = UIVisualEffectView(effect: UIVibrancyEffect(blurEffect: blur, style: .secondaryLabel))
        vibrancy.frame = view.contentView.bounds
        let mark = UIView(frame: CGRect(x: 60, y: 10, width: 30, height: 30))
        mark.backgroundColor = .white
        vibrancy.contentView.addSubview(mark)
        view.contentView.addSubview(vibrancy)
        let image = render(root)
        let pixel = rgb(image, 95, 50)
        #expect(pixel.g > 60 && pixel.g < 250, "white at 0.6 over the dark blur: \(pixel)")
        try assertSnapshot(of: image, named: "visual-effect-vibrancy")
    }
}
