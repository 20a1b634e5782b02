import Foundation
import Testing
import VitrineTestSupport

@testable import VitrineInterface

/// Files past the reader's limits (issue 27): nested deeper than `maximumNestingDepth`
/// elements or larger than `maximumFileSize` bytes, refused whole with the file (and line)
/// named; files at the limits load.
@Suite struct InterfaceLimitTests {
    static let depth = InterfaceDocument.maximumNestingDepth

    static func refusal(_ data: Data, fileName: String) throws -> InterfaceError {
        try #require(throws: InterfaceError.self) { try InterfaceDocument.parse(data: data, fileName: fileName) }
    }

    /// The 1-based line of the first line of `text` containing `part`.
    static func line(of part: String, in text: String) -> Int {
        (text.components(separatedBy: "\n").firstIndex { $0.contains(part) } ?? -2) + 1
    }

    @Test(arguments: [1_000, 100_000]) func aFileNestedTooDeepIsRefusedAtItsLine(_ levels: Int) throws {
        let text = HostileXIB.nested(depth: levels)
        let error = try Self.refusal(Data(text.utf8), fileName: "deep.xib")
        #expect(error.kind == .exceedsLimits)
        #expect(error.problems.count == 1)
        // `document`, `objects` and the root view, then `subviews` and `view` a level: the
        // first element past the limit is the view of level (limit - 4) / 2 = 126.
        let first = "id=\"v\((Self.depth - 4) / 2)\""
        #expect(
            error.description
                == "deep.xib:\(Self.line(of: first, in: text)): nesting deeper than \(Self.depth) elements "
                + "(<view> inside <subviews>): the file is refused")
    }

    /// Elements nested past the limit are refused even when they are not objects the decoder
    /// reads, and before the file's end is seen: the tree is never built that deep.
    @Test func unknownElementsNestedTooDeepAreRefusedToo() throws {
        let text =
            "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\">\n"
            + String(repeating: "<a>\n", count: 200_000)
        let error = try Self.refusal(Data(text.utf8), fileName: "open.xib")
        #expect(error.kind == .exceedsLimits)
        #expect(
            error.description
                == "open.xib:\(Self.depth + 1): nesting deeper than \(Self.depth) elements (<a> inside <a>): the file is refused"
        )
    }

    /// At the limit, with each view an object inside the last (the decoder recursing once an
    /// element, its deepest path), everything loads.
    @Test func aFileAtTheLimitLoads() throws {
        let levels = Self.depth - 3
        let (document, _) = try InterfaceDocument.parse(
            data: Data(HostileXIB.nested(depth: levels, direct: true).utf8), fileName: "deep.xib")
        var object = try #require(document.objects.first)
        var depth = 0
        while let next = object.children.first {
            object = next
            depth += 1
        }
        #expect(depth == levels)
        #expect(object.id == "v\(levels - 1)")
        #expect(document.allObjects.count == levels + 1)
        // With `<subviews>` between the views: half as many levels.
        let (wrapped, _) = try InterfaceDocument.parse(
            data: Data(HostileXIB.nested(depth: (Self.depth - 3) / 2).utf8), fileName: "deep.xib")
        #expect(wrapped.allObjects.count == (Self.depth - 3) / 2 + 1)
    }

    @Test func dataLargerThanTheLimitIsRefusedUnread() throws {
        let size = 11_000_000
        let error = try Self.refusal(HostileXIB.padded(to: size), fileName: "big.xib")
        #expect(error.kind == .exceedsLimits)
        #expect(error.description == "big.xib: is larger than 10000000 bytes (11000000 bytes): refused unread")
        #expect(InterfaceDocument.maximumFileSize == 10_000_000)
    }

    @Test func aFileLargerThanTheLimitIsRefusedBeforeItIsRead() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-big-\(UUID().uuidString).xib")
        defer { try? FileManager.default.removeItem(at: url) }
        try HostileXIB.padded(to: InterfaceDocument.maximumFileSize + 1).write(to: url)
        let error = try #require(throws: InterfaceError.self) { try InterfaceDocument.load(contentsOf: url) }
        #expect(error.kind == .exceedsLimits)
        #expect(
            error.description
                == "\(url.lastPathComponent): is larger than 10000000 bytes (10000001 bytes): refused unread")
    }

    /// libxml2's own limits hold no surprise below ours: a file of exactly the maximum loads.
    @Test func aFileOfExactlyTheLimitLoads() throws {
        let data = HostileXIB.padded(to: InterfaceDocument.maximumFileSize)
        #expect(data.count == InterfaceDocument.maximumFileSize)
        let (document, _) = try InterfaceDocument.parse(data: data, fileName: "full.xib")
        #expect(document.objects.map(\.id) == ["root"])
    }
}
