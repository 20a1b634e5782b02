import Foundation
import Testing

@testable import VitrineKit

/// Records the order of a nib-loaded controller's lifecycle, for the guide's sequence.
@MainActor final class LifecycleLog {
    static var entries: [String] = []
}

/// A custom view made through Swift's type lookup and `init?(coder:)`, as UIKit makes it.
@MainActor final class CounterBadgeView: UIView {
    var madeByCoder = false

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        madeByCoder = true
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
    }

    override func awakeFromNib() {
        super.awakeFromNib()
        LifecycleLog.entries.append("awakeFromNib")
    }
}

/// A label subclass made by `init?(coder:)`, as iOS custom label classes in nibs are.
@MainActor final class ShoutingLabel: UILabel {
    var setUpByCoder = false
    required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpByCoder = true
    }
    override init(frame: CGRect) { super.init(frame: frame) }
}

/// A button subclass made by `init?(coder:)`, keeping the file's button type.
@MainActor final class PillButton: UIButton {
    required init?(coder: NSCoder) {
        super.init(coder: coder)
        layer.cornerRadius = 12
    }
}

/// The controller `CounterView.xib` is made for: outlets, an outlet collection and actions.
@MainActor final class CounterViewController: UIViewController, NibActionTarget {
    @Outlet var countLabel: UILabel!
    @OutletCollection var stepButtons: [UIButton]!
    var count = 0
    var toggles: [Bool] = []

    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        LifecycleLog.entries.append("init")
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    override func viewDidLoad() {
        super.viewDidLoad()
        LifecycleLog.entries.append("viewDidLoad label=\(countLabel != nil) buttons=\(stepButtons?.count ?? 0)")
    }

    @IBAction func increment(_ sender: UIButton) {
        count += 1
        countLabel.text = "\(count)"
    }

    // Swift on Linux accepts @IBAction only on one-argument methods.
    func reset() {
        count = 0
        countLabel.text = "0"
    }

    func logTap(_ sender: UIButton, forEvent event: UIEvent) {}

    @IBAction func toggled(_ sender: UISwitch) { toggles.append(sender.isOn) }

    static let nibActions = [
        NibAction("increment:", CounterViewController.increment),
        NibAction("reset", CounterViewController.reset),
        NibAction("logTap:forEvent:", CounterViewController.logTap),
        NibAction("toggled:", CounterViewController.toggled),
    ]
}

/// A controller whose class has none of the file's outlets and actions.
@MainActor final class BrokenCounterViewController: UIViewController, NibActionTarget {
    @Outlet var countLabel: UILabel!
    @OutletCollection var stepButtons: [UIButton]!
    static let nibActions = [NibAction("increment:", BrokenCounterViewController.increment)]
    func increment() {}
}

/// Outlets, outlet collections and actions made by name when a nib loads, and the guide's
/// nib lookup and lifecycle for `UIViewController(nibName:bundle:)`.
@MainActor @Suite(.serialized) struct NibConnectionTests {
    @Test func theGuidesLifecycleOrderWithADefaultNib() throws {
        LifecycleLog.entries = []
        // nil name: CounterViewController → "CounterView.xib", the class name without "Controller".
        let controller = CounterViewController(nibName: nil, bundle: NibFixtures.bundle)
        #expect(!controller.isViewLoaded)
        #expect(controller.countLabel == nil)
        #expect(LifecycleLog.entries == ["init"])
        #expect(controller.nibName == "CounterView")
        #expect(controller.nibBundle?.bundleURL == NibFixtures.bundle.bundleURL)
        #expect(!controller.isViewLoaded, "looking up the name reads nothing and loads no view")

        let view = try #require(controller.view)
        #expect(LifecycleLog.entries == ["init", "awakeFromNib", "viewDidLoad label=true buttons=2"])
        #expect(view.frame.size == CGSize(width: 320, height: 200))
        #expect(controller.countLabel === view.subviews[0])
        #expect(controller.countLabel.text == "0")
        #expect(controller.stepButtons.map { $0.title(for: .normal) } == ["+1", "Reset"])
        let badge = try #require(view.subviews.last as? CounterBadgeView)
        #expect(badge.madeByCoder)
        #expect(badge.frame == CGRect(x: 250, y: 140, width: 50, height: 40))
        #expect(badge.backgroundColor == .systemGreen)
    }

    @Test func actionsReachTheOwnerAndTheResponderChain() throws {
        let controller = CounterViewController(nibName: "CounterView", bundle: NibFixtures.bundle)
        controller.loadViewIfNeeded()
        let (plus, reset) = (controller.stepButtons[0], controller.stepButtons[1])
        plus.sendActions(for: .touchUpInside)
        plus.sendActions(for: .touchUpInside)
        #expect(controller.count == 2)
        #expect(controller.countLabel.text == "2")
        reset.sendActions(for: .touchUpInside)
        #expect(controller.count == 0)
        #expect(controller.countLabel.text == "0")

        // The switch's action goes to the First Responder placeholder: nil-targeted, found up
        // the chain from the sender (its view, then the controller).
        let toggle = try #require(controller.view.subviews.compactMap { $0 as? UISwitch }.first)
        toggle.isOn = false
        toggle.sendActions(for: .valueChanged)
        #expect(controller.toggles == [false])
    }

    @Test func theActionDoesNotKeepItsTargetAlive() throws {
        weak var released: CounterViewController?
        var button: UIButton?
        do {
            let controller = CounterViewController(nibName: "CounterView", bundle: NibFixtures.bundle)
            controller.loadViewIfNeeded()
            button = controller.stepButtons[0]
            released = controller
        }
        #expect(released == nil)
        button?.sendActions(for: .touchUpInside)
    }

    @Test func bundleLoadNibNamedSetsTheOwnersOutlets() throws {
        let owner = CounterViewController(nibName: nil, bundle: nil)
        let objects = try #require(NibFixtures.bundle.loadNibNamed("CounterView", owner: owner, options: nil))
        #expect(objects.count == 1)
        #expect(owner.viewIfLoaded === objects.first as? UIView)
        #expect(owner.countLabel != nil)
        #expect(NibFixtures.bundle.loadNibNamed("NoSuchNib", owner: owner) == nil)
    }

    @Test func missingOutletsAndActionsAreErrorsNamingFileLineClassAndName() throws {
        let controller = BrokenCounterViewController(nibName: "BrokenCounter", bundle: NibFixtures.bundle)
        let view = try #require(controller.view)
        #expect(view.subviews.count == 5, "the rest of the file loads")
        #expect(view.subviews.last is CounterBadgeView)
        let nib = UINib.cached(named: "BrokenCounter", bundle: NibFixtures.bundle)
        let errors = nib.diagnostics.filter { $0.severity == .error }.map(\.description)
        #expect(
            errors.contains {
                $0.contains("BrokenCounter.xib:13") && $0.contains("BrokenCounterViewController")
                    && $0.contains("\"totalLabel\"") && $0.contains("not key value coding-compliant")
            })
        #expect(
            errors.contains {
                $0.contains("BrokenCounter.xib:16") && $0.contains("stepButtons holds [UIButton], not the UISwitch")
            })
        #expect(
            errors.contains {
                $0.contains("BrokenCounter.xib:43") && $0.contains("no action \"resetAll\"")
            })
        // "increment:" is listed with a method of no arguments.
        #expect(errors.contains { $0.contains("BrokenCounter.xib:35") && $0.contains("\"increment:\"") })
        #expect(controller.countLabel == nil)
        #expect(controller.stepButtons == [view.subviews[1] as? UIButton].compactMap(\.self))
    }

    @Test func aControllerWhoseNibIsMissingGetsAnEmptyView() throws {
        let controller = UIViewController(nibName: "Missing", bundle: NibFixtures.bundle)
        let view = try #require(controller.view)
        #expect(view.subviews.isEmpty)
        #expect(controller.nibName == "Missing")
    }

    @Test func withoutANibTheDefaultLookupFindsNothing() {
        let controller = UIViewController()
        #expect(controller.nibName == nil)
        #expect(controller.nibBundle == nil)
        #expect(controller.view.bounds.size == UIScreen.main.bounds.size)
    }

    @Test func anOutletOfTheWrongTypeIsAnErrorAndStaysNil() throws {
        let xib = try String(
            contentsOf: NibFixtures.directory.appendingPathComponent("CounterView.xib"), encoding: .utf8
        )
        .replacingOccurrences(
            of: "destination=\"Lb1-cn-001\" id=\"Oc1-cn-101\"", with: "destination=\"Sw1-cn-004\" id=\"Oc1-cn-101\"")
        let nib = UINib(data: Data(xib.utf8), bundle: NibFixtures.bundle)
        let owner = CounterViewController(nibName: nil, bundle: nil)
        _ = nib.instantiate(withOwner: owner)
        #expect(owner.countLabel == nil)
        #expect(nib.diagnostics.contains { $0.description.contains("countLabel holds UILabel, not the UISwitch") })
    }

    @Test func uiKitSubclassesAreMadeByTheirCoderInitializer() throws {
        let xib = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" colorMatched="YES">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                    <view contentMode="scaleToFill" id="Roo-ts-001">
                        <rect key="frame" x="0.0" y="0.0" width="300" height="200"/>
                        <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                        <subviews>
                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Hello" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" customClass="ShoutingLabel" customModule="VitrineKitTests" customModuleProvider="target" id="Lab-ts-002">
                                <rect key="frame" x="10" y="10" width="200" height="30"/>
                                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                                <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                <nil key="textColor"/>
                                <nil key="highlightedColor"/>
                            </label>
                            <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" customClass="PillButton" customModule="VitrineKitTests" customModuleProvider="target" id="But-ts-003">
                                <rect key="frame" x="10" y="60" width="120" height="44"/>
                                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                                <state key="normal" title="Go"/>
                            </button>
                        </subviews>
                    </view>
                </objects>
            </document>
            """
        let nib = UINib(data: Data(xib.utf8), bundle: nil)
        let root = try #require(nib.instantiate(withOwner: nil).first as? UIView)
        #expect(nib.diagnostics.isEmpty, "\(nib.diagnostics.map(\.description))")
        let label = try #require(root.subviews[0] as? ShoutingLabel)
        #expect(label.setUpByCoder)
        #expect(label.text == "Hello")
        #expect(!label.isUserInteractionEnabled)
        #expect(label.frame == CGRect(x: 10, y: 10, width: 200, height: 30))
        let button = try #require(root.subviews[1] as? PillButton)
        #expect(button.buttonType == .system)
        #expect(button.title(for: .normal) == "Go")
        #expect(button.layer.cornerRadius == 12)
    }
}
