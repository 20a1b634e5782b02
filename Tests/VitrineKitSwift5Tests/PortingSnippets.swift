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

// MARK: docs/porting.md, "Actions sent to nil (up the responder chain)"

final class EditorViewController: UIViewController {
    var copies = 0
    func copyText(_ sender: Any?) { copies += 1 }
}

extension EditorViewController: NibActionTarget {
    static let nibActions = [NibAction("copy:", EditorViewController.copyText)]
}

protocol Copying: AnyObject { func copyText(_ sender: Any?) }

extension EditorViewController: Copying {}

/// The doc's two ways of reaching the editor from a button in its view.
func sendCopyUpTheChain(from button: UIButton) {
    UIApplication.shared.sendAction("copy:", to: nil, from: button, for: nil)  // true when taken
}

func findCopyingUpTheChain(from button: UIButton) {
    var responder: UIResponder? = button
    while let current = responder {
        if let target = current as? Copying { target.copyText(button); break }
        responder = current.next
    }
}

// MARK: docs/porting.md, "Overrides inside extensions"

final class MyView: UIView {
    override func layoutSubviews() {
        super.layoutSubviews()
        layOutBadge()  // still in the extension
    }
}

extension MyView {
    static var badgeLayouts = 0
    func layOutBadge() { MyView.badgeLayouts += 1 }
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

    func testBothWaysUpTheResponderChainReachTheEditor() {
        let editor = EditorViewController()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        window.rootViewController = editor
        window.makeKeyAndVisible()
        defer { window.isHidden = true }
        let button = UIButton(type: .system)
        editor.view.addSubview(button)
        // The search starts at the first responder: nothing else may hold it here.
        UIApplication.shared.keyWindow?.endEditing(true)
        sendCopyUpTheChain(from: button)
        XCTAssertEqual(editor.copies, 1)
        findCopyingUpTheChain(from: button)
        XCTAssertEqual(editor.copies, 2)
    }

    func testTheOverrideInTheClassBodyCallsTheExtensionsHelper() {
        let view = MyView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let before = MyView.badgeLayouts
        view.setNeedsLayout()
        view.layoutIfNeeded()
        XCTAssertEqual(MyView.badgeLayouts, before + 1)
    }

    func testTheFontLoopRegistersTheBundlesFonts() {
        XCTAssertTrue(FontLaunchDelegate().application(UIApplication.shared, didFinishLaunchingWithOptions: nil))
        let font = UIFont(name: "VitrineTestSans-Bold", size: 17)
        XCTAssertEqual(font?.fontName, "VitrineTestSans-Bold")
        XCTAssertTrue(UIFont.familyNames.contains("Vitrine Test Sans"))
    }
}

// MARK: docs/porting.md, "Attributed text"

func orderTitle() -> AttributedString {
    var title = AttributedString("Order")
    title.font = UIFont.boldSystemFont(ofSize: 20)
    title.foregroundColor = .systemBlue
    return title
}
