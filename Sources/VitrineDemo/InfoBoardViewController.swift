import Foundation
import VitrineKit

/// What the showcase shows on every screen but the main one: a large clock with the date, a
/// bar filling up over each minute, and the main screen's status (visitors, motion speed,
/// colours), updated as it changes. Its views come from `InfoBoard.xib` (Resources/), made in
/// Xcode's format and loaded by the default `loadView()` as the View Programming Guide's second
/// way: a centred stack view holds the clock, the date and the minute track; constraints pin the
/// status and the screen's name; the outlets below are connected by name when it loads.
@MainActor
public final class InfoBoardViewController: UIViewController {
    /// The local time, `HH:mm:ss`, updated at every whole second.
    @Outlet public var clockLabel: UILabel!
    /// The date under the clock.
    @Outlet public var dateLabel: UILabel!
    /// The main screen's status.
    @Outlet public var statusLabel: UILabel!
    /// "Vitrine · <connector>", top left.
    @Outlet public var screenLabel: UILabel!
    /// Fills up over each minute.
    @Outlet public var minuteBar: UIView!

    /// The status shown (`show(_:)`).
    public private(set) var status = ShowcaseStatus()

    @Outlet var minuteTrack: UIView!
    @Outlet var centerStack: UIStackView!
    /// Leading, trailing, top (screen name) and leading, trailing, bottom (status), in file order.
    @OutletCollection var marginConstraints: [NSLayoutConstraint]!
    @Outlet var trackHeight: NSLayoutConstraint!
    private let screenName: String
    private let clockText: ClockText
    private let wallClock: @MainActor () -> Date
    private lazy var ticker = WallClockTicker(wallClock: wallClock) { [weak self] date in self?.show(date) }
    private var second = 0
    private var styledSize: CGSize?

    /// A board for the screen named `screenName`, reading the time from `wallClock` and
    /// showing it in `timeZone` (nil: the system's). Its views come from `InfoBoard.xib`.
    public init(
        screenName: String, wallClock: @escaping @MainActor () -> Date = { Date() }, timeZone: TimeZone? = nil
    ) {
        self.screenName = screenName
        self.wallClock = wallClock
        clockText = ClockText(timeZone: timeZone)
        super.init(nibName: "InfoBoard", bundle: nil)
    }

    /// Not made by storyboards: it needs a screen name.
    public required init?(coder: NSCoder) {
        return nil
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        screenLabel.text = "Vitrine · \(screenName)"
        show(status)
    }

    public override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        ticker.start(on: UIApplication.shared.displayBackend.clock)
    }

    public override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        ticker.stop()
    }

    /// Shows the main screen's status.
    public func show(_ status: ShowcaseStatus) {
        self.status = status
        // Before the view loads, viewDidLoad shows it.
        guard isViewLoaded else { return }
        let visitors = status.visitors == 1 ? "1 visitor" : "\(status.visitors) visitors"
        statusLabel.text = "\(visitors) · motion \(status.speedText) · \(status.warmColors ? "warm" : "cool") colours"
        minuteBar.backgroundColor = status.warmColors ? .systemOrange : .systemTeal
    }

    private func show(_ date: Date) {
        clockLabel.text = clockText.time(date)
        let day = clockText.day(date)
        if dateLabel.text != day { dateLabel.text = day }
        second = clockText.second(date)
        layOutMinuteBar()
    }

    /// A new size: fonts, margins and spacing follow it before the engine solves.
    public override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        let bounds = view.bounds
        guard bounds.width > 0, bounds.height > 0, styledSize != bounds.size else { return }
        styledSize = bounds.size
        let clockSize = min(bounds.width * 0.17, bounds.height * 0.32).rounded()
        clockLabel.font = .systemFont(ofSize: max(24, clockSize), weight: .ultraLight)
        let text = max(14, (clockSize * 0.24).rounded())
        dateLabel.font = .systemFont(ofSize: text)
        statusLabel.font = .systemFont(ofSize: text)
        screenLabel.font = .systemFont(ofSize: max(12, (text * 0.7).rounded()))
        let margin = max(16, (min(bounds.width, bounds.height) * 0.04).rounded())
        // Leading, trailing, top (screen name, at 0.8 of the margin) and bottom (status).
        let constants = [margin, -margin, margin * 0.8, margin, -margin, -margin]
        for (constraint, constant) in zip(marginConstraints, constants) { constraint.constant = constant }
        centerStack.setCustomSpacing(margin * 0.6, after: dateLabel)
        trackHeight?.constant = max(4, (margin * 0.18).rounded())
    }

    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        minuteTrack.layer.cornerRadius = minuteTrack.bounds.height / 2
        layOutMinuteBar()
    }

    private func layOutMinuteBar() {
        let track = minuteTrack.bounds
        minuteBar.frame = CGRect(x: 0, y: 0, width: track.width * CGFloat(second + 1) / 60, height: track.height)
        minuteBar.layer.cornerRadius = track.height / 2
    }
}
