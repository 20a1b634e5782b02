import Foundation
import Testing
import VitrineKit

@MainActor @Suite struct ControlActionTests {
    @Test func actionsRunInOrderWithTheControlAsSender() {
        let control = UIControl(frame: .zero)
        var calls: [String] = []
        // Identities, not the senders: the control keeps this action.
        var senders: [ObjectIdentifier?] = []
        let first = UIAction(title: "First") { action in
            calls.append(action.title)
            senders.append((action.sender as AnyObject?).map(ObjectIdentifier.init))
        }
        control.addAction(first, for: .valueChanged)
        control.addAction(UIAction(title: "Second") { calls.append($0.title) }, for: [.valueChanged, .touchDown])
        control.sendActions(for: .valueChanged)
        #expect(calls == ["First", "Second"])
        #expect(senders == [ObjectIdentifier(control)])
        #expect(first.sender == nil)  // only during the call
        // An action added for several of the events sent runs once.
        calls = []
        control.sendActions(for: [.valueChanged, .touchDown])
        #expect(calls == ["First", "Second"])
        #expect(control.allControlEvents == [.valueChanged, .touchDown])
    }

    @Test func identifiersReplaceAndRemoveActions() {
        let control = UIControl(frame: .zero)
        var calls: [String] = []
        control.addAction(UIAction(title: "old", identifier: "save") { calls.append($0.title) }, for: .touchUpInside)
        control.addAction(UIAction(title: "new", identifier: "save") { calls.append($0.title) }, for: .touchUpInside)
        control.sendActions(for: .touchUpInside)
        #expect(calls == ["new"])
        let both = UIAction(identifier: "both") { _ in calls.append("both") }
        control.addAction(both, for: [.touchDown, .touchUpInside])
        control.removeAction(identifiedBy: "both", for: .touchDown)
        calls = []
        control.sendActions(for: .touchDown)
        control.sendActions(for: .touchUpInside)
        #expect(calls == ["new", "both"])
        control.removeAction(both, for: .allEvents)
        control.removeAction(identifiedBy: UIAction.Identifier("save"), for: .touchUpInside)
        calls = []
        control.sendActions(for: .allEvents)
        #expect(calls.isEmpty)
        #expect(control.allControlEvents.isEmpty)
        // Unnamed actions get distinct identifiers.
        #expect(UIAction { _ in }.identifier != UIAction { _ in }.identifier)
    }

    @Test func targetsGetTheTouchEventAndCanBeRemoved() {
        let scene = EventScene()
        let control = UIControl(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scene.window.addSubview(control)
        var timestamps: [Double?] = []
        var sender: UIControl?
        let target = control.addTarget(for: .touchUpInside) { control, event in
            sender = control
            timestamps.append(event?.timestamp)
        }
        scene.input.tap(at: CGPoint(x: 50, y: 50), time: 4, duration: 0.5)
        control.sendActions(for: .touchUpInside)
        #expect(timestamps == [4.5, nil])
        #expect(sender === control)
        control.removeTarget(target, for: .touchUpInside)
        scene.input.tap(at: CGPoint(x: 50, y: 50), time: 6)
        #expect(timestamps.count == 2)
    }

    @Test func primaryActionInitializerAddsThePrimaryAction() {
        var count = 0
        let control = UIControl(frame: .zero, primaryAction: UIAction { _ in count += 1 })
        control.sendActions(for: .touchUpInside)
        #expect(count == 0)
        control.sendActions(for: .primaryActionTriggered)
        #expect(count == 1)
    }
}
