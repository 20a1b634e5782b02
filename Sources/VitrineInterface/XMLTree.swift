import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

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

/// Foundation's `XMLParser` (libxml2 underneath) into an `InterfaceXMLElement` tree.
enum InterfaceXMLReader {
    /// Where the XML stopped being well formed.
    struct SyntaxError: Error {
        var line: Int
        var column: Int
        var message: String
    }

    /// A parsed file: its root element, and every `id` attribute with the line it is on, taken
    /// while reading (a second walk over the tree cost more than the reading of them).
    struct Parsed {
        var root: InterfaceXMLElement
        var idLines: [String: Int]
        /// Ids written a second time: the id, the element, its line and the first one's line.
        var duplicateIDs: [(id: String, element: String, line: Int, firstLine: Int)]
    }

    static func read(_ data: Data) -> Result<Parsed, SyntaxError> {
        let parser = XMLParser(data: data)
        let builder = TreeBuilder()
        parser.delegate = builder
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        let ok = parser.parse()
        if ok, builder.firstError == nil, builder.stack.isEmpty, let root = builder.root {
            return .success(Parsed(root: root, idLines: builder.idLines, duplicateIDs: builder.duplicateIDs))
        }
        // The first error, where libxml2 found it (the parser's position after it stops is
        // further on); codes are libxml2's `xmlParserErrors`, which XMLParser passes through.
        let (code, line, column) = builder.firstError ?? (0, parser.lineNumber, parser.columnNumber)
        var message = "not well-formed XML: " + describe(code: code)
        if builder.root == nil, let open = builder.stack.last {
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

    private final class TreeBuilder: NSObject, XMLParserDelegate {
        var stack: [InterfaceXMLElement] = []
        var root: InterfaceXMLElement?
        /// The first error's code, line and column.
        var firstError: (code: Int, line: Int, column: Int)?
        var idLines: [String: Int] = [:]
        var duplicateIDs: [(id: String, element: String, line: Int, firstLine: Int)] = []

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            if firstError == nil {
                firstError = ((parseError as NSError).code, parser.lineNumber, parser.columnNumber)
            }
        }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            let line = parser.lineNumber
            if let id = attributeDict["id"] {
                if let first = idLines.updateValue(line, forKey: id) {
                    idLines[id] = first
                    duplicateIDs.append((id, elementName, line, first))
                }
            }
            stack.append(InterfaceXMLElement(name: elementName, attributes: attributeDict, line: line))
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
        ) {
            guard var element = stack.popLast() else { return }
            if !element.children.isEmpty { element.text = "" }
            if stack.isEmpty {
                root = element
            } else {
                stack[stack.count - 1].children.append(element)
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            // Only a leaf's text is kept: between child elements it is the file's indentation.
            guard !stack.isEmpty, stack[stack.count - 1].children.isEmpty else { return }
            stack[stack.count - 1].text += string
        }
    }
}
