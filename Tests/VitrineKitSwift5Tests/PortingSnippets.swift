// The ```swift blocks of docs/porting.md, copied here verbatim so that they compile (in the
// Swift 5 language mode, as many ported apps build) and run. `PortingSnippetTests` fails when
// a block of the doc is not found here line for line (indentation aside): change both together.
import Foundation
import GLKit
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

// MARK: docs/porting.md, "Pull to refresh, toolbars and pages"

final class MenuListController: UITableViewController {
    private(set) var reloads = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        let refresh = UIRefreshControl()
        refresh.addTarget(for: .valueChanged) { [weak self] _, _ in self?.reload() }
        refreshControl = refresh
        toolbarItems = [.flexibleSpace(), UIBarButtonItem(title: "Order", style: .done, target: nil, action: nil)]
    }

    func reload() {
        reloads += 1
        refreshControl?.endRefreshing()
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

// MARK: docs/porting.md, "OpenGL ES and GLKit"

final class SpinViewController: GLKViewController, GLKViewDelegate {
    var angle: Float = 0
    var modelViewProjectionUniform: GLint = -1

    override func viewDidLoad() {
        super.viewDidLoad()
        let glkView = view as! GLKView
        glkView.context = EAGLContext(api: .openGLES2)
        glkView.delegate = self
        glkView.drawableDepthFormat = .format24
        preferredFramesPerSecond = 60
    }

    // GLKit finds `update` by name on iOS; here it is an override of an open method.
    override func update() {
        angle += Float(timeSinceLastUpdate) * 2
    }

    func glkView(_ view: GLKView, drawIn rect: CGRect) {
        glClearColor(0.1, 0.1, 0.2, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT) | GLbitfield(GL_DEPTH_BUFFER_BIT))
        let projection = GLKMatrix4MakePerspective(
            GLKMathDegreesToRadians(60), Float(rect.width / rect.height), 0.1, 10)
        var modelViewProjection = GLKMatrix4Multiply(
            projection, GLKMatrix4Rotate(GLKMatrix4MakeTranslation(0, 0, -3), angle, 0, 1, 0))
        withUnsafePointer(to: &modelViewProjection.m) {
            $0.withMemoryRebound(to: GLfloat.self, capacity: 16) {
                glUniformMatrix4fv(modelViewProjectionUniform, 1, GLboolean(GL_FALSE), $0)
            }
        }
    }
}

final class EAGLView: UIView {
    override class var layerClass: AnyClass { CAEAGLLayer.self }
    let context = EAGLContext(api: .openGLES2)!
    var framebuffer: GLuint = 0
    var colorRenderbuffer: GLuint = 0

    func setUpBuffers() {
        let eaglLayer = layer as! CAEAGLLayer
        eaglLayer.isOpaque = true
        eaglLayer.drawableProperties = [
            kEAGLDrawablePropertyRetainedBacking: false,
            kEAGLDrawablePropertyColorFormat: kEAGLColorFormatRGBA8,
        ]
        EAGLContext.setCurrent(context)
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glGenRenderbuffers(1, &colorRenderbuffer)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), colorRenderbuffer)
        context.renderbufferStorage(Int(GL_RENDERBUFFER), from: eaglLayer)
        glFramebufferRenderbuffer(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), colorRenderbuffer)
    }

    func drawFrame() {
        EAGLContext.setCurrent(context)
        glClearColor(0, 0.5, 1, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), colorRenderbuffer)
        context.presentRenderbuffer(Int(GL_RENDERBUFFER))
    }
}

final class OpenGLESSnippetTests: XCTestCase {
    override func setUp() {
        super.setUp()
        setenv("LIBGL_ALWAYS_SOFTWARE", "1", 1)
    }

    func testTheEAGLViewPresentsIntoItsLayer() {
        let view = EAGLView(frame: CGRect(x: 0, y: 0, width: 16, height: 8))
        view.setUpBuffers()
        view.drawFrame()
        let image = view.layer.contents as? CGImage
        XCTAssertEqual(image?.width, 16)
        XCTAssertEqual(image.map { $0.makePixelBuffer().pixel(x: 8, y: 4) }, 0xff00_80ff)
        EAGLContext.setCurrent(nil)
    }

    func testTheGLKitControllerDrawsItsView() {
        let controller = SpinViewController()
        let glkView = controller.view as! GLKView
        glkView.frame = CGRect(x: 0, y: 0, width: 12, height: 12)
        XCTAssertNotNil(glkView.context)
        glkView.display()
        let image = glkView.layer.contents as? CGImage
        XCTAssertEqual(image?.width, 12)
        XCTAssertEqual(image.map { $0.makePixelBuffer().pixel(x: 6, y: 6) }, 0xff1a_1a33)
        EAGLContext.setCurrent(nil)
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

    func testTheMenuListRefreshesAndHasToolbarItems() {
        let menu = MenuListController(style: .plain)
        menu.loadViewIfNeeded()
        XCTAssertEqual(menu.toolbarItems?.count, 2)
        menu.refreshControl?.beginRefreshing()
        menu.refreshControl?.sendActions(for: .valueChanged)
        XCTAssertEqual(menu.reloads, 1)
        XCTAssertEqual(menu.refreshControl?.isRefreshing, false)
    }
}

// MARK: docs/porting.md, "Attributed text"

func orderTitle() -> AttributedString {
    var title = AttributedString("Order")
    title.font = UIFont.boldSystemFont(ofSize: 20)
    title.foregroundColor = .systemBlue
    return title
}
