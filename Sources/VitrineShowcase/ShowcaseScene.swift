import Foundation
import OpenGLES
import VitrineGraphics
import VitrineLayers

/// The showcase kiosk scene: what `vitrined` shows until the view system exists, and what the
/// compositor benchmark measures. About 40 layers: an opaque background image, 12 translucent
/// rounded panels, 8 scaled images, one rotated banner and small detail layers, one of which
/// (the 200x60 status light) the benchmark recolours every frame, and a card drawn with
/// OpenGL ES through a `CAEAGLLayer` (`glCard`; it says why when EGL gives no context).
@MainActor
public struct ShowcaseScene {
    /// The root layer, sized to the screen.
    public let root: CALayer
    /// The 200x60 status layer whose colour changes in the one-small-change benchmark.
    public let statusLayer: CALayer
    /// The card drawn with OpenGL ES (see `ShowcaseGLCard`), in the header.
    public let glCard: CALayer
    /// What the GL card shows: the driver it was drawn on, or why it could not be drawn.
    public let glCardStatus: String
    /// Every layer in the tree, the root included.
    public var layerCount: Int { Self.count(root) }

    /// Builds the scene for a screen of `width` x `height` points. Images are generated, so the
    /// scene needs no files. The GL card draws with the context `makeGLContext` gives (an
    /// OpenGL ES 2 one by default; nil shows the card's "unavailable" face).
    public init(
        width: Int = 1920, height: Int = 1080,
        makeGLContext: () -> EAGLContext? = { EAGLContext(api: .openGLES2) }
    ) {
        let size = CGSize(width: width, height: height)
        root = CALayer()
        root.name = "root"
        root.bounds = CGRect(origin: .zero, size: size)
        root.position = CGPoint(x: size.width / 2, y: size.height / 2)

        let background = CALayer()
        background.name = "background"
        background.frame = root.bounds
        background.contents = Self.backgroundImage(width: width, height: height)
        background.contentsGravity = .resize
        root.addSublayer(background)

        let icon = Self.iconImage(size: 128)
        let columns = 4
        let rows = 3
        let margin = size.width * 0.03
        let top = size.height * 0.16
        let panelWidth = (size.width - margin * CGFloat(columns + 1)) / CGFloat(columns)
        let panelHeight = (size.height - top - margin * CGFloat(rows + 1)) / CGFloat(rows)
        var panelIndex = 0
        for row in 0..<rows {
            for column in 0..<columns {
                let panel = CALayer()
                panel.name = "panel \(panelIndex)"
                panel.frame = CGRect(
                    x: margin + CGFloat(column) * (panelWidth + margin),
                    y: top + margin + CGFloat(row) * (panelHeight + margin),
                    width: panelWidth, height: panelHeight)
                panel.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.16)
                panel.cornerRadius = 22
                panel.borderWidth = 1.5
                panel.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.35)
                root.addSublayer(panel)

                if panelIndex < 8 {
                    let image = CALayer()
                    image.name = "icon \(panelIndex)"
                    image.frame = CGRect(x: 24, y: 24, width: 96, height: 96)
                    image.contents = icon
                    image.contentsGravity = .resizeAspect
                    panel.addSublayer(image)
                } else {
                    let bar = CALayer()
                    bar.name = "meter \(panelIndex)"
                    bar.frame = CGRect(x: 24, y: panelHeight - 48, width: (panelWidth - 48) * 0.6, height: 16)
                    bar.backgroundColor = CGColor(red: 0.35, green: 0.85, blue: 0.55, alpha: 1)
                    bar.cornerRadius = 8
                    panel.addSublayer(bar)
                }
                let title = CALayer()
                title.name = "title \(panelIndex)"
                title.frame = CGRect(x: 136, y: 40, width: max(40, panelWidth - 170), height: 14)
                title.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.85)
                panel.addSublayer(title)
                panelIndex += 1
            }
        }

        let banner = CALayer()
        banner.name = "banner"
        banner.bounds = CGRect(x: 0, y: 0, width: 320, height: 72)
        banner.position = CGPoint(x: size.width - 260, y: top * 0.5)
        banner.setAffineTransform(CGAffineTransform(rotationAngle: -8 * .pi / 180))
        banner.backgroundColor = CGColor(red: 0.95, green: 0.35, blue: 0.25, alpha: 0.9)
        banner.cornerRadius = 12
        root.addSublayer(banner)

        statusLayer = CALayer()
        statusLayer.name = "status"
        statusLayer.frame = CGRect(x: margin, y: top * 0.5 - 30, width: 200, height: 60)
        statusLayer.backgroundColor = CGColor(red: 0.2, green: 0.7, blue: 0.3, alpha: 1)
        root.addSublayer(statusLayer)

        let clockFace = CALayer()
        clockFace.name = "clock"
        clockFace.frame = CGRect(x: margin + 230, y: top * 0.5 - 30, width: 60, height: 60)
        clockFace.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.9)
        clockFace.cornerRadius = 30
        root.addSublayer(clockFace)

        (glCard, glCardStatus) = ShowcaseGLCard.make(
            frame: CGRect(x: margin + 320, y: max(4, top * 0.5 - 60), width: 220, height: min(120, top - 8)),
            makeContext: makeGLContext)
        root.addSublayer(glCard)
    }

    /// Gives the status layer the `index`-th colour of a small palette (the benchmark's change).
    public func recolorStatus(_ index: Int) {
        let palette = [
            CGColor(red: 0.2, green: 0.7, blue: 0.3, alpha: 1), CGColor(red: 0.9, green: 0.6, blue: 0.1, alpha: 1),
            CGColor(red: 0.8, green: 0.2, blue: 0.2, alpha: 1),
        ]
        statusLayer.backgroundColor = palette[index % palette.count]
    }

    private static func count(_ layer: CALayer) -> Int {
        1 + (layer.sublayers ?? []).reduce(0) { $0 + count($1) }
    }

    /// An opaque diagonal gradient with soft bands: a wallpaper.
    public static func backgroundImage(width: Int, height: Int) -> CGImage {
        let buffer = PixelBuffer(width: width, height: height, format: .xrgb8888)
        for y in 0..<height {
            let row = buffer.baseAddress.advanced(by: y * buffer.stride).assumingMemoryBound(to: UInt32.self)
            let fy = Double(y) / Double(max(1, height - 1))
            for x in 0..<width {
                let fx = Double(x) / Double(max(1, width - 1))
                let band = 0.5 + 0.5 * sin((fx * 3 + fy * 2) * .pi)
                let red = UInt32(20 + 40 * fx + 20 * band)
                let green = UInt32(30 + 50 * fy)
                let blue = UInt32(70 + 90 * (1 - fx) + 30 * band)
                row[x] = 0xff00_0000 | red << 16 | green << 8 | blue
            }
        }
        return CGImage(copying: buffer)
    }

    /// A translucent round badge with a ring: an app icon stand-in with real alpha.
    public static func iconImage(size: Int) -> CGImage {
        let buffer = PixelBuffer(width: size, height: size, format: .argb8888Premultiplied)
        let center = Double(size) / 2
        for y in 0..<size {
            for x in 0..<size {
                let distance = hypot(Double(x) + 0.5 - center, Double(y) + 0.5 - center) / center
                let coverage = max(0, min(1, (1 - distance) * Double(size) / 2))
                let ring = distance > 0.7 && distance < 0.85
                let color =
                    ring
                    ? PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1)
                    : PremultipliedColor(
                        red: 0.25 + 0.5 * Double(x) / Double(size), green: 0.55, blue: 0.95, alpha: 0.9)
                let alpha = color.alpha * coverage
                buffer.setPixel(
                    x: x, y: y,
                    PremultipliedColor(
                        red: color.red * alpha, green: color.green * alpha, blue: color.blue * alpha, alpha: alpha
                    ).argb32)
            }
        }
        return CGImage(copying: buffer)
    }
}
