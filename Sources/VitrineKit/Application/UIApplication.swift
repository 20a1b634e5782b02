import Foundation
import VitrinePlatform

/// The running app, as UIKit's `UIApplication`: its delegate, its windows and the key window,
/// and (a Vitrine addition) the display backend its screens come from.
///
/// `UIApplication.shared` exists in every process, launched or not, so that windows and views
/// work in unit tests; `UIApplicationMain(_:displayBackend:)` launches the app and runs the
/// main loop.
@preconcurrency @MainActor
open class UIApplication: UIResponder {
    /// The app object, as `shared`.
    open class var shared: UIApplication { sharedApplication }
    private static let sharedApplication = UIApplication()

    private override init() {
        super.init()
        // The on-screen keyboard follows the first responder from the start.
        _ = onScreenKeyboard
    }

    /// The app's delegate, as `delegate` (held strongly: Vitrine has no app bundle that owns
    /// it).
    open var delegate: (any UIApplicationDelegate)?

    /// The app's state, as `applicationState`: `.inactive` until it has launched, `.active`
    /// from then on, `.background` once it is ending (UIApplication+Lifecycle.swift).
    open internal(set) var applicationState: State = .inactive
    /// Whether `terminate()` ran.
    var isTerminating = false

    /// Keys of the launch options dictionary, as `UIApplication.LaunchOptionsKey`.
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    // MARK: Windows

    private var windowReferences: [WeakWindow] = []
    private struct WeakWindow {
        weak var window: UIWindow?
    }

    func register(_ window: UIWindow) {
        windowReferences.removeAll { $0.window == nil }
        windowReferences.append(WeakWindow(window: window))
    }

    /// The app's windows, visible and hidden, as `windows`: those on each screen back to
    /// front, screens in `UIScreen.screens` order, then windows on no connected screen.
    open var windows: [UIWindow] {
        let alive = windowReferences.compactMap(\.window)
        var ordered = UIScreen.screens.flatMap(\.windows).filter { window in alive.contains { $0 === window } }
        ordered += alive.filter { window in !ordered.contains { $0 === window } }
        return ordered
    }

    /// The key window, as `keyWindow`: at most one window of the app is key at a time.
    open private(set) weak var keyWindow: UIWindow?

    /// Windows that were key, oldest first, for `restoreKeyWindow(replacing:)`.
    private var keyWindowHistory: [WeakWindow] = []

    func makeKey(_ window: UIWindow) {
        guard keyWindow !== window else { return }
        if let previous = keyWindow { resignKey(previous) }
        keyWindow = window
        keyWindowHistory.removeAll { $0.window == nil || $0.window === window }
        keyWindowHistory.append(WeakWindow(window: window))
        window.becomeKey()
        NotificationCenter.default.post(name: UIWindow.didBecomeKeyNotification, object: window)
    }

    /// The key window `window` was hidden: the most recent earlier key window that is still
    /// visible on a connected screen becomes key again, as UIKit gives key status back when
    /// an alert-style window goes away. With none, no window is key.
    func restoreKeyWindow(replacing window: UIWindow) {
        guard keyWindow == nil else { return }
        keyWindowHistory.removeAll { $0.window == nil || $0.window === window }
        let candidate = keyWindowHistory.last { entry in
            guard let candidate = entry.window else { return false }
            return !candidate.isHidden && UIScreen.screens.contains { $0 === candidate.screen }
        }
        if let next = candidate?.window { makeKey(next) }
    }

    func resignKey(_ window: UIWindow) {
        guard keyWindow === window else { return }
        keyWindow = nil
        window.resignKey()
        NotificationCenter.default.post(name: UIWindow.didResignKeyNotification, object: window)
    }

    // MARK: Events

    /// Turns the input source's events into `UIEvent`s.
    let touchRouter = TouchRouter()
    private var inputSource: (any InputSource)?
    /// Idle blanking (IdleBlanking.swift): sees every input event before the touch router.
    private(set) lazy var idleBlanker = IdleBlanker(application: self)
    /// Key repeat (KeyRepeater.swift): told of every key press the touch router delivers.
    private(set) lazy var keyRepeater = KeyRepeater(application: self)
    /// The keyboards attached (UIApplication+Keyboard.swift).
    private(set) lazy var keyboards = KeyboardTracker(application: self)
    /// The on-screen keyboard (Keyboard/OnScreenKeyboard.swift).
    private(set) lazy var onScreenKeyboard = OnScreenKeyboard(application: self)
    /// Turns memory pressure into memory warnings (UIApplication+MemoryWarning.swift).
    var memoryPressureWatcher: MemoryPressureWatcher?
    /// The pressure-stall fallback of the memory-pressure watcher.
    var stallWatcher: PressureStallWatcher?

    /// Takes input from `source` (a Vitrine addition: the libinput backend, or a
    /// `HeadlessInputSource` in tests and the daemon's test mode). Touches still down on the
    /// previous source are cancelled, and a key it held stops repeating. A source that
    /// reports its devices (`InputDeviceReporting`) tells whether a hardware keyboard is
    /// attached.
    public func setInputSource(_ source: any InputSource) {
        inputSource?.eventHandler = nil
        (inputSource as? any InputDeviceReporting)?.deviceChangeHandler = nil
        touchRouter.cancelAll(timestamp: displayBackend.clock.now)
        touchRouter.forgetPointer()
        keyRepeater.stop()
        inputSource = source
        idleBlanker.inputSourceDidChange()
        source.eventHandler = { [weak self] event in
            guard let self, self.idleBlanker.admit(event) else { return }
            self.touchRouter.handle(event)
        }
        if let reporting = source as? any InputDeviceReporting {
            reporting.deviceChangeHandler = { [weak self] change in self?.keyboards.deviceChanged(change) }
        }
        keyboards.inputSourceDidChange(source)
    }

    /// Dispatches an event, as `sendEvent(_:)`: touches go to the windows they began in
    /// (`UIWindow.sendEvent(_:)`); presses go to the first responder, or else (Vitrine) the
    /// view under the mouse pointer once there is one, or else the key window, and up the
    /// responder chain.
    open func sendEvent(_ event: UIEvent) {
        if let presses = event as? UIPressesEvent {
            guard let target = FirstResponder.current ?? touchRouter.viewUnderPointer() ?? keyWindow else { return }
            let began = presses.allPresses.filter { $0.phase == .began }
            let ended = presses.allPresses.filter { $0.phase == .ended }
            let cancelled = presses.allPresses.filter { $0.phase == .cancelled }
            if !began.isEmpty { target.pressesBegan(began, with: presses) }
            if !ended.isEmpty { target.pressesEnded(ended, with: presses) }
            if !cancelled.isEmpty { target.pressesCancelled(cancelled, with: presses) }
            return
        }
        var windows: [UIWindow] = []
        for touch in event.touchList where touch.phase != .stationary {
            if let window = touch.window, !windows.contains(where: { $0 === window }) { windows.append(window) }
        }
        for window in windows { window.sendEvent(event) }
    }

    /// A held key repeats: the first responder (else the key window) types it again; see
    /// `UIResponder.keyDidRepeat(_:)`. `KeyRepeater` calls it at the `keyRepeat` pace.
    func repeatKey(_ key: UIKey) {
        (FirstResponder.current ?? keyWindow)?.keyDidRepeat(key)
    }

    /// The application's next responder is its delegate when that is a responder, as in
    /// UIKit; events unhandled there are dropped.
    open override var next: UIResponder? { delegate as? UIResponder }

    // MARK: Display backend

    /// The backend the screens come from (a Vitrine addition): a headless backend with one
    /// 1920x1080 screen until the app installs another.
    public var displayBackend: any DisplayBackend { ScreenRegistry.current.backend }

    /// Makes `backend`'s outputs the app's screens (a Vitrine addition, used at launch and by
    /// tests): the previous screens stop drawing; windows stay on them until moved.
    public func setDisplayBackend(_ backend: any DisplayBackend) {
        // A repeat's wake-up is on the old backend's clock.
        keyRepeater.stop()
        onScreenKeyboard.reset()
        ScreenRegistry.install(backend)
        idleBlanker.displayBackendDidChange()
    }

    // MARK: Running

    /// The main storyboard's or main nib's window, kept for a delegate that keeps none.
    private var mainInterfaceWindow: UIWindow?

    /// Launches (for `UIApplicationMain` and the kiosk service's entry point): installs the
    /// backend, tells the delegate `application(_:willFinishLaunchingWithOptions:)`, loads the
    /// main storyboard or nib the Info.plist names (see `MainInterface`), tells the delegate
    /// (`application(_:didFinishLaunchingWithOptions:)` with no options), posts
    /// `didFinishLaunchingNotification`, starts watching memory pressure (memory warnings,
    /// UIApplication+MemoryWarning.swift), and returns; the caller runs the main loop. The
    /// screens' frame loops run on the backend's clock from then on.
    @_spi(Service)
    public func launch(delegate: any UIApplicationDelegate, displayBackend: (any DisplayBackend)?) {
        launch(delegate: delegate, displayBackend: displayBackend, interfaceBundle: .main)
    }

    /// `launch(delegate:displayBackend:)` with the main interface read from `interfaceBundle`.
    func launch(delegate: any UIApplicationDelegate, displayBackend: (any DisplayBackend)?, interfaceBundle: Bundle) {
        if let displayBackend { setDisplayBackend(displayBackend) }
        // Launching: inactive until the delegate has finished (a test may launch again).
        applicationState = .inactive
        isTerminating = false
        self.delegate = delegate
        _ = delegate.application(self, willFinishLaunchingWithOptions: nil)
        mainInterfaceWindow = MainInterface.load(from: interfaceBundle, for: self)
        _ = delegate.application(self, didFinishLaunchingWithOptions: nil)
        NotificationCenter.default.post(name: UIApplication.didFinishLaunchingNotification, object: self)
        becomeActive()
        if memoryPressureWatcher == nil, stallWatcher == nil, !startMemoryPressureMonitoring() {
            kitLog.info("no cgroup v2 memory.events to watch: no memory warnings")
        }
    }

    // In the class body, not UIApplication+Actions.swift: members declared in extensions cannot be
    // overridden (no Objective-C), and UIKit's `sendAction(_:to:from:for:)` is open.
    /// Sends the action named `action` (an interface file's selector spelling, `"copy:"`), as
    /// `sendAction(_:to:from:for:)`. Swift on Linux has no selectors, so the action is found
    /// in the receiving class's `NibActionTarget.nibActions`. With a `target` the action goes
    /// to it; with nil it goes to the first responder (the sender's chain when nothing is
    /// first responder) and up the responder chain to the first responder that lists it, as
    /// UIKit's nil-targeted actions. Returns whether a responder took it.
    @discardableResult
    open func sendAction(_ action: String, to target: AnyObject?, from sender: Any?, for event: UIEvent?) -> Bool {
        if let target {
            guard let method = NibActionLookup.action(action, on: target) else { return false }
            return method.invoke(target, sender, event)
        }
        var responder: UIResponder? = FirstResponder.current ?? (sender as? UIResponder) ?? keyWindow
        while let current = responder {
            if let method = NibActionLookup.action(action, on: current) {
                return method.invoke(current, sender, event)
            }
            responder = current.next
        }
        return false
    }

    /// Posted once the delegate's `application(_:didFinishLaunchingWithOptions:)` returned,
    /// with the application as the object, as `didFinishLaunchingNotification`.
    public static let didFinishLaunchingNotification = Notification.Name(
        "UIApplicationDidFinishLaunchingNotification")
}

/// Launches the app with `delegate` and runs the main loop for ever, as UIKit's
/// `UIApplicationMain`: installs the display backend, calls
/// `application(_:didFinishLaunchingWithOptions:)`, then every screen's frame loop runs on the
/// main queue. Call it from `main.swift`.
///
/// This is the UIKit part alone: the app runs on `displayBackend`, or on the headless backend
/// (one 1920x1080 screen) when nil, with no command line, config or service. A kiosk app's
/// `main.swift` imports `VitrineKiosk` instead, whose `UIApplicationMain` (same spelling,
/// which shadows this one there) wraps it with the whole kiosk service.
// UIKit's name, kept so that iOS code compiles unchanged.
@preconcurrency @MainActor
public func UIApplicationMain(
    _ delegate: @autoclosure () -> any UIApplicationDelegate, displayBackend: (any DisplayBackend)? = nil
) -> Never {
    UIApplication.shared.launch(delegate: delegate(), displayBackend: displayBackend)
    UIApplication.shared.runMainLoop()
}
