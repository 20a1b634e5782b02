import Foundation

/// An item of a tab bar, as UIKit's `UITabBarItem`: a title, an image (and optionally a
/// selected image), a tag, a badge.
///
/// Images are drawn as templates (their alpha filled with the bar's tint colours) unless
/// made `.alwaysOriginal` with `withRenderingMode(_:)`, as UIKit's tab bars draw them.
/// Changes reach the bar showing the item at once.
///
/// Vitrine differences: a class of its own (UIKit's derives from `UIBarItem`, an
/// `NSObject`); no appearance proxies, title text attributes or `standardAppearance`;
/// system items are text titles without their glyphs (see `SystemItem`).
@preconcurrency @MainActor
open class UITabBarItem {
    /// UIKit's system tab bar items, as `UITabBarItem.SystemItem` (same cases and raw values).
    /// Each has UIKit's title; Vitrine has no glyphs for them, so they show the title only.
    public enum SystemItem: Int, Sendable {
        case more = 0
        case favorites = 1
        case featured = 2
        case topRated = 3
        case recents = 4
        case contacts = 5
        case history = 6
        case bookmarks = 7
        case search = 8
        case downloads = 9
        case mostRecent = 10
        case mostViewed = 11

        var title: String {
            switch self {
            case .more: "More"
            case .favorites: "Favorites"
            case .featured: "Featured"
            case .topRated: "Top Rated"
            case .recents: "Recents"
            case .contacts: "Contacts"
            case .history: "History"
            case .bookmarks: "Bookmarks"
            case .search: "Search"
            case .downloads: "Downloads"
            case .mostRecent: "Most Recent"
            case .mostViewed: "Most Viewed"
            }
        }
    }

    /// The title under or beside the image, as `title`.
    open var title: String? { didSet { changed() } }
    /// The image, as `image` (drawn as a template unless `.alwaysOriginal`).
    open var image: UIImage? { didSet { changed() } }
    /// The image shown while the item is selected, as `selectedImage`; nil: `image`.
    open var selectedImage: UIImage? {
        get { storedSelectedImage ?? image }
        set {
            storedSelectedImage = newValue
            changed()
        }
    }
    /// A number for the app's own use, as `tag`.
    open var tag = 0
    /// The text of the badge at the image's top right, as `badgeValue`; nil: no badge.
    open var badgeValue: String? { didSet { changed() } }
    /// The badge's background, as `badgeColor`; nil: UIKit's red (`systemRed`).
    open var badgeColor: UIColor? { didSet { changed() } }
    /// Whether the item can be selected, as `isEnabled`; a disabled item is drawn faded and
    /// ignores taps.
    open var isEnabled = true { didSet { changed() } }

    private var storedSelectedImage: UIImage?

    /// The bar showing the item, told of its changes.
    weak var bar: UITabBar?

    /// An item with no title or image, as `init()`.
    public init() {}

    /// An item with a title, an image and a tag, as `init(title:image:tag:)`.
    public init(title: String?, image: UIImage?, tag: Int) {
        self.title = title
        self.image = image
        self.tag = tag
    }

    /// An item with a title, an image and the image shown while selected, as
    /// `init(title:image:selectedImage:)`.
    public init(title: String?, image: UIImage?, selectedImage: UIImage?) {
        self.title = title
        self.image = image
        self.storedSelectedImage = selectedImage
    }

    /// A system item with UIKit's title for it, as `init(tabBarSystemItem:tag:)` (no glyph:
    /// see `SystemItem`). As in UIKit, its title and image cannot be changed afterwards.
    public init(tabBarSystemItem systemItem: SystemItem, tag: Int) {
        self.title = systemItem.title
        self.tag = tag
        self.systemItem = systemItem
    }

    /// The system item the item was made as, if any.
    private(set) var systemItem: SystemItem?

    private func changed() {
        if let systemItem, title != systemItem.title || image != nil {
            // UIKit keeps a system item's own title and image.
            title = systemItem.title
            image = nil
            return
        }
        bar?.itemDidChange(self)
    }
}
