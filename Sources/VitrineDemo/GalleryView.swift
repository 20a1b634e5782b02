import Foundation
import VitrineKit

/// The featured card's paged gallery: pictures side by side in a paging scroll view, each
/// as wide as the gallery, with its caption; a page control over the pictures shows and
/// turns the page, as an iOS gallery does: its `currentPage` follows the scroll, and its
/// `.valueChanged` scrolls to the page it asks for.
///
/// Laid out by Auto Layout inside the scroll view, as UIKit apps do it: the pages hang from
/// the scroll view's `contentLayoutGuide` (which gives the content size) and take their size
/// from its `frameLayoutGuide`.
@MainActor
public final class GalleryView: UIView, UIScrollViewDelegate {
    /// The paging scroll view.
    public let scrollView = UIScrollView()
    /// The pictures, one per page.
    public private(set) var pages: [UIImageView] = []
    /// The captions, one per page.
    public private(set) var captions: [UILabel] = []
    /// The page shown, from the scroll position.
    public private(set) var currentPage = 0 {
        didSet { if currentPage != oldValue { pageDidChange?(currentPage) } }
    }
    /// Called when the page shown changes.
    public var pageDidChange: (@MainActor (Int) -> Void)?
    /// The page indicators, centred over the pictures just above their captions: one per
    /// picture.
    public let pageControl = UIPageControl()

    private var captionHeights: [NSLayoutConstraint] = []
    /// Holds the page control just above the captions (their height, negated).
    private var pageControlBottom: NSLayoutConstraint?
    /// Whether the scroll animates to the page the control asked for: until it ends, the
    /// control keeps showing that page rather than the pages passed on the way.
    private var isTurningToControlPage = false

    /// A gallery of `pictures`, each with its caption.
    public init(pictures: [(image: UIImage, caption: String)]) {
        super.init(frame: .zero)
        scrollView.isPagingEnabled = true
        scrollView.showsHorizontalScrollIndicator = false
        scrollView.showsVerticalScrollIndicator = false
        scrollView.alwaysBounceVertical = false
        scrollView.delegate = self
        scrollView.translatesAutoresizingMaskIntoConstraints = false
        addSubview(scrollView)
        let content = scrollView.contentLayoutGuide
        let frame = scrollView.frameLayoutGuide
        var constraints = [
            scrollView.leadingAnchor.constraint(equalTo: leadingAnchor),
            scrollView.trailingAnchor.constraint(equalTo: trailingAnchor),
            scrollView.topAnchor.constraint(equalTo: topAnchor),
            scrollView.bottomAnchor.constraint(equalTo: bottomAnchor),
        ]
        var previous = content.leadingAnchor
        for picture in pictures {
            let page = UIImageView(image: picture.image)
            page.contentMode = .scaleAspectFill
            page.clipsToBounds = true
            page.translatesAutoresizingMaskIntoConstraints = false
            // The page is the gallery's size, whatever the image's.
            for axis in [NSLayoutConstraint.Axis.horizontal, .vertical] {
                page.setContentHuggingPriority(.fittingSizeLevel, for: axis)
                page.setContentCompressionResistancePriority(.fittingSizeLevel, for: axis)
            }
            scrollView.addSubview(page)
            let caption = UILabel()
            caption.text = picture.caption
            caption.textColor = .white
            caption.backgroundColor = UIColor(white: 0, alpha: 0.38)
            caption.textAlignment = .center
            caption.translatesAutoresizingMaskIntoConstraints = false
            page.addSubview(caption)
            let height = caption.heightAnchor.constraint(equalToConstant: 20)
            captionHeights.append(height)
            constraints += [
                page.leadingAnchor.constraint(equalTo: previous),
                page.topAnchor.constraint(equalTo: content.topAnchor),
                page.bottomAnchor.constraint(equalTo: content.bottomAnchor),
                page.widthAnchor.constraint(equalTo: frame.widthAnchor),
                page.heightAnchor.constraint(equalTo: frame.heightAnchor),
                caption.leadingAnchor.constraint(equalTo: page.leadingAnchor),
                caption.trailingAnchor.constraint(equalTo: page.trailingAnchor),
                caption.bottomAnchor.constraint(equalTo: page.bottomAnchor),
                height,
            ]
            previous = page.trailingAnchor
            pages.append(page)
            captions.append(caption)
        }
        constraints.append(previous.constraint(equalTo: content.trailingAnchor))
        pageControl.numberOfPages = pictures.count
        pageControl.hidesForSinglePage = true
        pageControl.addAction(UIAction { [weak self] _ in self?.pageControlChanged() }, for: .valueChanged)
        addConstrainedSubview(pageControl)
        let pageControlBottom = pageControl.bottomAnchor.constraint(equalTo: scrollView.bottomAnchor, constant: -20)
        self.pageControlBottom = pageControlBottom
        constraints += [pageControl.centerXAnchor.constraint(equalTo: scrollView.centerXAnchor), pageControlBottom]
        NSLayoutConstraint.activate(constraints)
    }

    /// Vitrine has no archives; always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The captions' font; their strip is 1.6 lines tall.
    public var captionFont: UIFont = .systemFont(ofSize: 17) {
        didSet {
            for caption in captions { caption.font = captionFont }
            let height = (captionFont.lineHeight.rounded(.up) * 1.6).rounded()
            for constraint in captionHeights { constraint.constant = height }
            pageControlBottom?.constant = -height
        }
    }

    /// Rounds the pictures' corners.
    public var cornerRadius: CGFloat = 0 {
        didSet { scrollView.layer.cornerRadius = cornerRadius }
    }

    /// Turns to `page`, animated as a scroll.
    public func show(page: Int, animated: Bool) {
        let page = min(max(0, page), pages.count - 1)
        scrollView.setContentOffset(CGPoint(x: CGFloat(page) * scrollView.bounds.width, y: 0), animated: animated)
    }

    public func scrollViewDidScroll(_ scrollView: UIScrollView) {
        let width = scrollView.bounds.width
        guard width > 0 else { return }
        currentPage = min(max(0, Int((scrollView.contentOffset.x / width).rounded())), pages.count - 1)
        // A drag or another scroll took over from the control's.
        if !scrollView.isScrollAnimating { isTurningToControlPage = false }
        if !isTurningToControlPage { showCurrentPageOnControl() }
    }

    /// A swipe came to rest: the control shows its page.
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        isTurningToControlPage = false
        showCurrentPageOnControl()
    }

    /// A scroll by program (or by the control) came to rest: the control shows its page.
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {
        isTurningToControlPage = false
        showCurrentPageOnControl()
    }

    private func showCurrentPageOnControl() {
        if pageControl.currentPage != currentPage { pageControl.currentPage = currentPage }
    }

    /// A tap or a scrub on the page control: the gallery scrolls to its page.
    private func pageControlChanged() {
        show(page: pageControl.currentPage, animated: true)
        isTurningToControlPage = scrollView.isScrollAnimating
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        // A new width: stay on the same page.
        let target = CGFloat(currentPage) * scrollView.bounds.width
        if !scrollView.isTracking, !scrollView.isDecelerating, !scrollView.isScrollAnimating,
            scrollView.contentOffset.x != target
        {
            scrollView.contentOffset.x = target
        }
    }
}
