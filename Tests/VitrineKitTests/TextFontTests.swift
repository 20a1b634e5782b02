import Foundation
import Testing
import VitrineKit

/// UIFont over fontconfig and pango. The test machine has `fonts-dejavu-core` (DejaVu Sans,
/// Serif and Sans Mono), which the project's install script provides.
@Suite struct TextFontTests {
    @Test func systemFontIsSansSerifAtTheGivenSize() {
        let font = UIFont.systemFont(ofSize: 17)
        #expect(font.pointSize == 17)
        #expect(font.familyName == "DejaVu Sans")
        // PostScript names, as UIKit's `fontName`.
        #expect(font.fontName == "DejaVuSans")
        #expect(UIFont.boldSystemFont(ofSize: 12).fontName == "DejaVuSans-Bold")
        #expect(UIFont.italicSystemFont(ofSize: 12).fontName == "DejaVuSans-Oblique")
        #expect(UIFont.monospacedSystemFont(ofSize: 12, weight: .regular).familyName == "DejaVu Sans Mono")
    }

    @Test func metricsScaleWithTheSize() {
        let small = UIFont.systemFont(ofSize: 10)
        let large = UIFont.systemFont(ofSize: 40)
        #expect(small.ascender > 0 && small.descender < 0)
        #expect(small.lineHeight >= small.ascender - small.descender - 0.01)
        #expect(small.leading >= 0)
        // DejaVu Sans: ascent about 0.93 em, descent about 0.24 em.
        #expect(abs(large.ascender - 4 * small.ascender) < 0.5)
        #expect(abs(large.descender - 4 * small.descender) < 0.5)
        #expect(abs(large.lineHeight - 4 * small.lineHeight) < 1)
        #expect(large.ascender > 30 && large.ascender < 45)
        #expect(large.descender < -5 && large.descender > -15)
    }

    @Test func namedFontsAreFoundOnlyWhenInstalled() throws {
        let serif = try #require(UIFont(name: "DejaVu Serif", size: 20))
        #expect(serif.familyName == "DejaVu Serif" && serif.pointSize == 20)
        #expect(UIFont(name: "dejavu sans mono", size: 9)?.familyName == "DejaVu Sans Mono")
        let boldItalic = try #require(UIFont(name: "DejaVu Sans Bold Oblique", size: 11))
        #expect(boldItalic.descriptor.weight == .bold && boldItalic.descriptor.italic)
        #expect(boldItalic.familyName == "DejaVu Sans")
        #expect(UIFont(name: "No Such Font Family", size: 12) == nil)
        #expect(UIFont(name: "Comic Sans MS Bold", size: 12) == nil)
        #expect(UIFont(name: "", size: 12) == nil)
        #expect(UIFont.familyNames.contains("DejaVu Sans"))
        #expect(UIFont.familyNames == UIFont.familyNames.sorted())
    }

    @Test func fontNameRoundTrips() throws {
        for font in [
            UIFont.systemFont(ofSize: 13), .boldSystemFont(ofSize: 13), .systemFont(ofSize: 13, weight: .semibold),
            .italicSystemFont(ofSize: 13), try #require(UIFont(name: "DejaVu Serif Bold", size: 13)),
        ] {
            let again = try #require(UIFont(name: font.fontName, size: 13), "\(font.fontName)")
            #expect(again.fontName == font.fontName)
            #expect(again.lineHeight == font.lineHeight)
            // The face's own weight: semibold DejaVu Sans is drawn with its bold face.
            #expect(abs(again.descriptor.weight.rawValue - font.descriptor.weight.rawValue) <= 100)
        }
    }

    @Test func withSizeKeepsTheFace() {
        let bold = UIFont.boldSystemFont(ofSize: 12)
        let bigger = bold.withSize(30)
        #expect(bigger.pointSize == 30 && bigger.fontName == bold.fontName)
        #expect(bold.pointSize == 12)
        #expect(bigger == UIFont.boldSystemFont(ofSize: 30))
        #expect(bigger != bold)
        #expect(bold.withSize(-3).pointSize == 1)
    }

    @Test func weightsMapToTheNearestStep() {
        #expect(UIFont.systemFont(ofSize: 10, weight: .ultraLight).descriptor.weight == .ultraLight)
        #expect(UIFont.systemFont(ofSize: 10, weight: .medium).descriptor.weight == .medium)
        #expect(UIFont.systemFont(ofSize: 10, weight: .black).descriptor.weight == .black)
        #expect(UIFont.systemFont(ofSize: 10, weight: UIFont.Weight(0.38)).descriptor.weight == .bold)
        #expect(UIFont.systemFont(ofSize: 10, weight: UIFont.Weight(-1)).descriptor.weight == .ultraLight)
        #expect(UIFont.systemFont(ofSize: 10, weight: UIFont.Weight(.nan)).descriptor.weight == .regular)
        #expect(UIFont.Weight.bold > .semibold && UIFont.Weight.light < .regular)
        #expect(UIFont.labelFontSize == 17)
    }

    @Test func boldIsWiderThanRegular() {
        let text = "Vitrine kiosk"
        let regular = TextLayout.size(of: text, font: UIFont.systemFont(ofSize: 20).descriptor)
        let bold = TextLayout.size(of: text, font: UIFont.boldSystemFont(ofSize: 20).descriptor)
        #expect(bold.width > regular.width)
    }
}
