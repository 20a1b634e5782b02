import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// A scroll view puts the offsets of a drag and a deceleration on the screen's pixel grid, as
/// UIKit does, so a flung list moves by whole pixels and the compositor moves its pixels
/// instead of repainting the screen.
@MainActor @Suite(.serialized) struct ScrollViewPixelGridTests {
    @MainActor final class Rows: UITableViewDataSource {
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1_000 }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = "Row \(indexPath.row)"
            cell.contentConfiguration = content
            return cell
        }
    }

    @Test func aDragAtTwoPixelsAPointKeepsHalfPoints() {
        let s = ScrollScene(contentSize: CGSize(width: 400, height: 2000))
        s.scrollView.contentScaleFactor = 2
        s.down(at: CGPoint(x: 200, y: 250), time: 1)
        s.move(to: CGPoint(x: 200, y: 230), time: 1.016)
        s.move(to: CGPoint(x: 200, y: 123.5), time: 1.032)
        #expect(s.scrollView.contentOffset.y == 126.5)  // a whole pixel at 2x
        s.move(to: CGPoint(x: 200, y: 123.3), time: 1.048)
        #expect(s.scrollView.contentOffset.y == 126.5)  // 126.7 is 253.4 pixels: 253
        s.move(to: CGPoint(x: 200, y: 123.2), time: 1.064)
        #expect(s.scrollView.contentOffset.y == 127)  // 126.8 is 253.6 pixels: 254
    }

    @Test func aProgrammaticOffsetIsKeptAsGiven() {
        let s = ScrollScene(contentSize: CGSize(width: 400, height: 2000))
        s.scrollView.contentOffset = CGPoint(x: 0, y: 10.3)
        #expect(s.scrollView.contentOffset.y == 10.3)
    }

    @Test func aFlungTableMovesItsPixelsEveryFrameOfTheDeceleration() throws {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 400, height: 300), style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        table.rowHeight = 44
        let rows = Rows()
        table.dataSource = rows
        let s = ScrollScene(contentSize: .zero, scrollView: table)
        let screen = try #require(table.window?.screen)
        let last = s.drag(
            from: CGPoint(x: 200, y: 280),
            through: ScrollScene.steps(from: CGPoint(x: 200, y: 280), by: CGPoint(x: 0, y: -25), count: 8),
            time: 1)
        s.up(time: last + 0.004)
        #expect(table.isDecelerating)
        var frames = 0
        var scrolledFrames = 0
        var moved = 0
        var largestPainted = 0
        var offset = table.contentOffset.y
        while table.isDecelerating && frames < 600 {
            s.run(1.0 / 60)
            frames += 1
            #expect(table.contentOffset.y == table.contentOffset.y.rounded())
            let composite = try #require(screen.lastComposite)
            guard table.contentOffset.y != offset else { continue }
            offset = table.contentOffset.y
            scrolledFrames += 1
            if composite.moved != nil { moved += 1 }
            largestPainted = max(largestPainted, composite.repainted.area)
        }
        #expect(scrolledFrames > 30)
        // Every frame that scrolled moved pixels, and painted only the strip it uncovered and
        // the scroll indicator, never the screen.
        #expect(moved == scrolledFrames)
        #expect(largestPainted < 400 * 300 / 2)
    }
}
