/// A backend that can let go of its devices while the seat is away (a VT switch, another
/// session taking the seat) and take them back: the DRM backend drops master and holds frames,
/// libinput closes its devices. The service's seat wiring pauses and resumes every backend
/// through this protocol, in order (input first on the way out, display first on the way back).
@MainActor
public protocol SessionControl: AnyObject {
    /// The seat went away: stop touching the devices (their descriptors may be revoked).
    func pauseSession()
    /// The seat is back: take the devices again. Returns whether they could be taken (false is
    /// logged by the backend; it retries at the next resume).
    @discardableResult func resumeSession() -> Bool
}
