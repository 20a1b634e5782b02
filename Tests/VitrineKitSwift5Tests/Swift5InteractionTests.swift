// Gesture recognizers, controls, lists and interface files as iOS apps write them, in the
// Swift 5 language mode: non-isolated XCTest methods and classes make, configure and drive
// them, as Apple's SDK allows (docs/porting.md).
import VitrineKit
import XCTest

/// A table's data source, written as before Swift concurrency: a plain class.
final class FruitDataSource: UITableViewDataSource {
    let fruits = ["Apple", "Banana", "Cherry", "Damson"]
    var asked: [IndexPath] = []

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { fruits.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        asked.append(indexPath)
        let cell = tableView.dequeueReusableCell(withIdentifier: "Fruit", for: indexPath)
        cell.textLabel?.text = fruits[indexPath.row]
        cell.accessoryType = .disclosureIndicator
        return cell
    }
}

/// A storyboard scene's controller with an outlet, as `GreetingViewController` on iOS.
final class GreetingViewController: UIViewController {
    @Outlet var greetingLabel: UILabel!
    var loaded = false

    override func viewDidLoad() {
        super.viewDidLoad()
        loaded = true
        greetingLabel.text = (greetingLabel.text ?? "") + "!"
    }
}

final class Swift5InteractionTests: XCTestCase {
    var window: UIWindow!
    var input: SyntheticInput!

    // A headless 400x300 screen with a visible window, set up outside the main actor.
    override func setUp() {
        super.setUp()
        input = installHeadlessScreen(name: "SWIFT5-1")
        window = UIWindow(frame: UIScreen.main.bounds)
        window.makeKeyAndVisible()
    }

    override func tearDown() {
        window.isHidden = true
        window = nil
        input = nil
        super.tearDown()
    }

    func testATapRecognizerMadeAndAddedRecognizesATap() {
        let target = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        window.addSubview(target)
        var taps: [CGPoint] = []
        let tap = UITapGestureRecognizer(handler: { recognizer in taps.append(recognizer.location(in: target)) })
        tap.numberOfTapsRequired = 1
        target.addGestureRecognizer(tap)
        XCTAssertTrue(tap.view === target)
        XCTAssertEqual(target.gestureRecognizers?.count, 1)

        input.tap(at: CGPoint(x: 120, y: 130), time: 1)
        XCTAssertEqual(taps, [CGPoint(x: 20, y: 30)])
        input.tap(at: CGPoint(x: 20, y: 30), time: 2)  // outside the view
        XCTAssertEqual(taps.count, 1)
    }

    func testAButtonsActionRunsOnATouchUpInside() {
        let button = UIButton(type: .system)
        button.setTitle("Go", for: .normal)
        button.frame = CGRect(x: 10, y: 10, width: 120, height: 44)
        var presses = 0
        button.addAction(UIAction { _ in presses += 1 }, for: .touchUpInside)
        window.addSubview(button)
        XCTAssertEqual(button.buttonType, .system)
        XCTAssertEqual(button.title(for: .normal), "Go")
        input.tap(at: CGPoint(x: 40, y: 30), time: 1)
        XCTAssertEqual(presses, 1)
    }

    func testControlsConfiguredInAPlainMethod() {
        let toggle = UISwitch()
        toggle.setOn(true, animated: false)
        XCTAssertTrue(toggle.isOn)

        let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        slider.minimumValue = 0
        slider.maximumValue = 10
        slider.value = 15
        XCTAssertEqual(slider.value, 10, "clamped to the maximum")

        let stepper = UIStepper()
        stepper.maximumValue = 3
        stepper.value = 2
        stepper.stepValue = 1
        XCTAssertEqual(stepper.value, 2)

        let segments = UISegmentedControl(items: ["Day", "Week", "Month"])
        var changes: [Int] = []
        segments.addAction(UIAction { _ in changes.append(segments.selectedSegmentIndex) }, for: .valueChanged)
        segments.selectedSegmentIndex = 1
        segments.sendActions(for: .valueChanged)
        XCTAssertEqual(segments.numberOfSegments, 3)
        XCTAssertEqual(segments.titleForSegment(at: 2), "Month")
        XCTAssertEqual(changes, [1])

        let progress = UIProgressView(progressViewStyle: .default)
        progress.setProgress(0.25, animated: false)
        XCTAssertEqual(progress.progress, 0.25)
    }

    func testATableAsksItsPlainDataSourceForCells() {
        let source = FruitDataSource()
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 200), style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "Fruit")
        table.rowHeight = 44
        table.dataSource = source
        window.addSubview(table)
        table.layoutIfNeeded()

        XCTAssertEqual(table.numberOfRows(inSection: 0), 4)
        XCTAssertEqual(table.visibleCells.count, 4)
        XCTAssertEqual(Set(source.asked.map(\.row)), [0, 1, 2, 3])
        let cell = table.cellForRow(at: IndexPath(row: 2, section: 0))
        XCTAssertEqual(cell?.textLabel?.text, "Cherry")
        XCTAssertEqual(cell?.accessoryType, .disclosureIndicator)
        XCTAssertEqual(cell?.frame, CGRect(x: 0, y: 88, width: 320, height: 44))
    }

    func testAXibLoadedByUINib() throws {
        let xib = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" colorMatched="YES">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                    <view contentMode="scaleToFill" id="Roo-s5-001">
                        <rect key="frame" x="0.0" y="0.0" width="300" height="120"/>
                        <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                        <subviews>
                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Opening hours" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="Lab-s5-002">
                                <rect key="frame" x="16" y="12" width="200" height="24"/>
                                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                                <fontDescription key="fontDescription" type="boldSystem" pointSize="20"/>
                                <nil key="textColor"/>
                                <nil key="highlightedColor"/>
                            </label>
                            <switch opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" contentHorizontalAlignment="center" contentVerticalAlignment="center" on="YES" id="Swi-s5-003">
                                <rect key="frame" x="16" y="60" width="51" height="31"/>
                                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                            </switch>
                        </subviews>
                    </view>
                </objects>
            </document>
            """
        let nib = UINib(data: Data(xib.utf8), bundle: nil)
        let root = try XCTUnwrap(nib.instantiate(withOwner: nil, options: nil).first as? UIView)
        XCTAssertEqual(nib.diagnostics.map(\.description), [])
        XCTAssertEqual(root.frame, CGRect(x: 0, y: 0, width: 300, height: 120))
        let label = try XCTUnwrap(root.subviews.first as? UILabel)
        XCTAssertEqual(label.text, "Opening hours")
        XCTAssertEqual(label.font, UIFont.boldSystemFont(ofSize: 20))
        XCTAssertEqual((root.subviews.last as? UISwitch)?.isOn, true)
    }

    func testAStoryboardSceneWithAnOutlet() throws {
        let storyboardXML = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" colorMatched="YES" initialViewController="Grt-s5-001">
                <scenes>
                    <scene sceneID="Scn-s5-001">
                        <objects>
                            <viewController storyboardIdentifier="Greeting" id="Grt-s5-001" customClass="GreetingViewController" customModule="VitrineKitSwift5Tests" customModuleProvider="target" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="Gvw-s5-002">
                                    <rect key="frame" x="0.0" y="0.0" width="400" height="300"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    <subviews>
                                        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Welcome" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="Glb-s5-003">
                                            <rect key="frame" x="40" y="100" width="300" height="30"/>
                                            <fontDescription key="fontDescription" type="system" pointSize="24"/>
                                            <nil key="textColor"/>
                                            <nil key="highlightedColor"/>
                                        </label>
                                    </subviews>
                                </view>
                                <connections>
                                    <outlet property="greetingLabel" destination="Glb-s5-003" id="Out-s5-004"/>
                                </connections>
                            </viewController>
                            <placeholder placeholderIdentifier="IBFirstResponder" id="Fr1-s5-005" userLabel="First Responder" customClass="UIResponder" sceneMemberID="firstResponder"/>
                        </objects>
                    </scene>
                </scenes>
            </document>
            """
        let storyboard = UIStoryboard(data: Data(storyboardXML.utf8), name: "Greeting")
        let controller = try XCTUnwrap(storyboard.instantiateInitialViewController() as? GreetingViewController)
        controller.loadViewIfNeeded()
        XCTAssertTrue(controller.loaded)
        XCTAssertEqual(controller.greetingLabel.text, "Welcome!")
        let again = storyboard.instantiateViewController(withIdentifier: "Greeting")
        XCTAssertTrue(again is GreetingViewController)
        XCTAssertFalse(again === controller)
    }
}
