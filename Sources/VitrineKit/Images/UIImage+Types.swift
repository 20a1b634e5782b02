extension UIImage {
    /// How the pixels are meant to be turned to stand upright, as `UIImage.Orientation` (same
    /// cases and raw values). Vitrine stores it and applies only `.up`.
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
