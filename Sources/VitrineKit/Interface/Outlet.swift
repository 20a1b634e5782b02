/// A property an interface file's `<outlet property="name" destination=...>` connection sets:
/// Vitrine's spelling of `@IBOutlet`, which Swift rejects without Objective-C.
///
/// On iOS, and with Vitrine:
///
///     @IBOutlet var countLabel: UILabel!      // UIKit
///     @Outlet var countLabel: UILabel!        // VitrineKit
///
/// The nib loader finds the property by its name through Swift's reflection (`Mirror`), as UIKit
/// finds it through key-value coding, and sets it when the file loads, before `awakeFromNib()`
/// and `viewDidLoad()`. A connection to a property that is not an `@Outlet` (or of another
/// type) is an error naming the file, line, class and property, UIKit's "not key value
/// coding-compliant" case, and the rest of the file loads.
///
/// Deviations: the reference is strong (a property wrapper cannot be `weak`; Apple recommends
/// strong outlets except for top-level objects someone else owns). The property must be an
/// optional or implicitly unwrapped optional (`UILabel!`, `UILabel?`), as outlets are in UIKit.
@propertyWrapper
public final class Outlet<Value> {
    public var wrappedValue: Value

    /// An outlet with an initial value.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    /// An unconnected outlet: nil until the file loads.
    public init() where Value: ExpressibleByNilLiteral {
        wrappedValue = nil
    }
}

/// A property an interface file's `<outletCollection property="name" ...>` connections fill,
/// in file order: Vitrine's spelling of `@IBOutlet var buttons: [UIButton]!`.
///
///     @OutletCollection var digitButtons: [UIButton]!
///
/// The property is found by name as for `Outlet`; each connection appends one object.
@propertyWrapper
public final class OutletCollection<Value: OutletCollectionValue> {
    public var wrappedValue: Value

    /// A collection with initial elements (connections are appended after them).
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    /// An empty collection (nil for `[UIButton]!`) until the file loads.
    public init() {
        wrappedValue = Value.emptyOutletCollection
    }
}

/// The types an `OutletCollection` can hold: an array of objects, optional or not.
public protocol OutletCollectionValue {
    /// The value before any connection.
    static var emptyOutletCollection: Self { get }
    /// Appends `object` when it has the element type; false when it does not.
    mutating func appendOutlet(_ object: AnyObject) -> Bool
    /// The element type's name, for diagnostics.
    static var outletElementTypeName: String { get }
}

extension Array: OutletCollectionValue {
    public static var emptyOutletCollection: [Element] { [] }
    public mutating func appendOutlet(_ object: AnyObject) -> Bool {
        guard let element = object as? Element else { return false }
        append(element)
        return true
    }
    public static var outletElementTypeName: String { String(describing: Element.self) }
}

extension Optional: OutletCollectionValue where Wrapped: OutletCollectionValue {
    public static var emptyOutletCollection: Wrapped? { nil }
    public mutating func appendOutlet(_ object: AnyObject) -> Bool {
        var collection = self ?? Wrapped.emptyOutletCollection
        guard collection.appendOutlet(object) else { return false }
        self = collection
        return true
    }
    public static var outletElementTypeName: String { Wrapped.outletElementTypeName }
}

/// What the nib loader sees of an `Outlet` or `OutletCollection` it found by reflection.
protocol OutletStorage: AnyObject {
    /// Sets the outlet (or appends, for a collection); false when `object` has the wrong type.
    func connect(_ object: AnyObject) -> Bool
    /// The type the property holds, for diagnostics.
    var expectedTypeName: String { get }
    /// Whether this is an outlet collection.
    var isCollection: Bool { get }
}

extension Outlet: OutletStorage {
    func connect(_ object: AnyObject) -> Bool {
        guard let value = object as? Value else { return false }
        wrappedValue = value
        return true
    }
    var expectedTypeName: String {
        let name = String(describing: Value.self)
        // `UILabel!` is `Optional<UILabel>`: name the class.
        return name.hasPrefix("Optional<") ? String(name.dropFirst("Optional<".count).dropLast()) : name
    }
    var isCollection: Bool { false }
}

extension OutletCollection: OutletStorage {
    func connect(_ object: AnyObject) -> Bool { wrappedValue.appendOutlet(object) }
    var expectedTypeName: String { "[\(Value.outletElementTypeName)]" }
    var isCollection: Bool { true }
}

/// Finds outlets by name with `Mirror`, as UIKit's key-value coding finds properties.
@MainActor
enum OutletLookup {
    /// The `@Outlet` or `@OutletCollection` storage of the property `name` of `object` or one of
    /// its superclasses (VitrineKit's own classes have none and are not walked).
    static func storage(named name: String, in object: AnyObject) -> OutletStorage? {
        // A class's properties do not change: remember the names it does not declare (UIKit's
        // own outlets such as `view` and `delegate`, asked for in every file), so only a
        // declared outlet costs a walk over the object's properties.
        let undeclared = UndeclaredOutlet(classID: ObjectIdentifier(type(of: object)), name: name)
        if undeclaredOutlets.contains(undeclared) { return nil }
        let storageLabel = "_" + name
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror, !isVitrineKitClass(current.subjectType) {
            for child in current.children where child.label == storageLabel {
                return child.value as? OutletStorage
            }
            mirror = current.superclassMirror
        }
        undeclaredOutlets.insert(undeclared)
        return nil
    }

    private struct UndeclaredOutlet: Hashable {
        var classID: ObjectIdentifier
        var name: String
    }
    private static var undeclaredOutlets: Set<UndeclaredOutlet> = []

    /// Whether a type is one of this module's (UIKit's classes): their outlets are built in.
    private static func isVitrineKitClass(_ type: Any.Type) -> Bool {
        String(reflecting: type).hasPrefix(moduleNamePrefix)
    }

    private static let moduleNamePrefix = String(reflecting: UIView.self).prefix { $0 != "." } + "."
}
