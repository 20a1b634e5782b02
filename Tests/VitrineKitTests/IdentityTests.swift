import Foundation
import Testing
import VitrineLayers

@testable import VitrineKit

/// Equality, hashing and descriptions as NSObject gives UIKit's classes.
@Suite("NSObject identity") @MainActor struct IdentityTests {
    @Test func viewsCompareAndHashByIdentity() {
        let parent = UIView(frame: .zero)
        let a = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let b = UILabel(frame: .zero)
        parent.addSubview(a)
        parent.addSubview(b)
        #expect(parent.subviews == [a, b])
        #expect(parent.subviews.firstIndex(of: b) == 1)
        #expect(a != UIView(frame: a.frame))  // same frame, another view
        let set: Set<UIView> = [a, b, a]
        #expect(set.count == 2 && set.contains(b))
        let controllers: Set<UIViewController> = [UIViewController(), UIViewController()]
        #expect(controllers.count == 2)
    }

    @Test func layersRecognizersAndImagesToo() {
        let layer = CALayer()
        let other = CALayer()
        layer.addSublayer(other)
        #expect(layer.sublayers == [other] && layer != other)
        #expect(Set([layer, other, layer]).count == 2)
        let tap = UITapGestureRecognizer()
        let view = UIView(frame: .zero)
        view.addGestureRecognizer(tap)
        #expect(view.gestureRecognizers?.firstIndex(of: tap) == 0)
        let image = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 3)).image { _ in }
        #expect(image == image && Set([image]).contains(image))
    }

    @Test func descriptionsNameTheClassAndAViewsFrame() {
        let view = UILabel(frame: CGRect(x: 0, y: 5, width: 100, height: 50.5))
        let description = view.description
        #expect(description.hasPrefix("<UILabel: 0x"))
        #expect(description.contains("; frame = (0 5; 100 50.5); layer = <CALayer: 0x"))
        #expect(description.hasSuffix(">>"))
        #expect(UIViewController().description.hasPrefix("<UIViewController: 0x"))
        #expect(CALayer().description.hasPrefix("<CALayer: 0x"))
        #expect("\(UITapGestureRecognizer())".hasPrefix("<UITapGestureRecognizer: 0x"))
    }
}
