import Foundation

/// How a layer's `contents` image is placed in its bounds, as Core Animation's
/// `CALayerContentsGravity` (a string-backed struct, so the raw values are CA's).
///
/// As on iOS, the vertical names refer to Core Animation's unflipped (y-up) geometry: iOS layers
/// report `contentsAreFlipped()`, and Apple documents that `top` then aligns content with the
/// bottom of the layer and `bottom` with its top. Vitrine keeps that, so iOS layer code looks
/// the same here; `UIView.contentMode` (`.top`, `.bottom`, ...) corrects for it, as UIKit does.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    /// The gravity's string value, as CA's `kCAGravity*` constants.
    public var rawValue: String

    /// A gravity with the given string value, as `CALayerContentsGravity(rawValue:)`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Centred in the bounds, unscaled (`kCAGravityCenter`).
    public static let center = CALayerContentsGravity(rawValue: "center")
    /// Centred along the edge at `maxY` (the bottom on screen, as on iOS), unscaled (`kCAGravityTop`).
    public static let top = CALayerContentsGravity(rawValue: "top")
    /// Centred along the edge at `minY` (the top on screen, as on iOS), unscaled (`kCAGravityBottom`).
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    /// Centred along the left edge, unscaled (`kCAGravityLeft`).
    public static let left = CALayerContentsGravity(rawValue: "left")
    /// Centred along the right edge, unscaled (`kCAGravityRight`).
    public static let right = CALayerContentsGravity(rawValue: "right")
    /// In the corner at `minX`/`maxY` (bottom left on screen, as on iOS), unscaled (`kCAGravityTopLeft`).
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    /// In the corner at `maxX`/`maxY` (bottom right on screen, as on iOS), unscaled (`kCAGravityTopRight`).
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    /// In the corner at `minX`/`minY` (top left on screen, as on iOS), unscaled (`kCAGravityBottomLeft`).
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    /// In the corner at `maxX`/`minY` (top right on screen, as on iOS), unscaled (`kCAGravityBottomRight`).
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
    /// Stretched to fill the bounds, the default (`kCAGravityResize`).
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    /// Scaled to fit inside the bounds keeping its aspect ratio (`kCAGravityResizeAspect`).
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    /// Scaled to fill the bounds keeping its aspect ratio, cropped
    /// (`kCAGravityResizeAspectFill`).
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}
