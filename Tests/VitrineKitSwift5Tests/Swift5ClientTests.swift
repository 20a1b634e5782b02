// Built in the Swift 5 language mode (Package.swift), as much UIKit code still is: it calls
// main-actor API from a non-isolated XCTest `setUp()` and from plain functions, which Apple's
// SDK allows in Swift 5 with warnings at most. VitrineKit marks its main-actor declarations
// `@preconcurrency @MainActor` so that this compiles unchanged (docs/porting.md).
import VitrineKit
import XCTest

/// A plain, non-isolated function making a label, as app code written before Swift
/// concurrency does.
func makeTitleLabel(_ text: String) -> UILabel {
    let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
    label.text = text
    label.font = UIFont.preferredFont(forTextStyle: .headline)
    label.textColor = .darkGray
    label.tag = 42
    return label
}

final class Swift5ClientTests: XCTestCase {
    var root: UIView!
    var child: UIView!

    // Non-isolated, as XCTestCase's `setUp()` is.
    override func setUp() {
        super.setUp()
        root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        root.backgroundColor = .white
        child = UIView()
        child.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        root.addSubview(child)
        root.addSubview(makeTitleLabel("Hello"))
    }

    override func tearDown() {
        child.removeFromSuperview()
        root = nil
        child = nil
        super.tearDown()
    }

    func testTheViewsSetUpOutsideTheMainActorAreThere() {
        XCTAssertEqual(root.subviews.count, 2)
        XCTAssertEqual(root.subviews.first, child)
        XCTAssertEqual(child.frame, CGRect(x: 10, y: 20, width: 100, height: 50))
        XCTAssertEqual((root.viewWithTag(42) as? UILabel)?.text, "Hello")
        child.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
        child.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        XCTAssertEqual(child.bounds.size, CGSize(width: 200, height: 200))
    }

    func testAButtonMadeInAPlainMethod() {
        let button = UIButton(type: .system)
        button.sizeToFit()
        XCTAssertEqual(button.bounds.size, CGSize(width: 30, height: 34))
        root.addSubview(button)
        XCTAssertTrue(button.superview === root)
        XCTAssertNil(child.window)
    }

    func testAWindowAndAControllerMadeInAPlainMethod() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let controller = UIViewController()
        controller.view.addSubview(root)
        window.rootViewController = controller
        XCTAssertTrue(window.rootViewController === controller)
        XCTAssertTrue(root.window === window)
        window.rootViewController = nil
    }
}
