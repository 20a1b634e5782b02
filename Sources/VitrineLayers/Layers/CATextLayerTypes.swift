import VitrineGraphics

/// How a `CATextLayer` places lines horizontally, as Core Animation's
/// `CATextLayerAlignmentMode`.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// By the writing direction (left for left-to-right text; the default), as `.natural`.
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    /// Flush left, as `.left`.
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    /// Flush right, as `.right`.
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    /// Centred, as `.center`.
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    /// Wrapped lines but the last stretched to the width, as `.justified`.
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}

/// Where a `CATextLayer` cuts text that does not fit, as Core Animation's
/// `CATextLayerTruncationMode`.
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Not truncated (the default; text is clipped by the bounds), as `.none`.
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    /// "…" at the start, as `.start`.
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    /// "…" in the middle, as `.middle`.
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
    /// "…" at the end, as `.end`.
    public static let end = CATextLayerTruncationMode(rawValue: "end")
}

/// A value `CATextLayer.font` accepts besides a font name (`String`) and a `FontDescriptor`
/// (a Vitrine protocol: Core Animation takes a `CTFont`, `CGFont` or name as `CFTypeRef`;
/// VitrineKit's `UIFont` adopts it, as `UIFont` is toll-free bridged to `CTFont`).
public protocol CATextLayerFontSource {
    /// The font to draw with; its size is replaced by the layer's `fontSize`.
    var textLayerFontDescriptor: FontDescriptor { get }
}

extension FontDescriptor: CATextLayerFontSource {
    /// The descriptor itself.
    public var textLayerFontDescriptor: FontDescriptor { self }
}
