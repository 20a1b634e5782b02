// vitrine-runloop-app: an app launched the way a user's app is, through `UIApplicationMain`
// (the kiosk service's, or VitrineKit's alone with VITRINE_CHECK_PLAIN_UIKIT=1), that checks
// what UIKit's main run loop gives an app: Foundation timers, run-loop blocks, main-queue
// notifications, main-actor tasks and a display link. Each finding is a `check: NAME VALUE`
// line on standard output; `MainRunLoopAppTests` (VitrineKioskTests) runs it and reads them.
// After "check: done" the app is idle (nothing scheduled, nothing animating) until stopped.
import Foundation
import VitrineKiosk

#if canImport(Glibc)
    import Glibc
#endif

/// One finding, written at once (standard output is a file when the test runs the app).
func report(_ name: String, _ value: Any) {
    FileHandle.standardOutput.write(Data("check: \(name) \(value)\n".utf8))
}

/// A flag several threads read and write.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

@MainActor
final class RunLoopCheckDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    private var pending: Set<String> = []
    private var observers: [any NSObjectProtocol] = []
    private var link: CADisplayLink?
    private let launchTime = CACurrentMediaTime()
    private var fires = 0
    private var manyFired = 0
    private var order: [Int] = []

    /// Starts a check; `finish(name)` ends it.
    private func start(_ name: String) { pending.insert(name) }

    private func finish(_ name: String) {
        guard pending.remove(name) != nil else { return }
        if pending.isEmpty {
            report("idle-from", String(format: "%.6f", CACurrentMediaTime()))
            report("done", 1)
        }
    }

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        report("arguments", ProcessInfo.processInfo.arguments.dropFirst().joined(separator: " "))
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.backgroundColor = .white
        let label = UILabel(frame: CGRect(x: 10, y: 10, width: 200, height: 40))
        label.text = "run loop"
        window.addSubview(label)
        window.makeKeyAndVisible()
        self.window = window
        checkTimers()
        checkRunLoopBlocks()
        checkNotifications()
        checkTasks()
        checkDisplayLink()
        checkFirstFrame(application)
        observeTermination()
        return true
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        report("didBecomeActive", application.applicationState == .active ? "active" : "not-active")
    }

    func applicationWillResignActive(_ application: UIApplication) { report("willResignActive", 1) }
    func applicationDidEnterBackground(_ application: UIApplication) { report("didEnterBackground", 1) }
    func applicationWillTerminate(_ application: UIApplication) { report("willTerminate", 1) }

    private func observeTermination() {
        observers.append(
            NotificationCenter.default.addObserver(
                forName: UIApplication.willTerminateNotification, object: nil, queue: nil
            ) { _ in report("willTerminateNotification", 1) })
    }

    // MARK: Timers

    private func checkTimers() {
        // A repeating timer that invalidates itself inside its own block, on the third fire.
        start("timer")
        _ = Timer.scheduledTimer(withTimeInterval: 0.02, repeats: true) { timer in
            let fires = MainActor.assumeIsolated {
                self.fires += 1
                return self.fires
            }
            guard fires == 3 else { return }
            timer.invalidate()
            report("timer-on-main-thread", Thread.isMainThread)
            // Had the invalidation not held, a fourth fire would be counted by then.
            _ = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: false) { _ in
                MainActor.assumeIsolated {
                    report("timer-fires", self.fires)
                    self.finish("timer")
                }
            }
        }

        // A timer in the common modes, added to the main run loop from a background thread.
        start("common-timer")
        DispatchQueue.global().async {
            let timer = Timer(timeInterval: 0.03, repeats: false) { _ in
                MainActor.assumeIsolated {
                    report("common-timer-on-main-thread", Thread.isMainThread)
                    self.finish("common-timer")
                }
            }
            RunLoop.main.add(timer, forMode: .common)
        }

        // `scheduledTimer` on a background thread schedules on that thread's run loop, which
        // nobody runs: as in UIKit, it never fires (and nothing breaks).
        let backgroundTimerFired = Flag()
        DispatchQueue.global().async {
            _ = Timer.scheduledTimer(withTimeInterval: 0.01, repeats: false) { _ in backgroundTimerFired.set() }
        }

        // 10,000 one-shot timers: every one fires, once.
        start("many-timers")
        for index in 0..<10_000 {
            _ = Timer.scheduledTimer(withTimeInterval: 0.05 + Double(index % 100) / 1000, repeats: false) { _ in
                MainActor.assumeIsolated {
                    self.manyFired += 1
                    if self.manyFired == 10_000 {
                        // Any second fire of a one-shot timer would land within this wait.
                        _ = Timer.scheduledTimer(withTimeInterval: 0.2, repeats: false) { _ in
                            MainActor.assumeIsolated {
                                report("many-timers-fired", self.manyFired)
                                report("background-scheduled-timer-fired", backgroundTimerFired.isSet)
                                self.finish("many-timers")
                            }
                        }
                    }
                }
            }
        }
    }

    // MARK: Run-loop blocks, notifications, tasks

    private func checkRunLoopBlocks() {
        // A block that schedules another: both run, in order, on the main thread.
        start("perform")
        RunLoop.main.perform {
            MainActor.assumeIsolated {
                self.order.append(1)
                RunLoop.main.perform {
                    MainActor.assumeIsolated {
                        self.order.append(2)
                        report("perform-order", self.order.map(String.init).joined(separator: ","))
                        report("perform-on-main-thread", Thread.isMainThread)
                        self.finish("perform")
                    }
                }
            }
        }
    }

    private func checkNotifications() {
        start("notification")
        let name = Notification.Name("VitrineRunLoopCheck")
        observers.append(
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: .main) { _ in
                let onMain = Thread.isMainThread
                MainActor.assumeIsolated {
                    report("notification-on-main-thread", onMain)
                    self.finish("notification")
                }
            })
        DispatchQueue.global().async { NotificationCenter.default.post(name: name, object: nil) }
    }

    private func checkTasks() {
        start("task")
        Task { @MainActor in
            try? await Task.sleep(nanoseconds: 10_000_000)
            report("task-on-main-thread", Thread.isMainThread)
            self.finish("task")
        }
    }

    // MARK: Display link and first frame

    private func checkDisplayLink() {
        start("display-link")
        var callbacks = 0
        link = UIScreen.main.displayLink { [weak self] link in
            guard let self else { return }
            callbacks += 1
            if callbacks == 1 {
                let now = CACurrentMediaTime()
                report("link-first-timestamp", String(format: "%.6f", link.timestamp))
                report("link-first-now", String(format: "%.6f", now))
                report("link-launch-time", String(format: "%.6f", self.launchTime))
            }
            if callbacks == 3 {
                report("link-callbacks", callbacks)
                link.invalidate()
                self.link = nil
                self.finish("display-link")
            }
        }
        link?.add(to: .main, forMode: .common)
    }

    private func checkFirstFrame(_ application: UIApplication) {
        start("first-frame")
        var notified: Double?
        observers.append(
            NotificationCenter.default.addObserver(
                forName: UIScreen.didPresentFirstFrameNotification, object: nil, queue: nil
            ) { note in
                let time = note.userInfo?[UIScreen.presentationTimeUserInfoKey] as? Double
                MainActor.assumeIsolated { notified = time }
            })
        application.screenFirstFrameHandler = { [weak self] screen in
            report("first-frame-screen", screen.name)
            report("first-frame-time", String(format: "%.6f", screen.firstFramePresentationTime ?? -1))
            report("first-frame-notified-time", String(format: "%.6f", notified ?? -1))
            self?.finish("first-frame")
        }
    }
}

MainActor.assumeIsolated {
    if ProcessInfo.processInfo.environment["VITRINE_CHECK_PLAIN_UIKIT"] == "1" {
        VitrineKit.UIApplicationMain(RunLoopCheckDelegate())
    } else {
        UIApplicationMain(RunLoopCheckDelegate())
    }
}
