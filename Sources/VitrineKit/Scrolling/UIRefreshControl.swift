import Foundation

/// A control that starts a refresh of a scroll view's content when the content is pulled
/// down past its top, as UIKit's `UIRefreshControl`. Give it to a scroll view (a table or
/// collection view inherits the property) as `scrollView.refreshControl`, and add an action
/// for `.valueChanged`.
///
/// - **Pulling.** While the content is dragged down past its top, the control fills the
///   gap above the content and shows a spinner drawn as `UIActivityIndicatorView`'s
///   `.medium` one, fading in as the pull grows. When the visible pull reaches
///   `pullThreshold` (60 points, the control's height; UIKit's distance is undocumented)
///   while the finger is still down, `isRefreshing` becomes true, the spinner turns and the
///   control sends `.valueChanged`, once per drag, as UIKit's does.
/// - **While refreshing** the scroll view's `adjustedContentInset.top` grows by the
///   control's height (60 points), so the content comes to rest below the spinner; as in
///   UIKit, the inset is added when the finger lifts, not under it, and `contentInset`
///   itself does not change.
/// - `beginRefreshing()` shows the refreshing state without sending `.valueChanged` and,
///   as UIKit's, does not scroll: a caller who wants the spinner seen scrolls to it.
///   `endRefreshing()` takes the inset back; content resting in the gap goes back to the
///   top over UIKit's 0.3-second inset animation (a `UIView` animation of the offset, so
///   `scrollViewDidScroll(_:)` comes once, as in UIKit).
/// - `tintColor` colours the spinner and the title (default: UIKit's grey,
///   `.secondaryLabel`); `attributedTitle` is shown under the spinner while refreshing and
///   pulling. Vitrine difference: the title is drawn from its string in the footnote font
///   (13 points) and the tint colour; its attributes are not applied.
/// - Giving the control to a scroll view lets the content be pulled even when it does not
///   fill the bounds (UIKit's scroll view bounces vertically with a refresh control).
@preconcurrency @MainActor
open class UIRefreshControl: UIControl {
    /// The control's height while refreshing, and the inset it adds to its scroll view.
    public static let refreshingHeight: CGFloat = 60
    /// How far (points of content visibly pulled past the top) a drag must pull to start a
    /// refresh: the control's height, so the refresh starts once the spinner is wholly shown.
    public static let pullThreshold: CGFloat = 60
    /// How long `endRefreshing()` takes to give the inset back (UIKit's measures 0.3 s).
    static let insetAnimationDuration: TimeInterval = 0.3

    /// Whether a refresh is under way, as `isRefreshing`.
    open private(set) var isRefreshing = false

    /// The title shown under the spinner, as `attributedTitle` (see the class notes).
    open var attributedTitle: NSAttributedString? {
        didSet {
            titleLabel.text = attributedTitle?.string
            titleLabel.isHidden = attributedTitle?.string.isEmpty ?? true
            setNeedsLayout()
        }
    }

    /// The spinner, drawn as `UIActivityIndicatorView`'s.
    let spinner = UIActivityIndicatorView(style: .medium)
    private let titleLabel = UILabel()
    /// The scroll view whose `refreshControl` this is.
    weak var scrollView: UIScrollView?
    /// The inset this control adds to its scroll view's top (0, or `refreshingHeight`).
    private(set) var appliedInset: CGFloat = 0
    /// Whether the current drag already started a refresh (one per drag).
    private var triggeredDuringDrag = false

    /// A refresh control, as `init()`.
    public init() {
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: Self.refreshingHeight))
        setUp()
    }

    /// A refresh control (the frame is its scroll view's to set), as `init(frame:)`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    /// Vitrine has no archives; always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    private func setUp() {
        isOpaque = false
        backgroundColor = nil
        isHidden = true
        spinner.hidesWhenStopped = false
        spinner.color = tintColor
        addSubview(spinner)
        titleLabel.font = .systemFont(ofSize: 13)
        titleLabel.textColor = tintColor
        titleLabel.textAlignment = .center
        titleLabel.isHidden = true
        addSubview(titleLabel)
    }

    /// UIKit's refresh control is grey until a tint colour is set.
    static let defaultTint = UIColor.secondaryLabel

    /// The spinner's and title's colour, as `tintColor` (default grey).
    open override var tintColor: UIColor! {
        get { ownTintColor ?? Self.defaultTint }
        set { super.tintColor = newValue }
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        spinner.color = tintColor
        titleLabel.textColor = tintColor
    }

    // MARK: Refreshing

    /// Shows the refreshing state, as `beginRefreshing()`: `isRefreshing` true, the spinner
    /// turning, the inset added (when no finger is down). No `.valueChanged`, no scroll.
    open func beginRefreshing() {
        guard !isRefreshing else { return }
        isRefreshing = true
        spinner.startAnimating()
        if scrollView?.isDragging != true { applyInset(Self.refreshingHeight) }
        layoutInScrollView()
    }

    /// Ends the refresh, as `endRefreshing()`: the spinner stops and the inset goes, the
    /// content going back to the top over 0.3 s when it rested in the gap.
    open func endRefreshing() {
        guard isRefreshing else { return }
        isRefreshing = false
        spinner.stopAnimating()
        applyInset(0)
        layoutInScrollView()
        guard let scrollView, !scrollView.isDragging else { return }
        let (minimum, maximum) = scrollView.contentOffsetLimits
        let offset = scrollView.contentOffset
        guard offset.y < minimum.y || offset.y > maximum.y else { return }
        scrollView.stopMotion()
        let goal = scrollView.clampedOffset(offset)
        if scrollView.window != nil {
            UIView.animate(withDuration: Self.insetAnimationDuration) { scrollView.contentOffset = goal }
        } else {
            scrollView.contentOffset = goal
        }
    }

    private func applyInset(_ inset: CGFloat) {
        guard appliedInset != inset else { return }
        appliedInset = inset
        scrollView?.adjustedContentInsetMayHaveChanged()
    }

    // MARK: Following the scroll view

    /// How far the content is visibly pulled below its top (the rest position without this
    /// control's inset), in points; 0 when not pulled.
    var pulledDistance: CGFloat {
        guard let scrollView else { return 0 }
        let top = scrollView.adjustedContentInset.top - appliedInset
        let pulled = -(scrollView.contentOffset.y + top)
        return pulled.isFinite ? max(0, pulled) : 0
    }

    /// The content moved: a drag past the threshold starts a refresh; the control follows.
    func scrollViewDidScroll() {
        guard let scrollView else { return }
        if scrollView.isDragging, !isRefreshing, !triggeredDuringDrag, isEnabled,
            pulledDistance >= Self.pullThreshold
        {
            triggeredDuringDrag = true
            isRefreshing = true
            spinner.startAnimating()
            layoutInScrollView()
            sendActions(for: .valueChanged)
            return
        }
        layoutInScrollView()
    }

    /// A drag began: it may start one refresh.
    func scrollViewWillBeginDragging() {
        triggeredDuringDrag = false
    }

    /// The finger lifted: a refresh under way gets its inset now, before the content settles.
    func scrollViewWillEndDragging() {
        if isRefreshing { applyInset(Self.refreshingHeight) }
    }

    /// Puts the control in the gap above the content: from the top of what is visible (or
    /// `refreshingHeight` above the content, whichever is higher) down to the content's top;
    /// the spinner in its top `refreshingHeight` points, the title under it. Hidden when
    /// neither pulled nor refreshing.
    func layoutInScrollView() {
        guard let scrollView else { return }
        let top = -(scrollView.adjustedContentInset.top - appliedInset)
        let visibleTop = scrollView.contentOffset.y
        let minY = min(visibleTop, top - Self.refreshingHeight)
        let frame = CGRect(x: scrollView.bounds.minX, y: minY, width: scrollView.bounds.width, height: top - minY)
        let pulled = pulledDistance
        let shown = isRefreshing || pulled > 0
        UIView.performWithoutAnimation {
            if frame.origin.y.isFinite && frame.height.isFinite && self.frame != frame { self.frame = frame }
            if isHidden == shown { isHidden = !shown }
            let fade = isRefreshing ? 1 : min(1, pulled / Self.pullThreshold)
            if spinner.alpha != fade { spinner.alpha = fade }
            if titleLabel.alpha != fade { titleLabel.alpha = fade }
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let hasTitle = !titleLabel.isHidden
        let band = Self.refreshingHeight
        let spinnerSize = spinner.intrinsicContentSize
        let centreY = hasTitle ? band * 0.35 : band / 2
        spinner.frame = CGRect(
            x: ((bounds.width - spinnerSize.width) / 2).rounded(), y: (centreY - spinnerSize.height / 2).rounded(),
            width: spinnerSize.width, height: spinnerSize.height)
        if hasTitle {
            let height = ceil(titleLabel.font.lineHeight)
            titleLabel.frame = CGRect(x: 8, y: spinner.frame.maxY + 6, width: max(0, bounds.width - 16), height: height)
        }
    }
}

extension UIScrollView {
    /// The refresh control changed: the old one leaves, the new one goes behind the content.
    func refreshControlDidChange(from old: UIRefreshControl?) {
        guard old !== refreshControl else { return }
        if let old {
            if old.superview === self { old.removeFromSuperview() }
            old.scrollView = nil
        }
        if let control = refreshControl {
            if let previous = control.scrollView, previous !== self { previous.refreshControl = nil }
            control.scrollView = self
            insertSubview(control, at: 0)
            control.layoutInScrollView()
        }
        adjustedContentInsetMayHaveChanged()
    }
}
