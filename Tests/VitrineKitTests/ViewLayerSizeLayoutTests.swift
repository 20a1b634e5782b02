import Foundation
import Testing

@testable import VitrineKit

/// Changing a view's size lays out its superview too, as on iOS, however the size changes:
/// through the view's frame or bounds, or its layer's bounds.
@MainActor @Suite struct ViewLayerSizeLayoutTests {
    final class CountingView: UIView {
        var layouts = 0
        override func layoutSubviews() {
            super.layoutSubviews()
            layouts += 1
        }
    }

    @Test func aSubviewsLayerResizedMarksTheSuperview() {
        let superview = CountingView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let subview = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        superview.addSubview(subview)
        superview.layoutIfNeeded()
        let before = superview.layouts
        #expect(!superview.layer.needsLayout())
        subview.layer.bounds = CGRect(x: 0, y: 0, width: 80, height: 50)
        #expect(superview.layer.needsLayout())
        superview.layoutIfNeeded()
        #expect(superview.layouts == before + 1)
        // A move, or a bounds origin change, leaves the superview alone.
        subview.layer.position = CGPoint(x: 90, y: 90)
        subview.layer.bounds.origin = CGPoint(x: 5, y: 5)
        #expect(!superview.layer.needsLayout())
        // Through the view, as before.
        subview.frame.size = CGSize(width: 10, height: 10)
        #expect(superview.layer.needsLayout())
    }

    @Test func aSuperviewPlacingItsSubviewIsNotMarkedAgain() {
        final class Placing: UIView {
            let child = UIView(frame: .zero)
            var layouts = 0
            override func layoutSubviews() {
                super.layoutSubviews()
                layouts += 1
                child.layer.bounds = CGRect(x: 0, y: 0, width: bounds.width / 2, height: 10)
            }
        }
        let view = Placing(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.addSubview(view.child)
        view.layoutIfNeeded()
        #expect(view.child.bounds.width == 50)
        #expect(!view.layer.needsLayout())
        #expect(view.layouts == 1)
    }
}
