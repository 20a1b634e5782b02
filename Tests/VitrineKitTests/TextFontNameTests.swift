import Foundation
import Testing
import VitrineKit

/// UIFont's names as UIKit's: PostScript, full and family names, families and their faces,
/// text styles, and fonts an app ships (`registerFont(at:)`).
@Suite(.serialized) struct TextFontNameTests {
    @Test func postScriptNamesGiveTheirFace() throws {
        let bold = try #require(UIFont(name: "DejaVuSans-Bold", size: 14))
        #expect(bold.familyName == "DejaVu Sans" && bold.descriptor.weight == .bold && !bold.descriptor.italic)
        #expect(bold.fontName == "DejaVuSans-Bold")
        let serif = try #require(UIFont(name: "dejavuserif-bolditalic", size: 14))
        #expect(serif.familyName == "DejaVu Serif" && serif.descriptor.weight == .bold && serif.descriptor.italic)
        #expect(serif.fontName == "DejaVuSerif-BoldItalic")
        #expect(UIFont(name: "DejaVuSansMono", size: 10)?.familyName == "DejaVu Sans Mono")
    }

    @Test func fullAndFamilyNamesToo() throws {
        let full = try #require(UIFont(name: "DejaVu Sans Bold Oblique", size: 12))
        #expect(full.descriptor.weight == .bold && full.descriptor.italic)
        #expect(full.fontName == "DejaVuSans-BoldOblique")
        let family = try #require(UIFont(name: "DEJAVU SERIF", size: 12))
        #expect(family.familyName == "DejaVu Serif" && family.fontName == "DejaVuSerif")
    }

    @Test func namesNothingMatchesGiveNil() {
        // fontconfig would substitute DejaVu Sans for all of these.
        #expect(UIFont(name: "HelveticaNeue-Bold", size: 12) == nil)
        #expect(UIFont(name: "Roboto-Medium", size: 12) == nil)
        #expect(UIFont(name: "DejaVuSans-Nonexistent", size: 12) == nil)
        #expect(UIFont(name: "   ", size: 12) == nil)
    }

    @Test func familiesListTheirFacesByPostScriptName() throws {
        let families = UIFont.familyNames
        #expect(families.contains("DejaVu Sans") && families.contains("DejaVu Serif"))
        #expect(families == families.sorted() && Set(families).count == families.count)
        let faces = UIFont.fontNames(forFamilyName: "DejaVu Sans")
        #expect(faces.contains("DejaVuSans") && faces.contains("DejaVuSans-Bold"))
        #expect(faces.contains("DejaVuSans-Oblique") && faces.contains("DejaVuSans-BoldOblique"))
        #expect(faces == faces.sorted())
        for name in faces {
            let font = try #require(UIFont(name: name, size: 10), "\(name)")
            #expect(font.familyName == "DejaVu Sans")
        }
        #expect(UIFont.fontNames(forFamilyName: "dejavu sans mono").contains("DejaVuSansMono-Bold"))
        #expect(UIFont.fontNames(forFamilyName: "No Such Family").isEmpty)
    }

    @Test func textStylesHaveIOSDefaultSizes() {
        let expected: [(UIFont.TextStyle, CGFloat)] = [
            (.largeTitle, 34), (.title1, 28), (.title2, 22), (.title3, 20), (.headline, 17), (.body, 17),
            (.callout, 16), (.subheadline, 15), (.footnote, 13), (.caption1, 12), (.caption2, 11),
        ]
        for (style, size) in expected {
            #expect(UIFont.preferredFont(forTextStyle: style).pointSize == size, "\(style.rawValue)")
        }
        #expect(UIFont.preferredFont(forTextStyle: .headline) == UIFont.systemFont(ofSize: 17, weight: .semibold))
        #expect(UIFont.preferredFont(forTextStyle: .body) == UIFont.systemFont(ofSize: 17))
        #expect(UIFont.TextStyle.body.rawValue == "UICTFontTextStyleBody")
        #expect(UIFont.preferredFont(forTextStyle: .caption2, compatibleWith: nil).pointSize == 11)
    }

    @Test func monospacedFonts() {
        let digits = UIFont.monospacedDigitSystemFont(ofSize: 20, weight: .bold)
        #expect(digits.pointSize == 20 && digits.familyName == "DejaVu Sans" && digits.descriptor.weight == .bold)
        let widths = (0...9).map { "\($0)".size(withAttributes: [.font: digits]).width }
        #expect(Set(widths).count == 1)
        let mono = UIFont.monospacedSystemFont(ofSize: 12, weight: .regular)
        #expect(mono.familyName == "DejaVu Sans Mono" && mono.fontName == "DejaVuSansMono")
    }

    @Test func aFontTheAppShipsIsRegisteredForTheProcess() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Resources/Fonts/VitrineTestSans-Bold.ttf")
        if !UIFont.familyNames.contains("Vitrine Test Sans") {
            #expect(UIFont(name: "VitrineTestSans-Bold", size: 12) == nil)
            #expect(UIFont.registerFont(at: url))
        }
        #expect(UIFont.familyNames.contains("Vitrine Test Sans"))
        #expect(UIFont.fontNames(forFamilyName: "Vitrine Test Sans") == ["VitrineTestSans-Bold"])
        let font = try #require(UIFont(name: "VitrineTestSans-Bold", size: 16))
        #expect(font.familyName == "Vitrine Test Sans" && font.fontName == "VitrineTestSans-Bold")
        #expect(font.descriptor.weight == .bold)
        #expect(UIFont(name: "Vitrine Test Sans Bold", size: 16) == font)
        #expect(UIFont(name: "vitrine test sans", size: 16)?.familyName == "Vitrine Test Sans")
        // Registering again adds nothing; a file that is not a font is refused.
        #expect(!UIFont.registerFont(at: url))
        #expect(!UIFont.registerFont(at: URL(fileURLWithPath: #filePath)))
    }
}
