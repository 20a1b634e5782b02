import Dispatch
import Foundation
import VitrinePlatform

/// The input source of real panels: libinput's events (touchscreens, pointers, keyboards)
/// turned into `InputEvent`s on the main actor as soon as libinput's file descriptor is
/// readable.
///
/// Each touch device maps to one screen: `outputForDevice` decides (the daemon's config: a
/// device name or a udev property), by default the device's udev property `WL_OUTPUT`, else
/// none (the receiver picks the main screen). Calibration: libinput applies the udev property
/// `LIBINPUT_CALIBRATION_MATRIX` itself; `calibrationForDevice` overrides it per device (a
/// screen rotation is a calibration matrix too, `CalibrationMatrix(rotation:)`, so the whole
/// device-to-screen mapping stays one function of the device's normalised coordinates).
///
/// A device removed while fingers are down on it cancels those touches. Moves read together
/// are coalesced (`LibinputEvent.coalescingTouchMotion`): a device flooding the descriptor
/// costs one delivery a read, not one a sample.
///
/// Keys go through one `Keymap` (xkbcommon) for the seat: the layout and variant the daemon's
/// config names, with dead keys and Compose sequences from the locale's compose table.
/// Additions and removals of devices are reported to `deviceChangeHandler`
/// (`InputDeviceReporting`): `UIApplication` counts the keyboards from them.
@MainActor
public final class LibinputInputSource: InputSource, InputDeviceReporting {
    public var eventHandler: (@MainActor (InputEvent) -> Void)?
    /// Told of every device added or removed, after its touches were cancelled.
    public var deviceChangeHandler: (@MainActor (InputDeviceChange) -> Void)?

    /// Devices present now.
    public var devices: [InputDeviceDescription] { context.currentDevices }

    private let context: LibinputContext
    /// The screen each device maps to (the daemon's config); `applyMapping()` applies a
    /// change to the devices already present.
    public var outputForDevice: (InputDeviceDescription) -> String?
    /// Each device's calibration, nil for libinput's default (the config's `calibration`).
    public var calibrationForDevice: (InputDeviceDescription) -> CalibrationMatrix?
    /// Turns key codes into characters; nil when no XKB data is installed or the layout is
    /// unknown (keys then carry codes only).
    let keymap: Keymap?
    private var readSource: (any DispatchSourceRead)?
    /// Output names and active touch slots of the devices present.
    private var outputs: [String: String] = [:]
    private var activeSlots: [String: Set<Int>] = [:]

    /// A source reading `context`.
    public init(
        context: LibinputContext,
        outputForDevice: @escaping (InputDeviceDescription) -> String? = { $0.outputName },
        calibrationForDevice: @escaping (InputDeviceDescription) -> CalibrationMatrix? = { _ in nil },
        keyboardLayout: String = "us", keyboardVariant: String? = nil, composeLocale: String? = nil
    ) {
        self.context = context
        self.keymap = Keymap(layout: keyboardLayout, variant: keyboardVariant, composeLocale: composeLocale)
        let layout = keyboardVariant.map { "\(keyboardLayout)(\($0))" } ?? keyboardLayout
        if let keymap {
            keymapSummary =
                "keyboard layout \(layout), "
                + (keymap.composeLocale.map { "compose sequences of \($0)" } ?? keymap.composeProblem ?? "")
        } else {
            keymapSummary = "keyboard layout \(layout) unknown to xkbcommon (is xkb-data installed?): keys type nothing"
        }
        self.outputForDevice = outputForDevice
        self.calibrationForDevice = calibrationForDevice
    }

    /// The keymap in use, for a log line at start: its layout and compose table, or why keys
    /// type nothing or have no compose sequences.
    public let keymapSummary: String

    /// Starts watching libinput's file descriptor on the main queue, and delivers what is
    /// already queued (the devices found at creation).
    public func start() {
        guard readSource == nil else { return }
        let source = DispatchSource.makeReadSource(fileDescriptor: context.fileDescriptor, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.readWhenReadable() }
        }
        source.resume()
        readSource = source
        pump()
    }

    /// Stops watching; the context stays open.
    public func stop() {
        // Dispatch must not release a suspended source.
        if isReadPaused { readSource?.resume() }
        isReadPaused = false
        readGeneration += 1
        readSource?.cancel()
        readSource = nil
    }

    /// The shortest time between two reads of the descriptor that delivered finger moves:
    /// moves reach the app at most 100 times a second, however fast a device reports (UIKit
    /// delivers them once a display frame). A flooding device's samples wait in the kernel
    /// meanwhile, which drops what overflows its buffer (libinput resynchronises): the
    /// main queue's work for input is bounded whatever the device does.
    public static let moveReadInterval = 0.01
    private var isReadPaused = false
    /// Counts `stop()`s, so that a pause ending after one leaves a later source alone.
    private var readGeneration = 0

    /// The descriptor is readable: reads, and after a read that moved fingers stops reading
    /// for `moveReadInterval`.
    private func readWhenReadable() {
        guard !isReadPaused, deliverQueued(), let source = readSource else { return }
        isReadPaused = true
        source.suspend()
        let generation = readGeneration
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.moveReadInterval) { [weak self] in
            MainActor.assumeIsolated {
                // Stopped (and maybe started again with another source) meanwhile: nothing to do.
                guard let self, self.readGeneration == generation, self.isReadPaused else { return }
                self.isReadPaused = false
                self.readSource?.resume()
            }
        }
    }

    /// Whether input is suspended (the session is away).
    public var isSuspended: Bool { context.isSuspended }

    /// The session went away: libinput closes every device (`LibinputContext.suspend()`), and
    /// the removals are delivered at once, so touches in progress are cancelled.
    public func suspend() {
        context.suspend()
        pump()
    }

    /// The session is back: libinput opens the devices again (`LibinputContext.resume()`),
    /// and their additions are delivered. Returns false when libinput could not resume.
    @discardableResult
    public func resume() -> Bool {
        let resumed = context.resume()
        pump()
        return resumed
    }

    /// Reads and delivers every queued event (called when the descriptor is readable; tests
    /// may call it directly), runs of finger moves merged as UIKit coalesces them.
    public func pump() {
        deliverQueued()
    }

    /// Reads and delivers every queued event; returns whether a finger moved.
    @discardableResult
    private func deliverQueued() -> Bool {
        var moved = false
        for event in LibinputEvent.coalescingTouchMotion(context.readEvents()) {
            if case .touchMotion = event { moved = true }
            deliver(event)
        }
        return moved
    }

    /// Maps every present device again (the config was reloaded): its screen and its
    /// calibration.
    public func applyMapping() {
        for device in context.currentDevices.sorted(by: { $0.sysname < $1.sysname }) { map(device, isNew: false) }
    }

    private func map(_ device: InputDeviceDescription, isNew: Bool) {
        let output = outputForDevice(device)
        if isNew || outputs[device.sysname] != output {
            logHandler?("\(device.sysname) (\(device.name)) maps to \(output ?? "the main screen")")
        }
        outputs[device.sysname] = output
        if let matrix = calibrationForDevice(device) {
            context.setCalibration(matrix, forDeviceNamed: device.sysname)
        } else if !isNew {
            context.resetCalibration(forDeviceNamed: device.sysname)
        }
    }

    /// Where mapping notes go (one line per device mapped), when set.
    public var logHandler: (@MainActor (String) -> Void)?

    func deliver(_ event: LibinputEvent) {
        switch event {
        case .deviceAdded(let device):
            map(device, isNew: true)
            deviceChangeHandler?(InputDeviceChange(.added, device))
        case .deviceRemoved(let device):
            let slots = activeSlots.removeValue(forKey: device.sysname) ?? []
            let output = outputs.removeValue(forKey: device.sysname)
            defer { deviceChangeHandler?(InputDeviceChange(.removed, device)) }
            guard !slots.isEmpty else { return }
            let time = MonotonicTime.now()
            for slot in slots.sorted() {
                send(.touch(.cancel(slot: slot, output: output, device: device.sysname, timestamp: time)))
            }
            send(.touch(.frame(output: output, device: device.sysname, timestamp: time)))
        case .touchDown(let device, let slot, let x, let y, let time):
            activeSlots[device, default: []].insert(slot)
            send(
                .touch(
                    .down(slot: slot, at: CGPoint(x: x, y: y), output: outputs[device], device: device, timestamp: time)
                ))
        case .touchMotion(let device, let slot, let x, let y, let time):
            send(
                .touch(
                    .motion(
                        slot: slot, to: CGPoint(x: x, y: y), output: outputs[device], device: device, timestamp: time)))
        case .touchUp(let device, let slot, let time):
            activeSlots[device]?.remove(slot)
            send(.touch(.up(slot: slot, output: outputs[device], device: device, timestamp: time)))
        case .touchCancel(let device, let slot, let time):
            activeSlots[device]?.remove(slot)
            send(.touch(.cancel(slot: slot, output: outputs[device], device: device, timestamp: time)))
        case .touchFrame(let device, let time):
            send(.touch(.frame(output: outputs[device], device: device, timestamp: time)))
        case .key(let device, let code, let pressed, let time):
            var event = KeyEvent(keyCode: code, isPressed: pressed, device: device, timestamp: time)
            if let typed = keymap?.process(keyCode: code, isPressed: pressed) {
                event.characters = typed.characters
                event.charactersIgnoringModifiers = typed.charactersIgnoringModifiers
                var modifiers: KeyModifiers = []
                if typed.modifiers.shift { modifiers.insert(.shift) }
                if typed.modifiers.capsLock { modifiers.insert(.alphaShift) }
                if typed.modifiers.control { modifiers.insert(.control) }
                if typed.modifiers.alternate { modifiers.insert(.alternate) }
                if typed.modifiers.command { modifiers.insert(.command) }
                event.modifiers = modifiers
            }
            send(.key(event))
        case .pointerMotion(let device, let dx, let dy, let time):
            send(
                .pointer(
                    PointerEvent(
                        kind: .motion(dx: dx, dy: dy), outputName: outputs[device], device: device, timestamp: time)))
        case .pointerAbsolute(let device, let x, let y, let time):
            send(
                .pointer(
                    PointerEvent(
                        kind: .motionAbsolute(CGPoint(x: x, y: y)), outputName: outputs[device], device: device,
                        timestamp: time)))
        case .pointerButton(let device, let button, let pressed, let time):
            send(
                .pointer(
                    PointerEvent(
                        kind: .button(button: button, isPressed: pressed), outputName: outputs[device], device: device,
                        timestamp: time)))
        case .pointerScroll(let device, let dx, let dy, let isWheel, let time):
            // Points, as `PointerEvent.scroll` has them: a wheel notch (15 degrees) scrolls one
            // 40-point line, as an arrow key does; finger scrolling is 1:1.
            let scale = isWheel ? PointerEvent.pointsPerWheelNotch / 15 : 1
            send(
                .pointer(
                    PointerEvent(
                        kind: .scroll(dx: dx * scale, dy: dy * scale), outputName: outputs[device], device: device,
                        timestamp: time)))
        }
    }

    private func send(_ event: InputEvent) { eventHandler?(event) }
}
