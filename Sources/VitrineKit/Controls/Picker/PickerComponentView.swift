import Foundation

/// One wheel of a `UIPickerView`: a vertical `UIScrollView` whose content is the component's
/// rows stacked `rowHeight` apart, inset by half the visible height less half a row at both
/// ends so that the first and last rows can reach the middle. It makes views only for the
/// rows in view, drawn on a wheel (see `layoutSubviews`), and snaps to whole rows through the
/// scroll view's own deceleration: the projected resting offset is moved to the nearest row
/// in `scrollViewWillEndDragging`, so the deceleration curve ends exactly on it.
@MainActor
final class PickerComponentView: UIScrollView, UIScrollViewDelegate, UIGestureRecognizerDelegate {
    // Accessibility: each wheel is an adjustable element whose value is its selected row's
    // title, as UIKit's picker wheels.
    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { .adjustable }
    override var defaultAccessibilityValue: String? {
        guard selectedRow >= 0 else { return nil }
        return (visibleRows[selectedRow] as? UILabel)?.text
    }

    /// The picker that owns the wheel (it asks the picker for row views).
    weak var picker: UIPickerView?
    /// The component's index in the picker.
    var component: Int
    /// How many rows the component has (the data source's last answer).
    private(set) var rowCount = 0
    /// The height of each row.
    private(set) var rowHeight: CGFloat = UIPickerView.defaultRowHeight
    /// The row the wheel rests on, -1 when it has no rows.
    var selectedRow = -1

    /// Holds the row views; it covers the visible bounds and takes no touches, so taps reach
    /// the wheel itself.
    private let rowContainer = UIView(frame: .zero)
    /// The views of the rows in view, by row.
    private(set) var visibleRows: [Int: UIView] = [:]
    /// Views of rows that scrolled out, offered for reuse.
    private var reusableViews: [UIView] = []

    init(picker: UIPickerView, component: Int) {
        self.picker = picker
        self.component = component
        super.init(frame: .zero)
        contentInsetAdjustmentBehavior = .never
        showsVerticalScrollIndicator = false
        showsHorizontalScrollIndicator = false
        alwaysBounceVertical = true
        scrollsToTop = false
        rowContainer.isUserInteractionEnabled = false
        addSubview(rowContainer)
        delegate = self
        let tap = UITapGestureRecognizer { [weak self] recognizer in
            guard let self, recognizer.state == .ended else { return }
            self.tapped(at: recognizer.location(in: self))
        }
        tap.delegate = self
        addGestureRecognizer(tap)
    }

    /// The tap works beside the scroll view's delayed-touches recognizer, which takes a touch
    /// that stopped a deceleration: that tap must still settle the wheel on a row.
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer
    ) -> Bool {
        other.view === self && other !== panGestureRecognizer
    }

    required init?(coder: NSCoder) {
        return nil
    }

    // MARK: Shape

    /// Takes new counts and heights: the content size and insets change, the selection stays
    /// within the rows (the last row when it fell off the end, row 0 when rows appear), and
    /// every row view is made afresh.
    func reload(rowCount count: Int, rowHeight height: CGFloat) {
        rowCount = max(0, count)
        rowHeight = height.isFinite && height > 0 ? height : UIPickerView.defaultRowHeight
        if rowCount == 0 {
            selectedRow = -1
        } else {
            selectedRow = min(max(selectedRow, 0), rowCount - 1)
        }
        for view in visibleRows.values { view.removeFromSuperview() }
        visibleRows.removeAll()
        reusableViews.removeAll()
        updateContentGeometry()
        setNeedsLayout()
    }

    /// The content size and end insets for the current bounds, rows and height; the offset
    /// goes to the selected row unless the wheel is moving.
    func updateContentGeometry() {
        contentSize = CGSize(width: bounds.width, height: CGFloat(rowCount) * rowHeight)
        let end = max(0, (bounds.height - rowHeight) / 2)
        let insets = UIEdgeInsets(top: end, left: 0, bottom: end, right: 0)
        if contentInset != insets { contentInset = insets }
        if !isTracking && !isDragging && !isDecelerating && !isScrollAnimating {
            let target = CGPoint(x: 0, y: offset(forRow: max(selectedRow, 0)))
            if contentOffset != target { contentOffset = target }
        }
    }

    /// The content offset that puts `row` in the middle.
    func offset(forRow row: Int) -> CGFloat {
        CGFloat(row) * rowHeight - contentInset.top
    }

    /// The row nearest the middle at offset `y`.
    func nearestRow(forOffset y: CGFloat) -> Int {
        guard rowCount > 0, y.isFinite else { return -1 }
        let row = Int(((y + contentInset.top) / rowHeight).rounded())
        return min(max(row, 0), rowCount - 1)
    }

    /// Scrolls to `row` (in range) and makes it the selection, without telling the delegate.
    func select(row: Int, animated: Bool) {
        guard row >= 0, row < rowCount else { return }
        selectedRow = row
        let target = CGPoint(x: 0, y: offset(forRow: row))
        guard bounds.height > 0 else { return }
        if animated {
            setContentOffset(target, animated: true)
        } else {
            stopScrollingAndZooming()
            contentOffset = target
        }
    }

    // MARK: The wheel

    /// The wheel's radius: half the visible height, so the rows at the top and bottom edges
    /// are seen edge-on.
    private var radius: CGFloat { max(bounds.height / 2, 1) }

    /// Places the rows in view on a cylinder seen from the front: a row whose centre is `d`
    /// points (along the wheel) from the middle sits at `R·sin(d/R)` from the middle, squashed
    /// vertically by `cos(d/R)`, a little narrower and faded by the same factor. Rows past a
    /// quarter turn are not shown. Views are asked for only for these rows.
    override func layoutSubviews() {
        super.layoutSubviews()
        rowContainer.frame = bounds
        let r = radius
        let middle = bounds.height / 2
        let middleInContent = bounds.minY + middle
        let reach = r * .pi / 2
        var wanted = Set<Int>()
        if rowCount > 0, rowHeight > 0, middleInContent.isFinite {
            let first = max(0, Int(((middleInContent - reach) / rowHeight).rounded(.down)))
            let last = min(rowCount - 1, Int(((middleInContent + reach) / rowHeight).rounded(.down)))
            if first <= last {
                for row in first...last {
                    let distance = (CGFloat(row) + 0.5) * rowHeight - middleInContent
                    if abs(distance) < reach { wanted.insert(row) }
                }
            }
        }
        for (row, view) in visibleRows where !wanted.contains(row) {
            view.removeFromSuperview()
            view.transform = .identity
            visibleRows[row] = nil
            reusableViews.append(view)
        }
        for row in wanted.sorted() {
            let view: UIView
            if let shown = visibleRows[row] {
                view = shown
            } else {
                guard let picker else { break }
                let reused = reusableViews.popLast()
                view = picker.makeRowView(row: row, component: component, reusing: reused)
                view.transform = .identity
                visibleRows[row] = view
                rowContainer.addSubview(view)
            }
            let angle = ((CGFloat(row) + 0.5) * rowHeight - middleInContent) / r
            let squash = max(cos(angle), 0.01)
            view.bounds = CGRect(x: 0, y: 0, width: bounds.width, height: rowHeight)
            view.center = CGPoint(x: bounds.width / 2, y: middle + r * sin(angle))
            view.transform = CGAffineTransform(scaleX: 1 - 0.1 * (1 - squash), y: squash)
            view.alpha = max(0.1, squash * squash)
        }
        // Keep no more spare views than a screenful.
        if reusableViews.count > wanted.count + 2 { reusableViews.removeFirst(reusableViews.count - wanted.count - 2) }
    }

    /// The row view shown for `row`, if it is in view.
    func view(forRow row: Int) -> UIView? { visibleRows[row] }

    // MARK: Snapping

    /// Below this speed (points per millisecond) a release does not fling.
    static let slowRelease: CGFloat = 0.1

    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
        // Released (nearly) still: no deceleration; `settle()` pulls the wheel onto the
        // nearest row with a short animation, as a slow decay over a few points would crawl.
        if abs(velocity.y) < Self.slowRelease {
            targetContentOffset.pointee = contentOffset
            return
        }
        let row = nearestRow(forOffset: targetContentOffset.pointee.y)
        guard row >= 0 else { return }
        targetContentOffset.pointee.y = offset(forRow: row)
    }

    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        if !decelerate { settle() }
    }

    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { settle() }

    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { settle() }

    /// The wheel stopped: onto the nearest row if it is between rows (animated), else that row
    /// becomes the selection, and the picker tells its delegate when it changed.
    func settle() {
        let row = nearestRow(forOffset: contentOffset.y)
        guard row >= 0 else { return }
        let target = offset(forRow: row)
        if abs(contentOffset.y - target) > 0.5 {
            setContentOffset(CGPoint(x: 0, y: target), animated: true)
            return
        }
        guard row != selectedRow else { return }
        selectedRow = row
        picker?.componentDidSettle(self, onRow: row)
    }

    // MARK: Taps

    /// A tap (a touch the pan did not take; also one that stopped a deceleration) on a row
    /// above or below the middle turns the wheel to it, as in UIKit; a tap on the middle row
    /// (or past the ends) leaves the wheel on the nearest row.
    func tapped(at point: CGPoint) {
        guard rowCount > 0, !isDragging else { return }
        let y = point.y - bounds.minY - bounds.height / 2
        let r = radius
        let angle = asin(min(max(y / r, -1), 1))
        let middleInContent = bounds.minY + bounds.height / 2
        let row = Int(((middleInContent + angle * r) / rowHeight).rounded(.down))
        guard row >= 0, row < rowCount, abs(contentOffset.y - offset(forRow: row)) > 0.5 else {
            settle()
            return
        }
        setContentOffset(CGPoint(x: 0, y: offset(forRow: row)), animated: true)
    }

    /// The wheel's touches are its own: they do not travel up to the picker's superviews
    /// (a date picker is a control that would track them).
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}

    /// A touch taken by the wheel's pan is cancelled here; the drag settles the wheel.
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}
}
