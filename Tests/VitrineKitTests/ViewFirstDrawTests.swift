import Foundation
import Testing
import VitrineKit

@MainActor final class FirstDrawView: UIView {
    var draws = 0
    override func draw(_ rect: CGRect) {
        draws += 1
        UIColor.red.setFill()
        UIBezierPath(rect: rect).fill()
    }
}

/// A view that overrides `draw(_:)` is drawn when first displayed, as UIKit does; a plain
/// view gets no backing image.
@MainActor @Suite struct ViewFirstDrawTests {
    @Test func aDrawingViewIsDrawnOnItsFirstDisplayPass() {
        let view = FirstDrawView(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        view.layer.layoutAndDisplayIfNeeded()
        #expect(view.draws == 1)
        #expect(view.layer.contents != nil)
        view.layer.layoutAndDisplayIfNeeded()
        #expect(view.draws == 1)
    }

    @Test func aViewFirstShownWithoutASizeIsDrawnOnceItHasOne() {
        let view = FirstDrawView(frame: .zero)
        view.layer.layoutAndDisplayIfNeeded()
        #expect(view.draws == 0)
        view.frame = CGRect(x: 0, y: 0, width: 30, height: 30)
        view.layer.layoutAndDisplayIfNeeded()
        #expect(view.draws == 1)
    }

    @Test func plainViewsGetNoBackingImage() {
        let first = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        first.layer.layoutAndDisplayIfNeeded()
        #expect(first.layer.contents == nil)
        // Later plain views are not even marked.
        let second = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(!second.layer.needsDisplay())
    }
}
