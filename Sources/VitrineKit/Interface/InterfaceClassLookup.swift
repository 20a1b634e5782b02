import Foundation

/// Finds the Swift class an interface file's `customClass=` names, as the Objective-C runtime's
/// `NSClassFromString` does for UIKit: through Swift's own type lookup by qualified name
/// (`_typeByName("Module.Class")`, which finds top-level classes of any loaded module).
///
/// The modules tried, in order: the file's `customModule=`, the module of the File's Owner (or
/// of the storyboard's caller), the main executable's module (its file name, as SwiftPM names
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
        if let anchor { modules.append(moduleName(of: type(of: anchor))) }
        if let executable = Bundle.main.executableURL?.lastPathComponent {
            modules.append(executable.replacingOccurrences(of: "-", with: "_"))
        }
        modules += registeredModules
        var seen = Set<String>()
        return modules.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// The module a type is declared in.
    static func moduleName(of type: Any.Type) -> String {
        String(String(reflecting: type).prefix { $0 != "." })
    }
}
