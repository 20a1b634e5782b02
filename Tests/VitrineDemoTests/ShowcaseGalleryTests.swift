import Foundation
import Testing
import VitrineDemo
import VitrineKit
import VitrinePlatform

/// The featured card's gallery: a swipe turns the page, as a paging scroll view does.
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
        // A quick swipe to the left across a third of the picture.
        let start = rig.controller.screenCenter(of: gallery)
        var time = rig.clock.now + ShowcaseRig.frame
        rig.input.down(at: start, time: time)
        for step in 1...6 {
            time += ShowcaseRig.frame
            rig.input.move(to: CGPoint(x: start.x - CGFloat(step) * width / 18, y: start.y), time: time)
        }
        rig.input.up(time: time + 0.005)
        rig.frames(90)
        #expect(gallery.currentPage == 1)
        #expect(abs(gallery.scrollView.contentOffset.x - width) <= 1)
        #expect(!gallery.scrollView.isDecelerating)
        // By program, animated: the last page.
        gallery.show(page: 3, animated: true)
        rig.frames(40)
        #expect(gallery.currentPage == 3)
        #expect(abs(gallery.scrollView.contentOffset.x - 3 * width) <= 1)
    }
}
