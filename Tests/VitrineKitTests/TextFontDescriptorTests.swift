import Foundation
import Testing

@testable import VitrineKit

/// `UIFont.fontDescriptor`, its symbolic traits and `UIFont(descriptor:size:)`: the usual way
/// to make a bold or italic variant of a font.
@Suite struct TextFontDescriptorTests {
    @Test func traitsReadFromTheFont() {
        #expect(UIFont.boldSystemFont(ofSize: 17).fontDescriptor.symbolicTraits.contains(.traitBold))
        #expect(!UIFont.systemFont(ofSize: 17).fontDescriptor.symbolicTraits.contains(.traitBold))
        #expect(UIFont.italicSystemFont(ofSize: 17).fontDescriptor.symbolicTraits == .traitItalic)
        #expect(
            UIFont.monospacedSystemFont(ofSize: 12, weight: .regular).fontDescriptor.symbolicTraits.contains(
                .traitMonoSpace))
        #expect(UIFont.systemFont(ofSize: 21).fontDescriptor.pointSize == 21)
    }

    @Test func aBoldItalicVariantOfAFont() throws {
        let font = UIFont.systemFont(ofSize: 15)
        let descriptor = try #require(font.fontDescriptor.withSymbolicTraits([.traitBold, .traitItalic]))
        #expect(descriptor.symbolicTraits.contains([.traitBold, .traitItalic]))
        let bold = UIFont(descriptor: descriptor, size: 0)
        #expect(bold.pointSize == 15)
        #expect(bold == UIFont(descriptor: FontDescriptor(size: 15, weight: .bold, italic: true)))
        #expect(UIFont(descriptor: descriptor, size: 30).pointSize == 30)
        // The traits are replaced: italic alone drops the bold.
        let italic = try #require(descriptor.withSymbolicTraits(.traitItalic))
        #expect(italic.symbolicTraits == .traitItalic)
        #expect(UIFont(descriptor: italic, size: 0) == .italicSystemFont(ofSize: 15))
    }

    @Test func aNamedDescriptor() {
        let descriptor = UIFontDescriptor(name: "DejaVu Sans", size: 13)
        #expect(descriptor.pointSize == 13)
        #expect(UIFont(descriptor: descriptor, size: 0).familyName == "DejaVu Sans")
        #expect(descriptor.withSize(20).pointSize == 20)
        #expect(descriptor == UIFontDescriptor(name: "DejaVu Sans", size: 13))
    }
}
