import Foundation

/// How a layer's `contents` image is placed in its bounds, as Core Animation's
/// `CALayerContentsGravity` (a string-backed struct, so the raw values are CA's).
///
/// Edge and corner names refer to the layer's y-down bounds (`top` is the edge at `minY`).
/// On iOS, Core Animation defines these in its y-up contents space, so `top` and `bottom` are
/// visually swapped there unless `contentsAreFlipped`; Vitrine does not reproduce that quirk.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    /// The gravity's string value, as CA's `kCAGravity*` constants.
    public var rawValue: String

    /// A gravity with the given string value, as `CALayerContentsGravity(rawValue:)`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Centred in the bounds, unscaled (`kCAGravityCenter`).
    public static let center = CALayerContentsGravity(rawValue: "center")
    /// Centred along the top edge, unscaled (`kCAGravityTop`).
    public static let top = CALayerContentsGravity(rawValue: "top")
    /// Centred along the bottom edge, unscaled (`kCAGravityBottom`).
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    /// Centred along the left edge, unscaled (`kCAGravityLeft`).
    public static let left = CALayerContentsGravity(rawValue: "left")
    /// Centred along the right edge, unscaled (`kCAGravityRight`).
    public static let right = CALayerContentsGravity(rawValue: "right")
    /// In the top-left corner, unscaled (`kCAGravityTopLeft`).
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    /// In the top-right corner, unscaled (`kCAGravityTopRight`).
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    /// In the bottom-left corner, unscaled (`kCAGravityBottomLeft`).
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    /// In the bottom-right corner, unscaled (`kCAGravityBottomRight`).
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
    /// Stretched to fill the bounds, the default (`kCAGravityResize`).
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    /// Scaled to fit inside the bounds keeping its aspect ratio (`kCAGravityResizeAspect`).
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    /// Scaled to fill the bounds keeping its aspect ratio, cropped
    /// (`kCAGravityResizeAspectFill`).
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}
