/// The window backend's simulator conveniences, as keys: window-system independent, so the
/// Wayland backend and a later X11 one offer the same. Each is Ctrl+Shift and a key (the
/// desktop keeps the Super key, and an app rarely binds Ctrl+Shift letters); the press is
/// swallowed, the app never sees it.
public enum SimulatorKey: String, CaseIterable, Sendable {
    /// Writes a PNG of the screen under focus (the iOS Simulator's Save Screen, ⌘S).
    case screenshot
    /// Turns the simulated panel a quarter turn left (⌘←).
    case rotateLeft
    /// Turns it a quarter turn right (⌘→).
    case rotateRight
    /// Connects a second simulated screen, or disconnects it (the external-display
    /// notifications without hardware).
    case toggleSecondScreen
    /// Sends a memory warning (Simulate Memory Warning, ⇧⌘M).
    case memoryWarning
    /// Toggles slow animations, a tenth of the speed (Debug > Slow Animations).
    case slowAnimations

    /// The evdev key code pressed with Ctrl+Shift.
    public var keyCode: UInt32 {
        switch self {
        case .screenshot: 31  // KEY_S
        case .rotateLeft: 105  // KEY_LEFT
        case .rotateRight: 106  // KEY_RIGHT
        case .toggleSecondScreen: 32  // KEY_D
        case .memoryWarning: 50  // KEY_M
        case .slowAnimations: 20  // KEY_T
        }
    }

    /// The key as a person reads it.
    public var keyName: String {
        switch self {
        case .screenshot: "Ctrl+Shift+S"
        case .rotateLeft: "Ctrl+Shift+Left"
        case .rotateRight: "Ctrl+Shift+Right"
        case .toggleSecondScreen: "Ctrl+Shift+D"
        case .memoryWarning: "Ctrl+Shift+M"
        case .slowAnimations: "Ctrl+Shift+T"
        }
    }

    /// What it does, for `--help` and the README.
    public var summary: String {
        switch self {
        case .screenshot: "write a PNG of the screen to the current directory"
        case .rotateLeft: "rotate the simulated panel a quarter turn left"
        case .rotateRight: "rotate the simulated panel a quarter turn right"
        case .toggleSecondScreen: "connect or disconnect a second simulated screen"
        case .memoryWarning: "send a memory warning"
        case .slowAnimations: "toggle slow animations (a tenth of the speed)"
        }
    }

    /// The simulator key `event` is, if it is a press of one with Ctrl and Shift held.
    public static func matching(_ event: KeyEvent) -> SimulatorKey? {
        guard event.isPressed, event.modifiers.isSuperset(of: [.control, .shift]) else { return nil }
        return allCases.first { $0.keyCode == event.keyCode }
    }

    /// One line per key, for `--help`.
    public static var helpText: String {
        allCases.map { "\($0.keyName): \($0.summary)" }.joined(separator: "; ")
    }
}
