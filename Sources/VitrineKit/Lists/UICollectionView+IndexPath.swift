import Foundation

extension IndexPath {
    /// The index path of `item` in `section`, as UIKit's `IndexPath(item:section:)`: two
    /// indexes, the section first.
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The item's index within its section (the second index), as UIKit's `item`.
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// The section's index (the first index), as UIKit's `section`.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }
}
