import Foundation
import Testing

@testable import VitrineKit

/// A directory of its own under the temporary directory, removed by `remove()`.
struct TemporaryImageDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("vitrine-images-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes a solid image of `width` x `height` pixels in `color` (0xRRGGBB) as PNG, or JPEG
    /// when the name ends in .jpg or .jpeg.
    func write(_ name: String, width: Int, height: Int, color: UInt32) throws {
        let buffer = PixelBuffer(width: width, height: height, format: .xrgb8888)
        for y in 0..<height {
            for x in 0..<width { buffer.setPixel(x: x, y: y, 0xff00_0000 | color) }
        }
        let lowercased = name.lowercased()
        let data =
            lowercased.hasSuffix(".jpg") || lowercased.hasSuffix(".jpeg")
            ? try ImageCodec.encodeJPEG(buffer, quality: 1) : try ImageCodec.encodePNG(buffer)
        try data.write(to: url.appendingPathComponent(name))
    }

    func writeBytes(_ name: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: url.appendingPathComponent(name))
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Whether `pixel` is within a JPEG's tolerance of `rgb`.
func isNear(_ pixel: UInt32, _ rgb: UInt32, tolerance: Int = 6) -> Bool {
    [16, 8, 0].allSatisfy { (shift: UInt32) in
        abs(Int(pixel >> shift & 0xff) - Int(rgb >> shift & 0xff)) <= tolerance
    }
}

@Suite struct ImageTests {
    static func solidImage(width: Int, height: Int, color: UInt32 = 0xff33_6699) -> CGImage {
        let buffer = PixelBuffer(width: width, height: height, format: .xrgb8888)
        for y in 0..<height {
            for x in 0..<width { buffer.setPixel(x: x, y: y, color) }
        }
        return CGImage(copying: buffer)
    }

    @Test func sizeIsPixelsOverScale() {
        let pixels = Self.solidImage(width: 200, height: 100)
        let plain = UIImage(cgImage: pixels)
        #expect(plain.scale == 1 && plain.size == CGSize(width: 200, height: 100))
        #expect(plain.imageOrientation == .up)
        #expect(plain.cgImage === pixels)
        let retina = UIImage(cgImage: pixels, scale: 2, orientation: .left)
        #expect(retina.size == CGSize(width: 50, height: 100))  // upright: a quarter turn swaps
        #expect(retina.imageOrientation == .left)
        let third = UIImage(cgImage: pixels, scale: 3, orientation: .up)
        #expect(abs(third.size.width - 200.0 / 3) < 1e-9)
        for bad in [0, -2, CGFloat.nan, .infinity] as [CGFloat] {
            #expect(UIImage(cgImage: pixels, scale: bad, orientation: .up).scale == 1)
        }
    }

    @Test func orientationRawValuesMatchUIKit() {
        #expect(UIImage.Orientation.allCases.map(\.rawValue) == Array(0...7))
        #expect(UIImage.Orientation(rawValue: 3) == .right)
        #expect(UIImage.ResizingMode.tile.rawValue == 0 && UIImage.ResizingMode.stretch.rawValue == 1)
    }

    @Test func dataDecodesPNGAndJPEG() throws {
        let buffer = Self.solidImage(width: 8, height: 4, color: 0xff10_8040).makePixelBuffer()
        let png = try #require(UIImage(data: try ImageCodec.encodePNG(buffer)))
        #expect(png.size == CGSize(width: 8, height: 4))
        #expect(png.cgImage?.pixel(x: 7, y: 3) == 0xff10_8040)
        let jpeg = try #require(UIImage(data: try ImageCodec.encodeJPEG(buffer, quality: 1), scale: 2))
        #expect(jpeg.scale == 2 && jpeg.size == CGSize(width: 4, height: 2))
        #expect(isNear(try #require(jpeg.cgImage).pixel(x: 1, y: 1), 0x108040))
    }

    @Test func badDataGivesNil() throws {
        #expect(UIImage(data: Data()) == nil)
        #expect(UIImage(data: Data("hello".utf8)) == nil)
        let data = try ImageCodec.encodeJPEG(Self.solidImage(width: 16, height: 16).makePixelBuffer(), quality: 0.9)
        #expect(UIImage(data: data.prefix(data.count / 2)) == nil)
        let png = try ImageCodec.encodePNG(Self.solidImage(width: 16, height: 16).makePixelBuffer())
        #expect(UIImage(data: png.prefix(png.count - 5)) == nil)
    }

    @Test func contentsOfFileTakesTheScaleFromTheName() throws {
        let directory = try TemporaryImageDirectory()
        defer { directory.remove() }
        try directory.write("badge@2x.png", width: 10, height: 6, color: 0x00ff00)
        try directory.write("photo.JPG", width: 9, height: 5, color: 0x2040c0)
        try directory.writeBytes("broken.png", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0])
        let badge = try #require(UIImage(contentsOfFile: directory.url.appendingPathComponent("badge@2x.png").path))
        #expect(badge.scale == 2 && badge.size == CGSize(width: 5, height: 3))
        let photo = try #require(UIImage(contentsOfFile: directory.url.appendingPathComponent("photo.JPG").path))
        #expect(photo.scale == 1 && photo.size == CGSize(width: 9, height: 5))
        #expect(UIImage(contentsOfFile: directory.url.appendingPathComponent("missing.png").path) == nil)
        #expect(UIImage(contentsOfFile: directory.url.appendingPathComponent("broken.png").path) == nil)
        #expect(UIImage(contentsOfFile: directory.url.path) == nil)
    }

    @Test func candidateNamesFollowTheScaleOrder() {
        #expect(
            UIImage.candidateFileNames(for: "icon", scale: 2).filter { $0.hasSuffix(".png") } == [
                "icon@2x.png", "icon@3x.png", "icon@1x.png", "icon.png",
            ])
        #expect(
            UIImage.candidateFileNames(for: "icon", scale: 3).filter { $0.hasSuffix(".png") } == [
                "icon@3x.png", "icon@2x.png", "icon@1x.png", "icon.png",
            ])
        #expect(
            UIImage.candidateFileNames(for: "icon", scale: 1).filter { $0.hasSuffix(".png") } == [
                "icon.png", "icon@1x.png", "icon@2x.png", "icon@3x.png",
            ])
        #expect(
            Array(UIImage.candidateFileNames(for: "icon", scale: 2).prefix(3)) == [
                "icon@2x.png", "icon@2x.jpg", "icon@2x.jpeg",
            ])
        #expect(
            UIImage.candidateFileNames(for: "photo.jpg", scale: 2) == [
                "photo@2x.jpg", "photo@3x.jpg", "photo@1x.jpg", "photo.jpg",
            ])
        #expect(UIImage.candidateFileNames(for: "icon@3x.png", scale: 1) == ["icon@3x.png"])
        #expect(
            UIImage.candidateFileNames(for: "icons/home@2x", scale: 1) == [
                "icons/home@2x.png", "icons/home@2x.jpg", "icons/home@2x.jpeg",
            ])
        // Other extensions are part of the name.
        #expect(UIImage.candidateFileNames(for: "v1.2", scale: 1).first == "v1.2.png")
        #expect(UIImage.scale(ofFileNamed: "/a/b/x@3x.jpeg") == 3)
        #expect(UIImage.scale(ofFileNamed: "x@2x.gif") == 1)
        #expect(UIImage.scale(ofFileNamed: "x.png") == 1)
    }

    @Test func encodesPNGAndJPEG() throws {
        let image = UIImage(
            cgImage: Self.solidImage(width: 6, height: 6, color: 0xffc0_4020), scale: 2, orientation: .up)
        let png = try #require(image.pngData())
        let decodedPNG = try ImageCodec.decodePNG(png)
        #expect(decodedPNG.pixel(x: 5, y: 5) == 0xffc0_4020)
        let jpeg = try #require(image.jpegData(compressionQuality: 0.95))
        #expect(isNear(try ImageCodec.decodeJPEG(jpeg).pixel(x: 3, y: 3), 0xc04020))
    }
}

/// `UIImage(named:)` reads the global search directories and cache: one test at a time.
@Suite(.serialized) struct ImageNamedLookupTests {
    @Test func lookupPrefersTheScaleThenOthersThenThePlainName() throws {
        let directory = try TemporaryImageDirectory()
        defer { directory.remove() }
        try directory.write("icon.png", width: 4, height: 4, color: 0xff0000)
        try directory.write("icon@2x.png", width: 8, height: 8, color: 0x00ff00)
        try directory.write("icon@3x.jpg", width: 12, height: 12, color: 0x0000ff)
        try directory.write("only3@3x.png", width: 12, height: 6, color: 0x0000ff)
        try directory.write("only1.png", width: 5, height: 5, color: 0xffffff)
        try directory.write("photo.jpeg", width: 16, height: 8, color: 0x808080)
        try directory.writeBytes("broken.png", [0x89, 0x50, 0x4e, 0x47, 1, 2, 3])
        let saved = UIImage.searchDirectories
        defer { UIImage.searchDirectories = saved }
        UIImage.searchDirectories = [directory.url.appendingPathComponent("empty"), directory.url]

        func named(_ name: String, scale: CGFloat) -> UIImage? {
            UIImage(named: name, in: nil, compatibleWith: UITraitCollection(displayScale: scale))
        }
        let two = try #require(named("icon", scale: 2))
        #expect(two.scale == 2 && two.size == CGSize(width: 4, height: 4))
        #expect(two.cgImage?.pixel(x: 0, y: 0) == 0xff00_ff00)
        let three = try #require(named("icon", scale: 3))
        #expect(three.scale == 3 && three.cgImage?.width == 12)
        #expect(isNear(try #require(three.cgImage).pixel(x: 6, y: 6), 0x0000ff))
        let one = try #require(UIImage(named: "icon"))
        #expect(one.scale == 1 && one.cgImage?.pixel(x: 0, y: 0) == 0xffff_0000)
        // Named with an extension: the scaled variants of that extension still come first.
        #expect(named("icon.png", scale: 2)?.scale == 2)
        #expect(named("icon@2x.png", scale: 1)?.scale == 2)
        // Missing scales fall back to the others.
        let fallback = try #require(named("only3", scale: 2))
        #expect(fallback.scale == 3 && fallback.size == CGSize(width: 4, height: 2))
        #expect(named("only1", scale: 3)?.scale == 1)
        #expect(UIImage(named: "photo")?.size == CGSize(width: 16, height: 8))
        // Missing, empty and undecodable names give nil.
        #expect(UIImage(named: "nothing") == nil)
        #expect(UIImage(named: "") == nil)
        #expect(UIImage(named: "broken") == nil)
    }

    @Test func namedImagesAreCachedAndShareTheirPixels() throws {
        let directory = try TemporaryImageDirectory()
        defer { directory.remove() }
        try directory.write("cached.png", width: 3, height: 3, color: 0x123456)
        let saved = UIImage.searchDirectories
        defer { UIImage.searchDirectories = saved }
        UIImage.searchDirectories = [directory.url]
        let first = try #require(UIImage(named: "cached"))
        // The file is gone, but the cache still has the image, with the same pixels.
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("cached.png"))
        let second = try #require(UIImage(named: "cached"))
        #expect(first.cgImage === second.cgImage)
        // Changing the search directories empties the cache.
        UIImage.searchDirectories = [directory.url]
        #expect(UIImage(named: "cached") == nil)
    }

    @Test func aBundleIsSearchedInsteadOfTheDirectories() throws {
        let directory = try TemporaryImageDirectory()
        defer { directory.remove() }
        try directory.write("inbundle@2x.png", width: 6, height: 6, color: 0x00ff00)
        let bundle = try #require(Bundle(url: directory.url))
        let found = UIImage(named: "inbundle", in: bundle, compatibleWith: UITraitCollection(displayScale: 2))
        #expect(found?.scale == 2 && found?.size == CGSize(width: 3, height: 3))
        #expect(UIImage(named: "inbundle") == nil)
    }
}

@Suite struct ImageScreenScaleTests {
    @Test @MainActor func namedImagesPreferTheMainScreensScale() async {
        #expect(UIImage.isOnMainQueue)
        #expect(UIImage.preferredScale == UIScreen.main.scale)
        let elsewhere = await Task.detached { UIImage.isOnMainQueue }.value
        #expect(!elsewhere)
    }
}
