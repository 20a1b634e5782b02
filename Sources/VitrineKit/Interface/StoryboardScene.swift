import Foundation
import VitrineInterface

/// What a controller made from a storyboard keeps of its scene: how to make its view, its
/// outlets and actions, and its segues.
@MainActor
final class StoryboardScene {
    let storyboard: UIStoryboard
    let document: InterfaceDocument
    let scene: InterfaceScene
    /// The scene's controller element.
    let controllerObject: InterfaceObject
    /// The objects made with the view, by the file's ids, until they are connected.
    private var madeItems: [String: AnyObject] = [:]
    /// The views made with the view, for `awakeFromNib()`.
    private var madeViews: [UIView] = []

    init(
        storyboard: UIStoryboard, document: InterfaceDocument, scene: InterfaceScene, controllerObject: InterfaceObject
    ) {
        self.storyboard = storyboard
        self.document = document
        self.scene = scene
        self.controllerObject = controllerObject
    }

    /// Whether the scene's view is one the loader makes (a table view controller's table is its
    /// own `loadView()`'s).
    var makesView: Bool {
        guard let view = controllerObject.view else { return false }
        if controllerObject.element == "tableViewController" && view.element == "tableView" { return false }
        return NibBuilder.viewElements.contains(view.element) || view.customClass != nil
    }

    /// Makes the controller's view from the scene, as UIKit's `loadView()` for a storyboard.
    func loadView(into controller: UIViewController) {
        guard let viewObject = controllerObject.view else { return }
        var builder = NibBuilder(document: document, bundle: storyboard.bundle, owner: controller)
        let roots = builder.build(roots: [viewObject])
        storyboard.record(builder.diagnostics)
        madeItems = builder.items
        madeViews = builder.madeInOrder
        controller.view = roots.first as? UIView
    }

    /// After the view loads: outlets and actions, prototype cells, triggered and embed segues,
    /// then `awakeFromNib()` on the views made, all before `viewDidLoad()`.
    func didLoadView(of controller: UIViewController) {
        var objects = madeItems
        objects[controllerObject.id] = controller
        if let tableController = controller as? UITableViewController, let table = controllerObject.view,
            table.element == "tableView"
        {
            objects[table.id] = tableController.tableView
            // The controller's own table (its style is the controller's): the file's properties
            // and prototype cells.
            var builder = NibBuilder(document: document, bundle: storyboard.bundle, owner: controller)
            builder.applyTableView(table, to: tableController.tableView)
            // Its header and footer views.
            builder.finishViews()
            storyboard.record(builder.diagnostics)
            objects.merge(builder.items) { made, _ in made }
            madeViews += builder.madeInOrder
        }
        let firstResponders = Set(scene.objects.filter { $0.sceneMemberID == "firstResponder" }.map(\.id))
        var connector = NibConnector(fileName: document.fileName, objects: objects, firstResponderIDs: firstResponders)
        // A prototype's connections are made on each of its cells.
        var viewObjects: [InterfaceObject] = []
        controllerObject.view?.visit(where: { !$0.isListTemplate }) { viewObjects.append($0) }
        connector.connect([controllerObject] + viewObjects)
        storyboard.record(connector.diagnostics)

        for object in viewObjects {
            for connection in object.connections {
                guard case .segue(let kind, _, _) = connection.kind else { continue }
                if kind == "embed" {
                    embed(connection, in: objects[object.id] as? UIView, of: controller)
                } else if let control = objects[object.id] as? UIControl {
                    control.addTarget(for: .touchUpInside) { [weak controller] control, _ in
                        controller?.storyboardScene?.trigger(connection, from: controller, sender: control)
                    }
                }
            }
        }
        connectSelectionSegues(of: controller, objects: objects)
        for view in madeViews { view.awakeFromNib() }
        madeItems = [:]
        madeViews = []
    }

    /// An embed segue: the destination becomes a child whose view fills the container view.
    private func embed(_ connection: InterfaceConnection, in container: UIView?, of controller: UIViewController) {
        guard let container else { return }
        // A scene that embeds itself, directly or through others, would load views for ever.
        guard !storyboard.embedding.contains(connection.destination) else {
            storyboard.report(
                error: "embed segue to \"\(connection.destination)\", which contains this scene "
                    + "(\((storyboard.embedding + [controllerObject.id]).joined(separator: " → "))): not embedded",
                line: connection.line)
            return
        }
        storyboard.embedding.append(controllerObject.id)
        defer { storyboard.embedding.removeLast() }
        guard let destination = makeDestination(of: connection) else { return }
        let segue = UIStoryboardSegue(
            identifier: identifier(of: connection), source: controller, destination: destination)
        controller.prepare(for: segue, sender: nil)
        controller.addChild(destination)
        destination.view.frame = container.bounds
        destination.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.addSubview(destination.view)
        destination.didMove(toParent: controller)
    }

    // MARK: Segues

    /// A segue from a table's or collection view's prototype cell runs when a row or item made
    /// from that prototype is selected, with the cell as sender, as in UIKit.
    private func connectSelectionSegues(of controller: UIViewController, objects: [String: AnyObject]) {
        controllerObject.view?.visit { object in
            guard let list = objects[object.id], list is UITableView || list is UICollectionView else { return }
            for prototype in object.prototypeCells {
                guard let identifier = prototype.attributes["reuseIdentifier"] else { continue }
                for connection in prototype.connections {
                    guard case .segue(let kind, _, _) = connection.kind, kind != "embed" else { continue }
                    let run: (UIView) -> Void = { [weak controller] cell in
                        controller?.storyboardScene?.trigger(connection, from: controller, sender: cell)
                    }
                    (list as? UITableView)?.selectionSegues[identifier] = run
                    (list as? UICollectionView)?.selectionSegues[identifier] = run
                }
            }
        }
    }

    /// Runs a segue a control or bar item triggered: asks `shouldPerformSegue` first.
    func trigger(_ connection: InterfaceConnection, from source: UIViewController?, sender: Any?) {
        guard let source else { return }
        if let identifier = identifier(of: connection),
            !source.shouldPerformSegue(withIdentifier: identifier, sender: sender)
        {
            return
        }
        perform(connection, from: source, sender: sender)
    }

    /// `performSegue(withIdentifier:sender:)`: the scene's segue with that identifier.
    func performSegue(withIdentifier identifier: String, from source: UIViewController, sender: Any?) {
        let segues = scene.objects.flatMap { $0.allObjects() }.flatMap(\.connections)
        guard let connection = segues.first(where: { self.identifier(of: $0) == identifier }) else {
            storyboard.report(error: "\(type(of: source)) has no segue with identifier \"\(identifier)\"")
            return
        }
        perform(connection, from: source, sender: sender)
    }

    private func perform(_ connection: InterfaceConnection, from source: UIViewController, sender: Any?) {
        guard case .segue(let kind, let identifier, _) = connection.kind else { return }
        guard ["show", "showDetail", "presentation", "modal", "push"].contains(kind) else {
            storyboard.report(
                warning: "a \(kind) segue is not run (only show, presentation and embed segues are)",
                line: connection.line)
            return
        }
        guard let destination = makeDestination(of: connection) else { return }
        let animated = connection.attributes["animates"] != "NO"
        let attributes = connection.attributes
        let segue = UIStoryboardSegue(identifier: identifier, source: source, destination: destination) {
            [weak source] in
            guard let source else { return }
            if kind == "presentation" || kind == "modal" {
                if let style = attributes["modalPresentationStyle"].flatMap(Self.presentationStyle) {
                    destination.modalPresentationStyle = style
                }
                if let style = attributes["modalTransitionStyle"].flatMap(Self.transitionStyle) {
                    destination.modalTransitionStyle = style
                }
                source.present(destination, animated: animated)
            } else if let navigation = source as? UINavigationController ?? source.navigationController {
                navigation.pushViewController(destination, animated: animated)
            } else {
                source.show(destination, sender: sender)
            }
        }
        source.prepare(for: segue, sender: sender)
        segue.perform()
    }

    private func identifier(of connection: InterfaceConnection) -> String? {
        if case .segue(_, let identifier, _) = connection.kind { return identifier }
        return nil
    }

    private func makeDestination(of connection: InterfaceConnection) -> UIViewController? {
        guard
            let object = document.scenes.lazy.compactMap(\.viewController).first(where: {
                $0.id == connection.destination
            }),
            let controller = storyboard.makeController(object, in: document)
        else {
            storyboard.report(
                error: "segue to \"\(connection.destination)\", which is not a scene", line: connection.line)
            return nil
        }
        return controller
    }

    static func presentationStyle(_ name: String) -> UIModalPresentationStyle? {
        switch name {
        case "fullScreen": .fullScreen
        case "pageSheet": .pageSheet
        case "formSheet": .formSheet
        case "currentContext": .currentContext
        case "overFullScreen": .overFullScreen
        case "overCurrentContext": .overCurrentContext
        default: nil
        }
    }

    static func transitionStyle(_ name: String) -> UIModalTransitionStyle? {
        switch name {
        case "coverVertical": .coverVertical
        case "crossDissolve": .crossDissolve
        case "flipHorizontal": .flipHorizontal
        default: nil
        }
    }
}

/// A transition between two controllers of a storyboard, as UIKit's `UIStoryboardSegue`.
@preconcurrency @MainActor
open class UIStoryboardSegue {
    /// The segue's identifier in the storyboard, as `identifier`.
    public let identifier: String?
    /// The controller the segue starts from, as `source`.
    public let source: UIViewController
    /// The controller shown, as `destination`.
    public let destination: UIViewController
    private let performHandler: (@MainActor () -> Void)?

    /// A segue that shows nothing until a subclass's `perform()` does, as
    /// `init(identifier:source:destination:)`.
    public init(identifier: String?, source: UIViewController, destination: UIViewController) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
        performHandler = nil
    }

    /// A segue that runs `performHandler`, as `init(identifier:source:destination:performHandler:)`.
    public init(
        identifier: String?, source: UIViewController, destination: UIViewController,
        performHandler: @escaping @MainActor () -> Void
    ) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
        self.performHandler = performHandler
    }

    /// Shows the destination, as `perform()`.
    open func perform() {
        performHandler?()
    }
}
