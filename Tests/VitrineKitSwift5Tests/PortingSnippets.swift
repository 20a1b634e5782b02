// The ```swift blocks of docs/porting.md, copied here verbatim so that they compile (in the
// Swift 5 language mode, as many ported apps build) and run. `PortingSnippetTests` fails when
// a block of the doc is not found here line for line (indentation aside): change both together.
import Foundation
import VitrineKit
import XCTest

// MARK: docs/porting.md, "The Swift 5 language mode"

func makeShadowLayer() -> CALayer {
    let l = CALayer()
    l.frame = CGRect(x: 0, y: 0, width: 120, height: 80)
    l.shadowOpacity = 0.3
    l.shadowOffset = CGSize(width: 0, height: 2)
    return l
}

final class BadgeTests: XCTestCase {
    var badge: UILabel!

    override func setUp() {
        super.setUp()
        badge = UILabel(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        badge.layer.addSublayer(makeShadowLayer())
    }

    func testTheBadgeHasItsShadow() {
        XCTAssertEqual(badge.layer.sublayers?.first?.shadowOpacity, 0.3)
    }
}

// MARK: docs/porting.md, "Fonts an app ships"

/// The doc's loop, in the launch method it names.
final class FontLaunchDelegate: UIApplicationDelegate {
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        for url in Bundle.module.urls(forResourcesWithExtension: "ttf", subdirectory: "Fonts") ?? [] {
            UIFont.registerFont(at: url)
        }
        return true
    }
}

// MARK: The check

final class PortingSnippetTests: XCTestCase {
    static let here = URL(fileURLWithPath: #filePath)
    static let porting = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/porting.md")

    /// The lines of each ```swift block of `markdown`.
    static func swiftBlocks(of markdown: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in markdown.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = []
            } else if current != nil, trimmed == "```" {
                blocks.append(current!)
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// `lines` without indentation or blank lines, for comparing code that moved into a body.
    static func normalized(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    func testEverySwiftBlockOfPortingMdIsCompiledHere() throws {
        let doc = try String(contentsOf: Self.porting, encoding: .utf8)
        let source = Self.normalized(try String(contentsOf: Self.here, encoding: .utf8).components(separatedBy: "\n"))
        let blocks = Self.swiftBlocks(of: doc)
        XCTAssertGreaterThanOrEqual(blocks.count, 2, "docs/porting.md has lost its examples?")
        for block in blocks {
            let lines = Self.normalized(block)
            let found = (0...(source.count - lines.count)).contains { start in
                Array(source[start..<(start + lines.count)]) == lines
            }
            XCTAssertTrue(found, "not in PortingSnippets.swift:\n" + block.joined(separator: "\n"))
        }
    }

    func testTheFontLoopRegistersTheBundlesFonts() {
        XCTAssertTrue(FontLaunchDelegate().application(UIApplication.shared, didFinishLaunchingWithOptions: nil))
        let font = UIFont(name: "VitrineTestSans-Bold", size: 17)
        XCTAssertEqual(font?.fontName, "VitrineTestSans-Bold")
        XCTAssertTrue(UIFont.familyNames.contains("Vitrine Test Sans"))
    }
}
