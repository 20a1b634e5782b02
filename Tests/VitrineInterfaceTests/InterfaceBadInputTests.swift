import Foundation
import Testing

@testable import VitrineInterface

/// A file in `Fixtures/bad` and the exact first error it must give.
struct BadInterfaceCase: CustomTestStringConvertible, Sendable {
    let file: String
    let error: String
    let kind: InterfaceError.Kind

    init(_ file: String, _ error: String, kind: InterfaceError.Kind) {
        self.file = file
        self.error = error
        self.kind = kind
    }

    var testDescription: String { file }
}

@Suite struct InterfaceBadInputTests {
    static let cases: [BadInterfaceCase] = [
        .init(
            "bad/compiled.nib",
            "compiled.nib: is a compiled nib (NIBArchive), not an interface file's source: "
                + InterfaceDecoder.sourceFormatsAdvice,
            kind: .compiledNib),
        .init(
            "bad/compiled-bplist.nib",
            "compiled-bplist.nib: is a compiled nib (a binary property list), not an interface file's source: "
                + InterfaceDecoder.sourceFormatsAdvice,
            kind: .compiledNib),
        .init(
            "bad/macos.xib",
            "macos.xib:2: document type \"com.apple.InterfaceBuilder3.Cocoa.XIB\" is not read: Vitrine reads iOS "
                + "interface files, com.apple.InterfaceBuilder3.CocoaTouch.XIB (.xib) and "
                + "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB (.storyboard)",
            kind: .unknownDocumentType),
        .init(
            "bad/old-archive.xib",
            "old-archive.xib:2: is in Interface Builder's old archive format (com.apple.InterfaceBuilder3.CocoaTouch.XIB): "
                + "open it in a current Xcode and save it, which writes the <document> format Vitrine reads",
            kind: .unknownDocumentType),
        .init(
            "bad/constraint-unknown-id.xib",
            "constraint-unknown-id.xib:18: constraint \"Ct2-aa-002\": secondItem \"Gone-aa-404\" is not an id in this file",
            kind: .invalid),
        .init(
            "bad/outlet-unknown-id.xib",
            "outlet-unknown-id.xib:10: outlet \"titleLabel\": destination \"Missing-01\" is not an id in this file",
            kind: .invalid),
        .init(
            "bad/duplicate-id.xib",
            "duplicate-id.xib:15: duplicate id \"Lb1-aa-001\" on <label> (first on line 12)",
            kind: .invalid),
        .init(
            "bad/segue-unknown-id.storyboard",
            "segue-unknown-id.storyboard:2: initialViewController \"Nowhere-01\" is not an id in this file",
            kind: .invalid),
    ]

    @Test(arguments: cases) func givesItsError(_ bad: BadInterfaceCase) throws {
        let error = try #require(InterfaceFixtures.error(bad.file))
        #expect(error.description == bad.error)
        #expect(error.kind == bad.kind)
        #expect(error.firstProblem.severity == .error)
    }

    @Test func everyUnknownIdIsReported() throws {
        let error = try #require(InterfaceFixtures.error("bad/segue-unknown-id.storyboard"))
        #expect(
            error.problems.map(\.description) == [
                "segue-unknown-id.storyboard:2: initialViewController \"Nowhere-01\" is not an id in this file",
                "segue-unknown-id.storyboard:17: segue \"next\" (show): destination \"Lost-aa-404\" is not an id in this file",
            ])
    }

    @Test func truncatedFileNamesWhereItStops() throws {
        let error = try #require(InterfaceFixtures.error("bad/truncated.xib"))
        #expect(error.kind == .syntax)
        // The file's 13 lines stop inside an attribute of a <rect> whose start tag never ends;
        // libxml2 finds the end on line 14, inside the label.
        #expect(
            error.description
                == "truncated.xib:14:1: not well-formed XML: a malformed attribute (libxml2 error 41); "
                + "the file ends inside <label> (line 12): is it truncated?")
    }

    @Test func mismatchedTagNamesItsLine() throws {
        let error = try #require(InterfaceFixtures.error("bad/mismatched-tag.xib"))
        #expect(error.kind == .syntax)
        #expect(
            error.description
                == "mismatched-tag.xib:14:26: not well-formed XML: a closing tag does not match the element it closes "
                + "(libxml2 error 76)")
    }

    /// Entities a file declares itself are not expanded (so a "billion laughs" file costs
    /// nothing) and nothing outside the file is read: a reference to one is an error.
    @Test(arguments: [
        """
        <?xml version="1.0"?>
        <!DOCTYPE document [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
        <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>
        <label id="l" text="&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"/></objects></document>
        """,
        """
        <?xml version="1.0"?>
        <!DOCTYPE document [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>
        <label id="l" text="&secret;"/></objects></document>
        """,
    ])
    func declaredEntitiesAreNotExpanded(_ text: String) throws {
        do {
            _ = try InterfaceDocument.parse(data: Data(text.utf8), fileName: "entities.xib")
            Issue.record("a file with declared entities loaded")
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.description.contains("an undeclared entity (libxml2 error 26)"))
        }
    }

    @Test func nonXMLNamesTheFirstLine() throws {
        let error = try #require(InterfaceFixtures.error("bad/not-xml.xib"))
        #expect(error.kind == .syntax)
        #expect(
            error.description
                == "not-xml.xib:1:1: not well-formed XML: the file does not start with an XML element; "
                + "it is not a .xib or .storyboard (libxml2 error 4)")
    }

    @Test func unknownElementsAndAttributesWarnAndTheRestLoads() throws {
        let (document, warnings) = try InterfaceFixtures.load("bad/unknown-element.xib")
        #expect(
            warnings.map(\.description) == [
                "unknown-element.xib:12: unknown attribute \"sparkle\" on <label> \"Lb1-aa-001\": ignored",
                "unknown-element.xib:14: unknown element <glitter> in <label> \"Lb1-aa-001\": ignored",
                "unknown-element.xib:16: unknown element <hologramView> \"Hg1-aa-001\": loaded as a plain object, "
                    + "its properties are not read",
            ])
        #expect(warnings.allSatisfy { $0.severity == .warning })
        let view = try document.required("iN0-l3-epB")
        #expect(view.subviews.map(\.element) == ["label", "hologramView"])
        #expect(view.subviews[0].text == "Hello")
        #expect(view.subviews[0].attributes["sparkle"] == "YES")
        #expect(view.constraints.first?.firstItem == "Hg1-aa-001")
    }

    @Test func missingFileIsUnreadable() throws {
        let error = try #require(InterfaceFixtures.error("bad/no-such-file.xib"))
        #expect(error.kind == .fileUnreadable)
        #expect(error.description.hasPrefix("no-such-file.xib: cannot be read"))
    }

    @Test func compiledStoryboardDirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitrine-interface-\(UUID().uuidString)/Main.storyboardc")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        do {
            _ = try InterfaceDocument.load(contentsOf: directory)
            Issue.record("a compiled storyboard loaded")
        } catch {
            #expect(error.kind == .compiledNib)
            #expect(error.description.hasPrefix("Main.storyboardc: a compiled storyboard directory from an app bundle"))
        }
    }
}
