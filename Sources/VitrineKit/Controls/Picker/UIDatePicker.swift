import Foundation

/// A control for picking a date, a time or a count-down duration, as UIKit's `UIDatePicker`,
/// built on a `UIPickerView` (its only subview) with wheels for the mode's parts:
///
/// - `.date`: month, day and year in the locale's order (month first in English); the day
///   wheel has 31 rows, and a day past the month's end settles on its last day, as in UIKit.
/// - `.time`: hour, minute (in steps of `minuteInterval`) and, where the locale uses a
///   12-hour clock, AM/PM.
/// - `.dateAndTime` (the default): the day ("Thu Nov 26", "Today"), then the time wheels.
/// - `.countDownTimer`: hours (0-23) and minutes; `countDownDuration` is what they show.
/// - `.yearAndMonth` (iOS 17.4): month and year; the day is kept (the month's last day when
///   it is shorter).
///
/// **Values.** `date` (default: the time the picker was made) stays within `minimumDate...
/// maximumDate` (setting it clamps; a wheel turned past a limit turns back to it, as in
/// UIKit; a minimum later than the maximum leaves both unused). `minuteInterval` must divide
/// 60 and lie in 1...30, as UIKit requires; other values give the default, 1. `countDownDuration` is clamped to 0...23 h 59 min and rounded down to the
/// minute interval. Wheels read `calendar` (default the current one), `timeZone` (nil: the
/// calendar's) and `locale` (nil: the current one).
///
/// **Events.** When the user turns a wheel to rest, the picker sends `.valueChanged` (then
/// `.primaryActionTriggered`) if `date` (or `countDownDuration`) changed; setting them in
/// code sends nothing.
///
/// **Deviations.** Every `preferredDatePickerStyle` (`.automatic`, `.wheels`, `.compact`,
/// `.inline`) is drawn as wheels, and `datePickerStyle` is always `.wheels`; the wheels do
/// not loop; the date wheel offers the years 1900-2100 for `.dateAndTime` unless
/// `minimumDate` / `maximumDate` say otherwise (1-9999 for `.date`); "Today" is not
/// localised.
@preconcurrency @MainActor
open class UIDatePicker: UIControl {
    /// What a date picker picks, as `UIDatePicker.Mode`, with UIKit's raw values.
    public enum Mode: Int, Sendable, Hashable {
        /// Hours and minutes (and AM/PM).
        case time = 0
        /// Month, day and year.
        case date = 1
        /// Day, hours and minutes (and AM/PM).
        case dateAndTime = 2
        /// Hours and minutes of a duration.
        case countDownTimer = 3
        /// Month and year (iOS 17.4).
        case yearAndMonth = 4
    }

    private let picker = UIPickerView(frame: .zero)
    private lazy var wheels = DatePickerWheels(datePicker: self)

    /// A date-and-time picker at `frame` showing now, as `init(frame:)`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        picker.frame = bounds
        picker.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(picker)
        configure()
    }

    /// Vitrine has no archives; always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    // MARK: Settings

    /// What the picker picks, as `datePickerMode` (default `.dateAndTime`).
    open var datePickerMode: Mode = .dateAndTime {
        didSet { if datePickerMode != oldValue { configure() } }
    }

    /// The style asked for, as `preferredDatePickerStyle` (default `.automatic`); every style
    /// is drawn as wheels on Vitrine.
    open var preferredDatePickerStyle: UIDatePickerStyle = .automatic

    /// The style shown, as `datePickerStyle`: always `.wheels` on Vitrine.
    open var datePickerStyle: UIDatePickerStyle { .wheels }

    /// The locale of the wheels' names and order, as `locale` (nil: the current locale).
    open var locale: Locale? {
        didSet { configure() }
    }

    /// The calendar the wheels count in, as `calendar` (default: the current calendar;
    /// setting nil restores it).
    open var calendar: Calendar! {
        get { storedCalendar ?? Calendar.current }
        set {
            storedCalendar = newValue
            configure()
        }
    }
    private var storedCalendar: Calendar?

    /// The time zone the wheels show, as `timeZone` (nil: the calendar's).
    open var timeZone: TimeZone? {
        didSet { configure() }
    }

    /// The earliest date, as `minimumDate` (nil: none).
    open var minimumDate: Date? {
        didSet {
            configure()
            clampDate()
        }
    }

    /// The latest date, as `maximumDate` (nil: none).
    open var maximumDate: Date? {
        didSet {
            configure()
            clampDate()
        }
    }

    /// The minute wheel's step, as `minuteInterval` (default 1). A value that is not in
    /// 1...30 or does not divide 60 gives the default, 1, as UIKit documents.
    open var minuteInterval: Int {
        get { storedMinuteInterval }
        set {
            storedMinuteInterval = newValue >= 1 && newValue <= 30 && 60 % newValue == 0 ? newValue : 1
            configure()
            countDownDuration = storedDuration  // rounded down to the new interval
        }
    }
    private var storedMinuteInterval = 1

    /// Whether the shown time is rounded to the minute interval, as `roundsToMinuteInterval`
    /// (default true; Vitrine always rounds down to the interval on the wheels).
    open var roundsToMinuteInterval = true

    /// The calendar with the picker's time zone and locale.
    var effectiveCalendar: Calendar {
        var result = calendar ?? Calendar.current
        if let timeZone { result.timeZone = timeZone }
        result.locale = locale ?? Locale.current
        return result
    }

    // MARK: Values

    /// The date shown, as `date` (default: when the picker was made), within the limits.
    open var date: Date {
        get { storedDate }
        set { setDate(newValue, animated: false) }
    }
    private var storedDate = Date()

    /// Sets the date (clamped to the limits) and turns the wheels to it, as
    /// `setDate(_:animated:)`; sends nothing.
    open func setDate(_ date: Date, animated: Bool) {
        storedDate = clamped(date)
        showValues(animated: animated)
    }

    /// The duration a count-down picker shows, in seconds, as `countDownDuration` (default
    /// 0): clamped to 0...86,340 (23 h 59 min) and rounded down to the minute interval.
    open var countDownDuration: TimeInterval {
        get { storedDuration }
        set {
            let minutes = newValue.isNaN ? 0 : Int(min(max(newValue, 0), 86_340) / 60)
            let step = storedMinuteInterval
            storedDuration = TimeInterval((minutes / step) * step * 60)
            showValues(animated: false)
        }
    }
    private var storedDuration: TimeInterval = 0

    /// `date` within the limits; limits the wrong way round are ignored, as UIKit ignores a
    /// minimum later than the maximum.
    private func clamped(_ date: Date) -> Date {
        if let minimumDate, let maximumDate, minimumDate > maximumDate { return date }
        var result = date
        if let minimumDate, result < minimumDate { result = minimumDate }
        if let maximumDate, result > maximumDate { result = maximumDate }
        return result
    }

    private func clampDate() {
        let limited = clamped(storedDate)
        if limited != storedDate {
            storedDate = limited
            showValues(animated: false)
        }
    }

    // MARK: Wheels

    /// Rebuilds the wheels for the settings and shows the values.
    private func configure() {
        picker.dataSource = wheels
        picker.delegate = wheels
        wheels.configure(
            mode: datePickerMode, calendar: effectiveCalendar, locale: locale ?? Locale.current,
            minuteInterval: storedMinuteInterval, minimumDate: minimumDate, maximumDate: maximumDate, today: Date())
        picker.reloadAllComponents()
        showValues(animated: false)
    }

    private func showValues(animated: Bool) {
        let rows = wheels.rows(for: storedDate, duration: storedDuration)
        for (component, row) in rows.enumerated() {
            picker.selectRow(row, inComponent: component, animated: animated)
        }
    }

    /// A wheel came to rest by touch: the wheels' value becomes the picker's (clamped, the
    /// wheels turning back to a limit), and `.valueChanged` goes out when it changed.
    func wheelsDidSettle() {
        let rows = (0..<picker.numberOfComponents).map { picker.selectedRow(inComponent: $0) }
        if datePickerMode == .countDownTimer {
            let duration = wheels.duration(fromRows: rows)
            guard duration != storedDuration else { return }
            storedDuration = duration
            sendValueChanged()
            return
        }
        let spelled = wheels.date(fromRows: rows, base: storedDate)
        let limited = clamped(spelled)
        let changed = limited != storedDate
        storedDate = limited
        if wheels.rows(for: limited, duration: storedDuration) != rows { showValues(animated: true) }
        if changed { sendValueChanged() }
    }

    private func sendValueChanged() {
        performActions(for: .valueChanged, with: nil)
        performActions(for: .primaryActionTriggered, with: nil)
    }

    /// The picker inside (for tests and layout).
    var pickerView: UIPickerView { picker }

    // MARK: Size

    /// 320x216 points, the wheels' size, as UIKit's wheels style.
    open override var intrinsicContentSize: CGSize { UIPickerView.defaultSize }

    /// 320x216 points.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { UIPickerView.defaultSize }

    open override func layoutSubviews() {
        super.layoutSubviews()
        picker.frame = bounds
    }
}
