import Foundation

/// The XML tree into the document model, collecting errors and warnings as it goes.
final class InterfaceDecoder {
    static let sourceFormatsAdvice =
        "Vitrine reads only Xcode's XML source formats, .xib and .storyboard; use the files from the "
        + "Xcode project (the ones Interface Builder edits), not the compiled .nib or .storyboardc "
        + "in the built app bundle"

    let fileName: String
    private var errors: [InterfaceDiagnostic] = []
    private var warnings: [InterfaceDiagnostic] = []
    /// Every id in the file with the line it is on.
    private var idLines: [String: Int] = [:]
    /// Ids referred to: the id, the line of the reference, and what refers to it.
    private var references: [(id: String, line: Int, from: ReferenceSource)] = []

    /// What refers to an id, kept as parts and put into words only for an error: a large file
    /// has hundreds of references and almost never a broken one.
    private enum ReferenceSource {
        case initialViewController
        case constraint(id: String, item: StaticString)
        case connection(InterfaceConnection.Kind, role: StaticString)

        var description: String {
            switch self {
            case .initialViewController: "initialViewController"
            case .constraint(let id, let item): "constraint \"\(id)\": \(item)"
            case .connection(let kind, let role): "\(InterfaceDecoder.describe(kind)): \(role)"
            }
        }
    }

    init(fileName: String) { self.fileName = fileName }

    func decode(_ data: Data) throws(InterfaceError) -> (document: InterfaceDocument, warnings: [InterfaceDiagnostic]) {
        guard data.count <= InterfaceDocument.maximumFileSize else {
            throw Self.tooLarge(fileName: fileName, size: data.count)
        }
        if let kind = Self.compiledFormat(data) {
            throw InterfaceError(
                kind: .compiledNib,
                problems: [
                    error(
                        nil, "is a compiled nib (\(kind)), not an interface file's source: \(Self.sourceFormatsAdvice)")
                ])
        }
        let root: InterfaceXMLElement
        switch InterfaceXMLReader.read(data) {
        case .success(let parsed):
            root = parsed.root
            idLines = parsed.idLines
            for duplicate in parsed.duplicateIDs {
                errors.append(
                    error(
                        duplicate.line,
                        "duplicate id \"\(duplicate.id)\" on <\(duplicate.element)> (first on line \(duplicate.firstLine))"
                    ))
            }
        case .failure(let syntax) where syntax.exceedsLimits:
            throw InterfaceError(kind: .exceedsLimits, problems: [error(syntax.line, syntax.message)])
        case .failure(let syntax):
            throw InterfaceError(
                kind: .syntax,
                problems: [
                    InterfaceDiagnostic(
                        severity: .error, file: fileName, line: syntax.line, column: syntax.column,
                        message: syntax.message)
                ])
        }
        let kind = try documentKind(root)
        let document = decodeDocument(root, kind: kind)
        for reference in references where idLines[reference.id] == nil {
            errors.append(
                error(reference.line, "\(reference.from.description) \"\(reference.id)\" is not an id in this file"))
        }
        if !errors.isEmpty {
            throw InterfaceError(kind: .invalid, problems: errors.sortedByLine(), warnings: warnings.sortedByLine())
        }
        return (document, warnings.sortedByLine())
    }

    // MARK: The file and its root

    /// The error for a file of `size` bytes, over `InterfaceDocument.maximumFileSize`.
    static func tooLarge(fileName: String, size: Int) -> InterfaceError {
        InterfaceError(
            kind: .exceedsLimits,
            problems: [
                InterfaceDiagnostic(
                    severity: .error, file: fileName,
                    message: "is larger than \(InterfaceDocument.maximumFileSize) bytes (\(size) bytes): refused unread"
                )
            ])
    }

    /// A binary format Xcode compiles interface files into, named, or nil.
    static func compiledFormat(_ data: Data) -> String? {
        let prefix = data.prefix(10)
        if prefix.elementsEqual("NIBArchive".utf8) { return "NIBArchive" }
        if prefix.starts(with: "bplist".utf8) { return "a binary property list" }
        return nil
    }

    private func documentKind(_ root: InterfaceXMLElement) throws(InterfaceError) -> InterfaceDocument.Kind {
        guard root.name == "document" else {
            let message: String
            if root.name == "archive", root["type"]?.hasPrefix("com.apple.InterfaceBuilder") == true {
                message =
                    "is in Interface Builder's old archive format (\(root["type"] ?? "")): open it in a current Xcode "
                    + "and save it, which writes the <document> format Vitrine reads"
            } else if root.name == "plist" {
                message = "is a property list, not an interface file (a .xib or .storyboard has a <document> root)"
            } else {
                message = "is not an Interface Builder document: its root element is <\(root.name)>, not <document>"
            }
            throw InterfaceError(kind: .unknownDocumentType, problems: [error(root.line, message)])
        }
        guard let type = root["type"], let kind = InterfaceDocument.documentTypes[type] else {
            let type = root["type"].map { "\"\($0)\"" } ?? "no type"
            throw InterfaceError(
                kind: .unknownDocumentType,
                problems: [
                    error(
                        root.line,
                        "document type \(type) is not read: Vitrine reads iOS interface files, "
                            + "com.apple.InterfaceBuilder3.CocoaTouch.XIB (.xib) and "
                            + "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB (.storyboard)")
                ])
        }
        return kind
    }

    private func decodeDocument(_ root: InterfaceXMLElement, kind: InterfaceDocument.Kind) -> InterfaceDocument {
        checkAttributes(root, known: InterfaceVocabulary.documentAttributes, what: "<document>")
        var document = InterfaceDocument(
            kind: kind, fileName: fileName, version: root["version"], toolsVersion: root["toolsVersion"],
            targetRuntime: root["targetRuntime"], useAutolayout: bool(root, "useAutolayout") ?? false,
            useSafeAreas: bool(root, "useSafeAreas") ?? false,
            useTraitCollections: bool(root, "useTraitCollections") ?? false,
            isLaunchScreen: bool(root, "launchScreen") ?? false, initialViewControllerID: root["initialViewController"],
            plugInVersions: [:], capabilities: [], objects: [], scenes: [], resources: InterfaceResources(), xml: root)
        if let initial = root["initialViewController"] {
            references.append((initial, root.line, .initialViewController))
        }
        for child in root.children {
            switch child.name {
            case "dependencies":
                for dependency in child.children {
                    switch dependency.name {
                    case "plugIn":
                        if let identifier = dependency["identifier"] {
                            document.plugInVersions[identifier] = dependency["version"] ?? ""
                        }
                    case "capability":
                        if let name = dependency["name"] { document.capabilities.append(name) }
                    case "deployment", "development": break
                    default: unknownElement(dependency, in: "<dependencies>")
                    }
                }
            case "objects":
                if kind == .storyboard { warning(child.line, "<objects> outside a scene in a storyboard is ignored") }
                document.objects = child.children.map { decodeObject($0, container: nil) }
            case "scenes":
                if kind == .xib { warning(child.line, "<scenes> in a .xib is ignored") }
                document.scenes = child.children.compactMap(decodeScene)
            case "resources":
                document.resources = decodeResources(child)
            default:
                if !InterfaceVocabulary.documentChildren.contains(child.name) {
                    unknownElement(child, in: "<document>")
                }
            }
        }
        if kind == .xib { document.scenes = [] } else { document.objects = [] }
        return document
    }

    private func decodeScene(_ element: InterfaceXMLElement) -> InterfaceScene? {
        guard element.name == "scene" else {
            unknownElement(element, in: "<scenes>")
            return nil
        }
        checkAttributes(element, known: ["sceneID"], what: "<scene>")
        var scene = InterfaceScene(sceneID: element["sceneID"] ?? "", line: element.line, objects: [])
        for child in element.children {
            switch child.name {
            case "objects": scene.objects += child.children.map { decodeObject($0, container: nil) }
            case "point" where child["key"] == "canvasLocation": scene.canvasLocation = point(child)
            case "resources": break
            default: unknownElement(child, in: "<scene> \"\(scene.sceneID)\"")
            }
        }
        return scene
    }

    private func decodeResources(_ element: InterfaceXMLElement) -> InterfaceResources {
        var resources = InterfaceResources()
        for child in element.children {
            switch child.name {
            case "image":
                guard let name = child["name"] else { continue }
                let size: InterfaceSize? =
                    if let width = double(child, "width"), let height = double(child, "height") {
                        InterfaceSize(width: width, height: height)
                    } else { nil }
                resources.images[name] = InterfaceResourceImage(name: name, catalog: child["catalog"], size: size)
            case "systemColor", "namedColor":
                guard let name = child["name"],
                    let colorElement = child.children.first(where: { $0.name == "color" }),
                    let value = color(colorElement)
                else { continue }
                if child.name == "systemColor" {
                    resources.systemColors[name] = value
                } else {
                    resources.namedColors[name] = value
                }
            default:
                unknownElement(child, in: "<resources>")
            }
        }
        return resources
    }

    // MARK: Objects

    private func decodeObject(_ element: InterfaceXMLElement, container: String?) -> InterfaceObject {
        var object = InterfaceObject(
            element: element.name, id: element["id"] ?? "", key: element["key"], line: element.line,
            attributes: element.attributes)
        object.container = container
        // Put into words only for a warning.
        var label: String { describe(element) }
        if let known = InterfaceVocabulary.objectElements[element.name] {
            checkAttributes(element, known: known, what: label)
        } else {
            warning(element.line, "unknown element \(label): loaded as a plain object, its properties are not read")
        }
        if element.name != "button" {
            // Every image attribute's name ends in "e" or "d" ("image", "background"): most
            // attributes are passed over without being hashed.
            for (name, value) in element.attributes
            where (name.utf8.last == UInt8(ascii: "e") || name.utf8.last == UInt8(ascii: "d"))
                && Self.imageAttributes.contains(name)
            {
                object.images[name] = InterfaceImageReference(
                    name: value, catalog: name == "image" ? element["catalog"] : nil)
            }
        }

        for child in element.children {
            let key = child["key"]
            switch child.name {
            case "subviews":
                object.subviews += child.children.map { decodeObject($0, container: nil) }
            case "rect":
                if let key, let rect = rect(child) { object.rects[key] = rect }
            case "size":
                if let key, let size = size(child) { object.sizes[key] = size }
            case "point":
                if let key, let point = point(child) { object.points[key] = point }
            case "edgeInsets", "directionalEdgeInsets", "inset":
                if let key, let insets = insets(child) { object.insets[key] = insets }
            case "autoresizingMask":
                var mask = InterfaceAutoresizingMask()
                for (name, flag) in InterfaceAutoresizingMask.attributeNames where bool(child, name) == true {
                    mask.insert(flag)
                }
                object.autoresizingMask = mask
            case "color":
                if let key, let color = color(child) { object.colors[key] = color }
            case "nil":
                if let key = key ?? child["name"] { object.nilKeys.insert(key) }
            case "fontDescription":
                if let font = font(child) { object.fonts[key ?? "fontDescription"] = font }
            case "string":
                if let key { object.strings[key] = string(child) }
            case "imageReference":
                if let key, let image = imageReference(child) { object.images[key] = image }
            case "integer", "real", "bool":
                if let key, let value = child["value"], object.attributes[key] == nil { object.attributes[key] = value }
            case "accessibility":
                object.accessibility = accessibility(child)
            case "userDefinedRuntimeAttributes":
                object.runtimeAttributes += child.children.compactMap { runtimeAttribute($0, in: label) }
            case "state":
                object.buttonStates.append(buttonState(child))
            case "buttonConfiguration":
                object.buttonConfiguration = buttonConfiguration(child)
            case "textInputTraits":
                object.textInputTraits = InterfaceTextInputTraits(
                    attributes: child.attributes.filter { $0.key != "key" })
            case "segments":
                object.segments += child.children.compactMap { segment($0, in: label) }
            case "date":
                if let key, let interval = double(child, "timeIntervalSinceReferenceDate") {
                    object.dates[key] = interval
                }
            case "constraints":
                object.constraints += child.children.compactMap { constraint($0, owner: object.id) }
            case "connections":
                object.connections += child.children.compactMap { connection($0, source: object.id) }
            case "viewLayoutGuide":
                if let id = child["id"] {
                    object.layoutGuides.append(InterfaceLayoutGuide(key: key ?? "", id: id, line: child.line))
                }
            case "layoutGuides":
                for guide in child.children {
                    if let id = guide["id"] {
                        object.layoutGuides.append(
                            InterfaceLayoutGuide(key: guide["type"] ?? guide["key"] ?? "", id: id, line: guide.line))
                    }
                }
            // After the property elements above, which are most of a file and compare faster
            // than these set lookups.
            case _ where InterfaceVocabulary.objectContainers.contains(child.name):
                object.children += child.children.map { decodeObject($0, container: child.name) }
            case _ where InterfaceVocabulary.objectElements[child.name] != nil:
                object.children.append(decodeObject(child, container: nil))
            case _ where InterfaceVocabulary.propertyElements.contains(child.name):
                break
            case _ where child["id"] != nil:
                // An object element this module does not know: kept, with a warning from decodeObject.
                object.children.append(decodeObject(child, container: nil))
            default:
                unknownElement(child, in: label)
            }
        }
        return object
    }

    /// The attributes that name an image, on every element but `button` (whose images are
    /// per state).
    private static let imageAttributes: Set<String> = [
        "image", "highlightedImage", "selectedImage", "background", "disabledBackground", "minimumValueImage",
        "maximumValueImage", "landscapeImage", "largeContentImage", "largeContentSizeImage",
    ]

    /// A `<segment>` of `<segments>`.
    private func segment(_ element: InterfaceXMLElement, in parent: @autoclosure () -> String) -> InterfaceSegment? {
        guard element.name == "segment" else {
            unknownElement(element, in: "<segments> of \(parent())")
            return nil
        }
        checkAttributes(
            element, known: ["title", "image", "catalog", "enabled", "width", "contentOffset"], what: "<segment>")
        return InterfaceSegment(
            title: element["title"],
            image: element["image"].map { InterfaceImageReference(name: $0, catalog: element["catalog"]) },
            isEnabled: bool(element, "enabled"), width: double(element, "width"), line: element.line)
    }

    private func constraint(_ element: InterfaceXMLElement, owner: String) -> InterfaceConstraint? {
        guard element.name == "constraint" else {
            unknownElement(element, in: "<constraints>")
            return nil
        }
        // One pass over the attributes, comparing names rather than hashing them: a file has
        // hundreds of constraints, and a lookup by name per field was most of their cost.
        var id = ""
        var firstItem: String?
        var firstName: String?
        var relationName: String?
        var secondItem: String?
        var secondName: String?
        var multiplierText: String?
        var constantText: String?
        var priorityText: String?
        var identifier: String?
        var placeholderText: String?
        var unknown: [String] = []
        for (name, value) in element.attributes {
            switch name {
            case "id": id = value
            case "firstItem": firstItem = value
            case "firstAttribute": firstName = value
            case "relation": relationName = value
            case "secondItem": secondItem = value
            case "secondAttribute": secondName = value
            case "multiplier": multiplierText = value
            case "constant": constantText = value
            case "priority": priorityText = value
            case "identifier": identifier = value
            case "placeholder": placeholderText = value
            case "symbolic", "userLabel", "constraintIdentifier": break
            default: unknown.append(name)
            }
        }
        for name in unknown.sorted() {
            warning(element.line, "unknown attribute \"\(name)\" on \(describe(element)): ignored")
        }
        var what: String { "constraint \"\(id)\"" }
        guard let firstName else {
            warning(element.line, "\(what) has no firstAttribute: ignored")
            return nil
        }
        guard let firstAttribute = InterfaceLayoutAttribute(rawValue: firstName) else {
            warning(element.line, "\(what): unknown layout attribute \"\(firstName)\": ignored")
            return nil
        }
        var secondAttribute: InterfaceLayoutAttribute?
        if let secondName, secondName != "notAnAttribute" {
            guard let attribute = InterfaceLayoutAttribute(rawValue: secondName) else {
                warning(element.line, "\(what): unknown layout attribute \"\(secondName)\": ignored")
                return nil
            }
            secondAttribute = attribute
        }
        let relation: InterfaceConstraint.Relation
        if let relationName {
            guard let value = InterfaceConstraint.Relation(rawValue: relationName) else {
                warning(element.line, "\(what): unknown relation \"\(relationName)\": ignored")
                return nil
            }
            relation = value
        } else {
            relation = .equal
        }
        if let firstItem { references.append((firstItem, element.line, .constraint(id: id, item: "firstItem"))) }
        if let secondItem {
            references.append((secondItem, element.line, .constraint(id: id, item: "secondItem")))
        } else if secondAttribute != nil {
            secondItem = owner
        }
        func number(_ text: String?, _ name: String, _ parse: (String) -> Double?) -> Double? {
            guard let text else { return nil }
            guard let value = parse(text) else {
                warning(element.line, "\(name)=\"\(text)\" on <constraint> is not a number: ignored")
                return nil
            }
            return value
        }
        var isPlaceholder = false
        if let placeholderText {
            if let value = InterfaceValueParsing.bool(placeholderText) {
                isPlaceholder = value
            } else {
                warning(element.line, "placeholder=\"\(placeholderText)\" on <constraint> is not YES or NO: ignored")
            }
        }
        return InterfaceConstraint(
            id: id, firstItem: firstItem ?? owner, firstAttribute: firstAttribute, relation: relation,
            secondItem: secondItem, secondAttribute: secondAttribute,
            multiplier: number(multiplierText, "multiplier", InterfaceValueParsing.multiplier) ?? 1,
            constant: number(constantText, "constant", InterfaceValueParsing.double) ?? 0,
            priority: number(priorityText, "priority", InterfaceValueParsing.priority) ?? 1000,
            identifier: identifier, isPlaceholder: isPlaceholder, ownerID: owner, line: element.line)
    }

    private static let outletAttributes: Set<String> = ["property", "destination", "id", "appends"]
    private static let outletCollectionAttributes: Set<String> = [
        "property", "destination", "id", "collectionClass", "appends",
    ]
    private static let actionAttributes: Set<String> = ["selector", "destination", "id", "eventType"]
    private static let segueAttributes: Set<String> = [
        "destination", "id", "kind", "identifier", "relationship", "modalPresentationStyle", "modalTransitionStyle",
        "unwindAction", "customClass", "customModule", "animates", "trigger", "popoverAnchorView",
        "popoverAnchorBarButtonItem", "splitViewControllerTargetIndex",
    ]

    private func connection(_ element: InterfaceXMLElement, source: String) -> InterfaceConnection? {
        let kind: InterfaceConnection.Kind
        let known: Set<String>
        switch element.name {
        case "outlet":
            known = Self.outletAttributes
            kind = .outlet(property: element["property"] ?? "")
        case "outletCollection":
            known = Self.outletCollectionAttributes
            kind = .outletCollection(property: element["property"] ?? "", collectionClass: element["collectionClass"])
        case "action":
            known = Self.actionAttributes
            kind = .action(selector: element["selector"] ?? "", eventType: element["eventType"])
        case "segue":
            known = Self.segueAttributes
            kind = .segue(
                kind: element["kind"] ?? "", identifier: element["identifier"], relationship: element["relationship"])
        default:
            unknownElement(element, in: "<connections>")
            return nil
        }
        checkAttributes(element, known: known, what: describe(element))
        guard let destination = element["destination"] else {
            errors.append(error(element.line, "\(Self.describe(kind)) has no destination"))
            return nil
        }
        references.append((destination, element.line, .connection(kind, role: "destination")))
        if let anchor = element["popoverAnchorView"] ?? element["popoverAnchorBarButtonItem"] {
            references.append((anchor, element.line, .connection(kind, role: "popover anchor")))
        }
        return InterfaceConnection(
            kind: kind, id: element["id"] ?? "", source: source, destination: destination,
            attributes: element.attributes, line: element.line)
    }

    /// A connection in words, for diagnostics.
    fileprivate static func describe(_ kind: InterfaceConnection.Kind) -> String {
        switch kind {
        case .outlet(let property): "outlet \"\(property)\""
        case .outletCollection(let property, _): "outlet collection \"\(property)\""
        case .action(let selector, _): "action \"\(selector)\""
        case .segue(let kind, let identifier, _): "segue \(identifier.map { "\"\($0)\" " } ?? "")(\(kind))"
        }
    }

    // MARK: Property elements

    private func rect(_ element: InterfaceXMLElement) -> InterfaceRect? {
        guard let x = double(element, "x"), let y = double(element, "y"), let width = double(element, "width"),
            let height = double(element, "height")
        else {
            warning(element.line, "<rect> needs x, y, width and height: ignored")
            return nil
        }
        return InterfaceRect(x: x, y: y, width: width, height: height)
    }

    private func size(_ element: InterfaceXMLElement) -> InterfaceSize? {
        guard let width = double(element, "width"), let height = double(element, "height") else {
            warning(element.line, "<size> needs width and height: ignored")
            return nil
        }
        return InterfaceSize(width: width, height: height)
    }

    private func point(_ element: InterfaceXMLElement) -> InterfacePoint? {
        guard let x = double(element, "x"), let y = double(element, "y") else {
            warning(element.line, "<point> needs x and y: ignored")
            return nil
        }
        return InterfacePoint(x: x, y: y)
    }

    private func insets(_ element: InterfaceXMLElement) -> InterfaceEdgeInsets? {
        let d = { (name: String) in self.double(element, name) ?? 0 }
        switch element.name {
        case "edgeInsets":
            return InterfaceEdgeInsets(top: d("top"), left: d("left"), bottom: d("bottom"), right: d("right"))
        case "directionalEdgeInsets":
            return InterfaceEdgeInsets(
                top: d("top"), left: d("leading"), bottom: d("bottom"), right: d("trailing"), isDirectional: true)
        default:
            return InterfaceEdgeInsets(top: d("minY"), left: d("minX"), bottom: d("maxY"), right: d("maxX"))
        }
    }

    func color(_ element: InterfaceXMLElement) -> InterfaceColor? {
        if let name = element["systemColor"] ?? element["cocoaTouchSystemColor"] { return .system(name) }
        let alpha = double(element, "alpha") ?? 1
        let space = element["colorSpace"] == "custom" ? element["customColorSpace"] : element["colorSpace"]
        if let white = double(element, "white") {
            let whiteSpace: InterfaceColor.WhiteSpace
            switch space {
            case "calibratedWhite", nil: whiteSpace = .calibratedWhite
            case "deviceWhite": whiteSpace = .deviceWhite
            case "genericGamma22GrayColorSpace": whiteSpace = .genericGamma22Gray
            case "extendedGray", "extendedGrayColorSpace": whiteSpace = .extendedGray
            case let other?:
                warning(element.line, "colour space \"\(other)\" for a grey is not known: read as calibratedWhite")
                whiteSpace = .calibratedWhite
            }
            return .white(white: white, alpha: alpha, space: whiteSpace)
        }
        if let red = double(element, "red"), let green = double(element, "green"), let blue = double(element, "blue") {
            let rgbSpace: InterfaceColor.RGBSpace
            switch space {
            case "sRGB", nil: rgbSpace = .sRGB
            case "calibratedRGB": rgbSpace = .calibratedRGB
            case "deviceRGB": rgbSpace = .deviceRGB
            case "displayP3": rgbSpace = .displayP3
            case "extendedSRGBColorSpace", "extendedSRGB": rgbSpace = .extendedSRGB
            case let other?:
                warning(element.line, "colour space \"\(other)\" is not known: read as sRGB")
                rgbSpace = .sRGB
            }
            return .rgb(red: red, green: green, blue: blue, alpha: alpha, space: rgbSpace)
        }
        if let name = element["name"] { return .named(name) }
        warning(
            element.line, "<color\(element["key"].map { " key=\"\($0)\"" } ?? "")> has no form Vitrine reads: ignored")
        return nil
    }

    private func font(_ element: InterfaceXMLElement) -> InterfaceFont? {
        let size = double(element, "pointSize") ?? 17
        if let name = element["name"] { return .custom(name: name, family: element["family"], pointSize: size) }
        if let style = element["style"] { return .textStyle(style) }
        switch element["type"] {
        case "system", nil: return .system(pointSize: size, weight: element["weight"])
        case "boldSystem": return .boldSystem(pointSize: size)
        case "italicSystem": return .italicSystem(pointSize: size)
        case let other?:
            warning(element.line, "font type \"\(other)\" is not known: read as the system font")
            return .system(pointSize: size, weight: element["weight"])
        }
    }

    private func imageReference(_ element: InterfaceXMLElement) -> InterfaceImageReference? {
        guard let name = element["image"] else { return nil }
        return InterfaceImageReference(name: name, catalog: element["catalog"], renderingMode: element["renderingMode"])
    }

    private func string(_ element: InterfaceXMLElement) -> String {
        guard bool(element, "base64-UTF8") == true else { return element.text }
        // Xcode writes text it cannot put in XML (control characters, some whitespace) as base64
        // without its "=" padding.
        var base64 = element.text.filter { !$0.isWhitespace }
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) else {
            warning(element.line, "<string> marked base64-UTF8 is not base64 UTF-8 text: read as written")
            return element.text
        }
        return text
    }

    private func accessibility(_ element: InterfaceXMLElement) -> InterfaceAccessibility {
        var result = InterfaceAccessibility(
            identifier: element["identifier"], label: element["label"], hint: element["hint"], value: element["value"])
        for child in element.children {
            switch child.name {
            case "bool" where child["key"] == "isElement": result.isElement = bool(child, "value")
            case "accessibilityTraits":
                result.traits = child.attributes.filter {
                    $0.key != "key" && InterfaceValueParsing.bool($0.value) == true
                }
                .map(\.key).sorted()
            default: break
            }
        }
        return result
    }

    private func runtimeAttribute(
        _ element: InterfaceXMLElement, in label: @autoclosure () -> String
    ) -> InterfaceRuntimeAttribute? {
        guard element.name == "userDefinedRuntimeAttribute" else {
            unknownElement(element, in: "<userDefinedRuntimeAttributes>")
            return nil
        }
        guard let keyPath = element["keyPath"] else {
            warning(element.line, "<userDefinedRuntimeAttribute> has no keyPath: ignored")
            return nil
        }
        let valueElement = element.children.first { $0["key"] == "value" }
        let type = element["type"] ?? "nil"
        let value: InterfaceRuntimeAttribute.Value?
        switch type {
        case "number":
            value = (double(element, "value") ?? valueElement.flatMap { double($0, "value") }).map { .number($0) }
        case "boolean":
            value = (bool(element, "value") ?? valueElement.flatMap { bool($0, "value") }).map { .boolean($0) }
        case "string": value = (element["value"] ?? valueElement.map(string)).map { .string($0) }
        case "localizedString": value = (element["value"] ?? valueElement.map(string)).map { .localizedString($0) }
        case "color": value = valueElement.flatMap(color).map { .color($0) }
        case "size": value = valueElement.flatMap(size).map { .size($0) }
        case "point": value = valueElement.flatMap(point).map { .point($0) }
        case "rect": value = valueElement.flatMap(rect).map { .rect($0) }
        case "range":
            value = valueElement.flatMap { element in
                element["location"].flatMap { Int($0) }.flatMap { location in
                    element["length"].flatMap { Int($0) }.map { .range(location: location, length: $0) }
                }
            }
        case "image":
            value = (element["value"].map { InterfaceImageReference(name: $0) } ?? valueElement.flatMap(imageReference))
                .map { .image($0) }
        case "nil": value = .null
        default:
            warning(
                element.line, "runtime attribute \"\(keyPath)\" of \(label()): type \"\(type)\" is not known: ignored")
            return nil
        }
        guard let value else {
            warning(element.line, "runtime attribute \"\(keyPath)\" of \(label()): no \(type) value: ignored")
            return nil
        }
        return InterfaceRuntimeAttribute(keyPath: keyPath, value: value, line: element.line)
    }

    private func buttonState(_ element: InterfaceXMLElement) -> InterfaceButtonState {
        var state = InterfaceButtonState(
            state: element["key"] ?? "normal", title: element["title"],
            image: element["image"].map { InterfaceImageReference(name: $0) },
            backgroundImage: element["backgroundImage"].map { InterfaceImageReference(name: $0) }, line: element.line)
        for child in element.children {
            switch (child.name, child["key"]) {
            case ("color", "titleColor"): state.titleColor = color(child)
            case ("color", "titleShadowColor"): state.titleShadowColor = color(child)
            case ("imageReference", "image"): state.image = imageReference(child) ?? state.image
            case ("imageReference", "backgroundImage"):
                state.backgroundImage = imageReference(child) ?? state.backgroundImage
            case ("string", "title"): state.title = string(child)
            default: break
            }
        }
        return state
    }

    private func buttonConfiguration(_ element: InterfaceXMLElement) -> InterfaceButtonConfiguration {
        var configuration = InterfaceButtonConfiguration(
            style: element["style"], title: element["title"], subtitle: element["subtitle"],
            image: element["image"].map { InterfaceImageReference(name: $0) },
            attributes: element.attributes.filter { $0.key != "key" })
        for child in element.children {
            switch child.name {
            case "color": if let key = child["key"], let value = color(child) { configuration.colors[key] = value }
            case "imageReference" where child["key"] == "image": configuration.image = imageReference(child)
            default: break
            }
        }
        return configuration
    }

    // MARK: Helpers

    private func describe(_ element: InterfaceXMLElement) -> String {
        element["id"].map { "<\(element.name)> \"\($0)\"" } ?? "<\(element.name)>"
    }

    private func checkAttributes(
        _ element: InterfaceXMLElement, known: Set<String>, what: @autoclosure () -> String
    ) {
        // Almost every attribute is known: look before making a list.
        guard element.attributes.keys.contains(where: { !known.contains($0) }) else { return }
        let unknown = element.attributes.keys.filter { !known.contains($0) }
        let description = what()
        for name in unknown.sorted() {
            warning(element.line, "unknown attribute \"\(name)\" on \(description): ignored")
        }
    }

    private func unknownElement(_ element: InterfaceXMLElement, in parent: String) {
        warning(element.line, "unknown element \(describe(element)) in \(parent): ignored")
    }

    private func bool(_ element: InterfaceXMLElement, _ name: String) -> Bool? {
        guard let text = element[name] else { return nil }
        guard let value = InterfaceValueParsing.bool(text) else {
            warning(element.line, "\(name)=\"\(text)\" on <\(element.name)> is not YES or NO: ignored")
            return nil
        }
        return value
    }

    private func double(_ element: InterfaceXMLElement, _ name: String) -> Double? {
        number(element, name, InterfaceValueParsing.double)
    }

    private func number(_ element: InterfaceXMLElement, _ name: String, _ parse: (String) -> Double?) -> Double? {
        guard let text = element[name] else { return nil }
        guard let value = parse(text) else {
            warning(element.line, "\(name)=\"\(text)\" on <\(element.name)> is not a number: ignored")
            return nil
        }
        return value
    }

    private func error(_ line: Int?, _ message: String) -> InterfaceDiagnostic {
        InterfaceDiagnostic(severity: .error, file: fileName, line: line, message: message)
    }

    private func warning(_ line: Int, _ message: String) {
        warnings.append(InterfaceDiagnostic(severity: .warning, file: fileName, line: line, message: message))
    }
}
