import Foundation

extension UIImage {
    /// Whether views draw an image in its own colours or as a template filled with their tint
    /// colour, as `UIImage.RenderingMode` (same cases and raw values).
    public enum RenderingMode: Int, Sendable, Hashable {
        /// The view decides, as UIKit: tab bars (and their items) draw it as a template,
        /// other views in its own colours.
        case automatic = 0
        /// Always in the image's own colours.
        case alwaysOriginal = 1
        /// Always as a template: only the alpha channel counts, filled with the tint colour.
        case alwaysTemplate = 2
    }

    /// The image as a template filled with `color` (its alpha kept, its colours replaced),
    /// at the same scale and in `.alwaysOriginal` mode: what a tinting view shows for a
    /// template image.
    @MainActor
    func templateFilled(with color: UIColor) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        let bounds = CGRect(origin: .zero, size: size)
        let filled = UIGraphicsImageRenderer(size: size, format: format).image { context in
            draw(in: bounds)
            context.cgContext.setBlendMode(.sourceIn)
            color.setFill()
            context.cgContext.fill(bounds)
        }
        return filled.withRenderingMode(.alwaysOriginal)
    }
}
