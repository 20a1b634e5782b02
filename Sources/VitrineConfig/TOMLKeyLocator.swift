/// Finds the line on which each key of a TOML document is written.
///
/// TOMLKit reports positions only for syntax errors, so validation messages get their line
/// numbers from this scanner instead. It reads the document the way a TOML parser does,
/// without converting values: `[table]` and `[[array]]` headers (counting each array's
/// tables, also nested ones such as `[[output.extra]]`), `key = value` lines, dotted and
/// quoted keys, inline tables, arrays spanning lines (each element gets its own path, such as
/// `touch[0].calibration[4]`), basic, literal and multi-line strings, and comments.
///
/// It reads the text before toml++ does (to refuse paths too deep for it, below) and expects
/// valid TOML; on anything else it still terminates and records what it could, skipping to the
/// next line where it cannot make sense of the text.
///
/// A path maps to the line where its key is written (for an element of an array, where the
/// element starts; for a table of an array of tables, its `[[...]]` header). A table created
/// implicitly by a header or a dotted key maps to the first line that named it.
///
/// The paths are kept as a tree of numbered nodes, each found from its parent's number and
/// one component, so the work is linear in the text: a dotted key `a.a.a…` n deep costs n
/// steps, where hashing every prefix as a whole path cost n² (a 20 KB key took 15 s).
///
/// A path deeper than `maximumDepth` components stops the scan (`tooDeep`): toml++ frees a
/// table recursively, level by level, and runs out of stack on a 100,000-deep key, so the
/// loader refuses such a file before toml++ reads it. The scanner's own recursion (arrays and
/// inline tables inside each other) is bounded by the same count.
struct TOMLKeyLocator {
    /// The most components a path may have: keys, array indices and inline tables together
    /// (`touch[0].udev_property.ID_SEAT` has 4). A configuration needs a handful; 64 keeps
    /// toml++'s recursive release of the tables (and this scanner's recursion) a few
    /// kilobytes of stack deep. toml++'s own limit, 256 nested arrays or inline tables, does
    /// not count dotted keys or table headers.
    static let maximumDepth = 64

    /// A path in the tree; `0` is the root.
    typealias Node = Int

    /// One step down the tree: a node and a component below it.
    private struct Edge: Hashable {
        var parent: Node
        var component: ConfigKeyPath.Component
    }

    /// A node's place in the tree, and its line once a key names it.
    private struct NodeInfo {
        var parent: Node
        var component: ConfigKeyPath.Component
        var depth: Int
        var line: Int?
    }

    /// The child node of each edge.
    private var children: [Edge: Node] = [:]
    /// Every node, by number; the root's entry is a placeholder.
    private var nodes = [NodeInfo(parent: 0, component: .index(0), depth: 0, line: nil)]
    /// The first path deeper than `maximumDepth`: where its statement starts (line and 1-based
    /// column in bytes) and the path's first `maximumDepth + 1` components. Nothing after it
    /// is scanned.
    private(set) var tooDeep: (line: Int, column: Int, path: ConfigKeyPath)?

    /// The first place where toml++ (3.4) would fail an assertion and abort the process (or,
    /// built without assertions, read on undefined): line, 1-based column in bytes, and the
    /// syntax error to report instead. Found by fuzzing (docs/testing.md): a table header with
    /// no key (`[` then a newline, `#`, `=`, any byte that starts no key), an array element
    /// starting with `}` or a Unicode line break, a date and `T` with no time after them, a
    /// date, a space and one digit.
    /// toml++ checks these cases everywhere else but not there.
    private(set) var refusal: (line: Int, column: Int, message: String)?

    private let bytes: [UInt8]
    private var position = 0
    /// Offsets at which each line starts; `lineStarts[n]` begins line n + 1.
    private let lineStarts: [Int]
    /// How many tables each array of tables has had so far, by the array's node.
    private var tableArrayCounts: [Node: Int] = [:]

    init(text: String) {
        bytes = Array(text.utf8)
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        lineStarts = starts
        scanDocument()
    }

    /// The line of `path`, if the document writes it.
    func line(of path: ConfigKeyPath) -> Int? {
        var node = 0
        for component in path.components {
            guard let child = children[Edge(parent: node, component: component)] else { return nil }
            node = child
        }
        return nodes[node].line
    }

    /// The line of `path`, else of the nearest enclosing table or array the document writes.
    func nearestLine(of path: ConfigKeyPath) -> Int? {
        var node = 0
        var nearest: Int? = nil
        for component in path.components {
            guard let child = children[Edge(parent: node, component: component)] else { break }
            node = child
            nearest = nodes[node].line ?? nearest
        }
        return nearest
    }

    // MARK: - Characters

    static func isBareKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    private var atEnd: Bool { position >= bytes.count }

    private func peek(_ offset: Int = 0) -> UInt8? {
        let index = position + offset
        return index < bytes.count ? bytes[index] : nil
    }

    private func lineNumber(at offset: Int) -> Int {
        // The last line start at or before `offset`, by binary search.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// The node one component below `parent`, made when new.
    private mutating func child(_ parent: Node, _ component: ConfigKeyPath.Component) -> Node {
        let edge = Edge(parent: parent, component: component)
        if let node = children[edge] { return node }
        let node = nodes.count
        children[edge] = node
        nodes.append(NodeInfo(parent: parent, component: component, depth: nodes[parent].depth + 1, line: nil))
        return node
    }

    /// Gives `node` the line of `offset` unless it has one; a node past `maximumDepth` ends
    /// the scan instead.
    private mutating func record(_ node: Node, at offset: Int) {
        guard nodes[node].depth <= Self.maximumDepth else {
            if tooDeep == nil {
                var components: [ConfigKeyPath.Component] = []
                var up = node
                while up != 0 {
                    components.append(nodes[up].component)
                    up = nodes[up].parent
                }
                let line = lineNumber(at: offset)
                tooDeep = (line, offset - lineStarts[line - 1] + 1, ConfigKeyPath(components: components.reversed()))
            }
            position = bytes.count
            return
        }
        if nodes[node].line == nil { nodes[node].line = lineNumber(at: offset) }
    }

    /// Spaces and tabs (and the `\r` of a CRLF).
    private mutating func skipBlanks() {
        while let byte = peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
            position += 1
        }
    }

    private mutating func skipComment() {
        guard peek() == UInt8(ascii: "#") else { return }
        skipToEndOfLine()
    }

    private mutating func skipToEndOfLine() {
        while let byte = peek(), byte != UInt8(ascii: "\n") { position += 1 }
    }

    /// Blanks, comments and newlines, as allowed between array elements.
    private mutating func skipBlanksCommentsAndNewlines() {
        while true {
            skipBlanks()
            skipComment()
            guard peek() == UInt8(ascii: "\n") else { return }
            position += 1
        }
    }

    // MARK: - Document

    private mutating func scanDocument() {
        var table: Node = 0
        while true {
            skipBlanksCommentsAndNewlines()
            guard let byte = peek() else { return }
            if byte == UInt8(ascii: "[") {
                if let header = scanHeader() { table = header }
            } else {
                scanKeyValue(in: table)
            }
            // Whatever follows a statement on its (last) line is a comment in a valid
            // document; skipping it also guarantees progress on text the scanner cannot read.
            skipToEndOfLine()
        }
    }

    /// `[a.b]` or `[[a.b]]`: the table that key-value lines below it go into.
    private mutating func scanHeader() -> Node? {
        let start = position
        let isArray = peek(1) == UInt8(ascii: "[")
        position += isArray ? 2 : 1
        // What toml++ skips before the key: spaces and tabs only, not a CR.
        var keyStart = position
        while keyStart < bytes.count && (bytes[keyStart] == UInt8(ascii: " ") || bytes[keyStart] == UInt8(ascii: "\t"))
        {
            keyStart += 1
        }
        if keyStart < bytes.count {
            let byte = bytes[keyStart]
            // A `]` here is a blank key, which toml++ reports itself.
            if !Self.isBareKeyByte(byte) && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'")
                && byte != UInt8(ascii: "]")
            {
                refuse(at: keyStart, "a table header needs a key after its '[' (a bare or quoted key, as [output])")
            }
        }
        let keys = scanKey()
        skipBlanks()
        guard let last = keys.last else { return nil }
        // Every key but the last names an existing table, or the latest table of an array.
        var path: Node = 0
        for key in keys.dropLast() {
            path = child(path, .key(key))
            record(path, at: start)
            if tooDeep != nil { return nil }
            if let count = tableArrayCounts[path] { path = child(path, .index(count - 1)) }
        }
        path = child(path, .key(last))
        record(path, at: start)
        if isArray {
            let index = tableArrayCounts[path, default: 0]
            tableArrayCounts[path] = index + 1
            path = child(path, .index(index))
            record(path, at: start)
        }
        position += isArray ? 2 : 1  // the closing brackets
        return path
    }

    /// `a."b".c = value`, inside `table` (a table or an inline table); false when there is no
    /// key, or no `=` after it, here.
    @discardableResult
    private mutating func scanKeyValue(in table: Node) -> Bool {
        let start = position
        let keys = scanKey()
        guard !keys.isEmpty else { return false }
        var path = table
        for key in keys {
            path = child(path, .key(key))
            record(path, at: start)
            if tooDeep != nil { return false }
        }
        skipBlanks()
        guard peek() == UInt8(ascii: "=") else { return false }
        position += 1
        skipBlanks()
        scanValue(at: path)
        return true
    }

    /// A possibly dotted key; empty when there is none here.
    private mutating func scanKey() -> [String] {
        var keys: [String] = []
        while true {
            skipBlanks()
            guard let byte = peek() else { return keys }
            if byte == UInt8(ascii: "\"") {
                position += 1
                keys.append(scanBasicString())
            } else if byte == UInt8(ascii: "'") {
                position += 1
                keys.append(scanLiteralString())
            } else if Self.isBareKeyByte(byte) {
                let start = position
                while let next = peek(), Self.isBareKeyByte(next) { position += 1 }
                keys.append(String(decoding: bytes[start..<position], as: UTF8.self))
            } else {
                return keys
            }
            skipBlanks()
            guard peek() == UInt8(ascii: ".") else { return keys }
            position += 1
        }
    }

    // MARK: - Values

    private mutating func scanValue(at path: Node) {
        guard let byte = peek() else { return }
        switch byte {
        case UInt8(ascii: "\""):
            if peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\"") {
                position += 3
                skipMultilineString(quote: UInt8(ascii: "\""), escapes: true)
            } else {
                position += 1
                _ = scanBasicString()
            }
        case UInt8(ascii: "'"):
            if peek(1) == UInt8(ascii: "'"), peek(2) == UInt8(ascii: "'") {
                position += 3
                skipMultilineString(quote: UInt8(ascii: "'"), escapes: false)
            } else {
                position += 1
                _ = scanLiteralString()
            }
        case UInt8(ascii: "["):
            position += 1
            scanArray(at: path)
        case UInt8(ascii: "{"):
            position += 1
            scanInlineTable(at: path)
        default:
            // `YYYY-MM-DDT` commits toml++ to a time, which it asserts starts with a digit.
            let date = bytes[position...].prefix(12)
            if date.count == 12,
                date.enumerated().allSatisfy({ index, byte in
                    switch index {
                    case 4, 7: byte == UInt8(ascii: "-")
                    case 10: byte == UInt8(ascii: "T") || byte == UInt8(ascii: "t")
                    case 11: !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    default: (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    }
                })
            {
                refuse(at: position + 11, "a date and time needs the time after its 'T' (as 1979-05-27T07:32:00)")
            }
            // `YYYY-MM-DD D` (one digit after the space, then the value's end): toml++ rescans
            // for a time after the space, steps back, and asserts it is not at a value's end.
            let spaced = bytes[position...].prefix(13)
            if spaced.count >= 12, spaced.first.map({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) == true,
                spaced[position + 4] == UInt8(ascii: "-"), spaced[position + 7] == UInt8(ascii: "-"),
                spaced[position + 10] == UInt8(ascii: " "),
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(spaced[position + 11]),
                spaced.count == 12 || Array(" \t\r\n,]}#".utf8).contains(spaced[position + 12])
            {
                refuse(
                    at: position + 11, "a date and time needs the whole time after the space (as 1979-05-27 07:32:00)")
            }
            // Numbers, booleans, dates and times (which may contain a space) end at a
            // separator, a comment or the end of the line.
            while let next = peek(),
                next != UInt8(ascii: ","), next != UInt8(ascii: "]"), next != UInt8(ascii: "}"),
                next != UInt8(ascii: "#"), next != UInt8(ascii: "\n")
            {
                position += 1
            }
        }
    }

    private mutating func scanArray(at path: Node) {
        var index = 0
        while true {
            skipBlanksCommentsAndNewlines()
            guard let byte = peek() else { return }
            if byte == UInt8(ascii: "]") {
                position += 1
                return
            }
            if startsNoValue(at: position) { refuse(at: position, "an array element must start with a value") }
            let element = child(path, .index(index))
            record(element, at: position)
            let before = position
            scanValue(at: element)
            skipBlanksCommentsAndNewlines()
            if peek() == UInt8(ascii: ",") {
                position += 1
                index += 1
            } else if peek() == UInt8(ascii: "]") {
                position += 1
                return
            } else if position == before {
                return  // not an array this scanner understands; stop rather than loop
            }
        }
    }

    /// Notes the first `refusal`.
    private mutating func refuse(at offset: Int, _ message: String) {
        guard refusal == nil else { return }
        let line = lineNumber(at: offset)
        refusal = (line, offset - lineStarts[line - 1] + 1, message)
    }

    /// Whether the bytes at `offset` are a `}` or a Unicode line break: toml++ takes them for
    /// the end of a value where an array element must start, and asserts.
    private func startsNoValue(at offset: Int) -> Bool {
        let rest = bytes[offset...].prefix(3)
        return rest.first == UInt8(ascii: "}") || rest.starts(with: [0xC2, 0x85])
            || rest.elementsEqual([0xE2, 0x80, 0xA8])
            || rest.elementsEqual([0xE2, 0x80, 0xA9])
    }

    private mutating func scanInlineTable(at path: Node) {
        while true {
            // TOML 1.0 keeps inline tables on one line; allowing newlines costs nothing.
            skipBlanksCommentsAndNewlines()
            guard let byte = peek() else { return }
            if byte == UInt8(ascii: "}") {
                position += 1
                return
            }
            guard scanKeyValue(in: path) else { return }
            skipBlanksCommentsAndNewlines()
            if peek() == UInt8(ascii: ",") {
                position += 1
            } else if peek() == UInt8(ascii: "}") {
                position += 1
                return
            } else {
                return
            }
        }
    }

    // MARK: - Strings

    /// The rest of a `"..."` string after its opening quote, escapes decoded.
    private mutating func scanBasicString() -> String {
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
            raw.removeAll()
        }
        while let byte = peek(), byte != UInt8(ascii: "\n") {
            position += 1
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                flush()
                if let scalar = scanEscape() { scalars.append(scalar) }
            } else {
                raw.append(byte)
            }
        }
        flush()
        return String(scalars)
    }

    /// The escape after a backslash; nil for one that is not valid.
    private mutating func scanEscape() -> Unicode.Scalar? {
        guard let byte = peek() else { return nil }
        position += 1
        switch byte {
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "e"): return "\u{1B}"
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "x"): return scanHexScalar(digits: 2)
        case UInt8(ascii: "u"): return scanHexScalar(digits: 4)
        case UInt8(ascii: "U"): return scanHexScalar(digits: 8)
        default: return nil
        }
    }

    private mutating func scanHexScalar(digits: Int) -> Unicode.Scalar? {
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let byte = peek(), let digit = Self.hexValue(byte) else { return nil }
            position += 1
            value = value * 16 + digit
        }
        return Unicode.Scalar(value)
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// The rest of a `'...'` string after its opening quote.
    private mutating func scanLiteralString() -> String {
        let start = position
        while let byte = peek(), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "'") { position += 1 }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if peek() == UInt8(ascii: "'") { position += 1 }
        return text
    }

    /// The rest of a `"""` or `'''` string after its opening delimiter.
    private mutating func skipMultilineString(quote: UInt8, escapes: Bool) {
        while let byte = peek() {
            if escapes, byte == UInt8(ascii: "\\") {
                position += 2  // an escaped quote or backslash does not end the string
                continue
            }
            if byte == quote, peek(1) == quote, peek(2) == quote {
                position += 3
                // Up to two more quotes belong to the content: `"""a"""""` ends with `a""`.
                var extra = 0
                while extra < 2, peek() == quote {
                    position += 1
                    extra += 1
                }
                return
            }
            position += 1
        }
    }
}
