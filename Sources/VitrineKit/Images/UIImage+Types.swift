extension UIImage {
    /// How the pixels are meant to be turned to stand upright, as `UIImage.Orientation` (same
    /// cases and raw values). Every case is applied when the image is drawn or shown; a JPEG's
    /// EXIF orientation maps to it as in UIKit (1 up, 2 upMirrored, 3 down, 4 downMirrored,
    /// 5 leftMirrored, 6 right, 7 rightMirrored, 8 left).
    public enum Orientation: Int, Sendable, Hashable, CaseIterable {
        /// The pixels are upright (the default).
        case up = 0
        /// Rotated 180°.
        case down = 1
        /// Rotated 90° counterclockwise.
        case left = 2
        /// Rotated 90° clockwise.
        case right = 3
        /// Flipped horizontally.
        case upMirrored = 4
        /// Flipped vertically.
        case downMirrored = 5
        /// Flipped horizontally, then rotated 90° counterclockwise.
        case leftMirrored = 6
        /// Flipped horizontally, then rotated 90° clockwise.
        case rightMirrored = 7
    }

    /// How the middle of a resizable image fills its space, as `UIImage.ResizingMode` (same
    /// raw values).
    public enum ResizingMode: Int, Sendable, Hashable {
        /// Repeat the middle. Deviation: Vitrine's compositor draws it stretched for now.
        case tile = 0
        /// Stretch the middle.
        case stretch = 1
    }
}
