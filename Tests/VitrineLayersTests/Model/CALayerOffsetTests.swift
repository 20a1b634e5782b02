import Foundation
import Testing
import VitrineGraphics
import VitrineLayers

/// `offsetFromSuperlayer` agrees with `convert(_:from:)` through every change that moves a layer.
@MainActor @Suite struct CALayerOffsetTests {
    @Test func theOffsetFollowsPositionBoundsAnchorAndTransform() throws {
        let parent = CALayer()
        parent.frame = CGRect(x: 0, y: 0, width: 500, height: 500)
        let child = CALayer()
        parent.addSublayer(child)
        let probe = CGPoint(x: 123, y: 45)
        func check() throws {
            let offset = try #require(child.offsetFromSuperlayer)
            let converted = child.convert(probe, from: parent)
            #expect(abs(probe.x + offset.x - converted.x) < 1e-9 && abs(probe.y + offset.y - converted.y) < 1e-9)
        }
        child.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        try check()
        child.bounds.origin = CGPoint(x: -7, y: 30)
        try check()
        child.anchorPoint = CGPoint(x: 0.2, y: 0.9)
        try check()
        child.position = CGPoint(x: 300, y: 10)
        try check()
        child.setAffineTransform(CGAffineTransform(rotationAngle: 0.5))
        #expect(child.offsetFromSuperlayer == nil)
        child.transform = CATransform3DIdentity
        try check()
    }
}
