import Foundation
import VitrineKit
import VitrineShowcase

/// The showcase's pictures, drawn in code so that the app needs no files.
@MainActor
enum ShowcaseArtwork {
    /// The wallpaper for a screen of `size` points: the compositor benchmark's gradient, made
    /// at a quarter of the size (it is smooth, so the image view's filtering scales it up
    /// without visible loss, at a sixteenth of the cost to generate).
    static func wallpaper(for size: CGSize) -> UIImage {
        let width = max(1, Int((size.width / 4).rounded(.up)))
        let height = max(1, Int((size.height / 4).rounded(.up)))
        return UIImage(cgImage: ShowcaseScene.backgroundImage(width: width, height: height))
    }

    /// A mountain lake at dawn, 640x400 points: the featured picture.
    static let landscape: UIImage = drawLandscape(size: CGSize(width: 640, height: 400))

    private static func drawLandscape(size: CGSize) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        format.opaque = true
        return UIGraphicsImageRenderer(size: size, format: format).image { context in
            let cg = context.cgContext
            let horizon = size.height * 0.62
            // Sky: night blue at the top to a warm glow at the horizon, in thin bands.
            let bands = 64
            for band in 0..<bands {
                let f = CGFloat(band) / CGFloat(bands - 1)
                let eased = f * f
                UIColor(
                    red: 0.10 + 0.88 * eased, green: 0.14 + 0.52 * eased, blue: 0.38 + 0.08 * eased, alpha: 1
                ).setFill()
                let y = horizon * CGFloat(band) / CGFloat(bands)
                cg.fill(
                    CGRect(
                        x: 0, y: y.rounded(.down), width: size.width,
                        height: (horizon / CGFloat(bands)).rounded(.up) + 1))
            }
            // The sun and its halo.
            let sun = CGPoint(x: size.width * 0.6, y: horizon - size.height * 0.3)
            for (radius, alpha) in [(90.0, 0.10), (62.0, 0.16), (44.0, 0.3)] {
                UIColor(red: 1, green: 0.86, blue: 0.6, alpha: alpha).setFill()
                cg.fillEllipse(in: CGRect(x: sun.x - radius, y: sun.y - radius, width: 2 * radius, height: 2 * radius))
            }
            UIColor(red: 1, green: 0.95, blue: 0.8, alpha: 1).setFill()
            cg.fillEllipse(in: CGRect(x: sun.x - 30, y: sun.y - 30, width: 60, height: 60))
            // Two ranges of mountains, the far one paler.
            fillRange(
                size, horizon: horizon,
                [
                    (0, 0.46), (0.12, 0.34), (0.24, 0.44), (0.38, 0.28), (0.5, 0.42), (0.62, 0.36), (0.8, 0.47),
                    (1, 0.38),
                ],
                color: UIColor(red: 0.42, green: 0.36, blue: 0.56, alpha: 1))
            fillRange(
                size, horizon: horizon,
                [
                    (0, 0.55), (0.1, 0.5), (0.2, 0.56), (0.3, 0.45), (0.44, 0.58), (0.58, 0.5), (0.72, 0.6),
                    (0.88, 0.48), (1, 0.54),
                ],
                color: UIColor(red: 0.2, green: 0.2, blue: 0.34, alpha: 1))
            // The lake, with the sun's reflection as broken lines.
            UIColor(red: 0.12, green: 0.2, blue: 0.34, alpha: 1).setFill()
            cg.fill(CGRect(x: 0, y: horizon, width: size.width, height: size.height - horizon))
            UIColor(red: 1, green: 0.85, blue: 0.62, alpha: 0.55).setFill()
            for line in 0..<7 {
                let y = horizon + 10 + CGFloat(line) * 18
                let half = 46 - CGFloat(line) * 5
                cg.fill(CGRect(x: sun.x - half, y: y, width: 2 * half, height: 3))
            }
            // A shore in the foreground.
            let shore = UIBezierPath()
            shore.move(to: CGPoint(x: 0, y: size.height))
            shore.addLine(to: CGPoint(x: 0, y: size.height * 0.86))
            shore.addCurve(
                to: CGPoint(x: size.width * 0.45, y: size.height),
                controlPoint1: CGPoint(x: size.width * 0.18, y: size.height * 0.84),
                controlPoint2: CGPoint(x: size.width * 0.3, y: size.height * 0.95))
            shore.close()
            UIColor(red: 0.07, green: 0.1, blue: 0.16, alpha: 1).setFill()
            shore.fill()
        }
    }

    /// Fills the outline through `peaks` (fractions of `size`) down to the horizon.
    private static func fillRange(_ size: CGSize, horizon: CGFloat, _ peaks: [(CGFloat, CGFloat)], color: UIColor) {
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 0, y: horizon + 2))
        for (x, y) in peaks { path.addLine(to: CGPoint(x: x * size.width, y: y * size.height)) }
        path.addLine(to: CGPoint(x: size.width, y: horizon + 2))
        path.close()
        color.setFill()
        path.fill()
    }
}
