import Foundation

extension UIImage {
    /// The directories `init?(named:)` searches, in order, when no bundle is given. A Vitrine
    /// extension: UIKit searches the app bundle and its asset catalogs, which a kiosk daemon
    /// installed as a plain executable does not have. By default the main bundle's resource
    /// directory, then its bundle directory (the same on Linux for a plain executable: the
    /// executable's directory). Setting it empties the cache of named images.
    public static var searchDirectories: [URL] {
        get { NamedImageCache.shared.searchDirectories }
        set { NamedImageCache.shared.searchDirectories = newValue }
    }

    /// The image named `name` in the main bundle's directories (`searchDirectories`), as
    /// `init?(named:)`; nil when no file matches or the file cannot be decoded (logged).
    ///
    /// The lookup follows UIKit's: for the preferred scale S it tries `name@Sx.png`, then the
    /// other scales (higher ones first, then lower ones), then `name.png` at scale 1; each with
    /// `.png`, `.jpg` and `.jpeg`. A name with one of those extensions keeps it; a name with a
    /// scale (`icon@2x.png`) is loaded as given at that scale. At scale 1 the plain name comes
    /// first. Images are cached by name as UIKit caches them: the decoded pixels are kept and
    /// shared by every image made from the same name, and so are the upright pixels of a JPEG
    /// with an EXIF orientation (which becomes `imageOrientation`). Deviation: Swift
    /// initialisers cannot return an existing object, so each call gives a new `UIImage` over
    /// the same `CGImage`. The preferred scale is the main screen's (`UIScreen.main.scale`; 1
    /// off the main thread).
    public convenience init?(named name: String) {
        self.init(named: name, in: nil, compatibleWith: nil)
    }

    /// The image named `name` in `bundle` (nil: the main bundle, searched through
    /// `searchDirectories`), preferring the traits' `displayScale` (unspecified: the main
    /// screen's), as `init?(named:in:compatibleWith:)`. The lookup is `init?(named:)`'s. With a
    /// bundle, its resource directory and its bundle directory are searched.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?)
    {
        let scale = traitCollection.map(\.displayScale).flatMap { $0 > 0 ? $0 : nil } ?? UIImage.preferredScale
        guard let found = UIImage.lookUp(named: name, in: bundle, scale: scale) else { return nil }
        self.init(pixels: found.pixels, scale: found.scale)
    }

    /// The image in the PNG or JPEG file at `path`, as `init?(contentsOfFile:)`; nil (logged
    /// when the file exists but cannot be decoded) otherwise. A file whose name ends in
    /// `@2x` or `@3x` before its extension gets that scale; a JPEG's EXIF orientation is its
    /// `imageOrientation`. Not cached, as in UIKit.
    /// Deviation: the path is taken as given (iOS also tries the `@2x` sibling of a plain
    /// path on a Retina screen).
    public convenience init?(contentsOfFile path: String) {
        guard let pixels = UIImage.load(URL(fileURLWithPath: path)) else { return nil }
        self.init(pixels: pixels, scale: UIImage.scale(ofFileNamed: path))
    }

    // MARK: Internals

    /// The scale `init?(named:)` prefers when no trait collection gives one: the main
    /// screen's. `UIScreen` belongs to the main actor, so off the main thread (where UIKit
    /// would read it anyway) this is 1; pass a trait collection there.
    static var preferredScale: CGFloat {
        guard isOnMainQueue else { return 1 }
        return MainActor.assumeIsolated { UIScreen.main.scale }
    }

    /// Whether the caller runs on the main queue, where the main actor runs. Under
    /// `UIApplicationMain` (the main run loop) that is the main thread; in a program that calls
    /// `dispatchMain()` itself it is not, so `Thread.isMainThread` alone cannot tell.
    static var isOnMainQueue: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    /// Marks the main queue, once, so that `isOnMainQueue` can recognise it.
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Extensions tried for a name without one, in order.
    static let imageExtensions = ["png", "jpg", "jpeg"]

    /// Finds and decodes (or takes from the cache) the image named `name`, preferring `scale`.
    static func lookUp(named name: String, in bundle: Bundle?, scale: CGFloat) -> (
        pixels: OrientedPixels, scale: CGFloat
    )? {
        guard !name.isEmpty else { return nil }
        let preferred = scale.isFinite ? min(3, max(1, Int(scale.rounded()))) : 1
        let directories: [URL]
        if let bundle {
            directories = uniqueDirectories([bundle.resourceURL, bundle.bundleURL].compactMap { $0 })
        } else {
            directories = searchDirectories
        }
        let key = NamedImageCache.Key(name: name, directories: directories, scale: preferred)
        if let cached = NamedImageCache.shared[key] { return cached }
        for fileName in candidateFileNames(for: name, scale: preferred) {
            for directory in directories {
                let url = directory.appendingPathComponent(fileName)
                guard FileManager.default.fileExists(atPath: url.path) else { continue }
                // A file that exists but does not decode ends the search, as in UIKit.
                guard let pixels = load(url) else { return nil }
                let found = (pixels: pixels, scale: UIImage.scale(ofFileNamed: fileName))
                NamedImageCache.shared[key] = found
                return found
            }
        }
        kitLog.debug("UIImage(named: \"\(name)\"): no such image in \(directories.map(\.path))")
        return nil
    }

    /// The file names tried for `name` at preferred scale `scale` (1...3), in order.
    static func candidateFileNames(for name: String, scale: Int) -> [String] {
        let (stem, givenExtension) = splitExtension(name)
        let extensions = givenExtension.map { [$0] } ?? imageExtensions
        if scaleSuffix(of: stem) != nil {
            return extensions.map { "\(stem).\($0)" }
        }
        let otherScales = (1...3).filter { $0 > scale } + (1...3).filter { $0 < scale }.reversed()
        let suffixes: [String] =
            scale == 1
            ? ["", "@1x"] + otherScales.map { "@\($0)x" }
            : ["@\(scale)x"] + otherScales.map { "@\($0)x" } + [""]
        return suffixes.flatMap { suffix in extensions.map { "\(stem)\(suffix).\($0)" } }
    }

    /// The scale a file name states (`icon@2x.png` → 2), or 1.
    static func scale(ofFileNamed path: String) -> CGFloat {
        let fileName = (path as NSString).lastPathComponent
        return scaleSuffix(of: splitExtension(fileName).stem).map { CGFloat($0) } ?? 1
    }

    /// `name` without an image extension, and that extension (case kept); other extensions
    /// are part of the name.
    private static func splitExtension(_ name: String) -> (stem: String, extension: String?) {
        guard let dot = name.lastIndex(of: "."), !name[..<dot].isEmpty else { return (name, nil) }
        let ext = String(name[name.index(after: dot)...])
        guard imageExtensions.contains(ext.lowercased()) else { return (name, nil) }
        return (String(name[..<dot]), ext)
    }

    /// The N of a stem ending in `@Nx` (N from 1 to 9).
    private static func scaleSuffix(of stem: String) -> Int? {
        let characters = Array(stem.utf8)
        guard characters.count >= 3, characters[characters.count - 1] == UInt8(ascii: "x"),
            characters[characters.count - 3] == UInt8(ascii: "@")
        else { return nil }
        let digit = Int(characters[characters.count - 2]) - Int(UInt8(ascii: "0"))
        return (1...9).contains(digit) ? digit : nil
    }

    /// Reads and decodes a file (with a JPEG's EXIF orientation); nil when it is missing
    /// (silently) or undecodable (logged).
    static func load(_ url: URL) -> OrientedPixels? {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            kitLog.debug("UIImage: no readable file at \(url.path)")
            return nil
        }
        do {
            return try OrientedPixels.decode(data)
        } catch {
            kitLog.error("UIImage: cannot load \(url.path): \(error.description)")
            return nil
        }
    }

    static func uniqueDirectories(_ urls: [URL]) -> [URL] {
        var seen = Set<String>()
        return urls.filter { seen.insert($0.standardizedFileURL.path).inserted }
    }
}
