import Foundation
import Testing
import VitrineGraphics
import VitrinePlatform

@_spi(Service) @testable import VitrineKit

@MainActor
private final class TestAppDelegate: UIApplicationDelegate {
    var window: UIWindow?
    var launches = 0
    var sawApplication: UIApplication?

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        launches += 1
        sawApplication = application
        let window = UIWindow(frame: UIScreen.main.bounds)
        let controller = UIViewController()
        controller.view.backgroundColor = .green
        window.rootViewController = controller
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}

/// The guide's external-display example: a window per external screen, made when the screen
/// connects and dropped when it disconnects.
@MainActor
private final class ExternalDisplayManager {
    var windows: [ObjectIdentifier: UIWindow] = [:]
    private var tokens: [any NSObjectProtocol] = []

    init() {
        let center = NotificationCenter.default
        tokens.append(
            center.addObserver(forName: UIScreen.didConnectNotification, object: nil, queue: nil) {
                [weak self] notification in
                // UIScreen is main-actor bound, so Sendable: it may cross into the closure.
                guard let screen = notification.object as? UIScreen else { return }
                MainActor.assumeIsolated { self?.screenDidConnect(screen) }
            })
        tokens.append(
            center.addObserver(forName: UIScreen.didDisconnectNotification, object: nil, queue: nil) {
                [weak self] notification in
                // UIScreen is main-actor bound, so Sendable: it may cross into the closure.
                guard let screen = notification.object as? UIScreen else { return }
                MainActor.assumeIsolated { self?.screenDidDisconnect(screen) }
            })
    }

    func screenDidConnect(_ screen: UIScreen) {
        let window = UIWindow(frame: screen.bounds)
        window.screen = screen
        let content = UIView(frame: CGRect(x: 20, y: 10, width: 60, height: 40))
        content.backgroundColor = .blue
        window.addSubview(content)
        window.isHidden = false
        windows[ObjectIdentifier(screen)] = window
    }

    func screenDidDisconnect(_ screen: UIScreen) {
        guard let window = windows.removeValue(forKey: ObjectIdentifier(screen)) else { return }
        window.isHidden = true
    }

    func stop() {
        for token in tokens { NotificationCenter.default.removeObserver(token) }
    }
}

@Suite("UIApplication") @MainActor struct ApplicationTests {
    @Test func launchInstallsTheBackendAndCallsTheDelegateOnce() throws {
        let clock = ManualClock()
        let backend = HeadlessBackend(clock: clock)
        let output = backend.addOutput(name: "HEADLESS-1", width: 160, height: 120)
        let delegate = TestAppDelegate()
        let recorder = NotificationRecorder([UIApplication.didFinishLaunchingNotification])
        defer {
            recorder.stop()
            UIApplication.shared.delegate = nil
        }

        UIApplication.shared.launch(delegate: delegate, displayBackend: backend)
        #expect(delegate.launches == 1)
        #expect(delegate.sawApplication === UIApplication.shared)
        #expect(UIApplication.shared.delegate === delegate)
        #expect(UIApplication.shared.displayBackend === backend)
        #expect(recorder.names(for: UIApplication.shared) == [UIApplication.didFinishLaunchingNotification])
        let window = try #require(delegate.window)
        #expect(UIApplication.shared.keyWindow === window)
        #expect(UIApplication.shared.windows.contains { $0 === window })
        #expect(window.screen.output === output)

        // The screens' frame loops run on the backend's clock.
        #expect(output.presentCount == 0)
        clock.advance(by: 0)
        #expect(output.presentCount == 1)
        let shot = try #require(output.screenshot())
        #expect(shot.rgb(0, 0) == .green && shot.rgb(159, 119) == .green)
    }

    @Test func windowsAreListedByScreenThenBackToFront() {
        let rig = HeadlessRig()
        rig.backend.addOutput(name: "HEADLESS-2", width: 100, height: 100)
        let external = UIScreen.screens[1]
        let alert = makeVisibleWindow(on: rig.screen, frame: rig.screen.bounds, color: .red, level: .alert)
        let onExternal = makeVisibleWindow(on: external, frame: external.bounds, color: .red)
        let normal = UIWindow(frame: rig.screen.bounds)  // hidden windows are listed too
        let listed = UIApplication.shared.windows.filter { window in
            [alert, onExternal, normal].contains { $0 === window }
        }
        #expect(listed.map(ObjectIdentifier.init) == [normal, alert, onExternal].map(ObjectIdentifier.init))
    }

    @Test func viewsWindowsAndScreensWorkWithoutLaunching() {
        // No backend installed by this test: whatever is current (the default headless
        // screen, or one a previous test installed) serves.
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let view = UIView(frame: CGRect(x: 1, y: 1, width: 2, height: 2))
        window.addSubview(view)
        window.makeKeyAndVisible()
        #expect(view.window === window)
        #expect(window.screen === UIScreen.main)
        #expect(UIScreen.main.bounds.width > 0)
        window.isHidden = true
    }

    /// The external-display example end to end: a screen connects, the app's handler makes a
    /// window on it whose content shows in that screen's buffer; the screen disconnects, the
    /// handler hides and drops the window, and the window is released.
    @Test func externalDisplayWindowComesAndGoesWithItsScreen() throws {
        let rig = HeadlessRig()
        let main = makeVisibleWindow(on: rig.screen, frame: rig.screen.bounds, color: .red)
        main.makeKey()
        let manager = ExternalDisplayManager()
        defer { manager.stop() }
        rig.settle()

        let output = rig.backend.addOutput(name: "HDMI-A-1", width: 200, height: 100)
        let external = try #require(UIScreen.screens.last)
        #expect(external.output === output)
        weak var released: UIWindow?
        do {
            let window = try #require(manager.windows[ObjectIdentifier(external)])
            released = window
            #expect(window.screen === external)
            #expect(!window.isHidden)
            #expect(main.isKeyWindow)  // showing the external window does not take key status
        }

        rig.clock.advance(by: 0)
        let shot = try #require(output.screenshot())
        #expect(shot.rgb(20, 10) == .blue && shot.rgb(79, 49) == .blue)
        #expect(shot.rgb(19, 10) == .black && shot.rgb(80, 50) == .black)
        // The main screen is untouched by the external window.
        #expect(try #require(rig.output.screenshot()).rgb(30, 20) == .red)

        rig.backend.disconnect(output)
        #expect(manager.windows.isEmpty)
        #expect(released == nil)
        #expect(UIScreen.screens.count == 1)
        #expect(UIApplication.shared.windows.allSatisfy { $0.screen !== external })
        // Time goes on with no crash and the main screen keeps working.
        main.backgroundColor = .green
        rig.settle()
        for _ in 0..<10 { rig.clock.advance(by: RigTiming.frame) }
        #expect(try #require(rig.output.screenshot()).rgb(30, 20) == .green)
        #expect(output.screenshot() == nil)
    }

    @Test func aWindowLeftOnADisconnectedScreenIsHidden() {
        let rig = HeadlessRig()
        let output = rig.backend.addOutput(name: "HDMI-A-1", width: 100, height: 100)
        let window = makeVisibleWindow(
            on: UIScreen.screens[1], frame: CGRect(x: 0, y: 0, width: 10, height: 10), color: .red)
        window.makeKey()
        let recorder = NotificationRecorder([UIWindow.didBecomeHiddenNotification])
        defer { recorder.stop() }
        rig.backend.disconnect(output)
        #expect(window.isHidden)
        #expect(!window.isKeyWindow)
        #expect(recorder.names(for: window) == [UIWindow.didBecomeHiddenNotification])
        rig.clock.advance(by: 1)  // no crash
    }
}
