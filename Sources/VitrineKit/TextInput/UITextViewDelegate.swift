import Foundation

/// What a text view asks and tells its delegate, as UIKit's `UITextViewDelegate`: it refines
/// `UIScrollViewDelegate`, as in UIKit, so the same object hears the scrolling too. Every
/// method is optional, through the default implementations below.
///
/// Vitrine difference: `UITextView.delegate` is the scroll view's property, typed
/// `UIScrollViewDelegate` (Swift cannot narrow an overridden property's type); assign a
/// `UITextViewDelegate` to it as in UIKit, and the text view uses it as one.
@preconcurrency @MainActor
public protocol UITextViewDelegate: UIScrollViewDelegate {
    /// Whether editing may begin, as `textViewShouldBeginEditing(_:)` (default true).
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool
    /// Whether editing may end, as `textViewShouldEndEditing(_:)` (default true).
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool
    /// Editing began (the text view is first responder), as `textViewDidBeginEditing(_:)`.
    func textViewDidBeginEditing(_ textView: UITextView)
    /// Editing ended, as `textViewDidEndEditing(_:)`.
    func textViewDidEndEditing(_ textView: UITextView)
    /// Whether typing may replace `range` (UTF-16, as `NSRange`) with `text`, as
    /// `textView(_:shouldChangeTextIn:replacementText:)` (default true): false vetoes the
    /// change. `text` is "" for a deletion and "\n" for the Return key.
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    /// The user changed the text, as `textViewDidChange(_:)`; not called when the program
    /// sets `text` or `attributedText`, as documented.
    func textViewDidChange(_ textView: UITextView)
    /// The user moved the caret or the selection (typing moves it too), as
    /// `textViewDidChangeSelection(_:)`.
    func textViewDidChangeSelection(_ textView: UITextView)
}

extension UITextViewDelegate {
    public func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { true }
    public func textViewShouldEndEditing(_ textView: UITextView) -> Bool { true }
    public func textViewDidBeginEditing(_ textView: UITextView) {}
    public func textViewDidEndEditing(_ textView: UITextView) {}
    public func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String)
        -> Bool
    { true }
    public func textViewDidChange(_ textView: UITextView) {}
    public func textViewDidChangeSelection(_ textView: UITextView) {}
}
