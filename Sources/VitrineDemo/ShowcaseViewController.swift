import Foundation
import VitrineKit

/// The showcase's main screen: a header with the title and a clock ticking every second, three
/// cards (a featured picture, an animated panel, a visitor counter with two buttons) and a
/// control bar whose switch and slider change the animated panel's colours and speed.
///
/// Written only against VitrineKit's UIKit API, as an app would be. Everything is laid out in
/// `viewDidLayoutSubviews` from the view's size, so it fits landscape, portrait and small
/// panels (the cards stand in a row on landscape screens and in a column on portrait ones).
@MainActor
public final class ShowcaseViewController: UIViewController {
    /// "Vitrine", top left.
    public let titleLabel = UILabel()
    /// The line under the title.
    public let subtitleLabel = UILabel()
    /// The local time, `HH:mm:ss`, top right; updated at every whole second.
    public let clockLabel = UILabel()
    /// The date under the clock.
    public let dateLabel = UILabel()

    /// The card holding the featured picture.
    public let pictureCard = UIView()
    /// The featured picture.
    public let pictureView = UIImageView()
    /// The card holding the animated panel.
    public let motionCard = UIView()
    /// The animated panel.
    public let motionView = MotionPanelView()
    /// The card holding the visitor counter and its buttons.
    public let visitorsCard = UIView()
    /// The number of visitors checked in.
    public let visitorsLabel = UILabel()
    /// Adds a visitor.
    public let checkInButton = ShowcaseButton(
        title: "Check in", fill: UIColor(red: 0.16, green: 0.47, blue: 0.95, alpha: 1),
        highlightedFill: UIColor(red: 0.72, green: 0.86, blue: 1, alpha: 1))
    /// Sets the count back to zero.
    public let resetButton = ShowcaseButton(
        title: "Reset", fill: UIColor(white: 1, alpha: 0.08), highlightedFill: UIColor(white: 1, alpha: 0.4),
        border: UIColor(white: 1, alpha: 0.5), highlightedBorder: .white)

    /// The bar along the bottom.
    public let controlBar = UIView()
    /// Warm or cool colours for the animated panel.
    public let warmSwitch = UISwitch()
    /// The animated panel's speed, 0.25× ... 3×.
    public let speedSlider = UISlider()
    /// The speed as a number, right of the slider.
    public let speedValueLabel = UILabel()
    /// What the controls last did, at the right of the bar.
    public let statusLabel = UILabel()

    /// What the controls have set.
    public private(set) var status = ShowcaseStatus() {
        didSet { if status != oldValue { statusDidChange?(status) } }
    }
    /// Called whenever `status` changes (the app delegate mirrors it on other screens).
    public var statusDidChange: (@MainActor (ShowcaseStatus) -> Void)?

    private let wallpaperView = UIImageView()
    private var cardTitles: [UILabel] = []
    private let pictureCaption = UILabel()
    private let visitorsCaption = UILabel()
    private let warmLabel = UILabel()
    private let speedLabel = UILabel()
    private let clockText: ClockText
    private lazy var ticker = WallClockTicker(wallClock: wallClock) { [weak self] date in self?.show(date) }
    private let wallClock: @MainActor () -> Date
    /// The size the fonts, button images and wallpaper were made for.
    private var styledSize: CGSize?

    private static let coolAccent = UIColor.systemTeal
    private static let warmAccent = UIColor.systemOrange

    /// A showcase reading the time from `wallClock` (the system's by default) and showing it
    /// in `timeZone` (the system's by default); tests pass fixed ones.
    public init(wallClock: @escaping @MainActor () -> Date = { Date() }, timeZone: TimeZone? = nil) {
        self.wallClock = wallClock
        clockText = ClockText(timeZone: timeZone)
        super.init(nibName: nil, bundle: nil)
    }

    /// Vitrine has no archives; always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    // MARK: Building

    public override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = UIColor(red: 0.06, green: 0.08, blue: 0.16, alpha: 1)
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        wallpaperView.contentMode = .scaleToFill
        view.addSubview(wallpaperView)

        titleLabel.text = "Vitrine"
        subtitleLabel.text = "UIKit-style apps on Linux panels"
        for (label, alpha) in [(titleLabel, 1.0), (subtitleLabel, 0.72), (clockLabel, 1.0), (dateLabel, 0.72)] {
            label.textColor = UIColor(white: 1, alpha: alpha)
            view.addSubview(label)
        }
        clockLabel.textAlignment = .right
        dateLabel.textAlignment = .right

        for (card, title) in [(pictureCard, "Featured"), (motionCard, "Live motion"), (visitorsCard, "Visitors")] {
            card.backgroundColor = UIColor(white: 1, alpha: 0.1)
            card.layer.borderWidth = 1.5
            card.layer.borderColor = UIColor(white: 1, alpha: 0.22).cgColor
            view.addSubview(card)
            let label = UILabel()
            label.text = title
            label.textColor = UIColor(white: 1, alpha: 0.9)
            card.addSubview(label)
            cardTitles.append(label)
        }

        pictureView.image = ShowcaseArtwork.landscape
        pictureView.contentMode = .scaleAspectFill
        pictureView.clipsToBounds = true
        pictureCard.addSubview(pictureView)
        pictureCaption.text = "Dawn over the lake"
        pictureCaption.textColor = .white
        pictureCaption.backgroundColor = UIColor(white: 0, alpha: 0.38)
        pictureCaption.textAlignment = .center
        pictureView.addSubview(pictureCaption)

        motionView.accentColor = Self.coolAccent
        motionCard.addSubview(motionView)

        visitorsLabel.textAlignment = .center
        visitorsLabel.textColor = .white
        visitorsCaption.text = "checked in today"
        visitorsCaption.textAlignment = .center
        visitorsCaption.textColor = UIColor(white: 1, alpha: 0.72)
        checkInButton.setTitleColor(UIColor(red: 0.05, green: 0.2, blue: 0.45, alpha: 1), for: .highlighted)
        checkInButton.addAction(UIAction { [weak self] _ in self?.checkIn() }, for: .primaryActionTriggered)
        resetButton.addAction(UIAction { [weak self] _ in self?.resetVisitors() }, for: .primaryActionTriggered)
        for view in [visitorsLabel, visitorsCaption, checkInButton, resetButton] { visitorsCard.addSubview(view) }

        controlBar.backgroundColor = UIColor(white: 0, alpha: 0.42)
        controlBar.layer.borderWidth = 1
        controlBar.layer.borderColor = UIColor(white: 1, alpha: 0.14).cgColor
        view.addSubview(controlBar)
        warmLabel.text = "Warm colours"
        speedLabel.text = "Speed"
        warmSwitch.onTintColor = Self.warmAccent
        warmSwitch.addAction(UIAction { [weak self] _ in self?.warmthChanged() }, for: .valueChanged)
        speedSlider.minimumValue = 0.25
        speedSlider.maximumValue = 3
        speedSlider.value = 1
        speedSlider.minimumTrackTintColor = Self.coolAccent
        speedSlider.addAction(UIAction { [weak self] _ in self?.speedChanged() }, for: .valueChanged)
        statusLabel.text = "Touch a button"
        for label in [warmLabel, speedLabel, speedValueLabel, statusLabel] {
            label.textColor = UIColor(white: 1, alpha: 0.9)
        }
        statusLabel.textAlignment = .right
        for view in [warmSwitch, warmLabel, speedLabel, speedSlider, speedValueLabel, statusLabel] {
            controlBar.addSubview(view)
        }
        showStatus()
    }

    // MARK: Appearance

    public override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        ticker.start(on: UIApplication.shared.displayBackend.clock)
        motionView.startAnimating()
    }

    public override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        ticker.stop()
        motionView.stopAnimating()
    }

    private func show(_ date: Date) {
        clockLabel.text = clockText.time(date)
        let day = clockText.day(date)
        if dateLabel.text != day { dateLabel.text = day }
    }

    // MARK: Actions

    private func checkIn() {
        status.visitors += 1
        statusLabel.text = "Checked in visitor \(status.visitors)"
        showStatus()
        // A small bounce, so that the change catches the eye.
        UIView.performWithoutAnimation { visitorsLabel.transform = CGAffineTransform(scaleX: 1.18, y: 1.18) }
        UIView.animate(
            withDuration: 0.45, delay: 0, usingSpringWithDamping: 0.55, initialSpringVelocity: 0,
            options: [.allowUserInteraction], animations: { self.visitorsLabel.transform = .identity },
            completion: nil)
    }

    private func resetVisitors() {
        status.visitors = 0
        statusLabel.text = "Counter reset"
        showStatus()
    }

    private func warmthChanged() {
        status.warmColors = warmSwitch.isOn
        statusLabel.text = warmSwitch.isOn ? "Warm colours" : "Cool colours"
        let accent = warmSwitch.isOn ? Self.warmAccent : Self.coolAccent
        UIView.animate(withDuration: 0.35) { self.motionView.accentColor = accent }
        speedSlider.minimumTrackTintColor = accent
    }

    private func speedChanged() {
        // Tenths: the shown number is the speed used.
        let speed = (Double(speedSlider.value) * 10).rounded() / 10
        guard speed != status.motionSpeed else { return }
        status.motionSpeed = speed
        motionView.setSpeed(speed)
        statusLabel.text = "Speed \(status.speedText)"
        showStatus()
    }

    private func showStatus() {
        visitorsLabel.text = "\(status.visitors)"
        visitorsCaption.text = status.visitors == 1 ? "visitor checked in" : "visitors checked in"
        speedValueLabel.text = status.speedText
    }

    /// The middle of `view` in screen points: where a synthetic tap on it goes.
    public func screenCenter(of view: UIView) -> CGPoint {
        let center = view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil)
        return view.window.map { $0.convert(center, to: $0.screen.coordinateSpace) } ?? center
    }

    // MARK: Layout

    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds
        guard bounds.width > 0, bounds.height > 0 else { return }
        let metrics = LayoutMetrics(size: bounds.size)
        if styledSize != bounds.size {
            styledSize = bounds.size
            applyStyle(metrics)
        }
        wallpaperView.frame = bounds
        let margin = metrics.margin

        // Header: title and subtitle on the left, clock and date on the right.
        let clockSize = fittingSize(clockLabel, sample: "00:00:00")
        let dateSize = fittingSize(dateLabel, sample: dateLabel.text ?? "")
        let clockWidth = max(clockSize.width, dateSize.width)
        clockLabel.frame = CGRect(
            x: bounds.width - margin - clockWidth, y: margin * 0.6, width: clockWidth, height: clockSize.height)
        dateLabel.frame = CGRect(
            x: clockLabel.frame.minX, y: clockLabel.frame.maxY, width: clockWidth, height: dateSize.height)
        let titleHeight = fittingSize(titleLabel, sample: "Vitrine").height
        let subtitleHeight = fittingSize(subtitleLabel, sample: "Vitrine").height
        let textWidth = max(0, clockLabel.frame.minX - margin * 2)
        let headerHeight = max(clockLabel.frame.height + dateLabel.frame.height, titleHeight + subtitleHeight)
        let titleTop = margin * 0.6 + (headerHeight - titleHeight - subtitleHeight) / 2
        titleLabel.frame = CGRect(x: margin, y: titleTop, width: textWidth, height: titleHeight)
        subtitleLabel.frame = CGRect(x: margin, y: titleLabel.frame.maxY, width: textWidth, height: subtitleHeight)
        let headerBottom = margin * 0.6 + headerHeight

        // Control bar along the bottom.
        let barHeight = metrics.barHeight
        controlBar.frame = CGRect(
            x: margin, y: bounds.height - margin - barHeight, width: bounds.width - 2 * margin, height: barHeight)
        controlBar.layer.cornerRadius = (barHeight * 0.28).rounded()
        layOutControlBar(metrics)

        // Cards between them: a row on landscape screens, a column on portrait ones.
        let area = CGRect(
            x: margin, y: headerBottom + margin * 0.8, width: bounds.width - 2 * margin,
            height: max(0, controlBar.frame.minY - margin - headerBottom - margin * 0.8))
        let cards = [pictureCard, motionCard, visitorsCard]
        let portrait = bounds.height > bounds.width
        for (index, card) in cards.enumerated() {
            let position = CGFloat(index)
            if portrait {
                let height = ((area.height - 2 * margin) / 3).rounded(.down)
                card.frame = CGRect(
                    x: area.minX, y: area.minY + position * (height + margin), width: area.width, height: height)
            } else {
                let width = ((area.width - 2 * margin) / 3).rounded(.down)
                card.frame = CGRect(
                    x: area.minX + position * (width + margin), y: area.minY, width: width, height: area.height)
            }
            card.layer.cornerRadius = metrics.cornerRadius
        }
        for (card, title) in zip(cards, cardTitles) {
            title.frame = CGRect(
                x: metrics.cardPadding, y: metrics.cardPadding * 0.7,
                width: max(0, card.bounds.width - 2 * metrics.cardPadding),
                height: fittingSize(title, sample: "Visitors").height)
        }
        layOutPictureCard(metrics)
        layOutMotionCard(metrics)
        layOutVisitorsCard(metrics)
    }

    /// The area of `card` below its title.
    private func contentRect(of card: UIView, _ metrics: LayoutMetrics) -> CGRect {
        let top = (cardTitles.first?.frame.maxY ?? 0) + metrics.cardPadding * 0.6
        let padding = metrics.cardPadding
        return CGRect(
            x: padding, y: top, width: max(0, card.bounds.width - 2 * padding),
            height: max(0, card.bounds.height - top - padding))
    }

    private func layOutPictureCard(_ metrics: LayoutMetrics) {
        pictureView.frame = contentRect(of: pictureCard, metrics)
        pictureView.layer.cornerRadius = (metrics.cornerRadius * 0.6).rounded()
        let captionHeight = (fittingSize(pictureCaption, sample: "Dawn").height * 1.6).rounded()
        pictureCaption.frame = CGRect(
            x: 0, y: max(0, pictureView.bounds.height - captionHeight), width: pictureView.bounds.width,
            height: min(captionHeight, pictureView.bounds.height))
    }

    private func layOutMotionCard(_ metrics: LayoutMetrics) {
        motionView.frame = contentRect(of: motionCard, metrics).insetBy(dx: metrics.cardPadding * 0.2, dy: 0)
    }

    private func layOutVisitorsCard(_ metrics: LayoutMetrics) {
        let content = contentRect(of: visitorsCard, metrics)
        let buttonHeight = metrics.buttonHeight
        let gap = metrics.cardPadding * 0.6
        let captionHeight = fittingSize(visitorsCaption, sample: "visitors").height
        let wide = content.width > content.height * 1.6
        // Counter and caption on the left of a wide card, above the buttons otherwise.
        let counterArea: CGRect
        if wide {
            counterArea = CGRect(x: content.minX, y: content.minY, width: content.width * 0.5, height: content.height)
            let buttonWidth = content.width * 0.5 - gap
            let stackHeight = 2 * buttonHeight + gap
            let top = content.midY - stackHeight / 2
            checkInButton.frame = CGRect(
                x: content.maxX - buttonWidth, y: top, width: buttonWidth, height: buttonHeight)
            resetButton.frame = checkInButton.frame.offsetBy(dx: 0, dy: buttonHeight + gap)
        } else {
            counterArea = CGRect(
                x: content.minX, y: content.minY, width: content.width,
                height: max(0, content.height - buttonHeight - gap))
            let buttonWidth = ((content.width - gap) / 2).rounded(.down)
            checkInButton.frame = CGRect(
                x: content.minX, y: content.maxY - buttonHeight, width: buttonWidth, height: buttonHeight)
            resetButton.frame = checkInButton.frame.offsetBy(dx: buttonWidth + gap, dy: 0)
        }
        let counterFont = UIFont.systemFont(
            ofSize: max(24, min(counterArea.height * 0.5, metrics.scaled(170))).rounded(), weight: .bold)
        if visitorsLabel.font != counterFont { visitorsLabel.font = counterFont }
        let counterHeight = min(counterArea.height - captionHeight, counterFont.lineHeight.rounded(.up))
        let blockTop = counterArea.minY + max(0, (counterArea.height - counterHeight - captionHeight) / 2)
        // Bounds and centre, not frame: the bounce animates the transform.
        visitorsLabel.bounds = CGRect(x: 0, y: 0, width: counterArea.width, height: max(0, counterHeight))
        visitorsLabel.center = CGPoint(x: counterArea.midX, y: blockTop + counterHeight / 2)
        visitorsCaption.frame = CGRect(
            x: counterArea.minX, y: blockTop + counterHeight, width: counterArea.width, height: captionHeight)
    }

    private func layOutControlBar(_ metrics: LayoutMetrics) {
        let bar = controlBar.bounds
        let padding = metrics.barScaled(28, minimum: 12)
        let gap = metrics.barScaled(36, minimum: 14)
        let small = metrics.barScaled(10, minimum: 6)
        // Switches and sliders keep UIKit's sizes; on big screens they are drawn larger.
        let controlScale = min(1.6, max(1, metrics.barUnit * 1.5))
        let transform = CGAffineTransform(scaleX: controlScale, y: controlScale)
        warmSwitch.transform = transform
        let switchWidth = warmSwitch.bounds.width * controlScale
        warmSwitch.center = CGPoint(x: padding + switchWidth / 2, y: bar.midY)
        var x = padding + switchWidth + small
        warmLabel.frame = labelFrame(warmLabel, x: x, in: bar)
        x = warmLabel.frame.maxX + gap
        speedLabel.frame = labelFrame(speedLabel, x: x, in: bar)
        x = speedLabel.frame.maxX + small
        let sliderWidth = min(520, max(140, bar.width * 0.24)).rounded()
        speedSlider.transform = transform
        speedSlider.bounds = CGRect(x: 0, y: 0, width: sliderWidth / controlScale, height: 31)
        speedSlider.center = CGPoint(x: x + sliderWidth / 2, y: bar.midY)
        x += sliderWidth + small
        let valueWidth = fittingSize(speedValueLabel, sample: "0.0×").width
        speedValueLabel.frame = CGRect(
            x: x, y: labelFrame(speedValueLabel, x: x, in: bar).minY, width: valueWidth,
            height: labelFrame(speedValueLabel, x: x, in: bar).height)
        x = speedValueLabel.frame.maxX + gap
        let statusHeight = fittingSize(statusLabel, sample: "Status").height
        statusLabel.frame = CGRect(
            x: x, y: (bar.midY - statusHeight / 2).rounded(), width: max(0, bar.width - padding - x),
            height: statusHeight)
    }

    /// A label's one-line fitting size at its current font (at least `sample`'s).
    private func fittingSize(_ label: UILabel, sample: String) -> CGSize {
        let fit = label.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
        let probe = UILabel()
        probe.font = label.font
        probe.text = sample
        let sampleFit = probe.sizeThatFits(
            CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
        return CGSize(
            width: max(fit.width, sampleFit.width).rounded(.up), height: max(fit.height, sampleFit.height).rounded(.up))
    }

    /// A label's fitting frame starting at `x`, centred vertically in `bar`.
    private func labelFrame(_ label: UILabel, x: CGFloat, in bar: CGRect) -> CGRect {
        let size = fittingSize(label, sample: label.text ?? "")
        return CGRect(x: x, y: (bar.midY - size.height / 2).rounded(), width: size.width, height: size.height)
    }

    /// Fonts, wallpaper and button images for a new size.
    private func applyStyle(_ metrics: LayoutMetrics) {
        wallpaperView.image = ShowcaseArtwork.wallpaper(for: metrics.size)
        titleLabel.font = .boldSystemFont(ofSize: metrics.scaled(64, minimum: 26))
        subtitleLabel.font = .systemFont(ofSize: metrics.scaled(24, minimum: 13))
        clockLabel.font = .systemFont(ofSize: metrics.scaled(96, minimum: 34), weight: .ultraLight)
        dateLabel.font = .systemFont(ofSize: metrics.scaled(24, minimum: 13))
        for title in cardTitles { title.font = .systemFont(ofSize: metrics.scaled(30, minimum: 15), weight: .semibold) }
        pictureCaption.font = .systemFont(ofSize: metrics.scaled(22, minimum: 12))
        visitorsCaption.font = .systemFont(ofSize: metrics.scaled(24, minimum: 13))
        let buttonFont = UIFont.systemFont(ofSize: metrics.scaled(30, minimum: 16), weight: .semibold)
        checkInButton.titleLabel?.font = buttonFont
        resetButton.titleLabel?.font = buttonFont
        for button in [checkInButton, resetButton] {
            button.layer.cornerRadius = (metrics.buttonHeight * 0.3).rounded()
        }
        for label in [warmLabel, speedLabel, speedValueLabel, statusLabel] {
            label.font = .systemFont(ofSize: metrics.barScaled(26, minimum: 14))
        }
    }
}

/// Sizes derived from a screen's size: a 1080-point short side is the design size; smaller
/// panels shrink everything (with minimums that keep text legible), larger ones grow it.
struct LayoutMetrics {
    let size: CGSize
    /// The short side over 1080, within 0.4 ... 2.
    let unit: CGFloat

    init(size: CGSize) {
        self.size = size
        unit = min(2, max(0.4, min(size.width, size.height) / 1080))
    }

    /// `value` design points at this size, rounded, at least `minimum`.
    func scaled(_ value: CGFloat, minimum: CGFloat = 0) -> CGFloat {
        max(minimum, (value * unit).rounded())
    }

    /// `unit`, less on screens narrower than 1350 points (portrait ones), where the bar's row
    /// of controls must fit the width.
    var barUnit: CGFloat { min(unit, size.width / 1350) }

    /// `value` design points in the control bar, rounded, at least `minimum`.
    func barScaled(_ value: CGFloat, minimum: CGFloat = 0) -> CGFloat {
        max(minimum, (value * barUnit).rounded())
    }

    var margin: CGFloat { scaled(36, minimum: 14) }
    var cardPadding: CGFloat { scaled(28, minimum: 12) }
    var cornerRadius: CGFloat { scaled(28, minimum: 12) }
    var barHeight: CGFloat { scaled(104, minimum: 58) }
    var buttonHeight: CGFloat { scaled(84, minimum: 44) }
}
