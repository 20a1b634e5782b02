import Foundation
import VitrineInterface

/// Makes the views of a parsed `.xib`: one pass that makes every view with its properties and
/// subviews, then the constraints (every item is made by then), then the runtime attributes.
/// `UINib.instantiate(withOwner:options:)` calls `awakeFromNib()` on `madeInOrder` afterwards.
@MainActor
struct NibBuilder {
    let document: InterfaceDocument
    let bundle: Bundle
    /// Warnings found while building, with file and line.
    private(set) var diagnostics: [InterfaceDiagnostic] = []
    /// Every view made, depth first in file order.
    private(set) var madeInOrder: [UIView] = []
    /// Views and layout guides by the file's ids, for constraints and connections.
    private(set) var items: [String: AnyObject] = [:]
    /// The views made, with the objects they were made from, for constraints and runtime attributes.
    private var made: [(object: InterfaceObject, view: UIView)] = []
    /// The ids of views some constraint owned by another view names (their position comes from
    /// constraints: Interface Builder turns their autoresizing mask off).
    private var constrainedIDs: Set<String> = []

    /// The File's Owner.
    let owner: Any?
    /// What custom classes are looked up near (its module): the owner, or for a prototype
    /// cell's nib the type of the owner of the file it came from.
    var classAnchor: Any?
    /// Views that exist before the file's objects for them are read, by the file's ids: a
    /// styled cell's own `textLabel`, `detailTextLabel` and `imageView`, which the file's
    /// labels stand for.
    var builtInViews: [String: UIView] = [:]

    init(document: InterfaceDocument, bundle: Bundle, owner: Any? = nil) {
        self.document = document
        self.bundle = bundle
        self.owner = owner
        self.classAnchor = owner
    }

    /// The elements made into views, with the class made for each.
    static let viewElements: Set<String> = [
        "view", "label", "button", "imageView", "switch", "slider", "textField", "stackView", "scrollView",
        "containerView", "window", "segmentedControl", "activityIndicatorView", "progressView", "stepper",
        "pageControl", "pickerView", "datePicker", "textView", "tableView", "collectionView", "tableViewCell",
        "collectionViewCell", "collectionReusableView",
    ]

    /// Makes the top-level objects (placeholders left out): the document's, or `roots` (a
    /// storyboard scene's view).
    mutating func build(roots: [InterfaceObject]? = nil) -> [Any] {
        let roots = roots ?? document.objects
        var constrainedIDs: Set<String> = []
        for object in roots {
            object.visit { view in
                for constraint in view.constraints where !constraint.isPlaceholder {
                    if constraint.firstItem != view.id { constrainedIDs.insert(constraint.firstItem) }
                    if let second = constraint.secondItem, second != view.id { constrainedIDs.insert(second) }
                }
            }
        }
        self.constrainedIDs = constrainedIDs
        var topLevel: [Any] = []
        for object in roots where object.element != "placeholder" {
            if let other = makeTopLevelObject(object) {
                items[object.id] = other
                topLevel.append(other)
                continue
            }
            // Other objects that are not views (gesture recognizers) are not loaded; a view of
            // an unknown element has a frame.
            guard Self.viewElements.contains(object.element) || object.frame != nil else {
                warn(object.line, "\(object.element) \"\(object.id)\" is not loaded")
                continue
            }
            topLevel.append(makeView(object, topLevel: true))
        }
        finishViews()
        return topLevel
    }

    /// The constraints, then the runtime attributes, of the views made since the last call
    /// (every view of a file is made by then).
    mutating func finishViews() {
        for (object, view) in made { makeConstraints(of: object, on: view) }
        for (object, view) in made { applyRuntimeAttributes(object, to: view) }
        made = []
    }

    /// A top-level object that is not a view: a view controller (made with `init?(coder:)`, its
    /// view from its `nibName=` or its class's nib), or the custom object standing for the app
    /// delegate in a main nib (the running delegate takes its place). Nil for anything else.
    private mutating func makeTopLevelObject(_ object: InterfaceObject) -> AnyObject? {
        switch object.element {
        case "viewController", "navigationController", "tabBarController", "tableViewController":
            let (made, warning) = InterfaceClassLookup.makeController(object, near: classAnchor)
            if let warning { warn(object.line, warning) }
            if let nibName = object.attributes["nibName"] { made.archivedNibName = nibName }
            made.archivedNibBundle = bundle
            if let title = object.title { made.title = title }
            if let item = object.child(key: "tabBarItem"), let title = item.title { made.tabBarItem.title = title }
            return made
        case "customObject":
            let delegate = (owner as? UIApplication)?.delegate
            if let delegate, let className = object.customClass,
                String(describing: type(of: delegate)) == className.split(separator: ".").last.map(String.init)
            {
                return delegate
            }
            warn(
                object.line,
                "custom object \(object.customClass ?? object.id) is not made: only the app delegate's, in a main nib, is"
            )
            return nil
        default:
            return nil
        }
    }

    mutating func warn(_ line: Int?, _ message: String) {
        diagnostics.append(
            InterfaceDiagnostic(severity: .warning, file: document.fileName, line: line, message: message))
    }

    // MARK: Views

    /// Makes the view of `object` and its subviews; with `existing`, the file's object is a view
    /// its parent already has (a cell's content view, a styled cell's labels): its properties
    /// and subviews are set on that view, which keeps its frame and autoresizing.
    mutating func makeView(_ object: InterfaceObject, topLevel: Bool, existing: UIView? = nil) -> UIView {
        let frame = object.frame.map { CGRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) } ?? .zero
        let view: UIView
        if let existing {
            view = existing
        } else {
            view = instance(of: object, frame: frame)
            view.frame = frame
        }
        if !object.id.isEmpty { items[object.id] = view }
        made.append((object, view))
        madeInOrder.append(view)
        for guide in object.layoutGuides {
            switch guide.key {
            case "safeArea": items[guide.id] = view.safeAreaLayoutGuide
            case "contentLayoutGuide":
                if let scroll = view as? UIScrollView { items[guide.id] = scroll.contentLayoutGuide }
            case "frameLayoutGuide": if let scroll = view as? UIScrollView { items[guide.id] = scroll.frameLayoutGuide }
            default: warn(guide.line, "layout guide \"\(guide.key)\" is not supported")
            }
        }
        applyViewProperties(object, to: view, topLevel: topLevel, builtIn: existing != nil)
        if let label = view as? UILabel { applyLabel(object, to: label) }
        if let button = view as? UIButton { applyButton(object, to: button) }
        if let imageView = view as? UIImageView { applyImageView(object, to: imageView) }
        if let toggle = view as? UISwitch { applySwitch(object, to: toggle) }
        if let slider = view as? UISlider { applySlider(object, to: slider) }
        if let field = view as? UITextField { applyTextField(object, to: field) }
        if let stack = view as? UIStackView { applyStackView(object, to: stack) }
        if let segmented = view as? UISegmentedControl { applySegmentedControl(object, to: segmented) }
        if let indicator = view as? UIActivityIndicatorView { applyActivityIndicator(object, to: indicator) }
        if let progress = view as? UIProgressView { applyProgressView(object, to: progress) }
        if let stepper = view as? UIStepper { applyStepper(object, to: stepper) }
        if let pages = view as? UIPageControl { applyPageControl(object, to: pages) }
        if let picker = view as? UIDatePicker { applyDatePicker(object, to: picker) }
        if let cell = view as? UITableViewCell { applyTableViewCell(object, to: cell) }
        if let textView = view as? UITextView { applyTextView(object, to: textView) }
        if let table = view as? UITableView { applyTableView(object, to: table) }
        if let collection = view as? UICollectionView { applyCollectionView(object, to: collection) }
        // Prototypes are registered, a list's header, footer and layout and a cell's content
        // view are made with the view.
        for child in object.children where !Self.isMadeWithParent(child, of: object) {
            warn(child.line, "\(child.element) \"\(child.id)\" in \(object.element) \"\(object.id)\" is not loaded")
        }
        makeCellViews(object, of: view)
        for subviewObject in object.subviews {
            if let builtIn = builtInViews.removeValue(forKey: subviewObject.id) {
                _ = makeView(subviewObject, topLevel: false, existing: builtIn)
                continue
            }
            let subview = makeView(subviewObject, topLevel: false)
            if let stack = view as? UIStackView {
                stack.addArrangedSubview(subview)
            } else {
                view.addSubview(subview)
            }
        }
        return view
    }

    /// The instance for `object`: its registered custom class, or its element's class.
    private mutating func instance(of object: InterfaceObject, frame: CGRect) -> UIView {
        if let className = object.customClass {
            let qualified = object.customModule.map { "\($0).\(className)" }
            if let make = qualified.flatMap({ UINib.registeredClasses[$0] }) ?? UINib.registeredClasses[className] {
                return make(frame)
            }
            if let type = InterfaceClassLookup.lookUp(className, module: object.customModule, near: classAnchor) {
                let coder = decoder(for: object)
                if let viewType = type as? UIView.Type, let view = viewType.init(coder: coder) {
                    view.frame = frame
                    return view
                }
                warn(
                    object.line,
                    "class \(className) is not a view that init?(coder:) can make (UIKit's own view classes "
                        + "other than UIView need UINib.register(className:make:)): a \(object.element) is made in its place"
                )
            } else {
                warn(
                    object.line,
                    "unknown class \(className) (not found in modules "
                        + "\(InterfaceClassLookup.candidateModules(module: object.customModule, near: classAnchor)); "
                        + "register it with UINib.register(className:make:)): a \(object.element) is made in its place")
            }
        }
        switch object.element {
        case "view", "containerView": return UIView(frame: frame)
        case "window": return UIWindow(frame: frame)
        case "label": return UILabel(frame: frame)
        case "button": return UIButton(type: object.buttonType == "custom" ? .custom : .system)
        case "imageView": return UIImageView(frame: frame)
        // Made on or off, so its parts are laid out once (`applySwitch` then changes nothing).
        case "switch": return UISwitch(frame: frame, isOn: object.isOn ?? false)
        case "slider": return UISlider(frame: frame)
        case "textField": return UITextField(frame: frame)
        case "stackView": return UIStackView(frame: frame)
        case "scrollView": return UIScrollView(frame: frame)
        case "segmentedControl": return UISegmentedControl(frame: frame)
        case "activityIndicatorView": return UIActivityIndicatorView(frame: frame)
        case "progressView": return UIProgressView(frame: frame)
        case "stepper": return UIStepper(frame: frame)
        case "pageControl": return UIPageControl(frame: frame)
        case "pickerView": return UIPickerView(frame: frame)
        case "datePicker": return UIDatePicker(frame: frame)
        case "textView": return UITextView(frame: frame, textContainer: nil)
        case "tableView":
            let styles: [String: UITableView.Style] = [
                "plain": .plain, "grouped": .grouped, "insetGrouped": .insetGrouped,
            ]
            return UITableView(frame: frame, style: named(object, "style", styles) ?? .plain)
        case "collectionView":
            return UICollectionView(frame: frame, collectionViewLayout: collectionViewLayout(of: object))
        case "tableViewCell", "collectionViewCell", "collectionReusableView":
            return listElementInstance(of: object, frame: frame)
        default:
            warn(object.line, "unknown element \(object.element) \"\(object.id)\": a UIView is made in its place")
            return UIView(frame: frame)
        }
    }

    private mutating func applyViewProperties(
        _ object: InterfaceObject, to view: UIView, topLevel: Bool, builtIn: Bool
    ) {
        if let mask = object.autoresizingMask, !builtIn {
            view.autoresizingMask = UIView.AutoresizingMask(rawValue: UInt(mask.rawValue))
        }
        if let color = color(object, "backgroundColor") { view.backgroundColor = color }
        if let color = color(object, "tintColor") { view.tintColor = color }
        let attributes = object.viewAttributes
        if let name = attributes.contentMode {
            if let mode = InterfaceCaseNames.value(named: name, in: UIView.ContentMode.self) {
                view.contentMode = mode
            } else {
                warn(object.line, "unknown contentMode \"\(name)\"")
            }
        }
        if let tag = attributes.tag { view.tag = tag }
        if let alpha = attributes.alpha { view.alpha = alpha }
        if let hidden = attributes.isHidden { view.isHidden = hidden }
        if let clips = attributes.clipsSubviews { view.clipsToBounds = clips }
        if let enabled = attributes.isUserInteractionEnabled { view.isUserInteractionEnabled = enabled }
        if let opaque = attributes.isOpaque { view.isOpaque = opaque }
        if let multiple = attributes.isMultipleTouchEnabled { view.isMultipleTouchEnabled = multiple }
        if let name = attributes.semanticContentAttribute {
            if let attribute = InterfaceCaseNames.value(named: name, in: UISemanticContentAttribute.self) {
                view.semanticContentAttribute = attribute
            } else {
                warn(object.line, "unknown semanticContentAttribute \"\(name)\"")
            }
        }
        // Interface Builder writes NO on the views it constrains; a view another view's
        // constraints name is taken as constrained when the file does not say. A view placed
        // by its frame (`fixedFrame="YES"`) translates its mask whatever the attribute says,
        // as UIKit's loading makes it.
        if !builtIn {
            view.translatesAutoresizingMaskIntoConstraints =
                attributes.isFixedFrame == true
                || (attributes.translatesAutoresizingMaskIntoConstraints
                    ?? (topLevel || !constrainedIDs.contains(object.id)))
        }
        if let priority = attributes.horizontalHuggingPriority {
            view.setContentHuggingPriority(UILayoutPriority(rawValue: Float(priority)), for: .horizontal)
        }
        if let priority = attributes.verticalHuggingPriority {
            view.setContentHuggingPriority(UILayoutPriority(rawValue: Float(priority)), for: .vertical)
        }
        if let priority = attributes.horizontalCompressionResistancePriority {
            view.setContentCompressionResistancePriority(UILayoutPriority(rawValue: Float(priority)), for: .horizontal)
        }
        if let priority = attributes.verticalCompressionResistancePriority {
            view.setContentCompressionResistancePriority(UILayoutPriority(rawValue: Float(priority)), for: .vertical)
        }
        if let insets = object.insets["layoutMargins"] ?? object.insets["directionalLayoutMargins"] {
            view.layoutMargins = UIEdgeInsets(
                top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right)
        }
        if let accessibility = object.accessibility { applyAccessibility(accessibility, to: view) }
    }

    /// Interface Builder's accessibility section: identifier, label, hint, value, whether the
    /// view is an element, and its traits (by the names Xcode writes).
    private func applyAccessibility(_ accessibility: InterfaceAccessibility, to view: UIView) {
        if let identifier = accessibility.identifier { view.accessibilityIdentifier = identifier }
        if let label = accessibility.label { view.accessibilityLabel = label }
        if let hint = accessibility.hint { view.accessibilityHint = hint }
        if let value = accessibility.value { view.accessibilityValue = value }
        if let isElement = accessibility.isElement { view.isAccessibilityElement = isElement }
        guard !accessibility.traits.isEmpty else { return }
        let names: [String: UIAccessibilityTraits] = [
            "button": .button, "link": .link, "image": .image, "selected": .selected, "playsSound": .playsSound,
            "keyboardKey": .keyboardKey, "staticText": .staticText, "summaryElement": .summaryElement,
            "notEnabled": .notEnabled, "updatesFrequently": .updatesFrequently, "searchField": .searchField,
            "startsMediaSession": .startsMediaSession, "adjustable": .adjustable,
            "allowsDirectInteraction": .allowsDirectInteraction, "causesPageTurn": .causesPageTurn, "header": .header,
        ]
        view.accessibilityTraits = UIAccessibilityTraits(accessibility.traits.compactMap { names[$0] })
    }

    private mutating func applyLabel(_ object: InterfaceObject, to label: UILabel) {
        if let text = object.text { label.text = text }
        if let font = font(object) { label.font = font }
        if let color = color(object, "textColor") { label.textColor = color }
        if let alignment = textAlignment(object) { label.textAlignment = alignment }
        if let lines = object.numberOfLines { label.numberOfLines = lines }
        if let name = object.lineBreakMode {
            if let mode = Self.lineBreakModes[name] {
                label.lineBreakMode = mode
            } else {
                warn(object.line, "unknown lineBreakMode \"\(name)\"")
            }
        }
    }

    private static let lineBreakModes: [String: NSLineBreakMode] = [
        "wordWrap": .byWordWrapping, "characterWrap": .byCharWrapping, "clip": .byClipping,
        "headTruncation": .byTruncatingHead, "tailTruncation": .byTruncatingTail,
        "middleTruncation": .byTruncatingMiddle,
    ]
    private static let buttonStates: [String: UIControl.State] = [
        "normal": .normal, "highlighted": .highlighted, "selected": .selected, "disabled": .disabled,
    ]

    private mutating func applyButton(_ object: InterfaceObject, to button: UIButton) {
        for state in object.buttonStates {
            guard let controlState = Self.buttonStates[state.state] else {
                warn(state.line, "unknown button state \"\(state.state)\"")
                continue
            }
            if let title = state.title { button.setTitle(title, for: controlState) }
            if let titleColor = state.titleColor.flatMap({ color($0, line: state.line) }) {
                button.setTitleColor(titleColor, for: controlState)
            }
            if let image = state.image { button.setImage(self.image(image, line: state.line), for: controlState) }
            if let background = state.backgroundImage {
                button.setBackgroundImage(self.image(background, line: state.line), for: controlState)
            }
        }
        if object.buttonConfiguration != nil {
            warn(object.line, "button configurations are not loaded: the button's states are")
        }
        if let enabled = object.isEnabled { button.isEnabled = enabled }
    }

    private mutating func applyImageView(_ object: InterfaceObject, to imageView: UIImageView) {
        if let reference = object.image { imageView.image = image(reference, line: object.line) }
    }

    private mutating func applySwitch(_ object: InterfaceObject, to toggle: UISwitch) {
        if let on = object.isOn { toggle.isOn = on }
        if let enabled = object.isEnabled { toggle.isEnabled = enabled }
        if let color = color(object, "onTintColor") { toggle.onTintColor = color }
    }

    private func applySlider(_ object: InterfaceObject, to slider: UISlider) {
        if let minimum = object.minimumValue { slider.minimumValue = Float(minimum) }
        if let maximum = object.maximumValue { slider.maximumValue = Float(maximum) }
        if let value = object.value { slider.value = Float(value) }
        if let enabled = object.isEnabled { slider.isEnabled = enabled }
    }

    private mutating func applyTextField(_ object: InterfaceObject, to field: UITextField) {
        if let text = object.text { field.text = text }
        if let placeholder = object.placeholder { field.placeholder = placeholder }
        if let font = font(object) { field.font = font }
        if let color = color(object, "textColor") { field.textColor = color }
        if let alignment = textAlignment(object) { field.textAlignment = alignment }
        if let name = object.borderStyle {
            let styles: [String: UITextField.BorderStyle] = [
                "none": .none, "line": .line, "bezel": .bezel, "roundedRect": .roundedRect,
            ]
            if let style = styles[name] {
                field.borderStyle = style
            } else {
                warn(object.line, "unknown borderStyle \"\(name)\"")
            }
        }
        if let name = object.clearButtonMode {
            let modes: [String: UITextField.ViewMode] = [
                "never": .never, "whileEditing": .whileEditing, "unlessEditing": .unlessEditing, "always": .always,
            ]
            if let mode = modes[name] {
                field.clearButtonMode = mode
            } else {
                warn(object.line, "unknown clearButtonMode \"\(name)\"")
            }
        }
        if let enabled = object.isEnabled { field.isEnabled = enabled }
        guard let traits = object.textInputTraits else { return }
        if let name = traits.keyboardType {
            if let type = InterfaceCaseNames.value(named: name, in: UIKeyboardType.self) {
                field.keyboardType = type
            } else {
                warn(object.line, "unknown keyboardType \"\(name)\"")
            }
        }
        if let name = traits.returnKeyType {
            if let type = InterfaceCaseNames.value(named: name, in: UIReturnKeyType.self) {
                field.returnKeyType = type
            } else {
                warn(object.line, "unknown returnKeyType \"\(name)\"")
            }
        }
        if let secure = traits.isSecureTextEntry { field.isSecureTextEntry = secure }
    }

    private mutating func applyStackView(_ object: InterfaceObject, to stack: UIStackView) {
        stack.axis = object.axis == "vertical" ? .vertical : .horizontal
        if let name = object.distribution {
            if let distribution = InterfaceCaseNames.value(named: name, in: UIStackView.Distribution.self) {
                stack.distribution = distribution
            } else {
                warn(object.line, "unknown distribution \"\(name)\"")
            }
        }
        if let name = object.alignment {
            let alignments: [String: UIStackView.Alignment] = [
                "fill": .fill, "leading": .leading, "top": .leading, "center": .center, "trailing": .trailing,
                "bottom": .trailing, "firstBaseline": .firstBaseline, "lastBaseline": .lastBaseline,
                "baseline": .lastBaseline,
            ]
            if let alignment = alignments[name] {
                stack.alignment = alignment
            } else {
                warn(object.line, "unknown alignment \"\(name)\"")
            }
        }
        if let spacing = object.spacing { stack.spacing = spacing }
    }

    // MARK: Controls and lists

    /// The value of `attribute` looked up in `values`; nil when the file has none, or a value
    /// not in `values` (warned about, naming the element).
    mutating func named<Value>(_ object: InterfaceObject, _ attribute: String, _ values: [String: Value])
        -> Value?
    {
        guard let name = object.attributes[attribute] else { return nil }
        if let value = values[name] { return value }
        warn(object.line, "unknown \(attribute) \"\(name)\" on \(object.element) \"\(object.id)\": ignored")
        return nil
    }

    /// `attribute` as a number; nil when the file has none, or one that is not a number (warned about).
    mutating func number(_ object: InterfaceObject, _ attribute: String) -> Double? {
        guard let text = object.attributes[attribute] else { return nil }
        if let value = object.double(attribute), value.isFinite { return value }
        warn(object.line, "\(attribute)=\"\(text)\" on \(object.element) \"\(object.id)\" is not a number: ignored")
        return nil
    }

    /// `attribute` as a whole number; nil when the file has none, or one that is not (warned about).
    mutating func integer(_ object: InterfaceObject, _ attribute: String) -> Int? {
        guard let text = object.attributes[attribute] else { return nil }
        if let value = object.int(attribute) { return value }
        warn(
            object.line, "\(attribute)=\"\(text)\" on \(object.element) \"\(object.id)\" is not a whole number: ignored"
        )
        return nil
    }

    /// `attribute` as YES or NO; nil when the file has none, or another value (warned about).
    mutating func flag(_ object: InterfaceObject, _ attribute: String) -> Bool? {
        guard let text = object.attributes[attribute] else { return nil }
        if let value = object.bool(attribute) { return value }
        warn(object.line, "\(attribute)=\"\(text)\" on \(object.element) \"\(object.id)\" is not YES or NO: ignored")
        return nil
    }

    /// `<segments>` (titles or images), then `selectedSegmentIndex`, `momentary`,
    /// `apportionsSegmentWidthsByContent` and `selectedSegmentTintColor`. `segmentControlStyle`
    /// has had no effect since iOS 7: its values are only checked.
    private mutating func applySegmentedControl(_ object: InterfaceObject, to control: UISegmentedControl) {
        for segment in object.segments {
            let index = control.numberOfSegments
            if let reference = segment.image, segment.title == nil {
                control.insertSegment(with: image(reference, line: segment.line), at: index, animated: false)
            } else {
                control.insertSegment(withTitle: segment.title, at: index, animated: false)
            }
            if segment.isEnabled == false { control.setEnabled(false, forSegmentAt: index) }
            if let width = segment.width { control.setWidth(width, forSegmentAt: index) }
        }
        _ = named(object, "segmentControlStyle", ["plain": (), "bordered": (), "bar": (), "bezeled": ()])
        if let index = integer(object, "selectedSegmentIndex") {
            if index == UISegmentedControl.noSegment || (0..<control.numberOfSegments).contains(index) {
                control.selectedSegmentIndex = index
            } else {
                warn(
                    object.line,
                    "selectedSegmentIndex \(index) on segmentedControl \"\(object.id)\" is not one of its "
                        + "\(control.numberOfSegments) segments: ignored")
            }
        }
        if let momentary = flag(object, "momentary") { control.isMomentary = momentary }
        if let apportions = flag(object, "apportionsSegmentWidthsByContent") {
            control.apportionsSegmentWidthsByContent = apportions
        }
        if let color = color(object, "selectedSegmentTintColor") { control.selectedSegmentTintColor = color }
        if let enabled = flag(object, "enabled") { control.isEnabled = enabled }
    }

    /// `style` (`medium`, `large` and the older `white`, `whiteLarge`, `gray`), `color`,
    /// `hidesWhenStopped`, and `animating="YES"` (started).
    private mutating func applyActivityIndicator(_ object: InterfaceObject, to indicator: UIActivityIndicatorView) {
        let styles: [String: UIActivityIndicatorView.Style] = [
            "medium": .medium, "large": .large, "white": .white, "whiteLarge": .whiteLarge, "gray": .gray,
        ]
        if let style = named(object, "style", styles) { indicator.style = style }
        if let color = color(object, "color") { indicator.color = color }
        if let hides = flag(object, "hidesWhenStopped") { indicator.hidesWhenStopped = hides }
        if flag(object, "animating") == true { indicator.startAnimating() }
    }

    /// `progress`, `progressViewStyle` (`default`, `bar`), `progressTintColor`, `trackTintColor`.
    private mutating func applyProgressView(_ object: InterfaceObject, to progressView: UIProgressView) {
        if let style = named(object, "progressViewStyle", ["default": UIProgressView.Style.default, "bar": .bar]) {
            progressView.progressViewStyle = style
        }
        if let progress = number(object, "progress") { progressView.progress = Float(progress) }
        if let color = color(object, "progressTintColor") { progressView.progressTintColor = color }
        if let color = color(object, "trackTintColor") { progressView.trackTintColor = color }
    }

    /// `minimumValue`, `maximumValue`, `value`, `stepValue`, `wraps`, `autorepeat`, `continuous`.
    private mutating func applyStepper(_ object: InterfaceObject, to stepper: UIStepper) {
        let minimum = number(object, "minimumValue")
        let maximum = number(object, "maximumValue")
        if let minimum, let maximum, minimum >= maximum {
            warn(
                object.line,
                "stepper \"\(object.id)\": minimumValue \(minimum) is not below maximumValue \(maximum): ignored")
        } else {
            // The maximum, the minimum, then the maximum again: each setter refuses a bound on the
            // wrong side of the other, which the first step may still be.
            if let maximum { stepper.maximumValue = maximum }
            if let minimum { stepper.minimumValue = minimum }
            if let maximum { stepper.maximumValue = maximum }
        }
        if let value = number(object, "value") { stepper.value = value }
        if let step = number(object, "stepValue") {
            if step > 0 {
                stepper.stepValue = step
            } else {
                warn(object.line, "stepValue \(step) on stepper \"\(object.id)\" is not above 0: ignored")
            }
        }
        if let wraps = flag(object, "wraps") { stepper.wraps = wraps }
        if let autorepeat = flag(object, "autorepeat") { stepper.autorepeat = autorepeat }
        if let continuous = flag(object, "continuous") { stepper.isContinuous = continuous }
        if let enabled = flag(object, "enabled") { stepper.isEnabled = enabled }
    }

    /// `numberOfPages`, `currentPage`, `hidesForSinglePage`, `backgroundStyle` and the indicator
    /// colours.
    private mutating func applyPageControl(_ object: InterfaceObject, to pages: UIPageControl) {
        if let count = integer(object, "numberOfPages") { pages.numberOfPages = count }
        if let page = integer(object, "currentPage") { pages.currentPage = page }
        if let hides = flag(object, "hidesForSinglePage") { pages.hidesForSinglePage = hides }
        let styles: [String: UIPageControl.BackgroundStyle] = [
            "automatic": .automatic, "prominent": .prominent, "minimal": .minimal,
        ]
        if let style = named(object, "backgroundStyle", styles) { pages.backgroundStyle = style }
        if let color = color(object, "pageIndicatorTintColor") { pages.pageIndicatorTintColor = color }
        if let color = color(object, "currentPageIndicatorTintColor") { pages.currentPageIndicatorTintColor = color }
        if let enabled = flag(object, "enabled") { pages.isEnabled = enabled }
    }

    /// `datePickerMode`, `minuteInterval`, `style` (the preferred style: Vitrine draws wheels),
    /// and the `<date>`s: `date`, `minimumDate`, `maximumDate`.
    private mutating func applyDatePicker(_ object: InterfaceObject, to picker: UIDatePicker) {
        let modes: [String: UIDatePicker.Mode] = [
            "time": .time, "date": .date, "dateAndTime": .dateAndTime, "countDownTimer": .countDownTimer,
            "yearAndMonth": .yearAndMonth,
        ]
        if let mode = named(object, "datePickerMode", modes) { picker.datePickerMode = mode }
        if let interval = integer(object, "minuteInterval") {
            if interval >= 1, interval <= 30, 60 % interval == 0 {
                picker.minuteInterval = interval
            } else {
                warn(
                    object.line, "minuteInterval \(interval) on datePicker \"\(object.id)\" does not divide 60: ignored"
                )
            }
        }
        let styles: [String: UIDatePickerStyle] = [
            "automatic": .automatic, "wheels": .wheels, "compact": .compact, "inline": .inline,
        ]
        if let style = named(object, "style", styles) { picker.preferredDatePickerStyle = style }
        if let enabled = flag(object, "enabled") { picker.isEnabled = enabled }
        // The bounds first: setting the date keeps it within them. `useCurrentDate="YES"` (the
        // Attributes inspector's Date: Current) leaves the picker on the current date.
        if let interval = object.dates["minimumDate"] {
            picker.minimumDate = Date(timeIntervalSinceReferenceDate: interval)
        }
        if let interval = object.dates["maximumDate"] {
            picker.maximumDate = Date(timeIntervalSinceReferenceDate: interval)
        }
        if let interval = object.dates["date"], flag(object, "useCurrentDate") != true {
            picker.date = Date(timeIntervalSinceReferenceDate: interval)
        }
    }

    /// `text` (the attribute or `<string key="text">`), `editable`, `selectable`, the font,
    /// `textColor`, `textAlignment` and the keyboard of `textInputTraits`.
    private mutating func applyTextView(_ object: InterfaceObject, to textView: UITextView) {
        if let text = object.text { textView.text = text }
        if let font = font(object) { textView.font = font }
        if let color = color(object, "textColor") { textView.textColor = color }
        if let alignment = textAlignment(object) { textView.textAlignment = alignment }
        if let editable = flag(object, "editable") { textView.isEditable = editable }
        if let selectable = flag(object, "selectable") { textView.isSelectable = selectable }
        guard let traits = object.textInputTraits else { return }
        if let name = traits.keyboardType {
            if let type = InterfaceCaseNames.value(named: name, in: UIKeyboardType.self) {
                textView.keyboardType = type
            } else {
                warn(object.line, "unknown keyboardType \"\(name)\"")
            }
        }
        if let name = traits.returnKeyType {
            if let type = InterfaceCaseNames.value(named: name, in: UIReturnKeyType.self) {
                textView.returnKeyType = type
            } else {
                warn(object.line, "unknown returnKeyType \"\(name)\"")
            }
        }
        if let secure = traits.isSecureTextEntry { textView.isSecureTextEntry = secure }
    }

    /// `rowHeight`, `estimatedRowHeight`, the section header and footer heights (-1 is
    /// `automaticDimension`), `separatorStyle`, `allowsSelection`, `allowsMultipleSelection`,
    /// `tableHeaderView`, `tableFooterView`, and the prototype cells. The style is the table's
    /// from its creation.
    mutating func applyTableView(_ object: InterfaceObject, to table: UITableView) {
        if let height = number(object, "rowHeight") { table.rowHeight = height }
        if let height = number(object, "estimatedRowHeight") { table.estimatedRowHeight = height }
        if let height = number(object, "sectionHeaderHeight") { table.sectionHeaderHeight = height }
        if let height = number(object, "sectionFooterHeight") { table.sectionFooterHeight = height }
        let separators: [String: UITableViewCell.SeparatorStyle] = [
            "default": .singleLine, "singleLine": .singleLine, "none": .none, "singleLineEtched": .singleLineEtched,
        ]
        if let style = named(object, "separatorStyle", separators) { table.separatorStyle = style }
        if let color = color(object, "separatorColor") { table.separatorColor = color }
        if let allows = flag(object, "allowsSelection") { table.allowsSelection = allows }
        if let allows = flag(object, "allowsMultipleSelection") { table.allowsMultipleSelection = allows }
        if let header = object.child(key: "tableHeaderView") {
            table.tableHeaderView = makeView(header, topLevel: false)
        }
        if let footer = object.child(key: "tableFooterView") {
            table.tableFooterView = makeView(footer, topLevel: false)
        }
        registerPrototypes(of: object, in: table)
    }

    /// A collection view's layout: its `<collectionViewFlowLayout key="collectionViewLayout">`
    /// with `itemSize`, `estimatedItemSize` (or `automaticEstimatedItemSize`), the spacings,
    /// `scrollDirection`, the header and footer sizes and `sectionInset`. Another layout is
    /// warned about and a flow layout used.
    private mutating func collectionViewLayout(of object: InterfaceObject) -> UICollectionViewLayout {
        let layout = UICollectionViewFlowLayout()
        guard let written = object.child(key: "collectionViewLayout") else { return layout }
        guard written.element == "collectionViewFlowLayout" else {
            warn(
                written.line,
                "\(written.element) \"\(written.id)\" of collectionView \"\(object.id)\" is not loaded: "
                    + "a UICollectionViewFlowLayout is used")
            return layout
        }
        if let size = written.sizes["itemSize"] { layout.itemSize = CGSize(width: size.width, height: size.height) }
        if let size = written.sizes["estimatedItemSize"] {
            layout.estimatedItemSize = CGSize(width: size.width, height: size.height)
        }
        if flag(written, "automaticEstimatedItemSize") == true {
            layout.estimatedItemSize = UICollectionViewFlowLayout.automaticSize
        }
        if let spacing = number(written, "minimumLineSpacing") { layout.minimumLineSpacing = spacing }
        if let spacing = number(written, "minimumInteritemSpacing") { layout.minimumInteritemSpacing = spacing }
        let directions: [String: UICollectionView.ScrollDirection] = ["vertical": .vertical, "horizontal": .horizontal]
        if let direction = named(written, "scrollDirection", directions) { layout.scrollDirection = direction }
        if let size = written.sizes["headerReferenceSize"] {
            layout.headerReferenceSize = CGSize(width: size.width, height: size.height)
        }
        if let size = written.sizes["footerReferenceSize"] {
            layout.footerReferenceSize = CGSize(width: size.width, height: size.height)
        }
        if let inset = written.insets["sectionInset"] {
            layout.sectionInset = UIEdgeInsets(
                top: inset.top, left: inset.left, bottom: inset.bottom, right: inset.right)
        }
        return layout
    }

    private func textAlignment(_ object: InterfaceObject) -> NSTextAlignment? {
        switch object.textAlignment {
        case "left": .left
        case "center": .center
        case "right": .right
        case "justified": .justified
        case "natural": .natural
        default: nil
        }
    }

    // MARK: Values

    /// The colour of `key`, or nil when the file has none (or one that cannot be made: warned).
    mutating func color(_ object: InterfaceObject, _ key: String) -> UIColor? {
        if object.nilKeys.contains(key) { return nil }
        return object.colors[key].flatMap { color($0, line: object.line) }
    }

    /// A colour in any of Xcode's forms. System colours by their `UIColor` names; other system
    /// colours and asset catalog colours by the value Xcode wrote in `<resources>` (Vitrine has no
    /// asset catalogs, so `UIColor(named:)` does not exist), else a warning.
    mutating func color(_ color: InterfaceColor, line: Int?) -> UIColor? {
        switch color {
        case .rgb(let red, let green, let blue, let alpha, let space):
            if space == .displayP3 { return UIColor(displayP3Red: red, green: green, blue: blue, alpha: alpha) }
            return UIColor(red: red, green: green, blue: blue, alpha: alpha)
        case .white(let white, let alpha, _):
            return UIColor(white: white, alpha: alpha)
        case .system(let name):
            let base = name.hasSuffix("Color") ? String(name.dropLast(5)) : name
            if let system = Self.systemColors[base] { return system }
            if let written = document.resources.systemColors[name], !written.isReference {
                return self.color(written, line: line)
            }
            warn(line, "unknown system color \(name)")
            return nil
        case .named(let name):
            if let written = document.resources.namedColors[name], !written.isReference {
                return self.color(written, line: line)
            }
            warn(line, "named color \"\(name)\" has no value in the file's resources (no asset catalogs in Vitrine)")
            return nil
        }
    }

    /// UIKit's system colours by name, without the `Color` suffix Xcode writes.
    static var systemColors: [String: UIColor] {
        [
            "systemRed": .systemRed, "systemOrange": .systemOrange, "systemYellow": .systemYellow,
            "systemGreen": .systemGreen, "systemMint": .systemMint, "systemTeal": .systemTeal,
            "systemCyan": .systemCyan, "systemBlue": .systemBlue, "systemIndigo": .systemIndigo,
            "systemPurple": .systemPurple, "systemPink": .systemPink, "systemBrown": .systemBrown,
            "systemGray": .systemGray, "systemGray2": .systemGray2, "systemGray3": .systemGray3,
            "systemGray4": .systemGray4, "systemGray5": .systemGray5, "systemGray6": .systemGray6,
            "label": .label, "secondaryLabel": .secondaryLabel, "tertiaryLabel": .tertiaryLabel,
            "quaternaryLabel": .quaternaryLabel, "placeholderText": .placeholderText, "link": .link,
            "separator": .separator, "opaqueSeparator": .opaqueSeparator,
            "systemBackground": .systemBackground, "secondarySystemBackground": .secondarySystemBackground,
            "tertiarySystemBackground": .tertiarySystemBackground,
            "systemGroupedBackground": .systemGroupedBackground, "systemFill": .systemFill,
            "secondarySystemFill": .secondarySystemFill,
            // The older `cocoaTouchSystemColor=` names and the plain colours.
            "black": .black, "darkGray": .darkGray, "lightGray": .lightGray, "white": .white, "gray": .gray,
            "red": .red, "green": .green, "blue": .blue, "cyan": .cyan, "yellow": .yellow, "magenta": .magenta,
            "orange": .orange, "purple": .purple, "brown": .brown, "clear": .clear, "darkText": .black,
            "lightText": UIColor(white: 1, alpha: 0.6), "groupTableViewBackground": .systemGroupedBackground,
            "tableCellGroupedBackground": .white,
        ]
    }

    /// The font of `fontDescription` (nil for a system font of size 0, the view's default). Text styles get the sizes of iOS's default (Large) Dynamic
    /// Type setting: Vitrine has no `preferredFont(forTextStyle:)`.
    private mutating func font(_ object: InterfaceObject) -> UIFont? {
        guard let font = object.font else { return nil }
        switch font {
        case .system(0, _), .boldSystem(0), .italicSystem(0):
            // Size 0 is the view's own size (Xcode writes it on a styled cell's labels).
            return nil
        case .system(let size, let weight):
            guard let weight else { return .systemFont(ofSize: size) }
            let weights: [String: UIFont.Weight] = [
                "ultraLight": .ultraLight, "thin": .thin, "light": .light, "regular": .regular, "medium": .medium,
                "semibold": .semibold, "bold": .bold, "heavy": .heavy, "black": .black,
            ]
            if let value = weights[weight] { return .systemFont(ofSize: size, weight: value) }
            warn(object.line, "unknown font weight \"\(weight)\"")
            return .systemFont(ofSize: size)
        case .boldSystem(let size):
            return .boldSystemFont(ofSize: size)
        case .italicSystem(let size):
            return .italicSystemFont(ofSize: size)
        case .custom(let name, _, let size):
            if let custom = UIFont(name: name, size: size) { return custom }
            warn(object.line, "font \"\(name)\" is not installed: the system font is used")
            return .systemFont(ofSize: size)
        case .textStyle(let style):
            let styles: [String: (CGFloat, UIFont.Weight)] = [
                "UICTFontTextStyleTitle0": (34, .regular), "UICTFontTextStyleTitle1": (28, .regular),
                "UICTFontTextStyleTitle2": (22, .regular), "UICTFontTextStyleTitle3": (20, .regular),
                "UICTFontTextStyleHeadline": (17, .semibold), "UICTFontTextStyleBody": (17, .regular),
                "UICTFontTextStyleCallout": (16, .regular), "UICTFontTextStyleSubhead": (15, .regular),
                "UICTFontTextStyleFootnote": (13, .regular), "UICTFontTextStyleCaption1": (12, .regular),
                "UICTFontTextStyleCaption2": (11, .regular),
            ]
            if let (size, weight) = styles[style] { return .systemFont(ofSize: size, weight: weight) }
            warn(object.line, "unknown text style \"\(style)\": the body size is used")
            return .systemFont(ofSize: 17)
        }
    }

    /// The image of a reference, through `UIImage(named:)` (a warning when there is none).
    /// SF Symbols (`catalog="system"`) are not in Vitrine: a warning.
    private mutating func image(_ reference: InterfaceImageReference, line: Int?) -> UIImage? {
        if reference.catalog == "system" {
            warn(line, "system image \"\(reference.name)\" is not available (no SF Symbols in Vitrine)")
            return nil
        }
        if let image = UIImage(named: reference.name, in: bundle, compatibleWith: nil) ?? UIImage(named: reference.name)
        {
            return image
        }
        warn(line, "image \"\(reference.name)\" not found")
        return nil
    }

    // MARK: Constraints

    /// Activates the constraints in `object`'s `<constraints>`, as Interface Builder installs them.
    private mutating func makeConstraints(of object: InterfaceObject, on view: UIView) {
        var constraints: [NSLayoutConstraint] = []
        for constraint in object.constraints where !constraint.isPlaceholder {
            guard let first = items[constraint.firstItem] else {
                warn(constraint.line, "constraint \"\(constraint.id)\": item \"\(constraint.firstItem)\" was not made")
                continue
            }
            var second: AnyObject?
            if let id = constraint.secondItem {
                guard let item = items[id] else {
                    warn(constraint.line, "constraint \"\(constraint.id)\": item \"\(id)\" was not made")
                    continue
                }
                second = item
            }
            let relation: NSLayoutConstraint.Relation =
                switch constraint.relation {
                case .equal: .equal
                case .lessThanOrEqual: .lessThanOrEqual
                case .greaterThanOrEqual: .greaterThanOrEqual
                }
            let made = NSLayoutConstraint(
                item: first, attribute: Self.attribute(constraint.firstAttribute), relatedBy: relation, toItem: second,
                attribute: constraint.secondAttribute.map(Self.attribute) ?? .notAnAttribute,
                multiplier: constraint.multiplier, constant: constraint.constant)
            made.priority = UILayoutPriority(rawValue: Float(constraint.priority))
            made.identifier = constraint.identifier
            // Constraints are outlet destinations too (a constant changed in code).
            items[constraint.id] = made
            constraints.append(made)
        }
        NSLayoutConstraint.activate(constraints)
    }

    static func attribute(_ attribute: InterfaceLayoutAttribute) -> NSLayoutConstraint.Attribute {
        switch attribute {
        case .left: .left
        case .right: .right
        case .top: .top
        case .bottom: .bottom
        case .leading: .leading
        case .trailing: .trailing
        case .width: .width
        case .height: .height
        case .centerX: .centerX
        case .centerY: .centerY
        case .lastBaseline: .lastBaseline
        case .firstBaseline: .firstBaseline
        case .leftMargin: .leftMargin
        case .rightMargin: .rightMargin
        case .topMargin: .topMargin
        case .bottomMargin: .bottomMargin
        case .leadingMargin: .leadingMargin
        case .trailingMargin: .trailingMargin
        case .centerXWithinMargins: .centerXWithinMargins
        case .centerYWithinMargins: .centerYWithinMargins
        }
    }

    // MARK: Runtime attributes

    /// Sets `<userDefinedRuntimeAttributes>` by key path: the key paths below are known by name
    /// (Swift on Linux has no key-value coding); others are warned about.
    private mutating func applyRuntimeAttributes(_ object: InterfaceObject, to view: UIView) {
        for attribute in object.runtimeAttributes {
            if !setRuntimeAttribute(attribute, on: view) {
                warn(
                    attribute.line,
                    "runtime attribute \"\(attribute.keyPath)\" of \(object.customClass ?? object.element) "
                        + "\"\(object.id)\" is not supported (its type or key path): not set")
            }
        }
    }

    /// The key paths set: `layer.cornerRadius`, `layer.borderWidth`, `layer.borderColor`,
    /// `layer.masksToBounds`, `layer.shadowOpacity`, `layer.shadowRadius`, `layer.shadowOffset`,
    /// `layer.shadowColor`, `tag`, `alpha`, `hidden`/`isHidden`, `clipsToBounds`,
    /// `backgroundColor`, `tintColor`.
    private mutating func setRuntimeAttribute(_ attribute: InterfaceRuntimeAttribute, on view: UIView) -> Bool {
        switch (attribute.keyPath, attribute.value) {
        case ("layer.cornerRadius", .number(let value)): view.layer.cornerRadius = value
        case ("layer.borderWidth", .number(let value)): view.layer.borderWidth = value
        case ("layer.borderColor", .color(let value)), ("layer.borderUIColor", .color(let value)):
            view.layer.borderColor = color(value, line: attribute.line)?.cgColor
        case ("layer.masksToBounds", .boolean(let value)): view.layer.masksToBounds = value
        case ("layer.shadowOpacity", .number(let value)): view.layer.shadowOpacity = Float(value)
        case ("layer.shadowRadius", .number(let value)): view.layer.shadowRadius = value
        case ("layer.shadowOffset", .size(let value)):
            view.layer.shadowOffset = CGSize(width: value.width, height: value.height)
        case ("layer.shadowColor", .color(let value)), ("layer.shadowUIColor", .color(let value)):
            view.layer.shadowColor = color(value, line: attribute.line)?.cgColor
        case ("tag", .number(let value)): view.tag = Int(value)
        case ("alpha", .number(let value)): view.alpha = value
        case ("hidden", .boolean(let value)), ("isHidden", .boolean(let value)): view.isHidden = value
        case ("clipsToBounds", .boolean(let value)): view.clipsToBounds = value
        case ("backgroundColor", .color(let value)): view.backgroundColor = color(value, line: attribute.line)
        case ("tintColor", .color(let value)): view.tintColor = color(value, line: attribute.line)
        default: return false
        }
        return true
    }
}

extension InterfaceColor {
    /// A colour by name (system or named), which cannot stand for another by name.
    fileprivate var isReference: Bool {
        switch self {
        case .system, .named: true
        case .rgb, .white: false
        }
    }
}
