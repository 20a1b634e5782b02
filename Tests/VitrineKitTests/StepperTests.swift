import Foundation
import Testing
import VitrineKit
import VitrineTestSupport

@MainActor @Suite struct StepperTests {
    @Test func defaultsAndFixedSize() {
        let stepper = UIStepper(frame: CGRect(x: 10, y: 20, width: 300, height: 100))
        #expect(stepper.frame == CGRect(x: 10, y: 20, width: 94, height: 32))
        #expect(stepper.intrinsicContentSize == CGSize(width: 94, height: 32))
        #expect(stepper.value == 0 && stepper.minimumValue == 0 && stepper.maximumValue == 100)
        #expect(stepper.stepValue == 1 && !stepper.wraps && stepper.autorepeat && stepper.isContinuous)
        stepper.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(stepper.frame.size == CGSize(width: 94, height: 32))
    }

    @Test func badRangesAndStepsAreRefused() {
        let stepper = UIStepper(frame: .zero)
        stepper.minimumValue = 200  // not below the maximum: refused (UIKit raises)
        #expect(stepper.minimumValue == 0)
        stepper.maximumValue = -5
        #expect(stepper.maximumValue == 100)
        stepper.maximumValue = 0  // equal to the minimum: refused too
        #expect(stepper.maximumValue == 100)
        stepper.stepValue = 0
        stepper.stepValue = -1
        stepper.stepValue = .nan
        #expect(stepper.stepValue == 1)
        stepper.minimumValue = .nan
        stepper.maximumValue = .infinity
        #expect(stepper.minimumValue == 0 && stepper.maximumValue == 100)
        stepper.value = 150
        #expect(stepper.value == 100)
        stepper.value = -3
        #expect(stepper.value == 0)
        stepper.value = 40
        stepper.value = .nan
        #expect(stepper.value == 40)
        stepper.maximumValue = 30  // the value follows the new range
        #expect(stepper.value == 30)
        stepper.minimumValue = 10
        stepper.value = 12
        stepper.minimumValue = 20
        #expect(stepper.value == 20)
    }

    /// A stepper at (100, 100): minus centred at (123.5, 116), plus at (170.5, 116).
    private func setUp() -> (EventScene, UIStepper, ControlEventLog) {
        let scene = EventScene()
        let stepper = UIStepper(frame: CGRect(x: 100, y: 100, width: 0, height: 0))
        scene.window.addSubview(stepper)
        return (scene, stepper, ControlEventLog(stepper))
    }

    private let minus = CGPoint(x: 123, y: 116)
    private let plus = CGPoint(x: 170, y: 116)

    @Test func tapsStepAndSendValueChanged() {
        let (scene, stepper, log) = setUp()
        stepper.autorepeat = false
        scene.input.tap(at: plus, time: 1)
        #expect(stepper.value == 1)
        #expect(log.entries == ["down", "valueChanged", "primary", "upInside"])
        scene.input.tap(at: minus, time: 2)
        #expect(stepper.value == 0)
        // At the minimum the minus end is disabled: nothing changes, nothing is sent.
        log.entries.removeAll()
        scene.input.tap(at: minus, time: 3)
        #expect(stepper.value == 0 && !log.entries.contains("valueChanged"))
        // In code: no event.
        stepper.value = 50
        #expect(!log.entries.contains("valueChanged"))
        stepper.stepValue = 30
        scene.input.tap(at: plus, time: 4)
        #expect(stepper.value == 80)
        scene.input.tap(at: plus, time: 5)
        #expect(stepper.value == 100)  // stops at the maximum
        scene.input.tap(at: plus, time: 6)
        #expect(stepper.value == 100)
        // Disabled: nothing.
        stepper.isEnabled = false
        scene.input.tap(at: minus, time: 7)
        #expect(stepper.value == 100)
    }

    @Test func wrappingGoesAroundTheEnds() {
        let (scene, stepper, log) = setUp()
        stepper.autorepeat = false
        stepper.wraps = true
        stepper.maximumValue = 10
        stepper.stepValue = 3
        scene.input.tap(at: minus, time: 1)
        #expect(stepper.value == 10)
        scene.input.tap(at: plus, time: 2)
        #expect(stepper.value == 0)
        stepper.value = 9
        scene.input.tap(at: plus, time: 3)
        #expect(stepper.value == 0)  // beyond the maximum: the minimum, as UIKit documents
        stepper.wraps = false
        stepper.value = 9
        scene.input.tap(at: plus, time: 4)
        #expect(stepper.value == 10)  // holds at the maximum
        #expect(log.entries.filter { $0 == "valueChanged" }.count == 4)
    }

    @Test func incrementAndDecrementImagesReplaceTheGlyphs() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10)).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        let stepper = UIStepper(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
        stepper.value = 50
        stepper.setIncrementImage(image, for: .normal)
        #expect(stepper.incrementImage(for: .normal) === image)
        #expect(stepper.incrementImage(for: .highlighted) === image)  // falls back to .normal
        #expect(stepper.decrementImage(for: .normal) == nil)
        let rendered = renderAlone(stepper, width: 114, height: 52)
        #expect(rendered.rgb(80, 26) == .red)  // the image at the plus half's centre
        #expect(rendered.rgb(80, 19) != .red && rendered.rgb(80, 19).red < 250)  // no plus glyph above it
        #expect(rendered.rgb(33, 26).red < 60)  // the minus glyph is still drawn
    }

    @Test func holdingRepeatsFasterAndFaster() {
        let (scene, stepper, log) = setUp()
        var times: [Double] = []
        stepper.addAction(UIAction { _ in times.append(scene.clock.now) }, for: .valueChanged)
        scene.clock.advance(to: 1)
        scene.input.down(at: plus, time: 1)
        #expect(stepper.value == 1)
        scene.clock.advance(to: 1.49)
        #expect(stepper.value == 1)
        scene.clock.advance(to: 1.5)
        #expect(stepper.value == 2)
        scene.clock.advance(to: 4)
        let count = stepper.value
        #expect(count > 12)
        let gaps = zip(times.dropFirst(), times.dropFirst(2)).map { $1 - $0 }
        #expect(gaps.count > 5)
        #expect(gaps.first! > gaps.last! + 0.05)  // accelerating
        #expect(gaps.allSatisfy { $0 >= 0.05 - 1e-9 })
        scene.input.up(time: 4)
        scene.clock.advance(to: 6)
        #expect(stepper.value == count)
        #expect(log.entries.last == "upInside")
    }

    @Test func withoutAutorepeatOrContinuityHoldingStepsOnce() {
        let (scene, stepper, log) = setUp()
        stepper.autorepeat = false
        scene.clock.advance(to: 1)
        scene.input.down(at: plus, time: 1)
        scene.clock.advance(to: 3)
        #expect(stepper.value == 1)
        scene.input.up(time: 3)
        // Not continuous: one value change, at the end.
        stepper.autorepeat = true
        stepper.isContinuous = false
        log.entries.removeAll()
        scene.input.down(at: plus, time: 3.5)
        scene.clock.advance(to: 4.5)
        #expect(stepper.value > 3)
        #expect(!log.entries.contains("valueChanged"))
        scene.input.up(time: 4.5)
        #expect(log.entries.filter { $0 == "valueChanged" }.count == 1)
    }

    @Test func theEndsAndThePressShow() {
        let stepper = UIStepper(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
        // At the minimum: the minus glyph is faint, the plus glyph dark.
        var image = renderAlone(stepper, width: 114, height: 52)
        #expect(image.rgb(33, 26).red > 150)  // minus bar at its centre, dimmed
        #expect(image.rgb(80, 26).red < 60)  // plus bar
        #expect(image.rgb(80, 19).red < 60)  // plus vertical bar
        #expect(image.rgb(5, 26) == .white)
        stepper.value = 50
        image = renderAlone(stepper, width: 114, height: 52)
        #expect(image.rgb(33, 26).red < 60)
        stepper.value = 100
        image = renderAlone(stepper, width: 114, height: 52)
        #expect(image.rgb(80, 19).red > 150)
    }

    @Test func snapshotAtTheMinimumAndInTheMiddle() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 220, height: 52))
        root.backgroundColor = .white
        let low = UIStepper(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
        let middle = UIStepper(frame: CGRect(x: 116, y: 10, width: 0, height: 0))
        middle.value = 5
        root.addSubview(low)
        root.addSubview(middle)
        let buffer = PixelBuffer(width: 220, height: 52, format: .xrgb8888)
        root.layer.layoutAndDisplayIfNeeded()
        Compositor().render(root.layer, into: buffer, bufferAge: 0)
        try assertSnapshot(of: buffer, named: "stepper-minimum-middle")
    }
}
