import VitrinePlatform

/// A connector as a config matches it (VitrinePlatform's `OutputIdentity`).
public typealias DRMConnectorIdentity = OutputIdentity
/// What the config says about one connector (VitrinePlatform's `OutputPolicy`).
public typealias DRMOutputPolicy = OutputPolicy
/// How a connector's mode is picked (VitrinePlatform's `DisplayModeSelection`).
public typealias DRMModeSelection = DisplayModeSelection

// The DRM backend behind the platform seams the kiosk service drives: the config's output
// policy and the seat session's pause and resume. The service never names `DRMBackend`.
extension DRMBackend: OutputPolicyControl {
    /// The mode the policy picks for `output` now; nil for an output of another backend.
    public func policyMode(for output: any DisplayOutput) -> DisplayMode? {
        guard let output = output as? DRMOutput else { return nil }
        return policyMode(for: output)
    }
}

extension DRMBackend: SessionControl {
    /// `disableSession()`: master dropped, outputs suspended.
    public func pauseSession() { disableSession() }
    /// `enableSession()`: master regained, a full modeset and repaint on the next frame.
    @discardableResult public func resumeSession() -> Bool { enableSession() }
}
