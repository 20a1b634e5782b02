import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// `present(_:animated:completion:)` and `dismiss(animated:completion:)`: callback order per
/// style, the presented/presenting relationships and chains, and refused requests.
@Suite("Modal presentation") @MainActor struct PresentationTests {
    @Test func fullScreenPresentAndDismissCallInUIKitsOrder() {
        let s = PresentationScene()
        let b = s.controller("B", style: .fullScreen)
        var completed = 0
        s.root.present(b, animated: true) {
            s.log.add("completion")
            completed += 1
        }
        #expect(
            s.log.take() == ["A.viewWillDisappear(true)", "B.viewWillAppear(true) +presented"])
        #expect(b.isBeingPresented && s.root.presentedViewController === b && b.presentingViewController === s.root)
        s.finishTransition()
        #expect(
            s.log.take() == ["B.viewDidAppear(true) +presented", "A.viewDidDisappear(true)", "completion"])
        #expect(completed == 1 && !b.isBeingPresented)
        // The covered presenter's view leaves the window, as UIKit removes it.
        #expect(s.root.view.window == nil && b.view.window === s.scene.window)

        s.root.dismiss(animated: true) { s.log.add("completion") }
        #expect(s.log.take() == ["B.viewWillDisappear(true) -dismissed", "A.viewWillAppear(true)"])
        #expect(b.isBeingDismissed && s.root.view.window === s.scene.window)
        s.finishTransition()
        #expect(
            s.log.take() == ["B.viewDidDisappear(true) -dismissed", "A.viewDidAppear(true)", "completion"])
        #expect(s.root.presentedViewController == nil && b.presentingViewController == nil)
        #expect(b.viewIfLoaded?.window == nil && s.containers.isEmpty)
    }

    @Test func overStylesLeaveThePresenterAlone() {
        for style in [UIModalPresentationStyle.overFullScreen, .formSheet, .pageSheet, .automatic, .overCurrentContext]
        {
            let s = PresentationScene()
            let b = s.controller("B", style: style)
            s.root.present(b, animated: true) { s.log.add("completion") }
            s.finishTransition()
            #expect(
                s.log.take() == [
                    "B.viewWillAppear(true) +presented", "B.viewDidAppear(true) +presented", "completion",
                ], "\(style)")
            #expect(s.root.view.window === s.scene.window)
            b.dismiss(animated: true) { s.log.add("completion") }
            s.finishTransition()
            #expect(
                s.log.take() == [
                    "B.viewWillDisappear(true) -dismissed", "B.viewDidDisappear(true) -dismissed", "completion",
                ], "\(style)")
            #expect(s.containers.isEmpty && s.root.presentedViewController == nil)
        }
    }

    @Test func withoutAnimationEverythingHappensBeforeTheCallReturns() {
        let s = PresentationScene()
        let b = s.controller("B", style: .fullScreen)
        s.root.present(b, animated: false) { s.log.add("completion") }
        #expect(
            s.log.take() == [
                "A.viewWillDisappear(false)", "B.viewWillAppear(false) +presented", "B.viewDidAppear(false) +presented",
                "A.viewDidDisappear(false)", "completion",
            ])
        b.dismiss(animated: false) { s.log.add("completion") }
        #expect(
            s.log.take() == [
                "B.viewWillDisappear(false) -dismissed", "A.viewWillAppear(false)",
                "B.viewDidDisappear(false) -dismissed", "A.viewDidAppear(false)", "completion",
            ])
    }

    @Test func sheetsAreCentredCardsOverADimmedWindow() throws {
        let s = PresentationScene(width: 1024, height: 768)
        let form = s.controller("B", style: .formSheet)
        s.root.present(form, animated: false)
        let card = try #require(form.view.superview)
        #expect(card.frame == CGRect(x: 242, y: 74, width: 540, height: 620))
        #expect(card.layer.cornerRadius == 10 && card.clipsToBounds)
        let container = try #require(s.containers.first)
        #expect(container.frame == s.scene.window.bounds)
        let dimming = container.subviews[0]
        #expect(dimming.frame == container.bounds && dimming.alpha == 1 && dimming.backgroundColor != nil)
        form.dismiss(animated: false)

        let page = s.controller("C", style: .automatic)
        s.root.present(page, animated: false)
        #expect(page.view.superview?.frame == CGRect(x: 160, y: 20, width: 704, height: 728))
        page.dismiss(animated: false)

        let full = s.controller("D", style: .overFullScreen)
        s.root.present(full, animated: false)
        #expect(full.view.frame == s.scene.window.bounds && full.view.superview?.frame == s.scene.window.bounds)
        // The container is the window's frontmost subview.
        #expect(s.scene.window.subviews.last === s.containers.first)
    }

    @Test func aSheetStaysCentredWhenTheWindowChangesSize() throws {
        let s = PresentationScene(width: 1024, height: 768)
        let form = s.controller("B", style: .formSheet)
        s.root.present(form, animated: false)
        let card = try #require(form.view.superview)
        s.scene.window.frame = CGRect(x: 0, y: 0, width: 768, height: 1024)
        s.scene.window.layoutIfNeeded()
        #expect(card.frame == CGRect(x: 114, y: 202, width: 540, height: 620))
        #expect(form.view.frame == card.bounds)
    }

    @Test func aPresentedNavigationControllerForwardsTheCallsToItsTop() {
        let s = PresentationScene()
        let top = s.controller("N")
        let navigation = UINavigationController(rootViewController: top)
        navigation.modalPresentationStyle = .fullScreen
        s.root.present(navigation, animated: true)
        s.finishTransition()
        #expect(
            s.log.take() == [
                "A.viewWillDisappear(true)", "N.viewWillAppear(true)", "N.viewDidAppear(true)",
                "A.viewDidDisappear(true)",
            ])
        #expect(top.presentingViewController === s.root && navigation.presentingViewController === s.root)
        // The child dismisses its presented container.
        top.dismiss(animated: true)
        s.finishTransition()
        #expect(
            s.log.take() == [
                "N.viewWillDisappear(true)", "A.viewWillAppear(true)", "N.viewDidDisappear(true)",
                "A.viewDidAppear(true)",
            ])
        #expect(s.root.presentedViewController == nil)
    }

    @Test func aDismissedControllerCanBePresentedAgain() {
        let s = PresentationScene()
        let b = s.controller("B", style: .formSheet)
        s.root.present(b, animated: true)
        s.finishTransition()
        b.dismiss(animated: true)
        s.finishTransition()
        _ = s.log.take()
        s.root.present(b, animated: true) { s.log.add("completion") }
        s.finishTransition()
        #expect(
            s.log.take() == ["B.viewWillAppear(true) +presented", "B.viewDidAppear(true) +presented", "completion"])
        #expect(b.view.window === s.scene.window && s.containers.count == 1 && s.root.presentedViewController === b)
    }

    @Test func chainsAndDismissingFromTheMiddle() {
        let s = PresentationScene()
        let b = s.controller("B", style: .fullScreen)
        let c = s.controller("C", style: .overFullScreen)
        let d = s.controller("D", style: .formSheet)
        s.root.present(b, animated: false)
        b.present(c, animated: false)
        c.present(d, animated: false)
        _ = s.log.take()
        #expect(s.root.presentedViewController === b && b.presentedViewController === c)
        #expect(c.presentedViewController === d && d.presentingViewController === c)
        #expect(c.presentingViewController === b && b.presentingViewController === s.root)
        #expect(s.containers.count == 3)

        // Dismissing from B dismisses C and D; only D animates.
        b.dismiss(animated: true) { s.log.add("completion") }
        #expect(
            s.log.take() == ["D.viewWillDisappear(true) -dismissed", "C.viewWillDisappear(false) -dismissed"])
        #expect(s.containers.count == 2)
        s.finishTransition()
        #expect(
            s.log.take() == [
                "D.viewDidDisappear(true) -dismissed", "C.viewDidDisappear(false) -dismissed", "completion",
            ])
        #expect(
            b.presentedViewController == nil && c.presentingViewController == nil && d.presentingViewController == nil)
        #expect(s.root.presentedViewController === b && s.containers.count == 1)

        // Dismissing from the presented controller with nothing above it dismisses itself.
        b.dismiss(animated: false)
        #expect(s.root.presentedViewController == nil && s.root.view.window === s.scene.window)
        #expect(
            s.log.take() == [
                "B.viewWillDisappear(false) -dismissed", "A.viewWillAppear(false)",
                "B.viewDidDisappear(false) -dismissed", "A.viewDidAppear(false)",
            ])
    }

    @Test func aChildPresentsThroughItsContainersRoot() {
        let s = PresentationScene()
        let child = UIViewController()
        let navigation = UINavigationController(rootViewController: child)
        s.root.view.addSubview(navigation.view)
        s.root.addChild(navigation)
        navigation.didMove(toParent: s.root)
        let b = s.controller("B", style: .overFullScreen)
        child.present(b, animated: false)
        #expect(s.root.presentedViewController === b && child.presentedViewController === b)
        #expect(b.presentingViewController === s.root)
        #expect(navigation.visibleViewController === b && navigation.topViewController === child)
        child.dismiss(animated: false)
        #expect(s.root.presentedViewController == nil && navigation.visibleViewController === child)
    }

    @Test func aControllerThatDefinesTheContextHostsCurrentContextPresentations() throws {
        let s = PresentationScene()
        let child = s.controller("C")
        child.definesPresentationContext = true
        let navigation = UINavigationController(rootViewController: child)
        s.root.view.addSubview(navigation.view)
        s.root.addChild(navigation)
        navigation.didMove(toParent: s.root)
        s.scene.clock.advance(by: 0.05)
        _ = s.log.take()
        let b = s.controller("B", style: .currentContext)
        let contextFrame = child.view.convert(child.view.bounds, to: s.scene.window)
        child.present(b, animated: false)
        #expect(child.presentedViewController === b && b.presentingViewController === child)
        #expect(s.root.presentedViewController == nil)
        #expect(s.containers.first?.frame == contextFrame)
        // The context's controller disappears, not the root.
        #expect(
            s.log.take() == [
                "C.viewWillDisappear(false)", "B.viewWillAppear(false) +presented", "B.viewDidAppear(false) +presented",
                "C.viewDidDisappear(false)",
            ])
        b.dismiss(animated: false)
        #expect(child.presentedViewController == nil && child.view.superview === navigation.view)
        #expect(s.log.take().last == "C.viewDidAppear(false)")
    }

    @Test func refusedPresentationsLogAndChangeNothing() {
        let s = PresentationScene()
        var completions = 0
        // Not in a window.
        let offscreen = UIViewController()
        var errors = s.errors { offscreen.present(s.controller("X"), animated: true) { completions += 1 } }
        #expect(errors.count == 1 && errors[0].contains("whose view is not in the window hierarchy"))
        // Presenting itself.
        errors = s.errors { s.root.present(s.root, animated: false) { completions += 1 } }
        #expect(errors.count == 1)

        let b = s.controller("B", style: .overFullScreen)
        s.root.present(b, animated: true)
        // While the presentation runs.
        errors = s.errors { s.root.present(s.controller("C"), animated: true) { completions += 1 } }
        #expect(errors.count == 1 && errors[0].contains("while a presentation is in progress"))
        errors = s.errors { b.present(s.controller("C"), animated: true) { completions += 1 } }
        #expect(errors.count == 1 && errors[0].contains("while a presentation is in progress"))
        errors = s.errors { s.root.dismiss(animated: true) { completions += 1 } }
        #expect(errors.count == 1 && errors[0].contains("while a presentation or dismiss is in progress"))
        s.finishTransition()
        // Already presenting.
        errors = s.errors { s.root.present(s.controller("C"), animated: true) { completions += 1 } }
        #expect(errors.count == 1 && errors[0].contains("which is already presenting"))
        // Presenting what is already presented.
        let c = s.controller("C", style: .overFullScreen)
        b.present(c, animated: false)
        errors = s.errors { c.present(b, animated: false) { completions += 1 } }
        #expect(errors.count == 1 && errors[0].contains("already being presented"))
        c.dismiss(animated: false)
        #expect(completions == 0 && s.root.presentedViewController === b && s.containers.count == 1)

        // Touches reach the presented view once the presentation is over.
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 100, y: 100, width: 100, height: 44)
        var taps = 0
        button.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
        b.view.addSubview(button)
        s.scene.clock.advance(by: 0.05)
        s.tap(CGPoint(x: 50, y: 22), in: button)
        #expect(taps == 1)
    }

    @Test func dismissingNothingRunsTheCompletion() {
        let s = PresentationScene()
        var completions = 0
        let errors = s.errors { s.root.dismiss(animated: true) { completions += 1 } }
        #expect(errors.isEmpty && completions == 1 && s.log.take().isEmpty)
    }

    @Test func touchesAreSwallowedOnlyWhileTheTransitionRuns() {
        let s = PresentationScene()
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 100, y: 100, width: 100, height: 44)
        var taps = 0
        button.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
        s.root.view.addSubview(button)
        let b = s.controller("B", style: .formSheet)
        b.view.backgroundColor = .white
        s.root.present(b, animated: true)
        s.scene.clock.advance(by: 0.1)
        // The dimmed background takes the tap: the presenter's button gets none.
        s.tap(CGPoint(x: 50, y: 22), in: button)
        s.finishTransition()
        s.tap(CGPoint(x: 50, y: 22), in: button)
        #expect(taps == 0)
        b.dismiss(animated: true)
        s.finishTransition()
        s.tap(CGPoint(x: 50, y: 22), in: button)
        #expect(taps == 1)
    }

    @Test func aContainerLeavingItsWindowEndsTheTransition() {
        let s = PresentationScene()
        let b = s.controller("B", style: .overFullScreen)
        s.root.present(b, animated: true) { s.log.add("completion") }
        s.containers.first?.removeFromSuperview()
        #expect(
            s.log.take() == ["B.viewWillAppear(true) +presented", "B.viewDidAppear(true) +presented", "completion"])
        #expect(!b.isBeingPresented)
        b.dismiss(animated: false)
        #expect(s.root.presentedViewController == nil)
    }
}
