import Foundation

/// A set of spinning wheels, one per component, each settling on a row, as UIKit's
/// `UIPickerView` (the iOS 14+ look): the rows of each wheel drawn on a cylinder (they move
/// closer together, squash and fade away from the middle) over a rounded grey band marking
/// the selected rows.
///
/// - **Data.** `dataSource` gives the number of components and of rows in each; the picker
///   asks at its first layout (or first question) and at `reloadAllComponents()` /
///   `reloadComponent(_:)`, and keeps the answers. `delegate` gives each row's view or
///   (attributed) title, asked only when the row comes into view, so a component of ten
///   million rows makes only the dozen views in view; components with 0 rows show nothing and
///   have `selectedRow(inComponent:)` -1, as in UIKit. Negative counts count as 0.
/// - **Size.** `intrinsicContentSize` is 320x216 points, UIKit's default picker size. The
///   component widths come from `pickerView(_:widthForComponent:)` (default: the width less
///   8-point margins and 4-point gaps, shared equally), centred; rows are 32 points high
///   unless `pickerView(_:rowHeightForComponent:)` says otherwise.
/// - **Scrolling.** Each component is a `UIScrollView` (UIKit's are too) with Vitrine's
///   scroll physics: drag, fling and deceleration, rubber-banding at the ends; the projected
///   resting offset is moved to the nearest row, so a fling ends exactly on a row; a drag
///   released without speed is pulled onto the nearest row (0.3 s). A tap on a row above or
///   below the middle turns the wheel to it. When a wheel comes to rest on a new row, the
///   delegate gets `pickerView(_:didSelectRow:inComponent:)`; `selectRow(_:inComponent:animated:)`
///   selects at once and tells nobody, as in UIKit.
/// - Row titles are 21-point system font in the label colour, centred.
/// - Deviations: no 3D perspective (the cylinder is drawn by a vertical squash and a slight
///   narrowing per row), no magnified middle row, no haptics; wheels do not loop.
@preconcurrency @MainActor
open class UIPickerView: UIView {
    /// The row height without a delegate answer, as UIKit's (32 points).
    public static let defaultRowHeight: CGFloat = 32
    /// The picker's default size, as UIKit's.
    static let defaultSize = CGSize(width: 320, height: 216)
    /// The margin at each side and the gap between components.
    static let sideMargin: CGFloat = 8
    static let componentSpacing: CGFloat = 4
    /// The title font.
    static let titleFont = UIFont.systemFont(ofSize: 21)

    /// Gives the numbers of components and rows, as `dataSource` (weak, as UIKit's).
    open weak var dataSource: (any UIPickerViewDataSource)? {
        didSet { setNeedsReload() }
    }

    /// Gives rows' content and hears of selections, as `delegate` (weak, as UIKit's).
    open weak var delegate: (any UIPickerViewDelegate)? {
        didSet { setNeedsReload() }
    }

    /// Kept for source compatibility, as the deprecated `showsSelectionIndicator`; the band
    /// is always shown, as on iOS 7 and later.
    open var showsSelectionIndicator = true

    private let selectionBand = UIView(frame: .zero)
    private(set) var componentViews: [PickerComponentView] = []
    private var needsReload = true

    /// A picker at `frame`, as `init(frame:)`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
        selectionBand.isUserInteractionEnabled = false
        selectionBand.backgroundColor = UIColor(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.12)
        selectionBand.layer.cornerRadius = 8
        addSubview(selectionBand)
    }

    /// Vitrine has no archives; always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    // MARK: Loading

    private func setNeedsReload() {
        needsReload = true
        setNeedsLayout()
    }

    /// Asks the data source again if it changed since last asked.
    private func loadIfNeeded() {
        guard needsReload else { return }
        needsReload = false
        let count = max(0, dataSource?.numberOfComponents(in: self) ?? 0)
        while componentViews.count > count { componentViews.removeLast().removeFromSuperview() }
        while componentViews.count < count {
            let view = PickerComponentView(picker: self, component: componentViews.count)
            componentViews.append(view)
            addSubview(view)
        }
        for index in componentViews.indices { reloadRows(of: index) }
        layOutComponents()
    }

    private func reloadRows(of component: Int) {
        let rows = max(0, dataSource?.pickerView(self, numberOfRowsInComponent: component) ?? 0)
        let height = rowHeight(forComponent: component)
        componentViews[component].reload(rowCount: rows, rowHeight: height)
    }

    private func rowHeight(forComponent component: Int) -> CGFloat {
        let height = delegate?.pickerView(self, rowHeightForComponent: component) ?? Self.defaultRowHeight
        return height.isFinite && height > 0 ? height : Self.defaultRowHeight
    }

    /// Asks the data source and delegate again for everything, as `reloadAllComponents()`;
    /// each selection stays where it was if that row still exists (else on the last row).
    open func reloadAllComponents() {
        needsReload = true
        loadIfNeeded()
    }

    /// Asks again for one component's rows and their content, as `reloadComponent(_:)`.
    open func reloadComponent(_ component: Int) {
        loadIfNeeded()
        guard component >= 0, component < componentViews.count else { return }
        reloadRows(of: component)
        layOutComponents()
    }

    // MARK: Reading

    /// How many components there are, as `numberOfComponents` (the data source's answer).
    open var numberOfComponents: Int {
        loadIfNeeded()
        return componentViews.count
    }

    /// How many rows `component` has, as `numberOfRows(inComponent:)`; 0 for a bad index.
    open func numberOfRows(inComponent component: Int) -> Int {
        loadIfNeeded()
        guard component >= 0, component < componentViews.count else { return 0 }
        return componentViews[component].rowCount
    }

    /// The size of `component`'s rows, as `rowSize(forComponent:)`.
    open func rowSize(forComponent component: Int) -> CGSize {
        loadIfNeeded()
        guard component >= 0, component < componentViews.count else { return .zero }
        return CGSize(width: width(forComponent: component), height: componentViews[component].rowHeight)
    }

    /// The selected row of `component`, as `selectedRow(inComponent:)`; -1 when it has no
    /// rows (or for a bad index).
    open func selectedRow(inComponent component: Int) -> Int {
        loadIfNeeded()
        guard component >= 0, component < componentViews.count else { return -1 }
        return componentViews[component].selectedRow
    }

    /// Selects a row and turns its wheel there, as `selectRow(_:inComponent:animated:)`; the
    /// delegate is not told. Rows or components out of range are ignored.
    open func selectRow(_ row: Int, inComponent component: Int, animated: Bool) {
        loadIfNeeded()
        guard component >= 0, component < componentViews.count else { return }
        componentViews[component].select(row: row, animated: animated && window != nil)
    }

    /// The view showing `row` of `component` if it is in view, as `view(forRow:forComponent:)`.
    open func view(forRow row: Int, forComponent component: Int) -> UIView? {
        loadIfNeeded()
        guard component >= 0, component < componentViews.count else { return nil }
        componentViews[component].layoutIfNeeded()
        return componentViews[component].view(forRow: row)
    }

    // MARK: Rows

    /// The view for a row coming into view: the delegate's view, else a label with its
    /// attributed title, else its title.
    func makeRowView(row: Int, component: Int, reusing reused: UIView?) -> UIView {
        if let view = delegate?.pickerView(self, viewForRow: row, forComponent: component, reusing: reused) {
            return view
        }
        let label = (reused as? PickerRowLabel) ?? PickerRowLabel(frame: .zero)
        label.font = Self.titleFont
        label.textColor = .label
        if let attributed = delegate?.pickerView(self, attributedTitleForRow: row, forComponent: component) {
            label.text = attributed.string
            if attributed.length > 0 {
                let attributes = attributed.attributes(at: 0, effectiveRange: nil)
                if let font = attributes[.font] as? UIFont { label.font = font }
                switch attributes[.foregroundColor] {
                case let colour as UIColor: label.textColor = colour
                case let colour as CGColor: label.textColor = UIColor(cgColor: colour)
                default: break
                }
            }
        } else {
            label.text = delegate?.pickerView(self, titleForRow: row, forComponent: component)
        }
        return label
    }

    /// A wheel came to rest on a new row by touch.
    func componentDidSettle(_ view: PickerComponentView, onRow row: Int) {
        delegate?.pickerView(self, didSelectRow: row, inComponent: view.component)
    }

    // MARK: Layout

    /// The width the picker gives a component when its delegate does not say: the width less
    /// the margins and gaps, shared equally.
    func defaultWidth(forComponent component: Int) -> CGFloat {
        let count = max(componentViews.count, 1)
        let width = bounds.width > 0 ? bounds.width : Self.defaultSize.width
        let available = width - 2 * Self.sideMargin - CGFloat(count - 1) * Self.componentSpacing
        return max(0, available / CGFloat(count))
    }

    /// Whether the delegate is being asked for a width (its answer may ask `rowSize`).
    private var askingForWidth = false

    private func width(forComponent component: Int) -> CGFloat {
        // A delegate whose width asks `rowSize(forComponent:)` gets the default, not a loop.
        guard !askingForWidth, let delegate else { return defaultWidth(forComponent: component) }
        askingForWidth = true
        defer { askingForWidth = false }
        let width = delegate.pickerView(self, widthForComponent: component)
        return width.isFinite ? max(0, width) : 0
    }

    /// 320x216 points, UIKit's default picker size.
    open override var intrinsicContentSize: CGSize { Self.defaultSize }

    /// 320x216 points, as UIKit's.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.defaultSize }

    open override func layoutSubviews() {
        super.layoutSubviews()
        loadIfNeeded()
        layOutComponents()
    }

    private func layOutComponents() {
        let widths = componentViews.indices.map { width(forComponent: $0) }
        let total = widths.reduce(0, +) + CGFloat(max(0, widths.count - 1)) * Self.componentSpacing
        var x = bounds.minX + (bounds.width - total) / 2
        for (view, width) in zip(componentViews, widths) {
            let frame = CGRect(x: x, y: bounds.minY, width: width, height: bounds.height)
            if view.frame != frame { view.frame = frame }
            view.updateContentGeometry()
            x += width + Self.componentSpacing
        }
        let bandHeight = componentViews.first?.rowHeight ?? Self.defaultRowHeight
        selectionBand.frame = CGRect(
            x: bounds.minX + Self.sideMargin, y: bounds.midY - bandHeight / 2,
            width: max(0, bounds.width - 2 * Self.sideMargin), height: bandHeight)
    }
}
