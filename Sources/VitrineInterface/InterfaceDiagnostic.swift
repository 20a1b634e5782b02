/// One problem found in an interface file, an error or a warning, with where it is.
///
/// Its `description` is the line to print: `file:line: message`, such as
/// `Main.storyboard:42: constraint "abc-de-fgh": firstItem "xyz-12-345" is not an id in this file`.
/// XML syntax errors also have a column (`file:line:column: message`); problems with the file
/// itself (a compiled nib, an unreadable file) have no line (`file: message`).
public struct InterfaceDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// Whether the problem stops the file from loading.
    public enum Severity: String, Hashable, Sendable {
        /// The file cannot be used.
        case error
        /// The file is used; the element or attribute named is ignored.
        case warning
    }

    /// Error or warning.
    public var severity: Severity
    /// The file's name as given to the parser (the last path component of a loaded URL).
    public var file: String
    /// The 1-based line, when the problem has one.
    public var line: Int?
    /// The 1-based column, for XML syntax errors.
    public var column: Int?
    /// What is wrong.
    public var message: String

    /// A diagnostic; see the properties.
    public init(severity: Severity, file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line: message`, leaving out what the diagnostic does not have.
    public var description: String {
        var text = file
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        return text + ": " + message
    }
}

/// Why an interface file could not be loaded: every error found, the first (by line) described.
public struct InterfaceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, broadly.
    public enum Kind: Hashable, Sendable {
        /// The file cannot be read (missing, a directory, permissions).
        case fileUnreadable
        /// A compiled nib or storyboard (binary): only Xcode's XML source formats are read.
        case compiledNib
        /// The text is not well-formed XML (or stops early); `problems` has the one syntax error.
        case syntax
        /// Well-formed XML that is not a `.xib` or `.storyboard` for iOS.
        case unknownDocumentType
        /// A document of a known type with errors: references to unknown ids, duplicate ids.
        case invalid
        /// Larger than `InterfaceDocument.maximumFileSize` bytes, or nesting elements deeper than
        /// `InterfaceDocument.maximumNestingDepth`: refused whole, nothing of it loaded.
        case exceedsLimits
    }

    /// What went wrong, broadly.
    public var kind: Kind
    /// Every error, sorted by line (problems without a line first); never empty.
    public var problems: [InterfaceDiagnostic]
    /// Warnings found in the same file, sorted by line.
    public var warnings: [InterfaceDiagnostic]

    /// The first problem.
    public var firstProblem: InterfaceDiagnostic { problems[0] }

    /// The first problem's line: `file:line: message`.
    public var description: String { problems[0].description }

    init(kind: Kind, problems: [InterfaceDiagnostic], warnings: [InterfaceDiagnostic] = []) {
        precondition(!problems.isEmpty, "an interface error has at least one problem")
        self.kind = kind
        self.problems = problems
        self.warnings = warnings
    }
}

extension Array where Element == InterfaceDiagnostic {
    /// Sorted by line, keeping the order of diagnostics on the same line.
    func sortedByLine() -> [InterfaceDiagnostic] {
        enumerated().sorted { a, b in
            let la = a.element.line ?? 0
            let lb = b.element.line ?? 0
            return la != lb ? la < lb : a.offset < b.offset
        }.map(\.element)
    }
}
