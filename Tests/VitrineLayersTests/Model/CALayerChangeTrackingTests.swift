import Foundation
import Testing
import VitrineGraphics

@testable import VitrineLayers

@MainActor
@Suite("CALayer change tracking")
struct CALayerChangeTrackingTests {
    typealias S = ModelTestSupport

    @Test func everyVisualPropertyBumpsTheSerial() {
        let layer = CALayer()
        let changes: [(String, (CALayer) -> Void)] = [
            ("bounds", { $0.bounds = CGRect(x: 1, y: 2, width: 3, height: 4) }),
            ("position", { $0.position = CGPoint(x: 5, y: 6) }),
            ("frame", { $0.frame = CGRect(x: 9, y: 9, width: 9, height: 9) }),
            ("zPosition", { $0.zPosition = 2 }),
            ("anchorPoint", { $0.anchorPoint = .zero }),
            ("anchorPointZ", { $0.anchorPointZ = 3 }),
            ("transform", { $0.transform = CATransform3DMakeScale(2, 2, 2) }),
            ("affineTransform", { $0.setAffineTransform(CGAffineTransform(rotationAngle: 1)) }),
            ("sublayerTransform", { $0.sublayerTransform = CATransform3DMakeTranslation(1, 0, 0) }),
            ("opacity", { $0.opacity = 0.5 }),
            ("isHidden", { $0.isHidden = true }),
            ("masksToBounds", { $0.masksToBounds = true }),
            ("backgroundColor", { $0.backgroundColor = .white }),
            ("borderWidth", { $0.borderWidth = 2 }),
            ("borderColor", { $0.borderColor = nil }),
            ("cornerRadius", { $0.cornerRadius = 4 }),
            ("isOpaque", { $0.isOpaque = true }),
            ("contents", { $0.contents = S.image() }),
            ("contents again", { $0.contents = S.image() }),
            ("contents nil", { $0.contents = nil }),
            ("contentsImage", { $0.contentsImage = S.image() }),
            ("contentsGravity", { $0.contentsGravity = .topLeft }),
            ("contentsRect", { $0.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 0.5) }),
            ("contentsCenter", { $0.contentsCenter = CGRect(x: 0.4, y: 0.4, width: 0.2, height: 0.2) }),
            ("contentsScale", { $0.contentsScale = 2 }),
            ("sublayer added", { $0.addSublayer(CALayer()) }),
            ("sublayer removed", { $0.sublayers?.first?.removeFromSuperlayer() }),
            ("sublayers set", { $0.sublayers = [CALayer()] }),
        ]
        for (name, change) in changes {
            let before = layer.changeSerial
            change(layer)
            #expect(layer.changeSerial > before, "\(name) did not bump changeSerial")
        }
    }

    @Test func settingTheSameValueDoesNotBump() {
        let layer = CALayer()
        let image = S.image()
        layer.contents = image
        layer.position = CGPoint(x: 1, y: 1)
        let before = layer.changeSerial
        layer.position = CGPoint(x: 1, y: 1)
        layer.opacity = 1
        layer.contents = image
        layer.name = "names are not visual"
        layer.needsDisplayOnBoundsChange = true
        #expect(layer.changeSerial == before)
    }

    @Test func childZPositionBumpsTheParent() {
        let parent = CALayer()
        let child = CALayer()
        parent.addSublayer(child)
        let before = parent.changeSerial
        child.zPosition = 5
        #expect(parent.changeSerial > before)
        // Changing a child's other properties leaves the parent alone.
        let after = parent.changeSerial
        child.opacity = 0.3
        #expect(parent.changeSerial == after)
    }

    @Test func reparentingBumpsBothParents() {
        let first = CALayer()
        let second = CALayer()
        let child = CALayer()
        first.addSublayer(child)
        let (firstBefore, secondBefore) = (first.changeSerial, second.changeSerial)
        second.addSublayer(child)
        #expect(first.changeSerial > firstBefore && second.changeSerial > secondBefore)
    }

    @Test func treeHostHearsAboutChangesAnywhereBelowTheRoot() {
        let host = ModelCountingHost()
        let root = CALayer()
        root.treeHost = host
        let child = CALayer()
        let grandchild = CALayer()
        grandchild.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        child.addSublayer(grandchild)
        root.addSublayer(child)
        host.roots.removeAll()

        grandchild.backgroundColor = .white
        #expect(host.roots.count == 1 && host.roots.first === root)
        grandchild.setNeedsDisplay()
        #expect(host.roots.count == 2)
        grandchild.setNeedsDisplay()  // already marked: nothing new to say
        #expect(host.roots.count == 2)
        grandchild.displayIfNeeded()  // sets contents: a visual change
        #expect(host.roots.count == 3)
        child.layoutIfNeeded()
        host.roots.removeAll()
        child.setNeedsLayout()
        #expect(host.roots.count == 1)

        host.roots.removeAll()
        child.removeFromSuperlayer()
        #expect(host.roots.count == 1 && host.roots.first === root)
        grandchild.opacity = 0.5  // no longer in the hosted tree
        #expect(host.roots.count == 1)
    }

    @Test func noHostNoProblem() {
        let layer = CALayer()
        layer.opacity = 0.2
        layer.setNeedsDisplay()
        layer.setNeedsLayout()
        #expect(layer.changeSerial > 0)
    }

    @Test func contentsAcceptsAnythingButOnlyShowsImages() {
        let layer = CALayer()
        layer.contents = "not an image"
        #expect(layer.contentsImage == nil)
        let image = S.image()
        layer.contents = image
        #expect(layer.contentsImage === image)
        let optional: CGImage? = nil
        layer.contents = optional
        #expect(layer.contents == nil && layer.contentsImage == nil)
    }

    @Test func initWithLayerCopiesModelValues() {
        let original = CALayer()
        original.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        original.opacity = 0.25
        original.addSublayer(CALayer())
        let copy = CALayer(layer: original)
        #expect(copy.frame == original.frame && copy.opacity == 0.25)
        #expect(copy.sublayers == nil && copy.layerID != original.layerID)
    }

    /// A scroll (the bounds' origin alone) and a new list of sublayers leave the layer's own
    /// drawing serial, which the compositor compares to tell a scroll from a change; a new size
    /// or any other property bumps it.
    @Test func theDrawingSerialSkipsScrollsAndSublayerChanges() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 50, height: 40)
        var before = layer.drawingSerial
        layer.bounds.origin = CGPoint(x: 0, y: 30)
        layer.addSublayer(CALayer())
        layer.sublayers?.first?.zPosition = 1
        #expect(layer.drawingSerial == before)
        layer.bounds.size.height = 41
        #expect(layer.drawingSerial > before)
        before = layer.drawingSerial
        layer.backgroundColor = .white
        #expect(layer.drawingSerial > before)
    }

    /// A layer's sublayers stamp moves with any change below it, and with its own list of
    /// sublayers, not with its own other properties.
    @Test func theSublayersStampMovesWithChangesBelow() {
        let root = CALayer()
        let child = CALayer()
        let grandchild = CALayer()
        root.addSublayer(child)
        child.addSublayer(grandchild)
        var before = root.sublayersStamp
        root.bounds.origin.y = 10
        root.opacity = 0.5
        #expect(root.sublayersStamp == before)
        grandchild.opacity = 0.5
        #expect(root.sublayersStamp > before && child.sublayersStamp > before)
        before = root.sublayersStamp
        root.addSublayer(CALayer())
        #expect(root.sublayersStamp > before)
    }
}
