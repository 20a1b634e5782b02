import Foundation

/// UIKit's additions to Foundation's `IndexPath` for lists: a row (table views) or an item
/// (collection views) within a section, as `IndexPath(row:section:)` and
/// `IndexPath(item:section:)`. The section is the first index, the row or item the second.
extension IndexPath {
    /// The index path of a table view's row, as `init(row:section:)`.
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// The index path of a collection view's item, as `init(item:section:)`.
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The section, the path's first index, as `section`.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The row within the section, the path's second index, as `row`.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// The item within the section, the path's second index, as `item`.
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}

/// UIKit's additions to Foundation's `NSIndexPath`, for code that still uses the class:
/// `NSIndexPath(row:section:)`, `NSIndexPath(item:section:)` and the `row`, `item` and
/// `section` properties, as `IndexPath`'s (the section is the first index). swift-corelibs
/// Foundation has the class without them.
extension NSIndexPath {
    /// The index path of a table view's row, as `init(row:section:)`.
    public convenience init(row: Int, section: Int) {
        self.init(indexes: [section, row], length: 2)
    }

    /// The index path of a collection view's item, as `init(item:section:)`.
    public convenience init(item: Int, section: Int) {
        self.init(indexes: [section, item], length: 2)
    }

    /// The section, the path's first index, as `section`.
    public var section: Int { index(atPosition: 0) }

    /// The row within the section, the path's second index, as `row`.
    public var row: Int { index(atPosition: 1) }

    /// The item within the section, the path's second index, as `item`.
    public var item: Int { index(atPosition: 1) }
}
