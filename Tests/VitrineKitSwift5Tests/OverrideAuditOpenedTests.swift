// Makes the subclasses of OverrideAuditOpened.swift that an app can make, and checks that
// their overrides of the newly open members are the ones called through the base class.
// (UIApplication, UIScreen, UITouch, UIPress and UIPasteboard subclasses compile but cannot be
// made outside VitrineKit, as in UIKit, where the system makes those objects.)
import VitrineKit
import XCTest

final class OverrideAuditOpenedTests: XCTestCase {
    var window: UIWindow!

    override func setUp() {
        super.setUp()
        _ = installHeadlessScreen(name: "AUDIT-2")
        window = UIWindow(frame: UIScreen.main.bounds)
        window.makeKeyAndVisible()
        _ = OverrideLog.take()
    }

    override func tearDown() {
        window.isHidden = true
        window = nil
        super.tearDown()
    }

    func testOpenedValueClassesAreMadeThroughTheirInheritedInitializers() {
        let traits = AuditTraitCollection(displayScale: 2)
        XCTAssertEqual(traits.displayScale, 2)
        XCTAssertEqual(traits.userInterfaceStyle, .dark, "the override answers")
        XCTAssertTrue(traits.hasDifferentColorAppearance(comparedTo: UITraitCollection(userInterfaceStyle: .light)))
        XCTAssertEqual(AuditTraitCollection().horizontalSizeClass, .unspecified)

        let descriptor = AuditFontDescriptor(name: "DejaVu Sans", size: 10)
        XCTAssertEqual(descriptor.pointSize, 11)

        let plain = UIFont(name: "DejaVu Sans", size: 12)
        let font: UIFont? = AuditFont(name: "DejaVu Sans", size: 12)
        XCTAssertTrue(font is AuditFont, "UIFont(name:size:) is inherited")
        XCTAssertEqual(font?.lineHeight, (plain?.lineHeight ?? 0) + 10)
        XCTAssertEqual(AuditFont.labelFontSize, 20)

        let curve = AuditTimingFunction(name: .easeIn)
        var point: [Float] = [0, 0]
        curve.getControlPoint(at: 1, values: &point)
        XCTAssertEqual(point, [0.42, 0])
        XCTAssertEqual(curve.value(at: 0.5), CAMediaTimingFunction(name: .easeIn).value(at: 0.5))

        XCTAssertEqual(AuditAction(title: "Go") { _ in }.title, "Audit Go")
    }

    func testADisplayLinkSubclassesOverridesAreCalled() {
        let link: CADisplayLink = AuditDisplayLink { _ in }
        link.isPaused = true
        link.invalidate()
        XCTAssertEqual(OverrideLog.take(), ["displayLink isPaused true", "displayLink invalidate"])
    }

    func testATransactionSubclassesClassMethodsAreCalled() {
        AuditTransaction.begin()
        AuditTransaction.setAnimationDuration(0.5)
        XCTAssertEqual(CATransaction.animationDuration(), 0.5)
        AuditTransaction.commit()
        XCTAssertEqual(OverrideLog.take(), ["transaction begin"])
    }

    func testAViewsConversionAndEditingOverridesAreCalledThroughUIView() {
        let frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        let plain = UIView(frame: frame)
        let view: UIView = AuditGeometryView(frame: frame)
        window.addSubview(plain)
        window.addSubview(view)
        let point = CGPoint(x: 5, y: 5)
        let rect = CGRect(x: 1, y: 2, width: 3, height: 4)
        let shift = AuditGeometryView.shift.x
        XCTAssertEqual(view.convert(point, to: nil).x, plain.convert(point, to: nil).x + shift)
        XCTAssertEqual(view.convert(point, from: window).x, plain.convert(point, from: window).x + shift)
        XCTAssertEqual(view.convert(rect, to: window).minX, plain.convert(rect, to: window).minX + shift)
        XCTAssertEqual(view.convert(rect, from: nil).minX, plain.convert(rect, from: nil).minX + shift)
        let space: any UICoordinateSpace = window
        XCTAssertEqual(view.convert(point, to: space).x, plain.convert(point, to: space).x + shift)
        XCTAssertEqual(view.convert(point, from: space).x, plain.convert(point, from: space).x + shift)
        XCTAssertEqual(view.convert(rect, to: space).minX, plain.convert(rect, to: space).minX + shift)
        XCTAssertEqual(view.convert(rect, from: space).minX, plain.convert(rect, from: space).minX + shift)

        XCTAssertTrue(view.viewWithTag(99) === view)
        XCTAssertEqual(view.effectiveUserInterfaceLayoutDirection, .rightToLeft)
        XCTAssertTrue(view.endEditing(true))
        XCTAssertEqual(OverrideLog.take(), ["view endEditing true"])
    }

    func testOverriddenAnchorsAndSafeAreaAreTheOnesLaidOutAndRead() {
        let anchored = AuditAnchoredView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        anchored.layoutMargins = UIEdgeInsets(top: 0, left: 20, bottom: 0, right: 0)
        window.addSubview(anchored)
        let child = UIView()
        child.translatesAutoresizingMaskIntoConstraints = false
        anchored.addSubview(child)
        NSLayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: anchored.leadingAnchor),
            child.topAnchor.constraint(equalTo: anchored.topAnchor),
            child.widthAnchor.constraint(equalToConstant: 30),
            child.heightAnchor.constraint(equalToConstant: 10),
        ])
        anchored.layoutIfNeeded()
        XCTAssertEqual(child.frame, CGRect(x: 20, y: 0, width: 30, height: 10), "pinned to the overriding anchor")
        let view: UIView = anchored
        XCTAssertEqual(view.safeAreaInsets.top, 7)
        view.addConstraint(child.heightAnchor.constraint(lessThanOrEqualToConstant: 50))
        XCTAssertEqual(OverrideLog.take(), ["view addConstraint"])
    }

    func testAControlsTargetActionOverridesAreCalledThroughUIControl() {
        let control: UIControl = AuditTargetControl(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        var sent = 0
        control.addAction(UIAction(title: "Go") { _ in sent += 1 }, for: .touchUpInside)
        let target = control.addTarget(nil, action: "save:", for: .touchUpInside) { _, _ in sent += 1 }
        control.sendActions(for: .touchUpInside)
        XCTAssertEqual(sent, 2)
        XCTAssertEqual(control.actions(forTarget: nil, forControlEvent: .touchUpInside), ["save:"])
        control.removeTarget(target, for: .touchUpInside)
        XCTAssertEqual(control.allControlEvents, .touchUpInside, "the action stays")
        XCTAssertEqual(
            OverrideLog.take(), ["control addAction Go", "control addTarget save:", "control removeTarget"])
    }

    func testALayersKeyPathOverridesAreCalledThroughCALayer() {
        let layer: CALayer = AuditKeyPathLayer()
        layer.setValue(CGFloat(3), forKeyPath: "level")
        XCTAssertEqual(layer.value(forKeyPath: "level") as? CGFloat, 3)
        layer.setValue(CGFloat(0.5), forKeyPath: "opacity")
        XCTAssertEqual(layer.opacity, 0.5, "other key paths reach CALayer's")
        let parent = CALayer()
        parent.addSublayer(layer)
        XCTAssertTrue(layer.superlayer === parent)
    }

    func testARecognizersTargetOverridesAreCalledThroughUIGestureRecognizer() {
        let recognizer: UIGestureRecognizer = AuditTargetRecognizer()
        let target = recognizer.addTarget { _ in }
        recognizer.require(toFail: UITapGestureRecognizer())
        recognizer.removeTarget(target)
        XCTAssertEqual(OverrideLog.take(), ["recognizer addTarget", "recognizer require(toFail:)"])
    }

    func testALayoutGuidesFrameOverrideIsRead() {
        let owner = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 80))
        window.addSubview(owner)
        let guide: UILayoutGuide = AuditLayoutGuide()
        let plain = UILayoutGuide()
        for each in [guide, plain] {
            owner.addLayoutGuide(each)
            NSLayoutConstraint.activate([
                each.leadingAnchor.constraint(equalTo: owner.leadingAnchor),
                each.trailingAnchor.constraint(equalTo: owner.trailingAnchor),
                each.topAnchor.constraint(equalTo: owner.topAnchor),
                each.bottomAnchor.constraint(equalTo: owner.bottomAnchor),
            ])
        }
        owner.layoutIfNeeded()
        XCTAssertTrue(guide.owningView === owner)
        XCTAssertEqual(plain.layoutFrame, owner.bounds)
        XCTAssertEqual(guide.layoutFrame, owner.bounds.insetBy(dx: 1, dy: 1))
    }

    func testColorImageAndFontClassMembersMovedIntoTheirClassesAreOverridden() throws {
        XCTAssertEqual(AuditBrandColor.systemBlue, UIColor(red: 0, green: 0.5, blue: 0.25, alpha: 1))
        XCTAssertEqual(UIColor.systemBlue, UIColor(red: 0, green: 122.0 / 255, blue: 1, alpha: 1), "UIColor's own")
        XCTAssertEqual(AuditStyledFont.preferredFont(forTextStyle: .body).pointSize, 40)

        let pixels = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 2)).image { context in
            UIColor.systemRed.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 2))
        }
        let cgImage = try XCTUnwrap(pixels.cgImage)
        let image: UIImage = AuditEncodedImage(cgImage: cgImage, scale: 2, orientation: .up)
        XCTAssertTrue(image is AuditEncodedImage, "init(cgImage:scale:orientation:) is UIImage's designated one")
        XCTAssertEqual(image.size, CGSize(width: 2, height: 1))
        XCTAssertEqual(image.pngData(), Data([1, 2, 3]))
        let fromData: UIImage? = AuditEncodedImage(data: try XCTUnwrap(pixels.pngData()))
        XCTAssertTrue(fromData is AuditEncodedImage, "init?(data:) is inherited")
        XCTAssertEqual(fromData?.size, CGSize(width: 4, height: 2))
        _ = image.withRenderingMode(.alwaysTemplate)
        _ = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 2)).image { _ in
            image.draw(in: CGRect(x: 0, y: 0, width: 4, height: 2))
            (AuditBrandColor(white: 0, alpha: 1) as UIColor).setFill()
        }
        XCTAssertEqual(OverrideLog.take(), ["image withRenderingMode", "image draw(in:)", "color setFill"])
    }

    func testAViewClassesAnimationOverridesAreCalled() {
        let view = AuditInstantView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(view)
        AuditInstantView.animate(withDuration: 1) { view.alpha = 0.5 }
        XCTAssertEqual(OverrideLog.take(), ["view animate"])
        XCTAssertNil(view.layer.animationKeys(), "the override ran the change without animation")
        XCTAssertEqual(view.alpha, 0.5)
    }

    func testAControllersNavigationAndAppearanceOverridesAreCalled() {
        let controller = AuditContainedViewController()
        let navigation = UINavigationController(rootViewController: UIViewController())
        controller.pretendNavigation = navigation
        let base: UIViewController = controller
        XCTAssertTrue(base.navigationController === navigation)
        // A container passes its appearance transitions to the children in its view.
        let parent = UIViewController()
        parent.addChild(controller)
        parent.view.addSubview(controller.view)
        controller.didMove(toParent: parent)
        _ = OverrideLog.take()
        parent.beginAppearanceTransition(true, animated: false)
        XCTAssertEqual(OverrideLog.take(), ["controller beginAppearanceTransition true"])
        parent.endAppearanceTransition()
    }
}
