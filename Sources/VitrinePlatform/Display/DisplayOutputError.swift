/// Why a display output refused a request. Outputs report failures as values, never by
/// crashing: a panel can be unplugged between any two calls.
public enum DisplayOutputError: Error, Equatable, CustomStringConvertible {
    /// The output is not connected (unplugged, or its backend went away).
    case disconnected(output: String)
    /// A present is still waiting for its vblank; only one may be in flight, as with a DRM
    /// page flip (`EBUSY`). Wait for the present-complete event.
    case presentPending(output: String)
    /// The buffer was not the one `acquireBuffer()` handed out for this output's current
    /// swapchain (already presented, from another output, or from before a mode change).
    case bufferNotAcquired(output: String)
    /// The mode is not one of the output's `modes`.
    case unsupportedMode(output: String, mode: DisplayMode)
    /// The backend failed (an ioctl's error, say); `reason` says what failed.
    case backendFailure(output: String, reason: String)
    /// The output is suspended: the session is away (another DRM master, a VT switch), so
    /// nothing is committed until it comes back (`DisplayOutput.isSuspended`).
    case suspended(output: String)
    /// The output is powered off (`DisplayOutput.setPowered(false)`, idle blanking): nothing is
    /// scanned out until it is powered on.
    case poweredOff(output: String)

    /// A sentence naming the output and the problem.
    public var description: String {
        switch self {
        case .disconnected(let output):
            "display output \(output) is disconnected"
        case .presentPending(let output):
            "display output \(output) already has a present waiting for vblank"
        case .bufferNotAcquired(let output):
            "the buffer presented on \(output) is not its acquired back buffer"
        case .unsupportedMode(let output, let mode):
            "display output \(output) does not support mode \(mode)"
        case .backendFailure(let output, let reason):
            "display output \(output) failed: \(reason)"
        case .suspended(let output):
            "display output \(output) is suspended until the session comes back"
        case .poweredOff(let output):
            "display output \(output) is powered off"
        }
    }
}
