import VitrineGraphics

/// One rectangle of an `FB_DAMAGE_CLIPS` blob, as the kernel's `struct drm_mode_rect`:
/// inclusive top-left, exclusive bottom-right, in framebuffer pixels.
package struct DRMDamageRect: Hashable, Sendable {
    /// The left edge (inclusive).
    package var x1: Int32
    /// The top edge (inclusive).
    package var y1: Int32
    /// The right edge (exclusive).
    package var x2: Int32
    /// The bottom edge (exclusive).
    package var y2: Int32

    /// The rectangle from (`x1`, `y1`) inclusive to (`x2`, `y2`) exclusive.
    package init(x1: Int32, y1: Int32, x2: Int32, y2: Int32) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

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
