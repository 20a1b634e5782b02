import Foundation

/// The colours of the keyboard, UIKit's light and dark looks (`keyboardAppearance`).
struct KeyboardPalette: Equatable {
    var background: UIColor
    var characterKey: UIColor
    var functionKey: UIColor
    var label: UIColor
    var disabledLabel: UIColor

    static let light = KeyboardPalette(
        background: UIColor(red: 209 / 255, green: 212 / 255, blue: 217 / 255, alpha: 1),
        characterKey: .white,
        functionKey: UIColor(red: 171 / 255, green: 177 / 255, blue: 186 / 255, alpha: 1),
        label: .black,
        disabledLabel: UIColor(white: 0, alpha: 0.3))

    static let dark = KeyboardPalette(
        background: UIColor(red: 43 / 255, green: 43 / 255, blue: 43 / 255, alpha: 1),
        characterKey: UIColor(red: 107 / 255, green: 107 / 255, blue: 107 / 255, alpha: 1),
        functionKey: UIColor(red: 71 / 255, green: 71 / 255, blue: 71 / 255, alpha: 1),
        label: .white,
        disabledLabel: UIColor(white: 1, alpha: 0.3))

    static func of(_ appearance: UIKeyboardAppearance) -> KeyboardPalette {
        appearance == .dark ? .dark : .light
    }
}

/// One key on screen: a rounded rectangle with its label.
@MainActor
final class KeyboardKeyView: UIView {
    var key: KeyboardKey {
        didSet {
            label.text = key.label
            refresh()
        }
    }
    let label = UILabel(frame: .zero)
    var palette = KeyboardPalette.light { didSet { refresh() } }
    var isPressed = false { didSet { if isPressed != oldValue { refresh() } } }
    /// Shift or Caps Lock is on (the shift key shows white, as UIKit's).
    var isActive = false { didSet { if isActive != oldValue { refresh() } } }
    var isEnabled = true { didSet { if isEnabled != oldValue { refresh() } } }

    init(key: KeyboardKey) {
        self.key = key
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        label.text = key.label
        label.textAlignment = .center
        addSubview(label)
        refresh()
    }

    required init?(coder: NSCoder) { nil }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds
    }

    func setFontSize(_ size: CGFloat) {
        let length = key.label.count
        let fitted = length > 1 && key.isFunctionKey ? size * 0.7 : size
        label.font = UIFont.systemFont(ofSize: fitted)
        layer.cornerRadius = max(4, min(bounds.height, bounds.width) * 0.12)
    }

    private func refresh() {
        if key.action == .gap {
            backgroundColor = nil
            label.text = nil
            return
        }
        let function = key.isFunctionKey && !isActive
        var color = function ? palette.functionKey : palette.characterKey
        if isPressed { color = function ? palette.characterKey : palette.functionKey }
        backgroundColor = color
        label.textColor = isEnabled ? palette.label : palette.disabledLabel
    }
}

/// The pressed key's callout: a larger copy of the key above it, as iOS's key pop-up.
@MainActor
final class KeyboardCalloutView: UIView {
    let label = UILabel(frame: .zero)

    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        label.textAlignment = .center
        addSubview(label)
    }

    required init?(coder: NSCoder) { nil }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds
    }
}

/// The system keyboard: rows of keys on the keyboard's gray, touched directly (each finger
/// presses the key under it; a character key types when lifted, Backspace and Shift act when
/// touched, as iOS's keys do).
@MainActor
final class KeyboardView: UIView {
    /// The controller that performs the keys' actions.
    weak var keyboard: OnScreenKeyboard?
    private(set) var rows: [[KeyboardKey]] = []
    private(set) var keyViews: [KeyboardKeyView] = []
    private(set) var isPad = false
    let callout = KeyboardCalloutView(frame: .zero)
    var palette = KeyboardPalette.light {
        didSet {
            backgroundColor = palette.background
            for view in keyViews { view.palette = palette }
            callout.backgroundColor = palette.characterKey
            callout.label.textColor = palette.label
        }
    }
    /// The key each touch holds.
    private var pressed: [ObjectIdentifier: KeyboardKeyView] = [:]

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = palette.background
        isMultipleTouchEnabled = true
        callout.isHidden = true
        callout.backgroundColor = palette.characterKey
        callout.label.textColor = palette.label
        clipsToBounds = false
    }

    required init?(coder: NSCoder) { nil }

    /// Shows `rows` (`isPad`: a narrower, centred pad).
    func setRows(_ rows: [[KeyboardKey]], isPad: Bool) {
        guard rows != self.rows || isPad != self.isPad else { return }
        let keys = rows.flatMap { $0 }
        if isPad == self.isPad, rows.map(\.count) == self.rows.map(\.count),
            zip(keys, keyViews).allSatisfy({ $0.action == $1.key.action || Self.isLetter($0) && Self.isLetter($1.key) })
        {
            // Shift or a new return title: the same keys, new labels; presses go on.
            self.rows = rows
            for (key, view) in zip(keys, keyViews) where view.key != key { view.key = key }
            return
        }
        cancelPresses()
        self.rows = rows
        self.isPad = isPad
        for view in keyViews { view.removeFromSuperview() }
        keyViews = rows.flatMap { $0 }.map { key in
            let view = KeyboardKeyView(key: key)
            view.palette = palette
            return view
        }
        for view in keyViews { addSubview(view) }
        callout.removeFromSuperview()
        addSubview(callout)
        setNeedsLayout()
        // The keys take touches at once, before the next frame lays them out.
        if bounds.width > 0 { layoutIfNeeded() }
    }

    private static func isLetter(_ key: KeyboardKey) -> Bool {
        if case .text(let text) = key.action { return text.count == 1 }
        return false
    }

    /// The key views of a kind of action.
    func keyViews(where predicate: (KeyboardKeyAction) -> Bool) -> [KeyboardKeyView] {
        keyViews.filter { predicate($0.key.action) }
    }

    // MARK: Geometry

    /// The gap between keys and around them for a keyboard `height` tall: 1/40 of it,
    /// 4...12 points.
    static func gap(forHeight height: CGFloat) -> CGFloat { min(12, max(4, (height / 40).rounded())) }

    /// The keys' frames for `bounds`: equal rows; in a row, keys share the width by their
    /// units (rows fill the width); pads at most 1.6 times as wide as high, centred.
    static func keyFrames(rows: [[KeyboardKey]], isPad: Bool, in bounds: CGRect) -> [CGRect] {
        guard !rows.isEmpty, bounds.width > 0, bounds.height > 0 else { return rows.flatMap { $0 }.map { _ in .zero } }
        let gap = gap(forHeight: bounds.height)
        var area = bounds.insetBy(dx: gap, dy: gap)
        if isPad {
            let width = min(area.width, max(320, bounds.height * 1.6))
            area = CGRect(x: (bounds.midX - width / 2).rounded(), y: area.minY, width: width, height: area.height)
        }
        let count = CGFloat(rows.count)
        let rowHeight = (area.height - gap * (count - 1)) / count
        var frames: [CGRect] = []
        for (index, row) in rows.enumerated() {
            let y = area.minY + CGFloat(index) * (rowHeight + gap)
            let units = row.reduce(0) { $0 + $1.width }
            let unit = (area.width - gap * CGFloat(row.count - 1)) / max(units, 1)
            var x = area.minX
            for key in row {
                let width = unit * key.width
                frames.append(
                    CGRect(
                        x: x.rounded(), y: y.rounded(), width: (x + width).rounded() - x.rounded(),
                        height: (y + rowHeight).rounded() - y.rounded()))
                x += width + gap
            }
        }
        return frames
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let frames = Self.keyFrames(rows: rows, isPad: isPad, in: bounds)
        let rowHeight = frames.first?.height ?? 0
        for (view, frame) in zip(keyViews, frames) {
            view.frame = frame
            view.setFontSize(max(12, rowHeight * 0.42))
        }
    }

    // MARK: Touches

    /// The key at `point` (in the keyboard's coordinates): the one whose frame, grown by half
    /// a gap, holds it; gaps hold none.
    func keyView(at point: CGPoint) -> KeyboardKeyView? {
        let half = Self.gap(forHeight: bounds.height) / 2 + 0.5
        return keyViews.first { $0.key.action != .gap && $0.frame.insetBy(dx: -half, dy: -half).contains(point) }
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        for touch in touches {
            guard let view = keyView(at: touch.location(in: self)) else { continue }
            pressed[ObjectIdentifier(touch)] = view
            press(view)
            keyboard?.keyDown(view.key, at: touch.timestamp)
        }
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        for touch in touches {
            guard let old = pressed[ObjectIdentifier(touch)], old.key.showsCallout else { continue }
            // A finger sliding over character keys moves the press, as on iOS.
            guard let view = keyView(at: touch.location(in: self)), view !== old, view.key.showsCallout else {
                continue
            }
            release(old)
            pressed[ObjectIdentifier(touch)] = view
            press(view)
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        for touch in touches {
            guard let view = pressed.removeValue(forKey: ObjectIdentifier(touch)) else { continue }
            release(view)
            keyboard?.keyUp(view.key, performed: true)
        }
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        for touch in touches {
            guard let view = pressed.removeValue(forKey: ObjectIdentifier(touch)) else { continue }
            release(view)
            keyboard?.keyUp(view.key, performed: false)
        }
    }

    /// Lets go of every key without acting (new rows, the keyboard going away).
    func cancelPresses() {
        let views = Array(pressed.values)
        pressed = [:]
        for view in views {
            release(view)
            keyboard?.keyUp(view.key, performed: false)
        }
        callout.isHidden = true
    }

    private func press(_ view: KeyboardKeyView) {
        view.isPressed = true
        // Pads light the key only, as iOS's number pads do.
        guard view.key.showsCallout, !isPad else { return }
        let frame = view.frame
        let width = max(frame.width * 1.5, frame.height)
        let height = frame.height * 1.3
        callout.frame = CGRect(
            x: (frame.midX - width / 2).rounded(), y: (frame.minY - height - 4).rounded(), width: width.rounded(),
            height: height.rounded())
        callout.layer.cornerRadius = view.layer.cornerRadius * 1.3
        callout.label.font = UIFont.systemFont(ofSize: max(16, frame.height * 0.7))
        callout.label.text = view.label.text
        callout.isHidden = false
        bringSubviewToFront(callout)
    }

    private func release(_ view: KeyboardKeyView) {
        view.isPressed = false
        if view.key.showsCallout, !pressed.values.contains(where: { $0.key.showsCallout }) { callout.isHidden = true }
    }
}
