import Foundation
import Testing

@testable import VitrineKit

/// `allTargets` and `actions(forTarget:forControlEvent:)` over Vitrine's closure targets.
@MainActor @Suite struct ControlTargetListTests {
    @MainActor final class Controller: UIViewController {
        var saves = 0
    }

    @Test func namedTargetsAreListedWithTheirActions() {
        let button = UIButton(type: .system)
        let controller = Controller()
        button.addTarget(controller, action: "save:", for: .touchUpInside) { [unowned controller] _, _ in
            controller.saves += 1
        }
        button.addTarget(controller, action: "highlight:", for: .touchDown) { _, _ in }
        let token = button.addTarget(for: .valueChanged) { _, _ in }
        button.addAction(UIAction { _ in }, for: .touchUpInside)
        #expect(button.allTargets == [AnyHashable(controller), AnyHashable(token)])
        #expect(button.actions(forTarget: controller, forControlEvent: .touchUpInside) == ["save:"])
        #expect(button.actions(forTarget: controller, forControlEvent: .touchDown) == ["highlight:"])
        #expect(button.actions(forTarget: controller, forControlEvent: .valueChanged) == nil)
        #expect(button.actions(forTarget: token, forControlEvent: .valueChanged) == nil)
        button.sendActions(for: .touchUpInside)
        #expect(controller.saves == 1)
    }

    @Test func theNilTargetIsNSNull() {
        let control = UIControl(frame: .zero)
        control.addTarget(nil, action: "copy:", for: .primaryActionTriggered) { _, _ in }
        #expect(control.allTargets.count == 1 && control.allTargets.first?.base is NSNull)
        #expect(control.actions(forTarget: nil, forControlEvent: .primaryActionTriggered) == ["copy:"])
        #expect(control.actions(forTarget: NSNull(), forControlEvent: .primaryActionTriggered) == ["copy:"])
    }

    @Test func anInterfaceFilesConnectionIsListedBySelector() throws {
        // The First Responder connection of a file is the nil target, named by its selector.
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
                <objects>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                    <button opaque="NO" contentMode="scaleToFill" id="Bt0-aa-000">
                        <rect key="frame" x="0.0" y="0.0" width="100" height="44"/>
                        <connections>
                            <action selector="undo:" destination="-2" eventType="touchUpInside" id="Ac1-aa-001"/>
                        </connections>
                    </button>
                </objects>
            </document>
            """
        let button = try #require(
            UINib(data: Data(xml.utf8), bundle: nil).instantiate(withOwner: nil).first as? UIButton)
        #expect(button.allTargets.count == 1 && button.allTargets.first?.base is NSNull)
        #expect(button.actions(forTarget: nil, forControlEvent: .touchUpInside) == ["undo:"])
    }
}

/// `UIApplication.sendAction(_:to:from:for:)` by action name: to a target, or up the responder
/// chain for nil.
@MainActor @Suite(.serialized) struct ApplicationSendActionTests {
    @MainActor final class Editor: UIView, NibActionTarget {
        static let nibActions = [NibAction("copy:", Editor.copyText)]
        var copies: [String] = []
        func copyText(_ sender: Any?) { copies.append("\(type(of: sender ?? "nil"))") }
    }

    @Test func aNilTargetedActionGoesUpTheChain() {
        _ = FirstResponder.current?.resignFirstResponder()
        let editor = Editor(frame: .zero)
        let child = UIView(frame: .zero)
        editor.addSubview(child)
        #expect(UIApplication.shared.sendAction("copy:", to: nil, from: child, for: nil))
        #expect(editor.copies == ["UIView"])
        #expect(!UIApplication.shared.sendAction("paste:", to: nil, from: child, for: nil))
        #expect(UIApplication.shared.sendAction("copy:", to: editor, from: nil, for: nil))
        #expect(editor.copies.count == 2)
        #expect(!UIApplication.shared.sendAction("copy:", to: child, from: nil, for: nil))
    }
}
