import Foundation
import Testing
import VitrinePlatform

@_spi(Service) @testable import VitrineKit

/// Memory warnings: the cgroup's `memory.events` parsed and watched, and the warning's
/// delivery to the delegate, the notification and the view controllers, in UIKit's order.
@MainActor @Suite(.serialized) struct MemoryWarningTests {
    final class Recorder: @unchecked Sendable {
        var calls: [String] = []
    }

    final class Delegate: UIApplicationDelegate {
        let recorder: Recorder
        init(recorder: Recorder) { self.recorder = recorder }
        func applicationDidReceiveMemoryWarning(_ application: UIApplication) {
            recorder.calls.append("delegate")
        }
    }

    final class Controller: UIViewController {
        var recorder: Recorder?
        var name = ""
        override func didReceiveMemoryWarning() {
            super.didReceiveMemoryWarning()
            recorder?.calls.append(name)
        }
    }

    @Test func memoryEventsAreParsed() {
        let events = MemoryEvents(parsing: "low 0\nhigh 12\nmax 3\noom 1\noom_kill 1\noom_group_kill 0\n")
        #expect(events == MemoryEvents(high: 12, max: 3, oom: 1, oomKill: 1))
        #expect(MemoryEvents(parsing: "garbage\nhigh x\n") == MemoryEvents())
        #expect(events.showsPressure(since: MemoryEvents(high: 11, max: 3, oom: 1)))
        #expect(!events.showsPressure(since: events))
        #expect(!MemoryEvents(oomKill: 5).showsPressure(since: MemoryEvents()))
    }

    @Test func theOwnCgroupComesFromTheUnifiedLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-cg-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("cgroup")
        try "4:memory:/old\n0::/system.slice/vitrined.service\n".write(to: file, atomically: true, encoding: .utf8)
        let root = URL(fileURLWithPath: "/sys/fs/cgroup")
        #expect(
            MemoryPressureWatcher.ownCgroupDirectory(procSelfCgroup: file, cgroupRoot: root)?.path
                == "/sys/fs/cgroup/system.slice/vitrined.service")
        try "4:memory:/old\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(MemoryPressureWatcher.ownCgroupDirectory(procSelfCgroup: file, cgroupRoot: root) == nil)
    }

    @Test func theWarningGoesToTheDelegateThenObserversThenControllers() {
        let recorder = Recorder()
        let application = UIApplication.shared
        let previousDelegate = application.delegate
        let delegate = Delegate(recorder: recorder)
        application.delegate = delegate
        defer { application.delegate = previousDelegate }
        let observer = NotificationCenter.default.addObserver(
            forName: UIApplication.didReceiveMemoryWarningNotification, object: nil, queue: nil
        ) { _ in recorder.calls.append("notification") }
        defer { NotificationCenter.default.removeObserver(observer) }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let root = Controller()
        root.recorder = recorder
        root.name = "root"
        let child = Controller()
        child.recorder = recorder
        child.name = "child"
        root.addChild(child)
        child.didMove(toParent: root)
        window.rootViewController = root
        window.isHidden = false
        defer { window.isHidden = true }
        application.deliverMemoryWarning()
        #expect(recorder.calls == ["delegate", "notification", "root", "child"])
    }

    @Test func aRisingCounterInAFakeCgroupDeliversAWarning() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-cg-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let events = directory.appendingPathComponent("memory.events")
        func write(high: Int, max: Int) throws {
            // In place, as the kernel changes the file (a rename would leave the watch behind).
            let handle = try FileHandle(forWritingTo: events)
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: Data("low 0\nhigh \(high)\nmax \(max)\noom 0\noom_kill 0\n".utf8))
            try handle.close()
        }
        _ = FileManager.default.createFile(atPath: events.path, contents: Data("low 0\nhigh 4\nmax 0\n".utf8))

        let recorder = Recorder()
        let application = UIApplication.shared
        let previousDelegate = application.delegate
        application.delegate = Delegate(recorder: recorder)
        defer { application.delegate = previousDelegate }
        #expect(application.startMemoryPressureMonitoring(cgroupDirectory: directory, minimumInterval: 0))
        defer { application.stopMemoryPressureMonitoring() }

        // The same counters (a rewrite) are no pressure.
        try write(high: 4, max: 0)
        try await Task.sleep(for: .milliseconds(100))
        #expect(recorder.calls.isEmpty)

        try write(high: 5, max: 0)
        for _ in 0..<100 where recorder.calls.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
        #expect(recorder.calls == ["delegate"])

        try write(high: 5, max: 1)
        for _ in 0..<100 where recorder.calls.count < 2 { try await Task.sleep(for: .milliseconds(20)) }
        #expect(recorder.calls == ["delegate", "delegate"])
        #expect(application.memoryPressureWatcher?.lastEvents == MemoryEvents(high: 5, max: 1))
    }

    @Test func noMemoryEventsFileMeansNoWatcher() {
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID())")
        #expect(MemoryPressureWatcher(cgroupDirectory: missing) { _ in } == nil)
    }

    @Test func pressureStallLinesAreParsed() {
        let stall = PressureStall(
            parsing:
                "some avg10=1.50 avg60=0.20 avg300=0.00 total=12345\nfull avg10=0.75 avg60=0.00 avg300=0.00 total=99\n")
        #expect(stall.someAverage10 == 1.5 && stall.fullAverage10 == 0.75 && stall.someTotal == 12345)
        if let real = try? String(contentsOfFile: "/proc/pressure/memory", encoding: .utf8) {
            #expect(real.hasPrefix("some avg10="))
            #expect(PressureStall(parsing: real).someAverage10 >= 0)
        }
    }

    @Test func aPressureStallTriggerIsMadeWhereTheKernelAllowsAndStops() async throws {
        #expect(PressureStallWatcher(file: "/nonexistent-\(UUID())") {} == nil)
        // The real trigger, where this process may make one (root, or Linux 6.5 and later).
        guard let watcher = PressureStallWatcher(handler: {}) else { return }
        watcher.cancel()
        watcher.cancel()
        try await Task.sleep(for: .milliseconds(50))
    }
}
