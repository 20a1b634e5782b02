import VitrinePlatform

// The libinput source behind the platform seams the kiosk service drives: the config's touch
// mapping and calibration, and the seat session's pause and resume.
extension LibinputInputSource: InputMappingControl {}

extension LibinputInputSource: SessionControl {
    /// `suspend()`: every device closed, touches in progress cancelled.
    public func pauseSession() { suspend() }
    /// `resume()`: the devices opened again.
    @discardableResult public func resumeSession() -> Bool { resume() }
}
