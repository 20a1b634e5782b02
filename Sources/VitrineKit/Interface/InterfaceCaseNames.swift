/// Enum cases by the names Interface Builder writes, which are UIKit's case names
/// (`contentMode="scaleAspectFit"`, `keyboardType="numberPad"`).
///
/// Each enum's names are listed once and kept: a file with hundreds of views asks for them
/// hundreds of times, and describing a case is far dearer than a dictionary lookup.
@MainActor
enum InterfaceCaseNames {
    private static var namesByType: [ObjectIdentifier: [String: Any]] = [:]

    /// The case of `type` named `name`, or nil.
    static func value<Value: CaseIterable>(named name: String, in type: Value.Type) -> Value? {
        let key = ObjectIdentifier(type)
        if let names = namesByType[key] { return names[name] as? Value }
        var names: [String: Any] = [:]
        for value in type.allCases { names["\(value)"] = value }
        namesByType[key] = names
        return names[name] as? Value
    }
}
