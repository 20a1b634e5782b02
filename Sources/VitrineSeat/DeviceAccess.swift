import VitrinePlatform

/// How a kiosk opens its display and input devices.
public enum DeviceAccessMode: String, Sendable, CaseIterable {
    /// `open(2)` with the process's own rights (`DirectDeviceOpener`): root, or the `video`
    /// and `input` groups.
    case direct
    /// A libseat session (seatd or logind) opens them (`SeatDeviceOpener`).
    case libseat

    /// The environment variable that overrides the choice: `direct` or `libseat`.
    public static let environmentKey = "VITRINE_SEAT_BACKEND"

    /// The mode for a process with `effectiveUserID`: `VITRINE_SEAT_BACKEND` when it names a
    /// mode, else direct for root and libseat for anyone else. `reason` says why, for the log.
    public static func choose(effectiveUserID: UInt32, environment: [String: String]) -> (
        mode: DeviceAccessMode, reason: String
    ) {
        let byUser: (DeviceAccessMode, String) =
            effectiveUserID == 0
            ? (.direct, "running as root: devices are opened directly")
            : (.libseat, "not root (uid \(effectiveUserID)): devices are opened through libseat")
        guard let value = environment[environmentKey] else { return byUser }
        if let mode = DeviceAccessMode(rawValue: value) { return (mode, "\(environmentKey)=\(value)") }
        return (byUser.0, "\(environmentKey)=\(value) is neither direct nor libseat; \(byUser.1)")
    }
}

/// The device opener a kiosk's DRM backend and libinput share, and the seat session behind it
/// when there is one.
@MainActor
public struct DeviceAccess {
    /// The mode in use (direct after a libseat failure).
    public let mode: DeviceAccessMode
    /// Why that mode was chosen.
    public let reason: String
    /// Opens the card and the input devices.
    public let opener: any DeviceOpener
    /// The libseat session, in libseat mode.
    public let session: SeatSession?
    /// Why libseat was not used although chosen; devices are then opened directly, which
    /// fails per device with a permission error when the process lacks the rights.
    public let failure: SeatError?
    /// The seat to assign input devices to: the session's, else the one asked for.
    public var seat: String { session?.seatName ?? requestedSeat }
    private let requestedSeat: String

    /// Chooses the mode (`DeviceAccessMode.choose`) and, for libseat, opens a session on
    /// `seat`; when that fails, falls back to direct access with `failure` set.
    public static func make(seat: String, effectiveUserID: UInt32, environment: [String: String]) -> DeviceAccess {
        let (mode, reason) = DeviceAccessMode.choose(effectiveUserID: effectiveUserID, environment: environment)
        guard mode == .libseat else {
            return DeviceAccess(
                mode: .direct, reason: reason, opener: DirectDeviceOpener(), session: nil, failure: nil,
                requestedSeat: seat)
        }
        do throws(SeatError) {
            let session = try SeatSession(seat: seat)
            return DeviceAccess(
                mode: .libseat, reason: reason, opener: session.deviceOpener, session: session, failure: nil,
                requestedSeat: seat)
        } catch {
            return DeviceAccess(
                mode: .direct, reason: reason, opener: DirectDeviceOpener(), session: nil, failure: error,
                requestedSeat: seat)
        }
    }
}
