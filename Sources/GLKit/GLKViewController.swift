public import Foundation
public import VitrineKit

/// What a `GLKViewController` tells besides its own methods, as `GLKViewControllerDelegate`.
@MainActor
public protocol GLKViewControllerDelegate: AnyObject {
    /// Updates the scene before each frame is drawn, as `glkViewControllerUpdate(_:)`; called
    /// instead of the controller's `update()`.
    func glkViewControllerUpdate(_ controller: GLKViewController)
    /// The loop is about to pause (true) or resume (false), as
    /// `glkViewController(_:willPause:)`. Optional: the default does nothing.
    func glkViewController(_ controller: GLKViewController, willPause pause: Bool)
}

extension GLKViewControllerDelegate {
    public func glkViewController(_ controller: GLKViewController, willPause pause: Bool) {}
}

/// A view controller running a GL render loop on its `GLKView`, as GLKit's
/// `GLKViewController`: at each frame of the screen's vblank (a `CADisplayLink`, thinned to
/// `preferredFramesPerSecond`) it updates the scene, through the delegate's
/// `glkViewControllerUpdate(_:)` or else its own `update()`, then draws the view
/// (`GLKView.display()`).
///
/// The loop runs while the view is in a visible window (from `viewWillAppear(_:)` to
/// `viewDidDisappear(_:)`) and the controller is not `isPaused`; it pauses when the app
/// resigns active (`pauseOnWillResignActive`) and resumes when it becomes active again
/// (`resumeOnDidBecomeActive`).
///
/// Difference from iOS: `update()` is an `open` method a subclass overrides (`override func
/// update()`), since there is no Objective-C to find an `update` method by name; as on iOS, a
/// delegate's `glkViewControllerUpdate(_:)` is called instead when there is a delegate.
open class GLKViewController: UIViewController {
    /// Told of updates and pauses, as `delegate`.
    open weak var delegate: (any GLKViewControllerDelegate)?

    /// The rate the loop should run at, as `preferredFramesPerSecond` (default 30). The screen
    /// runs it at the nearest rate it can: its refresh rate divided by a whole number
    /// (`framesPerSecond`).
    open var preferredFramesPerSecond = 30 {
        didSet { link?.preferredFramesPerSecond = preferredFramesPerSecond }
    }

    /// The rate the loop actually runs at, as `framesPerSecond`: the screen's refresh rate
    /// divided by the whole number of vblanks nearest to it per `preferredFramesPerSecond`.
    open var framesPerSecond: Int {
        let screen = view.window?.screen ?? UIScreen.main
        let refresh = screen.maximumFramesPerSecond
        guard refresh > 0, preferredFramesPerSecond > 0 else { return refresh }
        let interval = max(1, Int((Double(refresh) / Double(preferredFramesPerSecond)).rounded()))
        return refresh / interval
    }

    /// Whether the loop is paused, as `isPaused` (default false). Setting it tells the
    /// delegate (`glkViewController(_:willPause:)`) and stops or restarts the loop.
    open var isPaused = false {
        didSet {
            guard isPaused != oldValue else { return }
            delegate?.glkViewController(self, willPause: isPaused)
            if isPaused {
                stopLoop()
            } else {
                resumed = true
                if isVisible { startLoop() }
            }
        }
    }

    /// Whether the loop pauses when the app resigns active, as `pauseOnWillResignActive`
    /// (default true).
    open var pauseOnWillResignActive = true
    /// Whether the loop resumes when the app becomes active, as `resumeOnDidBecomeActive`
    /// (default true).
    open var resumeOnDidBecomeActive = true

    /// Frames drawn since the controller was made, as `framesDisplayed`.
    open private(set) var framesDisplayed = 0
    /// Seconds between the last two updates, as `timeSinceLastUpdate` (0 at the first update
    /// after a resume).
    open private(set) var timeSinceLastUpdate: TimeInterval = 0
    /// Seconds between the last two draws, as `timeSinceLastDraw`.
    open private(set) var timeSinceLastDraw: TimeInterval = 0
    /// Seconds from the first resume to the last update, as `timeSinceFirstResume`.
    open private(set) var timeSinceFirstResume: TimeInterval = 0
    /// Seconds from the last resume to the last update, as `timeSinceLastResume`.
    open private(set) var timeSinceLastResume: TimeInterval = 0

    private var link: CADisplayLink?
    private var lastUpdateTime: CFTimeInterval?
    private var lastDrawTime: CFTimeInterval?
    private var firstResumeTime: CFTimeInterval?
    private var lastResumeTime: CFTimeInterval?
    /// The loop (re)started: the next tick is the resume time.
    private var resumed = true
    private var observers: [any NSObjectProtocol] = []

    public override init(nibName: String?, bundle: Bundle?) {
        super.init(nibName: nibName, bundle: bundle)
        observeApplication()
    }

    /// A controller a storyboard makes, as `init?(coder:)` (see `UIViewController`).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        observeApplication()
    }

    isolated deinit {
        link?.invalidate()
        for observer in observers { NotificationCenter.default.removeObserver(observer) }
    }

    /// Makes a `GLKView` the size of the main screen, as GLKViewController's `loadView()`
    /// (a nib or storyboard view is loaded as `UIViewController` loads it).
    open override func loadView() {
        if nibName != nil {
            super.loadView()
        } else {
            view = GLKView(frame: UIScreen.main.bounds)
        }
    }

    /// Starts the loop unless paused, as GLKViewController does when its view appears; call
    /// `super` when overriding.
    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if !isPaused { startLoop() }
    }

    /// Stops the loop, as GLKViewController does when its view disappears; call `super` when
    /// overriding.
    open override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        link?.invalidate()
        link = nil
    }

    /// Updates the scene before each frame, as `update()`: called at each frame when there is
    /// no delegate. The default does nothing; a subclass overrides it.
    open func update() {}

    private var glkView: GLKView? { view as? GLKView }

    private func startLoop() {
        guard link == nil else { return }
        resumed = true
        glkView?.enableSetNeedsDisplay = false
        let screen = view.window?.screen ?? UIScreen.main
        guard
            let link = screen.displayLink(handler: { [weak self] link in
                self?.tick(at: link.timestamp)
            })
        else { return }
        link.preferredFramesPerSecond = preferredFramesPerSecond
        link.add(to: .main, forMode: .common)
        self.link = link
    }

    private func stopLoop() {
        guard let link else { return }
        link.invalidate()
        self.link = nil
    }

    /// One frame of the loop at vblank time `time`: update, then draw.
    private func tick(at time: CFTimeInterval) {
        if resumed {
            resumed = false
            if firstResumeTime == nil { firstResumeTime = time }
            lastResumeTime = time
            lastUpdateTime = nil
        }
        timeSinceLastUpdate = lastUpdateTime.map { time - $0 } ?? 0
        lastUpdateTime = time
        timeSinceFirstResume = time - (firstResumeTime ?? time)
        timeSinceLastResume = time - (lastResumeTime ?? time)
        if let delegate {
            delegate.glkViewControllerUpdate(self)
        } else {
            update()
        }
        guard let glkView, glkView.context != nil else { return }
        glkView.display()
        timeSinceLastDraw = lastDrawTime.map { time - $0 } ?? 0
        lastDrawTime = time
        framesDisplayed += 1
    }

    private func observeApplication() {
        let center = NotificationCenter.default
        observers.append(
            center.addObserver(forName: UIApplication.willResignActiveNotification, object: nil, queue: nil) {
                [weak self] _ in
                MainActor.assumeIsolated {
                    guard let self, self.pauseOnWillResignActive else { return }
                    self.isPaused = true
                }
            })
        observers.append(
            center.addObserver(forName: UIApplication.didBecomeActiveNotification, object: nil, queue: nil) {
                [weak self] _ in
                MainActor.assumeIsolated {
                    guard let self, self.resumeOnDidBecomeActive else { return }
                    self.isPaused = false
                }
            })
    }
}
