/// A source of display outputs and of the time base they tick on: the KMS/DRM backend (one
/// output per connected connector, hotplug through udev) or the headless backend.
/// `UIApplication` holds one and turns its events into `UIScreen.didConnectNotification`,
/// `didDisconnectNotification` and `modeDidChangeNotification`.
@MainActor
public protocol DisplayBackend: AnyObject {
    /// The connected outputs, in connection order (the first is the main screen).
    var outputs: [any DisplayOutput] { get }
    /// The clock the outputs' present events are stamped with; display links and animations
    /// must read this clock so that their times compare with vblank timestamps.
    var clock: any MediaClock { get }
    /// Called after an output is connected and added to `outputs`
    /// (`UIScreen.didConnectNotification`).
    var outputConnectedHandler: (@MainActor (any DisplayOutput) -> Void)? { get set }
    /// Called after an output is disconnected and removed from `outputs`; the output is no
    /// longer usable (`UIScreen.didDisconnectNotification`).
    var outputDisconnectedHandler: (@MainActor (any DisplayOutput) -> Void)? { get set }
    /// Called after an output's `currentMode` changed, with the previous mode
    /// (`UIScreen.modeDidChangeNotification`).
    var outputModeChangedHandler: (@MainActor (any DisplayOutput, _ previousMode: DisplayMode) -> Void)? { get set }
}
