import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// A controller that logs its appearance callbacks as "NAME.callback(animated)", with
/// " +presented" while `isBeingPresented` and " -dismissed" while `isBeingDismissed`.
@MainActor
final class PresentationLoggingController: AppearanceLoggingController {
    override var flags: String { (isBeingPresented ? " +presented" : "") + (isBeingDismissed ? " -dismissed" : "") }
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
