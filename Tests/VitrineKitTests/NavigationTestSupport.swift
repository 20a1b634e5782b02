import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// One log shared by the controllers, views and delegates of a test, in call order (the
/// navigation and view controller tests).
@MainActor
final class NavigationLog {
    private(set) var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
    /// The entries since the last call.
    func take() -> [String] {
        defer { entries = [] }
        return entries
    }
}

/// A controller named `name` that logs its appearance callbacks into `log` as
/// "NAME.callback(animated)" followed by `flags`; subclasses say which flags.
@MainActor
class AppearanceLoggingController: UIViewController {
    let name: String
    let log: NavigationLog

    init(_ name: String, log: NavigationLog) {
        self.name = name
        self.log = log
        super.init(nibName: nil, bundle: nil)
        title = name
    }

    required init?(coder: NSCoder) { nil }

    /// What follows each appearance entry.
    var flags: String { "" }

    override func viewWillAppear(_ animated: Bool) { log.add("\(name).viewWillAppear(\(animated))\(flags)") }
    override func viewDidAppear(_ animated: Bool) { log.add("\(name).viewDidAppear(\(animated))\(flags)") }
    override func viewWillDisappear(_ animated: Bool) { log.add("\(name).viewWillDisappear(\(animated))\(flags)") }
    override func viewDidDisappear(_ animated: Bool) { log.add("\(name).viewDidDisappear(\(animated))\(flags)") }
}

/// A controller that logs its containment and appearance callbacks as "NAME.callback",
/// with the `animated` flag and, when set, `isMovingToParent` ("+moving") or
/// `isMovingFromParent` ("-moving").
@MainActor
final class NavigationLoggingController: AppearanceLoggingController {
    override var flags: String {
        (isMovingToParent ? " +moving" : "") + (isMovingFromParent ? " -moving" : "")
    }

    override func viewDidLoad() { log.add("\(name).viewDidLoad") }
    override func willMove(toParent parent: UIViewController?) {
        log.add("\(name).willMove(\(parent == nil ? "nil" : "nav"))")
    }
    override func didMove(toParent parent: UIViewController?) {
        log.add("\(name).didMove(\(parent == nil ? "nil" : "nav"))")
    }
}

/// A navigation delegate that logs into the same log.
@MainActor
final class NavigationDelegateLog: UINavigationControllerDelegate {
    let log: NavigationLog
    init(log: NavigationLog) { self.log = log }

    func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
    ) {
        log.add("delegate.willShow(\(viewController.title ?? "?"), \(animated))")
    }

    func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {
        log.add("delegate.didShow(\(viewController.title ?? "?"), \(animated))")
    }
}

/// A navigation controller with a logging root "A" filling the window of a fresh 400x300
/// event scene, shown (its first frame out) and its log emptied.
@MainActor
struct NavigationScene: ContainerScene {
    let scene = EventScene()
    let log = NavigationLog()
    let navigation: UINavigationController
    let delegate: NavigationDelegateLog
    let root: NavigationLoggingController

    init() {
        root = NavigationLoggingController("A", log: log)
        navigation = UINavigationController(rootViewController: root)
        delegate = NavigationDelegateLog(log: log)
        navigation.delegate = delegate
        scene.window.rootViewController = navigation
        scene.clock.advance(by: 0.05)
        _ = log.take()
    }

    func controller(_ name: String) -> NavigationLoggingController {
        NavigationLoggingController(name, log: log)
    }

    /// Collects the errors navigation controllers report while `body` runs.
    func errors(during body: () -> Void) -> [String] {
        var errors: [String] = []
        UINavigationController.errorObserver = { errors.append($0) }
        defer { UINavigationController.errorObserver = nil }
        body()
        return errors
    }
}

/// Whether two lists hold the same controllers (identity), in order.
func same(_ lhs: [UIViewController]?, _ rhs: [UIViewController]) -> Bool {
    guard let lhs else { return false }
    return lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 === $1 }
}

/// A scene for container tests (navigation, presentation): an event scene and its clock.
@MainActor
protocol ContainerScene {
    var scene: EventScene { get }
}

extension ContainerScene {
    /// Runs the clock well past a transition's end.
    func finishTransition() { scene.clock.advance(by: 0.6) }

    /// Taps `point` of `view`, then lets a frame go out.
    func tap(_ point: CGPoint, in view: UIView) {
        scene.input.tap(at: scene.screenPoint(point, in: view), time: scene.clock.now)
        scene.clock.advance(by: 1.0 / 60)
    }
}
