import Foundation

extension String {
    /// The size of the string drawn on one line per paragraph with `attributes`, as
    /// `size(withAttributes:)` (UIKit's NSString method): the widest line and the lines' height
    /// in fractional points (round up with `ceil` to size views). `.zero` for an empty string.
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        TextLayout.size(of: self, font: TextAttributes(attributes).font.descriptor)
    }

    /// Draws the string with its top-left corner at `point`, one line per paragraph, in the
    /// current graphics context, as `draw(at:withAttributes:)` (UIKit's NSString method), in
    /// `.font` (default: the 12-point system font) and `.foregroundColor` (default: black).
    /// Nothing is drawn without a current context. Main actor only: Vitrine's UIGraphics
    /// context stack belongs to it (UIKit keeps one per thread).
    @preconcurrency @MainActor public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        draw(at: point, withAttributes: attributes, in: context)
    }

    /// Draws the string wrapped within `rect`'s width, from its top, clipped to `rect`, in the
    /// current graphics context, as `draw(in:withAttributes:)`; attributes as
    /// `draw(at:withAttributes:)`.
    @preconcurrency @MainActor public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        draw(in: rect, withAttributes: attributes, in: context)
    }

    /// Draws the string with its top-left corner at `point`, one line per paragraph, in
    /// `context`. What `draw(at:withAttributes:)` does in the current context.
    func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]?, in context: CGContext) {
        guard !isEmpty, point.x.isFinite, point.y.isFinite else { return }
        let resolved = TextAttributes(attributes)
        TextLayout(string: self, font: resolved.font.descriptor).draw(in: context, at: point, color: resolved.color)
    }

    /// Draws the string wrapped within `rect`'s width, from its top, clipped to `rect`, in
    /// `context`. What `draw(in:withAttributes:)` does in the current context.
    func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]?, in context: CGContext) {
        let resolved = TextAttributes(attributes)
        context.drawText(self, in: rect, font: resolved.font.descriptor, color: resolved.color)
    }
}

extension NSString {
    /// As `String.draw(at:withAttributes:)`, UIKit's `NSString` method.
    @preconcurrency @MainActor public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        (self as String).draw(at: point, withAttributes: attributes)
    }

    /// As `String.draw(in:withAttributes:)`, UIKit's `NSString` method.
    @preconcurrency @MainActor public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        (self as String).draw(in: rect, withAttributes: attributes)
    }

    /// As `String.size(withAttributes:)`, UIKit's `NSString` method.
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        (self as String).size(withAttributes: attributes)
    }
}
