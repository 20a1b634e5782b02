import Foundation

/// The images `UIImage(named:)` has decoded, by name, search directories and preferred scale,
/// as UIKit's system image cache; and the search directories themselves. Thread-safe.
/// Deviation: never purged by memory pressure (a kiosk's image set is fixed); changing
/// `searchDirectories` empties it.
final class NamedImageCache: @unchecked Sendable {
    struct Key: Hashable {
        var name: String
        var directories: [URL]
        var scale: Int
    }

    static let shared = NamedImageCache()

    private let lock = NSLock()
    private var entries: [Key: (pixels: OrientedPixels, scale: CGFloat)] = [:]
    private var directories: [URL] = UIImage.uniqueDirectories(
        [Bundle.main.resourceURL, Bundle.main.bundleURL].compactMap { $0 })

    var searchDirectories: [URL] {
        get { lock.withLock { directories } }
        set {
            lock.withLock {
                directories = newValue
                entries.removeAll()
            }
        }
    }

    subscript(key: Key) -> (pixels: OrientedPixels, scale: CGFloat)? {
        get { lock.withLock { entries[key] } }
        set { lock.withLock { entries[key] = newValue } }
    }

    /// The number of cached images.
    var count: Int { lock.withLock { entries.count } }

    func removeAll() {
        lock.withLock { entries.removeAll() }
    }
}
