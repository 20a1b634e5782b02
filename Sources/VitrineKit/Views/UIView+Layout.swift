import Foundation

extension UIView {
    /// Applies the autoresizing mask after the superview's bounds size changed from `oldSize`
    /// to `newSize`, with UIKit's arithmetic: on each axis the change is shared by the
    /// flexible parts (leading margin, size, trailing margin) in proportion to their current
    /// lengths, or equally when those lengths are all zero; with no flexible part the frame
    /// stays (the trailing margin takes the change).
    func autoresize(superviewSizeChangedFrom oldSize: CGSize, to newSize: CGSize) {
        let mask = autoresizingMask
        // As in UIKit, a view placed by constraints is not autoresized.
        guard !mask.isEmpty, translatesAutoresizingMaskIntoConstraints else { return }
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
        let shares = autoresizingShares(
            leading: Double(leading), size: Double(size), trailing: Double(trailing), flexible: flexible)
        return (leading + delta * CGFloat(shares.leading), size + delta * CGFloat(shares.size))
    }

    /// The parts of a superview size change that the leading margin and the size take on one
    /// axis: the flexible parts share it in proportion to their current lengths, or equally
    /// when those are all zero. Auto Layout's autoresizing equations use the same shares.
    static func autoresizingShares(leading: Double, size: Double, trailing: Double, flexible: (Bool, Bool, Bool))
        -> (leading: Double, size: Double)
    {
        let lengths = [leading, size, trailing]
        let flags = [flexible.0, flexible.1, flexible.2]
        let flexibleCount = flags.filter { $0 }.count
        guard flexibleCount > 0 else { return (0, 0) }
        let total = zip(lengths, flags).reduce(0.0) { $0 + ($1.1 ? max(0, $1.0) : 0) }
        func share(_ index: Int) -> Double {
            guard flags[index] else { return 0 }
            return total > 0 ? max(0, lengths[index]) / total : 1 / Double(flexibleCount)
        }
        return (share(0), share(1))
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
