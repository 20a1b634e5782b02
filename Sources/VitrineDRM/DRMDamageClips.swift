import VitrineGraphics

/// One rectangle of an `FB_DAMAGE_CLIPS` blob, as the kernel's `struct drm_mode_rect`:
/// inclusive top-left, exclusive bottom-right, in framebuffer pixels.
struct DRMDamageRect: Hashable, Sendable {
    var x1: Int32
    var y1: Int32
    var x2: Int32
    var y2: Int32

    /// The rectangles of `damage` inside a `width` x `height` framebuffer, for the plane's
    /// `FB_DAMAGE_CLIPS` property. Empty damage gives no rectangles (the caller then sends no
    /// blob, which the kernel reads as "the whole plane changed", so nothing is ever lost).
    static func clips(for damage: Region, width: Int, height: Int) -> [DRMDamageRect] {
        damage.intersection(Region(PixelRect(x: 0, y: 0, width: width, height: height))).rects.map {
            DRMDamageRect(
                x1: Int32($0.x), y1: Int32($0.y), x2: Int32($0.x + $0.width), y2: Int32($0.y + $0.height))
        }
    }
}
