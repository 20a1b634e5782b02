import Foundation
import VitrineGraphics

/// A layer that draws text, as Core Animation's `CATextLayer`: `string` in `font` at
/// `fontSize` and `foregroundColor`, from the top of the bounds, placed by `alignmentMode`,
/// wrapped at the bounds' width when `isWrapped`, cut by `truncationMode`, clipped to the
/// bounds. Drawn above the background and below the sublayers, through VitrineGraphics'
/// pango `TextLayout`, at the pixels the layer covers on screen, and kept until a property,
/// or the value an animation shows, changes.
///
/// Deviations: `string` is a `String` or an `NSAttributedString`, whose attributes are
/// ignored (its plain string is drawn in the layer's font and colour). `font` takes a font
/// name (`String`, as `UIFont(name:size:)` resolves it), a `FontDescriptor` or any
/// `CATextLayerFontSource` (VitrineKit's `UIFont`); anything else, or a name not installed,
/// draws the system font (Core Animation's default is Helvetica). Text is drawn at the screen's
/// resolution whatever `contentsScale` says (Core Animation draws at `contentsScale`, which
/// makes text blurry on 2x screens unless set). Animatable: `fontSize`, `foregroundColor`.
@preconcurrency @MainActor
open class CATextLayer: CALayer {
    /// The text, as `string` (a `String` or `NSAttributedString`; default nil).
    open var string: Any? {
        didSet {
            if Self.text(of: string) != Self.text(of: oldValue) || (string == nil) != (oldValue == nil) {
                layerDidChange()
            }
        }
    }

    /// The font, as `font` (a name, `FontDescriptor` or `CATextLayerFontSource`; default nil:
    /// the system font). Its size is ignored: `fontSize` is used.
    open var font: Any? {
        didSet { if Self.descriptor(of: font, size: 1) != Self.descriptor(of: oldValue, size: 1) { layerDidChange() } }
    }

    /// The text's size in points, as `fontSize` (default 36).
    open var fontSize: CGFloat = 36 {
        willSet { if newValue != fontSize { willChangeAnimatableProperty("fontSize") } }
        didSet { animatablePropertyDidChange(fontSize != oldValue, "fontSize") }
    }

    /// The text's colour, as `foregroundColor` (default opaque white).
    open var foregroundColor: CGColor? = .white {
        willSet { if newValue != foregroundColor { willChangeAnimatableProperty("foregroundColor") } }
        didSet { animatablePropertyDidChange(foregroundColor != oldValue, "foregroundColor") }
    }

    /// Whether lines wrap at the bounds' width, as `isWrapped` (default false).
    open var isWrapped = false {
        didSet { if isWrapped != oldValue { layerDidChange() } }
    }

    /// Where text that does not fit is cut, as `truncationMode` (default `.none`).
    open var truncationMode: CATextLayerTruncationMode = .none {
        didSet { if truncationMode != oldValue { layerDidChange() } }
    }

    /// How lines are placed horizontally, as `alignmentMode` (default `.natural`).
    open var alignmentMode: CATextLayerAlignmentMode = .natural {
        didSet { if alignmentMode != oldValue { layerDidChange() } }
    }

    /// Stored for compatibility, as `allowsFontSubpixelQuantization`; pango's layout is used
    /// as it is.
    open var allowsFontSubpixelQuantization = false

    /// The plain text of a `string` value.
    static func text(of value: Any?) -> String? {
        switch value {
        case let string as String: string
        case let attributed as NSAttributedString: attributed.string
        case let string as NSString: string as String
        default: nil
        }
    }

    /// The font a `font` value asks for, at `size`.
    static func descriptor(of value: Any?, size: CGFloat) -> FontDescriptor {
        var descriptor: FontDescriptor
        switch value {
        case let source as any CATextLayerFontSource: descriptor = source.textLayerFontDescriptor
        case let name as String:
            descriptor = FontDescriptor(installedFontNamed: name, size: size) ?? .systemFont(ofSize: size)
        default: descriptor = .systemFont(ofSize: size)
        }
        descriptor.size = FontDescriptor(size: size).size
        return descriptor
    }

    // MARK: Drawing

    private struct Text: Equatable {
        var string: String
        var font: FontDescriptor
        var color: CGColor
        var wrapped: Bool
        var truncation: CATextLayerTruncationMode
        var alignment: CATextLayerAlignmentMode
        var bounds: CGRect
        var pixelsPerPoint: CGFloat
    }
    private var generated = GeneratedContentsCache<Text>()

    override func generatedContents(pixelsPerPoint: CGFloat) -> GeneratedContents? {
        guard let string = Self.text(of: string), !string.isEmpty,
            let color = renderExtraColor("foregroundColor", model: foregroundColor), color.alpha > 0
        else { return nil }
        let size = renderExtraScalar("fontSize", model: fontSize)
        let text = Text(
            string: string, font: Self.descriptor(of: font, size: size), color: color, wrapped: isWrapped,
            truncation: truncationMode, alignment: alignmentMode, bounds: renderBounds, pixelsPerPoint: pixelsPerPoint)
        return generated.contents(for: text) { Self.draw(text) }
    }

    private static func draw(_ text: Text) -> GeneratedContents? {
        let bounds = text.bounds
        guard bounds.width > 0, bounds.height > 0 else { return nil }
        let alignment: TextLayout.Alignment =
            switch text.alignment {
            case .left: .left
            case .right: .right
            case .center: .center
            case .justified: text.wrapped ? .justified : .natural
            default: .natural
            }
        let truncation: TextLayout.LineBreakMode? =
            switch text.truncation {
            case .start: .byTruncatingHead
            case .middle: .byTruncatingMiddle
            case .end: .byTruncatingTail
            default: nil
            }
        let layout: TextLayout
        var x: CGFloat = 0
        if text.wrapped {
            // Lines that fit the height; the last one truncated when a mode says so.
            let lineHeight = max(1, text.font.metrics.lineHeight)
            let lines = truncation == nil ? 0 : max(1, Int((bounds.height / lineHeight).rounded(.down)))
            layout = TextLayout(
                string: text.string, font: text.font, maxWidth: bounds.width, alignment: alignment,
                lineBreakMode: truncation ?? .byWordWrapping, maximumNumberOfLines: lines)
        } else if let truncation {
            layout = TextLayout(
                string: text.string, font: text.font, maxWidth: bounds.width, alignment: alignment,
                lineBreakMode: truncation, maximumNumberOfLines: 1)
        } else {
            // One line per paragraph, placed by the alignment within the width.
            layout = TextLayout(string: text.string, font: text.font)
            let free = bounds.width - layout.size.width
            switch alignment {
            case .center: x = free / 2
            case .right: x = free
            default: x = 0
            }
        }
        return GeneratedContents.rasterize(bounds, pixelsPerPoint: text.pixelsPerPoint) { context in
            layout.draw(in: context, at: CGPoint(x: bounds.minX + x, y: bounds.minY), color: text.color)
        }
    }

    // MARK: Animation and copies

    override func extraAnimatableValues() -> [String: AnimationValue] {
        ["fontSize": .scalar(Double(fontSize)), "foregroundColor": .color(foregroundColor ?? .clear)]
    }

    override func setExtraAnimatableValue(_ value: AnimationValue, forKey key: String) {
        switch (key, value) {
        case ("fontSize", .scalar(let v)): fontSize = CGFloat(v)
        case ("foregroundColor", .color(let c)): foregroundColor = c
        default: break
        }
    }

    override func copyProperties(from other: CALayer) {
        super.copyProperties(from: other)
        guard let other = other as? CATextLayer else { return }
        string = other.string
        font = other.font
        fontSize = other.fontSize
        foregroundColor = other.foregroundColor
        isWrapped = other.isWrapped
        truncationMode = other.truncationMode
        alignmentMode = other.alignmentMode
        allowsFontSubpixelQuantization = other.allowsFontSubpixelQuantization
    }
}
