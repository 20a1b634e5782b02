import Foundation
import Testing
import VitrineKit
import VitrineTestSupport

/// A picker's data source and delegate that counts what it is asked.
@MainActor
final class PickerSource: UIPickerViewDataSource, UIPickerViewDelegate {
    var rows: [Int]
    var titleRequests = 0
    var rowCountRequests = 0
    var selections: [String] = []
    var rowHeight: CGFloat?
    var widths: [CGFloat]?
    var usesViews = false
    var usesAttributedTitles = false
    var madeViews = 0
    var reusedViews = 0

    init(rows: [Int]) { self.rows = rows }

    func numberOfComponents(in pickerView: UIPickerView) -> Int { rows.count }
    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int {
        rowCountRequests += 1
        return rows[component]
    }
    func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        titleRequests += 1
        return "Row \(row)"
    }
    func pickerView(_ pickerView: UIPickerView, attributedTitleForRow row: Int, forComponent component: Int)
        -> NSAttributedString?
    {
        guard usesAttributedTitles else { return nil }
        return NSAttributedString(string: "Styled \(row)", attributes: [.foregroundColor: UIColor.red])
    }
    func pickerView(_ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int, reusing view: UIView?)
        -> UIView?
    {
        guard usesViews else { return nil }
        if let view {
            reusedViews += 1
            view.tag = row
            return view
        }
        madeViews += 1
        let made = UIView(frame: .zero)
        made.tag = row
        return made
    }
    func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat {
        rowHeight ?? UIPickerView.defaultRowHeight
    }
    func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat {
        widths?[component] ?? pickerView.rowSize(forComponent: component).width  // no loop
    }
    func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {
        selections.append("\(component):\(row)")
    }
}

@MainActor @Suite struct PickerViewTests {
    /// A 320x216 picker at (40, 40) in a fresh scene, laid out, with `rows` per component.
    private func setUp(_ rows: [Int], configure: (PickerSource) -> Void = { _ in }) -> (
        EventScene, UIPickerView, PickerSource
    ) {
        let scene = EventScene()
        let source = PickerSource(rows: rows)
        configure(source)
        let picker = UIPickerView(frame: CGRect(x: 40, y: 40, width: 320, height: 216))
        picker.dataSource = source
        picker.delegate = source
        scene.window.addSubview(picker)
        scene.clock.advance(by: 0.05)
        return (scene, picker, source)
    }

    /// Moves the clock to `time` first, as a panel's input and clock agree.
    private func reach(_ scene: EventScene, _ time: Double) {
        if time > scene.clock.now { scene.clock.advance(to: time) }
    }

    /// A slow drag by `dy` at `x`, held still before lifting (no fling).
    private func slowDrag(_ scene: EventScene, x: CGFloat, by dy: CGFloat, time: Double) -> Double {
        var t = time
        reach(scene, t)
        scene.input.down(at: CGPoint(x: x, y: 148), time: t)
        for step in 1...20 {
            t += 1.0 / 60
            reach(scene, t)
            scene.input.move(to: CGPoint(x: x, y: 148 + dy * CGFloat(step) / 20), time: t)
        }
        t += 0.3
        reach(scene, t)
        scene.input.up(time: t)
        return t
    }

    @Test func itAsksForShapeAndShowsTheFirstRows() {
        let (_, picker, source) = setUp([100, 5])
        #expect(picker.numberOfComponents == 2)
        #expect(picker.numberOfRows(inComponent: 0) == 100 && picker.numberOfRows(inComponent: 1) == 5)
        #expect(picker.numberOfRows(inComponent: 7) == 0)
        #expect(picker.selectedRow(inComponent: 0) == 0 && picker.selectedRow(inComponent: 1) == 0)
        #expect(picker.intrinsicContentSize == CGSize(width: 320, height: 216))
        #expect(picker.rowSize(forComponent: 0).height == 32)
        let first = picker.view(forRow: 0, forComponent: 0)
        #expect((first as? UILabel)?.text == "Row 0")
        // Row 0 sits in the middle of the picker.
        let middle = first.map { $0.convert(CGPoint(x: $0.bounds.midX, y: $0.bounds.midY), to: picker) }
        #expect(middle.map { abs($0.y - 108) < 0.5 } == true)
        // Rows in view only.
        #expect(picker.view(forRow: 50, forComponent: 0) == nil)
        #expect(source.titleRequests < 20)
        #expect(source.selections.isEmpty)
    }

    @Test func emptyPickersWork() {
        let (_, picker, _) = setUp([0])
        #expect(picker.numberOfComponents == 1 && picker.numberOfRows(inComponent: 0) == 0)
        #expect(picker.selectedRow(inComponent: 0) == -1)
        picker.selectRow(3, inComponent: 0, animated: true)
        #expect(picker.selectedRow(inComponent: 0) == -1)
        #expect(picker.view(forRow: 0, forComponent: 0) == nil)
        let (_, none, _) = setUp([])
        #expect(none.numberOfComponents == 0 && none.selectedRow(inComponent: 0) == -1)
        let bare = UIPickerView(frame: CGRect(x: 0, y: 0, width: 320, height: 216))
        bare.layoutIfNeeded()
        #expect(bare.numberOfComponents == 0)
    }

    @Test func tenMillionRowsMakeOnlyTheRowsInView() {
        let (scene, picker, source) = setUp([10_000_000]) { $0.usesViews = true }
        let start = Date()
        #expect(picker.numberOfRows(inComponent: 0) == 10_000_000)
        #expect(source.madeViews > 3 && source.madeViews < 20)
        picker.selectRow(9_999_999, inComponent: 0, animated: false)
        scene.clock.advance(by: 1.0 / 60)
        #expect(picker.selectedRow(inComponent: 0) == 9_999_999)
        #expect(picker.view(forRow: 9_999_999, forComponent: 0)?.tag == 9_999_999)
        #expect(picker.view(forRow: 0, forComponent: 0) == nil)
        picker.selectRow(5_000_000, inComponent: 0, animated: true)
        scene.clock.advance(by: 0.5)
        #expect(picker.view(forRow: 5_000_000, forComponent: 0) != nil)
        #expect(source.madeViews < 30)  // views scrolled out are reused, not multiplied
        #expect(source.reusedViews > 0)
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test func selectRowMovesWithoutTellingTheDelegate() {
        let (scene, picker, source) = setUp([30])
        picker.selectRow(5, inComponent: 0, animated: false)
        #expect(picker.selectedRow(inComponent: 0) == 5)
        scene.clock.advance(by: 1.0 / 60)
        let row = picker.view(forRow: 5, forComponent: 0)
        let middle = row.map { $0.convert(CGPoint(x: $0.bounds.midX, y: $0.bounds.midY), to: picker) }
        #expect(middle.map { abs($0.y - 108) < 0.5 } == true)
        picker.selectRow(12, inComponent: 0, animated: true)
        #expect(picker.selectedRow(inComponent: 0) == 12)
        scene.clock.advance(by: 0.5)
        picker.selectRow(99, inComponent: 0, animated: false)  // out of range
        picker.selectRow(-1, inComponent: 0, animated: false)
        picker.selectRow(1, inComponent: 4, animated: false)
        #expect(picker.selectedRow(inComponent: 0) == 12)
        #expect(source.selections.isEmpty)
    }

    @Test func aDragSettlesOnTheNearestRowAndTellsTheDelegate() {
        let (scene, picker, source) = setUp([30, 30])
        // Up by 3 rows and a bit (the pan's 10-point hysteresis is part of the drag).
        let end = slowDrag(scene, x: 100, by: -(3 * 32 + 5), time: 1)
        reach(scene, end + 1)
        #expect(picker.selectedRow(inComponent: 0) == 3)
        #expect(picker.selectedRow(inComponent: 1) == 0)
        #expect(source.selections == ["0:3"])
        let wheel = picker.view(forRow: 3, forComponent: 0)?.superview?.superview
        #expect(wheel?.isAccessibilityElement == true && wheel?.accessibilityValue == "Row 3")
        #expect(wheel?.accessibilityTraits.contains(.adjustable) == true)
        let row = picker.view(forRow: 3, forComponent: 0)
        let middle = row.map { $0.convert(CGPoint(x: $0.bounds.midX, y: $0.bounds.midY), to: picker) }
        #expect(middle.map { abs($0.y - 108) < 0.5 } == true)
    }

    @Test func aFlingDeceleratesOntoARow() {
        let (scene, picker, source) = setUp([1000])
        var t = 1.0
        reach(scene, t)
        scene.input.down(at: CGPoint(x: 200, y: 240), time: t)
        for step in 1...6 {
            t += 1.0 / 60
            reach(scene, t)
            scene.input.move(to: CGPoint(x: 200, y: 240 - CGFloat(step) * 25), time: t)
        }
        scene.input.up(time: t)
        reach(scene, t + 5)
        let row = picker.selectedRow(inComponent: 0)
        #expect(row > 10)  // it went on well past the finger's 150 points (about 5 rows)
        #expect(source.selections == ["0:\(row)"])
        let view = picker.view(forRow: row, forComponent: 0)
        let middle = view.map { $0.convert(CGPoint(x: $0.bounds.midX, y: $0.bounds.midY), to: picker) }
        #expect(middle.map { abs($0.y - 108) < 0.5 } == true)
    }

    @Test func aTapStopsAFlingOnARow() {
        let (scene, picker, source) = setUp([1000])
        var t = 1.0
        reach(scene, t)
        scene.input.down(at: CGPoint(x: 200, y: 240), time: t)
        for step in 1...6 {
            t += 1.0 / 60
            reach(scene, t)
            scene.input.move(to: CGPoint(x: 200, y: 240 - CGFloat(step) * 25), time: t)
        }
        scene.input.up(time: t)
        reach(scene, t + 0.3)
        #expect(source.selections.isEmpty)  // still turning
        scene.input.tap(at: CGPoint(x: 200, y: 148), time: t + 0.3)
        reach(scene, t + 2)
        let row = picker.selectedRow(inComponent: 0)
        #expect(row > 0 && source.selections == ["0:\(row)"])
        let view = picker.view(forRow: row, forComponent: 0)
        let middle = view.map { $0.convert(CGPoint(x: $0.bounds.midX, y: $0.bounds.midY), to: picker) }
        #expect(middle.map { abs($0.y - 108) < 0.5 } == true)
    }

    @Test func aTapBelowTheMiddleTurnsToThatRow() {
        let (scene, picker, source) = setUp([10])
        reach(scene, 1)
        scene.input.tap(at: CGPoint(x: 200, y: 148 + 34), time: 1)  // the next row down
        reach(scene, 2)
        #expect(picker.selectedRow(inComponent: 0) == 1)
        #expect(source.selections == ["0:1"])
        // A drag past the end springs back onto the last row.
        picker.selectRow(9, inComponent: 0, animated: false)
        let end = slowDrag(scene, x: 200, by: -120, time: 3)
        reach(scene, end + 2)
        #expect(picker.selectedRow(inComponent: 0) == 9)
        #expect(source.selections == ["0:1"])
    }

    @Test func reloadingAsksAgainAndKeepsTheSelectionInRange() {
        let (scene, picker, source) = setUp([20])
        picker.selectRow(15, inComponent: 0, animated: false)
        let asked = source.rowCountRequests
        source.rows = [10]
        picker.reloadComponent(0)
        #expect(source.rowCountRequests == asked + 1)
        #expect(picker.numberOfRows(inComponent: 0) == 10 && picker.selectedRow(inComponent: 0) == 9)
        source.rows = [0, 4]
        picker.reloadAllComponents()
        #expect(picker.numberOfComponents == 2)
        #expect(picker.selectedRow(inComponent: 0) == -1 && picker.selectedRow(inComponent: 1) == 0)
        scene.clock.advance(by: 1.0 / 60)
        #expect((picker.view(forRow: 0, forComponent: 1) as? UILabel)?.text == "Row 0")
    }

    @Test func delegateSizesTitlesAndViewsAreUsed() {
        let (scene, picker, source) = setUp([10, 10]) {
            $0.rowHeight = 40
            $0.widths = [200, 80]
            $0.usesAttributedTitles = true
        }
        #expect(picker.rowSize(forComponent: 0) == CGSize(width: 200, height: 40))
        let label = picker.view(forRow: 0, forComponent: 0) as? UILabel
        #expect(label?.text == "Styled 0" && label?.textColor == .red)
        #expect(label?.bounds.height == 40)
        let wheel0 = picker.view(forRow: 0, forComponent: 0)?.superview?.superview
        let wheel1 = picker.view(forRow: 0, forComponent: 1)?.superview?.superview
        #expect(wheel0?.frame.width == 200 && wheel1?.frame.width == 80)
        #expect(wheel0.map { $0.frame.minX == (320 - 284) / 2 } == true)
        source.usesViews = true
        picker.reloadAllComponents()
        scene.clock.advance(by: 1.0 / 60)
        #expect(picker.view(forRow: 1, forComponent: 1)?.tag == 1 && source.madeViews > 0)
    }

    @Test func theWheelFadesRowsAwayFromTheMiddle() throws {
        let (scene, picker, _) = setUp([10])
        picker.selectRow(4, inComponent: 0, animated: false)
        scene.clock.advance(by: 1.0 / 60)
        let middle = try #require(picker.view(forRow: 4, forComponent: 0))
        let next = try #require(picker.view(forRow: 5, forComponent: 0))
        let far = try #require(picker.view(forRow: 7, forComponent: 0))
        #expect(middle.alpha > next.alpha && next.alpha > far.alpha)
        #expect(middle.frame.height > next.frame.height && next.frame.height > far.frame.height)
        // Closer together away from the middle.
        let gap1 = next.center.y - middle.center.y
        let gap2 = far.center.y - (picker.view(forRow: 6, forComponent: 0)?.center.y ?? 0)
        #expect(gap1 > gap2)
    }

    @Test func snapshotWheel() throws {
        let source = PickerSource(rows: [20, 20])
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 216))
        root.backgroundColor = .white
        let picker = UIPickerView(frame: root.bounds)
        picker.dataSource = source
        picker.delegate = source
        root.addSubview(picker)
        picker.selectRow(3, inComponent: 0, animated: false)
        let buffer = PixelBuffer(width: 320, height: 216, format: .xrgb8888)
        root.layer.layoutAndDisplayIfNeeded()
        Compositor().render(root.layer, into: buffer, bufferAge: 0)
        try assertSnapshot(of: buffer, named: "picker-view-wheel", tolerance: 8, maxDifferingPixels: 80)
    }
}
