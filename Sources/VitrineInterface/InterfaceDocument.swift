import Foundation

/// A storyboard scene: `<scene sceneID=>` with its objects (the view controller, its First
/// Responder and Exit placeholders).
public struct InterfaceScene: Hashable, Sendable {
    public var sceneID: String
    public var line: Int
    /// The scene's `<objects>`, in order.
    public var objects: [InterfaceObject]
    /// `<point key="canvasLocation">`: where Interface Builder draws it.
    public var canvasLocation: InterfacePoint?

    public init(sceneID: String, line: Int, objects: [InterfaceObject], canvasLocation: InterfacePoint? = nil) {
        self.sceneID = sceneID
        self.line = line
        self.objects = objects
        self.canvasLocation = canvasLocation
    }

    /// The scene's controller: its object with `sceneMemberID="viewController"`.
    public var viewController: InterfaceObject? { objects.first { $0.sceneMemberID == "viewController" } }
}

/// An image named in `<resources>`: `<image name="logo" width="64" height="64"/>`.
public struct InterfaceResourceImage: Hashable, Sendable {
    public var name: String
    /// `"system"` for an SF Symbol.
    public var catalog: String?
    /// The size Xcode recorded for the image.
    public var size: InterfaceSize?

    public init(name: String, catalog: String? = nil, size: InterfaceSize? = nil) {
        self.name = name
        self.catalog = catalog
        self.size = size
    }
}

/// The document's `<resources>`: what the file names, with the values Xcode saw when it saved.
public struct InterfaceResources: Hashable, Sendable {
    /// Images by name.
    public var images: [String: InterfaceResourceImage]
    /// `<systemColor name="systemBackgroundColor"><color .../></systemColor>`: the value Xcode
    /// wrote for a system colour (light appearance).
    public var systemColors: [String: InterfaceColor]
    /// `<namedColor name="AccentColor"><color .../></namedColor>`: an asset catalog colour's value.
    public var namedColors: [String: InterfaceColor]

    public init(
        images: [String: InterfaceResourceImage] = [:], systemColors: [String: InterfaceColor] = [:],
        namedColors: [String: InterfaceColor] = [:]
    ) {
        self.images = images
        self.systemColors = systemColors
        self.namedColors = namedColors
    }
}

/// An interface file as Xcode saves it: a `.xib` (`com.apple.InterfaceBuilder3.CocoaTouch.XIB`)
/// or a `.storyboard` (`com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB`), read with
/// libxml2 (the parser under Foundation's `XMLParser`) into a data model with no UIKit types.
/// VitrineKit makes the objects.
public struct InterfaceDocument: Hashable, Sendable {
    /// Which of the two source formats.
    public enum Kind: String, Hashable, Sendable {
        case xib
        case storyboard
    }

    /// The document types read, by kind.
    public static let documentTypes: [String: Kind] = [
        "com.apple.InterfaceBuilder3.CocoaTouch.XIB": .xib,
        "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB": .storyboard,
    ]

    public var kind: Kind
    /// The file's name, as diagnostics give it.
    public var fileName: String
    /// `version=` (`"3.0"`).
    public var version: String?
    /// `toolsVersion=`: the Interface Builder build that saved it.
    public var toolsVersion: String?
    /// `targetRuntime=` (`"iOS.CocoaTouch"`).
    public var targetRuntime: String?
    /// `useAutolayout="YES"`.
    public var useAutolayout: Bool
    /// `useSafeAreas="YES"`.
    public var useSafeAreas: Bool
    /// `useTraitCollections="YES"`.
    public var useTraitCollections: Bool
    /// `launchScreen="YES"`.
    public var isLaunchScreen: Bool
    /// A storyboard's `initialViewController=` id.
    public var initialViewControllerID: String?
    /// `<plugIn identifier= version=/>` in `<dependencies>`, by identifier.
    public var plugInVersions: [String: String]
    /// `<capability name=/>` in `<dependencies>`, in order.
    public var capabilities: [String]
    /// A XIB's top-level `<objects>`, in order (File's Owner and First Responder first, as Xcode
    /// writes them). Empty for a storyboard.
    public var objects: [InterfaceObject]
    /// A storyboard's scenes, in order. Empty for a XIB.
    public var scenes: [InterfaceScene]
    public var resources: InterfaceResources
    /// The whole XML tree, for what the model does not decode.
    public var xml: InterfaceXMLElement

    /// Everything that holds objects: a XIB's objects, or every scene's objects.
    public var topLevelObjects: [InterfaceObject] { kind == .xib ? objects : scenes.flatMap(\.objects) }

    /// Every object in the file, depth first in file order.
    public var allObjects: [InterfaceObject] { topLevelObjects.flatMap { $0.allObjects() } }

    /// The object with an id, anywhere in the file.
    public func object(withID id: String) -> InterfaceObject? {
        allObjects.first { $0.id == id }
    }

    /// The File's Owner placeholder of a XIB.
    public var filesOwner: InterfaceObject? { objects.first { $0.placeholderIdentifier == "IBFilesOwner" } }

    /// A storyboard's initial view controller.
    public var initialViewController: InterfaceObject? {
        initialViewControllerID.flatMap { id in scenes.lazy.compactMap(\.viewController).first { $0.id == id } }
    }

    /// The storyboard scene whose controller has this storyboard identifier.
    public func scene(withStoryboardIdentifier identifier: String) -> InterfaceScene? {
        scenes.first { $0.viewController?.storyboardIdentifier == identifier }
    }

    /// The largest file read, in bytes: libxml2's own limit on what it holds unparsed
    /// (`XML_MAX_LOOKUP_LIMIT`, 10,000,000), which it reports as a bare syntax error. A large
    /// storyboard Xcode writes is a few hundred kilobytes; a larger file is refused unread.
    public static let maximumFileSize = 10_000_000

    /// The most elements a file may nest, one inside another (256; Xcode's files nest a few
    /// dozen). A deeper file is refused, naming the line of the first element too deep.
    public static let maximumNestingDepth = InterfaceXMLReader.maximumNestingDepth

    /// Reads a `.xib` or `.storyboard` file; diagnostics name it by its last path component.
    ///
    /// Throws `InterfaceError`; returns the warnings (unknown elements and attributes) with the document.
    public static func load(contentsOf url: URL) throws(InterfaceError) -> (
        document: InterfaceDocument, warnings: [InterfaceDiagnostic]
    ) {
        let fileName = url.lastPathComponent
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            let compiled = ["storyboardc", "nib"].contains(url.pathExtension)
            throw InterfaceError(
                kind: compiled ? .compiledNib : .fileUnreadable,
                problems: [
                    .init(
                        severity: .error, file: fileName,
                        message: compiled
                            ? "a compiled \(url.pathExtension == "nib" ? "nib" : "storyboard") directory from an app bundle: "
                                + InterfaceDecoder.sourceFormatsAdvice
                            : "is a directory, not an interface file")
                ])
        }
        // The size first, so a huge file (or a device) is not read into memory only to be refused.
        if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int,
            size > maximumFileSize
        {
            throw InterfaceDecoder.tooLarge(fileName: fileName, size: size)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw InterfaceError(
                kind: .fileUnreadable,
                problems: [
                    .init(severity: .error, file: fileName, message: "cannot be read: \(error.localizedDescription)")
                ])
        }
        return try parse(data: data, fileName: fileName)
    }

    /// Reads the bytes of a `.xib` or `.storyboard`; `fileName` names it in diagnostics.
    public static func parse(data: Data, fileName: String) throws(InterfaceError) -> (
        document: InterfaceDocument, warnings: [InterfaceDiagnostic]
    ) {
        try InterfaceDecoder(fileName: fileName).decode(data)
    }
}
