import Foundation
import Testing
import VitrineGraphics

@testable import VitrineLayers

/// A layer that draws from its corner radius and border width, as a gauge or a ring whose
/// `draw(in:)` reads them.
@MainActor
private final class RingLayer: CALayer {
    override class func needsDisplay(forKey key: String) -> Bool {
        key == "cornerRadius" || key == "borderWidth" || super.needsDisplay(forKey: key)
    }

    override class func defaultValue(forKey key: String) -> Any? {
        key == "cornerRadius" ? CGFloat(8) : super.defaultValue(forKey: key)
    }
}

/// `CALayer.needsDisplay(forKey:)` and `defaultValue(forKey:)`, as Core Animation documents them.
@MainActor
@Suite("CALayer needsDisplay(forKey:) and defaultValue(forKey:)")
struct CALayerKeyDefaultsTests {
    @Test func aPlainLayerNeedsNoDisplayForAnyKey() {
        for key in ["bounds", "position", "opacity", "cornerRadius", "backgroundColor", "anything"] {
            #expect(!CALayer.needsDisplay(forKey: key), "\(key)")
        }
        let layer = CALayer()
        layer.display()
        layer.cornerRadius = 4
        layer.opacity = 0.5
        #expect(!layer.needsDisplay())
    }

    @Test func aSubclassKeyMarksTheLayerNeedingDisplayWhenItChanges() {
        let layer = RingLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.displayIfNeeded()
        #expect(!layer.needsDisplay())
        layer.opacity = 0.5
        #expect(!layer.needsDisplay(), "opacity is not one of its keys")
        layer.cornerRadius = 6
        #expect(layer.needsDisplay())
        layer.displayIfNeeded()
        layer.setValue(CGFloat(3), forKeyPath: "borderWidth")
        #expect(layer.needsDisplay(), "through setValue(_:forKeyPath:) too")
        layer.displayIfNeeded()
        layer.borderWidth = 3
        #expect(!layer.needsDisplay(), "setting the same value changes nothing")
    }

    @Test func defaultValuesAreCoreAnimationsDocumentedOnes() {
        #expect(CALayer.defaultValue(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(CALayer.defaultValue(forKey: "opacity") as? CGFloat == 1)
        #expect(CALayer.defaultValue(forKey: "transform") as? CATransform3D == CATransform3DIdentity)
        #expect(CALayer.defaultValue(forKey: "sublayerTransform") as? CATransform3D == CATransform3DIdentity)
        #expect(CALayer.defaultValue(forKey: "bounds") as? CGRect == .zero)
        #expect(CALayer.defaultValue(forKey: "position") as? CGPoint == .zero)
        #expect(CALayer.defaultValue(forKey: "contentsRect") as? CGRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(CALayer.defaultValue(forKey: "shadowOffset") as? CGSize == CGSize(width: 0, height: -3))
        #expect(CALayer.defaultValue(forKey: "shadowRadius") as? CGFloat == 3)
        #expect(CALayer.defaultValue(forKey: "shadowOpacity") as? CGFloat == 0)
        #expect(CALayer.defaultValue(forKey: "cornerRadius") as? CGFloat == 0)
        #expect(CALayer.defaultValue(forKey: "masksToBounds") as? Bool == false)
        #expect(CALayer.defaultValue(forKey: "contentsScale") as? CGFloat == 1)
        #expect(CALayer.defaultValue(forKey: "speed") as? Float == 1)
        #expect(CALayer.defaultValue(forKey: "contentsGravity") as? CALayerContentsGravity == .resize)
        #expect(CALayer.defaultValue(forKey: "noSuchProperty") == nil)
    }

    @Test func subclassesAnswerForTheirOwnKeys() {
        #expect(CAShapeLayer.defaultValue(forKey: "strokeEnd") as? CGFloat == 1)
        #expect(CAShapeLayer.defaultValue(forKey: "lineWidth") as? CGFloat == 1)
        #expect(RingLayer.defaultValue(forKey: "cornerRadius") as? CGFloat == 8)
        #expect(RingLayer.defaultValue(forKey: "anchorPoint") as? CGPoint == CGPoint(x: 0.5, y: 0.5))
    }
}
