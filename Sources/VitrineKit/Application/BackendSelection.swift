import Foundation
import VitrineDRM
import VitrineInput
import VitrinePlatform
import VitrineSeat

/// Which display backend an app runs on: what `UIApplicationMain` picks when it is not handed
/// one (a Vitrine addition; UIKit has one display system).
public enum DisplayBackendChoice: String, Sendable, CaseIterable {
    /// KMS/DRM when the machine has a DRM card this process can open (directly or through
    /// libseat), else headless, with a log line saying why.
    case automatic = "auto"
    /// KMS/DRM; a launch through `UIApplicationMain` with no card at all exits (69).
    case drm
    /// In-memory screens (one 1920x1080 output): tests and machines without a display.
    case headless
}

/// The display backend and input source chosen at launch.
@MainActor
struct LaunchBackends {
    let display: any DisplayBackend
    let input: (any InputSource)?
    /// Started after the app installed the backend, so its connect handlers create the screens.
    let start: () -> Void
    /// Stops input and gives the display back: the CRTCs found at start are restored and DRM
    /// master is dropped, so the next owner (a restarted daemon, a console) takes over cleanly.
    var stop: () -> Void = {}

    /// The backends for `choice` (the environment's `VITRINE_BACKEND` when nil, else automatic),
    /// with devices on `seat`; a headless backend gets one output per size in `headlessSizes`.
    static func choose(
        _ choice: DisplayBackendChoice?, headlessSizes: [(width: Int, height: Int)] = [(1920, 1080)],
        seat: String = "seat0"
    ) -> LaunchBackends {
        let variables = ProcessInfo.processInfo.environment
        let environment = variables["VITRINE_BACKEND"].flatMap(DisplayBackendChoice.init)
        let resolved = choice ?? environment ?? .automatic
        let clock = MonotonicClock()
        let cards = DRMDeviceScanner().devices()
        if resolved == .headless || (resolved == .automatic && cards.isEmpty) {
            if resolved == .automatic { kitLog.notice("no DRM card found: running on the headless backend") }
            return headless(clock: clock, sizes: headlessSizes)
        }
        // One opener for the card and the input devices: direct as root, else libseat's.
        let access = openDevices(seat: seat, environment: variables)
        if resolved == .automatic, let card = DRMDeviceScanner.pick(from: cards) {
            // Automatic means a card this process can use: one it may not open (no seat
            // manager, not in the video group) is logged, and the app runs headless.
            do {
                try access.opener.open(path: card.devnode).close()
            } catch {
                kitLog.notice("\(card.devnode) is not usable (\(error)): running on the headless backend")
                access.session?.close()
                return headless(clock: clock, sizes: headlessSizes)
            }
        }
        let drm = DRMBackend(clock: clock, opener: access.opener)
        var input: LibinputInputSource?
        do {
            input = LibinputInputSource(context: try LibinputContext(seat: access.seat, opener: access.opener))
        } catch {
            kitLog.error("no touch input: libinput on \(access.seat) failed: \(error)")
        }
        let session = access.session
        if let session { SeatSessionWiring(display: drm, input: input).attach(to: session) }
        return LaunchBackends(
            display: drm, input: input,
            start: {
                drm.start()
                input?.start()
            },
            stop: {
                input?.stop()
                drm.shutdown()
                // Last: the seat manager gets the devices back once the CRTCs are restored.
                session?.close()
            })
    }

    /// A headless backend with one output per size. Each output has a single buffer: nothing
    /// scans it out, so a second one would only double the memory of every screen (8.3 MB at
    /// 1920x1080) to give the same pictures.
    private static func headless(clock: MonotonicClock, sizes: [(width: Int, height: Int)]) -> LaunchBackends {
        let backend = HeadlessBackend(clock: clock)
        for (index, size) in sizes.enumerated() {
            backend.addOutput(name: "HEADLESS-\(index + 1)", width: size.width, height: size.height, bufferCount: 1)
        }
        return LaunchBackends(display: backend, input: nil, start: {})
    }

    /// The device access for this process (`DeviceAccess`: `VITRINE_SEAT_BACKEND`, else direct
    /// as root and libseat otherwise), logged; a libseat failure falls back to direct access.
    static func openDevices(seat: String, environment: [String: String]) -> DeviceAccess {
        SeatSession.routeLog { _, message in kitLog.error("libseat: \(message)") }
        let access = DeviceAccess.make(seat: seat, effectiveUserID: geteuid(), environment: environment)
        if let failure = access.failure {
            kitLog.error(
                "\(access.reason), but \(failure); opening devices directly instead, which needs root or the video and input groups"
            )
        } else {
            kitLog.notice("\(access.reason)\(access.session.map { " (seat \($0.seatName))" } ?? "")")
        }
        return access
    }
}
