import Foundation
import Logging
import VitrineIO
@_spi(Service) import VitrineKit
import VitrinePlatform

/// What the window backend's simulator keys (`SimulatorKey`) do, on UIKit's side: shared by the
/// Wayland backend and a later X11 one, which only call `perform(_:)` and say how a second
/// screen is connected and disconnected.
@MainActor
final class WindowSimulator {
    /// Connects a second simulated screen, or disconnects it when it is connected.
    var toggleSecondScreen: @MainActor () -> Void = {}
    /// Where screenshots are written (the current directory).
    var directory = FileManager.default.currentDirectoryPath
    private(set) var slowAnimations = false
    private let log: Logger

    init(log: Logger) {
        self.log = log
    }

    func perform(_ key: SimulatorKey) {
        switch key {
        case .screenshot: writeScreenshot()
        case .rotateLeft: rotate(by: -1)
        case .rotateRight: rotate(by: 1)
        case .toggleSecondScreen: toggleSecondScreen()
        case .memoryWarning:
            log.notice("simulator: memory warning")
            UIApplication.shared.deliverMemoryWarning()
        case .slowAnimations: setSlowAnimations(!slowAnimations)
        }
    }

    /// The main screen's picture as `vitrine-<screen>-<time>.png`.
    private func writeScreenshot() {
        for screen in UIScreen.screens.prefix(1) {
            let stamp = Int(Date().timeIntervalSince1970)
            let path = "\(directory)/vitrine-\(screen.name)-\(stamp).png"
            do {
                try AtomicFile.write(try screen.snapshotPNG().png, to: path)
                log.notice("simulator: wrote \(path)")
            } catch {
                log.error("simulator: cannot write \(path): \(error)")
            }
        }
    }

    /// A quarter turn of the main screen (`UIScreen.rotation`), as turning the panel.
    private func rotate(by quarters: Int) {
        let screen = UIScreen.main
        let turns: [DisplayRotation] = [.upright, .clockwise90, .clockwise180, .clockwise270]
        let index = turns.firstIndex(of: screen.rotation) ?? 0
        screen.rotation = turns[(index + quarters + 4) % 4]
        log.notice("simulator: \(screen.name) rotated to \(screen.rotation)")
    }

    /// Every window's layer at a tenth of the speed, its time kept continuous (what is in
    /// flight slows down where it is rather than jump).
    private func setSlowAnimations(_ on: Bool) {
        slowAnimations = on
        let speed: Float = on ? 0.1 : 1
        let now = CACurrentMediaTime()
        for window in UIApplication.shared.windows {
            let layer = window.layer
            let local = (now - layer.beginTime) * Double(layer.speed) + layer.timeOffset
            layer.speed = speed
            layer.timeOffset = local - (now - layer.beginTime) * Double(speed)
        }
        log.notice("simulator: slow animations \(on ? "on" : "off")")
    }
}
