import Foundation
import Testing

@testable import VitrineKit

/// UIKit's list additions to `NSIndexPath`, beside `IndexPath`'s.
@Suite struct ListIndexPathTests {
    @Test func nsIndexPathHasRowItemAndSection() {
        let row = NSIndexPath(row: 4, section: 2)
        #expect(row.section == 2 && row.row == 4 && row.item == 4)
        #expect(row.length == 2 && row.index(atPosition: 0) == 2)
        let item = NSIndexPath(item: 7, section: 1)
        #expect(item.section == 1 && item.item == 7)
        #expect(row == NSIndexPath(row: 4, section: 2))
        #expect(IndexPath(row: 4, section: 2) == IndexPath(indexes: [2, 4]))
    }
}
