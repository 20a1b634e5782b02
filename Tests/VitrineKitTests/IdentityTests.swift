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

    @Test func coloursCompareAndHashByValue() {
        let a = UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        let b = UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        #expect(a == b && a !== b)
        #expect(a != UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5))
        #expect(Set([a, b, UIColor.red]).count == 2)
        #expect(UIColor.red == UIColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect([UIColor.blue, a].firstIndex(of: b) == 1)
        // The same components in another colour space are another colour, as on iOS.
        #expect(UIColor.white == UIColor(white: 1, alpha: 1))
        #expect(UIColor(white: 1, alpha: 1) != UIColor(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(UIColor.black.withAlphaComponent(0.5) == UIColor(white: 0, alpha: 0.5))
        #expect(Set([UIColor.gray, UIColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)]).count == 2)
    }

    @Test func fontsAreEqualForTheSameFaceAndSize() {
        #expect(UIFont.systemFont(ofSize: 17) == UIFont.systemFont(ofSize: 17))
        #expect(UIFont.systemFont(ofSize: 17) != UIFont.systemFont(ofSize: 18))
        #expect(UIFont.systemFont(ofSize: 17) != UIFont.boldSystemFont(ofSize: 17))
        #expect(Set([UIFont.systemFont(ofSize: 12), UIFont.systemFont(ofSize: 12)]).count == 1)
        let named = UIFont(name: "DejaVu Sans", size: 14)
        #expect(named != nil && named == UIFont(name: "dejavu sans", size: 14))
    }

    @Test func touchesCompareByIdentity() {
        let first = UITouch(slot: 0, window: nil, view: nil, location: .zero, timestamp: 0)
        let second = UITouch(slot: 0, window: nil, view: nil, location: .zero, timestamp: 0)
        #expect(first == first && first != second)
        #expect(Set([first, second, first]).count == 2)
    }
}
