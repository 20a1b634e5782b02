import Foundation
import Testing

@testable import VitrineKit

/// Flow.storyboard's home scene: an outlet, and a log of the segues it prepares.
@MainActor final class FlowHomeController: UIViewController {
    @Outlet var welcomeLabel: UILabel!
    static var prepared: [String] = []
    var allowsDetail = true
    var outletSetAtViewDidLoad = false

    override func viewDidLoad() {
        super.viewDidLoad()
        outletSetAtViewDidLoad = welcomeLabel != nil
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        Self.prepared.append(
            "\(segue.identifier ?? "-") \(type(of: segue.destination)) loaded=\(segue.destination.isViewLoaded)")
        (segue.destination as? FlowDetailController)?.item = "Lamp"
    }

    override func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool { allowsDetail }
}

/// Flow.storyboard's detail scene: takes what `prepare(for:sender:)` passed.
@MainActor final class FlowDetailController: UIViewController {
    @Outlet var itemLabel: UILabel!
    var item = "?"

    override func viewDidLoad() {
        super.viewDidLoad()
        itemLabel.text = item
    }
}

/// UIStoryboard: scenes, relationships, segues and their errors, as UIKit's storyboards.
@MainActor @Suite(.serialized) struct StoryboardTests {
    func storyboard() -> UIStoryboard { UIStoryboard(name: "Flow", bundle: NibFixtures.bundle) }

    /// The storyboard's initial navigation controller in a window, its home scene on screen.
    func showFlow() throws -> (EventScene, UINavigationController, FlowHomeController) {
        FlowHomeController.prepared = []
        let scene = EventScene(width: 1180, height: 820)
        let navigation = try #require(storyboard().instantiateInitialViewController() as? UINavigationController)
        scene.window.rootViewController = navigation
        scene.clock.advance(by: 0.05)
        return (scene, navigation, try #require(navigation.topViewController as? FlowHomeController))
    }

    @Test func theInitialControllerIsTheNavigationControllerWithItsRoot() throws {
        let storyboard = storyboard()
        let navigation = try #require(storyboard.instantiateInitialViewController() as? UINavigationController)
        let home = try #require(navigation.viewControllers.first as? FlowHomeController)
        #expect(navigation.viewControllers.count == 1)
        #expect(home.storyboard === storyboard)
        #expect(home.title == "Home")
        #expect(home.navigationItem.title == "Lobby")
        #expect(home.navigationItem.rightBarButtonItem?.title == "About")
        #expect(!home.isViewLoaded, "the scene's view waits until it is asked for")
        #expect(home.nibName == nil)
        home.loadViewIfNeeded()
        #expect(home.outletSetAtViewDidLoad)
        #expect(home.welcomeLabel.text == "Welcome")
        #expect(home.view.subviews.count == 2)
        #expect(storyboard.parseCount == 1)
        _ = storyboard.instantiateViewController(withIdentifier: "Detail")
        #expect(storyboard.parseCount == 1, "the file is parsed once")
        #expect(storyboard.diagnostics.filter { $0.severity == .error }.isEmpty)
    }

    @Test func aButtonsShowSeguePushesAfterPrepare() throws {
        let (scene, navigation, home) = try showFlow()
        let button = try #require(home.view.subviews.compactMap { $0 as? UIButton }.first)

        home.allowsDetail = false
        button.sendActions(for: .touchUpInside)
        #expect(navigation.viewControllers.count == 1, "shouldPerformSegue said no")

        home.allowsDetail = true
        button.sendActions(for: .touchUpInside)
        scene.clock.advance(by: 0.6)
        #expect(FlowHomeController.prepared == ["showDetail FlowDetailController loaded=false"])
        let detail = try #require(navigation.topViewController as? FlowDetailController)
        #expect(navigation.viewControllers.count == 2)
        #expect(detail.itemLabel.text == "Lamp")
    }

    @Test func performSegueAndAPresentationWithAnEmbeddedChild() throws {
        let (scene, navigation, home) = try showFlow()
        home.performSegue(withIdentifier: "presentAbout", sender: nil)
        scene.clock.advance(by: 0.6)
        let about = try #require(home.presentedViewController ?? navigation.presentedViewController)
        #expect(about.modalPresentationStyle == .formSheet)
        #expect(FlowHomeController.prepared == ["presentAbout UIViewController loaded=false"])
        // The container view's embed segue made a child whose view fills it.
        let child = try #require(about.children.first)
        let container = try #require(about.view.subviews.first)
        #expect(child.view.superview === container)
        #expect(child.view.frame == container.bounds)
        #expect(child.view.backgroundColor == .systemYellow)

        // The bar button item triggers the same segue.
        #expect(home.navigationItem.rightBarButtonItem?.action != nil)
    }

    @Test func tabsComeFromRelationshipsInOrder() throws {
        let tabs = try #require(storyboard().instantiateViewController(withIdentifier: "Tabs") as? UITabBarController)
        let controllers = try #require(tabs.viewControllers)
        #expect(controllers.count == 2)
        #expect(controllers[0] is FlowDetailController)
        #expect(type(of: controllers[1]) == UIViewController.self)
    }

    @Test func theGenericCreatorMakesTheController() throws {
        let detail: FlowDetailController = storyboard().instantiateViewController(identifier: "Detail") { coder in
            let made = FlowDetailController(coder: coder)
            made?.item = "Chair"
            return made
        }
        #expect(detail.item == "Chair")
        #expect(detail.itemLabel == nil)
        detail.loadViewIfNeeded()
        #expect(detail.itemLabel.text == "Chair")
    }

    @Test func badInputIsReportedNotFatal() throws {
        let storyboard = storyboard()
        // A cycle of relationships: each container is made once, and the cycle is reported.
        let loop = try #require(
            storyboard.instantiateViewController(withIdentifier: "LoopA") as? UINavigationController)
        let inner = try #require(loop.viewControllers.first as? UITabBarController)
        #expect(inner.viewControllers?.isEmpty ?? true)
        #expect(storyboard.diagnostics.contains { $0.description.contains("contains itself") && $0.line != nil })

        let unknown = storyboard.instantiateViewController(withIdentifier: "Nowhere")
        #expect(type(of: unknown) == UIViewController.self)
        #expect(storyboard.diagnostics.contains { $0.description.contains("\"Nowhere\"") })

        let home = storyboard.instantiateViewController(withIdentifier: "Home")
        home.performSegue(withIdentifier: "noSuchSegue", sender: nil)
        #expect(storyboard.diagnostics.contains { $0.description.contains("no segue with identifier \"noSuchSegue\"") })

        let missing = UIStoryboard(name: "Missing", bundle: NibFixtures.bundle)
        #expect(missing.instantiateInitialViewController() == nil)
        #expect(missing.diagnostics.first?.description.contains("Missing.storyboard") == true)

        let truncated = UIStoryboard(data: Data("<?xml version=\"1.0\"?><document type=\"com.apple.Inter".utf8))
        #expect(truncated.instantiateInitialViewController() == nil)
        #expect(truncated.diagnostics.contains { $0.severity == .error })

        let xib = try Data(contentsOf: NibFixtures.directory.appendingPathComponent("Screen.xib"))
        let notAStoryboard = UIStoryboard(data: xib, name: "Screen.xib")
        #expect(notAStoryboard.instantiateInitialViewController() == nil)
        #expect(notAStoryboard.diagnostics.contains { $0.description.contains("not a storyboard") })
    }

    @Test func scenesThatEmbedEachOtherStopWithAnError() throws {
        func scene(_ id: String, embeds other: String, line: Int) -> String {
            """
                    <scene sceneID="S\(id)-em-00\(line)">
                        <objects>
                            <viewController storyboardIdentifier="\(id)" id="\(id)-em-001" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="\(id)-em-002">
                                    <rect key="frame" x="0.0" y="0.0" width="400" height="300"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    <subviews>
                                        <containerView opaque="NO" contentMode="scaleToFill" id="\(id)-em-003">
                                            <rect key="frame" x="10" y="10" width="200" height="100"/>
                                            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                                            <connections>
                                                <segue destination="\(other)-em-001" kind="embed" id="\(id)-em-004"/>
                                            </connections>
                                        </containerView>
                                    </subviews>
                                </view>
                            </viewController>
                        </objects>
                    </scene>

            """
        }
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" colorMatched="YES" initialViewController="Aaa-em-001">
                <scenes>
            \(scene("Aaa", embeds: "Bbb", line: 1))\(scene("Bbb", embeds: "Aaa", line: 2))    </scenes>
            </document>
            """
        let storyboard = UIStoryboard(data: Data(text.utf8), name: "EmbedLoop.storyboard")
        let first = try #require(storyboard.instantiateInitialViewController())
        first.loadViewIfNeeded()
        let second = try #require(first.children.first)
        #expect(second.view.subviews.first?.subviews.isEmpty == true, "the cycle stops at the second scene")
        #expect(second.children.isEmpty)
        #expect(storyboard.diagnostics.contains { $0.description.contains("contains this scene") })
    }
}
