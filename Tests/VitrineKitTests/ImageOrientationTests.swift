import Foundation
import Testing

@testable import VitrineKit

/// JPEG fixtures with an EXIF orientation, made here: a TurboJPEG-encoded image with an APP1
/// segment spliced in after SOI.
enum OrientedJPEG {
    /// 32x16 pixels, blue, with an 8x8 red block in the stored top-left corner.
    static func marked() -> PixelBuffer {
        let buffer = PixelBuffer(width: 32, height: 16, format: .xrgb8888)
        for y in 0..<16 {
            for x in 0..<32 { buffer.setPixel(x: x, y: y, x < 8 && y < 8 ? 0xffff_0000 : 0xff00_00ff) }
        }
        return buffer
    }

    /// A little-endian Exif APP1 segment whose IFD0 holds only the Orientation tag.
    static func exifSegment(_ value: UInt8) -> [UInt8] {
        let tiff: [UInt8] =
            [0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0]  // "II", 42, IFD0 at 8, one entry
            + [0x12, 0x01, 3, 0, 1, 0, 0, 0, value, 0, 0, 0]  // Orientation, SHORT, 1, value
            + [0, 0, 0, 0]
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        return [0xff, 0xe1, 0, UInt8(payload.count + 2)] + payload
    }

    /// The marked image as a JPEG with `segment` after SOI.
    static func data(with segment: [UInt8]) throws -> Data {
        let jpeg = [UInt8](try ImageCodec.encodeJPEG(marked(), quality: 1))
        return Data(Array(jpeg[..<2]) + segment + Array(jpeg[2...]))
    }

    static func data(orientation value: UInt8) throws -> Data { try data(with: exifSegment(value)) }

    /// Where the red corner of the marked image is when shown upright, for each EXIF value.
    enum Corner: CaseIterable { case topLeft, topRight, bottomLeft, bottomRight }
    static let redCorner: [UInt8: Corner] = [
        1: .topLeft, 2: .topRight, 3: .bottomRight, 4: .bottomLeft,
        5: .topLeft, 6: .topRight, 7: .bottomRight, 8: .bottomLeft,
    ]

    /// UIKit's orientation for each EXIF value.
    static let uiKitOrientation: [UInt8: UIImage.Orientation] = [
        1: .up, 2: .upMirrored, 3: .down, 4: .downMirrored, 5: .leftMirrored, 6: .right, 7: .rightMirrored, 8: .left,
    ]
}

@Suite struct ImageOrientationTests {
    @Test func dataReadsTheExifOrientationAndSizeIsUpright() throws {
        for value in UInt8(1)...8 {
            let image = try #require(UIImage(data: try OrientedJPEG.data(orientation: value), scale: 2))
            #expect(image.imageOrientation == OrientedJPEG.uiKitOrientation[value], "EXIF \(value)")
            #expect(image.size == (value >= 5 ? CGSize(width: 8, height: 16) : CGSize(width: 16, height: 8)))
            // cgImage stays the pixels as stored, as in UIKit.
            let stored = try #require(image.cgImage)
            #expect(stored.width == 32 && stored.height == 16)
            #expect(isNear(stored.pixel(x: 2, y: 2), 0xff0000))
        }
    }

    @Test func missingOrCorruptExifIsUp() throws {
        let plain = try #require(UIImage(data: try ImageCodec.encodeJPEG(OrientedJPEG.marked(), quality: 1)))
        #expect(plain.imageOrientation == .up && plain.size == CGSize(width: 32, height: 16))
        let good = OrientedJPEG.exifSegment(6)
        var truncated = Array(good.prefix(22))
        truncated[3] = 20  // the segment ends inside IFD0's entry
        var badOrder = good
        badOrder[10] = 0x58
        var badValue = good
        badValue[28] = 0  // orientation 0
        for segment in [truncated, badOrder, badValue, Array(good.prefix(14))] {
            // The image still loads, upright as stored. (The 14-byte prefix also breaks the JPEG
            // itself, which TurboJPEG then refuses: nil, no crash.)
            let image = UIImage(data: try OrientedJPEG.data(with: segment))
            if segment.count == 14 { continue }
            #expect(image?.imageOrientation == .up && image?.size == CGSize(width: 32, height: 16))
        }
    }

    @Test func contentsOfFileReadsTheOrientation() throws {
        let directory = try TemporaryImageDirectory()
        defer { directory.remove() }
        try directory.writeBytes("photo@2x.jpg", [UInt8](try OrientedJPEG.data(orientation: 8)))
        let image = try #require(UIImage(contentsOfFile: directory.url.appendingPathComponent("photo@2x.jpg").path))
        #expect(image.imageOrientation == .left && image.scale == 2)
        #expect(image.size == CGSize(width: 8, height: 16))
    }

    @Test func explicitOrientationsSwapTheSize() {
        let pixels = CGImage(copying: OrientedJPEG.marked())
        for orientation in UIImage.Orientation.allCases {
            let image = UIImage(cgImage: pixels, scale: 2, orientation: orientation)
            let quarterTurn = [.left, .right, .leftMirrored, .rightMirrored].contains(orientation)
            #expect(image.size == (quarterTurn ? CGSize(width: 8, height: 16) : CGSize(width: 16, height: 8)))
            #expect(image.cgImage === pixels)
            // Resizable copies keep the orientation and share the upright pixels.
            let resizable = image.resizableImage(withCapInsets: UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1))
            #expect(resizable.imageOrientation == orientation && resizable.size == image.size)
            #expect(resizable.uprightImage === image.uprightImage)
        }
    }

    /// The colour at each corner (2 pixels in) of `buffer`'s `rect` (in pixels).
    static func redCorners(of buffer: PixelBuffer, in rect: CGRect) -> [OrientedJPEG.Corner] {
        let inset = 2.0
        let points: [(OrientedJPEG.Corner, CGFloat, CGFloat)] = [
            (.topLeft, rect.minX + inset, rect.minY + inset), (.topRight, rect.maxX - inset - 1, rect.minY + inset),
            (.bottomLeft, rect.minX + inset, rect.maxY - inset - 1),
            (.bottomRight, rect.maxX - inset - 1, rect.maxY - inset - 1),
        ]
        return points.compactMap { corner, x, y in
            let pixel = buffer.pixel(x: Int(x), y: Int(y))
            if isNear(pixel, 0xff0000, tolerance: 24) { return corner }
            #expect(isNear(pixel, 0x0000ff, tolerance: 24), "\(corner) is \(String(pixel, radix: 16))")
            return nil
        }
    }

    @Test @MainActor func drawingAppliesEveryOrientation() throws {
        let pixels = CGImage(copying: OrientedJPEG.marked())
        for (value, orientation) in OrientedJPEG.uiKitOrientation {
            let image = UIImage(cgImage: pixels, scale: 1, orientation: orientation)
            let format = UIGraphicsImageRendererFormat()
            format.scale = 1
            format.opaque = true
            let drawn = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40), format: format).image { _ in
                image.draw(at: CGPoint(x: 4, y: 4))
            }
            let buffer = try #require(drawn.cgImage).makePixelBuffer()
            let rect = CGRect(origin: CGPoint(x: 4, y: 4), size: image.size)
            #expect(Self.redCorners(of: buffer, in: rect) == [OrientedJPEG.redCorner[value]], "EXIF \(value)")
        }
    }
}

/// Oriented JPEGs in image views on a headless screen.
@MainActor @Suite struct ImageOrientationScreenTests {
    @Test func imageViewsShowJPEGsUpright() throws {
        let rig = HeadlessRig()
        let scale = rig.screen.scale
        let window = makeVisibleWindow(on: rig.screen, frame: rig.screen.bounds, color: .black)
        for value in UInt8(1)...8 {
            let image = try #require(UIImage(data: try OrientedJPEG.data(orientation: value)))
            let view = UIImageView(image: image)
            view.frame.origin = CGPoint(x: 10, y: 6)
            window.addSubview(view)
            rig.settle()
            let shot = try #require(rig.output.screenshot())
            let rect = CGRect(
                x: view.frame.minX * scale, y: view.frame.minY * scale, width: view.frame.width * scale,
                height: view.frame.height * scale)
            #expect(view.frame.size == image.size)
            #expect(
                ImageOrientationTests.redCorners(of: shot, in: rect) == [OrientedJPEG.redCorner[value]], "EXIF \(value)"
            )
            // The view shows upright pixels; the image's own stay as stored.
            #expect((view.layer.contents as? CGImage)?.width == (value >= 5 ? 16 : 32))
            #expect(image.cgImage?.width == 32)
            view.removeFromSuperview()
        }
    }
}

extension ImageNamedLookupTests {
    @Test func namedJPEGsReadTheOrientationAndShareTheUprightPixels() throws {
        let directory = try TemporaryImageDirectory()
        defer { directory.remove() }
        try directory.writeBytes("turned.jpg", [UInt8](try OrientedJPEG.data(orientation: 6)))
        let saved = UIImage.searchDirectories
        defer { UIImage.searchDirectories = saved }
        UIImage.searchDirectories = [directory.url]
        let first = try #require(UIImage(named: "turned", in: nil, compatibleWith: UITraitCollection(displayScale: 1)))
        #expect(first.imageOrientation == .right && first.size == CGSize(width: 16, height: 32))
        let second = try #require(UIImage(named: "turned", in: nil, compatibleWith: UITraitCollection(displayScale: 1)))
        #expect(second.imageOrientation == .right && second.uprightImage === first.uprightImage)
        #expect(isNear(first.uprightImage.pixel(x: 13, y: 2), 0xff0000, tolerance: 24))
    }
}
