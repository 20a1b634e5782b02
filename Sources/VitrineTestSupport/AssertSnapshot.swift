import Foundation
import VitrineGraphics

/// Checks `buffer` against the PNG reference `References/<name>.png` beside the calling test
/// file (`Tests/<Target>/References/<name>.png`), the pixel-test counterpart of
/// swift-snapshot-testing's `assertSnapshot` (which Vitrine cannot use: no UIKit rendering on
/// Linux).
///
/// Passes when the sizes agree and at most `maxDifferingPixels` pixels have a channel differing
/// by more than `tolerance`. Otherwise throws a `SnapshotError` after writing the actual image
/// and a diff (differing pixels red on a dimmed copy) to `<package root>/snapshot-failures/
/// <test directory>/`. A missing reference fails too, unless `VITRINE_RECORD_SNAPSHOTS=1` is
/// set, which writes missing or differing references and reports each on standard error.
///
/// Does not depend on a test framework: call it with `try` from a throwing test.
@discardableResult
public func assertSnapshot(
    of buffer: PixelBuffer, named name: String, tolerance: Int = 2, maxDifferingPixels: Int = 0,
    filePath: StaticString = #filePath
) throws(SnapshotError) -> SnapshotOutcome {
    let testFile = URL(fileURLWithPath: "\(filePath)")
    let testDirectory = testFile.deletingLastPathComponent()
    let failures = SnapshotPaths.packageRoot(containing: testDirectory)
        .appendingPathComponent("snapshot-failures", isDirectory: true)
        .appendingPathComponent(testDirectory.lastPathComponent, isDirectory: true)
    return try assertSnapshot(
        of: buffer, named: name,
        referenceDirectory: testDirectory.appendingPathComponent("References", isDirectory: true),
        failureDirectory: failures, tolerance: tolerance, maxDifferingPixels: maxDifferingPixels)
}

/// Checks `buffer` against `<referenceDirectory>/<name>.png`, writing failure images to
/// `failureDirectory`; `record` (by default: whether `VITRINE_RECORD_SNAPSHOTS=1` is set) writes
/// a missing or differing reference instead of failing. The form tests of the assertion itself
/// use, with temporary directories; otherwise as `assertSnapshot(of:named:tolerance:
/// maxDifferingPixels:filePath:)`.
///
/// Characters of `name` other than letters, digits, `.`, `-` and `_` become `_` in file names.
@discardableResult
public func assertSnapshot(
    of buffer: PixelBuffer, named name: String, referenceDirectory: URL, failureDirectory: URL,
    tolerance: Int = 2, maxDifferingPixels: Int = 0, record: Bool = SnapshotRecording.isRequested()
) throws(SnapshotError) -> SnapshotOutcome {
    let fileName = SnapshotPaths.fileName(for: name)
    let referenceURL = referenceDirectory.appendingPathComponent(fileName + ".png")
    let actualURL = failureDirectory.appendingPathComponent(fileName + ".actual.png")
    let diffURL = failureDirectory.appendingPathComponent(fileName + ".diff.png")
    let referencePath = referenceURL.path

    func write(_ image: PixelBuffer, to url: URL) throws(SnapshotError) {
        do {
            let data = try ImageCodec.encodePNG(image)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw SnapshotError(
                kind: .writeFailed, name: name, referencePath: referencePath, reason: "\(url.path): \(error)")
        }
    }

    func recordReference() throws(SnapshotError) -> SnapshotOutcome {
        try write(buffer, to: referenceURL)
        SnapshotPaths.removeStaleFailures(actualURL, diffURL)
        SnapshotPaths.report("recorded snapshot reference \(referencePath)")
        return .recorded(path: referencePath)
    }

    guard FileManager.default.fileExists(atPath: referencePath) else {
        if record { return try recordReference() }
        SnapshotPaths.removeStaleFailures(diffURL)
        try write(buffer, to: actualURL)
        throw SnapshotError(
            kind: .missingReference, name: name, referencePath: referencePath, actualPath: actualURL.path)
    }

    let reference: PixelBuffer
    do {
        reference = try ImageCodec.decodePNG(contentsOf: referenceURL).makePixelBuffer()
    } catch {
        if record { return try recordReference() }
        throw SnapshotError(
            kind: .unreadableReference, name: name, referencePath: referencePath, reason: error.description)
    }

    let comparison = PixelComparison(buffer, reference, tolerance: tolerance)
    if comparison.passes(maxDifferingPixels: maxDifferingPixels) {
        SnapshotPaths.removeStaleFailures(actualURL, diffURL)
        return .matched
    }
    if record { return try recordReference() }

    try write(buffer, to: actualURL)
    guard comparison.sizesMatch else {
        SnapshotPaths.removeStaleFailures(diffURL)
        throw SnapshotError(
            kind: .sizeMismatch, name: name, referencePath: referencePath, actualPath: actualURL.path,
            comparison: comparison, maxDifferingPixels: maxDifferingPixels)
    }
    try write(PixelComparison.diffImage(actual: buffer, expected: reference, tolerance: tolerance), to: diffURL)
    throw SnapshotError(
        kind: .mismatch, name: name, referencePath: referencePath, actualPath: actualURL.path,
        diffPath: diffURL.path, comparison: comparison, maxDifferingPixels: maxDifferingPixels)
}

/// File naming and locations for snapshot assertions.
enum SnapshotPaths {
    /// `name` with every character other than ASCII letters, digits, `.`, `-` and `_` replaced
    /// by `_`, so that a name is one file name.
    static func fileName(for name: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
        let mapped = String(name.map { allowed.contains($0) ? $0 : "_" })
        return mapped.isEmpty || mapped.allSatisfy({ $0 == "." }) ? "_" + mapped : mapped
    }

    /// The nearest directory at or above `directory` holding a `Package.swift`; `directory`
    /// itself if none does.
    static func packageRoot(containing directory: URL) -> URL {
        var candidate = directory.standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Package.swift").path) {
                return candidate
            }
            let parent = candidate.deletingLastPathComponent()
            if parent.path == candidate.path { return directory }
            candidate = parent
        }
    }

    /// Deletes failure images left by an earlier failing run (ignoring ones that do not exist).
    static func removeStaleFailures(_ urls: URL...) {
        for url in urls { try? FileManager.default.removeItem(at: url) }
    }

    /// Writes a line to standard error, where `swift test` shows it.
    static func report(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
