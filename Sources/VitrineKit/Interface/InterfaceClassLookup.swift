import Foundation
import VitrineInterface

/// Finds the Swift class an interface file's `customClass=` names, as the Objective-C runtime's
/// `NSClassFromString` does for UIKit: through Swift's own type lookup by qualified name
/// (`_typeByName("Module.Class")`, which finds top-level classes of any loaded module).
///
/// The modules tried, in order: the file's `customModule=`, the module of the File's Owner (or
/// of the storyboard's caller; for a prototype cell's nib, of the owner of the file it is in),
/// the main executable's module (its file name, as SwiftPM names
/// an executable target's module), and the modules of `UINib.register(module:)`. A nested or
/// generic class is not found this way: register a maker with `UINib.register(className:make:)`.
@MainActor
enum InterfaceClassLookup {
    /// Modules registered with `UINib.register(module:)`.
    static var registeredModules: [String] = []

    /// The class named `className` (already qualified when it contains a dot), or nil.
    static func lookUp(_ className: String, module: String?, near anchor: Any?) -> AnyClass? {
        if className.contains("."), let found = _typeByName(className) as? AnyClass { return found }
        for candidate in candidateModules(module: module, near: anchor) {
            if let found = _typeByName(candidate + "." + className) as? AnyClass { return found }
        }
        return nil
    }

    /// The module names to try, in order, without repeats.
    static func candidateModules(module: String?, near anchor: Any?) -> [String] {
        var modules: [String] = []
        if let module { modules.append(module) }
        // The anchor, or a type standing for it (a prototype cell's nib keeps its file's owner's).
        if let anchor { modules.append(moduleName(of: (anchor as? Any.Type) ?? type(of: anchor))) }
        if let executable = Bundle.main.executableURL?.lastPathComponent {
            modules.append(executable.replacingOccurrences(of: "-", with: "_"))
        }
        modules += registeredModules
        var seen = Set<String>()
        return modules.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// The controller an interface file's controller element makes, as UIKit makes it: its
    /// `customClass=` found by `lookUp` and made with `init?(coder:)`, else the element's class
    /// (`viewController`, `navigationController`, `tabBarController`, `tableViewController`);
    /// with the warning to report when the custom class or the element could not be made.
    static func makeController(_ object: InterfaceObject, near anchor: Any?) -> (
        controller: UIViewController, warning: String?
    ) {
        let coder = UINibDecoder()
        var warning: String?
        if let className = object.customClass {
            let found: AnyClass? = lookUp(className, module: object.customModule, near: anchor)
            if let type = found as? UIViewController.Type, let made = type.init(coder: coder) { return (made, nil) }
            warning =
                found == nil
                ? "unknown class \(className): a \(object.element) is made in its place"
                : "class \(className) is not a view controller init?(coder:) makes: a \(object.element) is made in its place"
        }
        let made: UIViewController?
        switch object.element {
        case "navigationController": made = UINavigationController(coder: coder)
        case "tabBarController": made = UITabBarController(coder: coder)
        case "tableViewController": made = UITableViewController(coder: coder)
        case "viewController": made = UIViewController(coder: coder)
        default:
            made = UIViewController(coder: coder)
            warning = warning ?? "\(object.element) is not a supported view controller: a view controller is made"
        }
        return (made ?? UIViewController(), warning)
    }

    /// The module a type is declared in.
    static func moduleName(of type: Any.Type) -> String {
        String(String(reflecting: type).prefix { $0 != "." })
    }
}
