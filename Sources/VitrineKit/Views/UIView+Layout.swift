import Foundation

extension UIView {
    /// Applies the autoresizing mask after the superview's bounds size changed from `oldSize`
    /// to `newSize`, with UIKit's arithmetic: on each axis the change is shared by the
    /// flexible parts (leading margin, size, trailing margin) in proportion to their current
    /// lengths, or equally when those lengths are all zero; with no flexible part the frame
    /// stays (the trailing margin takes the change).
    func autoresize(superviewSizeChangedFrom oldSize: CGSize, to newSize: CGSize) {
        let mask = autoresizingMask
        guard !mask.isEmpty else { return }
        var frame = self.frame
        guard frame.origin.x.isFinite, frame.origin.y.isFinite, frame.width.isFinite, frame.height.isFinite else {
            return
        }
        let (x, width) = Self.share(
            delta: newSize.width - oldSize.width, leading: frame.minX, size: frame.width,
            trailing: oldSize.width - frame.maxX,
            flexible: (
                mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth),
                mask.contains(.flexibleRightMargin)
            ))
        let (y, height) = Self.share(
            delta: newSize.height - oldSize.height, leading: frame.minY, size: frame.height,
            trailing: oldSize.height - frame.maxY,
            flexible: (
                mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight),
                mask.contains(.flexibleBottomMargin)
            ))
        frame = CGRect(x: x, y: y, width: max(0, width), height: max(0, height))
        if transform.isIdentity {
            self.frame = frame
        } else {
            // With a transform, UIKit resizes the bounds and moves the center.
            center = CGPoint(x: frame.midX, y: frame.midY)
            bounds.size = CGSize(
                width: bounds.width + (frame.width - self.frame.width),
                height: bounds.height + (frame.height - self.frame.height))
        }
    }

    /// One axis of autoresizing: the new origin and size.
    private static func share(
        delta: CGFloat, leading: CGFloat, size: CGFloat, trailing: CGFloat, flexible: (Bool, Bool, Bool)
    ) -> (origin: CGFloat, size: CGFloat) {
        guard delta != 0, delta.isFinite else { return (leading, size) }
        let lengths = [leading, size, trailing]
        let flags = [flexible.0, flexible.1, flexible.2]
        let flexibleCount = flags.filter { $0 }.count
        guard flexibleCount > 0 else { return (leading, size) }
        let total = zip(lengths, flags).reduce(CGFloat(0)) { $0 + ($1.1 ? max(0, $1.0) : 0) }
        var shares = [CGFloat](repeating: 0, count: 3)
        for index in 0..<3 where flags[index] {
            shares[index] = total > 0 ? delta * max(0, lengths[index]) / total : delta / CGFloat(flexibleCount)
        }
        return (leading + shares[0], size + shares[1])
    }

    /// `sizeToFit()`: the size that fits the current bounds, at the same frame origin.
    func resizeToFit() {
        let fitted = sizeThatFits(bounds.size)
        guard fitted.width.isFinite, fitted.height.isFinite else { return }
        let origin = frame.origin
        bounds.size = CGSize(width: max(0, fitted.width), height: max(0, fitted.height))
        if transform.isIdentity { frame.origin = origin }
    }
}
