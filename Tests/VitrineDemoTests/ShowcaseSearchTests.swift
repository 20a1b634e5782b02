import Foundation
import Testing
import VitrineDemo
import VitrineKit
import VitrinePlatform

/// The menu card's search bar: a tap focuses it, typed keys filter the list to the products
/// whose names hold the text, a tap on a filtered row chooses that product, Cancel-free
/// clearing shows every product again.
@MainActor @Suite struct ShowcaseSearchTests {
    private func type(_ text: String, rig: ShowcaseRig) {
        for character in text {
            rig.input.keyDown(keyCode: 30, time: rig.clock.now, characters: String(character))
            rig.input.keyUp(keyCode: 30, time: rig.clock.now + 0.01)
            rig.frames(1)
        }
    }

    @Test func typingFiltersTheMenu() throws {
        let rig = ShowcaseRig(width: 1280, height: 800)
        rig.frames(5)
        let list = rig.controller.productList
        #expect(list.searchBar.frame.height == 56 && list.tableView.frame.minY == list.searchBar.frame.maxY)
        rig.tap(list.searchBar.searchTextField)
        rig.frames(2)
        #expect(list.searchBar.isFirstResponder)
        type("bagel no. 1", rig: rig)
        let rows = try #require(list.filteredRows)
        // Bagels are every eighth product from row 4: "Bagel no. 1", "no. 10" ... "no. 19",
        // "no. 100" ... "no. 125".
        #expect(rows.count == 1 + 10 + 26)
        #expect(rows.allSatisfy { ProductListView.name(ofRow: $0).hasPrefix("Bagel no. 1") })
        #expect(list.tableView.numberOfRows(inSection: 0) == rows.count)
        rig.frames(2)
        let cell = try #require(list.tableView.cellForRow(at: IndexPath(row: 0, section: 0)))
        rig.input.tap(at: rig.controller.screenCenter(of: cell), time: rig.clock.now + ShowcaseRig.frame, duration: 0.3)
        rig.frames(30)
        #expect(list.selectedRow == rows[0])
        list.searchBar.text = ""
        list.filter(by: "")
        #expect(list.filteredRows == nil && list.tableView.numberOfRows(inSection: 0) == ProductListView.productCount)
    }
}
