import Foundation
import Testing
import VitrineTestSupport

@testable import VitrineKit

/// A view backed by a shape layer, as iOS code makes one with `layerClass`.
@MainActor
private final class RingView: UIView {
    override class var layerClass: AnyClass { CAShapeLayer.self }
    var shapeLayer: CAShapeLayer { layer as! CAShapeLayer }
}

/// Views whose layer is a Core Animation subclass draw what the layer draws, and view
/// shadows (`layer.shadowOpacity`) show under views.
@MainActor @Suite struct LayerSubclassViewTests {
    @Test func shapeLayerBackedView() {
        let view = RingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let path = CGMutablePath()
        path.addRect(CGRect(x: 10, y: 10, width: 30, height: 30))
        view.shapeLayer.path = path
        view.shapeLayer.fillColor = UIColor.red.cgColor
        let buffer = renderAlone(view, width: 100, height: 100)
        let (r, g, b) = (
            buffer.pixel(x: 20, y: 20) >> 16 & 0xff, buffer.pixel(x: 20, y: 20) >> 8 & 0xff,
            buffer.pixel(x: 20, y: 20) & 0xff
        )
        #expect(r > 250 && g < 5 && b < 5)
        #expect(buffer.pixel(x: 60, y: 60) & 0xff_ffff == 0xff_ffff)
    }

    @Test func viewShadow() {
        let view = UIView(frame: CGRect(x: 20, y: 20, width: 40, height: 40))
        view.backgroundColor = .blue
        view.layer.shadowOpacity = 1
        view.layer.shadowRadius = 0
        view.layer.shadowOffset = CGSize(width: 10, height: 10)
        let buffer = renderAlone(view, width: 100, height: 100)
        // Under the view's bottom-right corner, 10 points down and right: black.
        #expect(buffer.pixel(x: 65, y: 65) & 0xff_ffff == 0)
        #expect(buffer.pixel(x: 75, y: 75) & 0xff_ffff == 0xff_ffff)
    }
}
