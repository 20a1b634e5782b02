import Dispatch
import Foundation

extension UIApplication {
    /// Runs the main thread's run loop for ever, as UIKit's `UIApplicationMain` does (a Vitrine
    /// addition for the kiosk service's `UIApplicationMain`, which calls it after launching).
    ///
    /// The run loop is what makes Foundation's main-thread API work as on iOS: `Timer`s
    /// scheduled on it (`Timer.scheduledTimer(withTimeInterval:repeats:block:)` from the main
    /// thread, or `RunLoop.main.add(_:forMode:)` from any), `RunLoop.main.perform(_:)`, and
    /// `OperationQueue.main`. On Linux it also drains the main dispatch queue, so everything
    /// Vitrine runs there keeps running, on the main thread: the frame loop and display links
    /// (on the backend's clock), input, hotplug, signals, the systemd watchdog, main-actor
    /// tasks and `NotificationCenter` observers with `queue: .main`. With nothing scheduled the
    /// run loop sleeps in `epoll_wait`: an idle screen wakes the process 0 times.
    ///
    /// It runs in the default mode; a timer in the common modes fires there too. Vitrine has no
    /// event-tracking mode, so a default-mode timer also fires while a scroll view is dragged
    /// (on iOS it waits for the drag to end).
    @_spi(Service)
    public func runMainLoop() -> Never {
        precondition(Thread.isMainThread, "UIApplicationMain runs the main loop on the main thread")
        // `run(mode:before:)` returns after each source it handles, and false only when the
        // mode has no source at all, which the main queue's port rules out on the main thread.
        while RunLoop.main.run(mode: .default, before: .distantFuture) {}
        // Should the run loop refuse to run, the main queue is still served.
        dispatchMain()
    }
}
