import Foundation
import VitrineInterface

/// A storyboard made in Xcode's Interface Builder, loaded at run time, as UIKit's `UIStoryboard`.
///
/// Vitrine reads the XML source (`.storyboard`, document type
/// `com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB`), not the compiled `.storyboardc`. The
/// file is read and parsed at the first instantiation and kept. Each instantiation makes a new
/// controller; its view is made from its scene when the view is first asked for (as UIKit), its
/// outlets and actions set then, before `viewDidLoad()`.
///
/// Scenes: `viewController`, `navigationController` (its `rootViewController` relationship),
/// `tabBarController` (its `viewControllers` relationships, in order), `tableViewController`, and
/// custom classes (`customClass=`, found through Swift's type lookup, see
/// `InterfaceClassLookup`, and made with `init?(coder:)` as UIKit makes them). The scene's
/// `title`, `navigationItem` (title, bar button items) and `tabBarItem` (title, image)
/// are applied when the controller is made.
///
/// Segues (`UIStoryboardSegue`): `show` (and `showDetail`, shown the same way), `presentation`
/// (modal, with the file's presentation and transition styles and `animates=`) and `embed` (a
/// container view's child, made when the view loads). A segue from a button or bar button item
/// runs on a tap after `shouldPerformSegue(withIdentifier:sender:)`; any segue runs with
/// `performSegue(withIdentifier:sender:)`; `prepare(for:sender:)` comes before it shows.
///
/// Deviations from UIKit:
/// - Unwind segues and custom segue classes are not run (logged); `instantiateViewController`
///   with an identifier the file lacks logs an error and returns an empty `UIViewController`
///   (UIKit raises), and a file that does not load makes no controllers (logged, with the file
///   and line in `diagnostics`).
/// - Table and collection view prototype cells register their class (`customClass` or
///   `UITableViewCell` / `UICollectionViewCell`) for their reuse identifier; their subviews and
///   style are not built from the file. A `tableViewController`'s own table takes the file's row
///   height, separators and prototypes, not its style.
@preconcurrency @MainActor
open class UIStoryboard {
    /// The storyboard's name, without `.storyboard`.
    public let name: String
    /// The bundle given, or `Bundle.main`.
    public let bundle: Bundle
    private var loaded: InterfaceDocument??
    /// How many times the file was parsed: 1 after any number of instantiations.
    public private(set) var parseCount = 0
    /// The errors and warnings found so far, with file and line (a Vitrine addition; each is also
    /// logged).
    public private(set) var diagnostics: [InterfaceDiagnostic] = []

    /// The storyboard `<name>.storyboard` in `bundle` (`Bundle.main` when nil), as
    /// `init(name:bundle:)`. Nothing is read until a controller is instantiated.
    public init(name: String, bundle storyboardBundleOrNil: Bundle?) {
        self.name = name.hasSuffix(".storyboard") ? String(name.dropLast(".storyboard".count)) : name
        bundle = storyboardBundleOrNil ?? .main
    }

    /// The storyboard from bytes of a `.storyboard` (a Vitrine addition, as `UINib(data:bundle:)`).
    public convenience init(data: Data, name: String = "(storyboard data)", bundle: Bundle? = nil) {
        self.init(name: name, bundle: bundle)
        parse { () throws(InterfaceError) in try InterfaceDocument.parse(data: data, fileName: name) }
    }

    // MARK: Instantiating

    /// Makes the initial view controller, as `instantiateInitialViewController()`: nil when the
    /// storyboard names none (or did not load).
    open func instantiateInitialViewController() -> UIViewController? {
        instantiateInitialViewController(creator: nil)
    }

    /// Makes the initial view controller with `creator` given the coder (it returns the
    /// controller, made with its own `init?(coder:)` arguments), as
    /// `instantiateInitialViewController(creator:)`.
    open func instantiateInitialViewController<ViewController: UIViewController>(
        creator: ((NSCoder) -> ViewController?)?
    ) -> ViewController? {
        guard let document = document() else { return nil }
        guard let object = document.initialViewController else {
            if document.initialViewControllerID != nil {
                report(
                    error: "the initial view controller \"\(document.initialViewControllerID ?? "")\" is not a scene")
            }
            return nil
        }
        return makeController(object, in: document, creator: creator) as? ViewController
    }

    /// Makes the controller whose storyboard ID is `identifier`, as
    /// `instantiateViewController(withIdentifier:)`. An identifier the file lacks, or a file that
    /// did not load: logged, and a plain `UIViewController` with an empty view (UIKit raises).
    open func instantiateViewController(withIdentifier identifier: String) -> UIViewController {
        instantiateViewController(identifier: identifier, creator: nil)
    }

    /// Makes the controller whose storyboard ID is `identifier` with `creator`, as
    /// `instantiateViewController(identifier:creator:)`.
    open func instantiateViewController<ViewController: UIViewController>(
        identifier: String, creator: ((NSCoder) -> ViewController?)? = nil
    ) -> ViewController {
        if let document = document() {
            if let object = document.scene(withStoryboardIdentifier: identifier)?.viewController {
                if let controller = makeController(object, in: document, creator: creator) as? ViewController {
                    return controller
                }
                report(error: "storyboard ID \"\(identifier)\" is not a \(ViewController.self)")
            } else {
                report(error: "no view controller has the storyboard ID \"\(identifier)\"")
            }
        }
        if let made = creator?(UINibDecoder()) ?? ViewController(coder: UINibDecoder()) { return made }
        // Only a class whose own init?(coder:) fails gets here; UIKit raises as well.
        preconditionFailure("\(ViewController.self).init?(coder:) failed for storyboard ID \"\(identifier)\"")
    }

    // MARK: Controllers

    /// The ids of controllers being made, to stop a cycle of relationships.
    private var making: [String] = []
    /// The ids of scenes whose embed segues are being made, to stop a cycle of embedding.
    var embedding: [String] = []

    /// Makes the controller of the scene `object` heads, with its relationships.
    func makeController(
        _ object: InterfaceObject, in document: InterfaceDocument, creator: ((NSCoder) -> UIViewController?)? = nil
    ) -> UIViewController? {
        guard !making.contains(object.id) else {
            report(
                error: "view controller \"\(object.id)\" contains itself through its relationships "
                    + "(\(making.joined(separator: " → ")) → \(object.id)): not made again", line: object.line)
            return nil
        }
        making.append(object.id)
        defer { making.removeLast() }
        let controller = instance(of: object, creator: creator)
        guard let scene = document.scenes.first(where: { $0.viewController?.id == object.id }) else {
            return controller
        }
        controller.storyboardScene = StoryboardScene(
            storyboard: self, document: document, scene: scene, controllerObject: object)
        if let title = object.title { controller.title = title }
        applyItems(of: object, to: controller)
        relate(object, controller, in: document)
        return controller
    }

    private func instance(of object: InterfaceObject, creator: ((NSCoder) -> UIViewController?)?) -> UIViewController {
        if let creator, let made = creator(UINibDecoder()) { return made }
        let (controller, warning) = InterfaceClassLookup.makeController(object, near: nil)
        if let warning { report(warning: warning, line: object.line) }
        return controller
    }

    /// The containers' relationship segues: a navigation controller's root, a tab bar
    /// controller's tabs, made now as UIKit makes them.
    private func relate(_ object: InterfaceObject, _ controller: UIViewController, in document: InterfaceDocument) {
        var children: [UIViewController] = []
        for connection in object.connections {
            guard case .segue(let kind, _, let relationship) = connection.kind, kind == "relationship" else { continue }
            guard
                let destination = document.scenes.lazy.compactMap(\.viewController).first(where: {
                    $0.id == connection.destination
                })
            else {
                report(
                    error: "relationship to \"\(connection.destination)\", which is not a scene", line: connection.line)
                continue
            }
            guard let child = makeController(destination, in: document) else { continue }
            switch relationship {
            case "rootViewController", "viewControllers": children.append(child)
            default: report(warning: "relationship \"\(relationship ?? "")\" is not supported", line: connection.line)
            }
        }
        guard !children.isEmpty else { return }
        if let navigation = controller as? UINavigationController {
            navigation.setViewControllers(Array(children.prefix(1)), animated: false)
        } else if let tabs = controller as? UITabBarController {
            tabs.setViewControllers(children, animated: false)
        } else {
            report(warning: "a \(type(of: controller)) has no place for relationship segues", line: object.line)
        }
    }

    /// The scene's navigation item and tab bar item.
    private func applyItems(of object: InterfaceObject, to controller: UIViewController) {
        if let item = object.child(key: "navigationItem") {
            if let title = item.title { controller.navigationItem.title = title }
            for barObject in item.children {
                let barItem = barButtonItem(barObject, controller: controller)
                switch barObject.key ?? barObject.container {
                case "rightBarButtonItem", "rightBarButtonItems":
                    controller.navigationItem.rightBarButtonItems =
                        (controller.navigationItem.rightBarButtonItems ?? []) + [barItem]
                case "leftBarButtonItem", "leftBarButtonItems":
                    controller.navigationItem.leftBarButtonItems =
                        (controller.navigationItem.leftBarButtonItems ?? []) + [barItem]
                default:
                    report(
                        warning: "\(barObject.element) \"\(barObject.id)\" in a navigation item is not loaded",
                        line: barObject.line)
                }
            }
        }
        if let item = object.child(key: "tabBarItem") {
            controller.tabBarItem.title = item.title
            if let image = item.attributes["image"] {
                controller.tabBarItem.image = UIImage(named: image, in: bundle, compatibleWith: nil)
            }
        }
    }

    /// A bar button item of a navigation item; a segue from it runs on a tap.
    private func barButtonItem(_ object: InterfaceObject, controller: UIViewController) -> UIBarButtonItem {
        let style: UIBarButtonItem.Style = object.attributes["style"] == "done" ? .done : .plain
        let item: UIBarButtonItem
        if let imageName = object.attributes["image"] {
            item = UIBarButtonItem(
                image: UIImage(named: imageName, in: bundle, compatibleWith: nil), style: style, target: nil,
                action: nil)
        } else {
            item = UIBarButtonItem(title: object.title, style: style, target: nil, action: nil)
        }
        let segues = object.connections.filter { if case .segue = $0.kind { true } else { false } }
        if let segue = segues.first {
            item.action = { [weak controller] item in
                controller?.storyboardScene?.trigger(segue, from: controller, sender: item)
            }
        }
        return item
    }

    // MARK: The file

    /// The parsed document, parsing at the first call only; nil when it did not load.
    func document() -> InterfaceDocument? {
        if let loaded { return loaded }
        guard let url = Self.url(ofStoryboardNamed: name, in: bundle) else {
            parseCount += 1
            report(error: "not found in the bundle at \(bundle.bundleURL.path) (only .storyboard sources are read)")
            loaded = .some(nil)
            return nil
        }
        parse { () throws(InterfaceError) in try InterfaceDocument.load(contentsOf: url) }
        return loaded ?? nil
    }

    private func parse(
        _ read: () throws(InterfaceError) -> (document: InterfaceDocument, warnings: [InterfaceDiagnostic])
    ) {
        parseCount += 1
        do throws(InterfaceError) {
            let parsed = try read()
            record(parsed.warnings)
            if parsed.document.kind != .storyboard {
                record([
                    .init(
                        severity: .error, file: parsed.document.fileName,
                        message: "is a .xib, not a storyboard: load it with UINib")
                ])
                loaded = .some(nil)
            } else {
                loaded = parsed.document
            }
        } catch {
            record(error.problems + error.warnings)
            loaded = .some(nil)
        }
    }

    /// Where `<name>.storyboard` is in `bundle`, or nil: see `InterfaceResources`.
    static func url(ofStoryboardNamed name: String, in bundle: Bundle) -> URL? {
        InterfaceResources.url(named: name, extension: "storyboard", in: bundle)
    }

    // MARK: Diagnostics

    func record(_ found: [InterfaceDiagnostic]) {
        InterfaceDiagnostic.log(found)
        diagnostics += found
    }

    func report(error message: String, line: Int? = nil) {
        record([InterfaceDiagnostic(severity: .error, file: name + ".storyboard", line: line, message: message)])
    }

    func report(warning message: String, line: Int? = nil) {
        record([InterfaceDiagnostic(severity: .warning, file: name + ".storyboard", line: line, message: message)])
    }
}
