import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// A data source as iOS sample code writes one: a count and a registered cell.
@MainActor private final class PlainRows: NSObject, UITableViewDataSource {
    var count: Int
    init(_ count: Int) { self.count = count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
        cell.textLabel?.text = "\(indexPath.row)"
        return cell
    }
}

/// A table view controller subclass with 100 rows.
@MainActor private final class RowsController: UITableViewController {
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 100 }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
        cell.textLabel?.text = "\(indexPath.row)"
        return cell
    }
}

/// The sequences an acceptance test written from Apple's documentation runs on lists (issue
/// 28): a table or collection view in a window or not, its frame set before or after its data
/// source, with no layout before the offset is set, with estimated heights, inside a view
/// controller's view, sized by Auto Layout, or a table view controller's own table. After
/// `layoutIfNeeded()` the rows and items in view have cells, as UIKit updates them inside the
/// layout pass.
@MainActor @Suite(.serialized) struct ListLayoutPassSequenceTests {
    /// Sets the offset in code to 800 (row 20 at 40 points) and lays out: rows 20 to 25 show.
    private func offsetTo800(_ t: UITableView, sourceLocation: SourceLocation = #_sourceLocation) {
        t.contentOffset = CGPoint(x: 0, y: 800)
        t.layoutIfNeeded()
        #expect(t.indexPathsForVisibleRows == rows(20..<26), sourceLocation: sourceLocation)
    }

    /// Scrolls to row 60 animated, runs the animation to its end and lays out: rows 60 to 65 show.
    private func scrollToRow60(_ t: UITableView, _ rig: HeadlessRig, sourceLocation: SourceLocation = #_sourceLocation)
    {
        t.scrollToRow(at: IndexPath(row: 60, section: 0), at: .top, animated: true)
        for _ in 0..<60 { rig.clock.advance(by: HeadlessRig.frame) }
        t.layoutIfNeeded()
        #expect(t.contentOffset.y == 2400, sourceLocation: sourceLocation)
        #expect(t.indexPathsForVisibleRows == rows(60..<66), sourceLocation: sourceLocation)
    }

    /// Changes the row height to 60, reloads and lays out: the rows' rectangles and the content
    /// size follow.
    private func reloadAt60Points(_ t: UITableView, sourceLocation: SourceLocation = #_sourceLocation) {
        t.rowHeight = 60
        t.reloadData()
        t.layoutIfNeeded()
        #expect(
            t.rectForRow(at: IndexPath(row: 3, section: 0)) == CGRect(x: 0, y: 180, width: 320, height: 60),
            sourceLocation: sourceLocation)
        #expect(t.contentSize == CGSize(width: 320, height: 6000), sourceLocation: sourceLocation)
    }

    private func rows(_ r: Range<Int>) -> [IndexPath] { r.map { IndexPath(row: $0, section: 0) } }

    /// A table of 100 rows, 320x240, its frame set before or after its data source.
    private func table(frameFirst: Bool, rowHeight: CGFloat? = 40, estimated: CGFloat? = nil) -> (
        UITableView, some AnyObject
    ) {
        let source = PlainRows(100)
        let t =
            frameFirst ? UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 240), style: .plain) : UITableView()
        t.register(UITableViewCell.self, forCellReuseIdentifier: "c")
        if let rowHeight { t.rowHeight = rowHeight }
        if let estimated { t.estimatedRowHeight = estimated }
        t.dataSource = source
        if !frameFirst { t.frame = CGRect(x: 0, y: 0, width: 320, height: 240) }
        return (t, source)
    }

    @Test(arguments: [true, false]) func offsetNoWindowNoPriorLayout(frameFirst: Bool) {
        let (t, s) = table(frameFirst: frameFirst)
        offsetTo800(t)
        #expect(t.cellForRow(at: IndexPath(row: 21, section: 0)) != nil)
        _ = s
    }

    @Test(arguments: [true, false]) func offsetNoWindowAfterLayout(frameFirst: Bool) {
        let (t, s) = table(frameFirst: frameFirst)
        t.layoutIfNeeded()
        #expect(t.indexPathsForVisibleRows == rows(0..<6))
        offsetTo800(t)
        #expect(t.visibleCells.count == 6)
        _ = s
    }

    @Test func offsetEstimatedHeights() {
        let (t, s) = table(frameFirst: true, rowHeight: nil, estimated: 44)
        t.layoutIfNeeded()
        t.contentOffset = CGPoint(x: 0, y: 880)
        t.layoutIfNeeded()
        let visible = t.indexPathsForVisibleRows ?? []
        #expect(!visible.isEmpty)
        #expect(visible.first.map { t.cellForRow(at: $0) != nil } == true)
        _ = s
    }

    @Test func offsetInWindowViaViewController() {
        let rig = HeadlessRig(width: 320, height: 240)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        let vc = UIViewController()
        window.rootViewController = vc
        window.makeKeyAndVisible()
        let (t, s) = table(frameFirst: true)
        vc.view.addSubview(t)
        offsetTo800(t)
        rig.clock.advance(by: 0.05)
        scrollToRow60(t, rig)
        reloadAt60Points(t)
        #expect(t.visibleCells.count == 4)
        _ = s
    }

    @Test func tableViewController() {
        let rig = HeadlessRig(width: 320, height: 240)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        let vc = RowsController(style: .plain)
        vc.tableView.register(UITableViewCell.self, forCellReuseIdentifier: "c")
        vc.tableView.rowHeight = 40
        window.rootViewController = vc
        window.makeKeyAndVisible()
        let t = vc.tableView!
        offsetTo800(t)
        rig.clock.advance(by: 0.05)
        scrollToRow60(t, rig)
        reloadAt60Points(t)
        #expect(t.visibleCells.count == 4)
    }

    @Test func tableViewControllerNotInWindow() {
        let vc = RowsController(style: .plain)
        vc.tableView.register(UITableViewCell.self, forCellReuseIdentifier: "c")
        vc.tableView.rowHeight = 40
        vc.view.frame = CGRect(x: 0, y: 0, width: 320, height: 240)
        let t = vc.tableView!
        offsetTo800(t)
        reloadAt60Points(t)
        // The offset (800) stays, as UIKit's: rows 13 to 17 are in view at 60 points.
        #expect(t.indexPathsForVisibleRows == rows(13..<18))
    }

    @Test func rowHeightReloadNoPriorLayout() {
        let (t, s) = table(frameFirst: false)
        reloadAt60Points(t)
        #expect(t.visibleCells.count == 4)
        _ = s
    }

    @Test func animatedScrollNoWindow() {
        let rig = HeadlessRig(width: 320, height: 240)
        let (t, s) = table(frameFirst: true)
        t.layoutIfNeeded()
        scrollToRow60(t, rig)
        _ = s
    }

    @Test func collectionNoWindow() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 320, height: 40)
        layout.minimumLineSpacing = 0
        let source = GridSource([100])
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 240), collectionViewLayout: layout)
        cv.register(TileCell.self, forCellWithReuseIdentifier: "tile")
        cv.dataSource = source
        cv.contentOffset = CGPoint(x: 0, y: 800)
        cv.layoutIfNeeded()
        let items = cv.indexPathsForVisibleItems.map(\.item).sorted()
        #expect(items.contains(20) && items.contains(25))
        #expect(cv.cellForItem(at: IndexPath(item: 22, section: 0))?.frame.minY == 880)
        layout.itemSize = CGSize(width: 320, height: 60)
        cv.reloadData()
        cv.layoutIfNeeded()
        #expect(cv.contentSize == CGSize(width: 320, height: 6000))
        #expect(cv.cellForItem(at: IndexPath(item: 14, section: 0))?.frame.height == 60)
    }

    @Test func collectionEstimatedInVC() {
        let rig = HeadlessRig(width: 320, height: 240)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        let vc = UIViewController()
        window.rootViewController = vc
        window.makeKeyAndVisible()
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 320, height: 40)
        layout.minimumLineSpacing = 0
        let source = GridSource([100])
        let cv = UICollectionView(frame: vc.view.bounds, collectionViewLayout: layout)
        cv.register(TileCell.self, forCellWithReuseIdentifier: "tile")
        cv.dataSource = source
        vc.view.addSubview(cv)
        cv.contentOffset = CGPoint(x: 0, y: 800)
        cv.layoutIfNeeded()
        #expect(cv.cellForItem(at: IndexPath(item: 22, section: 0))?.frame.minY == 880)
        rig.clock.advance(by: 0.05)
        cv.scrollToItem(at: IndexPath(item: 60, section: 0), at: .top, animated: true)
        for _ in 0..<60 { rig.clock.advance(by: HeadlessRig.frame) }
        cv.layoutIfNeeded()
        #expect(cv.contentOffset.y == 2400)
        #expect(cv.cellForItem(at: IndexPath(item: 61, section: 0))?.frame.minY == 2440)
    }

    /// Adds `view` to `container`, its edges pinned to the container's by constraints.
    private func pinned(_ view: UIView, in container: UIView) {
        view.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(view)
        NSLayoutConstraint.activate([
            view.topAnchor.constraint(equalTo: container.topAnchor),
            view.bottomAnchor.constraint(equalTo: container.bottomAnchor),
            view.leadingAnchor.constraint(equalTo: container.leadingAnchor),
            view.trailingAnchor.constraint(equalTo: container.trailingAnchor),
        ])
    }

    @Test(arguments: [true, false]) func autoLayoutTableInViewController(inWindow: Bool) {
        let rig = HeadlessRig(width: 320, height: 240)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        let vc = UIViewController()
        if inWindow {
            window.rootViewController = vc
            window.makeKeyAndVisible()
        } else {
            vc.view.frame = CGRect(x: 0, y: 0, width: 320, height: 240)
        }
        let source = PlainRows(100)
        let t = UITableView(frame: .zero, style: .plain)
        t.register(UITableViewCell.self, forCellReuseIdentifier: "c")
        t.rowHeight = 40
        t.dataSource = source
        pinned(t, in: vc.view)
        offsetTo800(t)
        #expect(t.cellForRow(at: IndexPath(row: 21, section: 0)) != nil)
        reloadAt60Points(t)
        #expect(!t.visibleCells.isEmpty)
        _ = rig
    }

    @Test(arguments: [true, false]) func autoLayoutTableAnimatedScrollBeforeLayout(inWindow: Bool) {
        let rig = HeadlessRig(width: 320, height: 240)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        let vc = UIViewController()
        window.rootViewController = vc
        window.makeKeyAndVisible()
        let source = PlainRows(100)
        let t = UITableView(frame: .zero, style: .plain)
        t.register(UITableViewCell.self, forCellReuseIdentifier: "c")
        t.rowHeight = 40
        t.dataSource = source
        pinned(t, in: vc.view)
        if inWindow { rig.settle() }
        scrollToRow60(t, rig)
    }

    @Test func autoLayoutCollection() {
        let rig = HeadlessRig(width: 320, height: 240)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        let vc = UIViewController()
        window.rootViewController = vc
        window.makeKeyAndVisible()
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 320, height: 40)
        layout.minimumLineSpacing = 0
        let source = GridSource([100])
        let cv = UICollectionView(frame: .zero, collectionViewLayout: layout)
        cv.register(TileCell.self, forCellWithReuseIdentifier: "tile")
        cv.dataSource = source
        pinned(cv, in: vc.view)
        cv.contentOffset = CGPoint(x: 0, y: 800)
        cv.layoutIfNeeded()
        #expect(cv.cellForItem(at: IndexPath(item: 22, section: 0))?.frame.minY == 880)
        #expect(!cv.indexPathsForVisibleItems.isEmpty)
        _ = rig
    }
}
