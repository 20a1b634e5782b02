import Foundation
import Testing

@testable import VitrineKit

/// Dynamic colours: `UIColor { traits in ... }` resolved with `resolvedColor(with:)`, with
/// `UITraitCollection.current` for `cgColor`, and with a view's traits when it shows one.
@MainActor @Suite(.serialized) struct ColorDynamicTests {
    private let dynamic = UIColor { traits in traits.userInterfaceStyle == .dark ? .black : .white }

    @Test func aDynamicColourResolvesByTheTraits() {
        #expect(dynamic.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)) == .black)
        #expect(dynamic.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)) == .white)
        // A colour that is not dynamic is itself.
        let red = UIColor.red
        #expect(red.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)) === red)
        // Equal only to itself.
        #expect(dynamic == dynamic && dynamic != UIColor { _ in .white })
    }

    @Test func cgColorUsesTheCurrentTraits() {
        #expect(dynamic.cgColor == UIColor.white.cgColor)
        UITraitCollection(userInterfaceStyle: .dark).performAsCurrent {
            #expect(dynamic.cgColor == UIColor.black.cgColor)
            #expect(dynamic.withAlphaComponent(0.5).cgColor == UIColor(white: 0, alpha: 0.5).cgColor)
        }
    }

    @Test func aViewShowsItsBackgroundResolvedWithItsTraits() {
        var asked: [UIUserInterfaceStyle] = []
        let color = UIColor { traits in
            asked.append(traits.userInterfaceStyle)
            return traits.userInterfaceStyle == .dark ? .blue : .red
        }
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.backgroundColor = color
        #expect(view.layer.backgroundColor == UIColor.red.cgColor)
        #expect(asked == [.light])
        #expect(view.backgroundColor === color)
    }

    @Test func drawingResolvesWithTheViewsTraits() {
        final class Drawn: UIView {
            var seen: UIUserInterfaceStyle?
            override func draw(_ rect: CGRect) {
                seen = UITraitCollection.current.userInterfaceStyle
                UIColor { $0.userInterfaceStyle == .light ? .green : .black }.setFill()
                UIBezierPath(rect: rect).fill()
            }
        }
        let view = Drawn(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
        UITraitCollection(userInterfaceStyle: .dark).performAsCurrent {
            view.layer.displayIfNeeded()
        }
        #expect(view.seen == .light)
    }
}
