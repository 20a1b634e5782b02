import TOMLKit
import VitrineIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A validated configuration and the warnings its file gave.
public struct LoadedConfiguration: Hashable, Sendable {
    /// No file: the defaults, no warnings.
    public static let defaults = LoadedConfiguration(configuration: .defaults, warnings: [], file: nil)

    /// The configuration.
    public var configuration: VitrineConfiguration
    /// Things the file has that were ignored (unknown keys, rules that never apply), by line.
    public var warnings: [ConfigDiagnostic]
    /// The file it came from; nil for the defaults.
    public var file: String?

    /// A loaded configuration; see the properties.
    public init(configuration: VitrineConfiguration, warnings: [ConfigDiagnostic], file: String?) {
        self.configuration = configuration
        self.warnings = warnings
        self.file = file
    }
}

/// Reads and validates configuration files.
///
/// ```swift
/// do throws(ConfigError) {
///     let loaded = try ConfigLoader.loadIfPresent() ?? .defaults  // no file: defaults
///     for warning in loaded.warnings { logger.warning("\(warning)") }
/// } catch {
///     for problem in error.problems { print(problem) }  // file:line: key: message
///     exit(ConfigError.exitStatus)
/// }
/// ```
public enum ConfigLoader {
    /// Files larger than this are refused unread: a configuration is a few kilobytes, and a
    /// path pointing at a device or a log must not hang or exhaust the daemon.
    public static let maximumFileSize = 1 << 20

    /// The most levels a key's path may have: keys, array indices and inline tables together
    /// (`touch[0].udev_property.ID_SEAT` has 4). A deeper file is refused as a syntax error
    /// naming its line, before toml++ reads it.
    public static let maximumNestingDepth = TOMLKeyLocator.maximumDepth

    /// Loads the file at `path`; a missing file is an error of kind `.fileMissing`.
    public static func load(path: String = VitrineConfiguration.defaultPath) throws(ConfigError) -> LoadedConfiguration
    {
        let text = try read(path: path)
        return try parse(text: text, file: path)
    }

    /// Loads the file at `path`, or returns nil when there is none (`ENOENT`): "no file, use
    /// the defaults" is then `?? .defaults`. A file that exists but cannot be read still throws.
    public static func loadIfPresent(path: String = VitrineConfiguration.defaultPath) throws(ConfigError)
        -> LoadedConfiguration?
    {
        do throws(ConfigError) {
            return try load(path: path)
        } catch  where error.kind == .fileMissing {
            return nil
        }
    }

    /// Parses and validates `text`, naming it `file` in diagnostics.
    public static func parse(text: String, file: String) throws(ConfigError) -> LoadedConfiguration {
        // toml++ reads a C string: a NUL would silently end the document early.
        if let nul = text.utf8.firstIndex(of: 0) {
            let line = text.utf8[..<nul].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            throw ConfigError(
                kind: .fileUnreadable,
                problems: [
                    .init(severity: .error, file: file, line: line, message: "contains a NUL byte; not a text file")
                ])
        }
        // Scanned before toml++ reads the text: toml++ has no limit on dotted keys or table
        // headers and frees a table recursively, so a 100,000-deep key would crash it.
        let locator = TOMLKeyLocator(text: text)
        if let tooDeep = locator.tooDeep {
            let top = tooDeep.path.components.first.map { ConfigKeyPath(components: [$0]).description }
            throw ConfigError(
                kind: .syntax,
                problems: [
                    .init(
                        severity: .error, file: file, line: tooDeep.line, column: tooDeep.column, key: top,
                        message: "nested deeper than \(maximumNestingDepth) levels (keys, arrays and inline tables)")
                ])
        }
        // What toml++ would abort on rather than report.
        if let refusal = locator.refusal {
            throw ConfigError(
                kind: .syntax,
                problems: [
                    .init(
                        severity: .error, file: file, line: refusal.line, column: refusal.column,
                        message: refusal.message)
                ])
        }
        let root: TOMLTable
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(kind: .syntax, problems: [syntaxDiagnostic(error, file: file)])
        } catch {
            throw ConfigError(
                kind: .syntax, problems: [.init(severity: .error, file: file, message: "cannot parse: \(error)")])
        }
        var validator = ConfigValidator(file: file, locator: locator)
        let configuration = validator.configuration(from: root)
        let warnings = sortedByLine(validator.warnings)
        guard validator.errors.isEmpty else {
            throw ConfigError(kind: .invalid, problems: sortedByLine(validator.errors), warnings: warnings)
        }
        return LoadedConfiguration(configuration: configuration, warnings: warnings, file: file)
    }

    /// Every problem in `text`, errors and warnings, by line: what `--check-config` prints.
    public static func check(text: String, file: String) -> [ConfigDiagnostic] {
        do throws(ConfigError) {
            return try parse(text: text, file: file).warnings
        } catch {
            return sortedByLine(error.problems + error.warnings)
        }
    }

    /// Every problem in the file at `path`, errors and warnings, by line.
    public static func check(path: String) -> [ConfigDiagnostic] {
        do throws(ConfigError) {
            return check(text: try read(path: path), file: path)
        } catch {
            return error.problems
        }
    }

    private static func syntaxDiagnostic(_ error: TOMLParseError, file: String) -> ConfigDiagnostic {
        let begin = error.source.begin
        // toml++ reports 0 for a position it does not know.
        return ConfigDiagnostic(
            severity: .error, file: file, line: begin.line > 0 ? begin.line : nil,
            column: begin.line > 0 && begin.column > 0 ? begin.column : nil, message: error.description)
    }

    /// A stable sort: problems on the same line keep the order they were found in.
    private static func sortedByLine(_ diagnostics: [ConfigDiagnostic]) -> [ConfigDiagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let lineA = a.element.line ?? 0
            let lineB = b.element.line ?? 0
            return lineA != lineB ? lineA < lineB : a.offset < b.offset
        }.map(\.element)
    }

    // MARK: - Reading

    /// The file's text, or the reason there is none.
    static func read(path: String) throws(ConfigError) -> String {
        func failure(_ kind: ConfigError.Kind, _ message: String, line: Int? = nil) -> ConfigError {
            ConfigError(kind: kind, problems: [.init(severity: .error, file: path, line: line, message: message)])
        }
        let descriptor: OwnedFileDescriptor
        do {
            // Non-blocking: a FIFO in the config's place must not hang the daemon's start.
            descriptor = try OwnedFileDescriptor.open(path, .readOnly, options: .nonBlocking)
        } catch {
            if error.rawValue == ENOENT { throw failure(.fileMissing, "no such file") }
            throw failure(.fileUnreadable, "cannot open: \(describe(errno: error.rawValue))")
        }
        defer { descriptor.close() }
        var status = stat()
        guard fstat(descriptor.rawValue, &status) == 0 else {
            throw failure(.fileUnreadable, "cannot read: \(describe(errno: errno))")
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            let what = (status.st_mode & S_IFMT) == S_IFDIR ? "a directory" : "not a regular file"
            throw failure(.fileUnreadable, "cannot read: \(what)")
        }
        guard Int(status.st_size) <= maximumFileSize else {
            throw failure(.fileUnreadable, "cannot read: larger than \(maximumFileSize) bytes")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                retryingOnInterrupt { systemRead(descriptor.rawValue, buffer.baseAddress, buffer.count) }
            }
            if count == 0 { break }
            if count < 0 { throw failure(.fileUnreadable, "cannot read: \(describe(errno: errno))") }
            bytes += chunk[0..<count]
            // The size can grow after fstat.
            guard bytes.count <= maximumFileSize else {
                throw failure(.fileUnreadable, "cannot read: larger than \(maximumFileSize) bytes")
            }
        }
        if let line = firstInvalidUTF8Line(bytes) {
            throw failure(.fileUnreadable, "not UTF-8 text", line: line)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The line of the first byte sequence that is not UTF-8, if any.
    static func firstInvalidUTF8Line(_ bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var line = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): if scalar == "\n" { line += 1 }
            case .emptyInput: return nil
            case .error: return line
            }
        }
    }

    private static func describe(errno code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// read(2); `ConfigLoader.read(path:)` hides the unqualified name.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
    #else
        Darwin.read(descriptor, buffer, count)
    #endif
}
