/// A layout attribute of a constraint, by the name Interface Builder writes.
public enum InterfaceLayoutAttribute: String, Hashable, Sendable, CaseIterable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
    case lastBaseline = "baseline"
    case firstBaseline
    case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
    case centerXWithinMargins, centerYWithinMargins
}

/// A `<constraint>` in a view's `<constraints>`.
///
/// Interface Builder leaves out `firstItem` when it is the view that owns the `<constraints>`
/// element (and `secondItem` too, for a ratio of the view's own width and height): here both are
/// filled in with that view's id. A constraint on a constant alone (`width = 100`) has no second item.
public struct InterfaceConstraint: Hashable, Sendable {
    /// How the two sides compare.
    public enum Relation: String, Hashable, Sendable {
        case equal
        case lessThanOrEqual
        case greaterThanOrEqual
    }

    /// The constraint's own id.
    public var id: String
    /// The first item's id (a view or a layout guide).
    public var firstItem: String
    public var firstAttribute: InterfaceLayoutAttribute
    public var relation: Relation
    /// The second item's id, nil for a constant-only constraint.
    public var secondItem: String?
    public var secondAttribute: InterfaceLayoutAttribute?
    /// `multiplier=`, with Xcode's `"2:1"` ratios divided out; 1 when not written.
    public var multiplier: Double
    public var constant: Double
    /// 1000 (required) when not written.
    public var priority: Double
    /// `identifier=`, for `NSLayoutConstraint.identifier`.
    public var identifier: String?
    /// `placeholder="YES"`: removed at build time, as Interface Builder does.
    public var isPlaceholder: Bool
    /// The id of the view whose `<constraints>` holds it (where UIKit installs it).
    public var ownerID: String
    public var line: Int

    public init(
        id: String, firstItem: String, firstAttribute: InterfaceLayoutAttribute, relation: Relation = .equal,
        secondItem: String? = nil, secondAttribute: InterfaceLayoutAttribute? = nil, multiplier: Double = 1,
        constant: Double = 0, priority: Double = 1000, identifier: String? = nil, isPlaceholder: Bool = false,
        ownerID: String, line: Int
    ) {
        self.id = id
        self.firstItem = firstItem
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.secondItem = secondItem
        self.secondAttribute = secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
        self.identifier = identifier
        self.isPlaceholder = isPlaceholder
        self.ownerID = ownerID
        self.line = line
    }
}

/// A connection in an object's `<connections>`: an outlet, an outlet collection, an action or a
/// segue. The source is the object holding the `<connections>`.
public struct InterfaceConnection: Hashable, Sendable {
    /// What is connected.
    public enum Kind: Hashable, Sendable {
        /// `<outlet property= destination=/>`: the source's `property` is set to the destination.
        case outlet(property: String)
        /// `<outletCollection property= destination= collectionClass=/>`: the destination is appended
        /// to the source's array `property` (connections to the same property, in file order).
        case outletCollection(property: String, collectionClass: String?)
        /// `<action selector="tapped:" destination= eventType="touchUpInside"/>`: the source control
        /// sends `selector` to the destination for `eventType` (nil for a bar button item or gesture).
        case action(selector: String, eventType: String?)
        /// `<segue destination= kind= identifier=>`: `kind` is `"show"`, `"presentation"`, `"embed"`,
        /// `"relationship"` (with `relationship` `"rootViewController"` or `"viewControllers"`) ...
        case segue(kind: String, identifier: String?, relationship: String?)
    }

    public var kind: Kind
    /// The connection's own id.
    public var id: String
    /// The id of the object holding the `<connections>`.
    public var source: String
    /// The destination object's id (for an unwind segue, the scene's exit placeholder).
    public var destination: String
    /// Every attribute as written (`modalPresentationStyle`, `unwindAction` ...).
    public var attributes: [String: String]
    public var line: Int

    public init(
        kind: Kind, id: String, source: String, destination: String, attributes: [String: String] = [:], line: Int
    ) {
        self.kind = kind
        self.id = id
        self.source = source
        self.destination = destination
        self.attributes = attributes
        self.line = line
    }
}

/// An object of an interface file: a view, a control, a view controller, a placeholder, a bar
/// item ... by its element name, with its properties decoded.
///
/// Properties Interface Builder leaves at UIKit's default are not written, so they are nil here
/// (or empty): the loader applies UIKit's defaults. `attributes` keeps every attribute as written;
/// the typed properties below read them.
public struct InterfaceObject: Hashable, Sendable {
    /// The element's name: `"view"`, `"label"`, `"button"`, `"viewController"`, `"placeholder"` ...
    public var element: String
    /// Its id, unique in the file (`"-1"` for the File's Owner, `"-2"` for the First Responder).
    public var id: String
    /// Its place in its parent, for an object that fills a property of it: `"view"` for a view
    /// controller's view, `"navigationItem"`, `"navigationBar"`, `"contentView"` ...
    public var key: String?
    /// The element grouping it in its parent when not `subviews` and not keyed:
    /// `"prototypes"` (table view cells), `"cells"` (collection view cells), `"items"`,
    /// `"rightBarButtonItems"`, `"leftBarButtonItems"`, `"gestureRecognizers"` ...
    public var container: String?
    /// The 1-based line of its start tag.
    public var line: Int
    /// Every attribute as written.
    public var attributes: [String: String]

    /// Its subviews, in order (for a stack view, its arranged subviews too).
    public var subviews: [InterfaceObject]
    /// Other objects inside it, each with a `key` or a `container`.
    public var children: [InterfaceObject]
    /// The constraints in its `<constraints>`.
    public var constraints: [InterfaceConstraint]
    /// Its `<connections>`.
    public var connections: [InterfaceConnection]
    /// Its layout guides (`safeArea`, a scroll view's `contentLayoutGuide` ...).
    public var layoutGuides: [InterfaceLayoutGuide]

    /// Rectangles by key; `"frame"` is its frame.
    public var rects: [String: InterfaceRect]
    /// Sizes by key (`"intrinsicContentSize"`, a flow layout's `"itemSize"` ...).
    public var sizes: [String: InterfaceSize]
    /// Points by key.
    public var points: [String: InterfacePoint]
    /// Edge insets by key (`"layoutMargins"`, `"directionalLayoutMargins"`, `"contentInset"`,
    /// `"scrollIndicatorInsets"`, `"separatorInset"`, `"sectionInset"` ...).
    public var insets: [String: InterfaceEdgeInsets]
    public var autoresizingMask: InterfaceAutoresizingMask?
    /// Colours by key: `"backgroundColor"`, `"textColor"`, `"tintColor"`, `"onTintColor"` ...
    public var colors: [String: InterfaceColor]
    /// The keys written as `<nil key="textColor"/>`: the property is set to nil.
    public var nilKeys: Set<String>
    /// Fonts by key (`"fontDescription"` for a label's or text field's font).
    public var fonts: [String: InterfaceFont]
    /// Text by key from `<string key="text">` (text with line breaks, which cannot be an attribute).
    public var strings: [String: String]
    /// Images by key: attributes (`image="logo"`, `highlightedImage=`, `background=`) and
    /// `<imageReference key="image">` elements.
    public var images: [String: InterfaceImageReference]
    public var accessibility: InterfaceAccessibility?
    public var runtimeAttributes: [InterfaceRuntimeAttribute]
    /// A button's `<state>`s in file order.
    public var buttonStates: [InterfaceButtonState]
    public var buttonConfiguration: InterfaceButtonConfiguration?
    public var textInputTraits: InterfaceTextInputTraits?
    /// A segmented control's `<segments>`, in order.
    public var segments: [InterfaceSegment]
    /// Dates by key, as seconds since the reference date (`Date(timeIntervalSinceReferenceDate:)`),
    /// from `<date key="date" timeIntervalSinceReferenceDate="...">` (a date picker's `date`,
    /// `minimumDate`, `maximumDate`).
    public var dates: [String: Double]

    /// An object with nothing but its element, id and line; the decoder fills the rest.
    public init(element: String, id: String, key: String? = nil, line: Int, attributes: [String: String] = [:]) {
        self.element = element
        self.id = id
        self.key = key
        self.container = nil
        self.line = line
        self.attributes = attributes
        self.subviews = []
        self.children = []
        self.constraints = []
        self.connections = []
        self.layoutGuides = []
        self.rects = [:]
        self.sizes = [:]
        self.points = [:]
        self.insets = [:]
        self.autoresizingMask = nil
        self.colors = [:]
        self.nilKeys = []
        self.fonts = [:]
        self.strings = [:]
        self.images = [:]
        self.accessibility = nil
        self.runtimeAttributes = []
        self.buttonStates = []
        self.buttonConfiguration = nil
        self.textInputTraits = nil
        self.segments = []
        self.dates = [:]
    }

    /// An attribute read as a Bool (`"YES"` / `"NO"`).
    public func bool(_ attribute: String) -> Bool? { attributes[attribute].flatMap(InterfaceValueParsing.bool) }
    /// An attribute read as a number.
    public func double(_ attribute: String) -> Double? { attributes[attribute].flatMap(InterfaceValueParsing.double) }
    /// An attribute read as an integer.
    public func int(_ attribute: String) -> Int? { attributes[attribute].flatMap { Int($0) } }

    // MARK: Identity

    public var customClass: String? { attributes["customClass"] }
    public var customModule: String? { attributes["customModule"] }
    public var userLabel: String? { attributes["userLabel"] }
    public var storyboardIdentifier: String? { attributes["storyboardIdentifier"] }
    public var restorationIdentifier: String? { attributes["restorationIdentifier"] }
    /// `"IBFilesOwner"` or `"IBFirstResponder"` on a `<placeholder>`.
    public var placeholderIdentifier: String? { attributes["placeholderIdentifier"] }
    /// A storyboard scene member's role: `"viewController"`, `"firstResponder"`, `"exit"`.
    public var sceneMemberID: String? { attributes["sceneMemberID"] }

    // MARK: Views

    public var frame: InterfaceRect? { rects["frame"] }
    public var backgroundColor: InterfaceColor? { colors["backgroundColor"] }
    public var tintColor: InterfaceColor? { colors["tintColor"] }
    /// `"scaleToFill"`, `"scaleAspectFit"`, `"center"`, `"left"` ... (`UIView.ContentMode` case names).
    public var contentMode: String? { attributes["contentMode"] }
    public var tag: Int? { int("tag") }
    public var alpha: Double? { double("alpha") }
    public var isHidden: Bool? { bool("hidden") }
    public var clipsSubviews: Bool? { bool("clipsSubviews") }
    public var isUserInteractionEnabled: Bool? { bool("userInteractionEnabled") }
    public var isOpaque: Bool? { bool("opaque") }
    public var isMultipleTouchEnabled: Bool? { bool("multipleTouchEnabled") }
    /// Interface Builder writes `translatesAutoresizingMaskIntoConstraints="NO"` on views it
    /// constrains; nil means UIKit's default (YES).
    public var translatesAutoresizingMaskIntoConstraints: Bool? { bool("translatesAutoresizingMaskIntoConstraints") }
    /// `fixedFrame="YES"`: Interface Builder places the view by its frame (and its
    /// autoresizing mask), not by constraints.
    public var isFixedFrame: Bool? { bool("fixedFrame") }
    /// `"unspecified"`, `"forceLeftToRight"`, `"forceRightToLeft"`, `"playback"`, `"spatial"`
    /// (`UISemanticContentAttribute` case names).
    public var semanticContentAttribute: String? { attributes["semanticContentAttribute"] }
    public var horizontalHuggingPriority: Double? { double("horizontalHuggingPriority") }
    public var verticalHuggingPriority: Double? { double("verticalHuggingPriority") }
    public var horizontalCompressionResistancePriority: Double? { double("horizontalCompressionResistancePriority") }
    public var verticalCompressionResistancePriority: Double? { double("verticalCompressionResistancePriority") }

    /// The attributes above that every view has, read in one pass over the attributes: a
    /// builder reads all of them for every view, and a lookup by name each was a measurable
    /// share of loading a large file. Values are read as the properties above read them.
    public var viewAttributes: InterfaceViewAttributes {
        var result = InterfaceViewAttributes()
        for (name, value) in attributes {
            // One hash of each attribute's name (comparing long names with every case of a
            // switch cost more than the lookups it replaced).
            guard let field = InterfaceViewAttributes.fields[name] else { continue }
            switch field {
            case .contentMode: result.contentMode = value
            case .tag: result.tag = Int(value)
            case .alpha: result.alpha = InterfaceValueParsing.double(value)
            case .hidden: result.isHidden = InterfaceValueParsing.bool(value)
            case .clipsSubviews: result.clipsSubviews = InterfaceValueParsing.bool(value)
            case .userInteractionEnabled: result.isUserInteractionEnabled = InterfaceValueParsing.bool(value)
            case .opaque: result.isOpaque = InterfaceValueParsing.bool(value)
            case .multipleTouchEnabled: result.isMultipleTouchEnabled = InterfaceValueParsing.bool(value)
            case .translatesAutoresizingMaskIntoConstraints:
                result.translatesAutoresizingMaskIntoConstraints = InterfaceValueParsing.bool(value)
            case .fixedFrame: result.isFixedFrame = InterfaceValueParsing.bool(value)
            case .semanticContentAttribute: result.semanticContentAttribute = value
            case .horizontalHuggingPriority: result.horizontalHuggingPriority = InterfaceValueParsing.double(value)
            case .verticalHuggingPriority: result.verticalHuggingPriority = InterfaceValueParsing.double(value)
            case .horizontalCompressionResistancePriority:
                result.horizontalCompressionResistancePriority = InterfaceValueParsing.double(value)
            case .verticalCompressionResistancePriority:
                result.verticalCompressionResistancePriority = InterfaceValueParsing.double(value)
            }
        }
        return result
    }
    /// `<fontDescription key="fontDescription">`.
    public var font: InterfaceFont? { fonts["fontDescription"] }
    /// `image="..."` or `<imageReference key="image">`.
    public var image: InterfaceImageReference? { images["image"] }

    // MARK: Labels, text fields, buttons

    /// `text=`, or `<string key="text">` for text with line breaks.
    public var text: String? { attributes["text"] ?? strings["text"] }
    /// `"natural"`, `"left"`, `"center"`, `"right"`, `"justified"`.
    public var textAlignment: String? { attributes["textAlignment"] }
    public var numberOfLines: Int? { int("numberOfLines") }
    /// `"tailTruncation"`, `"wordWrap"`, `"middleTruncation"` ...
    public var lineBreakMode: String? { attributes["lineBreakMode"] }
    public var textColor: InterfaceColor? { colors["textColor"] }
    public var placeholder: String? { attributes["placeholder"] ?? strings["placeholder"] }
    /// `"none"`, `"line"`, `"bezel"`, `"roundedRect"`.
    public var borderStyle: String? { attributes["borderStyle"] }
    /// `"never"`, `"whileEditing"`, `"unlessEditing"`, `"always"`.
    public var clearButtonMode: String? { attributes["clearButtonMode"] }
    /// `"system"`, `"custom"`, `"detailDisclosure"`, `"contactAdd"`, `"close"` ...
    public var buttonType: String? { attributes["buttonType"] }
    /// `title=` (a bar item, a navigation item, a view controller).
    public var title: String? { attributes["title"] }
    public var isEnabled: Bool? { bool("enabled") }

    // MARK: Switches and sliders

    /// A switch's `on=`.
    public var isOn: Bool? { bool("on") }
    public var onTintColor: InterfaceColor? { colors["onTintColor"] }
    public var thumbTintColor: InterfaceColor? { colors["thumbTintColor"] }
    /// A slider's `value=`.
    public var value: Double? { double("value") }
    public var minimumValue: Double? { double("minValue") }
    public var maximumValue: Double? { double("maxValue") }

    // MARK: Stack views and scroll views

    /// `"vertical"`; nil is horizontal, UIKit's default.
    public var axis: String? { attributes["axis"] }
    /// `"fillEqually"`, `"fillProportionally"`, `"equalSpacing"`, `"equalCentering"`; nil is `fill`.
    public var distribution: String? { attributes["distribution"] }
    /// `"top"`, `"center"`, `"bottom"`, `"leading"`, `"trailing"`, `"firstBaseline"` ...; nil is `fill`.
    public var alignment: String? { attributes["alignment"] }
    public var spacing: Double? { double("spacing") }
    /// A stack view's arranged subviews: its subviews, as Interface Builder keeps them.
    public var arrangedSubviews: [InterfaceObject] { element == "stackView" ? subviews : [] }
    public var contentInset: InterfaceEdgeInsets? { insets["contentInset"] }

    // MARK: Children

    /// The child object with a key (`"view"`, `"navigationItem"`, `"contentView"` ...).
    public func child(key: String) -> InterfaceObject? { children.first { $0.key == key } }
    /// A view controller's view.
    public var view: InterfaceObject? { child(key: "view") }
    /// A table view's prototype cells or a collection view's cells.
    public var prototypeCells: [InterfaceObject] {
        children.filter { $0.container == "prototypes" || $0.container == "cells" }
    }

    /// This object and everything inside it, depth first in file order.
    public func allObjects() -> [InterfaceObject] {
        var result: [InterfaceObject] = []
        visit { result.append($0) }
        return result
    }

    /// Calls `body` on this object and everything inside it, depth first (children before subviews
    /// where the file has them so: in the order of the file's elements), passing over an object
    /// inside it that `include` refuses, and everything inside that.
    public func visit(
        where include: (InterfaceObject) -> Bool = { _ in true }, _ body: (InterfaceObject) -> Void
    ) {
        body(self)
        // Each list is in file order already: merge them by line, without copying either (a
        // large file has hundreds of objects, and this runs on every load).
        var child = children.startIndex
        var subview = subviews.startIndex
        while child < children.endIndex || subview < subviews.endIndex {
            if subview == subviews.endIndex
                || (child < children.endIndex && children[child].line <= subviews[subview].line)
            {
                if include(children[child]) { children[child].visit(where: include, body) }
                child += 1
            } else {
                if include(subviews[subview]) { subviews[subview].visit(where: include, body) }
                subview += 1
            }
        }
    }
}

/// The attributes every view element has; see `InterfaceObject.viewAttributes`. Nil where the
/// file does not write one (or writes one that does not read).
public struct InterfaceViewAttributes: Hashable, Sendable {
    public var contentMode: String?
    public var tag: Int?
    public var alpha: Double?
    public var isHidden: Bool?
    public var clipsSubviews: Bool?
    public var isUserInteractionEnabled: Bool?
    public var isOpaque: Bool?
    public var isMultipleTouchEnabled: Bool?
    public var translatesAutoresizingMaskIntoConstraints: Bool?
    /// `fixedFrame`: placed by its frame in Interface Builder.
    public var isFixedFrame: Bool?
    public var semanticContentAttribute: String?
    public var horizontalHuggingPriority: Double?
    public var verticalHuggingPriority: Double?
    public var horizontalCompressionResistancePriority: Double?
    public var verticalCompressionResistancePriority: Double?

    public init() {}

    /// The attributes, by the names Xcode writes.
    enum Field: String, CaseIterable {
        case contentMode, tag, alpha, hidden, clipsSubviews, userInteractionEnabled, opaque, multipleTouchEnabled
        case translatesAutoresizingMaskIntoConstraints, fixedFrame, semanticContentAttribute
        case horizontalHuggingPriority, verticalHuggingPriority
        case horizontalCompressionResistancePriority, verticalCompressionResistancePriority
    }
    static let fields = Dictionary(uniqueKeysWithValues: Field.allCases.map { ($0.rawValue, $0) })
}
