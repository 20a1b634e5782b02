import Foundation

/// The data source and delegate of a `UIDatePicker`'s wheels: which columns its mode and
/// locale show, their rows and titles, and the date they spell.
@MainActor
final class DatePickerWheels: UIPickerViewDataSource, UIPickerViewDelegate {
    /// What a wheel shows.
    enum Column: Equatable {
        case month, day, year
        /// A whole date ("Thu Nov 26", "Today") in `.dateAndTime`.
        case dayOfEra
        case hour12, hour24, minute, amPm
        case countDownHours, countDownMinutes
    }

    weak var datePicker: UIDatePicker?
    private(set) var columns: [Column] = []
    /// The first day `.dayOfEra` row 0 stands for, and how many days there are.
    private(set) var firstDay = Date(timeIntervalSinceReferenceDate: 0)
    private(set) var dayCount = 0
    /// The years the year wheel offers.
    private(set) var years: ClosedRange<Int> = 1...9999

    private var calendar = Calendar.current
    private var locale = Locale.current
    private var minuteInterval = 1
    private var formatter = DateFormatter()
    private var today = Date()

    init(datePicker: UIDatePicker) {
        self.datePicker = datePicker
    }

    /// Works out the columns and ranges for the picker's settings.
    func configure(
        mode: UIDatePicker.Mode, calendar: Calendar, locale: Locale, minuteInterval: Int, minimumDate: Date?,
        maximumDate: Date?, today: Date
    ) {
        self.calendar = calendar
        self.locale = locale
        self.minuteInterval = minuteInterval
        self.today = today
        formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.locale = locale
        let timeColumns: [Column] = Self.uses12HourClock(locale) ? [.hour12, .minute, .amPm] : [.hour24, .minute]
        switch mode {
        case .date: columns = Self.dateOrder(locale)
        case .yearAndMonth: columns = Self.dateOrder(locale).filter { $0 != .day }
        case .time: columns = timeColumns
        case .dateAndTime: columns = [.dayOfEra] + timeColumns
        case .countDownTimer: columns = [.countDownHours, .countDownMinutes]
        }
        // Limits the wrong way round are not used (see `UIDatePicker`).
        let ordered = minimumDate.flatMap { low in maximumDate.map { low <= $0 } } ?? true
        let minimumDate = ordered ? minimumDate : nil
        let maximumDate = ordered ? maximumDate : nil
        let lowest =
            minimumDate ?? calendar.date(from: DateComponents(year: 1900, month: 1, day: 1)) ?? Date.distantPast
        let highest =
            maximumDate ?? calendar.date(from: DateComponents(year: 2100, month: 12, day: 31)) ?? Date.distantFuture
        firstDay = calendar.startOfDay(for: lowest)
        dayCount = max(
            1, (calendar.dateComponents([.day], from: firstDay, to: calendar.startOfDay(for: highest)).day ?? 0) + 1)
        let firstYear = minimumDate.map { calendar.component(.year, from: $0) } ?? 1
        let lastYear = maximumDate.map { calendar.component(.year, from: $0) } ?? 9999
        years = min(firstYear, lastYear)...max(firstYear, lastYear)
    }

    /// Whether the locale writes times with AM/PM.
    static func uses12HourClock(_ locale: Locale) -> Bool {
        (DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: locale) ?? "h a").contains("a")
    }

    /// Month, day and year in the locale's order (month first for English, as iOS).
    static func dateOrder(_ locale: Locale) -> [Column] {
        let format = DateFormatter.dateFormat(fromTemplate: "yMMMMd", options: 0, locale: locale) ?? "MMMM d y"
        var found: [(String.Index, Column)] = []
        if let index = format.firstIndex(of: "M") ?? format.firstIndex(of: "L") { found.append((index, .month)) }
        if let index = format.firstIndex(of: "d") { found.append((index, .day)) }
        if let index = format.firstIndex(of: "y") { found.append((index, .year)) }
        let order = found.sorted { $0.0 < $1.0 }.map(\.1)
        return order.count == 3 ? order : [.month, .day, .year]
    }

    // MARK: Rows

    func rowCount(of column: Column) -> Int {
        switch column {
        case .month: return 12
        case .day: return 31
        case .year: return years.count
        case .dayOfEra: return dayCount
        case .hour12: return 12
        case .hour24, .countDownHours: return 24
        case .minute, .countDownMinutes: return 60 / minuteInterval
        case .amPm: return 2
        }
    }

    func title(of column: Column, row: Int) -> String {
        switch column {
        case .month:
            let names: [String] = formatter.standaloneMonthSymbols
            return row < names.count ? names[row] : String(row + 1)
        case .day: return String(row + 1)
        case .year: return String(years.lowerBound + row)
        case .dayOfEra:
            guard let day = calendar.date(byAdding: .day, value: row, to: firstDay) else { return "" }
            if calendar.isDate(day, inSameDayAs: today) { return "Today" }
            formatter.setLocalizedDateFormatFromTemplate("EEEMMMd")
            return formatter.string(from: day)
        case .hour12: return String(row == 0 ? 12 : row)
        case .hour24: return String(format: "%02d", row)
        case .minute: return String(format: "%02d", row * minuteInterval)
        case .amPm: return row == 0 ? formatter.amSymbol : formatter.pmSymbol
        case .countDownHours: return row == 1 ? "1 hour" : "\(row) hours"
        case .countDownMinutes: return "\(row * minuteInterval) min"
        }
    }

    /// Relative widths of the columns.
    private func weight(of column: Column) -> CGFloat {
        switch column {
        case .month: return 3
        case .day: return 1.2
        case .year: return 1.8
        case .dayOfEra: return 3.4
        case .hour12, .hour24, .minute, .amPm: return 1.2
        case .countDownHours, .countDownMinutes: return 2.5
        }
    }

    // MARK: Dates and rows

    /// The row each column shows for `date` (in `.countDownTimer`, for `duration`).
    func rows(for date: Date, duration: TimeInterval) -> [Int] {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let hour = parts.hour ?? 0
        let minute = parts.minute ?? 0
        let totalMinutes = Int(max(0, duration) / 60)
        return columns.map { column in
            switch column {
            case .month: return (parts.month ?? 1) - 1
            case .day: return (parts.day ?? 1) - 1
            case .year: return min(max((parts.year ?? years.lowerBound) - years.lowerBound, 0), years.count - 1)
            case .dayOfEra:
                let days = calendar.dateComponents([.day], from: firstDay, to: calendar.startOfDay(for: date)).day ?? 0
                return min(max(days, 0), dayCount - 1)
            case .hour12: return hour % 12
            case .hour24: return hour
            case .minute: return minute / minuteInterval
            case .amPm: return hour < 12 ? 0 : 1
            case .countDownHours: return min(totalMinutes / 60, 23)
            case .countDownMinutes: return (totalMinutes % 60) / minuteInterval
            }
        }
    }

    /// The date the wheels spell, keeping from `base` what they do not show (seconds are 0
    /// once a time wheel is shown). A day past the month's end becomes its last day.
    func date(fromRows rows: [Int], base: Date) -> Date {
        var parts = calendar.dateComponents([.era, .year, .month, .day, .hour, .minute, .second], from: base)
        var hour12: Int?
        var pm: Bool?
        for (column, row) in zip(columns, rows) where row >= 0 {
            switch column {
            case .month: parts.month = row + 1
            case .day: parts.day = row + 1
            case .year: parts.year = years.lowerBound + row
            case .dayOfEra:
                if let day = calendar.date(byAdding: .day, value: row, to: firstDay) {
                    let dayParts = calendar.dateComponents([.era, .year, .month, .day], from: day)
                    (parts.era, parts.year, parts.month, parts.day) = (
                        dayParts.era, dayParts.year, dayParts.month, dayParts.day
                    )
                }
            case .hour12: hour12 = row
            case .hour24:
                parts.hour = row
                parts.second = 0
            case .minute:
                parts.minute = row * minuteInterval
                parts.second = 0
            case .amPm: pm = row == 1
            case .countDownHours, .countDownMinutes: break
            }
        }
        if let hour12 {
            parts.hour = hour12 + ((pm ?? ((parts.hour ?? 0) >= 12)) ? 12 : 0)
            parts.second = 0
        } else if let pm, let hour = parts.hour {
            parts.hour = hour % 12 + (pm ? 12 : 0)
        }
        // Clamp the day to the month's length.
        var firstOfMonth = parts
        firstOfMonth.day = 1
        if let monthStart = calendar.date(from: firstOfMonth),
            let length = calendar.range(of: .day, in: .month, for: monthStart)?.count, let day = parts.day, day > length
        {
            parts.day = length
        }
        return calendar.date(from: parts) ?? base
    }

    /// The duration the count-down wheels spell.
    func duration(fromRows rows: [Int]) -> TimeInterval {
        var minutes = 0
        for (column, row) in zip(columns, rows) where row >= 0 {
            if column == .countDownHours { minutes += row * 60 }
            if column == .countDownMinutes { minutes += row * minuteInterval }
        }
        return TimeInterval(minutes * 60)
    }

    // MARK: UIPickerViewDataSource, UIPickerViewDelegate

    func numberOfComponents(in pickerView: UIPickerView) -> Int { columns.count }

    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int {
        component < columns.count ? rowCount(of: columns[component]) : 0
    }

    func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        component < columns.count ? title(of: columns[component], row: row) : nil
    }

    func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat {
        guard component < columns.count else { return 0 }
        let total = columns.reduce(0) { $0 + weight(of: $1) }
        let available = pickerView.defaultWidth(forComponent: 0) * CGFloat(columns.count)
        return available * weight(of: columns[component]) / total
    }

    func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {
        datePicker?.wheelsDidSettle()
    }
}
