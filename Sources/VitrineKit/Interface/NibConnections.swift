import Foundation
import VitrineInterface

/// Makes an interface file's connections once its objects exist: outlets and outlet collections
/// (set by name, through `Outlet` / `OutletCollection` or the outlets UIKit's own classes have)
/// and control actions (through `NibActionTarget`), as UIKit's nib loading does before
/// `awakeFromNib()`. Segues are the storyboard's (`UIStoryboard`).
@MainActor
struct NibConnector {
    let fileName: String
    /// The objects made, by the file's ids, with the File's Owner as `"-1"` when given.
    let objects: [String: AnyObject]
    private(set) var diagnostics: [InterfaceDiagnostic] = []

    /// The ids of the First Responder placeholder (`"-2"` in a XIB; one per storyboard scene).
    let firstResponderIDs: Set<String>

    init(fileName: String, objects: [String: AnyObject], firstResponderIDs: Set<String> = ["-2"]) {
        self.fileName = fileName
        self.objects = objects
        self.firstResponderIDs = firstResponderIDs
    }

    /// Makes the outlet, outlet collection and action connections of `holders` (every object
    /// holding `<connections>`, the placeholders too), in file order.
    mutating func connect(_ holders: [InterfaceObject]) {
        for holder in holders { connect(holder) }
    }

    /// Makes the connections of `objects` and everything inside them that `include` accepts
    /// (with what is inside it).
    mutating func connect(everyObjectIn objects: [InterfaceObject], where include: (InterfaceObject) -> Bool) {
        for object in objects {
            object.visit(where: include) { connect($0) }
        }
    }

    private mutating func connect(_ holder: InterfaceObject) {
        for connection in holder.connections {
            switch connection.kind {
            case .outlet(let property):
                connectOutlet(property, connection, collection: false)
            case .outletCollection(let property, _):
                connectOutlet(property, connection, collection: true)
            case .action(let selector, let eventType):
                connectAction(selector, eventType: eventType, connection)
            case .segue:
                break
            }
        }
    }

    private mutating func error(_ line: Int, _ message: String) {
        diagnostics.append(InterfaceDiagnostic(severity: .error, file: fileName, line: line, message: message))
    }

    /// The object an id names, or an error saying which end is missing.
    private mutating func object(_ id: String, _ role: String, _ connection: InterfaceConnection) -> AnyObject? {
        if let object = objects[id] { return object }
        let why = id == "-1" ? "the File's Owner (no owner was given)" : "object \"\(id)\", which was not made"
        error(connection.line, "the \(role) of connection \"\(connection.id)\" is \(why): the connection is not made")
        return nil
    }

    // MARK: Outlets

    private mutating func connectOutlet(_ property: String, _ connection: InterfaceConnection, collection: Bool) {
        guard let source = object(connection.source, "source", connection),
            let destination = object(connection.destination, "destination", connection)
        else { return }
        var className: String { String(describing: type(of: source)) }
        if let storage = OutletLookup.storage(named: property, in: source) {
            if storage.isCollection != collection {
                error(
                    connection.line,
                    "\(className).\(property) is \(storage.isCollection ? "an @OutletCollection" : "an @Outlet"), "
                        + "but the file connects it as \(collection ? "an outlet collection" : "an outlet")")
            } else if !storage.connect(destination) {
                error(
                    connection.line,
                    "\(className).\(property) holds \(storage.expectedTypeName), "
                        + "not the \(type(of: destination)) the file connects to it")
            }
            return
        }
        switch Self.connectBuiltInOutlet(property, of: source, to: destination) {
        case true?: return
        case false?:
            error(
                connection.line, "\(className).\(property) cannot hold the \(type(of: destination)) the file connects")
        case nil:
            error(
                connection.line,
                "\(className) has no outlet \"\(property)\" (this class is not key value coding-compliant for the key "
                    + "\(property)); declare it `@Outlet var \(property)` (`@OutletCollection` for a collection)")
        }
    }

    /// Sets the outlets UIKit's own classes have; nil when `property` is not one of them, false
    /// when the destination has the wrong type.
    static func connectBuiltInOutlet(_ property: String, of source: AnyObject, to destination: AnyObject) -> Bool? {
        switch (property, source) {
        case ("view", let controller as UIViewController):
            guard let view = destination as? UIView else { return false }
            controller.view = view
        case ("delegate", let field as UITextField):
            guard let delegate = destination as? UITextFieldDelegate else { return false }
            field.delegate = delegate
        case ("delegate", let textView as UITextView):
            guard let delegate = destination as? UITextViewDelegate else { return false }
            textView.delegate = delegate
        case ("delegate", let table as UITableView):
            guard let delegate = destination as? UITableViewDelegate else { return false }
            table.delegate = delegate
        case ("dataSource", let table as UITableView):
            guard let dataSource = destination as? UITableViewDataSource else { return false }
            table.dataSource = dataSource
        case ("delegate", let collection as UICollectionView):
            guard let delegate = destination as? UICollectionViewDelegate else { return false }
            collection.delegate = delegate
        case ("dataSource", let collection as UICollectionView):
            guard let dataSource = destination as? UICollectionViewDataSource else { return false }
            collection.dataSource = dataSource
        case ("delegate", let scroll as UIScrollView):
            guard let delegate = destination as? UIScrollViewDelegate else { return false }
            scroll.delegate = delegate
        case ("rootViewController", let window as UIWindow):
            guard let controller = destination as? UIViewController else { return false }
            window.rootViewController = controller
        case ("delegate", let application as UIApplication):
            guard let delegate = destination as? UIApplicationDelegate else { return false }
            application.delegate = delegate
        case ("window", let delegate as UIApplicationDelegate):
            guard let window = destination as? UIWindow else { return false }
            delegate.window = window
        case ("tableView", let controller as UITableViewController):
            guard let table = destination as? UITableView else { return false }
            controller.tableView = table
        default:
            return nil
        }
        return true
    }

    // MARK: Actions

    private mutating func connectAction(_ selector: String, eventType: String?, _ connection: InterfaceConnection) {
        guard let source = object(connection.source, "source", connection) else { return }
        guard let control = source as? UIControl else {
            error(
                connection.line,
                "action \"\(selector)\" of a \(type(of: source)) is not connected: only controls' actions are loaded")
            return
        }
        guard let eventType, let events = NibActionLookup.controlEvents(eventType) else {
            error(connection.line, "action \"\(selector)\" has no known eventType (\(eventType ?? "none"))")
            return
        }
        if firstResponderIDs.contains(connection.destination) {
            // The First Responder placeholder: found when the action is sent, as UIKit's nil target.
            let file = fileName
            let line = connection.line
            control.addTarget(nil, action: selector, for: events) { control, event in
                if !NibActionLookup.sendUpTheChain(selector, sender: control, event: event) {
                    kitLog.error("\(file):\(line): no responder takes the action \"\(selector)\"")
                }
            }
            return
        }
        guard let target = object(connection.destination, "destination", connection) else { return }
        guard let action = NibActionLookup.action(selector, on: target) else {
            error(
                connection.line,
                "\(type(of: target)) has no action \"\(selector)\" (unrecognized selector); list "
                    + "NibAction(\"\(selector)\", ...) in its NibActionTarget.nibActions")
            return
        }
        guard action.argumentCount == NibActionLookup.argumentCount(selector) else {
            error(
                connection.line,
                "\(type(of: target)) lists \"\(selector)\" with a method of \(action.argumentCount) argument(s), "
                    + "but the selector takes \(NibActionLookup.argumentCount(selector))")
            return
        }
        let file = fileName
        let line = connection.line
        // UIKit does not retain an action's target.
        control.addTarget(target, action: selector, for: events) { [weak target] control, event in
            guard let target else { return }
            if !action.invoke(target, control, event) {
                let message =
                    "\(file):\(line): action \"\(selector)\" of \(type(of: target)) does not take a \(type(of: control))"
                kitLog.error("\(message)")
            }
        }
    }
}
