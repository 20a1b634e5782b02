import Foundation

/// The region a text view lays its text out in, as UIKit's `NSTextContainer`: a width the
/// lines wrap at (the text view's width less `textContainerInset`, while
/// `widthTracksTextView`), `lineFragmentPadding` at both ends of every line (5 points),
/// and an optional line limit with its `lineBreakMode`.
///
/// Deviations: no exclusion paths, no layout manager; `size.height` does not limit the
/// lines (a text view's container is as tall as its text, as UIKit's is by default).
@preconcurrency @MainActor
open class NSTextContainer {
    /// The container's size, as `size`. While `widthTracksTextView` (a text view's
    /// container), the text view sets the width to its own less its insets; the height is
    /// unlimited (`CGFloat.greatestFiniteMagnitude`).
    open var size: CGSize {
        didSet { if size != oldValue { textView?.textContainerDidChange() } }
    }

    /// The space at the start and end of every line, as `lineFragmentPadding` (default 5).
    open var lineFragmentPadding: CGFloat = 5 {
        didSet { if lineFragmentPadding != oldValue { textView?.textContainerDidChange() } }
    }

    /// The most lines laid out, 0 for no limit, as `maximumNumberOfLines` (default 0).
    open var maximumNumberOfLines: Int = 0 {
        didSet { if maximumNumberOfLines != oldValue { textView?.textContainerDidChange() } }
    }

    /// How the last line is cut when `maximumNumberOfLines` is reached, as `lineBreakMode`
    /// (default `.byWordWrapping`).
    open var lineBreakMode: NSLineBreakMode = .byWordWrapping {
        didSet { if lineBreakMode != oldValue { textView?.textContainerDidChange() } }
    }

    /// Whether the width follows the text view's, as `widthTracksTextView` (true for a text
    /// view's container).
    open var widthTracksTextView = false {
        didSet { if widthTracksTextView != oldValue { textView?.textContainerDidChange() } }
    }

    /// Whether the height follows the text view's, as `heightTracksTextView` (kept; the
    /// height never limits the lines in Vitrine).
    open var heightTracksTextView = false

    /// The text view this container belongs to, as `textView`.
    open internal(set) weak var textView: UITextView?

    /// A container of `size`, as `init(size:)`.
    public init(size: CGSize) {
        self.size = size
    }

    /// A container of unlimited size, as `init()`.
    public convenience init() {
        self.init(size: CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude))
    }
}
