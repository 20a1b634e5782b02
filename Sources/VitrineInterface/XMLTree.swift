import CLibXML2
import Foundation

/// An element of the parsed XML: its name, attributes, children in order and the line its start
/// tag is on. The generic tree the typed model is decoded from.
public struct InterfaceXMLElement: Hashable, Sendable {
    /// The element's name, such as `view` or `constraint`.
    public var name: String
    /// Its attributes as written.
    public var attributes: [String: String]
    /// Its child elements, in order.
    public var children: [InterfaceXMLElement]
    /// The character data of a leaf element (`<string key="text">…</string>`), whitespace kept;
    /// empty for an element with children.
    public var text: String
    /// The 1-based line of its start tag.
    public var line: Int

    /// An element; see the properties.
    public init(
        name: String, attributes: [String: String] = [:], children: [InterfaceXMLElement] = [], text: String = "",
        line: Int
    ) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
        self.line = line
    }

    /// The value of an attribute.
    public subscript(attribute: String) -> String? { attributes[attribute] }
}

/// libxml2's push parser, with SAX2 callbacks, into an `InterfaceXMLElement` tree.
///
/// libxml2 is the parser under Foundation's `XMLParser` on Linux; it is called directly because
/// `XMLParser` makes a Swift string of every name and run of whitespace and grows a dictionary
/// one attribute at a time, about a quarter of the work of loading a large file (see
/// docs/benchmarks.md, "Interface files"). Nothing here tokenizes XML: libxml2 does, with its
/// own well-formedness checks and error codes.
enum InterfaceXMLReader {
    /// Where the XML stopped being well formed, or went past `maximumNestingDepth`.
    struct SyntaxError: Error {
        var line: Int
        var column: Int
        var message: String
        /// The file nests deeper than the limit (well formed or not, it is refused).
        var exceedsLimits = false
    }

    /// The most elements a file may nest, one inside another: libxml2's own default for the
    /// documents it reads whole (`xmlParserMaxDepth`), which its push parser does not apply.
    /// Xcode's files nest a few dozen (two elements a view: `<view>`, `<subviews>`); past
    /// this, the tree and everything that walks it recursively (the decoder, VitrineKit's
    /// builder, the tree's own release) would need a deeper stack than a thread has.
    static let maximumNestingDepth = 256

    /// A parsed file: its root element, and every `id` attribute with the line it is on, taken
    /// while reading (a second walk over the tree cost more than the reading of them).
    struct Parsed {
        var root: InterfaceXMLElement
        var idLines: [String: Int]
        /// Ids written a second time: the id, the element, its line and the first one's line.
        var duplicateIDs: [(id: String, element: String, line: Int, firstLine: Int)]
    }

    static func read(_ data: Data) -> Result<Parsed, SyntaxError> {
        let builder = TreeBuilder()
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { context, name, prefix, _, _, _, attributeCount, _, attributes in
            TreeBuilder.of(context).start(name: name, prefix: prefix, attributeCount: attributeCount, attributes)
        }
        handler.endElementNs = { context, _, _, _ in TreeBuilder.of(context).end() }
        handler.characters = { context, characters, length in TreeBuilder.of(context).text(characters, length) }
        handler.cdataBlock = { context, characters, length in TreeBuilder.of(context).text(characters, length) }
        handler.serror = { context, error in TreeBuilder.of(context).record(error) }
        // No entity, DTD or external-resource callbacks: a file's DTD declares nothing that is
        // used, an entity other than XML's own is an error, and nothing is fetched.
        let context = Unmanaged.passUnretained(builder).toOpaque()
        guard let parser = xmlCreatePushParserCtxt(&handler, context, nil, 0, nil) else {
            return .failure(SyntaxError(line: 1, column: 1, message: "the XML parser could not be made"))
        }
        defer {
            // A file that declares entities makes libxml2 build a document to hold them (its
            // SAX1-compatible path), which the context does not free with itself.
            if let document = parser.pointee.myDoc { xmlFreeDoc(document) }
            xmlFreeParserCtxt(parser)
        }
        xmlCtxtUseOptions(parser, Int32(XML_PARSE_NONET.rawValue))
        builder.parser = parser
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            // libxml2 takes a chunk's size as an Int32.
            while offset < bytes.count, builder.firstError == nil, builder.depthError == nil {
                let size = min(bytes.count - offset, 1 << 24)
                let chunk = bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: CChar.self)
                xmlParseChunk(parser, chunk, Int32(size), 0)
                offset += size
            }
            builder.isAtEnd = true
            xmlParseChunk(parser, nil, 0, 1)
        }
        if let depthError = builder.depthError { return .failure(depthError) }
        if builder.firstError == nil, builder.stack.isEmpty, let root = builder.root {
            return .success(Parsed(root: root, idLines: builder.idLines, duplicateIDs: builder.duplicateIDs))
        }
        let (code, line, column) = builder.firstError ?? (0, Int(xmlSAX2GetLineNumber(parser)), 1)
        var message = "not well-formed XML: " + describe(code: code)
        // An error found only once libxml2 is told there is no more: the file stops early.
        if builder.firstErrorWasAtEnd, builder.root == nil, let open = builder.stack.last {
            message += "; the file ends inside <\(open.name)> (line \(open.line)): is it truncated?"
        }
        return .failure(SyntaxError(line: max(line, 1), column: max(column, 1), message: message))
    }

    /// libxml2's error codes (`xmlParserErrors`) for what a damaged interface file shows.
    private static func describe(code: Int) -> String {
        let what: String
        switch code {
        case 0: return "no document element"
        case 4: what = "the file does not start with an XML element; it is not a .xib or .storyboard"
        case 5: what = "the document ends early or has content after its end"
        case 9: what = "an invalid character"
        case 26: what = "an undeclared entity"
        case 38...42: what = "a malformed attribute"
        case 65: what = "a space is required"
        case 73, 74, 77: what = "a tag is not finished"
        case 75: what = "an attribute without its = sign"
        case 76: what = "a closing tag does not match the element it closes"
        case 85: what = "an element is not closed"
        case 86: what = "content after the document element"
        default: what = "a syntax error"
        }
        return "\(what) (libxml2 error \(code))"
    }

    /// The tree as libxml2 reports it, element by element.
    private final class TreeBuilder {
        var parser: xmlParserCtxtPtr?
        var stack: [InterfaceXMLElement] = []
        var root: InterfaceXMLElement?
        /// The first error's code, line and column.
        var firstError: (code: Int, line: Int, column: Int)?
        /// Whether all the data has been given to libxml2, and whether the first error came then.
        var isAtEnd = false
        var firstErrorWasAtEnd = false
        /// The first element past `maximumNestingDepth`, where reading stopped.
        var depthError: SyntaxError?
        var idLines: [String: Int] = [:]
        var duplicateIDs: [(id: String, element: String, line: Int, firstLine: Int)] = []
        /// Names by libxml2's interned pointer to them: a file repeats a few dozen names
        /// thousands of times, and the long ones would each be a new allocation. A small table
        /// indexed by the pointer's bits (a miss makes the string again): cheaper than hashing.
        private var nameSlots = [(pointer: UnsafeRawPointer?, name: String)](repeating: (nil, ""), count: 512)

        static func of(_ context: UnsafeMutableRawPointer?) -> TreeBuilder {
            Unmanaged<TreeBuilder>.fromOpaque(context!).takeUnretainedValue()
        }

        private func name(_ local: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?) -> String {
            if let prefix { return String(cString: prefix) + ":" + name(local, prefix: nil) }
            let pointer = UnsafeRawPointer(local)
            let slot = (Int(bitPattern: pointer) >> 3) & (nameSlots.count - 1)
            if nameSlots[slot].pointer == pointer { return nameSlots[slot].name }
            let made = String(cString: local)
            nameSlots[slot] = (pointer, made)
            return made
        }

        func start(
            name local: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?, attributeCount: Int32,
            _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
        ) {
            guard let local, depthError == nil else { return }
            let elementName = name(local, prefix: prefix)
            let line = Int(xmlSAX2GetLineNumber(parser))
            guard stack.count < InterfaceXMLReader.maximumNestingDepth else {
                // Refused whole: a view hierarchy cut short would load as a different screen.
                depthError = SyntaxError(
                    line: line, column: 1,
                    message: "nesting deeper than \(InterfaceXMLReader.maximumNestingDepth) elements "
                        + "(<\(elementName)> inside <\(stack[stack.count - 1].name)>): the file is refused",
                    exceedsLimits: true)
                xmlStopParser(parser)
                return
            }
            var attributeValues: [String: String] = [:]
            if let attributes, attributeCount > 0 {
                attributeValues.reserveCapacity(Int(attributeCount))
                // Five pointers an attribute: name, prefix, namespace, value, end of value.
                for index in 0..<Int(attributeCount) {
                    let base = index * 5
                    guard let attributeName = attributes[base], let value = attributes[base + 3],
                        let end = attributes[base + 4]
                    else { continue }
                    let bytes = UnsafeBufferPointer(start: value, count: end - value)
                    attributeValues[name(attributeName, prefix: attributes[base + 1])] = String(
                        decoding: bytes, as: UTF8.self)
                }
            }
            if let id = attributeValues["id"] {
                if let first = idLines.updateValue(line, forKey: id) {
                    idLines[id] = first
                    duplicateIDs.append((id, elementName, line, first))
                }
            }
            stack.append(InterfaceXMLElement(name: elementName, attributes: attributeValues, line: line))
        }

        func end() {
            guard depthError == nil, var element = stack.popLast() else { return }
            if !element.children.isEmpty { element.text = "" }
            if stack.isEmpty {
                root = element
            } else {
                stack[stack.count - 1].children.append(element)
            }
        }

        func text(_ characters: UnsafePointer<xmlChar>?, _ length: Int32) {
            // Only a leaf's text is kept: between child elements it is the file's indentation.
            guard let characters, !stack.isEmpty, stack[stack.count - 1].children.isEmpty else { return }
            stack[stack.count - 1].text += String(
                decoding: UnsafeBufferPointer(start: characters, count: Int(length)), as: UTF8.self)
        }

        func record(_ error: UnsafeMutablePointer<xmlError>?) {
            // Warnings (a missing encoding declaration, say) are not errors.
            guard firstError == nil, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            firstError = (Int(error.pointee.code), Int(error.pointee.line), Int(error.pointee.int2))
            firstErrorWasAtEnd = isAtEnd
        }
    }
}
