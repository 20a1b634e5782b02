import Foundation
import VitrineGraphics

extension UIFont {

    /// Makes the fonts in the file at `url` (TrueType, OpenType or a collection) available to
    /// this process, without installing them system-wide: afterwards `UIFont(name:size:)`
    /// finds them by PostScript, full or family name, `familyNames` lists them, and text draws
    /// with them. Returns false when the file cannot be read as a font (or its faces were
    /// already registered).
    ///
    /// A Vitrine addition standing for Core Text's `CTFontManagerRegisterFontsForURL(_:_:_:)`
    /// (the fonts an app's Info.plist lists under `UIAppFonts` are registered at launch through
    /// it; see `docs/porting.md`): call it at launch, for example in
    /// `application(_:didFinishLaunchingWithOptions:)` with each font in the app's resources
    /// (`Bundle.module.urls(forResourcesWithExtension: "ttf", subdirectory: nil)`).
    /// It is fontconfig's application-font registration (`FcConfigAppFontAddFile`), so the fonts
    /// are process-wide and stay registered until the process ends.
    @discardableResult
    public static func registerFont(at url: URL) -> Bool {
        !FontRegistry.register(fileAt: url).isEmpty
    }

    /// The fonts in the file at `url`, as `registerFont(at:)` with a `URL`. For the spelling iOS
    /// code uses, `for url in Bundle.main.urls(forResourcesWithExtension: "ttf", subdirectory:
    /// nil) ?? [] { ... }`: swift-corelibs-foundation's `Bundle` returns `[NSURL]` there, where
    /// Apple's returns `[URL]`.
    @discardableResult
    public static func registerFont(at url: NSURL) -> Bool {
        registerFont(at: url as URL)
    }
}
