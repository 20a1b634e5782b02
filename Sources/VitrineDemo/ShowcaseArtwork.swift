import Foundation
import VitrineKit

/// The showcase's pictures, drawn in code so that the app needs no files.
@MainActor
enum ShowcaseArtwork {
    /// The colours of one time of day over the lake.
    struct Palette {
        /// The sky at the top and at the horizon.
        var skyTop: (CGFloat, CGFloat, CGFloat)
        var skyHorizon: (CGFloat, CGFloat, CGFloat)
        /// The sun (or moon), its halo, and its height above the horizon (a fraction).
        var sun: UIColor
        var halo: (CGFloat, CGFloat, CGFloat)
        var sunHeight: CGFloat
        var farRange: UIColor
        var nearRange: UIColor
        var lake: UIColor
        var reflection: UIColor
        /// Stars in the sky (at night).
        var stars = false
    }

    /// A mountain lake at dawn, 640x400 points: the featured picture.
    static let landscape: UIImage = drawLandscape(size: CGSize(width: 640, height: 400), palette: dawn)

    /// The gallery's pictures: the lake at dawn, noon, dusk and night, with their captions.
    static let gallery: [(image: UIImage, caption: String)] = [
        (landscape, "Dawn over the lake"),
        (drawLandscape(size: CGSize(width: 640, height: 400), palette: noon), "Noon on the water"),
        (drawLandscape(size: CGSize(width: 640, height: 400), palette: dusk), "Dusk behind the ridge"),
        (drawLandscape(size: CGSize(width: 640, height: 400), palette: night), "A clear night"),
    ]

    static let dawn = Palette(
        skyTop: (0.10, 0.14, 0.38), skyHorizon: (0.98, 0.66, 0.46),
        sun: UIColor(red: 1, green: 0.95, blue: 0.8, alpha: 1),
        halo: (1, 0.86, 0.6), sunHeight: 0.3, farRange: UIColor(red: 0.42, green: 0.36, blue: 0.56, alpha: 1),
        nearRange: UIColor(red: 0.2, green: 0.2, blue: 0.34, alpha: 1),
        lake: UIColor(red: 0.12, green: 0.2, blue: 0.34, alpha: 1),
        reflection: UIColor(red: 1, green: 0.85, blue: 0.62, alpha: 0.55))
    static let noon = Palette(
        skyTop: (0.16, 0.42, 0.82), skyHorizon: (0.7, 0.86, 0.98), sun: UIColor(red: 1, green: 1, blue: 0.92, alpha: 1),
        halo: (1, 1, 0.85), sunHeight: 0.5, farRange: UIColor(red: 0.45, green: 0.58, blue: 0.7, alpha: 1),
        nearRange: UIColor(red: 0.2, green: 0.4, blue: 0.3, alpha: 1),
        lake: UIColor(red: 0.14, green: 0.42, blue: 0.62, alpha: 1),
        reflection: UIColor(red: 1, green: 1, blue: 0.9, alpha: 0.5))
    static let dusk = Palette(
        skyTop: (0.22, 0.1, 0.34), skyHorizon: (0.96, 0.38, 0.3),
        sun: UIColor(red: 1, green: 0.62, blue: 0.36, alpha: 1),
        halo: (1, 0.5, 0.35), sunHeight: 0.12, farRange: UIColor(red: 0.38, green: 0.22, blue: 0.4, alpha: 1),
        nearRange: UIColor(red: 0.16, green: 0.1, blue: 0.2, alpha: 1),
        lake: UIColor(red: 0.2, green: 0.12, blue: 0.26, alpha: 1),
        reflection: UIColor(red: 1, green: 0.55, blue: 0.4, alpha: 0.5))
    static let night = Palette(
        skyTop: (0.01, 0.02, 0.08), skyHorizon: (0.08, 0.12, 0.26),
        sun: UIColor(red: 0.95, green: 0.95, blue: 0.88, alpha: 1),
        halo: (0.7, 0.75, 0.9), sunHeight: 0.42, farRange: UIColor(red: 0.12, green: 0.14, blue: 0.24, alpha: 1),
        nearRange: UIColor(red: 0.05, green: 0.06, blue: 0.12, alpha: 1),
        lake: UIColor(red: 0.04, green: 0.07, blue: 0.14, alpha: 1),
        reflection: UIColor(red: 0.9, green: 0.9, blue: 0.85, alpha: 0.4), stars: true)

    private static func drawLandscape(size: CGSize, palette: Palette) -> UIImage {
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
                let (top, low) = (palette.skyTop, palette.skyHorizon)
                UIColor(
                    red: top.0 + (low.0 - top.0) * eased, green: top.1 + (low.1 - top.1) * eased,
                    blue: top.2 + (low.2 - top.2) * eased, alpha: 1
                ).setFill()
                let y = horizon * CGFloat(band) / CGFloat(bands)
                cg.fill(
                    CGRect(
                        x: 0, y: y.rounded(.down), width: size.width,
                        height: (horizon / CGFloat(bands)).rounded(.up) + 1))
            }
            if palette.stars {
                // Stars: a fixed scatter (a small linear congruence), the same every time.
                UIColor(white: 1, alpha: 0.8).setFill()
                var seed: UInt32 = 7
                for _ in 0..<60 {
                    seed = seed &* 1_103_515_245 &+ 12345
                    let x = CGFloat(seed >> 16 & 0x3FF) / 1023 * size.width
                    seed = seed &* 1_103_515_245 &+ 12345
                    let y = CGFloat(seed >> 16 & 0x3FF) / 1023 * horizon * 0.8
                    cg.fill(CGRect(x: x.rounded(), y: y.rounded(), width: 2, height: 2))
                }
            }
            // The sun (or moon) and its halo.
            let sun = CGPoint(x: size.width * 0.6, y: horizon - size.height * palette.sunHeight)
            for (radius, alpha) in [(90.0, 0.10), (62.0, 0.16), (44.0, 0.3)] {
                UIColor(red: palette.halo.0, green: palette.halo.1, blue: palette.halo.2, alpha: alpha).setFill()
                cg.fillEllipse(in: CGRect(x: sun.x - radius, y: sun.y - radius, width: 2 * radius, height: 2 * radius))
            }
            palette.sun.setFill()
            cg.fillEllipse(in: CGRect(x: sun.x - 30, y: sun.y - 30, width: 60, height: 60))
            // Two ranges of mountains, the far one paler.
            fillRange(
                size, horizon: horizon,
                [
                    (0, 0.46), (0.12, 0.34), (0.24, 0.44), (0.38, 0.28), (0.5, 0.42), (0.62, 0.36), (0.8, 0.47),
                    (1, 0.38),
                ],
                color: palette.farRange)
            fillRange(
                size, horizon: horizon,
                [
                    (0, 0.55), (0.1, 0.5), (0.2, 0.56), (0.3, 0.45), (0.44, 0.58), (0.58, 0.5), (0.72, 0.6),
                    (0.88, 0.48), (1, 0.54),
                ],
                color: palette.nearRange)
            // The lake, with the sun's reflection as broken lines.
            palette.lake.setFill()
            cg.fill(CGRect(x: 0, y: horizon, width: size.width, height: size.height - horizon))
            palette.reflection.setFill()
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
