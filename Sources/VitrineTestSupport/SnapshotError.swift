import VitrineGraphics

/// Why a snapshot assertion failed. Its `description` says what differs, by how much, and the
/// paths of the files written for inspection, so that a failing test's message is enough to
/// act on.
public struct SnapshotError: Error, CustomStringConvertible {
    /// The kind of failure.
    public enum Kind: Hashable, Sendable {
        /// The image differs from the reference beyond the tolerance and pixel allowance.
        case mismatch
        /// The image and the reference have different sizes.
        case sizeMismatch
        /// There is no reference image (and recording was not requested).
        case missingReference
        /// The reference exists but is not a readable PNG.
        case unreadableReference
        /// Writing a file failed.
        case writeFailed
    }

    /// The kind of failure.
    public let kind: Kind
    /// The snapshot's name.
    public let name: String
    /// Where the reference is (or should be).
    public let referencePath: String
    /// Where the actual image was written, if it was.
    public let actualPath: String?
    /// Where the diff image was written, if it was.
    public let diffPath: String?
    /// The pixel comparison, for mismatches.
    public let comparison: PixelComparison?
    /// The allowed number of differing pixels the assertion used.
    public let maxDifferingPixels: Int
    /// More detail: the decoder's or the file system's message.
    public let reason: String?

    /// A failure of `kind` for snapshot `name`.
    public init(
        kind: Kind, name: String, referencePath: String, actualPath: String? = nil, diffPath: String? = nil,
        comparison: PixelComparison? = nil, maxDifferingPixels: Int = 0, reason: String? = nil
    ) {
        self.kind = kind
        self.name = name
        self.referencePath = referencePath
        self.actualPath = actualPath
        self.diffPath = diffPath
        self.comparison = comparison
        self.maxDifferingPixels = maxDifferingPixels
        self.reason = reason
    }

    /// What failed, the numbers, the files written and how to accept the new image.
    public var description: String {
        let rerun = "rerun with \(SnapshotRecording.environmentVariable)=1 to record it as the reference"
        var text: String
        switch kind {
        case .mismatch:
            let comparison = comparison!
            let pixels = comparison.differingPixelCount == 1 ? "pixel differs" : "pixels differ"
            text =
                "snapshot '\(name)' does not match \(referencePath): \(comparison.differingPixelCount) "
                + "\(pixels) by more than \(comparison.tolerance) per channel (allowed: \(maxDifferingPixels)), "
                + "largest channel difference \(comparison.maxChannelDifference), "
                + "within \(comparison.differenceBounds)"
        case .sizeMismatch:
            let comparison = comparison!
            text =
                "snapshot '\(name)' is \(comparison.actualBounds.width)x\(comparison.actualBounds.height) "
                + "but \(referencePath) is \(comparison.expectedBounds.width)x\(comparison.expectedBounds.height)"
        case .missingReference:
            text = "snapshot '\(name)' has no reference at \(referencePath)"
        case .unreadableReference:
            text = "snapshot '\(name)': cannot read reference \(referencePath)"
        case .writeFailed:
            text = "snapshot '\(name)': cannot write a file"
        }
        if let reason { text += " (\(reason))" }
        var written: [String] = []
        if let actualPath { written.append("actual \(actualPath)") }
        if let diffPath { written.append("diff \(diffPath)") }
        if !written.isEmpty { text += "; wrote " + written.joined(separator: " and ") }
        if kind != .writeFailed { text += "; if the new image is right, " + rerun }
        return text
    }
}
