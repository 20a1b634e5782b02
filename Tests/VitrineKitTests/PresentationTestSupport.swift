import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// A controller that logs its appearance callbacks as "NAME.callback(animated)", with
/// " +presented" while `isBeingPresented` and " -dismissed" while `isBeingDismissed`.
@MainActor
final class PresentationLoggingController: UIViewController {
    let name: String
    let log: NavigationLog

    init(_ name: String, log: NavigationLog) {
        self.name = name
        self.log = log
        super.init(nibName: nil, bundle: nil)
        title = name
    }

    required init?(coder: NSCoder) { nil }

    private var flags: String { (isBeingPresented ? " +presented" : "") + (isBeingDismissed ? " -dismissed" : "") }

    override func viewWillAppear(_ animated: Bool) { log.add("\(name).viewWillAppear(\(animated))\(flags)") }
    override func viewDidAppear(_ animated: Bool) { log.add("\(name).viewDidAppear(\(animated))\(flags)") }
    override func viewWillDisappear(_ animated: Bool) { log.add("\(name).viewWillDisappear(\(animated))\(flags)") }
    override func viewDidDisappear(_ animated: Bool) { log.add("\(name).viewDidDisappear(\(animated))\(flags)") }
}

/// A logging root controller "A" filling the window of a fresh event scene, shown (its first
/// frame out) and its log emptied.
@MainActor
struct PresentationScene: ContainerScene {
    let scene: EventScene
    let log = NavigationLog()
    let root: PresentationLoggingController

    init(width: Int = 400, height: Int = 300) {
        scene = EventScene(width: width, height: height)
        root = PresentationLoggingController("A", log: log)
        scene.window.rootViewController = root
        scene.clock.advance(by: 0.05)
        _ = log.take()
    }

    func controller(_ name: String, style: UIModalPresentationStyle = .fullScreen) -> PresentationLoggingController {
        let controller = PresentationLoggingController(name, log: log)
        controller.modalPresentationStyle = style
        return controller
    }

    /// Collects the refused presentations reported while `body` runs.
    func errors(during body: () -> Void) -> [String] {
        var errors: [String] = []
        UIViewController.presentationErrorObserver = { errors.append($0) }
        defer { UIViewController.presentationErrorObserver = nil }
        body()
        return errors
    }

    /// The presentation containers at the top of the window.
    var containers: [UIView] { scene.window.subviews.filter { $0 is PresentationContainerView } }
}
