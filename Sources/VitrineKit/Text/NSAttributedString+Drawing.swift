import Foundation

/// Options for measuring and drawing strings, as UIKit's `NSStringDrawingOptions` (same raw
/// values).
public struct NSStringDrawingOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Lay out lines within the given width (without it, the text is one line per paragraph).
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    /// Use the font's leading for line heights (Vitrine's lines always include it).
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    /// Measure the glyphs' ink rather than their typographic bounds (not used by Vitrine).
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    /// End the last line that fits with "…" when the text does not fit.
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// Settings and results of a string drawing call, as UIKit's `NSStringDrawingContext`.
/// Vitrine does not shrink text: `actualScaleFactor` stays 1.
open class NSStringDrawingContext: NSObject {
    /// The smallest scale the text may shrink to, as `minimumScaleFactor` (kept, not used).
    open var minimumScaleFactor: CGFloat = 0
    /// The scale the text was drawn at, as `actualScaleFactor`.
    open internal(set) var actualScaleFactor: CGFloat = 1
    /// The bounds of the last measured or drawn text, as `totalBounds`.
    open internal(set) var totalBounds: CGRect = .zero

    public override init() {
        super.init()
    }
}

extension NSAttributedString {
    /// The size of the string on one line per paragraph, as UIKit's `size()`: the widest line
    /// and the lines' height, in fractional points (round up with `ceil` to size views).
    /// Characters without a font measure in the 12-point system font, as UIKit's do.
    public func size() -> CGSize {
        guard length > 0 else { return .zero }
        return AttributedText(self).layout(
            font: TextAttributes.defaultFont.descriptor, maxWidth: nil, alignment: .natural
        )
        .size
    }

    /// The rectangle the string takes, as UIKit's `boundingRect(with:options:context:)`: with
    /// `.usesLineFragmentOrigin` the text wraps at `size.width` (a width that is not positive
    /// or not finite does not wrap), else it is one line per paragraph; the height is not
    /// limited by `size.height` (with `.truncatesLastVisibleLine`, lines past it are left out).
    /// The origin is zero; sizes are fractional. Measured with the string's own attributes,
    /// as drawing lays it out.
    public func boundingRect(
        with size: CGSize, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?
    ) -> CGRect {
        let measured = layout(in: size, options: options)?.size ?? .zero
        let rect = CGRect(origin: .zero, size: measured)
        context?.totalBounds = rect
        context?.actualScaleFactor = 1
        return rect
    }

    /// Draws the string with its top-left corner at `point`, one line per paragraph, in the
    /// current graphics context, as UIKit's `draw(at:)`. Nothing is drawn without a context.
    @preconcurrency @MainActor public func draw(at point: CGPoint) {
        guard let context = UIGraphicsGetCurrentContext(), length > 0, point.x.isFinite, point.y.isFinite
        else { return }
        layout(in: CGSize(width: 0, height: 0), options: [])?.draw(in: context, at: point, color: .black)
    }

    /// Draws the string wrapped within `rect`'s width, from its top, clipped to `rect`, as
    /// UIKit's `draw(in:)`.
    @preconcurrency @MainActor public func draw(in rect: CGRect) {
        draw(with: rect, options: .usesLineFragmentOrigin, context: nil)
    }

    /// Draws the string in `rect` laid out per `options` (see
    /// `boundingRect(with:options:context:)`), clipped to it, as UIKit's
    /// `draw(with:options:context:)`.
    @preconcurrency @MainActor public func draw(
        with rect: CGRect, options: NSStringDrawingOptions = [], context drawingContext: NSStringDrawingContext?
    ) {
        guard let context = UIGraphicsGetCurrentContext(), length > 0, !rect.isNull,
            rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite
        else {
            return
        }
        let rect = rect.standardized
        guard rect.width > 0, rect.height > 0, let layout = layout(in: rect.size, options: options) else { return }
        drawingContext?.totalBounds = CGRect(origin: rect.origin, size: layout.size)
        context.saveGState()
        context.clip(to: rect)
        layout.draw(in: context, at: rect.origin, color: .black)
        context.restoreGState()
    }

    /// The layout for `size` and `options`; nil for an empty string.
    func layout(in size: CGSize, options: NSStringDrawingOptions) -> TextLayout? {
        guard length > 0 else { return nil }
        let text = AttributedText(self)
        let wraps = options.contains(.usesLineFragmentOrigin) && size.width.isFinite && size.width > 0
        var lines = 0
        if options.contains(.truncatesLastVisibleLine), wraps, size.height.isFinite, size.height > 0 {
            let lineHeight = TextAttributes.defaultFont.lineHeight
            lines = max(1, Int((size.height / max(1, lineHeight)).rounded(.down)))
        }
        return text.layout(
            font: TextAttributes.defaultFont.descriptor, maxWidth: wraps ? size.width : nil,
            alignment: text.alignment?.layoutAlignment ?? .natural,
            lineBreakMode: lines > 0 ? .byTruncatingTail : (text.lineBreakMode?.layoutMode ?? .byWordWrapping),
            lines: lines)
    }
}

extension String {
    /// The rectangle the string takes drawn with `attributes`, as UIKit's
    /// `boundingRect(with:options:attributes:context:)` (see
    /// `NSAttributedString.boundingRect(with:options:context:)`).
    public func boundingRect(
        with size: CGSize, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
        context: NSStringDrawingContext?
    ) -> CGRect {
        NSAttributedString(string: self, attributes: attributes).boundingRect(
            with: size, options: options, context: context)
    }
}

extension NSString {
    /// As `String.boundingRect(with:options:attributes:context:)`, UIKit's `NSString` method.
    public func boundingRect(
        with size: CGSize, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
        context: NSStringDrawingContext?
    ) -> CGRect {
        (self as String).boundingRect(with: size, options: options, attributes: attributes, context: context)
    }
}
