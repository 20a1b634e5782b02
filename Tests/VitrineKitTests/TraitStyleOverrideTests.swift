import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// A view that records the interface styles `traitCollectionDidChange(_:)` reports.
@MainActor
private final class StyleLogView: UIView {
    var changes: [String] = []
    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        changes.append(
            "\(previousTraitCollection?.userInterfaceStyle ?? .unspecified)>\(traitCollection.userInterfaceStyle)")
    }
}

@MainActor
private final class StyleLogController: UIViewController {
    var changes: [String] = []
    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        changes.append(
            "\(previousTraitCollection?.userInterfaceStyle ?? .unspecified)>\(traitCollection.userInterfaceStyle)")
    }
}

/// `overrideUserInterfaceStyle` on views, view controllers and windows: the subtree's
/// `traitCollection.userInterfaceStyle`, `traitCollectionDidChange(_:)`, dynamic colours.
@MainActor @Suite(.serialized) struct TraitStyleOverrideTests {
    private let dynamic = UIColor { traits in traits.userInterfaceStyle == .dark ? .black : .white }

    private func windowScene() -> (HeadlessRig, UIWindow) {
        let rig = HeadlessRig(width: 320, height: 240)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        window.makeKeyAndVisible()
        return (rig, window)
    }

    @Test func aViewsOverrideStylesItsSubtreeOnly() {
        let (_, window) = windowScene()
        let parent = StyleLogView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = StyleLogView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        let sibling = StyleLogView(frame: CGRect(x: 100, y: 0, width: 50, height: 50))
        child.backgroundColor = dynamic
        parent.addSubview(child)
        window.addSubview(parent)
        window.addSubview(sibling)
        #expect(parent.overrideUserInterfaceStyle == .unspecified)
        #expect(child.traitCollection.userInterfaceStyle == .light)
        #expect(child.layer.backgroundColor == UIColor.white.cgColor)

        parent.overrideUserInterfaceStyle = .dark
        #expect(parent.traitCollection.userInterfaceStyle == .dark)
        #expect(child.traitCollection.userInterfaceStyle == .dark)
        #expect(sibling.traitCollection.userInterfaceStyle == .light)
        #expect(window.traitCollection.userInterfaceStyle == .light)
        #expect(parent.changes == ["light>dark"] && child.changes == ["light>dark"] && sibling.changes == [])
        #expect(child.layer.backgroundColor == UIColor.black.cgColor, "the dynamic colour resolved again")
        // Other traits are still inherited.
        #expect(child.traitCollection.displayScale == window.traitCollection.displayScale)
        #expect(child.traitCollection.horizontalSizeClass == window.traitCollection.horizontalSizeClass)

        // A subview's own override wins; setting the same value reports nothing.
        child.overrideUserInterfaceStyle = .light
        #expect(child.traitCollection.userInterfaceStyle == .light)
        #expect(child.changes == ["light>dark", "dark>light"])
        parent.overrideUserInterfaceStyle = .dark
        parent.overrideUserInterfaceStyle = .unspecified
        #expect(parent.traitCollection.userInterfaceStyle == .light)
        #expect(parent.changes == ["light>dark", "dark>light"])
        #expect(child.changes == ["light>dark", "dark>light"], "its own override kept it light")
    }

    @Test func aWindowsOverrideStylesEverythingItShows() {
        let (_, window) = windowScene()
        let controller = StyleLogController()
        window.rootViewController = controller
        let view = StyleLogView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.backgroundColor = dynamic
        controller.view.addSubview(view)
        window.overrideUserInterfaceStyle = .dark
        #expect(window.traitCollection.userInterfaceStyle == .dark)
        #expect(controller.traitCollection.userInterfaceStyle == .dark)
        #expect(view.traitCollection.userInterfaceStyle == .dark)
        #expect(controller.changes == ["light>dark"] && view.changes == ["light>dark"])
        #expect(view.layer.backgroundColor == UIColor.black.cgColor)
        window.overrideUserInterfaceStyle = .unspecified
        #expect(view.traitCollection.userInterfaceStyle == .light)
        #expect(view.changes == ["light>dark", "dark>light"])
    }

    @Test func aControllersOverrideStylesItsViewsAndChildren() {
        let (_, window) = windowScene()
        let parent = StyleLogController()
        let child = StyleLogController()
        window.rootViewController = parent
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        let view = StyleLogView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        child.view.addSubview(view)

        parent.overrideUserInterfaceStyle = .dark
        #expect(parent.traitCollection.userInterfaceStyle == .dark)
        #expect(parent.view.traitCollection.userInterfaceStyle == .dark)
        #expect(child.traitCollection.userInterfaceStyle == .dark)
        #expect(view.traitCollection.userInterfaceStyle == .dark)
        #expect(window.traitCollection.userInterfaceStyle == .light)
        #expect(parent.changes == ["light>dark"] && child.changes == ["light>dark"] && view.changes == ["light>dark"])

        child.overrideUserInterfaceStyle = .light
        #expect(view.traitCollection.userInterfaceStyle == .light)
        #expect(child.changes == ["light>dark", "dark>light"])
        #expect(parent.changes == ["light>dark"])
    }

    @Test func drawingUsesTheOverriddenStyleAndRedrawsWhenItChanges() {
        final class Drawn: UIView {
            var seen: [UIUserInterfaceStyle] = []
            override func draw(_ rect: CGRect) {
                seen.append(UITraitCollection.current.userInterfaceStyle)
            }
        }
        let (_, window) = windowScene()
        let view = Drawn(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
        window.addSubview(view)
        view.layer.displayIfNeeded()
        #expect(view.seen == [.light])
        view.overrideUserInterfaceStyle = .dark
        #expect(view.layer.needsDisplay())
        view.layer.displayIfNeeded()
        #expect(view.seen == [.light, .dark])
    }
}
