/// One problem found in a configuration file, an error or a warning, with where it is.
///
/// Its `description` is the line to print: `file:line: key: message`, such as
/// `/etc/vitrine/vitrine.toml:12: output[2].rotation: must be 0, 90, 180 or 270, not 45`.
/// Key paths index arrays from zero (`output[0]` is the first `[[output]]` table). Syntax
/// errors have a column and no key (`file:3:14: message`); problems with the file itself
/// have neither line nor key (`file: message`).
public struct ConfigDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// Whether the problem stops the configuration from loading.
    public enum Severity: String, Hashable, Sendable {
        /// The file cannot be used.
        case error
        /// The file is used; something in it is ignored.
        case warning
    }

    /// Error or warning.
    public var severity: Severity
    /// The file's path as given to the loader (or the name given to `parse(text:file:)`).
    public var file: String
    /// The 1-based line, when the problem has one.
    public var line: Int?
    /// The 1-based column, for syntax errors.
    public var column: Int?
    /// The key path, such as `output[1].rotation`, when the problem is about a key.
    public var key: String?
    /// What is wrong, such as `must be 0, 90, 180 or 270, not 45`.
    public var message: String

    /// A diagnostic; see the properties.
    public init(
        severity: Severity,
        file: String,
        line: Int? = nil,
        column: Int? = nil,
        key: String? = nil,
        message: String
    ) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.key = key
        self.message = message
    }

    /// `file:line: key: message`, leaving out what the diagnostic does not have.
    public var description: String {
        var text = file
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        text += ": "
        if let key { text += key + ": " }
        return text + message
    }
}

/// Why a configuration could not be loaded: every error found, the first (by line) described.
///
/// Validation does not stop at the first problem, so `--check-config` can print `problems`
/// (and `warnings`) all at once; the daemon logs `description` and exits with `exitStatus`.
public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `EX_CONFIG` from `sysexits.h`: the exit status for a configuration error.
    public static let exitStatus: Int32 = 78

    /// What went wrong, broadly.
    public enum Kind: Hashable, Sendable {
        /// There is no file at the path (`ENOENT`). `ConfigLoader.loadIfPresent` returns nil instead.
        case fileMissing
        /// The file exists but cannot be read: permissions, a directory, too large, not UTF-8 text.
        case fileUnreadable
        /// The text is not valid TOML, or nests deeper than `ConfigLoader.maximumNestingDepth`;
        /// `problems` has the one syntax error, with line and column.
        case syntax
        /// Valid TOML with values that are not allowed; `problems` has each one.
        case invalid
    }

    /// What went wrong, broadly.
    public var kind: Kind
    /// Every error, sorted by line (problems without a line first); never empty.
    public var problems: [ConfigDiagnostic]
    /// Warnings found in the same file (unknown keys and the like), sorted by line.
    public var warnings: [ConfigDiagnostic]

    /// The first problem.
    public var firstProblem: ConfigDiagnostic { problems[0] }

    /// The first problem's line: `file:line: key: message`.
    public var description: String { problems[0].description }

    init(kind: Kind, problems: [ConfigDiagnostic], warnings: [ConfigDiagnostic] = []) {
        precondition(!problems.isEmpty, "a configuration error has at least one problem")
        self.kind = kind
        self.problems = problems
        self.warnings = warnings
    }
}
