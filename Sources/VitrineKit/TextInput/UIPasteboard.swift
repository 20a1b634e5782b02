import Foundation

/// The app's pasteboard, as UIKit's `UIPasteboard`: `general` holds what Copy and Cut put
/// there for Paste. Vitrine's is in-process (a kiosk runs one app; nothing is shared with
/// other programs) and holds strings only.
@preconcurrency @MainActor
open class UIPasteboard {
    /// The pasteboard the text controls' Copy, Cut and Paste use, as `general`.
    open class var general: UIPasteboard { sharedGeneral }
    private static let sharedGeneral = UIPasteboard()

    /// Posted when the contents change, as `changedNotification`.
    public static let changedNotification = Notification.Name("UIPasteboardChangedNotification")

    private var storedStrings: [String] = []

    /// Counts the changes of the contents, as `changeCount`.
    open private(set) var changeCount = 0

    /// Makes an empty pasteboard (Vitrine: for tests; UIKit's are made by name).
    init() {}

    /// The first string, as `string`; setting replaces the contents (nil empties them).
    open var string: String? {
        get { storedStrings.first }
        set { strings = newValue.map { [$0] } }
    }

    /// All the strings, as `strings`; setting replaces the contents.
    open var strings: [String]? {
        get { storedStrings.isEmpty ? nil : storedStrings }
        set {
            storedStrings = newValue ?? []
            changeCount += 1
            NotificationCenter.default.post(name: Self.changedNotification, object: self)
        }
    }

    /// Whether there is a string to paste, as `hasStrings`.
    open var hasStrings: Bool { !storedStrings.isEmpty }

    /// The number of items, as `numberOfItems`.
    open var numberOfItems: Int { storedStrings.count }
}
