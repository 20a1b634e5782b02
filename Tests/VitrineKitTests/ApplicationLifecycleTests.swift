import Foundation
import Testing
import VitrinePlatform

@_spi(Service) @testable import VitrineKit

/// A delegate that logs every life-cycle call it gets, with the state the app was in.
@MainActor
private final class LifecycleLoggingDelegate: UIApplicationDelegate {
    var log: [String] = []

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        log.append("didFinishLaunching \(application.applicationState)")
        return true
    }
    func applicationDidBecomeActive(_ application: UIApplication) {
        log.append("didBecomeActive \(application.applicationState)")
    }
    func applicationWillResignActive(_ application: UIApplication) {
        log.append("willResignActive \(application.applicationState)")
    }
    func applicationDidEnterBackground(_ application: UIApplication) {
        log.append("didEnterBackground \(application.applicationState)")
    }
    func applicationWillTerminate(_ application: UIApplication) {
        log.append("willTerminate \(application.applicationState)")
    }
}

/// The app's life as UIKit runs it: launched, active, and (the kiosk service stopping) resigned,
/// in the background and terminated, each with its notification.
@Suite(.serialized) @MainActor struct ApplicationLifecycleTests {
    private static let names = [
        UIApplication.didFinishLaunchingNotification, UIApplication.didBecomeActiveNotification,
        UIApplication.willResignActiveNotification, UIApplication.didEnterBackgroundNotification,
        UIApplication.willTerminateNotification,
    ]

    @Test func aLaunchEndsActiveAfterDidFinishLaunching() {
        let rig = HeadlessRig()
        let delegate = LifecycleLoggingDelegate()
        let recorder = NotificationRecorder(Self.names)
        defer {
            recorder.stop()
            UIApplication.shared.delegate = nil
        }
        UIApplication.shared.launch(delegate: delegate, displayBackend: rig.backend)
        #expect(delegate.log == ["didFinishLaunching inactive", "didBecomeActive active"])
        #expect(UIApplication.shared.applicationState == .active)
        #expect(
            recorder.names(for: UIApplication.shared) == [
                UIApplication.didFinishLaunchingNotification, UIApplication.didBecomeActiveNotification,
            ])
    }

    @Test func terminatingGoesThroughResignBackgroundAndTerminateOnce() {
        let rig = HeadlessRig()
        let delegate = LifecycleLoggingDelegate()
        UIApplication.shared.launch(delegate: delegate, displayBackend: rig.backend)
        let recorder = NotificationRecorder(Self.names)
        defer {
            recorder.stop()
            UIApplication.shared.delegate = nil
        }
        delegate.log = []
        UIApplication.shared.terminate()
        UIApplication.shared.terminate()  // a second stop request: nothing more
        #expect(
            delegate.log == [
                "willResignActive inactive", "didEnterBackground background", "willTerminate background",
            ])
        #expect(
            recorder.names(for: UIApplication.shared) == [
                UIApplication.willResignActiveNotification, UIApplication.didEnterBackgroundNotification,
                UIApplication.willTerminateNotification,
            ])
        #expect(UIApplication.shared.applicationState == .background)
    }
}

/// When a screen's first frame reached the display, as the app learns it.
@Suite(.serialized) @MainActor struct FirstFramePresentationTests {
    @Test func theFirstFramesFlipTimeIsKeptAndPosted() throws {
        let rig = HeadlessRig(width: 64, height: 48)
        var posted: [(screen: String, time: Double?)] = []
        let token = NotificationCenter.default.addObserver(
            forName: UIScreen.didPresentFirstFrameNotification, object: nil, queue: nil
        ) { note in
            let time = note.userInfo?[UIScreen.presentationTimeUserInfoKey] as? Double
            // UIScreen is main-actor bound, so Sendable: it may cross into the closure.
            let screen = note.object as? UIScreen
            MainActor.assumeIsolated { posted.append((screen?.name ?? "?", time)) }
        }
        defer { NotificationCenter.default.removeObserver(token) }
        let window = makeVisibleWindow(on: rig.screen, frame: rig.screen.bounds, color: .blue)
        defer { window.isHidden = true }
        rig.clock.advance(by: 0.001)
        #expect(rig.screen.firstFramePresentationTime == nil, "queued, not on screen yet")
        #expect(posted.isEmpty)
        rig.clock.advance(by: 0.05)
        // The present made at 0.001 completes at the first vblank after it: 1/60 s.
        let time = try #require(rig.screen.firstFramePresentationTime)
        #expect(abs(time - 1.0 / 60) < 1e-9)
        #expect(posted.count == 1)
        #expect(posted.first?.screen == "HEADLESS-1")
        #expect(posted.first?.time == time)
        // Only the first frame.
        window.backgroundColor = .red
        rig.clock.advance(by: 0.1)
        #expect(posted.count == 1)
        #expect(rig.screen.firstFramePresentationTime == time)
    }

    @Test func aDisplayLinksFirstTimestampIsAVblankTime() throws {
        let rig = HeadlessRig(width: 64, height: 48)
        rig.clock.advance(to: 5)  // a clock that does not start at 0
        let window = makeVisibleWindow(on: rig.screen, frame: rig.screen.bounds, color: .blue)
        defer { window.isHidden = true }
        var stamps: [Double] = []
        let link = try #require(rig.screen.displayLink { link in stamps.append(link.timestamp) })
        link.add(to: .main, forMode: .common)
        defer { link.invalidate() }
        #expect(link.timestamp == 0, "0 before the first callback, as in Core Animation")
        rig.clock.advance(by: 0.1)
        let first = try #require(stamps.first)
        let vblanks = rig.output.vblankEpoch
        let period = 1.0 / 60
        #expect(first > 5)
        #expect(first <= rig.clock.now)
        // On the output's vblank grid.
        let phase = ((first - vblanks) / period).rounded() * period + vblanks
        #expect(abs(first - phase) < 1e-6)
        #expect(stamps.count >= 5)
        #expect(zip(stamps, stamps.dropFirst()).allSatisfy { abs($1 - $0 - period) < 1e-6 })
    }
}
