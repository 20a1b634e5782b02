import Foundation
import VitrineLayers

/// A row of segments of which one is selected, as UIKit's `UISegmentedControl` (the iOS 13+
/// look): a rounded grey track 32 points high, the selected segment a white pill 2 points in
/// from the track's edges with a hairline border, titles in the 13-point system font (the
/// selected one semibold), and hairline separators between segments that are not next to the
/// pill.
///
/// - Segments hold a title or an image (setting one clears the other, as in UIKit), an
///   enabled flag, an optional fixed width (`setWidth(_:forSegmentAt:)`, 0 = automatic), a
///   content offset and, for `init(frame:actions:)`, a `UIAction`.
/// - **Widths.** `intrinsicContentSize` is 32 points high; its width gives each automatic
///   segment the widest segment's content width plus 12 points a side (with
///   `apportionsSegmentWidthsByContent`, its own content's), plus the fixed widths. Laid out
///   in another width, fixed widths are kept and the rest shared out: equally, or in
///   proportion to their content with `apportionsSegmentWidthsByContent`.
/// - **Touches**, as in UIKit: a touch down on an enabled segment highlights it; lifting it
///   inside that segment selects it and sends `.valueChanged` (then runs the segment's action,
///   if any) when the selection changed; a momentary control sends it for every tap and shows
///   the highlight only while the finger is down. Sliding to another segment follows the
///   finger; a touch that went down on the selected segment drags the pill along (iOS 13).
///   Lifting outside the control selects nothing. Setting `selectedSegmentIndex` in
///   code sends nothing. A selection made by touch slides the pill over 0.25 s.
/// - Out-of-range indices are refused: setters do nothing, getters return nil, false or 0, and
///   `selectedSegmentIndex` ignores values outside `noSegment...numberOfSegments - 1`.
///   Inserting at an index past the end appends, as UIKit clamps.
/// - Deviations: `animated` on insert and remove is accepted and ignored (the change shows at
///   once); no shadow under the pill (the hairline stands in); background and divider images
///   are not offered.
@preconcurrency @MainActor
open class UISegmentedControl: UIControl {
    override var controlAccessibilityTraits: UIAccessibilityTraits { .button }

    /// The `selectedSegmentIndex` that means no segment is selected, as UIKit's
    /// `UISegmentedControl.noSegment` (-1).
    public static let noSegment: Int = -1

    /// The look of a segment in a (legacy) bar, as `UISegmentedControl.Segment`, with UIKit's
    /// raw values; Vitrine draws every segment alike.
    public enum Segment: Int, Sendable, Hashable {
        /// Any segment.
        case any = 0
        /// The leftmost segment.
        case left = 1
        /// A segment between others.
        case center = 2
        /// The rightmost segment.
        case right = 3
        /// The only segment.
        case alone = 4
    }

    static let height: CGFloat = 32
    static let pillInset: CGFloat = 2
    static let segmentPadding: CGFloat = 12
    static let trackRadius: CGFloat = 9
    static let pillRadius: CGFloat = 7
    static let animationDuration: CFTimeInterval = 0.25

    /// One segment's contents.
    struct SegmentContent {
        var title: String?
        var image: UIImage?
        var isEnabled = true
        var width: CGFloat = 0
        var contentOffset: CGSize = .zero
        var action: UIAction?
    }

    private var segments: [SegmentContent] = []
    private var labels: [UILabel] = []
    private var imageViews: [UIImageView] = []
    private var separatorLayers: [CALayer] = []
    private let trackLayer = CALayer()
    private let pillLayer = CALayer()
    /// The segment under the tracked finger (nil when none, or it is disabled).
    private var trackedSegment: Int?
    /// Whether the tracked touch went down on the selected segment: then the pill follows the
    /// finger, as iOS 13's does.
    private var draggingPill = false
    private var textAttributes = ControlStateTable<[NSAttributedString.Key: Any]>()

    // MARK: Creation

    /// A control with a segment for each item, a `String` (a title) or a `UIImage`; other
    /// items are skipped. Sized to its intrinsic size, no segment selected, as
    /// `init(items:)`: a designated initializer, as in UIKit, so a subclass may override it.
    public init(items: [Any]?) {
        super.init(frame: .zero)
        setUp()
        for item in items ?? [] {
            switch item {
            case let title as String: segments.append(SegmentContent(title: title))
            case let image as UIImage: segments.append(SegmentContent(image: image))
            default: continue
            }
        }
        segmentsDidChange()
        frame.size = intrinsicContentSize
    }

    /// A control with a segment for each action (its title, else its image), sized to fit, as
    /// `init(frame:actions:)`; selecting a segment by touch performs its action.
    public convenience init(frame: CGRect, actions: [UIAction]) {
        self.init(frame: frame)
        segments = actions.map { SegmentContent(title: $0.image == nil ? $0.title : nil, image: $0.image, action: $0) }
        segmentsDidChange()
        if frame.size == .zero { self.frame.size = intrinsicContentSize }
    }

    /// An empty control at `frame`, as `init(frame:)`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    private func setUp() {
        isOpaque = false
        layer.addSublayer(trackLayer)
        layer.addSublayer(pillLayer)
        pillLayer.borderWidth = 0.5
        pillLayer.borderColor = UIColor(white: 0, alpha: 0.04).cgColor
    }

    /// Vitrine has no archives; always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    // MARK: Segments

    /// How many segments there are, as `numberOfSegments`.
    open var numberOfSegments: Int { segments.count }

    private func isValid(_ segment: Int) -> Bool { segment >= 0 && segment < segments.count }

    /// Inserts a titled segment at `segment` (clamped to 0...numberOfSegments), as
    /// `insertSegment(withTitle:at:animated:)`; the selection moves with its segment.
    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        insert(SegmentContent(title: title), at: segment)
    }

    /// Inserts a segment showing `image`, as `insertSegment(with:at:animated:)`.
    open func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
        insert(SegmentContent(image: image), at: segment)
    }

    /// Inserts a segment for `action` (its title, else its image), as
    /// `insertSegment(action:at:animated:)`.
    open func insertSegment(action: UIAction, at segment: Int, animated: Bool) {
        insert(
            SegmentContent(title: action.image == nil ? action.title : nil, image: action.image, action: action),
            at: segment)
    }

    private func insert(_ content: SegmentContent, at segment: Int) {
        let index = min(max(segment, 0), segments.count)
        segments.insert(content, at: index)
        if selectedIndex != Self.noSegment, index <= selectedIndex { selectedIndex += 1 }
        segmentsDidChange()
    }

    /// Removes a segment, as `removeSegment(at:animated:)`; removing the selected one leaves
    /// none selected. Out-of-range indices do nothing.
    open func removeSegment(at segment: Int, animated: Bool) {
        guard isValid(segment) else { return }
        segments.remove(at: segment)
        if segment == selectedIndex {
            selectedIndex = Self.noSegment
        } else if segment < selectedIndex {
            selectedIndex -= 1
        }
        segmentsDidChange()
    }

    /// Removes every segment, as `removeAllSegments()`; none is selected after.
    open func removeAllSegments() {
        segments.removeAll()
        selectedIndex = Self.noSegment
        segmentsDidChange()
    }

    /// Sets a segment's title (clearing its image), as `setTitle(_:forSegmentAt:)`.
    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard isValid(segment) else { return }
        segments[segment].title = title
        segments[segment].image = nil
        segmentsDidChange()
    }

    /// A segment's title, as `titleForSegment(at:)`; nil for an image segment or a bad index.
    open func titleForSegment(at segment: Int) -> String? {
        isValid(segment) ? segments[segment].title : nil
    }

    /// Sets a segment's image (clearing its title), as `setImage(_:forSegmentAt:)`.
    open func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
        guard isValid(segment) else { return }
        segments[segment].image = image
        segments[segment].title = nil
        segmentsDidChange()
    }

    /// A segment's image, as `imageForSegment(at:)`.
    open func imageForSegment(at segment: Int) -> UIImage? {
        isValid(segment) ? segments[segment].image : nil
    }

    /// Enables or disables one segment, as `setEnabled(_:forSegmentAt:)`. A disabled segment
    /// cannot be selected by touch and its content dims.
    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard isValid(segment) else { return }
        segments[segment].isEnabled = enabled
        segmentsDidChange()
    }

    /// Whether a segment is enabled, as `isEnabledForSegment(at:)`; false for a bad index.
    open func isEnabledForSegment(at segment: Int) -> Bool {
        isValid(segment) ? segments[segment].isEnabled : false
    }

    /// Fixes a segment's width (0: automatic; negative values count as 0), as
    /// `setWidth(_:forSegmentAt:)`.
    open func setWidth(_ width: CGFloat, forSegmentAt segment: Int) {
        guard isValid(segment) else { return }
        segments[segment].width = width.isFinite ? max(0, width) : 0
        segmentsDidChange()
    }

    /// A segment's fixed width (0: automatic), as `widthForSegment(at:)`.
    open func widthForSegment(at segment: Int) -> CGFloat {
        isValid(segment) ? segments[segment].width : 0
    }

    /// Moves a segment's content by `offset`, as `setContentOffset(_:forSegmentAt:)`.
    open func setContentOffset(_ offset: CGSize, forSegmentAt segment: Int) {
        guard isValid(segment) else { return }
        segments[segment].contentOffset = offset
        setNeedsLayout()
    }

    /// A segment's content offset, as `contentOffsetForSegment(at:)`.
    open func contentOffsetForSegment(at segment: Int) -> CGSize {
        isValid(segment) ? segments[segment].contentOffset : .zero
    }

    /// Replaces a segment's action (and its title or image with the action's), as
    /// `setAction(_:forSegmentAt:)`.
    open func setAction(_ action: UIAction, forSegmentAt segment: Int) {
        guard isValid(segment) else { return }
        segments[segment] = SegmentContent(
            title: action.image == nil ? action.title : nil, image: action.image,
            isEnabled: segments[segment].isEnabled, width: segments[segment].width, action: action)
        segmentsDidChange()
    }

    /// A segment's action, as `actionForSegment(at:)`.
    open func actionForSegment(at segment: Int) -> UIAction? {
        isValid(segment) ? segments[segment].action : nil
    }

    /// The index of the segment whose action has `identifier`, else `noSegment`, as
    /// `segmentIndex(identifiedBy:)`.
    open func segmentIndex(identifiedBy identifier: UIAction.Identifier) -> Int {
        segments.firstIndex { $0.action?.identifier == identifier } ?? Self.noSegment
    }

    /// Whether automatic widths follow each segment's content, as
    /// `apportionsSegmentWidthsByContent` (default false: equal widths).
    open var apportionsSegmentWidthsByContent = false {
        didSet { segmentsDidChange() }
    }

    // MARK: Selection

    /// The selected segment, as `selectedSegmentIndex` (default `noSegment`). Setting it
    /// sends nothing; values outside `noSegment..<numberOfSegments` are ignored.
    open var selectedSegmentIndex: Int {
        get { selectedIndex }
        set {
            guard newValue == Self.noSegment || isValid(newValue) else { return }
            ControlPartAnimation.cancel([(pillLayer, ["position", "bounds"])])
            selectedIndex = newValue
            refreshParts()
        }
    }
    private var selectedIndex = UISegmentedControl.noSegment

    /// Whether a tap selects only for the moment, as `isMomentary` (default false).
    open var isMomentary = false {
        didSet { refreshParts() }
    }

    /// The pill's colour, as `selectedSegmentTintColor`; nil: white.
    open var selectedSegmentTintColor: UIColor? {
        didSet { refreshParts() }
    }

    /// The title attributes for `state` (`.font` and `.foregroundColor` are used), as
    /// `setTitleTextAttributes(_:for:)`. A state without its own falls back to `.normal`'s,
    /// and `.normal`'s to the defaults (13-point system font, the label colour; semibold when
    /// selected).
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
        textAttributes.set(attributes, for: state)
        segmentsDidChange()
    }

    /// The attributes set for exactly `state`, as `titleTextAttributes(for:)`.
    open func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? {
        textAttributes.explicitValue(for: state)
    }

    // MARK: Size

    private func font(for state: UIControl.State) -> UIFont {
        if let font = textAttributes.explicitValue(for: state)?[.font] as? UIFont { return font }
        if let font = textAttributes.explicitValue(for: .normal)?[.font] as? UIFont { return font }
        return .systemFont(ofSize: 13, weight: state.contains(.selected) ? .semibold : .regular)
    }

    private func colour(for state: UIControl.State) -> UIColor {
        let value =
            textAttributes.explicitValue(for: state)?[.foregroundColor]
            ?? textAttributes.explicitValue(for: .normal)?[.foregroundColor]
        switch value {
        case let colour as UIColor: return colour
        case let colour as CGColor: return UIColor(cgColor: colour)
        default: return .label
        }
    }

    /// A segment's content width (its title in the selected font, or its image).
    private func contentWidth(of segment: Int) -> CGFloat {
        let content = segments[segment]
        if let image = content.image { return image.size.width }
        guard let title = content.title, !title.isEmpty else { return 0 }
        let width = title.size(withAttributes: [.font: font(for: .selected)]).width
        return width.isFinite ? ceil(width) : 0
    }

    /// Each segment's width for a total width (nil: the intrinsic width).
    private func segmentWidths(total: CGFloat?) -> [CGFloat] {
        let count = segments.count
        guard count > 0 else { return [] }
        let natural = (0..<count).map { contentWidth(of: $0) + 2 * Self.segmentPadding }
        let widest = natural.max() ?? 0
        let automatic = (0..<count).map { apportionsSegmentWidthsByContent ? natural[$0] : widest }
        var widths = (0..<count).map { segments[$0].width > 0 ? segments[$0].width : automatic[$0] }
        guard let total, total.isFinite else { return widths }
        let fixed = (0..<count).filter { segments[$0].width > 0 }.reduce(0) { $0 + segments[$1].width }
        let free = (0..<count).filter { segments[$0].width <= 0 }
        guard !free.isEmpty else { return widths }
        let remaining = max(0, total - fixed)
        let wanted = free.reduce(0) { $0 + automatic[$1] }
        for index in free {
            widths[index] =
                apportionsSegmentWidthsByContent && wanted > 0
                ? remaining * automatic[index] / wanted : remaining / CGFloat(free.count)
        }
        return widths
    }

    /// The segments' rectangles in the bounds.
    private func segmentFrames() -> [CGRect] {
        var x = bounds.minX
        return segmentWidths(total: bounds.width).map { width in
            defer { x += width }
            return CGRect(x: x, y: bounds.minY, width: width, height: bounds.height)
        }
    }

    /// The segments' natural widths side by side, 32 points high, as UIKit's.
    open override var intrinsicContentSize: CGSize {
        CGSize(width: segmentWidths(total: nil).reduce(0, +), height: Self.height)
    }

    /// The intrinsic size.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    private func segmentsDidChange() {
        invalidateIntrinsicContentSize()
        rebuildContentViews()
        setNeedsLayout()
        refreshParts()
    }

    // MARK: Tracking

    /// The enabled segment under `point` (bounds coordinates), if any.
    private func segment(at point: CGPoint) -> Int? {
        guard bounds.contains(point) else { return nil }
        guard let index = segmentFrames().firstIndex(where: { $0.minX <= point.x && point.x < $0.maxX }) else {
            return nil
        }
        return segments[index].isEnabled ? index : nil
    }

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        trackedSegment = segment(at: touch.location(in: self))
        draggingPill = !isMomentary && trackedSegment != nil && trackedSegment == selectedIndex
        refreshParts()
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let point = touch.location(in: self)
        trackedSegment = segment(at: point) ?? (bounds.contains(point) ? trackedSegment : nil)
        refreshParts()
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        let point = touch?.location(in: self) ?? CGPoint(x: CGFloat.nan, y: .nan)
        let target = segment(at: point)
        trackedSegment = nil
        draggingPill = false
        guard let target else {
            refreshParts()
            return
        }
        guard isMomentary || target != selectedIndex else {
            refreshParts()
            return
        }
        let slide = ControlPartAnimation([(pillLayer, ["position", "bounds"])])
        let hadSelection = selectedIndex != Self.noSegment
        selectedIndex = target
        refreshParts()
        if hadSelection && !isMomentary { slide.run(duration: Self.animationDuration, timing: .easeInEaseOut) }
        performActions(for: .valueChanged, with: event)
        if let action = segments[target].action { sendAction(action) }
    }

    open override func cancelTracking(with event: UIEvent?) {
        trackedSegment = nil
        draggingPill = false
        refreshParts()
    }

    // MARK: Drawing

    private func rebuildContentViews() {
        for label in labels { label.removeFromSuperview() }
        for imageView in imageViews { imageView.removeFromSuperview() }
        for separator in separatorLayers { separator.removeFromSuperlayer() }
        labels = segments.map { _ in UILabel(frame: .zero) }
        imageViews = segments.map { _ in UIImageView(frame: .zero) }
        separatorLayers = segments.dropFirst().map { _ in CALayer() }
        for separator in separatorLayers { layer.insertSublayer(separator, above: trackLayer) }
        for (label, imageView) in zip(labels, imageViews) {
            label.textAlignment = .center
            addSubview(label)
            addSubview(imageView)
        }
    }

    /// The track, the pill under the selected segment, the separators and each segment's
    /// title or image in the font and colour of its state.
    override func layOutParts() {
        trackLayer.frame = bounds
        trackLayer.cornerRadius = min(Self.trackRadius, bounds.height / 2)
        trackLayer.backgroundColor = UIColor(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.12).cgColor
        trackLayer.opacity = isEnabled ? 1 : 0.5
        let frames = segmentFrames()
        guard frames.count == segments.count, labels.count == segments.count else { return }
        let showsPill = !isMomentary && isValid(selectedIndex)
        pillLayer.isHidden = !showsPill
        // Dragged from the selected segment, the pill sits under the finger's segment.
        let pillIndex = draggingPill && isHighlighted ? trackedSegment ?? selectedIndex : selectedIndex
        if showsPill {
            let inset = Self.pillInset
            pillLayer.frame = frames[pillIndex].insetBy(dx: inset, dy: inset)
            pillLayer.cornerRadius = min(Self.pillRadius, pillLayer.bounds.height / 2)
            pillLayer.backgroundColor = (selectedSegmentTintColor ?? .white).cgColor
        }
        // A pressed segment that is not selected darkens a little (the momentary highlight).
        for (index, separator) in separatorLayers.enumerated() {
            let right = index + 1
            let nextToPill = showsPill && (pillIndex == index || pillIndex == right)
            let nextToPress = trackedSegment == index || trackedSegment == right
            separator.isHidden = nextToPill || (isMomentary && nextToPress && isHighlighted)
            separator.frame = CGRect(
                x: frames[right].minX - 0.5, y: bounds.minY + 8, width: 1, height: max(0, bounds.height - 16))
            separator.backgroundColor = UIColor(red: 142 / 255, green: 142 / 255, blue: 147 / 255, alpha: 0.3).cgColor
        }
        for index in segments.indices {
            var segmentState: UIControl.State = .normal
            if index == selectedIndex && !isMomentary { segmentState.insert(.selected) }
            if trackedSegment == index && isHighlighted { segmentState.insert(.highlighted) }
            if !isEnabled || !segments[index].isEnabled { segmentState.insert(.disabled) }
            let content = segments[index]
            let offset = content.contentOffset
            let area = frames[index].offsetBy(dx: offset.width, dy: offset.height)
            let label = labels[index]
            let imageView = imageViews[index]
            label.isHidden = content.title == nil
            imageView.isHidden = content.image == nil
            label.text = content.title
            label.font = font(for: segmentState)
            var textColour = colour(for: segmentState)
            if segmentState.contains(.disabled) && textAttributes.explicitValue(for: .disabled) == nil {
                textColour = textColour.withAlphaComponent(0.3)
            } else if segmentState.contains(.highlighted) && !segmentState.contains(.selected)
                && textAttributes.explicitValue(for: .highlighted) == nil
            {
                textColour = textColour.withAlphaComponent(0.6)
            }
            label.textColor = textColour
            label.frame = area.insetBy(dx: 4, dy: 0)
            imageView.image = content.image
            imageView.tintColor = textColour
            imageView.contentMode = .center
            imageView.frame = area
        }
    }
}
