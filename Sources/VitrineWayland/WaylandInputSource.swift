import CWayland
import Foundation
import VitrineInput
import VitrinePlatform

#if canImport(Glibc)
    import Glibc
#endif

/// The window backend's input: the compositor's seat. `wl_touch` is real multitouch (its ids
/// are the slots); the mouse is one finger, or with Ctrl or Alt held two fingers mirrored
/// through the window's centre (`PointerFingers`, as the iOS Simulator's Option-drag); the
/// wheel (`wl_pointer.axis`) scrolls; the keyboard types with the compositor's keymap
/// (`wl_keyboard.keymap` through xkbcommon); its repeat rate and delay (`repeat_info`) go to
/// `repeatInfoHandler`, for the application's key repeat, which repeats keys on every
/// backend (the compositor sends no repeats, and the source sends none of its own). Focus
/// leaving a window cancels the fingers down and releases the keys held, so nothing sticks.
@MainActor
public final class WaylandInputSource: InputSource {
    public var eventHandler: (@MainActor (InputEvent) -> Void)?
    /// Every key press, before the app sees it; returning true swallows it (the simulator's
    /// keys).
    public var keyFilter: (@MainActor (KeyEvent) -> Bool)?
    /// The compositor's key repeat (`wl_keyboard.repeat_info`): the delay in seconds and the
    /// rate in repeats a second (0: keys do not repeat).
    public var repeatInfoHandler: (@MainActor (_ delay: Double, _ rate: Double) -> Void)?
    /// Notes for the log (the keymap in use).
    public var log: (@MainActor (String) -> Void)?

    private unowned let backend: WaylandBackend
    private var pointer: OpaquePointer?
    private var keyboard: OpaquePointer?
    private var touch: OpaquePointer?
    private var fingers = PointerFingers()
    private var pointerOutput: WaylandOutput?
    private var touchOutputs: [Int32: WaylandOutput] = [:]
    private var touchFrameOutput: String?
    private var keymap: Keymap?
    private var heldKeys: [UInt32] = []
    private var modifiers = KeyModifiers()
    private var scrollPending = (dx: 0.0, dy: 0.0)

    /// Listens to `backend`'s seat once it is bound.
    public init(backend: WaylandBackend) {
        self.backend = backend
        backend.seatCapabilitiesHandler = { [weak self] capabilities in self?.capabilities(capabilities) }
        capabilities(backend.seatCapabilities)
    }

    private var me: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    private func deliver(_ event: InputEvent) { eventHandler?(event) }
    private func deliver(_ events: [TouchEvent]) { for event in events { deliver(.touch(event)) } }
    private var now: Double { backend.clock.now }

    // MARK: Seat

    fileprivate func capabilities(_ caps: UInt32) {
        guard let seat = backend.seat else { return }
        if caps & WL_SEAT_CAPABILITY_POINTER.rawValue != 0, pointer == nil {
            pointer = wl_seat_get_pointer(seat)
            wl_pointer_add_listener(pointer, Self.pointerListener, me)
        }
        if caps & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0, keyboard == nil {
            keyboard = wl_seat_get_keyboard(seat)
            wl_keyboard_add_listener(keyboard, Self.keyboardListener, me)
        }
        if caps & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0, touch == nil {
            touch = wl_seat_get_touch(seat)
            wl_touch_add_listener(touch, Self.touchListener, me)
        }
    }

    private func normalised(_ x: wl_fixed_t, _ y: wl_fixed_t, in output: WaylandOutput) -> CGPoint {
        CGPoint(
            x: wl_fixed_to_double(x) / Double(max(1, output.currentMode.width)),
            y: wl_fixed_to_double(y) / Double(max(1, output.currentMode.height)))
    }

    // MARK: Pointer

    fileprivate func pointerEnter(_ surface: OpaquePointer?, _ x: wl_fixed_t, _ y: wl_fixed_t) {
        pointerOutput = backend.output(for: surface)
        pointerMotion(x, y)
    }

    fileprivate func pointerLeave() {
        deliver(fingers.leave(output: pointerOutput?.name, timestamp: now))
        pointerOutput = nil
    }

    fileprivate func pointerMotion(_ x: wl_fixed_t, _ y: wl_fixed_t) {
        guard let output = pointerOutput else { return }
        let point = normalised(x, y, in: output)
        deliver(.pointer(PointerEvent(kind: .motionAbsolute(point), outputName: output.name, timestamp: now)))
        deliver(fingers.move(to: point, output: output.name, timestamp: now))
    }

    fileprivate func pointerButton(_ button: UInt32, _ state: UInt32) {
        // BTN_LEFT: the finger; other buttons are not touches.
        guard button == 0x110, let output = pointerOutput else { return }
        let pressed = state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue
        let pinch = !modifiers.isDisjoint(with: [.control, .alternate])
        deliver(fingers.button(isPressed: pressed, pinch: pinch, output: output.name, timestamp: now))
    }

    fileprivate func pointerAxis(_ axis: UInt32, _ value: wl_fixed_t) {
        // Compositors send 10 units a wheel notch (libinput's convention, GNOME, KDE, Weston).
        let points = wl_fixed_to_double(value) / 10 * PointerEvent.pointsPerWheelNotch
        if axis == WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue {
            scrollPending.dy += points
        } else {
            scrollPending.dx += points
        }
        // Seats before version 5 send no frame: each axis event stands alone.
        if wl_pointer_get_version(pointer) < 5 { pointerFrame() }
    }

    fileprivate func pointerFrame() {
        guard scrollPending != (0, 0), let output = pointerOutput else { return }
        let (dx, dy) = scrollPending
        scrollPending = (0, 0)
        deliver(.pointer(PointerEvent(kind: .scroll(dx: dx, dy: dy), outputName: output.name, timestamp: now)))
    }

    // MARK: Touch

    fileprivate func touchDown(_ surface: OpaquePointer?, _ id: Int32, _ x: wl_fixed_t, _ y: wl_fixed_t) {
        guard let output = backend.output(for: surface) else { return }
        touchOutputs[id] = output
        touchFrameOutput = output.name
        deliver(.touch(.down(slot: Int(id), at: normalised(x, y, in: output), output: output.name, timestamp: now)))
    }

    fileprivate func touchMotion(_ id: Int32, _ x: wl_fixed_t, _ y: wl_fixed_t) {
        guard let output = touchOutputs[id] else { return }
        touchFrameOutput = output.name
        deliver(.touch(.motion(slot: Int(id), to: normalised(x, y, in: output), output: output.name, timestamp: now)))
    }

    fileprivate func touchUp(_ id: Int32) {
        guard let output = touchOutputs.removeValue(forKey: id) else { return }
        touchFrameOutput = output.name
        deliver(.touch(.up(slot: Int(id), output: output.name, timestamp: now)))
    }

    fileprivate func touchFrame() {
        guard let name = touchFrameOutput else { return }
        touchFrameOutput = nil
        deliver(.touch(.frame(output: name, timestamp: now)))
    }

    fileprivate func touchCancel() {
        // The compositor took the touches (a gesture of its own): every one is cancelled.
        let outputs = touchOutputs
        touchOutputs.removeAll()
        for (id, output) in outputs.sorted(by: { $0.key < $1.key }) {
            deliver(.touch(.cancel(slot: Int(id), output: output.name, timestamp: now)))
        }
        if let name = outputs.first?.value.name { deliver(.touch(.frame(output: name, timestamp: now))) }
    }

    // MARK: Keyboard

    fileprivate func keymap(format: UInt32, fd: Int32, size: UInt32) {
        defer { Glibc.close(fd) }
        guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue,
            let memory = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, fd, 0), memory != MAP_FAILED
        else {
            log?("the compositor sent a keymap Vitrine cannot read (format \(format)): keys type nothing")
            return
        }
        defer { munmap(memory, Int(size)) }
        let text = String(cString: memory.assumingMemoryBound(to: CChar.self))
        keymap = Keymap(keymapText: text)
        log?(
            keymap == nil
                ? "the compositor's keymap does not compile: keys type nothing" : "keyboard: the compositor's keymap")
    }

    fileprivate func keyboardLeave() {
        // Keys held when focus goes are released, as a window losing focus sees them go up.
        for code in heldKeys.reversed() { key(code, pressed: false) }
        heldKeys.removeAll()
        deliver(fingers.leave(output: pointerOutput?.name, timestamp: now))
    }

    fileprivate func key(_ code: UInt32, pressed: Bool) {
        let typed = keymap?.process(keyCode: code, isPressed: pressed)
        var event = KeyEvent(
            keyCode: code, isPressed: pressed, device: "wayland-keyboard", timestamp: now,
            characters: typed?.characters, charactersIgnoringModifiers: typed?.charactersIgnoringModifiers,
            modifiers: modifiers)
        if let state = typed?.modifiers { event.modifiers = KeyModifiers(state) }
        if pressed {
            if !heldKeys.contains(code) { heldKeys.append(code) }
        } else {
            heldKeys.removeAll { $0 == code }
        }
        if pressed, keyFilter?(event) == true { return }
        deliver(.key(event))
    }

    fileprivate func modifiersChanged(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        keymap?.updateModifiers(depressed: depressed, latched: latched, locked: locked, group: group)
        // The modifiers the pinch reads: from the compositor's mask, by the keymap's names.
        modifiers = keymap?.activeModifiers() ?? []
    }

    fileprivate func repeatInfo(rate: Int32, delay: Int32) {
        repeatInfoHandler?(Double(max(0, delay)) / 1000, Double(max(0, rate)))
    }

    // MARK: Listeners

    private static func source(_ data: UnsafeMutableRawPointer?) -> WaylandInputSource {
        Unmanaged<WaylandInputSource>.fromOpaque(data!).takeUnretainedValue()
    }

    private static let pointerListener: UnsafeMutablePointer<wl_pointer_listener> = {
        let listener = UnsafeMutablePointer<wl_pointer_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_pointer_listener(
                enter: { data, _, _, surface, x, y in
                    let source = source(data)
                    nonisolated(unsafe) let surface = surface
                    MainActor.assumeIsolated { source.pointerEnter(surface, x, y) }
                },
                leave: { data, _, _, _ in
                    let source = source(data)
                    MainActor.assumeIsolated { source.pointerLeave() }
                },
                motion: { data, _, _, x, y in
                    let source = source(data)
                    MainActor.assumeIsolated { source.pointerMotion(x, y) }
                },
                button: { data, _, _, _, button, state in
                    let source = source(data)
                    MainActor.assumeIsolated { source.pointerButton(button, state) }
                },
                axis: { data, _, _, axis, value in
                    let source = source(data)
                    MainActor.assumeIsolated { source.pointerAxis(axis, value) }
                },
                frame: { data, _ in
                    let source = source(data)
                    MainActor.assumeIsolated { source.pointerFrame() }
                },
                axis_source: { _, _, _ in }, axis_stop: { _, _, _, _ in }, axis_discrete: { _, _, _, _ in },
                axis_value120: { _, _, _, _ in }))
        return listener
    }()

    private static let touchListener: UnsafeMutablePointer<wl_touch_listener> = {
        let listener = UnsafeMutablePointer<wl_touch_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_touch_listener(
                down: { data, _, _, _, surface, id, x, y in
                    let source = source(data)
                    nonisolated(unsafe) let surface = surface
                    MainActor.assumeIsolated { source.touchDown(surface, id, x, y) }
                },
                up: { data, _, _, _, id in
                    let source = source(data)
                    MainActor.assumeIsolated { source.touchUp(id) }
                },
                motion: { data, _, _, id, x, y in
                    let source = source(data)
                    MainActor.assumeIsolated { source.touchMotion(id, x, y) }
                },
                frame: { data, _ in
                    let source = source(data)
                    MainActor.assumeIsolated { source.touchFrame() }
                },
                cancel: { data, _ in
                    let source = source(data)
                    MainActor.assumeIsolated { source.touchCancel() }
                },
                shape: { _, _, _, _, _ in }, orientation: { _, _, _, _ in }))
        return listener
    }()

    private static let keyboardListener: UnsafeMutablePointer<wl_keyboard_listener> = {
        let listener = UnsafeMutablePointer<wl_keyboard_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_keyboard_listener(
                keymap: { data, _, format, fd, size in
                    let source = source(data)
                    MainActor.assumeIsolated { source.keymap(format: format, fd: fd, size: size) }
                },
                enter: { _, _, _, _, _ in },
                leave: { data, _, _, _ in
                    let source = source(data)
                    MainActor.assumeIsolated { source.keyboardLeave() }
                },
                key: { data, _, _, _, key, state in
                    let source = source(data)
                    MainActor.assumeIsolated {
                        source.key(key, pressed: state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue)
                    }
                },
                modifiers: { data, _, _, depressed, latched, locked, group in
                    let source = source(data)
                    MainActor.assumeIsolated {
                        source.modifiersChanged(depressed: depressed, latched: latched, locked: locked, group: group)
                    }
                },
                repeat_info: { data, _, rate, delay in
                    let source = source(data)
                    MainActor.assumeIsolated { source.repeatInfo(rate: rate, delay: delay) }
                }))
        return listener
    }()
}
