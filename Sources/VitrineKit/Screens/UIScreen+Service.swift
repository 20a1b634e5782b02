import Foundation
import VitrinePlatform

// What the kiosk service (VitrineKiosk) needs of a screen beyond UIKit's API: its frame
// counts, stopping its frames at shutdown, and screenshots. Service SPI: an app does not see
// these unless it imports VitrineKit with `@_spi(Service)`.
extension UIScreen {
    /// Frames presented so far.
    @_spi(Service) public var presentedFrameCount: Int { frameLoop.presentedFrameCount }

    /// Presents completed so far (their page flips landed): 1 or more means the first frame is
    /// on screen.
    @_spi(Service) public var completedPresentCount: Int { frameLoop.completedPresentCount }

    /// Stops drawing for good (the service is stopping): nothing more is rendered or presented.
    @_spi(Service) public func stopFrames() { frameLoop.stop() }

    /// What the screen shows now, rendered afresh from its layer tree (presentation values
    /// included) at its pixel size: the control socket's screenshots and `--capture`.
    @_spi(Service) public func renderSnapshot() -> PixelBuffer {
        let size = CGSize(width: bounds.width * scale, height: bounds.height * scale)
        let pixels = PixelBuffer(
            width: max(1, Int(size.width.rounded())), height: max(1, Int(size.height.rounded())), format: .xrgb8888)
        let compositor = Compositor(scale: scale, clearColor: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1))
        _ = compositor.render(rootLayer, into: pixels, bufferAge: 0)
        return pixels
    }

    /// `renderSnapshot()` as PNG, with its size in pixels.
    @_spi(Service) public func snapshotPNG() throws(ImageCodecError) -> (png: Data, width: Int, height: Int) {
        let pixels = renderSnapshot()
        return (try ImageCodec.encodePNG(pixels), pixels.width, pixels.height)
    }
}
