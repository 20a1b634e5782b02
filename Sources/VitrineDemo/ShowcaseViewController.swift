import Foundation
import VitrineKit

/// The showcase's main screen: over a `CAGradientLayer` background, a header with the title and
/// a clock ticking every second, four shadowed cards (a paged gallery with its page control, an
/// animated panel with a ring for the minute's progress and a segmented control choosing its
/// speed, a scrolling product list, a visitor counter in a progress ring toward the day's goal,
/// with name and PIN fields and two buttons; the rings are `CAShapeLayer`s) and a control bar
/// whose switch and slider change the animated panel's colours and speed.
///
/// Written only against VitrineKit's UIKit API, as an app would be, and laid out by Auto Layout:
/// anchors and layout guides place the header, the cards and the bar; stack views arrange the
/// header's text, the cards (in a row on landscape screens, in a column on portrait ones), the
/// counter with its buttons and the bar's controls. Sizes follow the screen (`LayoutMetrics`):
/// when the view's size changes, `viewWillLayoutSubviews` sets the fonts and the constraints'
/// constants before the engine solves.
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

    /// The gradient behind everything.
    public let backgroundView = GradientBackgroundView()
    /// The card holding the featured pictures.
    public let pictureCard = ShowcaseCardView()
    /// The featured pictures: a paged gallery.
    public let gallery = GalleryView(pictures: ShowcaseArtwork.gallery)
    /// The card holding the animated panel.
    public let motionCard = ShowcaseCardView()
    /// The animated panel.
    public let motionView = MotionPanelView()
    /// Right of the animated panel's title: the current minute's progress, a second at a time
    /// (as the info boards' minute bar).
    public let minuteRing = ProgressRingView()
    /// Slow, normal or fast: the animated panel's speed in three steps (`speedPresets`), under
    /// the panel; the slider sets any speed between, and then no segment is selected.
    public let speedControl = UISegmentedControl(items: ["Slow", "Normal", "Fast"])
    /// The speeds of `speedControl`'s segments.
    public static let speedPresets = [0.5, 1, 2]
    /// The card holding the product list.
    public let menuCard = ShowcaseCardView()
    /// The product list: 1,000 rows in a table view.
    public let productList = ProductListView()
    /// The card holding the visitor counter and its buttons.
    public let visitorsCard = ShowcaseCardView()
    /// The number of visitors checked in.
    public let visitorsLabel = UILabel()
    /// Around the number: how far the visitors are toward `visitorGoal`.
    public let visitorsRing = ProgressRingView()
    /// The visitors a day the ring counts toward.
    public static let visitorGoal = 10
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
    /// The bar's controls and labels, in a row.
    public let controlBarStack = UIStackView()
    /// The three cards: a row on landscape screens, a column on portrait ones.
    public let cardsStack = UIStackView()
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

    private var cardTitles: [UILabel] = []
    private let visitorsCaption = UILabel()
    private let warmLabel = UILabel()
    private let speedLabel = UILabel()
    private let clockText: ClockText
    private lazy var ticker = WallClockTicker(wallClock: wallClock) { [weak self] date in self?.show(date) }
    private let wallClock: @MainActor () -> Date
    /// The size the fonts and constants were made for.
    private var styledSize: CGSize?
    /// Watches the keyboard, to lift the screen above it while a field edits.
    private var keyboardObserver: (any NSObjectProtocol)?
    private let titleStack = UIStackView()
    private let clockStack = UIStackView()
    private let headerGuide = UILayoutGuide()
    private let counterArea = UIView()
    private let counterStack = UIStackView()
    private let buttonsStack = UIStackView()
    /// The sign-in fields above the buttons, and the fields with the buttons.
    private let signInStack = UIStackView()
    private let visitorControls = UIStackView()
    /// The visitor's name, typed before "Check in" (optional).
    public let nameField = UITextField()
    /// A 4-digit PIN, typed as dots on a number pad (optional).
    public let pinField = UITextField()
    private let visitorsContent = UIStackView()
    private lazy var switchHost = ScaledControlHost(control: warmSwitch)
    private lazy var sliderHost = ScaledControlHost(control: speedSlider)
    /// Constraints whose constants follow the screen's size, with what each should be.
    private var metricConstraints: [(constraint: NSLayoutConstraint, value: (LayoutMetrics) -> CGFloat)] = []

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
        view.addConstrainedSubview(backgroundView)

        titleLabel.text = "Vitrine"
        title = "Vitrine"  // the back button of a product's screen
        subtitleLabel.text = "UIKit-style apps on Linux panels"
        // The time from the first layout on: the header's height is measured from the clock's
        // text, whichever container lays the view out before it appears.
        show(wallClock())
        for (label, alpha) in [(titleLabel, 1.0), (subtitleLabel, 0.72), (clockLabel, 1.0), (dateLabel, 0.72)] {
            label.textColor = UIColor(white: 1, alpha: alpha)
        }
        clockLabel.textAlignment = .right
        dateLabel.textAlignment = .right
        arrange(titleStack, [titleLabel, subtitleLabel], axis: .vertical, alignment: .leading)
        arrange(clockStack, [clockLabel, dateLabel], axis: .vertical, alignment: .trailing)
        view.addConstrainedSubview(titleStack)
        view.addConstrainedSubview(clockStack)
        view.addLayoutGuide(headerGuide)

        for (card, title) in [
            (pictureCard, "Featured"), (motionCard, "Live motion"), (menuCard, "Menu"), (visitorsCard, "Visitors"),
        ] {
            let label = UILabel()
            label.text = title
            label.textColor = UIColor(white: 1, alpha: 0.9)
            card.addConstrainedSubview(label)
            cardTitles.append(label)
        }
        arrange(cardsStack, [pictureCard, motionCard, menuCard, visitorsCard], axis: .horizontal, alignment: .fill)
        cardsStack.distribution = .fillEqually
        view.addConstrainedSubview(cardsStack)

        pictureCard.addConstrainedSubview(gallery)

        motionView.accentColor = Self.coolAccent
        minuteRing.ringColor = Self.coolAccent
        motionCard.addConstrainedSubview(minuteRing)
        motionCard.addConstrainedSubview(motionView)
        speedControl.selectedSegmentIndex = 1
        // "Normal" is the longest: on small panels the titles get room by their length.
        speedControl.apportionsSegmentWidthsByContent = true
        speedControl.selectedSegmentTintColor = Self.coolAccent
        speedControl.addAction(UIAction { [weak self] _ in self?.speedPresetChosen() }, for: .valueChanged)
        motionCard.addConstrainedSubview(speedControl)

        menuCard.addConstrainedSubview(productList)
        productList.productSelected = { [weak self] row, name in
            self?.statusLabel.text = "Chose \(name)"
            let details = ProductDetailViewController(row: row)
            details.ordered = { self?.statusLabel.text = "Ordered \($0)" }
            self?.navigationController?.pushViewController(details, animated: true)
        }

        visitorsLabel.textAlignment = .center
        visitorsLabel.textColor = .white
        visitorsCaption.text = "checked in today"
        visitorsCaption.textAlignment = .center
        visitorsCaption.textColor = UIColor(white: 1, alpha: 0.72)
        checkInButton.setTitleColor(UIColor(red: 0.05, green: 0.2, blue: 0.45, alpha: 1), for: .highlighted)
        checkInButton.addAction(UIAction { [weak self] _ in self?.checkIn() }, for: .primaryActionTriggered)
        resetButton.addAction(UIAction { [weak self] _ in self?.resetVisitors() }, for: .primaryActionTriggered)
        arrange(counterStack, [visitorsLabel, visitorsCaption], axis: .vertical, alignment: .fill)
        visitorsRing.ringColor = Self.coolAccent
        counterArea.addConstrainedSubview(visitorsRing)
        counterArea.addConstrainedSubview(counterStack)
        arrange(buttonsStack, [checkInButton, resetButton], axis: .horizontal, alignment: .fill)
        buttonsStack.distribution = .fillEqually
        nameField.placeholder = "Your name"
        nameField.autocapitalizationType = .words
        nameField.returnKeyType = .next
        nameField.addAction(
            UIAction { [weak self] _ in self?.pinField.becomeFirstResponder() }, for: .primaryActionTriggered)
        pinField.placeholder = "PIN"
        pinField.isSecureTextEntry = true
        pinField.keyboardType = .numberPad
        pinField.returnKeyType = .done
        pinField.addAction(UIAction { [weak self] _ in self?.checkIn() }, for: .primaryActionTriggered)
        for field in [nameField, pinField] {
            field.borderStyle = .roundedRect
            field.clearButtonMode = .whileEditing
        }
        pinField.setContentHuggingPriority(.defaultHigh, for: .horizontal)
        arrange(signInStack, [nameField, pinField], axis: .horizontal, alignment: .fill)
        arrange(visitorControls, [signInStack, buttonsStack], axis: .vertical, alignment: .fill)
        arrange(visitorsContent, [counterArea, visitorControls], axis: .vertical, alignment: .fill)
        visitorsCard.addConstrainedSubview(visitorsContent)

        controlBar.backgroundColor = UIColor(white: 0, alpha: 0.42)
        controlBar.layer.borderWidth = 1
        controlBar.layer.borderColor = UIColor(white: 1, alpha: 0.14).cgColor
        view.addConstrainedSubview(controlBar)
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
            // The labels keep their text's width; the status takes what is left.
            label.setContentHuggingPriority(.defaultLow + 1, for: .horizontal)
        }
        statusLabel.textAlignment = .right
        statusLabel.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        statusLabel.setContentCompressionResistancePriority(.defaultHigh - 1, for: .horizontal)
        arrange(
            controlBarStack, [switchHost, warmLabel, speedLabel, sliderHost, speedValueLabel, statusLabel],
            axis: .horizontal, alignment: .center)
        controlBar.addConstrainedSubview(controlBarStack)
        makeConstraints()
        showStatus()
        keyboardObserver = NotificationCenter.default.addObserver(
            forName: UIResponder.keyboardWillChangeFrameNotification, object: nil, queue: nil
        ) { [weak self] notification in
            let end = (notification.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue
            let duration = (notification.userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] as? NSNumber)?
                .doubleValue
            MainActor.assumeIsolated { self?.keyboardWillChange(to: end, duration: duration ?? 0.25) }
        }
    }

    /// Lifts the whole screen (its bounds' origin) just enough that the field being edited
    /// stays above the keyboard, in step with the keyboard's slide, as iOS apps do.
    private func keyboardWillChange(to end: CGRect?, duration: Double) {
        guard let window = view.window, let end else { return }
        let keyboardTop = window.convert(end, from: window.screen.coordinateSpace).minY
        let lift = view.bounds.origin.y
        var needed: CGFloat = 0
        if let field = [nameField, pinField].first(where: \.isFirstResponder) {
            // Where the field's bottom would be with the screen not lifted, plus a margin.
            let bottom = field.convert(field.bounds, to: window).maxY + lift + 16
            needed = max(0, (bottom - keyboardTop).rounded(.up))
        }
        guard needed != lift else { return }
        UIView.animate(withDuration: duration, delay: 0, options: [.beginFromCurrentState]) {
            self.view.bounds.origin.y = needed
        }
    }

    private func arrange(
        _ stack: UIStackView, _ views: [UIView], axis: NSLayoutConstraint.Axis, alignment: UIStackView.Alignment
    ) {
        for view in views { stack.addArrangedSubview(view) }
        stack.axis = axis
        stack.alignment = alignment
    }

    /// `constraint`, whose constant `value` gives for the screen's metrics.
    private func metric(
        _ constraint: NSLayoutConstraint, _ value: @escaping (LayoutMetrics) -> CGFloat
    ) -> NSLayoutConstraint {
        metricConstraints.append((constraint, value))
        return constraint
    }

    /// `constraint` at `priority`.
    private func priority(_ priority: UILayoutPriority, _ constraint: NSLayoutConstraint) -> NSLayoutConstraint {
        constraint.priority = priority
        return constraint
    }

    // MARK: Appearance

    public override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        // The showcase fills the screen; a product's screen pushed over it shows the bar.
        navigationController?.setNavigationBarHidden(true, animated: animated)
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
        // Each second moves the arc on; a new minute starts it again at once.
        let second = clockText.second(date)
        minuteRing.setProgress(CGFloat(second + 1) / 60, animated: second != 0 && minuteRing.window != nil)
    }

    // MARK: Actions

    private func checkIn() {
        let pin = pinField.text ?? ""
        guard pin.isEmpty || (pin.count == 4 && pin.allSatisfy(\.isASCII) && pin.allSatisfy(\.isNumber)) else {
            statusLabel.text = "A PIN has 4 digits"
            return
        }
        let name = (nameField.text ?? "").trimmingCharacters(in: .whitespaces)
        view.endEditing(true)
        nameField.text = nil
        pinField.text = nil
        status.visitors += 1
        statusLabel.text = name.isEmpty ? "Checked in visitor \(status.visitors)" : "Welcome, \(name)"
        showStatus(animated: true)
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
        showStatus(animated: true)
    }

    private func warmthChanged() {
        status.warmColors = warmSwitch.isOn
        statusLabel.text = warmSwitch.isOn ? "Warm colours" : "Cool colours"
        let accent = warmSwitch.isOn ? Self.warmAccent : Self.coolAccent
        UIView.animate(withDuration: 0.35) { self.motionView.accentColor = accent }
        speedSlider.minimumTrackTintColor = accent
        speedControl.selectedSegmentTintColor = accent
        visitorsRing.ringColor = accent
        minuteRing.ringColor = accent
    }

    private func speedChanged() {
        // Tenths: the shown number is the speed used.
        setSpeed((Double(speedSlider.value) * 10).rounded() / 10)
    }

    /// A segment chosen: its speed, on the slider too.
    private func speedPresetChosen() {
        let index = speedControl.selectedSegmentIndex
        guard Self.speedPresets.indices.contains(index) else { return }
        let speed = Self.speedPresets[index]
        speedSlider.setValue(Float(speed), animated: true)
        setSpeed(speed)
    }

    /// The panel runs at `speed`, the status says so (the info boards mirror it).
    private func setSpeed(_ speed: Double) {
        guard speed != status.motionSpeed else { return }
        status.motionSpeed = speed
        motionView.setSpeed(speed)
        statusLabel.text = "Speed \(status.speedText)"
        showStatus()
    }

    private func showStatus(animated: Bool = false) {
        visitorsLabel.text = "\(status.visitors)"
        visitorsCaption.text = status.visitors == 1 ? "visitor checked in" : "visitors checked in"
        visitorsRing.setProgress(CGFloat(status.visitors) / CGFloat(Self.visitorGoal), animated: animated)
        speedValueLabel.text = status.speedText
        speedControl.selectedSegmentIndex =
            Self.speedPresets.firstIndex(of: status.motionSpeed) ?? UISegmentedControl.noSegment
    }

    /// The middle of `view` in screen points: where a synthetic tap on it goes.
    public func screenCenter(of view: UIView) -> CGPoint {
        let center = view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil)
        return view.window.map { $0.convert(center, to: $0.screen.coordinateSpace) } ?? center
    }

    // MARK: Layout

    /// The constraints, made once; their constants follow the screen (`metric`).
    private func makeConstraints() {
        let margin: (LayoutMetrics) -> CGFloat = { $0.margin }
        let padding: (LayoutMetrics) -> CGFloat = { $0.cardPadding }
        var constraints: [NSLayoutConstraint] = [
            backgroundView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            backgroundView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            backgroundView.topAnchor.constraint(equalTo: view.topAnchor),
            backgroundView.bottomAnchor.constraint(equalTo: view.bottomAnchor),

            // The header: the title's text on the left, the clock's on the right, centred on
            // one line in a band as tall as the taller of the two.
            metric(headerGuide.topAnchor.constraint(equalTo: view.topAnchor)) { ($0.margin * 0.6) },
            metric(headerGuide.leadingAnchor.constraint(equalTo: view.leadingAnchor), margin),
            metric(headerGuide.trailingAnchor.constraint(equalTo: view.trailingAnchor)) { -$0.margin },
            titleStack.leadingAnchor.constraint(equalTo: headerGuide.leadingAnchor),
            clockStack.trailingAnchor.constraint(equalTo: headerGuide.trailingAnchor),
            metric(titleStack.trailingAnchor.constraint(lessThanOrEqualTo: clockStack.leadingAnchor)) { -$0.margin },
            titleStack.centerYAnchor.constraint(equalTo: headerGuide.centerYAnchor),
            clockStack.centerYAnchor.constraint(equalTo: headerGuide.centerYAnchor),
            titleStack.topAnchor.constraint(greaterThanOrEqualTo: headerGuide.topAnchor),
            clockStack.topAnchor.constraint(greaterThanOrEqualTo: headerGuide.topAnchor),
            titleStack.bottomAnchor.constraint(lessThanOrEqualTo: headerGuide.bottomAnchor),
            clockStack.bottomAnchor.constraint(lessThanOrEqualTo: headerGuide.bottomAnchor),
            // As tall as the taller text: a required height, so that the cards below cannot
            // squeeze the header however their contents weigh.
            metric(headerGuide.heightAnchor.constraint(equalToConstant: 0)) { [unowned self] _ in
                max(
                    titleLabel.intrinsicContentSize.height + subtitleLabel.intrinsicContentSize.height,
                    clockLabel.intrinsicContentSize.height + dateLabel.intrinsicContentSize.height)
            },
            // The clock keeps the width of its widest time, so it does not jump each second.
            metric(clockLabel.widthAnchor.constraint(greaterThanOrEqualToConstant: 0)) { [clockLabel] _ in
                Self.fittingWidth("00:00:00", font: clockLabel.font)
            },

            // The cards, between the header and the bar.
            metric(cardsStack.topAnchor.constraint(equalTo: headerGuide.bottomAnchor)) { $0.margin * 0.8 },
            metric(cardsStack.leadingAnchor.constraint(equalTo: view.leadingAnchor), margin),
            metric(cardsStack.trailingAnchor.constraint(equalTo: view.trailingAnchor)) { -$0.margin },
            metric(cardsStack.bottomAnchor.constraint(equalTo: controlBar.topAnchor)) { -$0.margin },

            // The bar along the bottom.
            metric(controlBar.leadingAnchor.constraint(equalTo: view.leadingAnchor), margin),
            metric(controlBar.trailingAnchor.constraint(equalTo: view.trailingAnchor)) { -$0.margin },
            metric(controlBar.bottomAnchor.constraint(equalTo: view.bottomAnchor)) { -$0.margin },
            metric(controlBar.heightAnchor.constraint(equalToConstant: 58)) { $0.barHeight },
            metric(controlBarStack.leadingAnchor.constraint(equalTo: controlBar.leadingAnchor)) {
                $0.barScaled(28, minimum: 12)
            },
            metric(controlBarStack.trailingAnchor.constraint(equalTo: controlBar.trailingAnchor)) {
                -$0.barScaled(28, minimum: 12)
            },
            controlBarStack.topAnchor.constraint(equalTo: controlBar.topAnchor),
            controlBarStack.bottomAnchor.constraint(equalTo: controlBar.bottomAnchor),
            metric(sliderHost.widthAnchor.constraint(equalToConstant: 140)) {
                min(520, max(140, ($0.size.width - 2 * $0.margin) * 0.24)).rounded()
            },
            metric(speedValueLabel.widthAnchor.constraint(greaterThanOrEqualToConstant: 0)) { [speedValueLabel] _ in
                Self.fittingWidth("0.0×", font: speedValueLabel.font)
            },

            // The visitors card: the counter centred above (or beside) its buttons.
            counterStack.centerYAnchor.constraint(equalTo: counterArea.centerYAnchor),
            counterStack.leadingAnchor.constraint(equalTo: counterArea.leadingAnchor),
            counterStack.trailingAnchor.constraint(equalTo: counterArea.trailingAnchor),
            counterStack.topAnchor.constraint(greaterThanOrEqualTo: counterArea.topAnchor),
            // The ring: centred on the counter, the largest circle the area holds.
            visitorsRing.centerXAnchor.constraint(equalTo: counterArea.centerXAnchor),
            visitorsRing.centerYAnchor.constraint(equalTo: counterArea.centerYAnchor),
            visitorsRing.widthAnchor.constraint(equalTo: visitorsRing.heightAnchor),
            visitorsRing.widthAnchor.constraint(lessThanOrEqualTo: counterArea.widthAnchor),
            visitorsRing.heightAnchor.constraint(lessThanOrEqualTo: counterArea.heightAnchor),
            // Centred in a row (portrait), the area would otherwise grow with the ring.
            counterArea.heightAnchor.constraint(lessThanOrEqualTo: visitorsContent.heightAnchor),
            priority(.defaultLow - 1, visitorsRing.widthAnchor.constraint(equalTo: counterArea.widthAnchor)),
            priority(.defaultLow - 1, visitorsRing.heightAnchor.constraint(equalTo: counterArea.heightAnchor)),
            metric(checkInButton.heightAnchor.constraint(equalToConstant: 44)) { $0.buttonHeight },
            metric(nameField.heightAnchor.constraint(equalToConstant: 36)) { ($0.buttonHeight * 0.75).rounded() },
            pinField.widthAnchor.constraint(equalTo: nameField.widthAnchor, multiplier: 0.5),
            // One height for both (two constants changed one at a time would conflict in
            // between, since the row aligns their edges).
            resetButton.heightAnchor.constraint(equalTo: checkInButton.heightAnchor),
        ]
        // Each card: its title at the top, its content below.
        for (card, title) in zip([pictureCard, motionCard, menuCard, visitorsCard], cardTitles) {
            let content = contentGuide(of: card)
            constraints += [
                metric(title.topAnchor.constraint(equalTo: card.topAnchor)) { ($0.cardPadding * 0.7) },
                metric(title.leadingAnchor.constraint(equalTo: card.leadingAnchor), padding),
                metric(title.trailingAnchor.constraint(lessThanOrEqualTo: card.trailingAnchor)) { -$0.cardPadding },
                metric(content.topAnchor.constraint(equalTo: title.bottomAnchor)) { $0.cardPadding * 0.6 },
                metric(content.leadingAnchor.constraint(equalTo: card.leadingAnchor), padding),
                metric(content.trailingAnchor.constraint(equalTo: card.trailingAnchor)) { -$0.cardPadding },
                metric(content.bottomAnchor.constraint(equalTo: card.bottomAnchor)) { -$0.cardPadding },
            ]
        }
        // The minute's ring: as tall as the panel's title, at the end of its row.
        if let motionTitle = cardTitles.dropFirst().first {
            constraints += [
                metric(minuteRing.trailingAnchor.constraint(equalTo: motionCard.trailingAnchor)) { -$0.cardPadding },
                minuteRing.centerYAnchor.constraint(equalTo: motionTitle.centerYAnchor),
                minuteRing.heightAnchor.constraint(equalTo: motionTitle.heightAnchor),
                minuteRing.widthAnchor.constraint(equalTo: minuteRing.heightAnchor),
                metric(motionTitle.trailingAnchor.constraint(lessThanOrEqualTo: minuteRing.leadingAnchor)) {
                    -$0.cardPadding * 0.5
                },
            ]
        }
        let picture = contentGuide(of: pictureCard)
        let motion = contentGuide(of: motionCard)
        let visitors = contentGuide(of: visitorsCard)
        let menu = contentGuide(of: menuCard)
        constraints += [
            gallery.leadingAnchor.constraint(equalTo: picture.leadingAnchor),
            gallery.trailingAnchor.constraint(equalTo: picture.trailingAnchor),
            gallery.topAnchor.constraint(equalTo: picture.topAnchor),
            gallery.bottomAnchor.constraint(equalTo: picture.bottomAnchor),
            metric(motionView.leadingAnchor.constraint(equalTo: motion.leadingAnchor)) { $0.cardPadding * 0.2 },
            metric(motionView.trailingAnchor.constraint(equalTo: motion.trailingAnchor)) { -$0.cardPadding * 0.2 },
            motionView.topAnchor.constraint(equalTo: motion.topAnchor),
            // The speed's segments under the panel, as wide.
            metric(speedControl.topAnchor.constraint(equalTo: motionView.bottomAnchor)) { $0.cardPadding * 0.5 },
            speedControl.leadingAnchor.constraint(equalTo: motionView.leadingAnchor),
            speedControl.trailingAnchor.constraint(equalTo: motionView.trailingAnchor),
            speedControl.bottomAnchor.constraint(equalTo: motion.bottomAnchor),
            metric(speedControl.heightAnchor.constraint(equalToConstant: 32)) { $0.scaled(52, minimum: 32) },
            productList.leadingAnchor.constraint(equalTo: menu.leadingAnchor),
            productList.trailingAnchor.constraint(equalTo: menu.trailingAnchor),
            productList.topAnchor.constraint(equalTo: menu.topAnchor),
            productList.bottomAnchor.constraint(equalTo: menu.bottomAnchor),
            visitorsContent.leadingAnchor.constraint(equalTo: visitors.leadingAnchor),
            visitorsContent.trailingAnchor.constraint(equalTo: visitors.trailingAnchor),
            visitorsContent.topAnchor.constraint(equalTo: visitors.topAnchor),
            visitorsContent.bottomAnchor.constraint(equalTo: visitors.bottomAnchor),
        ]
        NSLayoutConstraint.activate(constraints)
    }

    private var contentGuides: [ObjectIdentifier: UILayoutGuide] = [:]

    /// The cards' heights in a column (see `viewWillLayoutSubviews`).
    private lazy var portraitCardHeights: [NSLayoutConstraint] = [
        pictureCard.heightAnchor.constraint(equalTo: motionCard.heightAnchor),
        motionCard.heightAnchor.constraint(equalTo: menuCard.heightAnchor),
        priority(.defaultLow, visitorsCard.heightAnchor.constraint(equalTo: menuCard.heightAnchor)),
    ]

    /// The area of a card below its title.
    private func contentGuide(of card: UIView) -> UILayoutGuide {
        if let guide = contentGuides[ObjectIdentifier(card)] { return guide }
        let guide = UILayoutGuide()
        guide.identifier = "content"
        card.addLayoutGuide(guide)
        contentGuides[ObjectIdentifier(card)] = guide
        return guide
    }

    /// A new size: fonts, arrangement and constants follow it before the engine
    /// solves (this runs before the view's constraints are applied).
    public override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        let bounds = view.bounds
        guard bounds.width > 0, bounds.height > 0, styledSize != bounds.size else { return }
        styledSize = bounds.size
        let metrics = LayoutMetrics(size: bounds.size)
        applyStyle(metrics)
        let portrait = bounds.height > bounds.width
        cardsStack.axis = portrait ? .vertical : .horizontal
        // A column of cards: equal heights, but the visitors card takes what its counter,
        // fields and buttons need when a quarter of the column is less (768x1024).
        cardsStack.distribution = portrait ? .fill : .fillEqually
        if portrait {
            NSLayoutConstraint.activate(portraitCardHeights)
        } else {
            NSLayoutConstraint.deactivate(portraitCardHeights)
        }
        cardsStack.spacing = metrics.margin
        // Cards in a column are wide: the counter stands beside its buttons.
        let gap = metrics.cardPadding * 0.6
        visitorsContent.axis = portrait ? .horizontal : .vertical
        visitorsContent.distribution = portrait ? .fillEqually : .fill
        visitorsContent.alignment = portrait ? .center : .fill
        visitorsContent.spacing = gap
        // Side by side in both: stacked, the two buttons and the fields outgrew a portrait
        // panel's quarter-height card (768x1024).
        buttonsStack.axis = .horizontal
        buttonsStack.spacing = gap
        signInStack.spacing = gap / 2
        visitorControls.spacing = gap / 2
        controlBarStack.spacing = metrics.barScaled(36, minimum: 14)
        let small = metrics.barScaled(10, minimum: 6)
        for view in [switchHost, speedLabel, sliderHost] { controlBarStack.setCustomSpacing(small, after: view) }
        // Switches and sliders keep UIKit's sizes; on big screens they are drawn larger.
        let controlScale = min(1.6, max(1, metrics.barUnit * 1.5))
        switchHost.scale = controlScale
        sliderHost.scale = controlScale
        for (constraint, value) in metricConstraints { constraint.constant = value(metrics) }
    }

    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        controlBar.layer.cornerRadius = (controlBar.bounds.height * 0.28).rounded()
    }

    /// The width of `sample` in `font`, rounded up.
    private static func fittingWidth(_ sample: String, font: UIFont) -> CGFloat {
        let probe = UILabel()
        probe.font = font
        probe.text = sample
        return probe.intrinsicContentSize.width
    }

    /// Fonts, line widths and corner radii for a new size.
    private func applyStyle(_ metrics: LayoutMetrics) {
        titleLabel.font = .boldSystemFont(ofSize: metrics.scaled(64, minimum: 26))
        subtitleLabel.font = .systemFont(ofSize: metrics.scaled(24, minimum: 13))
        clockLabel.font = .systemFont(ofSize: metrics.scaled(96, minimum: 34), weight: .ultraLight)
        dateLabel.font = .systemFont(ofSize: metrics.scaled(24, minimum: 13))
        for title in cardTitles { title.font = .systemFont(ofSize: metrics.scaled(30, minimum: 15), weight: .semibold) }
        gallery.captionFont = .systemFont(ofSize: metrics.scaled(22, minimum: 12))
        visitorsCaption.font = .systemFont(ofSize: metrics.scaled(24, minimum: 13))
        let portrait = metrics.size.height > metrics.size.width
        visitorsLabel.font = .systemFont(ofSize: metrics.scaled(portrait ? 120 : 150, minimum: 32), weight: .bold)
        let buttonFont = UIFont.systemFont(ofSize: metrics.scaled(30, minimum: 16), weight: .semibold)
        checkInButton.titleLabel?.font = buttonFont
        for field in [nameField, pinField] { field.font = .systemFont(ofSize: metrics.scaled(24, minimum: 14)) }
        resetButton.titleLabel?.font = buttonFont
        for button in [checkInButton, resetButton] {
            button.layer.cornerRadius = (metrics.buttonHeight * 0.3).rounded()
        }
        for card in [pictureCard, motionCard, menuCard, visitorsCard] { card.cornerRadius = metrics.cornerRadius }
        for card in [pictureCard, motionCard, menuCard, visitorsCard] {
            card.layer.shadowRadius = metrics.scaled(18, minimum: 8)
            card.layer.shadowOffset = CGSize(width: 0, height: metrics.scaled(10, minimum: 4))
        }
        let segmentFont = UIFont.systemFont(ofSize: metrics.scaled(22, minimum: 13))
        speedControl.setTitleTextAttributes(
            [.font: segmentFont, .foregroundColor: UIColor(white: 1, alpha: 0.85)], for: .normal)
        speedControl.setTitleTextAttributes(
            [
                .font: UIFont.systemFont(ofSize: segmentFont.pointSize, weight: .semibold),
                .foregroundColor: UIColor(red: 0.05, green: 0.1, blue: 0.25, alpha: 1),
            ], for: .selected)
        visitorsRing.lineWidth = metrics.scaled(14, minimum: 6)
        minuteRing.lineWidth = metrics.scaled(5, minimum: 3)
        productList.style(
            textSize: metrics.scaled(24, minimum: 13), rowHeight: metrics.scaled(76, minimum: 40))
        gallery.cornerRadius = (metrics.cornerRadius * 0.6).rounded()
        for label in [warmLabel, speedLabel, speedValueLabel, statusLabel] {
            label.font = .systemFont(ofSize: metrics.barScaled(26, minimum: 14))
        }
    }
}

/// A control drawn `scale` times its UIKit size: the control keeps its own bounds (a switch
/// its 51 x 31 points) under a scale transform, and the host is the scaled size, so stack
/// views and constraints see the size it covers.
@MainActor
final class ScaledControlHost: UIView {
    let control: UIView
    var scale: CGFloat = 1 {
        didSet {
            guard scale != oldValue else { return }
            control.transform = CGAffineTransform(scaleX: scale, y: scale)
            invalidateIntrinsicContentSize()
            setNeedsLayout()
        }
    }

    init(control: UIView) {
        self.control = control
        super.init(frame: .zero)
        backgroundColor = nil
        isOpaque = false
        addSubview(control)
    }

    required init?(coder: NSCoder) {
        return nil
    }

    override var intrinsicContentSize: CGSize {
        let natural = control.intrinsicContentSize
        return CGSize(
            width: natural.width < 0 ? UIView.noIntrinsicMetric : natural.width * scale,
            height: natural.height < 0 ? UIView.noIntrinsicMetric : natural.height * scale)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let natural = control.intrinsicContentSize
        control.bounds = CGRect(
            x: 0, y: 0, width: natural.width < 0 ? bounds.width / scale : natural.width,
            height: natural.height < 0 ? bounds.height / scale : natural.height)
        control.center = CGPoint(x: bounds.midX, y: bounds.midY)
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
