import Foundation
import Testing
import VitrineTestSupport

@testable import VitrineKit

/// What an app sees of the parsers' limits (issue 27): UIKit's failable loaders return nil or
/// nothing, with the reason logged and kept, and nothing crashes.
@MainActor @Suite struct HostileInputTests {
    /// VitrineInterface's `InterfaceDocument.maximumNestingDepth` (this target does not import it).
    static let nestingLimit = 256

    @Test func uiImageOfAPixelBombOrADamagedPNGIsNil() {
        #expect(UIImage(data: HandmadePNG.png(width: 20_000, height: 20_000, rows: 1)) == nil)
        let header = HandmadePNG.chunk("IHDR", HandmadePNG.header(width: 4, height: 4), crcDelta: 1)
        #expect(UIImage(data: Data(HandmadePNG.signature + header + HandmadePNG.chunk("IEND", []))) == nil)
        #expect(UIImage(data: HandmadePNG.png(width: 4, height: 4, rows: 2)) == nil)
        #expect(UIImage(data: HandmadePNG.png(width: 4, height: 4))?.size == CGSize(width: 4, height: 4))
    }

    /// The deepest view hierarchy the reader accepts is built by the nib builder (which
    /// recurses once a view) without running out of stack.
    @Test func aNibAtTheNestingLimitIsBuilt() throws {
        let levels = (Self.nestingLimit - 3) / 2
        let nib = UINib(data: Data(HostileXIB.nested(depth: levels).utf8), bundle: nil)
        let root = try #require(nib.instantiate(withOwner: nil).first as? UIView)
        var view = root
        var depth = 0
        while let next = view.subviews.first {
            view = next
            depth += 1
        }
        #expect(depth == levels)
    }

    @Test func aNibNestedTooDeepMakesNothingAndSaysWhere() {
        let nib = UINib(data: Data(HostileXIB.nested(depth: 1_000).utf8), bundle: nil)
        #expect(nib.instantiate(withOwner: nil).isEmpty)
        #expect(
            nib.diagnostics.map(\.message) == [
                "nesting deeper than \(Self.nestingLimit) elements (<view> inside <subviews>): "
                    + "the file is refused"
            ])
        #expect(nib.diagnostics.first?.line == 131)
    }
}
