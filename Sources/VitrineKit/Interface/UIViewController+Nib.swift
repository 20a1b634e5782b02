import Foundation

extension UIViewController {
    /// The default nib names found, by bundle path and class name: looked up once per class,
    /// not for every controller whose view loads (a bundle's files do not change while it runs).
    private static var defaultNibNames: [String: String?] = [:]

    /// The guide's default nib for a controller class: `<Name>` without its "Controller" suffix,
    /// then `<Name>`, as `nibName` describes; nil when neither is in `bundle`.
    static func defaultNibName(for type: UIViewController.Type, in bundle: Bundle) -> String? {
        let className = String(describing: type)
        let key = bundle.bundleURL.path + "\u{0}" + className
        if let known = defaultNibNames[key] { return known }
        var candidates: [String] = []
        if className.hasSuffix("Controller"), className.count > "Controller".count {
            candidates.append(String(className.dropLast("Controller".count)))
        }
        candidates.append(className)
        let found = candidates.first { UINib.url(ofNibNamed: $0, in: bundle) != nil }
        defaultNibNames[key] = .some(found)
        return found
    }

    /// Loads the view from the nib `name` with the controller as its File's Owner, as UIKit's
    /// default `loadView()`: the nib's `view` outlet sets `view`. A nib that does not load, or
    /// leaves `view` unset, is logged (the caller then gives the controller a plain view).
    func loadViewFromNib(named name: String, bundle: Bundle) {
        let nib = UINib.cached(named: name, bundle: bundle)
        let objects = nib.instantiate(withOwner: self, options: nil)
        if viewIfLoaded == nil {
            if objects.isEmpty {
                kitLog.error("\(type(of: self)): the nib \"\(name)\" did not load; the controller gets an empty view")
            } else {
                kitLog.error(
                    "\(type(of: self)): the nib \"\(name)\" was loaded but its view outlet was not set; the controller gets an empty view"
                )
            }
        }
    }
}

extension Bundle {
    /// Loads the nib `name` from this bundle with `owner` as its File's Owner, as UIKit's
    /// `loadNibNamed(_:owner:options:)`: the top-level objects, or nil when the nib did not
    /// load (logged with its file and line; UIKit raises). The parsed file is kept, so loading
    /// the same nib again does not parse it again.
    @preconcurrency @MainActor
    public func loadNibNamed(_ name: String, owner: Any?, options: [UINib.OptionsKey: Any]? = nil) -> [Any]? {
        let nib = UINib.cached(named: name, bundle: self)
        let objects = nib.instantiate(withOwner: owner, options: options)
        if objects.isEmpty, nib.diagnostics.contains(where: { $0.severity == .error }) { return nil }
        return objects
    }
}

/// The coder `UIViewController.init?(coder:)` and `UIView.init?(coder:)` get from a storyboard or
/// nib, as UIKit's private class of the same name. Vitrine reads no archives: the object's
/// properties are set by the loader after `init?(coder:)` returns, so every key reads as absent
/// but the few a class needs while it initializes (a button's type, a cell's style and reuse
/// identifier).
final class UINibDecoder: NSCoder {
    /// UIKit's archive key of a button's type (`UIButton.ButtonType`'s raw value).
    static let buttonTypeKey = "UIButtonType"
    /// The key of a table view cell's style (`UITableViewCell.CellStyle`'s raw value).
    static let cellStyleKey = "UITableViewCellStyle"
    /// The key of a cell's or reusable view's reuse identifier (a string).
    static let reuseIdentifierKey = "UIReuseIdentifier"

    /// The few values a class needs while it initializes, by archive key.
    private let integers: [String: Int]
    private let strings: [String: String]

    init(integers: [String: Int] = [:], strings: [String: String] = [:]) {
        self.integers = integers
        self.strings = strings
        super.init()
    }

    override var allowsKeyedCoding: Bool { true }
    override func containsValue(forKey key: String) -> Bool { integers[key] != nil || strings[key] != nil }
    override func decodeObject(forKey key: String) -> Any? { strings[key] }
    override func decodeBool(forKey key: String) -> Bool { false }
    override func decodeInt32(forKey key: String) -> Int32 { Int32(truncatingIfNeeded: integers[key] ?? 0) }
    override func decodeInt64(forKey key: String) -> Int64 { Int64(integers[key] ?? 0) }
    override func decodeInteger(forKey key: String) -> Int { integers[key] ?? 0 }
    override func decodeFloat(forKey key: String) -> Float { 0 }
    override func decodeDouble(forKey key: String) -> Double { 0 }
}
