import Foundation

/// One simulated panel of a window backend (`--window-screen WIDTHxHEIGHT[@SCALE]`): its size in
/// pixels and the `UIScreen.scale` it shows at. Window-system independent, so the Wayland
/// backend and a later X11 one read the same option.
public struct WindowScreenSpec: Hashable, Sendable, CustomStringConvertible {
    /// Width in pixels, 1...8192.
    public var width: Int
    /// Height in pixels, 1...8192.
    public var height: Int
    /// The screen's scale (`UIScreen.scale`), 1...3.
    public var scale: Int

    /// A screen of `width` x `height` pixels at `scale`.
    public init(width: Int, height: Int, scale: Int = 1) {
        self.width = width
        self.height = height
        self.scale = scale
    }

    /// `800x480`, `1080x1920@2`; nil when `text` is not that form or out of range.
    public init?(parsing text: String) {
        let sizeAndScale = text.split(separator: "@", omittingEmptySubsequences: false)
        guard (1...2).contains(sizeAndScale.count) else { return nil }
        let parts = sizeAndScale[0].split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            (1...8192).contains(width), (1...8192).contains(height)
        else { return nil }
        var scale = 1
        if sizeAndScale.count == 2 {
            guard let parsed = Int(sizeAndScale[1]), (1...3).contains(parsed) else { return nil }
            scale = parsed
        }
        self.init(width: width, height: height, scale: scale)
    }

    /// As the option takes it: `800x480`, `1080x1920@2`.
    public var description: String { scale == 1 ? "\(width)x\(height)" : "\(width)x\(height)@\(scale)" }

    /// The physical size that makes `UIScreen` derive `scale` (it rounds pixels per inch over
    /// 163, an iPhone's 1x density): what a window output reports as its `physicalSize`.
    public var physicalSize: CGSize {
        let millimetresPerPixel = 25.4 / (163 * Double(scale))
        return CGSize(width: Double(width) * millimetresPerPixel, height: Double(height) * millimetresPerPixel)
    }
}
