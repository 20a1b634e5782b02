import Foundation
import Testing

@testable import VitrineInterface
import VitrineTestSupport

@Suite struct InterfaceLargeDocumentTests {
    @Test func twoHundredObjects() throws {
        let data = Data(LargeXIB.text().utf8)
        let (document, warnings) = try InterfaceDocument.parse(data: data, fileName: "Rows.xib")
        #expect(warnings.isEmpty, "\(warnings.prefix(3).map(\.description))")
        #expect(document.allObjects.count == 200)
        let root = try document.required("iN0-l3-epB")
        #expect(root.constraints.count == 65 * 3)
        #expect(
            root.subviews.dropLast().last?.constraints.last?.line == root.subviews.dropLast().last.map { $0.line + 21 })
    }
}
