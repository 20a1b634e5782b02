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

    /// Frames run so far, presented or not.
    @_spi(Service) public var frameCount: Int { frameLoop.frameCount }

    /// Vblanks missed so far by frames that began at a vblank (their flip landed later than
    /// the next one); each miss is also logged, with its timing.
    @_spi(Service) public var missedVblankCount: Int { frameLoop.missedVblankCount }

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

    /// The size in pixels of the screen's snapshots: its bounds at its scale, upright.
    @_spi(Service) public var snapshotPixelSize: (width: Int, height: Int) {
        (max(1, Int((bounds.width * scale).rounded())), max(1, Int((bounds.height * scale).rounded())))
    }

    /// A copy of what the screen shows, upright at its pixel size, to encode off the main
    /// actor: the frame on screen copied (the buffer presented last, or on a rotated panel the
    /// compositor's upright picture), into `prepared` when it fits (a buffer made and touched
    /// off the main actor, `ScreenSnapshot(preparingWidth:height:)`, so that only the `memcpy`
    /// is done here); `renderSnapshot()` before the first frame, or when the frame is not in
    /// memory the CPU reads or not of the screen's size.
    @_spi(Service) public func takeSnapshot(into prepared: ScreenSnapshot? = nil) -> ScreenSnapshot {
        let size = snapshotPixelSize
        if let shown = frameLoop.shownFrame(), shown.width == size.width, shown.height == size.height {
            if let prepared, prepared.fits(shown) {
                prepared.pixels.copyPixels(from: shown)
                return prepared
            }
            return ScreenSnapshot(pixels: shown.copy())
        }
        return ScreenSnapshot(pixels: renderSnapshot())
    }

    /// `takeSnapshot()` as PNG, with its size in pixels.
    @_spi(Service) public func snapshotPNG() throws(ImageCodecError) -> (png: Data, width: Int, height: Int) {
        let snapshot = takeSnapshot()
        return (try snapshot.encodePNG(), snapshot.width, snapshot.height)
    }
}

/// Pixels a screen showed, taken on the main actor and encoded anywhere: the control socket
/// encodes its screenshots on a queue of its own, so the main loop only pays for the copy.
@_spi(Service) public struct ScreenSnapshot: @unchecked Sendable {
    // Unchecked: the buffer is a fresh one that one owner at a time uses: made by the
    // encoder, filled on the main actor, then only read (cairo encodes from a surface of its
    // own over it, safe on any thread).
    fileprivate let pixels: PixelBuffer

    init(pixels: PixelBuffer) { self.pixels = pixels }

    /// A buffer for `UIScreen.takeSnapshot(into:)`, its pages touched now (an 8 MB buffer's
    /// page faults cost more than the copy into it): made off the main actor.
    public init(preparingWidth width: Int, height: Int) {
        pixels = PixelBuffer(width: width, height: height, format: .xrgb8888)
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        for offset in stride(from: 0, to: pixels.byteCount, by: max(4096, pageSize)) {
            pixels.baseAddress.storeBytes(of: 0, toByteOffset: offset, as: UInt8.self)
        }
    }

    /// Whether `frame` can be copied into these pixels whole.
    fileprivate func fits(_ frame: PixelBuffer) -> Bool {
        frame.width == pixels.width && frame.height == pixels.height && frame.format == pixels.format
            && frame.byteCount == pixels.byteCount
    }

    /// The size in pixels.
    public var width: Int { pixels.width }
    public var height: Int { pixels.height }

    /// The pixels as PNG.
    public func encodePNG() throws(ImageCodecError) -> Data { try ImageCodec.encodePNG(pixels) }
}
