import Foundation
import Testing
import VitrineDemo
import VitrineKit
import VitrinePlatform

/// The featured card's gallery: a swipe turns the page, as a paging scroll view does; its
/// page control follows and turns it.
@MainActor @Suite struct ShowcaseGalleryTests {
    @Test func aSwipeTurnsThePageAndTheContentSizeHoldsEveryPicture() {
        let rig = ShowcaseRig(width: 1280, height: 800)
        rig.frames(5)
        let gallery = rig.controller.gallery
        let width = gallery.scrollView.bounds.width
        #expect(width > 100)
        // Four pictures as wide as the gallery (to the pixel: the cards' width is fractional).
        #expect(abs(gallery.scrollView.contentSize.width - width * CGFloat(gallery.pages.count)) <= 1)
        #expect(gallery.pages.count == 4)
        #expect(gallery.currentPage == 0)
        swipeToTheNextPage(rig)
        #expect(gallery.currentPage == 1)
        #expect(abs(gallery.scrollView.contentOffset.x - width) <= 1)
        #expect(!gallery.scrollView.isDecelerating)
        // By program, animated: the last page.
        gallery.show(page: 3, animated: true)
        rig.frames(40)
        #expect(gallery.currentPage == 3)
        #expect(abs(gallery.scrollView.contentOffset.x - 3 * width) <= 1)
    }

    @Test func aSwipeMovesThePageControlAndATapOnItTurnsThePage() {
        let rig = ShowcaseRig(width: 1280, height: 800)
        rig.frames(5)
        let gallery = rig.controller.gallery
        let control = gallery.pageControl
        let width = gallery.scrollView.bounds.width
        #expect(control.numberOfPages == gallery.pages.count)
        #expect(control.currentPage == 0)
        // Over the pictures, centred, just above the captions.
        let frame = control.frameOnScreen
        #expect(abs(frame.midX - gallery.frameOnScreen.midX) <= 1)
        #expect(abs(frame.maxY - gallery.captions[0].frameOnScreen.minY) <= 1)
        #expect(frame.width >= CGFloat(4 * 16))

        swipeToTheNextPage(rig)
        #expect(control.currentPage == 1)

        // A tap right of the current indicator: forward a page, and the gallery scrolls there.
        let center = rig.controller.screenCenter(of: control)
        rig.input.tap(
            at: CGPoint(x: center.x + frame.width / 2 - 6, y: center.y), time: rig.clock.now + ShowcaseRig.frame)
        rig.frames(3)
        #expect(control.currentPage == 2)
        #expect(gallery.scrollView.isScrollAnimating)
        rig.frames(40)
        #expect(gallery.currentPage == 2)
        #expect(control.currentPage == 2)
        #expect(abs(gallery.scrollView.contentOffset.x - 2 * width) <= 1)
        // Left of it: back a page.
        rig.input.tap(
            at: CGPoint(x: center.x - frame.width / 2 + 6, y: center.y), time: rig.clock.now + ShowcaseRig.frame)
        rig.frames(40)
        #expect(gallery.currentPage == 1)
        #expect(control.currentPage == 1)
        #expect(abs(gallery.scrollView.contentOffset.x - width) <= 1)
    }

    /// A quick swipe to the left across a third of the picture, and the frames it takes to
    /// settle on the next page.
    private func swipeToTheNextPage(_ rig: ShowcaseRig) {
        let gallery = rig.controller.gallery
        let width = gallery.scrollView.bounds.width
        let start = rig.controller.screenCenter(of: gallery)
        var time = rig.clock.now + ShowcaseRig.frame
        rig.input.down(at: start, time: time)
        for step in 1...6 {
            time += ShowcaseRig.frame
            rig.input.move(to: CGPoint(x: start.x - CGFloat(step) * width / 18, y: start.y), time: time)
        }
        rig.input.up(time: time + 0.005)
        rig.frames(90)
    }
}

/// The menu card's product list: a drag scrolls it through reused cells, a tap chooses.
@MainActor @Suite struct ShowcaseMenuTests {
    @Test func aDragScrollsTheListAndATapChoosesAProductAndShowsItsScreen() throws {
        let rig = ShowcaseRig(width: 1280, height: 800)
        rig.frames(5)
        let table = rig.controller.productList.tableView
        #expect(table.contentSize.height == CGFloat(ProductListView.productCount) * table.rowHeight)
        let start = rig.controller.screenCenter(of: table)
        var time = rig.clock.now + ShowcaseRig.frame
        rig.input.down(at: start, time: time)
        for step in 1...8 {
            time += ShowcaseRig.frame
            rig.input.move(to: CGPoint(x: start.x, y: start.y - CGFloat(step) * 40), time: time)
        }
        rig.input.up(time: time + 0.005)
        // UIKit's deceleration (0.998 a millisecond) runs about four seconds from this speed.
        rig.frames(420)
        #expect(table.contentOffset.y > 300)
        #expect(!table.isDecelerating)
        let cells = table.visibleCells.count
        #expect(cells >= 3 && table.subviews.filter { $0 is UITableViewCell }.count <= cells + 4)
        // A tap on the row in the middle chooses it (after the scroll view's touch delay).
        let middle = CGPoint(x: table.bounds.midX, y: table.contentOffset.y + table.bounds.height / 2)
        guard let first = table.indexPathForRow(at: middle), let cell = table.cellForRow(at: first) else {
            Issue.record("no visible row")
            return
        }
        rig.input.tap(at: rig.controller.screenCenter(of: cell), time: rig.clock.now + ShowcaseRig.frame, duration: 0.3)
        rig.frames(30)
        #expect(rig.controller.productList.selectedRow == first.row)
        #expect(rig.controller.statusLabel.text == "Chose \(ProductListView.name(ofRow: first.row))")

        // The product's screen was pushed: its name in the bar, now shown, and on the screen
        // below the bar.
        let navigation = rig.app.navigationController
        let details = try #require(navigation.topViewController as? ProductDetailViewController)
        #expect(details.row == first.row)
        #expect(navigation.navigationItem.title == nil && details.navigationItem.title == details.title)
        #expect(!navigation.isNavigationBarHidden)
        #expect(details.nameLabel.text == ProductListView.name(ofRow: first.row))
        #expect(details.nameLabel.frameOnScreen.minY >= navigation.navigationBar.frameOnScreen.maxY)
        #expect(details.view.window != nil && rig.controller.view.window == nil)
        // Order: an alert asks first; its Order runs after the alert has gone, and the menu
        // is back, without the bar, saying what was ordered.
        rig.input.tap(at: rig.controller.screenCenter(of: details.orderButton), time: rig.clock.now + ShowcaseRig.frame)
        rig.frames(30)
        let alert = try #require(details.presentedViewController as? UIAlertController)
        #expect(alert.title == "Order \(ProductListView.name(ofRow: first.row))?")
        #expect(alert.actions.map(\.title) == ["Cancel", "Order"])
        let orderInAlert = try #require(Self.label("Order", in: alert.view))
        rig.input.tap(at: rig.controller.screenCenter(of: orderInAlert), time: rig.clock.now + ShowcaseRig.frame)
        rig.frames(60)
        #expect(details.presentedViewController == nil)
        #expect(navigation.topViewController === rig.controller)
        #expect(navigation.isNavigationBarHidden)
        #expect(rig.controller.view.window != nil && details.view.window == nil)
        #expect(rig.controller.statusLabel.text == "Ordered \(ProductListView.name(ofRow: first.row))")
    }

    @Test func aProductsNoteIsATextViewThatGrowsWithItsLines() throws {
        let rig = ShowcaseRig(width: 1280, height: 800)
        rig.frames(5)
        let navigation = rig.app.navigationController
        let details = ProductDetailViewController(row: 1)
        navigation.pushViewController(details, animated: true)
        rig.frames(40)
        let note = details.noteView
        let oneLine = note.frame.height
        #expect(note.frame.width == 420 && oneLine > 20)
        // A tap starts editing; typed lines make the note taller and push the button down.
        rig.input.tap(at: rig.controller.screenCenter(of: note), time: rig.clock.now + ShowcaseRig.frame)
        rig.frames(5)
        #expect(note.isFirstResponder)
        note.insertText("No sugar\nExtra hot")
        rig.frames(5)
        #expect(note.text == "No sugar\nExtra hot")
        #expect(note.frame.height > oneLine + 15)
        #expect(details.orderButton.frame.minY >= note.frame.maxY)
    }

    @Test func aSwipeFromTheLeftEdgeTakesAProductsScreenBackToTheMenu() throws {
        let rig = ShowcaseRig(width: 1280, height: 800)
        rig.frames(5)
        let navigation = rig.app.navigationController
        let details = ProductDetailViewController(row: 2)
        navigation.pushViewController(details, animated: true)
        rig.frames(40)
        #expect(navigation.topViewController === details && !navigation.isNavigationBarHidden)
        // A swipe that stops short of half the width goes back to the product's screen.
        func swipe(to x: CGFloat) {
            var time = rig.clock.now + ShowcaseRig.frame
            rig.input.down(at: CGPoint(x: 3, y: 400), time: time)
            for step in 1...10 {
                time += ShowcaseRig.frame
                rig.clock.advance(to: time)
                rig.input.move(to: CGPoint(x: 3 + (x - 3) * CGFloat(step) / 10, y: 400), time: time)
            }
            time += 0.2
            rig.clock.advance(to: time)
            rig.input.up(time: time)
            rig.frames(40)
        }
        swipe(to: 400)
        #expect(navigation.topViewController === details && !navigation.isNavigationBarHidden)
        #expect(details.view.window != nil && rig.controller.view.window == nil)
        // Past half: back to the menu, without the bar.
        swipe(to: 1000)
        #expect(navigation.topViewController === rig.controller && navigation.isNavigationBarHidden)
        #expect(rig.controller.view.window != nil && details.view.window == nil)
    }

    /// The label showing `text` in `view`'s subtree.
    private static func label(_ text: String, in view: UIView) -> UILabel? {
        if let label = view as? UILabel, label.text == text { return label }
        for subview in view.subviews {
            if let found = label(text, in: subview) { return found }
        }
        return nil
    }
}
