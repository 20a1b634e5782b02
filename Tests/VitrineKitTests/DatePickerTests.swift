import Foundation
import Testing
import VitrineKit
import VitrineTestSupport

@MainActor @Suite struct DatePickerTests {
    private static let utc = TimeZone(identifier: "UTC")!

    private static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        return calendar
    }

    private static func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }

    /// A picker in UTC, English (US), Gregorian, in `mode`.
    private func makePicker(_ mode: UIDatePicker.Mode) -> UIDatePicker {
        let picker = UIDatePicker(frame: CGRect(x: 40, y: 40, width: 320, height: 216))
        picker.calendar = Self.calendar
        picker.timeZone = Self.utc
        picker.locale = Locale(identifier: "en_US")
        picker.datePickerMode = mode
        return picker
    }

    private func wheels(_ picker: UIDatePicker) throws -> UIPickerView {
        try #require(picker.subviews.compactMap { $0 as? UIPickerView }.first)
    }

    private func rows(_ wheels: UIPickerView) -> [Int] {
        (0..<wheels.numberOfComponents).map { wheels.selectedRow(inComponent: $0) }
    }

    private func title(_ wheels: UIPickerView, _ component: Int) -> String? {
        (wheels.view(forRow: wheels.selectedRow(inComponent: component), forComponent: component) as? UILabel)?.text
    }

    @Test func defaults() {
        let picker = UIDatePicker(frame: .zero)
        #expect(picker.datePickerMode == .dateAndTime)
        #expect(picker.preferredDatePickerStyle == .automatic && picker.datePickerStyle == .wheels)
        #expect(picker.minuteInterval == 1 && picker.countDownDuration == 0)
        #expect(abs(picker.date.timeIntervalSinceNow) < 60)
        #expect(picker.minimumDate == nil && picker.maximumDate == nil)
        #expect(picker.intrinsicContentSize == CGSize(width: 320, height: 216))
        #expect(UIDatePicker.Mode.countDownTimer.rawValue == 3 && UIDatePickerStyle.inline.rawValue == 3)
        picker.preferredDatePickerStyle = .inline
        #expect(picker.datePickerStyle == .wheels)
    }

    @Test func dateModeShowsMonthDayYear() throws {
        let picker = makePicker(.date)
        picker.setDate(Self.date(2024, 2, 29, 10, 30), animated: false)
        picker.layoutIfNeeded()
        let wheels = try wheels(picker)
        wheels.layoutIfNeeded()
        #expect(wheels.numberOfComponents == 3)
        #expect(wheels.numberOfRows(inComponent: 0) == 12 && wheels.numberOfRows(inComponent: 1) == 31)
        #expect(rows(wheels) == [1, 28, 2023])
        #expect(title(wheels, 0) == "February" && title(wheels, 1) == "29" && title(wheels, 2) == "2024")
        // Month and year only.
        picker.datePickerMode = .yearAndMonth
        #expect(wheels.numberOfComponents == 2 && rows(wheels) == [1, 2023])
        picker.datePickerMode = .date
        // Day-month-year for British English.
        picker.locale = Locale(identifier: "en_GB")
        wheels.layoutIfNeeded()
        #expect(title(wheels, 0) == "29" && title(wheels, 1) == "February")
    }

    @Test func timeModeUsesTheLocalesClockAndTheMinuteInterval() throws {
        let picker = makePicker(.time)
        picker.date = Self.date(2024, 5, 1, 14, 37)
        let wheels = try wheels(picker)
        wheels.layoutIfNeeded()
        #expect(wheels.numberOfComponents == 3)  // hour, minute, AM/PM
        #expect(rows(wheels) == [2, 37, 1])
        #expect(title(wheels, 0) == "2" && title(wheels, 1) == "37" && title(wheels, 2) == "PM")
        picker.minuteInterval = 7  // does not divide 60: ignored
        #expect(picker.minuteInterval == 1)
        picker.minuteInterval = 45
        #expect(picker.minuteInterval == 1)
        picker.minuteInterval = 15
        #expect(picker.minuteInterval == 15 && wheels.numberOfRows(inComponent: 1) == 4)
        picker.minuteInterval = 0  // the default again
        #expect(picker.minuteInterval == 1)
        picker.minuteInterval = 15
        #expect(wheels.selectedRow(inComponent: 1) == 2)  // 37 rounds down to 30
        picker.locale = Locale(identifier: "de_DE")
        #expect(wheels.numberOfComponents == 2 && wheels.numberOfRows(inComponent: 0) == 24)
        #expect(wheels.selectedRow(inComponent: 0) == 14)
    }

    @Test func limitsClampTheDate() {
        let picker = makePicker(.dateAndTime)
        picker.minimumDate = Self.date(2024, 1, 1)
        picker.maximumDate = Self.date(2024, 12, 31)
        picker.date = Self.date(2023, 6, 1)
        #expect(picker.date == Self.date(2024, 1, 1))
        picker.setDate(Self.date(2030, 1, 1), animated: true)
        #expect(picker.date == Self.date(2024, 12, 31))
        picker.date = Self.date(2024, 7, 4, 9, 5)
        #expect(picker.date == Self.date(2024, 7, 4, 9, 5))
        picker.maximumDate = Self.date(2024, 3, 1)
        #expect(picker.date == Self.date(2024, 3, 1))
        // A minimum after the maximum: neither limit applies.
        picker.minimumDate = Self.date(2025, 1, 1)
        picker.date = Self.date(2020, 1, 1)
        #expect(picker.date == Self.date(2020, 1, 1))
    }

    @Test func countDownDurationIsClampedAndRounded() throws {
        let picker = makePicker(.countDownTimer)
        let wheels = try wheels(picker)
        #expect(wheels.numberOfComponents == 2 && wheels.numberOfRows(inComponent: 0) == 24)
        picker.countDownDuration = 90 * 60
        #expect(picker.countDownDuration == 5400 && rows(wheels) == [1, 30])
        picker.countDownDuration = 100_000
        #expect(picker.countDownDuration == 86_340)
        picker.countDownDuration = .infinity
        #expect(picker.countDownDuration == 86_340)
        picker.countDownDuration = .nan
        #expect(picker.countDownDuration == 0)
        picker.countDownDuration = -5
        #expect(picker.countDownDuration == 0)
        picker.countDownDuration = 50 * 60
        picker.minuteInterval = 15  // rounds the duration down to the new step
        #expect(picker.countDownDuration == 45 * 60 && rows(wheels) == [0, 3])
        picker.countDownDuration = 20 * 60
        #expect(picker.countDownDuration == 15 * 60)
    }

    /// Taps the row below the selected one in `component` of a date picker on screen.
    private func tapNextRow(_ scene: EventScene, _ wheels: UIPickerView, component: Int, time: Double) throws {
        let row = wheels.selectedRow(inComponent: component)
        let view = try #require(wheels.view(forRow: row + 1, forComponent: component))
        let point = view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil)
        if time > scene.clock.now { scene.clock.advance(to: time) }
        scene.input.tap(at: point, time: time)
        scene.clock.advance(to: time + 1)
    }

    @Test func turningAWheelChangesTheDateAndSendsValueChanged() throws {
        let scene = EventScene(width: 400, height: 300)
        let picker = makePicker(.date)
        picker.date = Self.date(2024, 1, 31, 8, 15)
        scene.window.addSubview(picker)
        let log = ControlEventLog(picker)
        scene.clock.advance(by: 0.05)
        let wheels = try wheels(picker)
        // The month wheel to February: the 31st becomes the 29th.
        try tapNextRow(scene, wheels, component: 0, time: 1)
        #expect(picker.date == Self.date(2024, 2, 29, 8, 15))
        #expect(log.entries == ["valueChanged", "primary"])
        scene.clock.advance(by: 1)
        #expect(wheels.selectedRow(inComponent: 1) == 28)  // the day wheel turned back
        // Past the maximum: the wheels turn back to it and nothing changes.
        picker.maximumDate = Self.date(2024, 2, 29, 8, 15)
        try tapNextRow(scene, wheels, component: 0, time: 4)
        scene.clock.advance(by: 1)
        #expect(picker.date == Self.date(2024, 2, 29, 8, 15))
        #expect(wheels.selectedRow(inComponent: 0) == 1)
        #expect(log.entries.count == 2)
    }

    @Test func snapshotDateMode() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 216))
        root.backgroundColor = .white
        let picker = makePicker(.date)
        picker.frame = root.bounds
        picker.date = Self.date(2024, 7, 4)
        root.addSubview(picker)
        let buffer = PixelBuffer(width: 320, height: 216, format: .xrgb8888)
        root.layer.layoutAndDisplayIfNeeded()
        Compositor().render(root.layer, into: buffer, bufferAge: 0)
        try assertSnapshot(of: buffer, named: "date-picker-date", tolerance: 8, maxDifferingPixels: 80)
    }
}
