import Foundation
import VitrineLayers
import VitrinePlatform

/// The window the keyboard slides in: it covers its screen above every app window (alerts
/// included) but takes only the touches on the keyboard, letting the others through to the
/// windows below; it is never key, so the keys never take the first responder. Like UIKit's
/// keyboard window it is one of `UIApplication.windows` while it exists.
@MainActor
final class KeyboardWindow: UIWindow {
    /// UIKit's keyboard window level (above alerts).
    static let level = UIWindow.Level(10_000_000)

    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        return hit === self ? nil : hit
    }
}

/// The keyboard's place: the accessory view on top of the system keyboard or the responder's
/// `inputView`.
@MainActor
final class KeyboardHostView: UIView {
    weak var accessory: UIView?
    weak var input: UIView?
    var accessoryHeight: CGFloat = 0

    override func layoutSubviews() {
        super.layoutSubviews()
        accessory?.frame = CGRect(x: 0, y: 0, width: bounds.width, height: accessoryHeight)
        input?.frame = CGRect(
            x: 0, y: accessoryHeight, width: bounds.width, height: max(0, bounds.height - accessoryHeight))
    }
}

/// Vitrine's on-screen keyboard (UIKit's system keyboard; issue 17).
///
/// **When.** While the first responder is a text receiver (`UIKeyInput`) in a window and
/// `UIApplication.showsOnScreenKeyboard` (no hardware keyboard, or `keyboard.mode =
/// "onscreen"`), the keyboard shows on the screen of the responder's window (a responder that
/// is not a view: the key window's). A responder's `inputView` replaces the keyboard (shown
/// even with a hardware keyboard attached, as UIKit shows custom input views) and its
/// `inputAccessoryView` sits on top (shown alone with a hardware keyboard, as in UIKit).
/// A new first responder keeps the keyboard up (only its keys change; a new height posts the
/// frame-change notifications); no first responder, a responder leaving its window, a
/// hardware keyboard plugged in, hide it; unplugging the last one shows it again.
///
/// **Motion and notifications.** It slides up from below the screen over 0.25 s (UIKit's
/// keyboard duration) and down the same way. The notifications are UIKit's, in UIKit's
/// order, object nil: `keyboardWillChangeFrameNotification` and `keyboardWillShowNotification`
/// (or `…WillHide…`) before the slide, `keyboardDidChangeFrameNotification` and
/// `keyboardDidShowNotification` (`…DidHide…`) after it, with the frames in screen
/// coordinates (the accessory view included; hidden: just below the screen), duration 0.25,
/// curve 7 (UIKit's value; Vitrine slides with ease-in-out, which is what curve 7 gives
/// `UIView.AnimationOptions` here) and `keyboardIsLocalUserInfoKey` true. A slide that is
/// interrupted (the responder changes again mid-slide) posts the new change's "will"
/// notifications and leaves out the interrupted one's "did" ones; the keyboard continues
/// from where it is shown. A rotation or scale change moves it at once (duration 0).
///
/// **Size.** Full width of the screen's safe rectangle (the configured overscan inset), at
/// its bottom; the system keyboard is 1/3 of the screen's height in landscape, 30% in
/// portrait, at least 200 points (4 rows of 44 with their gaps; at most half the screen) and
/// at most 420 points
/// (an iPad Pro's). On an 800x480 panel: 200 points (keys about 43 points high); on
/// 1920x1080: 360 points. Pads (number, decimal, phone) are as high, at most 1.6 times as wide
/// as high, centred.
@MainActor
final class OnScreenKeyboard {
    static let animationDuration: TimeInterval = 0.25
    /// UIKit's keyboard animation curve number (a private curve), posted as it is.
    static let animationCurve = 7
    /// Seconds between two taps on Shift that lock it (Caps Lock).
    static let capsLockInterval: TimeInterval = 0.35
    /// The fastest Backspace repeats while held (a second): the configured key repeat, at most
    /// this, as iOS's Backspace is slower than a hardware key's repeat.
    static let maximumBackspaceRate: Double = 10

    enum State { case hidden, showing, shown, hiding }
    enum Shift { case off, once, locked }

    private unowned let application: UIApplication

    /// The letters layout from the config (`[keyboard] layout`); nil: the locale's.
    var layoutOverride: OnScreenKeyboardLayout? {
        didSet { if layoutOverride != oldValue { refreshKeys() } }
    }
    var layout: OnScreenKeyboardLayout { layoutOverride ?? OnScreenKeyboardLayout.fromEnvironment }

    private(set) var state = State.hidden
    private(set) var window: KeyboardWindow?
    /// Whether the views below were made.
    private var hasViews = false
    /// The keyboard's views, made when first shown (not with the application).
    private(set) lazy var host: KeyboardHostView = {
        let host = KeyboardHostView(frame: .zero)
        host.clipsToBounds = false
        hasViews = true
        return host
    }()
    private(set) lazy var keyboardView: KeyboardView = {
        let view = KeyboardView(frame: .zero)
        view.keyboard = self
        hasViews = true
        return view
    }()
    /// The screen the keyboard is on (or going to).
    private(set) weak var screen: UIScreen?
    /// The keyboard's frame in screen coordinates where it is (or is going): the shown frame
    /// while showing or shown, below the screen otherwise.
    private(set) var frame = CGRect.zero
    private(set) var page = KeyboardPage.letters
    private(set) var shift = Shift.off
    private var lastShiftTap: Double?
    /// What the keys typed since the responder became first (for autocapitalization).
    private var typed = ""
    private var generation = 0
    private var backspaceTimer: ClockTimer?
    /// Ends a slide up from below the screen.
    private var slideTimer: ClockTimer?
    private var observers: [any NSObjectProtocol] = []
    /// The responder the keyboard serves.
    private(set) weak var receiver: UIResponder?

    init(application: UIApplication) {
        self.application = application
        let center = NotificationCenter.default
        /// `body` gets the notification's object's identity.
        func observe(_ name: Notification.Name, _ body: @escaping @MainActor (ObjectIdentifier?) -> Void) {
            observers.append(
                center.addObserver(forName: name, object: nil, queue: nil) { note in
                    let object = (note.object as AnyObject?).map(ObjectIdentifier.init)
                    MainActor.assumeIsolated { body(object) }
                })
        }
        observe(FirstResponder.didChangeNotification) { [weak self] _ in self?.firstResponderDidChange() }
        observe(UIResponder.inputViewsDidChangeNotification) { [weak self] _ in self?.update(animated: true) }
        observe(UIApplication.hardwareKeyboardDidChangeNotification) { [weak self] _ in self?.update(animated: true) }
        observe(UIScreen.modeDidChangeNotification) { [weak self] object in
            guard let self, let screen = self.screen, object == ObjectIdentifier(screen) else { return }
            self.screenDidChange()
        }
        observe(UIScreen.didDisconnectNotification) { [weak self] object in
            guard let self, let screen = self.screen, object == ObjectIdentifier(screen) else { return }
            self.reset()
        }
    }

    // MARK: What to show

    /// The text receiver the keys type into.
    var keyInput: (any UIKeyInput)? { receiver as? any UIKeyInput }

    var isVisible: Bool { state == .showing || state == .shown }

    private struct Content {
        var screen: UIScreen
        var accessory: UIView?
        /// The responder's input view, or nil for the system keyboard (`system`) or nothing.
        var input: UIView?
        var system: Bool
    }

    private func content(for responder: UIResponder?) -> Content? {
        guard let responder else { return nil }
        let screen: UIScreen
        if let view = responder as? UIView {
            guard let window = view.window, !(window is KeyboardWindow) else { return nil }
            screen = window.screen
        } else {
            screen = application.keyWindow?.screen ?? UIScreen.main
        }
        let input = responder.inputView
        let system = input == nil && responder is any UIKeyInput && application.showsOnScreenKeyboard
        let accessory = responder.inputAccessoryView
        guard input != nil || system || accessory != nil else { return nil }
        return Content(screen: screen, accessory: accessory, input: input, system: system)
    }

    // MARK: Changes

    private func firstResponderDidChange() {
        let responder = FirstResponder.current
        // The old responder resigning for a new one: the new one's change follows at once.
        if responder == nil, FirstResponder.isReplacing { return }
        if responder !== receiver {
            if hasViews { keyboardView.cancelPresses() }
            stopBackspace()
            receiver = responder
            typed = ""
            page = KeyboardRows.initialPage(for: keyInput?.keyboardType ?? .default)
            shift = .off
            lastShiftTap = nil
            updateAutoShift()
        }
        update(animated: true)
    }

    /// Shows, hides or refreshes the keyboard for the current first responder.
    func update(animated: Bool) {
        if receiver !== FirstResponder.current { receiver = FirstResponder.current }
        guard let content = content(for: receiver) else {
            hide(animated: animated)
            return
        }
        if isVisible, let screen, screen !== content.screen {
            hide(animated: false)
        }
        install(content)
        let shown = shownFrame(on: content.screen)
        if isVisible {
            if shown != frame { move(to: shown, kind: .change, animated: animated) }
        } else {
            screen = content.screen
            move(to: shown, kind: .show, animated: animated)
        }
    }

    /// The keyboard's screen changed size (a rotation, a scale or mode change): the keyboard
    /// takes the new width at once.
    private func screenDidChange() {
        guard isVisible, let screen else {
            if let window, let screen { window.frame = screen.bounds }
            return
        }
        window?.frame = screen.bounds
        let shown = shownFrame(on: screen)
        if shown != frame { move(to: shown, kind: .change, animated: false) }
    }

    /// Forgets the keyboard without notifications (a new display backend, its screen gone).
    func reset() {
        generation += 1
        slideTimer?.cancel()
        slideTimer = nil
        guard hasViews else { return }
        keyboardView.cancelPresses()
        stopBackspace()
        window?.isHidden = true
        window = nil
        screen = nil
        state = .hidden
        frame = .zero
        for view in host.subviews where view !== keyboardView { view.removeFromSuperview() }
    }

    private func hide(animated: Bool) {
        guard isVisible, let screen else { return }
        keyboardView.cancelPresses()
        stopBackspace()
        move(to: hiddenFrame(for: frame, on: screen), kind: .hide, animated: animated)
    }

    // MARK: Content and frames

    private func install(_ content: Content) {
        let palette = KeyboardPalette.of(keyInput?.keyboardAppearance ?? .default)
        keyboardView.palette = palette
        let input: UIView? = content.input ?? (content.system ? keyboardView : nil)
        for view in host.subviews where view !== input && view !== content.accessory { view.removeFromSuperview() }
        if let accessory = content.accessory, accessory.superview !== host { host.addSubview(accessory) }
        if let input, input.superview !== host { host.addSubview(input) }
        host.accessory = content.accessory
        host.input = input
        host.accessoryHeight = content.accessory.map(Self.height(of:)) ?? 0
        if content.system { refreshKeys() }
        host.setNeedsLayout()
    }

    private static func height(of view: UIView) -> CGFloat {
        let height = view.frame.height
        if height > 0 { return height }
        let intrinsic = view.intrinsicContentSize.height
        return intrinsic > 0 && intrinsic.isFinite ? intrinsic : 0
    }

    /// The system keyboard's height on a screen of `size` (see the type's comment).
    static func systemKeyboardHeight(for size: CGSize) -> CGFloat {
        let fraction: CGFloat = size.width >= size.height ? 1 / 3 : 0.3
        let minimum = min(4 * 44 + 24, size.height / 2)
        return min(420, max(minimum, size.height * fraction)).rounded()
    }

    private func safeRect(of screen: UIScreen) -> CGRect {
        let safe = screen.bounds.inset(by: screen.overscanInsets)
        return safe.isNull || safe.isEmpty ? screen.bounds : safe
    }

    /// Where the keyboard (with its accessory) stands when shown on `screen`.
    func shownFrame(on screen: UIScreen) -> CGRect {
        let safe = safeRect(of: screen)
        var height = host.accessoryHeight
        if let input = host.input {
            height += input === keyboardView ? Self.systemKeyboardHeight(for: safe.size) : Self.height(of: input)
        }
        height = min(height, safe.height)
        return CGRect(x: safe.minX, y: safe.maxY - height, width: safe.width, height: height)
    }

    private func hiddenFrame(for frame: CGRect, on screen: UIScreen) -> CGRect {
        CGRect(x: frame.minX, y: screen.bounds.maxY, width: frame.width, height: frame.height)
    }

    // MARK: Moving

    private enum MoveKind { case show, hide, change }

    private func move(to end: CGRect, kind: MoveKind, animated: Bool) {
        guard let screen else { return }
        let begin: CGRect = kind == .show ? hiddenFrame(for: end, on: screen) : frame
        let wasHiding = state == .hiding
        generation += 1
        let run = generation
        let window = keyboardWindow(on: screen)
        if kind == .show {
            host.frame = CGRect(origin: begin.origin, size: begin.size)
            host.layoutIfNeeded()
            window.isHidden = false
        }
        frame = end
        switch kind {
        case .show: state = .showing
        case .hide: state = .hiding
        case .change: break
        }
        let duration = animated ? Self.animationDuration : 0
        let info: [AnyHashable: Any] = [
            // Boxed in NSValue, as UIKit boxes them: iOS code reads `(value as? NSValue)?.cgRectValue`.
            UIResponder.keyboardFrameBeginUserInfoKey: NSValue(cgRect: begin),
            UIResponder.keyboardFrameEndUserInfoKey: NSValue(cgRect: end),
            UIResponder.keyboardAnimationDurationUserInfoKey: NSNumber(value: duration),
            UIResponder.keyboardAnimationCurveUserInfoKey: NSNumber(value: Self.animationCurve),
            UIResponder.keyboardIsLocalUserInfoKey: NSNumber(value: true),
        ]
        let center = NotificationCenter.default
        center.post(name: UIResponder.keyboardWillChangeFrameNotification, object: nil, userInfo: info)
        switch kind {
        case .show: center.post(name: UIResponder.keyboardWillShowNotification, object: nil, userInfo: info)
        case .hide: center.post(name: UIResponder.keyboardWillHideNotification, object: nil, userInfo: info)
        case .change: break
        }
        // An observer may have changed the first responder again: that change has moved on.
        guard run == generation else { return }
        let local = CGRect(
            x: end.minX - window.frame.minX, y: end.minY - window.frame.minY, width: end.width, height: end.height)
        let finish: (Bool) -> Void = { [weak self] _ in
            guard let self, run == self.generation else { return }
            self.finish(kind, info: info)
        }
        let changes = { [self] in
            host.frame = local
            host.layoutIfNeeded()
            layOutGuides(on: screen)
        }
        slideTimer?.cancel()
        slideTimer = nil
        if animated, kind == .show, !wasHiding {
            // From below the screen. An explicit animation, and the end on the backend's
            // clock: the host may never have been drawn (its first show, a new screen), and
            // VitrineLayers gives undrawn layers no implicit animation. Its frame is the end
            // at once, so the keys take touches from the start.
            let from = host.layer.position
            UIView.animate(
                withDuration: duration, delay: 0,
                options: [.beginFromCurrentState, .allowUserInteraction, .curveEaseInOut],
                animations: changes)
            host.layer.removeAnimation(forKey: "position")
            let slide = CABasicAnimation(keyPath: "position")
            slide.fromValue = from
            slide.duration = duration
            slide.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            host.layer.add(slide, forKey: "vitrine.keyboard.slide")
            let clock = application.displayBackend.clock
            slideTimer = clock.schedule(at: clock.now + duration) { [weak self] in
                self?.slideTimer = nil
                finish(true)
            }
        } else if animated {
            UIView.animate(
                withDuration: duration, delay: 0,
                options: [.beginFromCurrentState, .allowUserInteraction, .curveEaseInOut],
                animations: changes, completion: finish)
        } else {
            UIView.performWithoutAnimation(changes)
            finish(true)
        }
    }

    private func finish(_ kind: MoveKind, info: [AnyHashable: Any]) {
        let center = NotificationCenter.default
        switch kind {
        case .show: state = .shown
        case .hide:
            state = .hidden
            window?.isHidden = true
            for view in host.subviews where view !== keyboardView { view.removeFromSuperview() }
            host.accessory = nil
            host.input = nil
        case .change: break
        }
        center.post(name: UIResponder.keyboardDidChangeFrameNotification, object: nil, userInfo: info)
        switch kind {
        case .show: center.post(name: UIResponder.keyboardDidShowNotification, object: nil, userInfo: info)
        case .hide: center.post(name: UIResponder.keyboardDidHideNotification, object: nil, userInfo: info)
        case .change: break
        }
    }

    private func keyboardWindow(on screen: UIScreen) -> KeyboardWindow {
        if let window, window.screen === screen {
            if window.frame != screen.bounds { window.frame = screen.bounds }
            return window
        }
        window?.isHidden = true
        let window = KeyboardWindow(frame: screen.bounds)
        window.screen = screen
        window.windowLevel = KeyboardWindow.level
        window.addSubview(host)
        self.window = window
        return window
    }

    /// Solves the keyboard layout guides of the app's windows on `screen` again (inside the
    /// slide's animation block, so the views tied to them move with the keyboard).
    private func layOutGuides(on screen: UIScreen) {
        for window in screen.windows where !(window is KeyboardWindow) && !window.isHidden {
            guard let engine = window.autoLayout?.engine else { continue }
            engine.markNeedsSolve()
            window.layoutIfNeeded()
        }
    }

    /// The keyboard layout guide's insets in `view` (see `UIKeyboardLayoutGuide`).
    static func layoutGuideInsets(for view: UIView, guide: UILayoutGuide) -> UIEdgeInsets {
        let bounds = view.bounds
        let usesSafeArea = (guide as? UIKeyboardLayoutGuide)?.usesBottomSafeArea ?? true
        var top = bounds.height - (usesSafeArea ? view.safeAreaInsets.bottom : 0)
        if let window = view.window, !(window is KeyboardWindow) {
            let keyboard = UIApplication.shared.onScreenKeyboard
            if keyboard.isVisible, keyboard.screen === window.screen {
                let inWindow = keyboard.frame.offsetBy(dx: -window.frame.minX, dy: -window.frame.minY)
                let mine = view.convert(inWindow, from: window)
                let overlap = mine.intersection(
                    CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: bounds.height))
                if !overlap.isNull, overlap.width > 0 { top = min(top, mine.minY - bounds.minY) }
            }
        }
        top = min(max(0, top), bounds.height)
        return UIEdgeInsets(top: top, left: 0, bottom: 0, right: 0)
    }

    // MARK: Keys

    /// Rebuilds the system keyboard's keys for the receiver's traits, page and shift.
    func refreshKeys() {
        guard hasViews else { return }
        let traits = keyInput
        let type = traits?.keyboardType ?? .default
        let rows = KeyboardRows.rows(
            layout: layout, page: page, keyboardType: type,
            returnTitle: KeyboardRows.returnTitle(traits?.returnKeyType ?? .default))
        let shifted = shift != .off && page == .letters
        let shown = rows.map { row in
            row.map { key -> KeyboardKey in
                guard shifted, case .text(let text) = key.action, text.count == 1 else { return key }
                var key = key
                key.label = Self.shifted(text)
                return key
            }
        }
        keyboardView.setRows(shown, isPad: KeyboardRows.isPad(type))
        for view in keyboardView.keyViews(where: { $0 == .shift }) { view.isActive = shift != .off }
        let returnEnabled = !(traits?.enablesReturnKeyAutomatically ?? false) || (traits?.hasText ?? false)
        for view in keyboardView.keyViews(where: { $0 == .return }) { view.isEnabled = returnEnabled }
    }

    private static func shifted(_ text: String) -> String {
        text == "ß" ? text : text.uppercased()
    }

    /// A finger went down on `key`: Backspace deletes (and repeats while held), Shift toggles.
    func keyDown(_ key: KeyboardKey, at time: Double) {
        // A receiver that went away without resigning (a responder that is not a view, freed):
        // the keyboard follows the first responder instead of typing into nothing.
        guard receiver != nil, receiver === FirstResponder.current else {
            update(animated: true)
            return
        }
        switch key.action {
        case .backspace:
            deleteBackward()
            startBackspace()
        case .shift:
            let now = time
            if shift == .locked {
                shift = .off
                lastShiftTap = nil
            } else if shift == .once, let last = lastShiftTap, now - last <= Self.capsLockInterval {
                shift = .locked
                lastShiftTap = nil
            } else {
                shift = shift == .off ? .once : .off
                lastShiftTap = shift == .once ? now : nil
            }
            refreshKeys()
        default: break
        }
    }

    /// A finger lifted from `key` (`performed` false: cancelled).
    func keyUp(_ key: KeyboardKey, performed: Bool) {
        if key.action == .backspace { stopBackspace() }
        guard performed, receiver != nil, receiver === FirstResponder.current else { return }
        switch key.action {
        case .text(let text):
            let shifted = shift != .off && page == .letters && text.count == 1
            type(shifted ? Self.shifted(text) : text)
            if shift == .once { shift = .off }
            if page != .letters, text == "'" { page = .letters }
            updateAutoShift()
            refreshKeys()
        case .space:
            type(" ")
            if page != .letters { page = .letters }
            updateAutoShift()
            refreshKeys()
        case .return:
            let traits = keyInput
            guard !(traits?.enablesReturnKeyAutomatically ?? false) || (traits?.hasText ?? false) else { return }
            type("\n")
            updateAutoShift()
            refreshKeys()
        case .page(let page):
            self.page = page
            if page == .letters { updateAutoShift() }
            refreshKeys()
        case .hide:
            _ = receiver?.resignFirstResponder()
        case .backspace, .shift, .gap:
            break
        }
    }

    private func type(_ text: String) {
        guard let input = keyInput else { return }
        typed += text
        if typed.count > 64 { typed.removeFirst(typed.count - 64) }
        input.insertText(text)
    }

    private func deleteBackward() {
        guard let input = keyInput else { return }
        if !typed.isEmpty { typed.removeLast() }
        input.deleteBackward()
        updateAutoShift()
        refreshKeys()
    }

    private func startBackspace() {
        stopBackspace()
        let settings = application.keyRepeat
        guard settings.repeats else { return }
        let rate = min(settings.rate, Self.maximumBackspaceRate)
        schedule(at: application.displayBackend.clock.now + settings.delay, interval: 1 / rate)
    }

    private func schedule(at deadline: Double, interval: Double) {
        let clock = application.displayBackend.clock
        backspaceTimer = clock.schedule(at: deadline) { [weak self] in
            guard let self, self.backspaceTimer != nil else { return }
            var next = deadline + interval
            if next <= clock.now { next = clock.now + interval }
            self.schedule(at: next, interval: interval)
            self.deleteBackward()
        }
    }

    private func stopBackspace() {
        backspaceTimer?.cancel()
        backspaceTimer = nil
    }

    /// Turns Shift on or off by itself for the receiver's `autocapitalizationType` (Caps Lock
    /// stays): on at the start of the text, after a sentence's end and a space (`.sentences`),
    /// after a space (`.words`), always (`.allCharacters`). The keyboard knows the text only
    /// through what its keys typed since the receiver became first responder and the
    /// receiver's `hasText` (`UIKeyInput` shows no more): a receiver that already has text
    /// starts without Shift.
    func updateAutoShift() {
        guard shift != .locked, let input = keyInput else { return }
        let on: Bool
        let atStart = typed.isEmpty && !input.hasText
        switch input.autocapitalizationType {
        case .none: on = false
        case .allCharacters: on = true
        case .words: on = atStart || (typed.last.map { $0 == " " || $0 == "\n" } ?? false)
        case .sentences:
            if atStart || typed.last == "\n" {
                on = true
            } else {
                let trimmed = typed.reversed().drop { $0 == " " }
                on = trimmed.count < typed.count && (trimmed.first.map { ".!?".contains($0) } ?? false)
            }
        }
        shift = on ? .once : .off
        lastShiftTap = nil
    }
}
