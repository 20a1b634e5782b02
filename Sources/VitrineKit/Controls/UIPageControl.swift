import Foundation
import VitrineLayers

/// A row of page indicators, one per page with the current one highlighted, as UIKit's
/// `UIPageControl` (the iOS 14 control, with its background styles, scrubbing and indicator
/// images).
///
/// - `numberOfPages` (default 0) and `currentPage` (default 0, always within
///   `0..<numberOfPages`, or 0 without pages): setting either shows at once and sends nothing,
///   as in UIKit.
/// - A tap (a touch that lifts inside the bounds plus the slop) left of the current indicator
///   goes back one page, right of it forward one, as UIKit's; at the first or last page it does
///   nothing. With `allowsContinuousInteraction` (the default), a touch dragged more than 10
///   points sideways scrubs instead: the page whose indicator is under the finger becomes
///   current as it moves. Each change by touch sends `.valueChanged`, then
///   `.primaryActionTriggered` (the action of `init(frame:primaryAction:)`), before
///   `.touchUpInside` for a tap.
/// - `defersCurrentPageDisplay` (deprecated in UIKit, kept): a touch changes `currentPage` but
///   the indicators keep showing the old page until `updateCurrentPageDisplay()`.
/// - Drawing: indicators 7 points across, 16 points apart, centred in the bounds; the
///   current one in `currentPageIndicatorTintColor`, the others in `pageIndicatorTintColor`.
///   UIKit does not document the defaults (nil); Vitrine's are white and white at 30%, its
///   look on a dark background. An indicator image (`preferredIndicatorImage`, or one set for
///   a page) replaces the dot: its shape (alpha) tinted with the same colours, as UIKit treats
///   them as templates. `backgroundStyle` puts a translucent capsule behind the indicators:
///   always with `.prominent`, while a touch is tracked with `.automatic`, never with
///   `.minimal`. `hidesForSinglePage` hides everything when there is one page or none.
///   Disabled, it draws at half opacity.
/// - Sizes: `size(forNumberOfPages:)` is 16 points a page plus 8 on each side, by 26 points
///   (0 wide without pages); `intrinsicContentSize` is that for `numberOfPages`.
/// - Deviations: every indicator is drawn, however many pages (UIKit shows a scrolling subset
///   when they do not fit); left to right only (no `direction`, iOS 16); no `progress`
///   (`UIPageControlProgress`, iOS 16); no long-press delay before scrubbing. Current-page
///   images (`preferredCurrentPageIndicatorImage`, `setCurrentPageIndicatorImage(_:forPage:)`)
///   replace the current page's indicator, tinted like the others.
@preconcurrency @MainActor
open class UIPageControl: UIControl {
    /// Whether a page control shows a background behind its indicators, as
    /// `UIPageControl.BackgroundStyle`.
    public enum BackgroundStyle: Int, Sendable, Hashable {
        /// Only while it is being interacted with.
        case automatic
        /// Always.
        case prominent
        /// Never.
        case minimal
    }

    /// How the user is interacting with a page control, as `UIPageControl.InteractionState`
    /// (iOS 14), with UIKit's raw values.
    public enum InteractionState: Int, Sendable, Hashable {
        /// No interaction.
        case none = 0
        /// A touch that will step one page (a tap).
        case discrete = 1
        /// A scrubbing drag.
        case continuous = 2
    }

    /// A scrubbing drag is the control's: pans and swipes on ancestors do not take it.
    override func claimsTouches(from recognizer: UIGestureRecognizer) -> Bool {
        (allowsContinuousInteraction
            && (recognizer is UIPanGestureRecognizer || recognizer is UISwipeGestureRecognizer))
            || super.claimsTouches(from: recognizer)
    }

    /// An indicator dot's diameter, and the distance from one indicator's centre to the next.
    static let indicatorDiameter: CGFloat = 7
    static let indicatorPitch: CGFloat = 16
    /// Room left and right of the indicators (the background capsule's), and the height.
    static let sidePadding: CGFloat = 8
    static let height: CGFloat = 26
    /// The sideways drag beyond which a touch scrubs rather than taps.
    static let scrubThreshold: CGFloat = 10

    private let contentLayer = CALayer()
    private let backgroundLayer = CALayer()
    private var indicatorLayers: [CALayer] = []
    /// Tinted indicator images, by image and colour, so a redraw does not tint them again.
    private var tintedImages: [TintKey: CGImage] = [:]
    private var trackingStartX: CGFloat = 0
    private var isScrubbing = false

    /// A page control at `frame` without pages, as `init(frame:)`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        layer.addSublayer(contentLayer)
        contentLayer.addSublayer(backgroundLayer)
        refreshParts()
    }

    /// Vitrine has no archives; always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    // MARK: Pages

    /// How many pages there are, as `numberOfPages` (default 0; negative counts as 0).
    /// `currentPage` is brought within the new range.
    open var numberOfPages: Int {
        get { storedNumberOfPages }
        set {
            let count = max(0, newValue)
            guard count != storedNumberOfPages else { return }
            storedNumberOfPages = count
            storedCurrentPage = clampedPage(storedCurrentPage)
            displayedPage = clampedPage(displayedPage)
            invalidateIntrinsicContentSize()
            refreshParts()
        }
    }
    private var storedNumberOfPages = 0

    /// The page shown as current, as `currentPage` (default 0), within `0..<numberOfPages`:
    /// values outside are clamped. Setting it sends no event and shows at once.
    open var currentPage: Int {
        get { storedCurrentPage }
        set {
            storedCurrentPage = clampedPage(newValue)
            displayedPage = storedCurrentPage
            refreshParts()
        }
    }
    private var storedCurrentPage = 0
    /// The page the indicators show: `currentPage`, except while a display is deferred.
    private var displayedPage = 0

    /// Whether the control hides when there is only one page, as `hidesForSinglePage`
    /// (default false).
    open var hidesForSinglePage = false {
        didSet { if hidesForSinglePage != oldValue { refreshParts() } }
    }

    /// Whether a change by touch waits for `updateCurrentPageDisplay()` before it shows, as
    /// `defersCurrentPageDisplay` (default false; deprecated in UIKit since iOS 14).
    open var defersCurrentPageDisplay = false

    /// Shows `currentPage`, after a deferred change, as `updateCurrentPageDisplay()`.
    open func updateCurrentPageDisplay() {
        guard displayedPage != storedCurrentPage else { return }
        displayedPage = storedCurrentPage
        refreshParts()
    }

    /// The current interaction, as `interactionState`: `.continuous` while a drag scrubs,
    /// `.discrete` while any other touch is tracked, else `.none`.
    open var interactionState: InteractionState {
        guard isTracking else { return .none }
        return isScrubbing ? .continuous : .discrete
    }

    /// Whether dragging along the control scrubs through the pages, as
    /// `allowsContinuousInteraction` (default true).
    open var allowsContinuousInteraction = true

    private func clampedPage(_ page: Int) -> Int {
        min(max(0, page), max(0, storedNumberOfPages - 1))
    }

    // MARK: Appearance

    /// The colour of the indicators of the pages not shown, as `pageIndicatorTintColor`; nil
    /// is white at 30% (see the class notes).
    open var pageIndicatorTintColor: UIColor? {
        didSet { refreshParts() }
    }

    /// The colour of the current page's indicator, as `currentPageIndicatorTintColor`; nil is
    /// white.
    open var currentPageIndicatorTintColor: UIColor? {
        didSet { refreshParts() }
    }

    /// When the translucent capsule behind the indicators shows, as `backgroundStyle`
    /// (default `.automatic`).
    open var backgroundStyle: BackgroundStyle = .automatic {
        didSet { if backgroundStyle != oldValue { refreshParts() } }
    }

    /// The image every indicator shows in place of a dot unless its page has one of its own,
    /// as `preferredIndicatorImage` (default nil: dots).
    open var preferredIndicatorImage: UIImage? {
        didSet { refreshParts() }
    }
    private var pageImages: [Int: UIImage] = [:]

    /// Sets the image `page`'s indicator shows (nil: back to `preferredIndicatorImage`), as
    /// `setIndicatorImage(_:forPage:)`. Pages past `numberOfPages` keep theirs for when they
    /// exist.
    open func setIndicatorImage(_ image: UIImage?, forPage page: Int) {
        guard page >= 0 else { return }
        pageImages[page] = image
        refreshParts()
    }

    /// The image set for `page`'s indicator with `setIndicatorImage(_:forPage:)`, as
    /// `indicatorImage(forPage:)`; nil when none was (even with a `preferredIndicatorImage`).
    open func indicatorImage(forPage page: Int) -> UIImage? {
        pageImages[page]
    }

    /// The image the current page's indicator shows unless its page has one of its own, as
    /// `preferredCurrentPageIndicatorImage` (iOS 16; default nil: the indicator image).
    open var preferredCurrentPageIndicatorImage: UIImage? {
        didSet { refreshParts() }
    }
    private var currentPageImages: [Int: UIImage] = [:]

    /// Sets the image `page`'s indicator shows while it is the current page (nil: back to
    /// `preferredCurrentPageIndicatorImage`), as `setCurrentPageIndicatorImage(_:forPage:)`
    /// (iOS 16).
    open func setCurrentPageIndicatorImage(_ image: UIImage?, forPage page: Int) {
        guard page >= 0 else { return }
        currentPageImages[page] = image
        refreshParts()
    }

    /// The image set with `setCurrentPageIndicatorImage(_:forPage:)`, as
    /// `currentPageIndicatorImage(forPage:)` (iOS 16).
    open func currentPageIndicatorImage(forPage page: Int) -> UIImage? {
        currentPageImages[page]
    }

    // MARK: Size

    /// The size the indicators of `pageCount` pages need, as `size(forNumberOfPages:)`: 16
    /// points a page and 8 on each side, by 26 points; 0 wide for no pages.
    open func size(forNumberOfPages pageCount: Int) -> CGSize {
        let count = max(0, pageCount)
        let width = count == 0 ? 0 : CGFloat(count) * Self.indicatorPitch + 2 * Self.sidePadding
        return CGSize(width: width, height: Self.height)
    }

    /// `size(forNumberOfPages: numberOfPages)`, as UIKit's.
    open override var intrinsicContentSize: CGSize { size(forNumberOfPages: numberOfPages) }

    /// The indicators' size, whatever size is offered.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    // MARK: Tracking

    /// The centre of `page`'s indicator along x, in bounds coordinates.
    private func indicatorCentreX(_ page: Int) -> CGFloat {
        let first = bounds.midX - CGFloat(numberOfPages) * Self.indicatorPitch / 2 + Self.indicatorPitch / 2
        return first + CGFloat(page) * Self.indicatorPitch
    }

    /// The page whose indicator's slot holds `x` (clamped to the first and last).
    private func page(atX x: CGFloat) -> Int {
        let left = bounds.midX - CGFloat(numberOfPages) * Self.indicatorPitch / 2
        guard x.isFinite else { return storedCurrentPage }
        return clampedPage(Int(((x - left) / Self.indicatorPitch).rounded(.down)))
    }

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        trackingStartX = touch.location(in: self).x
        isScrubbing = false
        // (The highlight that follows redraws: the background shows while touched.)
        return numberOfPages > 0
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let x = touch.location(in: self).x
        if !isScrubbing, allowsContinuousInteraction, x.isFinite, abs(x - trackingStartX) > Self.scrubThreshold {
            isScrubbing = true
        }
        if isScrubbing { change(to: page(atX: x), with: event) }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        guard !isScrubbing, isTouchInside, let touch else { return }
        let x = touch.location(in: self).x
        guard x.isFinite else { return }
        // Left or right of the indicator shown as current: one page back or forward.
        let step = x < indicatorCentreX(displayedPage) ? -1 : 1
        change(to: clampedPage(storedCurrentPage + step), with: event)
    }

    // Tracking is over once these return: the background of `.automatic` goes.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesEnded(touches, with: event)
        refreshParts()
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesCancelled(touches, with: event)
        refreshParts()
    }

    /// A change by touch: the new page, its display (unless deferred) and the events.
    private func change(to page: Int, with event: UIEvent?) {
        guard page != storedCurrentPage else { return }
        storedCurrentPage = page
        if !defersCurrentPageDisplay { displayedPage = page }
        refreshParts()
        performActions(for: .valueChanged, with: event)
        performActions(for: .primaryActionTriggered, with: event)
    }

    // MARK: Drawing

    /// Puts the background capsule and one indicator per page where the state says.
    override func layOutParts() {
        contentLayer.frame = bounds
        contentLayer.opacity = isEnabled ? 1 : 0.5
        let count = numberOfPages
        contentLayer.isHidden = count == 0 || (hidesForSinglePage && count <= 1)

        let size = size(forNumberOfPages: count)
        backgroundLayer.frame = CGRect(
            x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
        backgroundLayer.cornerRadius = size.height / 2
        backgroundLayer.backgroundColor = UIColor(white: 0, alpha: 0.25).cgColor
        backgroundLayer.isHidden =
            switch backgroundStyle {
            case .prominent: false
            case .automatic: !isTracking
            case .minimal: true
            }

        while indicatorLayers.count < count {
            let indicator = CALayer()
            contentLayer.addSublayer(indicator)
            indicatorLayers.append(indicator)
        }
        while indicatorLayers.count > count { indicatorLayers.removeLast().removeFromSuperlayer() }
        let current = currentPageIndicatorTintColor ?? .white
        let other = pageIndicatorTintColor ?? UIColor(white: 1, alpha: 0.3)
        for (page, indicator) in indicatorLayers.enumerated() {
            let color = page == displayedPage ? current : other
            let centre = CGPoint(x: indicatorCentreX(page), y: bounds.midY)
            let currentImage =
                page == displayedPage ? currentPageImages[page] ?? preferredCurrentPageIndicatorImage : nil
            if let image = currentImage ?? pageImages[page] ?? preferredIndicatorImage {
                indicator.frame = CGRect(
                    x: centre.x - image.size.width / 2, y: centre.y - image.size.height / 2, width: image.size.width,
                    height: image.size.height)
                indicator.cornerRadius = 0
                indicator.backgroundColor = nil
                indicator.contents = tinted(image, color)
                indicator.contentsScale = image.scale
            } else {
                let diameter = Self.indicatorDiameter
                indicator.frame = CGRect(
                    x: centre.x - diameter / 2, y: centre.y - diameter / 2, width: diameter, height: diameter)
                indicator.cornerRadius = diameter / 2
                indicator.backgroundColor = color.cgColor
                indicator.contents = nil
            }
        }
    }

    private struct TintKey: Hashable {
        var image: ObjectIdentifier
        var color: CGColor
    }

    /// `image`'s shape (its alpha) in `color`, as a template image is tinted.
    private func tinted(_ image: UIImage, _ color: UIColor) -> CGImage {
        let key = TintKey(image: ObjectIdentifier(image), color: color.cgColor)
        if let cached = tintedImages[key] { return cached }
        let upright = image.uprightImage
        let buffer = PixelBuffer(width: upright.width, height: upright.height, format: .argb8888Premultiplied)
        let context = CGContext(pixelBuffer: buffer)
        let rect = CGRect(x: 0, y: 0, width: upright.width, height: upright.height)
        context.draw(upright, in: rect)
        context.setBlendMode(.sourceIn)
        context.setFillColor(color.cgColor)
        context.fill(rect)
        context.flush()
        let result = CGImage.coverageImage(of: buffer) ?? CGImage(copying: buffer)
        // Images and colours come and go: keep only what the indicators use now.
        if tintedImages.count > 64 { tintedImages.removeAll() }
        tintedImages[key] = result
        return result
    }
}
