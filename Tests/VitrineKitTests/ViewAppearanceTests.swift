import Foundation
import Testing
import VitrineKit

@MainActor final class TintRecordingView: UIView {
    var tintChanges = 0
    override func tintColorDidChange() { tintChanges += 1 }
}

@MainActor @Suite struct ViewAppearanceTests {
    @Test func appearancePropertiesAreTheLayers() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.alpha = 0.5
        view.isHidden = true
        view.clipsToBounds = true
        view.backgroundColor = .systemRed
        #expect(view.layer.opacity == 0.5)
        #expect(view.layer.isHidden)
        #expect(view.layer.masksToBounds)
        #expect(view.layer.backgroundColor == UIColor.systemRed.cgColor)
        #expect(view.isOpaque)
        view.backgroundColor = nil
        #expect(view.layer.backgroundColor == nil)
    }

    @Test func tintColorIsInheritedAndChangesAreAnnounced() {
        let root = TintRecordingView(frame: .zero)
        let middle = TintRecordingView(frame: .zero)
        let leaf = TintRecordingView(frame: .zero)
        root.addSubview(middle)
        middle.addSubview(leaf)
        #expect(leaf.tintColor == .systemBlue)
        root.tintColor = .systemRed
        #expect(leaf.tintColor == .systemRed)
        #expect(root.tintChanges == 1 && middle.tintChanges == 1 && leaf.tintChanges == 1)
        middle.tintColor = .systemGreen
        root.tintColor = .systemOrange
        // The middle view has its own tint: neither it nor the leaf sees the root's change.
        #expect(leaf.tintColor == .systemGreen)
        #expect(middle.tintChanges == 2 && leaf.tintChanges == 2 && root.tintChanges == 2)
        // Moving the leaf under a view with another tint tells it.
        root.addSubview(leaf)
        #expect(leaf.tintColor == .systemOrange && leaf.tintChanges == 3)
    }

    @Test func contentScaleFollowsTheScreenUntilSet() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        let view = UIView(frame: .zero)
        window.addSubview(view)
        #expect(view.contentScaleFactor == window.screen.scale)
        view.contentScaleFactor = 3
        #expect(view.layer.contentsScale == 3)
    }

    @Test func colorsOfferUIKitsConstructors() {
        var (r, g, b, a): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
        UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1).getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect((r, g, b, a) == (1, 0, 0, 1))
        UIColor(hue: 1.0 / 3.0, saturation: 1, brightness: 1, alpha: 0.5).getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(abs(g - 1) < 1e-9 && r < 1e-9 && b < 1e-9 && a == 0.5)
        var (h, s, v): (CGFloat, CGFloat, CGFloat) = (0, 0, 0)
        UIColor(red: 0, green: 0, blue: 1, alpha: 1).getHue(&h, saturation: &s, brightness: &v, alpha: &a)
        #expect(abs(h - 2.0 / 3.0) < 1e-9 && s == 1 && v == 1)
        var white: CGFloat = 0
        #expect(UIColor(white: 0.25, alpha: 1).getWhite(&white, alpha: &a) && white == 0.25)
        #expect(!UIColor.red.getWhite(&white, alpha: &a))
        #expect(UIColor.red.withAlphaComponent(0.3).cgColor.alpha == 0.3)
        #expect(UIColor.systemBlue.cgColor == CGColor(red: 0, green: 122.0 / 255, blue: 1, alpha: 1))
    }
}
