import Foundation
import VitrineInterface

/// An interface file made in Xcode's Interface Builder, loaded at run time, as UIKit's `UINib`.
///
/// Vitrine reads Xcode's XML source format (`.xib`, document type
/// `com.apple.InterfaceBuilder3.CocoaTouch.XIB`) with `VitrineInterface`; compiled `.nib` files
/// from an app bundle are not read. `instantiate(withOwner:options:)` makes the file's top-level
/// objects each time it is called; the file is read and parsed once, at the first call, and the
/// parsed document is kept in the nib (a second instantiation does not parse again), as UIKit keeps
/// a nib's data in memory.
///
/// Which elements become which views, the properties read, constraints and
/// `translatesAutoresizingMaskIntoConstraints` are described on `instantiate(withOwner:options:)`.
///
/// Deviations from UIKit:
/// - Where UIKit raises an exception (a nib that cannot be found or read, a file that is not a
///   nib), Vitrine logs the error with the file and line from VitrineInterface's diagnostics and
///   `instantiate(withOwner:options:)` returns an empty array: a kiosk must not die of a bad file.
///   The same diagnostics, and the warnings of the last instantiation, are in `diagnostics`.
/// - Custom classes (`customClass=` in the file) are found by Swift's type lookup and made with
///   `init?(coder:)` (see `InterfaceClassLookup`), or by a maker given to
///   `UINib.register(className:make:)`: Swift on Linux has no Objective-C runtime.
/// - Outlets are `@Outlet` / `@OutletCollection` properties and actions are listed by selector in
///   `NibActionTarget` (docs/interface-files.md): Swift on Linux has no `@IBOutlet` or selectors.
///   A connection the owner cannot take is an error naming file, line, class and name.
@preconcurrency @MainActor
open class UINib {
    /// A key of the options dictionary of `instantiate(withOwner:options:)`, as `UINib.OptionsKey`.
    public struct OptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    /// Where the file's bytes come from.
    private enum Source {
        /// A named nib, looked up in a bundle at the first instantiation.
        case named(String, Bundle)
        /// Bytes given to `init(data:bundle:)`.
        case data(Data)
        /// A prototype cell or reusable view of a parsed file (a storyboard's or a nib's
        /// `<prototypes>`, `<cells>`, section header or footer): its sub-tree, made with the
        /// file's resources each time, as the nibs Xcode compiles prototypes into.
        case template(InterfaceDocument, InterfaceObject)
    }

    private let source: Source
    /// The bundle given, or `Bundle.main`.
    public let bundle: Bundle
    /// The parsed document (or the error), kept after the first instantiation.
    private var loaded: Result<InterfaceDocument, LoadFailure>?
    /// The warnings found while parsing, reported again at every instantiation.
    private var parseWarnings: [InterfaceDiagnostic] = []
    /// For a prototype's nib, the type of the owner of the file it came from (whose module
    /// custom classes are looked up in); nil for other nibs.
    private let templateAnchor: Any.Type?
    /// Whether this prototype's nib logged its diagnostics (they are logged for the first cell
    /// made, not for every cell; `diagnostics` has them each time).
    private var loggedTemplateDiagnostics = false

    /// How many times the file was parsed: 1 after any number of instantiations (tests check it).
    public private(set) var parseCount = 0

    /// The errors and warnings of the last `instantiate(withOwner:options:)`, with file and
    /// line (a Vitrine addition: UIKit raises or logs instead). Each is also logged.
    public private(set) var diagnostics: [InterfaceDiagnostic] = []

    /// The nib `<name>.xib` in `bundle` (`Bundle.main` when nil), as `init(nibName:bundle:)`.
    ///
    /// The lookup, done at the first instantiation (nothing is read here): the bundle's resource
    /// `<name>.xib` (`url(forResource:withExtension:)`), then `<name>.xib` in the bundle's
    /// `resourceURL` and in its `bundleURL` directory, and for `Bundle.main` the app's resource
    /// folders (see `InterfaceResources`). A name that already ends in `.xib` is taken as it is.
    /// Only the XML source is read: a compiled `<name>.nib` is not.
    public init(nibName name: String, bundle bundleOrNil: Bundle?) {
        bundle = bundleOrNil ?? .main
        source = .named(name, bundle)
        templateAnchor = nil
    }

    /// The nib whose `.xib` source is `data`, as `init(data:bundle:)`. `bundle` (`Bundle.main`
    /// when nil) is kept for the nib's resources; images are looked up with `UIImage(named:)`.
    public init(data: Data, bundle bundleOrNil: Bundle?) {
        bundle = bundleOrNil ?? .main
        source = .data(data)
        templateAnchor = nil
    }

    /// The nib of a prototype `object` of a parsed `document` (its only top-level object), made
    /// as `owner`'s file makes its objects: custom classes are looked up near `owner`'s type.
    init(template object: InterfaceObject, of document: InterfaceDocument, bundle: Bundle, owner: Any?) {
        self.bundle = bundle
        source = .template(document, object)
        templateAnchor = owner.map { ($0 as? Any.Type) ?? type(of: $0) }
    }

    /// The nib's name in messages: the file name, and for a prototype's nib its element and
    /// reuse identifier.
    var displayName: String {
        switch source {
        case .named(let name, _): name.hasSuffix(".xib") ? name : name + ".xib"
        case .data: "(nib data)"
        case .template(let document, let object):
            "\(document.fileName): \(object.element) \"\(object.attributes["reuseIdentifier"] ?? object.id)\""
        }
    }

    /// Makes the file's top-level objects, in file order, as `instantiate(withOwner:options:)`:
    /// the File's Owner and First Responder placeholders are not among them.
    ///
    /// Each object is made from its element (`view` → `UIView`, `label` → `UILabel`, `button`,
    /// `imageView`, `switch`, `slider`, `textField`, `stackView`, `scrollView`, `segmentedControl`
    /// (its `<segments>`), `activityIndicatorView`, `progressView`, `stepper`, `pageControl`,
    /// `pickerView`, `datePicker` (its dates), `textView`, `tableView` (its style, header and
    /// footer views, and its `<prototypes>`) and `collectionView` (its flow layout, `<cells>` and
    /// section header and footer views) → their classes; `tableViewCell`, `collectionViewCell`
    /// and `collectionReusableView` (a nib registered with a list: the content view's subviews
    /// go into the cell's own `contentView`, a styled cell's labels are its `textLabel` and
    /// `detailTextLabel`)), or from its `customClass=` (see `InterfaceClassLookup`). Each
    /// prototype of a list is registered for its `reuseIdentifier` as a nib of its own, as Xcode
    /// compiles prototypes: every cell dequeued is made from it again, with its outlets and
    /// actions connected and `awakeFromNib()` called on it. An
    /// attribute value Vitrine does not know is warned about, naming the file, line and element.
    /// Its properties are set, its subviews are added in order (a stack view's arranged), the
    /// file's constraints are activated (a view keeps translating its autoresizing mask unless
    /// the file says NO or constrains it; one placed by its frame, `fixedFrame="YES"`, always
    /// does, as UIKit's loading makes it), the user-defined runtime attributes are set, the outlets
    /// and actions are connected, and then `awakeFromNib()` is called on every view made, depth
    /// first in file order, once all of them are built and connected, as UIKit. Top-level view
    /// controllers (made with `init?(coder:)`, their views from their `nibName=` when asked for),
    /// windows, and in a main nib the app delegate's custom object (the running delegate) are
    /// made too.
    ///
    /// A file that cannot be found or read: logged, and the result is empty (UIKit raises).
    /// Unknown classes, elements and runtime attribute key paths: a warning naming the file, line
    /// and name, and the rest loads. `owner` is the File's Owner: the file's connections to it
    /// (outlets, actions) are made before `awakeFromNib()`. `options` are accepted and unused.
    open func instantiate(withOwner ownerOrNil: Any?, options optionsOrNil: [OptionsKey: Any]? = nil) -> [Any] {
        diagnostics = []
        let document: InterfaceDocument
        switch loadDocument() {
        case .failure(let failure):
            report(failure.diagnostics)
            return []
        case .success(let parsed):
            document = parsed
        }
        report(parseWarnings)
        var roots: [InterfaceObject]?
        var builder = NibBuilder(document: document, bundle: bundle, owner: ownerOrNil)
        if case .template(_, let object) = source {
            roots = [object]
            builder.classAnchor = ownerOrNil ?? templateAnchor
        }
        let objects = builder.build(roots: roots)
        report(builder.diagnostics)
        var connector = NibConnector(
            fileName: document.fileName,
            objects: builder.items.merging(ownerOrNil.map { ["-1": $0 as AnyObject] } ?? [:]) { made, _ in made })
        // A prototype's connections are made on each of its instances, not with the file's.
        connector.connect(everyObjectIn: roots ?? document.topLevelObjects, where: { !$0.isListTemplate })
        report(connector.diagnostics)
        if roots != nil { loggedTemplateDiagnostics = true }
        for view in builder.madeInOrder { view.awakeFromNib() }
        return objects
    }

    /// Logs diagnostics (a prototype's for its first cell only) and keeps them in `diagnostics`.
    private func report(_ found: [InterfaceDiagnostic]) {
        if !loggedTemplateDiagnostics { InterfaceDiagnostic.log(found) }
        diagnostics += found
    }

    /// The parsed document, parsing at the first call only.
    private func loadDocument() -> Result<InterfaceDocument, LoadFailure> {
        if let loaded { return loaded }
        if case .template(let document, _) = source {
            loaded = .success(document)
            return .success(document)
        }
        parseCount += 1
        let result: Result<InterfaceDocument, LoadFailure>
        do throws(InterfaceError) {
            let parsed: (document: InterfaceDocument, warnings: [InterfaceDiagnostic])
            switch source {
            case .data(let data):
                parsed = try InterfaceDocument.parse(data: data, fileName: "(nib data)")
            case .named(let name, let bundle):
                guard let url = Self.url(ofNibNamed: name, in: bundle) else {
                    let file = name.hasSuffix(".xib") ? name : name + ".xib"
                    let missing = InterfaceDiagnostic(
                        severity: .error, file: file,
                        message: "not found in the bundle at \(bundle.bundleURL.path) (only .xib sources are read)")
                    result = .failure(LoadFailure(diagnostics: [missing]))
                    loaded = result
                    return result
                }
                parsed = try InterfaceDocument.load(contentsOf: url)
            case .template(let document, _):
                parsed = (document, [])
            }
            parseWarnings = parsed.warnings
            result = .success(parsed.document)
        } catch {
            result = .failure(LoadFailure(diagnostics: error.problems + error.warnings))
        }
        loaded = result
        return result
    }

    /// Why the file did not load: its errors and warnings.
    struct LoadFailure: Error {
        var diagnostics: [InterfaceDiagnostic]
    }

    /// Where `<name>.xib` is in `bundle`, or nil; see `init(nibName:bundle:)`.
    static func url(ofNibNamed name: String, in bundle: Bundle) -> URL? {
        let base = name.hasSuffix(".xib") ? String(name.dropLast(4)) : name
        return InterfaceResources.url(named: base, extension: "xib", in: bundle)
    }

    /// Nibs loaded by name for controllers and `Bundle.loadNibNamed`, kept so that a nib is
    /// parsed once however often it is instantiated.
    private static var cache: [String: UINib] = [:]

    /// The kept nib `name` of `bundle`, made on first use.
    static func cached(named name: String, bundle: Bundle) -> UINib {
        let key = bundle.bundleURL.path + "\u{0}" + name
        if let nib = cache[key] { return nib }
        let nib = UINib(nibName: name, bundle: bundle)
        cache[key] = nib
        return nib
    }

    // MARK: Custom classes

    /// The makers of custom classes, by class name.
    static var registeredClasses: [String: @MainActor (CGRect) -> UIView] = [:]

    /// Makes views of `className` (the file's `customClass=`) with `make`, given the frame from the
    /// file. A Vitrine addition, in place of the Objective-C runtime's lookup by class name, which
    /// Swift on Linux does not have for Swift classes (nor `@objc(Name)`):
    ///
    ///     UINib.register(className: "BadgeView") { BadgeView(frame: $0) }
    ///
    /// A registration for `"Module.Class"` is preferred to one for `"Class"` when the file names
    /// the module (`customModule=`). The view made should be of the element's class or a subclass
    /// (a `label` element's custom class a `UILabel` subclass): the element's properties are set
    /// on it when it is. Registering a name again replaces the maker.
    public static func register(className: String, make: @escaping @MainActor (CGRect) -> UIView) {
        registeredClasses[className] = make
    }

    /// Makes views of `type` for `className` (the type's name when nil) with `init(frame:)`'s
    /// equivalent `make`, as `register(className:make:)`.
    public static func register<View: UIView>(
        _ type: View.Type, forClassName className: String? = nil, make: @escaping @MainActor (CGRect) -> View
    ) {
        register(className: className ?? String(describing: type), make: make)
    }

    /// Adds a module whose classes files may name without `customModule=`: see
    /// `InterfaceClassLookup` (a Vitrine addition; Xcode writes the module for Swift classes).
    public static func register(module: String) {
        if !InterfaceClassLookup.registeredModules.contains(module) {
            InterfaceClassLookup.registeredModules.append(module)
        }
    }

    /// Forgets the maker of `className`.
    public static func unregister(className: String) {
        registeredClasses[className] = nil
    }
}
