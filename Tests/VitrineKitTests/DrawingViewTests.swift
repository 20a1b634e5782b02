import Foundation
import Testing
import VitrineKit
import VitrineTestSupport

/// A view that draws a 2x2 picture of quadrants in its bounds (red top left, green top right,
/// blue bottom left, yellow bottom right) and records every `draw(_:)` call.
final class QuadrantView: UIView {
    var drawCalls: [CGRect] = []
    var callsSuper = false

    override func draw(_ rect: CGRect) {
        drawCalls.append(rect)
        if callsSuper { super.draw(rect) }
        let b = bounds
        let halfWidth = b.width / 2
        let halfHeight = b.height / 2
        let quadrants: [(UIColor, CGRect)] = [
            (.red, CGRect(x: b.minX, y: b.minY, width: halfWidth, height: halfHeight)),
            (.green, CGRect(x: b.midX, y: b.minY, width: halfWidth, height: halfHeight)),
            (.blue, CGRect(x: b.minX, y: b.midY, width: halfWidth, height: halfHeight)),
            (.yellow, CGRect(x: b.midX, y: b.midY, width: halfWidth, height: halfHeight)),
        ]
        for (color, area) in quadrants {
            color.setFill()
            UIBezierPath(rect: area).fill()
        }
    }
}

/// A view that fills its bounds with one colour, for partial-redraw tests.
final class SolidView: UIView {
    var drawCalls: [CGRect] = []
    var color = UIColor.red

    override func draw(_ rect: CGRect) {
        drawCalls.append(rect)
        color.setFill()
        UIGraphicsGetCurrentContext()?.fill(bounds)
    }
}

/// A view that frames a 30x30 point picture: red 10-point corners, blue edges, green middle.
final class NineSliceView: UIView {
    override func draw(_ rect: CGRect) {
        UIColor.blue.setFill()
        UIRectFillHelper.fill(bounds)
        UIColor.green.setFill()
        UIRectFillHelper.fill(bounds.insetBy(dx: 10, dy: 10))
        UIColor.red.setFill()
        for x in [bounds.minX, bounds.maxX - 10] {
            for y in [bounds.minY, bounds.maxY - 10] {
                UIRectFillHelper.fill(CGRect(x: x, y: y, width: 10, height: 10))
            }
        }
    }
}

/// Fills with the current context's fill colour.
@MainActor
enum UIRectFillHelper {
    static func fill(_ rect: CGRect) {
        UIGraphicsGetCurrentContext()?.fill(rect)
    }
}

@Suite @MainActor struct DrawingViewTests {
    /// Composites `root` into a new opaque buffer of its size.
    func render(_ root: UIView, width: Int = 80, height: Int = 80) -> PixelBuffer {
        root.layer.layoutAndDisplayIfNeeded()
        let buffer = PixelBuffer(width: width, height: height, format: .xrgb8888)
        _ = Compositor().render(root.layer, into: buffer, bufferAge: 0)
        return buffer
    }

    func opaque(_ pixel: UInt32) -> UInt32 { pixel | 0xff00_0000 }

    @Test func drawsOnDemandIntoTheLayersContents() throws {
        let view = QuadrantView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        view.setNeedsDisplay()
        #expect(view.layer.needsDisplay())
        view.layer.layoutAndDisplayIfNeeded()
        #expect(view.drawCalls == [CGRect(x: 0, y: 0, width: 40, height: 20)])
        let image = try #require(view.layer.contents as? CGImage)
        #expect(image.width == 40)
        #expect(image.height == 20)
        #expect(image.pixel(x: 5, y: 5) == 0xffff_0000)
        #expect(image.pixel(x: 35, y: 5) == 0xff00_ff00)
        #expect(image.pixel(x: 5, y: 15) == 0xff00_00ff)
        #expect(image.pixel(x: 35, y: 15) == 0xffff_ff00)
        // Nothing marked: the next pass draws nothing.
        view.layer.layoutAndDisplayIfNeeded()
        #expect(view.drawCalls.count == 1)
        #expect(UIGraphicsGetCurrentContext() == nil)
    }

    @Test func backingImageIsAtTheContentScale() throws {
        let view = QuadrantView(frame: CGRect(x: 0, y: 0, width: 10.5, height: 4))
        view.contentScaleFactor = 2
        view.setNeedsDisplay()
        view.layer.layoutAndDisplayIfNeeded()
        let image = try #require(view.layer.contents as? CGImage)
        #expect(image.width == 21)
        #expect(image.height == 8)
        #expect(view.drawCalls == [CGRect(x: 0, y: 0, width: 10.5, height: 4)])
        // Changing the scale redraws a view that has content.
        view.contentScaleFactor = 3
        view.layer.layoutAndDisplayIfNeeded()
        #expect(view.drawCalls.count == 2)
        #expect((view.layer.contents as? CGImage)?.width == 32)
    }

    @Test func boundsOriginIsTheTopLeftOfTheImage() throws {
        let view = QuadrantView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        view.bounds.origin = CGPoint(x: 100, y: 50)
        view.setNeedsDisplay()
        view.layer.layoutAndDisplayIfNeeded()
        #expect(view.drawCalls == [CGRect(x: 100, y: 50, width: 40, height: 20)])
        let image = try #require(view.layer.contents as? CGImage)
        #expect(image.pixel(x: 0, y: 0) == 0xffff_0000)
        #expect(image.pixel(x: 39, y: 19) == 0xffff_ff00)
    }

    @Test func marksCoalesceIntoOneDrawWithTheirUnion() throws {
        let view = SolidView(frame: CGRect(x: 0, y: 0, width: 40, height: 30))
        view.setNeedsDisplay()
        view.layer.layoutAndDisplayIfNeeded()
        #expect(view.drawCalls.count == 1)
        view.color = .blue
        for index in 0..<10 {
            view.setNeedsDisplay(CGRect(x: 5 + CGFloat(index), y: 5, width: 2, height: 2))
        }
        view.setNeedsDisplay(CGRect(x: 20, y: 10, width: 3, height: 3))
        view.setNeedsDisplay(.null)
        view.setNeedsDisplay(.zero)
        view.setNeedsDisplay(CGRect(x: CGFloat.nan, y: 0, width: 100, height: 100))
        view.layer.layoutAndDisplayIfNeeded()
        #expect(view.drawCalls.count == 2)
        #expect(view.drawCalls.last == CGRect(x: 5, y: 5, width: 18, height: 8))
        // Drawing is clipped to the union; the rest of the old image stays.
        let image = try #require(view.layer.contents as? CGImage)
        #expect(image.pixel(x: 5, y: 5) == 0xff00_00ff)
        #expect(image.pixel(x: 22, y: 12) == 0xff00_00ff)
        #expect(image.pixel(x: 4, y: 5) == 0xffff_0000)
        #expect(image.pixel(x: 23, y: 12) == 0xffff_0000)
        #expect(image.pixel(x: 10, y: 13) == 0xffff_0000)
        // A whole-view mark wins over rects.
        view.setNeedsDisplay(CGRect(x: 1, y: 1, width: 1, height: 1))
        view.setNeedsDisplay()
        view.layer.layoutAndDisplayIfNeeded()
        #expect(view.drawCalls.last == view.bounds)
        #expect((view.layer.contents as? CGImage)?.pixel(x: 30, y: 25) == 0xff00_00ff)
    }

    @Test func aRectMarkBeforeTheFirstDrawDrawsEverything() {
        let view = SolidView(frame: CGRect(x: 0, y: 0, width: 40, height: 30))
        view.setNeedsDisplay(CGRect(x: 1, y: 1, width: 2, height: 2))
        view.layer.layoutAndDisplayIfNeeded()
        #expect(view.drawCalls == [view.bounds])
    }

    @Test func geometryChangesNeverRedraw() {
        let view = QuadrantView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        view.setNeedsDisplay()
        view.layer.layoutAndDisplayIfNeeded()
        view.frame = CGRect(x: 5, y: 5, width: 60, height: 60)
        view.center = CGPoint(x: 100, y: 100)
        view.bounds.size = CGSize(width: 10, height: 10)
        view.transform = CGAffineTransform(scaleX: 2, y: 2)
        view.contentMode = .center
        view.contentStretch = CGRect(x: 0.2, y: 0.2, width: 0.5, height: 0.5)
        view.layer.layoutAndDisplayIfNeeded()
        #expect(view.drawCalls.count == 1)
    }

    @Test func redrawModeRedrawsWhenTheSizeChanges() {
        let view = QuadrantView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        view.contentMode = .redraw
        view.setNeedsDisplay()
        view.layer.layoutAndDisplayIfNeeded()
        view.center = CGPoint(x: 70, y: 70)
        view.transform = CGAffineTransform(rotationAngle: 0.3)
        view.layer.layoutAndDisplayIfNeeded()
        #expect(view.drawCalls.count == 1)
        view.transform = .identity
        view.frame = CGRect(x: 0, y: 0, width: 60, height: 50)
        view.bounds.size = CGSize(width: 61, height: 50)
        view.layer.layoutAndDisplayIfNeeded()
        #expect(view.drawCalls.count == 2)
        #expect(view.drawCalls.last == CGRect(x: 0, y: 0, width: 61, height: 50))
        #expect((view.layer.contents as? CGImage)?.width == 61)
    }

    @Test func aViewThatDoesNotDrawKeepsNoBackingImage() {
        let plain = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        plain.setNeedsDisplay()
        plain.layer.layoutAndDisplayIfNeeded()
        #expect(plain.layer.contents == nil)
        // An override that calls super and draws keeps its image.
        let drawing = QuadrantView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        drawing.callsSuper = true
        drawing.setNeedsDisplay()
        drawing.layer.layoutAndDisplayIfNeeded()
        #expect(drawing.layer.contents is CGImage)
    }

    @Test func unusableBoundsDrawNothingAndNeverTrap() {
        for frame in [
            CGRect.zero, CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10),
            CGRect(x: 0, y: 0, width: 1e7, height: 1e7),
        ] {
            let view = QuadrantView(frame: frame)
            view.setNeedsDisplay()
            view.setNeedsDisplay(CGRect(x: 0, y: 0, width: 5, height: 5))
            view.layer.layoutAndDisplayIfNeeded()
            #expect(view.drawCalls.isEmpty, "frame \(frame)")
            #expect(view.layer.contents == nil)
        }
        let shifted = QuadrantView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        shifted.bounds.origin = CGPoint(x: CGFloat.nan, y: 0)
        shifted.setNeedsDisplay()
        shifted.layer.layoutAndDisplayIfNeeded()
        #expect(shifted.drawCalls.isEmpty)
        let view = QuadrantView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.contentScaleFactor = .nan
        view.contentStretch = CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)
        view.setNeedsDisplay()
        view.layer.layoutAndDisplayIfNeeded()
        #expect(view.layer.contentsCenter == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(view.drawCalls.count == 1)
    }

    @Test func contentModesMapToGravitiesWithUIKitsVerticalSense() {
        let expected: [UIView.ContentMode: CALayerContentsGravity] = [
            .scaleToFill: .resize, .scaleAspectFit: .resizeAspect, .scaleAspectFill: .resizeAspectFill,
            .redraw: .resize, .center: .center, .top: .bottom, .bottom: .top, .left: .left, .right: .right,
            .topLeft: .bottomLeft, .topRight: .bottomRight, .bottomLeft: .topLeft, .bottomRight: .topRight,
        ]
        let view = UIView()
        for mode in UIView.ContentMode.allCases {
            view.contentMode = mode
            #expect(view.layer.contentsGravity == expected[mode], "\(mode)")
        }
    }

    /// Drawn once at 40x20, then resized to 60x50: the cached picture is placed per mode, and
    /// only `.redraw` draws again. The view sits at (10, 10) on white.
    @Test(arguments: UIView.ContentMode.allCases)
    func contentModePlacesCachedContent(_ mode: UIView.ContentMode) throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 80, height: 80))
        root.backgroundColor = .white
        let view = QuadrantView(frame: CGRect(x: 10, y: 10, width: 40, height: 20))
        view.contentMode = mode
        root.addSubview(view)
        view.setNeedsDisplay()
        root.layer.layoutAndDisplayIfNeeded()
        view.frame = CGRect(x: 10, y: 10, width: 60, height: 50)
        let pixels = render(root)
        #expect(view.drawCalls.count == (mode == .redraw ? 2 : 1))
        try assertSnapshot(of: pixels, named: "content-mode-\(mode)")

        // On-screen checks of the vertical sense, independent of the references.
        let red = opaque(0xff_0000)
        let yellow = opaque(0xffff00)
        switch mode {
        case .top:
            #expect(pixels.pixel(x: 25, y: 11) == red)  // picture at the top, centred
            #expect(pixels.pixel(x: 55, y: 29) == yellow)
            #expect(pixels.pixel(x: 25, y: 40) == opaque(0xffffff))
        case .bottom:
            #expect(pixels.pixel(x: 25, y: 41) == red)  // picture at the bottom
            #expect(pixels.pixel(x: 55, y: 59) == yellow)
            #expect(pixels.pixel(x: 25, y: 20) == opaque(0xffffff))
        case .topLeft:
            #expect(pixels.pixel(x: 11, y: 11) == red)
            #expect(pixels.pixel(x: 49, y: 29) == yellow)
        case .bottomRight:
            #expect(pixels.pixel(x: 31, y: 41) == red)
            #expect(pixels.pixel(x: 69, y: 59) == yellow)
        case .scaleToFill, .redraw:
            #expect(pixels.pixel(x: 11, y: 11) == red)
            #expect(pixels.pixel(x: 69, y: 59) == yellow)
        case .scaleAspectFit:
            #expect(pixels.pixel(x: 11, y: 21) == red)  // 60x30, centred vertically
            #expect(pixels.pixel(x: 11, y: 15) == opaque(0xffffff))
        default:
            break
        }
    }

    /// `contentStretch` keeps the 10-point corners of a 30x30 picture while the view grows to
    /// 70x50 (nine-slice scaling through `contentsCenter`).
    @Test func contentStretchStretchesOnlyTheMiddle() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 80, height: 60))
        root.backgroundColor = .white
        let view = NineSliceView(frame: CGRect(x: 5, y: 5, width: 30, height: 30))
        view.contentStretch = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
        root.addSubview(view)
        view.setNeedsDisplay()
        root.layer.layoutAndDisplayIfNeeded()
        view.frame = CGRect(x: 5, y: 5, width: 70, height: 50)
        #expect(view.layer.contentsCenter == view.contentStretch)
        let pixels = render(root, width: 80, height: 60)
        try assertSnapshot(of: pixels, named: "content-stretch-nine-slice")
        let red = opaque(0xff_0000)
        let blue = opaque(0x00_00ff)
        let green = opaque(0x00_ff00)
        #expect(pixels.pixel(x: 5, y: 5) == red)
        #expect(pixels.pixel(x: 14, y: 14) == red)
        #expect(pixels.pixel(x: 15, y: 14) == blue)  // corners stay 10 points
        #expect(pixels.pixel(x: 65, y: 45) == red)
        #expect(pixels.pixel(x: 64, y: 45) == blue)
        #expect(pixels.pixel(x: 74, y: 54) == red)
        #expect(pixels.pixel(x: 40, y: 30) == green)
        #expect(pixels.pixel(x: 15, y: 15) == green)
        #expect(pixels.pixel(x: 64, y: 44) == green)
        // Outside the scaling modes contentStretch is ignored.
        view.contentMode = .center
        #expect(view.layer.contentsCenter == CGRect(x: 0, y: 0, width: 1, height: 1))
    }
}
