internal import CCairo
import Foundation

/// The fonts fontconfig knows, as faces with their names: what `UIFont(name:size:)`,
/// `UIFont.familyNames` and `UIFont.fontNames(forFamilyName:)` look up, and fonts an app ships
/// registered for this process only (`register(fileAt:)`, fontconfig's application fonts).
///
/// fontconfig always substitutes a font when asked to *match* a name, so names are looked up
/// in its *list* of installed faces instead, compared without regard to case (as fontconfig
/// compares names): a name that is no face's gives nil, as UIKit does.
public enum FontRegistry {
    /// One installed face.
    public struct Face: Hashable, Sendable {
        /// The face's family (fontconfig's first family name): `"DejaVu Sans"`.
        public var family: String
        /// Every family name the face gives (`"DejaVu Sans"`, `"DejaVu Sans Condensed"`).
        public var familyNames: [String]
        /// The style name: `"Bold Oblique"`.
        public var style: String
        /// The PostScript name, as UIKit's `fontName`: `"DejaVuSans-BoldOblique"`.
        public var postScriptName: String?
        /// The full names (`"DejaVu Sans Bold Oblique"`).
        public var fullNames: [String]
        /// The weight on the OpenType 100...1000 scale.
        public var weight: Int
        /// Whether the face is italic or oblique.
        public var italic: Bool
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var cachedFaces: [Face]?

    /// Every face fontconfig lists, system fonts and registered application fonts. Read once
    /// and again after each registration.
    public static var faces: [Face] {
        if let faces = lock.withLock({ cachedFaces }) { return faces }
        let faces = listFaces()
        lock.withLock { cachedFaces = faces }
        return faces
    }

    /// The families of the installed faces, sorted, as `UIFont.familyNames`.
    public static var familyNames: [String] {
        Array(Set(faces.map(\.family))).sorted()
    }

    /// The PostScript names of the faces of `family` (compared without regard to case), sorted,
    /// as `UIFont.fontNames(forFamilyName:)`; empty for a family that is not installed.
    public static func postScriptNames(forFamily family: String) -> [String] {
        let folded = family.lowercased()
        let names = faces.filter { $0.family.lowercased() == folded }.compactMap(\.postScriptName)
        return Array(Set(names)).sorted()
    }

    /// The face whose PostScript name, or else whose full name, is `name` without regard to
    /// case; nil when none is.
    public static func face(named name: String) -> Face? {
        let folded = name.lowercased()
        let all = faces
        if let face = all.first(where: { $0.postScriptName?.lowercased() == folded }) { return face }
        return all.first { face in face.fullNames.contains { $0.lowercased() == folded } }
    }

    /// The installed family named `name` without regard to case (any of a face's family
    /// names), as its face gives it; nil when none is.
    public static func family(named name: String) -> String? {
        let folded = name.lowercased()
        for face in faces {
            if let match = face.familyNames.first(where: { $0.lowercased() == folded }) { return match }
        }
        return nil
    }

    /// The PostScript name of the face fontconfig matches for `family`, `weight` (OpenType) and
    /// slant: what is drawn for such a request.
    public static func matchedPostScriptName(family: String, weight: Int, italic: Bool) -> String? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString {
            $0.withMemoryRebound(to: FcChar8.self, capacity: 1) { FcPatternAddString(pattern, "family", $0) }
        }
        _ = FcPatternAddDouble(pattern, "weight", FcWeightFromOpenTypeDouble(Double(weight)))
        _ = FcPatternAddInteger(pattern, "slant", italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        let config = FcConfigGetCurrent()
        _ = FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        return string(match, "postscriptname", 0)
    }

    /// Registers the font file at `url` (TrueType, OpenType, a collection) for this process
    /// only, as fontconfig's application fonts (`FcConfigAppFontAddFile`): its faces are then
    /// found by name and drawn, without installing anything system-wide. Returns the faces the
    /// file added (empty when fontconfig could not read it, or already had them).
    @discardableResult
    public static func register(fileAt url: URL) -> [Face] {
        let before = Set(faces)
        let added = url.path.withCString { path in
            path.withMemoryRebound(to: FcChar8.self, capacity: 1) { FcConfigAppFontAddFile(FcConfigGetCurrent(), $0) }
        }
        guard added != 0 else { return [] }
        lock.withLock { cachedFaces = nil }
        // pango caches what fontconfig listed: have it read the configuration again.
        if let fontMap = pango_cairo_font_map_get_default() {
            pango_fc_font_map_config_changed(OpaquePointer(fontMap))
        }
        return faces.filter { !before.contains($0) }
    }

    private static func listFaces() -> [Face] {
        _ = FcInit()
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        guard let objects = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(objects) }
        for name in ["family", "style", "postscriptname", "fullname", "weight", "slant"] {
            _ = FcObjectSetAdd(objects, name)
        }
        guard let set = FcFontList(FcConfigGetCurrent(), pattern, objects) else { return [] }
        defer { FcFontSetDestroy(set) }
        var faces: [Face] = []
        for index in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[index] else { continue }
            let families = strings(font, "family")
            guard let family = families.first else { continue }
            var weight: Double = 0
            var weightValue = FcWeightToOpenTypeDouble(80)
            if FcPatternGetDouble(font, "weight", 0, &weight) == FcResultMatch {
                weightValue = FcWeightToOpenTypeDouble(weight)
            } else {
                var integer: Int32 = 0
                if FcPatternGetInteger(font, "weight", 0, &integer) == FcResultMatch {
                    weightValue = FcWeightToOpenTypeDouble(Double(integer))
                }
            }
            var slant: Int32 = 0
            _ = FcPatternGetInteger(font, "slant", 0, &slant)
            faces.append(
                Face(
                    family: family, familyNames: families, style: string(font, "style", 0) ?? "",
                    postScriptName: string(font, "postscriptname", 0), fullNames: strings(font, "fullname"),
                    weight: Int(weightValue.rounded()), italic: slant != FC_SLANT_ROMAN))
        }
        return faces
    }

    private static func string(_ pattern: OpaquePointer, _ object: String, _ index: Int32) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, index, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }

    private static func strings(_ pattern: OpaquePointer, _ object: String) -> [String] {
        var values: [String] = []
        var index: Int32 = 0
        while let value = string(pattern, object, index) {
            values.append(value)
            index += 1
        }
        return values
    }
}
