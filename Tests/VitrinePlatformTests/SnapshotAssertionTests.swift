import Foundation
import Testing
import VitrineGraphics
import VitrineTestSupport

/// A reference and a failure directory in a fresh temporary folder, removed afterwards.
private final class SnapshotSandbox {
    let root: URL
    var references: URL { root.appendingPathComponent("References") }
    var failures: URL { root.appendingPathComponent("snapshot-failures") }

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("vitrine-snapshot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }
}

/// A small image with a gradient, so that every pixel differs from its neighbours.
private func sampleImage(width: Int = 12, height: Int = 8) -> PixelBuffer {
    let buffer = PixelBuffer(width: width, height: height, format: .xrgb8888)
    for y in 0..<height {
        for x in 0..<width {
            buffer.setPixel(x: x, y: y, UInt32(x * 20) << 16 | UInt32(y * 30) << 8 | 0x40)
        }
    }
    return buffer
}

@Suite("Snapshot assertions")
struct SnapshotAssertionTests {
    @Test func missingReferenceFailsAndWritesTheActualImage() throws {
        let sandbox = try SnapshotSandbox()
        let error = try #require(throws: SnapshotError.self) {
            try assertSnapshot(
                of: sampleImage(), named: "missing", referenceDirectory: sandbox.references,
                failureDirectory: sandbox.failures, record: false)
        }
        #expect(error.kind == .missingReference)
        #expect(!sandbox.exists(sandbox.references.appendingPathComponent("missing.png")))
        let actual = try #require(error.actualPath)
        #expect(FileManager.default.fileExists(atPath: actual))
        #expect(error.description.contains("VITRINE_RECORD_SNAPSHOTS=1"))
    }

    @Test func recordingWritesTheReferenceThenIdenticalPasses() throws {
        let sandbox = try SnapshotSandbox()
        let image = sampleImage()
        let outcome = try assertSnapshot(
            of: image, named: "gradient", referenceDirectory: sandbox.references,
            failureDirectory: sandbox.failures, record: true)
        let path = sandbox.references.appendingPathComponent("gradient.png").path
        #expect(outcome == .recorded(path: path))
        #expect(FileManager.default.fileExists(atPath: path))

        let again = try assertSnapshot(
            of: image.copy(), named: "gradient", referenceDirectory: sandbox.references,
            failureDirectory: sandbox.failures, tolerance: 0, record: false)
        #expect(again == .matched)
        // Recording over a matching reference leaves it alone.
        let recordAgain = try assertSnapshot(
            of: image, named: "gradient", referenceDirectory: sandbox.references,
            failureDirectory: sandbox.failures, record: true)
        #expect(recordAgain == .matched)
        #expect(!sandbox.exists(sandbox.failures))
    }

    @Test func onePixelBeyondToleranceFailsAndWritesActualAndDiff() throws {
        let sandbox = try SnapshotSandbox()
        let image = sampleImage()
        try assertSnapshot(
            of: image, named: "changed", referenceDirectory: sandbox.references,
            failureDirectory: sandbox.failures, record: true)
        let changed = image.copy()
        changed.setPixel(x: 5, y: 3, changed.pixel(x: 5, y: 3) ^ 0x0000_0800)  // green off by 8

        let error = try #require(throws: SnapshotError.self) {
            try assertSnapshot(
                of: changed, named: "changed", referenceDirectory: sandbox.references,
                failureDirectory: sandbox.failures, tolerance: 2, record: false)
        }
        #expect(error.kind == .mismatch)
        #expect(error.comparison?.differingPixelCount == 1)
        #expect(error.comparison?.maxChannelDifference == 8)
        #expect(error.comparison?.differenceBounds == PixelRect(x: 5, y: 3, width: 1, height: 1))
        let actualPath = try #require(error.actualPath)
        let diffPath = try #require(error.diffPath)
        #expect(error.description.contains("1 pixel differs"))
        #expect(error.description.contains("largest channel difference 8"))
        #expect(error.description.contains(actualPath) && error.description.contains(diffPath))

        let actual = try ImageCodec.decodePNG(contentsOf: URL(fileURLWithPath: actualPath))
        #expect(actual.pixel(x: 5, y: 3) == changed.pixel(x: 5, y: 3))
        let diff = try ImageCodec.decodePNG(contentsOf: URL(fileURLWithPath: diffPath))
        #expect(diff.pixel(x: 5, y: 3) == 0xffff_0000)
        #expect(diff.pixel(x: 0, y: 0) != 0xffff_0000)
        #expect(diff.width == image.width && diff.height == image.height)

        // Allowing one differing pixel passes, and clears the stale failure files.
        let allowed = try assertSnapshot(
            of: changed, named: "changed", referenceDirectory: sandbox.references,
            failureDirectory: sandbox.failures, tolerance: 2, maxDifferingPixels: 1, record: false)
        #expect(allowed == .matched)
        #expect(!FileManager.default.fileExists(atPath: diffPath))
    }

    @Test func differencesWithinTolerancePass() throws {
        let sandbox = try SnapshotSandbox()
        let image = sampleImage()
        try assertSnapshot(
            of: image, named: "tolerant", referenceDirectory: sandbox.references,
            failureDirectory: sandbox.failures, record: true)
        let nudged = image.copy()
        nudged.setPixel(x: 1, y: 1, nudged.pixel(x: 1, y: 1) + 0x0002_0001)  // red +2, blue +1
        let outcome = try assertSnapshot(
            of: nudged, named: "tolerant", referenceDirectory: sandbox.references,
            failureDirectory: sandbox.failures, tolerance: 2, record: false)
        #expect(outcome == .matched)
        #expect(throws: SnapshotError.self) {
            try assertSnapshot(
                of: nudged, named: "tolerant", referenceDirectory: sandbox.references,
                failureDirectory: sandbox.failures, tolerance: 1, record: false)
        }
    }

    @Test func sizeMismatchFails() throws {
        let sandbox = try SnapshotSandbox()
        try assertSnapshot(
            of: sampleImage(), named: "sized", referenceDirectory: sandbox.references,
            failureDirectory: sandbox.failures, record: true)
        let error = try #require(throws: SnapshotError.self) {
            try assertSnapshot(
                of: sampleImage(width: 13), named: "sized", referenceDirectory: sandbox.references,
                failureDirectory: sandbox.failures, record: false)
        }
        #expect(error.kind == .sizeMismatch)
        #expect(error.description.contains("13x8"))
    }

    @Test func recordingIsRequestedOnlyByTheVariable() {
        #expect(SnapshotRecording.isRequested(in: ["VITRINE_RECORD_SNAPSHOTS": "1"]))
        #expect(!SnapshotRecording.isRequested(in: ["VITRINE_RECORD_SNAPSHOTS": "0"]))
        #expect(!SnapshotRecording.isRequested(in: [:]))
    }
}

@Suite("PixelComparison")
struct PixelComparisonTests {
    @Test func ignoresTheUnusedByteOfXRGB() {
        let left = PixelBuffer(width: 2, height: 1, format: .xrgb8888)
        let right = PixelBuffer(width: 2, height: 1, format: .xrgb8888)
        left.setPixel(x: 0, y: 0, 0x0011_2233)
        right.setPixel(x: 0, y: 0, 0x7f11_2233)
        let comparison = PixelComparison(left, right)
        #expect(comparison.isMatch)
        #expect(comparison.maxChannelDifference == 0)
    }

    @Test func countsPixelsAndLargestDifference() {
        let left = PixelBuffer(width: 4, height: 4, format: .argb8888Premultiplied)
        let right = PixelBuffer(width: 4, height: 4, format: .argb8888Premultiplied)
        left.setPixel(x: 0, y: 0, 0x8000_0000)  // alpha differs by 128
        left.setPixel(x: 3, y: 2, 0x0000_0001)  // within tolerance 1
        left.setPixel(x: 2, y: 3, 0x0000_0300)
        let comparison = PixelComparison(left, right, tolerance: 1)
        #expect(comparison.differingPixelCount == 2)
        #expect(comparison.maxChannelDifference == 128)
        #expect(comparison.differenceBounds == PixelRect(x: 0, y: 0, width: 3, height: 4))
        #expect(!comparison.isMatch)
        #expect(comparison.passes(maxDifferingPixels: 2))
    }

    @Test func differentSizesNeverMatch() {
        let comparison = PixelComparison(
            PixelBuffer(width: 2, height: 2, format: .xrgb8888), PixelBuffer(width: 2, height: 3, format: .xrgb8888))
        #expect(!comparison.sizesMatch)
        #expect(!comparison.passes(maxDifferingPixels: 100))
    }
}
