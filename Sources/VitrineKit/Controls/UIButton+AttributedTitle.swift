import Foundation

// Attributed titles, per state: what is shown (`setAttributedTitle(_:for:)` is in the class
// body, so that subclasses can override it).
extension UIButton {
    /// The characters of the title shown now: the attributed title's, else the title.
    var shownTitle: String? { currentAttributedTitle?.string ?? currentTitle }
}
