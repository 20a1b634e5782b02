import Foundation

extension UIScreen {
    /// Posted once per screen when its first frame is on screen, its page flip completed (a
    /// Vitrine addition: a kiosk app's way to learn when a person can see it, for a startup
    /// figure or to start a time-critical animation). The object is the screen; the user info
    /// holds the flip's vblank time under `presentationTimeUserInfoKey` (a `CFTimeInterval` on
    /// `CACurrentMediaTime()`'s clock). Posted on the main thread, before the application's
    /// `screenFirstFrameHandler` is called.
    nonisolated public static let didPresentFirstFrameNotification = Notification.Name(
        "VitrineScreenDidPresentFirstFrame")

    /// The key of `didPresentFirstFrameNotification`'s vblank time.
    nonisolated public static let presentationTimeUserInfoKey = "VitrinePresentationTime"

    /// When this screen's first frame reached the display: the vblank time of its first page
    /// flip, on `CACurrentMediaTime()`'s clock (a Vitrine addition); nil until then.
    public var firstFramePresentationTime: CFTimeInterval? { frameLoop.firstFramePresentationTime }

    func postFirstFramePresented() {
        let time = firstFramePresentationTime ?? clock.now
        NotificationCenter.default.post(
            name: Self.didPresentFirstFrameNotification, object: self,
            userInfo: [Self.presentationTimeUserInfoKey: time])
    }
}
