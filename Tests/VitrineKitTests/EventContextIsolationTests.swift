import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// Two event contexts in one process: the application's touch router, fed by `SyntheticInput`,
/// on one screen, and a second `TouchRouter` with its own input source on another screen, each
/// with a window and a logging view. What one holds back, batches or cancels is never seen by
/// the other.
@MainActor
struct TwoEventContexts {
    let clock = ManualClock()
    let backend: HeadlessBackend
    let appScreen: UIScreen
    let otherScreen: UIScreen
    /// Drives `UIApplication.shared`'s router.
    let appInput: SyntheticInput
    /// A second router and the input that drives it.
    let otherRouter = TouchRouter()
    let otherInput: SyntheticInput
    let appWindow: UIWindow
    let otherWindow: UIWindow
    let appView: TouchLogView
    let otherView: TouchLogView

    init() {
        backend = HeadlessBackend(clock: clock)
        backend.addOutput(name: "APP-1", width: 400, height: 300)
        backend.addOutput(name: "OTHER-1", width: 400, height: 300)
        UIApplication.shared.setDisplayBackend(backend)
        appInput = SyntheticInput().install()
        appScreen = UIScreen.screens.first { $0.name == "APP-1" }!
        otherScreen = UIScreen.screens.first { $0.name == "OTHER-1" }!
        let source = HeadlessInputSource()
        let router = otherRouter
        source.eventHandler = { router.handle($0) }
        otherInput = SyntheticInput(source: source)
        appWindow = UIWindow(screen: appScreen)
        appWindow.makeKeyAndVisible()
        otherWindow = UIWindow(screen: otherScreen)
        otherWindow.isHidden = false
        TouchLogView.log = []
        appView = TouchLogView("app", frame: appWindow.bounds)
        appWindow.addSubview(appView)
        otherView = TouchLogView("other", frame: otherWindow.bounds)
        otherWindow.addSubview(otherView)
    }

    var appDelivery: TouchDelivery { UIApplication.shared.touchRouter.delivery }

    /// A touch on the app's view that fails a tap recognizer there: the app's arena fails it
    /// and releases what the app's delivery holds.
    func failATapInTheApp(at time: Double) {
        let tap = UITapGestureRecognizer()
        appView.addGestureRecognizer(tap)
        appInput.down(at: CGPoint(x: 50, y: 50), on: appScreen, time: time)
        appInput.move(to: CGPoint(x: 200, y: 200), on: appScreen, time: time + 0.05)
        #expect(tap.state == .failed)
        appInput.up(time: time + 0.1)
    }
}

@MainActor @Suite(.serialized) struct EventContextIsolationTests {
    @Test func aTouchHeldInOneRouterIsReleasedOnlyByItsOwnRecognizers() {
        let contexts = TwoEventContexts()
        let delaying = UITapGestureRecognizer()
        delaying.delaysTouchesBegan = true
        contexts.otherView.addGestureRecognizer(delaying)
        contexts.otherInput.down(at: CGPoint(x: 50, y: 50), on: contexts.otherScreen, time: 1)
        #expect(contexts.otherRouter.delivery.heldCount == 1)
        #expect(contexts.appDelivery.heldCount == 0)

        contexts.failATapInTheApp(at: 2)
        #expect(TouchLogView.log == ["app began 1", "app moved 1", "app ended 1"])
        #expect(contexts.otherRouter.delivery.heldCount == 1, "still held by the other router's tap")

        // Its own recognizer failing releases it, in order, before the move.
        contexts.otherInput.move(to: CGPoint(x: 200, y: 200), on: contexts.otherScreen, time: 3)
        #expect(delaying.state == .failed)
        #expect(TouchLogView.log.suffix(2) == ["other began 1", "other moved 1"])
        #expect(contexts.otherRouter.delivery.heldCount == 0)
        contexts.otherInput.up(time: 3.1)
        #expect(TouchLogView.log.last == "other ended 1")
    }

    /// UIKit discards the began touches a delaying recognizer held once it recognizes: a
    /// recognizer failing in another router must not deliver them.
    @Test func anotherRoutersFailureNeverDeliversTouchesARecognizedGestureHeld() {
        let contexts = TwoEventContexts()
        let press = UILongPressGestureRecognizer()
        press.delaysTouchesBegan = true
        press.cancelsTouchesInView = false
        contexts.otherView.addGestureRecognizer(press)
        contexts.clock.advance(to: 1)
        contexts.otherInput.down(at: CGPoint(x: 50, y: 50), on: contexts.otherScreen, time: 1)
        contexts.clock.advance(to: 1.5)
        #expect(press.state == .began)
        #expect(contexts.otherRouter.delivery.heldCount == 1)

        contexts.failATapInTheApp(at: 2)
        #expect(!TouchLogView.log.contains { $0.hasPrefix("other") }, "\(TouchLogView.log)")
        #expect(contexts.otherRouter.delivery.heldCount == 1)
        contexts.otherInput.up(time: 2.5)
        #expect(press.state == .possible, "ended and reset")
    }

    /// A router's recognitions are resolved in its own arena when its event has been
    /// delivered, even while the other router is in the middle of delivering one (here: from
    /// inside a recognizer's `touchesBegan`).
    @Test func eachRouterResolvesItsOwnEventsRecognitions() {
        let contexts = TwoEventContexts()
        var order: [String] = []
        let otherTap = UITapGestureRecognizer { _ in order.append("other tap") }
        contexts.otherView.addGestureRecognizer(otherTap)
        let reentrant = CallbackRecognizer()
        reentrant.onBegan = {
            contexts.otherInput.tap(at: CGPoint(x: 50, y: 50), on: contexts.otherScreen, time: 1)
            order.append("app touchesBegan returns")
        }
        contexts.appView.addGestureRecognizer(reentrant)
        contexts.appInput.down(at: CGPoint(x: 50, y: 50), on: contexts.appScreen, time: 1)
        #expect(order == ["other tap", "app touchesBegan returns"])
        contexts.appInput.up(time: 1.1)
    }

    @Test func cancellingOneRoutersTouchesLeavesTheOthersAlone() {
        let contexts = TwoEventContexts()
        contexts.otherInput.down(at: CGPoint(x: 50, y: 50), on: contexts.otherScreen, time: 1)
        contexts.appInput.down(at: CGPoint(x: 50, y: 50), on: contexts.appScreen, time: 1)
        // A new input source for the application cancels the application's touches only.
        SyntheticInput().install()
        #expect(TouchLogView.log == ["other began 1", "app began 1", "app cancelled 1"])
        contexts.otherInput.up(time: 1.2)
        #expect(TouchLogView.log.last == "other ended 1")
        #expect(contexts.otherRouter.active.isEmpty)
    }

    @Test func aViewLeavingItsWindowCancelsTheTouchesOfTheRouterThatMadeThem() {
        let contexts = TwoEventContexts()
        let pan = UIPanGestureRecognizer()
        contexts.otherView.addGestureRecognizer(pan)
        contexts.otherInput.down(at: CGPoint(x: 50, y: 50), on: contexts.otherScreen, time: 1)
        contexts.otherInput.move(to: CGPoint(x: 150, y: 50), on: contexts.otherScreen, time: 1.1)
        #expect(pan.state == .began || pan.state == .changed)
        #expect(pan.arena === contexts.otherRouter.delivery.arena)
        contexts.otherView.removeFromSuperview()
        #expect(TouchLogView.log.last == "other cancelled 1")
        #expect(pan.state == .possible, "reset")
        contexts.otherInput.up(time: 1.2)
        #expect(contexts.otherRouter.active.isEmpty)
    }
}

/// A recognizer that calls `onBegan` from `touchesBegan` and otherwise stays possible.
@MainActor
final class CallbackRecognizer: UIGestureRecognizer {
    var onBegan: () -> Void = {}

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        onBegan()
    }
}
