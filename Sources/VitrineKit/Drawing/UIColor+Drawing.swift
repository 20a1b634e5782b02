import Foundation

// Setting the colours of the current UIGraphics context, as UIKit's UIColor drawing methods.
extension UIColor {
    /// Makes this colour the fill colour of the current context (`UIGraphicsGetCurrentContext()`),
    /// as `setFill()`: what `UIBezierPath.fill()` and `UIGraphicsRendererContext.fill(_:)` paint
    /// with. Without a current context it does nothing. Deviations: main-actor bound (the context
    /// stack is the main actor's), and not overridable (declared in an extension).
    @preconcurrency @MainActor
    public func setFill() {
        UIGraphicsGetCurrentContext()?.setFillColor(cgColor)
    }

    /// Makes this colour the stroke colour of the current context, as `setStroke()`: what
    /// `UIBezierPath.stroke()` draws with. Without a current context it does nothing.
    @preconcurrency @MainActor
    public func setStroke() {
        UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor)
    }

    /// Makes this colour both the fill and the stroke colour of the current context, as `set()`.
    @preconcurrency @MainActor
    public func set() {
        setFill()
        setStroke()
    }
}
