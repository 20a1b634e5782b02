/// Enum cases by the names Interface Builder writes, which are UIKit's case names
/// (`contentMode="scaleAspectFit"`, `keyboardType="numberPad"`).
///
/// Each enum's names are listed once and kept: a file with hundreds of views asks for them
/// hundreds of times, and describing a case is far dearer than a dictionary lookup. Each
/// table is kept typed in a box of its own, so a lookup is one class cast, not a cast of each
/// value out of `Any`.
@MainActor
enum InterfaceCaseNames {
    private final class Names<Value> {
        let byName: [String: Value]
        init(_ byName: [String: Value]) { self.byName = byName }
    }

    private static var namesByType: [ObjectIdentifier: AnyObject] = [:]

    /// The case of `type` named `name`, or nil.
    static func value<Value: CaseIterable>(named name: String, in type: Value.Type) -> Value? {
        let key = ObjectIdentifier(type)
        if let names = namesByType[key] as? Names<Value> { return names.byName[name] }
        let names = Names(Dictionary(type.allCases.map { ("\($0)", $0) }, uniquingKeysWith: { first, _ in first }))
        namesByType[key] = names
        return names.byName[name]
    }
}
