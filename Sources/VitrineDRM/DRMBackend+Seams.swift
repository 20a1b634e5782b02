import VitrinePlatform

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
