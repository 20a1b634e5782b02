import Foundation
import Testing
import VitrineKit
import VitrinePlatform

@MainActor final class ChainRecorder {
    static var log: [String] = []
}

@MainActor final class RecordingController: UIViewController {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        ChainRecorder.log.append("controller")
        super.touchesBegan(touches, with: event)
    }
}

@MainActor final class RecordingDelegate: UIResponder, UIApplicationDelegate {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        ChainRecorder.log.append("delegate")
        super.touchesBegan(touches, with: event)
    }
}

@MainActor final class ForwardingView: UIView {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        ChainRecorder.log.append("view \(tag)")
        super.touchesBegan(touches, with: event)
    }
}

@MainActor final class ForwardingWindow: UIWindow {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        ChainRecorder.log.append("window")
        super.touchesBegan(touches, with: event)
    }
}

/// The responder chain, from the touched view to the app delegate.
@MainActor @Suite struct ResponderChainTests {
    @Test func unhandledTouchesTravelTheWholeChain() {
        let clock = ManualClock()
        let backend = HeadlessBackend(clock: clock)
        backend.addOutput(width: 300, height: 300)
        UIApplication.shared.setDisplayBackend(backend)
        let input = SyntheticInput().install()
        let delegate = RecordingDelegate()
        let previousDelegate = UIApplication.shared.delegate
        UIApplication.shared.delegate = delegate
        defer { UIApplication.shared.delegate = previousDelegate }

        let window = ForwardingWindow(frame: UIScreen.main.bounds)
        let controller = RecordingController()
        window.rootViewController = controller
        let outer = ForwardingView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        outer.tag = 1
        let inner = ForwardingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        inner.tag = 2
        controller.view.addSubview(outer)
        outer.addSubview(inner)
        window.makeKeyAndVisible()

        ChainRecorder.log = []
        input.tap(at: CGPoint(x: 10, y: 10), time: 1)
        #expect(ChainRecorder.log == ["view 2", "view 1", "controller", "window", "delegate"])
        #expect(inner.next === outer)
        #expect(controller.view.next === controller)
        #expect(controller.next === window)
        #expect(window.next === UIApplication.shared)
        #expect(UIApplication.shared.next === delegate)
    }
}
