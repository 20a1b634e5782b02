import Foundation
import Testing
import VitrineKit
import VitrineLayers

/// Hidden, transparent and transformed superviews affect their subviews, as the guide says.
@MainActor @Suite struct ViewCompositingTests {
    private func render(_ view: UIView, width: Int = 100, height: Int = 100) -> PixelBuffer {
        let buffer = PixelBuffer(width: width, height: height, format: .xrgb8888)
        view.layer.layoutAndDisplayIfNeeded()
        Compositor().render(view.layer, into: buffer, bufferAge: 0)
        return buffer
    }

    private func rgb(_ buffer: PixelBuffer, _ x: Int, _ y: Int) -> (Int, Int, Int) {
        let pixel = buffer.pixel(x: x, y: y)
        return (Int(pixel >> 16 & 0xff), Int(pixel >> 8 & 0xff), Int(pixel & 0xff))
    }

    private func scene() -> (root: UIView, parent: UIView) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        root.backgroundColor = .white
        let parent = UIView(frame: CGRect(x: 20, y: 20, width: 60, height: 60))
        root.addSubview(parent)
        let red = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        red.backgroundColor = .red
        let blue = UIView(frame: CGRect(x: 20, y: 20, width: 40, height: 40))
        blue.backgroundColor = .blue
        parent.addSubview(red)
        parent.addSubview(blue)
        return (root, parent)
    }

    @Test func superviewAlphaFadesSubviewsAsOneGroup() {
        let (root, parent) = scene()
        parent.alpha = 0.5
        let buffer = render(root)
        // Where blue covers red, only blue shows through at half strength: a group, not two
        // separately faded layers (which would mix in some red).
        let overlap = rgb(buffer, 50, 50)
        #expect(abs(overlap.0 - 128) <= 1 && abs(overlap.1 - 128) <= 1 && overlap.2 == 255)
        let redOnly = rgb(buffer, 25, 25)
        #expect(redOnly.0 == 255 && abs(redOnly.1 - 128) <= 1 && abs(redOnly.2 - 128) <= 1)
    }

    @Test func hiddenSuperviewHidesSubviews() {
        let (root, parent) = scene()
        parent.isHidden = true
        let buffer = render(root)
        #expect(rgb(buffer, 25, 25) == (255, 255, 255))
        #expect(rgb(buffer, 50, 50) == (255, 255, 255))
    }

    @Test func superviewTransformMovesSubviews() {
        let (root, parent) = scene()
        // Half a turn about the parent's center: red now sits at the bottom right.
        parent.transform = CGAffineTransform(rotationAngle: .pi)
        let buffer = render(root)
        #expect(rgb(buffer, 75, 75) == (255, 0, 0))
        #expect(rgb(buffer, 25, 25) == (0, 0, 255))
    }

    @Test func clipsToBoundsCutsSubviews() {
        let (root, parent) = scene()
        parent.bounds.size = CGSize(width: 30, height: 30)
        parent.clipsToBounds = true
        let buffer = render(root)
        // The parent is now 30x30 about (50, 50): red's part outside it is cut.
        #expect(rgb(buffer, 40, 40) == (255, 0, 0))
        #expect(rgb(buffer, 30, 30) == (255, 255, 255))
    }
}
