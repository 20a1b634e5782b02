import Foundation

/// The switch that turns snapshot assertions into recorders: with `VITRINE_RECORD_SNAPSHOTS=1`
/// in the environment, a missing or differing reference is (re)written from the actual image
/// instead of failing. The workflow is in `docs/testing.md`.
public enum SnapshotRecording {
    /// The environment variable's name: `VITRINE_RECORD_SNAPSHOTS`.
    public static let environmentVariable = "VITRINE_RECORD_SNAPSHOTS"

    /// Whether `environment` (the process's, unless given) asks for recording: the variable is
    /// `1`, `true` or `yes`.
    public static func isRequested(in environment: [String: String] = ProcessInfo.processInfo.environment)
        -> Bool
    {
        guard let value = environment[environmentVariable]?.lowercased() else { return false }
        return ["1", "true", "yes"].contains(value)
    }
}

/// What a passing snapshot assertion did.
public enum SnapshotOutcome: Hashable, Sendable {
    /// The image matched the reference.
    case matched
    /// Recording was requested and the reference was missing or differed, so the actual image
    /// was written as the new reference at `path`.
    case recorded(path: String)
}
