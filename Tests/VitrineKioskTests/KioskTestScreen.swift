import VitrinePlatform

@testable import VitrineKit

/// One headless screen on a manual clock, installed as the app's display backend, for the
/// service tests that apply settings to a screen.
@MainActor
struct KioskTestScreen {
    let clock = ManualClock()
    let screen: UIScreen

    init(width: Int = 320, height: Int = 240) {
        let backend = HeadlessBackend(clock: clock)
        backend.addOutput(name: "HEADLESS-1", width: width, height: height)
        UIApplication.shared.setDisplayBackend(backend)
        screen = UIScreen.screens[0]
    }
}
