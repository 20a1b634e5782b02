// Makes the subclasses of OverrideAudit.swift and checks that VitrineKit and VitrineLayers call
// their overrides, as UIKit and Core Animation call an app's.
import VitrineKit
import XCTest

final class OverrideAuditTests: XCTestCase {
    var window: UIWindow!
    var input: SyntheticInput!

    override func setUp() {
        super.setUp()
        input = installHeadlessScreen(name: "AUDIT-1")
        window = UIWindow(frame: UIScreen.main.bounds)
        window.makeKeyAndVisible()
        _ = OverrideLog.take()
    }

    override func tearDown() {
        window.isHidden = true
        window = nil
        input = nil
        super.tearDown()
    }

    func testAButtonSubclassOverridingInitFrameIsMadeByInitType() {
        let system = AuditButton(type: .system)
        XCTAssertTrue(system.madeByFrame)
        XCTAssertEqual(system.buttonType, .system)
        XCTAssertEqual(system.title(for: .normal), "Audit")
        XCTAssertEqual(system.currentTitleColor, system.tintColor, "a system button's title takes the tint")

        let plain = AuditButton()
        XCTAssertTrue(plain.madeByFrame)
        XCTAssertEqual(plain.buttonType, .custom)
        XCTAssertEqual(plain.currentTitleColor, .white)

        var taps = 0
        let primary = AuditButton(type: .system, primaryAction: UIAction(title: "Go") { _ in taps += 1 })
        XCTAssertTrue(primary.madeByFrame)
        XCTAssertEqual(primary.title(for: .normal), "Go")
        primary.frame = CGRect(x: 0, y: 0, width: 100, height: 44)
        window.addSubview(primary)
        input.tap(at: CGPoint(x: 50, y: 22), time: 1)
        XCTAssertEqual(taps, 1)
        XCTAssertTrue(OverrideLog.take().contains("button isHighlighted true"))
    }

    func testAButtonLaysOutItsContentWhereItsRectOverridesSay() {
        let button = StackedButton(type: .custom)
        button.frame = CGRect(x: 0, y: 0, width: 80, height: 60)
        button.contentEdgeInsets = UIEdgeInsets(top: 4, left: 4, bottom: 4, right: 4)
        button.setTitle("Home", for: .normal)
        let icon = UIGraphicsImageRenderer(size: CGSize(width: 24, height: 24)).image { context in
            UIColor.systemBlue.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 24, height: 24))
        }
        button.setImage(icon, for: .normal)
        button.layoutIfNeeded()
        XCTAssertEqual(button.imageView?.frame, CGRect(x: 28, y: 4, width: 24, height: 24))
        XCTAssertEqual(button.titleLabel?.frame, CGRect(x: 4, y: 32, width: 72, height: 20))
        XCTAssertEqual(button.contentRect(forBounds: button.bounds), CGRect(x: 4, y: 4, width: 72, height: 52))
        XCTAssertEqual(button.backgroundRect(forBounds: button.bounds), button.bounds)
    }

    func testDesignatedInitializersOverriddenAsInUIKit() {
        let imageView = AuditImageView(image: nil)
        let segments = AuditSegmentedControl(items: ["A", "B"])
        let navigation = AuditNavigationController(rootViewController: UIViewController())
        XCTAssertEqual(
            OverrideLog.take(),
            ["imageView init(image:)", "segments init(items:)", "navigation init(rootViewController:)"])
        XCTAssertEqual(imageView.frame, .zero)
        XCTAssertEqual(segments.numberOfSegments, 2)
        XCTAssertEqual(navigation.viewControllers.count, 1)
        navigation.pushViewController(UIViewController(), animated: false)
        XCTAssertEqual(OverrideLog.take(), ["navigation push"])
        XCTAssertEqual(navigation.viewControllers.count, 2)
    }

    func testALayerSubclassesOverridesAreCalled() {
        let layer = AuditLayer()
        layer.tint = 3
        let copy = AuditLayer(layer: layer)
        XCTAssertEqual(copy.tint, 3)
        XCTAssertEqual(copy.bounds, layer.bounds)

        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.addSublayer(CALayer())
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        layer.layoutIfNeeded()
        layer.add(CABasicAnimation(keyPath: "opacity"), forKey: "fade")
        layer.removeAnimation(forKey: "fade")
        XCTAssertEqual(
            OverrideLog.take(),
            [
                "layer addSublayer", "layer setNeedsDisplay", "layer display", "layer draw", "layer layoutSublayers",
                "layer add fade", "layer removeAnimation fade",
            ])
        XCTAssertNotNil(layer.contents)
        XCTAssertEqual(layer.preferredFrameSize(), CGSize(width: 11, height: 7))
        XCTAssertTrue(layer.contains(CGPoint(x: -5, y: -5)))
        XCTAssertTrue(AuditLayer.defaultAction(forKey: "tint") is NSNull)
        XCTAssertTrue(AuditLayer.defaultAction(forKey: "opacity") is CABasicAnimation)
        layer.cornerRadius = 4
        XCTAssertEqual(OverrideLog.take(), ["layer setNeedsDisplay"], "needsDisplay(forKey:) is true for it")
        layer.displayIfNeeded()
        _ = OverrideLog.take()
        layer.opacity = 0.5
        XCTAssertEqual(OverrideLog.take(), [])
        XCTAssertEqual(AuditLayer.defaultValue(forKey: "tint") as? Int, 0)
        XCTAssertEqual(AuditLayer.defaultValue(forKey: "anchorPoint") as? CGPoint, CGPoint(x: 0.5, y: 0.5))

        let shape = AuditShapeLayer()
        shape.bounds = CGRect(x: 0, y: 0, width: 30, height: 20)
        shape.layoutIfNeeded()
        XCTAssertEqual(shape.path?.boundingBox, CGRect(x: 0, y: 0, width: 30, height: 20))
    }

    func testAViewSubclassesOverridesAreCalled() {
        let view = AuditView(frame: CGRect(x: 10, y: 10, width: 100, height: 50))
        XCTAssertTrue(view.layer is AuditShapeLayer, "layerClass overridden")
        view.frame = CGRect(x: 10, y: 10, width: 100, height: 60)
        XCTAssertEqual(OverrideLog.take(), ["view frame"])
        window.addSubview(view)
        view.addSubview(UIView())
        XCTAssertEqual(
            OverrideLog.take(), ["view willMoveToSuperview", "view didMoveToSuperview", "view didAddSubview"])

        view.setNeedsLayout()
        view.layoutIfNeeded()
        let layout = OverrideLog.take()
        XCTAssertEqual(layout.first, "view layoutSublayers(of:)")
        XCTAssertTrue(layout.contains("view layoutSubviews"))

        view.setNeedsDisplay()
        view.layer.displayIfNeeded()
        XCTAssertEqual(OverrideLog.take().filter { $0.hasPrefix("view d") }, ["view display(_:)", "view draw"])

        view.sizeToFit()
        XCTAssertEqual(view.bounds.size, CGSize(width: 33, height: 22))
        XCTAssertEqual(view.intrinsicContentSize, CGSize(width: 44, height: 11))
        XCTAssertTrue(view.point(inside: CGPoint(x: -15, y: -15), with: nil))
        XCTAssertTrue(view.action(for: view.layer, forKey: "opacity") is CABasicAnimation)

        view.tintColor = .systemPink
        XCTAssertTrue(OverrideLog.take().contains("view tintColorDidChange"))
        input.tap(at: CGPoint(x: 40, y: 30), time: 1)
        let touches = OverrideLog.take()
        XCTAssertTrue(touches.contains("view hitTest"))
        XCTAssertEqual(touches.filter { $0.hasPrefix("view touches") }, ["view touchesBegan", "view touchesEnded"])
    }

    func testAControlsTrackingOverridesAreCalled() {
        let knob = AuditKnob(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        var changes = 0
        knob.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
        window.addSubview(knob)
        input.down(at: CGPoint(x: 20, y: 50), time: 1)
        input.move(to: CGPoint(x: 80, y: 50), time: 1.05)
        input.up(time: 1.1)
        XCTAssertEqual(
            OverrideLog.take(),
            ["knob beginTracking", "knob continueTracking", "knob endTracking", "knob sendActions"])
        XCTAssertEqual(knob.angle, 80)
        XCTAssertEqual(changes, 1)
    }

    func testACellsReuseAndSelectionOverridesAreCalled() {
        let controller = AuditTableViewController(style: .plain)
        controller.view.frame = CGRect(x: 0, y: 0, width: 320, height: 200)
        window.addSubview(controller.view)
        controller.tableView.layoutIfNeeded()
        let cell = controller.tableView.cellForRow(at: IndexPath(row: 1, section: 0))
        XCTAssertTrue(cell is AuditTableCell)
        XCTAssertEqual(cell?.textLabel?.text, "Two")
        XCTAssertNotNil(cell?.detailTextLabel, "the subclass chose the subtitle style")
        XCTAssertEqual(cell?.frame.height, 50, "heightForRowAt overridden")
        // The table calls its delegate, the controller, through the protocol: the overrides answer.
        let delegate: any UIScrollViewDelegate = controller
        XCTAssertFalse(delegate.scrollViewShouldScrollToTop(controller.tableView))
        var target = CGPoint(x: 0, y: 74)
        delegate.scrollViewWillEndDragging(controller.tableView, withVelocity: .zero, targetContentOffset: &target)
        XCTAssertEqual(target, CGPoint(x: 0, y: 50))

        _ = OverrideLog.take()
        input.tap(at: CGPoint(x: 100, y: 75), time: 1)
        let selection = OverrideLog.take()
        XCTAssertTrue(selection.contains("cell setSelected true"))
        XCTAssertTrue(selection.contains("tableController didSelect 1"))

        controller.tableView.reloadData()
        controller.tableView.layoutIfNeeded()
        XCTAssertTrue(OverrideLog.take().contains("cell prepareForReuse"))
    }

    func testARecognizerSubclassRecognizesAndResets() {
        let view = UIView(frame: window.bounds)
        window.addSubview(view)
        var states: [UIGestureRecognizer.State] = []
        let recognizer = AuditRecognizer(handler: { states.append($0.state) })
        view.addGestureRecognizer(recognizer)
        input.tap(at: CGPoint(x: 50, y: 50), time: 1)
        XCTAssertEqual(states, [.began, .ended])
        XCTAssertEqual(OverrideLog.take(), ["recognizer touchesBegan", "recognizer touchesEnded", "recognizer reset"])
    }

    func testShouldRequireFailureMakesATapWaitForADoubleTap() {
        let view = UIView(frame: window.bounds)
        window.addSubview(view)
        var log: [String] = []
        let single = PatientTapRecognizer(handler: { _ in log.append("single") })
        let double = UITapGestureRecognizer(handler: { _ in log.append("double") })
        double.numberOfTapsRequired = 2
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        input.tap(at: CGPoint(x: 50, y: 50), time: 1)
        XCTAssertEqual(log, [], "the single tap waits for the double tap to fail")
        input.tap(at: CGPoint(x: 50, y: 50), time: 1.1)
        XCTAssertEqual(log, ["double"])
    }

    func testAViewControllersLifecycleOverridesAreCalled() {
        let controller = AuditViewController()
        let parent = UIViewController()
        parent.addChild(controller)
        parent.view.addSubview(controller.view)
        controller.didMove(toParent: parent)
        XCTAssertEqual(
            OverrideLog.take().filter { $0.hasPrefix("controller") },
            [
                "controller willMove(toParent:)", "controller loadView", "controller viewDidLoad",
                "controller didMove(toParent:)",
            ])
        XCTAssertTrue(controller.view is AuditView)
        _ = OverrideLog.take()
        window.rootViewController = parent
        window.layoutIfNeeded()
        let appearance = OverrideLog.take()
        XCTAssertTrue(appearance.contains("controller viewWillAppear"))
        controller.title = "Audit"
        XCTAssertEqual(OverrideLog.take(), ["controller title"])
        controller.isEditing = true
        XCTAssertEqual(OverrideLog.take(), ["controller setEditing true"])
        XCTAssertEqual(controller.editButtonItem.title, "Done")
        window.rootViewController = nil
    }

    func testACollectionViewControllerSubclassIsItsCollectionViewsDataSource() {
        let controller = AuditCollectionViewController(collectionViewLayout: UICollectionViewFlowLayout())
        let collectionView: UICollectionView = controller.collectionView
        XCTAssertTrue(collectionView.dataSource === controller)
        XCTAssertTrue(collectionView.delegate === controller)
        XCTAssertEqual(collectionView.numberOfSections, 2)
        XCTAssertEqual(collectionView.numberOfItems(inSection: 0), 3)
        collectionView.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        collectionView.layoutIfNeeded()
        XCTAssertEqual(collectionView.indexPathsForVisibleItems.count, 4)
    }
}
