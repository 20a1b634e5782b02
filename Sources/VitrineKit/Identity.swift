import Foundation
import VitrineLayers

// What NSObject gives UIKit's classes: equality and hashing by identity, so `subviews == [a,
// b]`, `firstIndex(of:)` and `Set<UIView>` work, and a description naming the class and
// address. `UIView` adds its frame, as UIKit's does. (`UIColor` and `UIFont` compare by value,
// as UIKit's do; `UITouch` and `UIPress` conform where they are declared.)

extension UIResponder: Hashable {
    /// Whether both are the same object, as `NSObject.isEqual(_:)`.
    public nonisolated static func == (lhs: UIResponder, rhs: UIResponder) -> Bool { lhs === rhs }

    /// Hashes the object's identity, as `NSObject.hash`.
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

}

// Main-actor isolated (a view's frame is read on the main actor), so describing a view is
// done where views are used, as UIKit requires.
extension UIResponder: @MainActor CustomStringConvertible {
    /// "<ClassName: 0x…>", as NSObject's `description`; a view adds its frame and layer, as
    /// UIKit's: "<UIView: 0x…; frame = (0 0; 100 50); layer = <CALayer: 0x…>>".
    public var description: String {
        let base = objectDescription(self)
        guard let view = self as? UIView else { return base }
        func number(_ value: CGFloat) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
        }
        let frame = view.frame
        return "\(base.dropLast()); frame = (\(number(frame.minX)) \(number(frame.minY)); "
            + "\(number(frame.width)) \(number(frame.height))); layer = \(view.layer)>"
    }
}

extension UIGestureRecognizer: Hashable, CustomStringConvertible {
    /// Whether both are the same recognizer, as `NSObject.isEqual(_:)`.
    public nonisolated static func == (lhs: UIGestureRecognizer, rhs: UIGestureRecognizer) -> Bool { lhs === rhs }

    /// Hashes the recognizer's identity, as `NSObject.hash`.
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// "<ClassName: 0x…>", as NSObject's `description`.
    public nonisolated var description: String { objectDescription(self) }
}

extension UIImage: Hashable, CustomStringConvertible {
    /// Whether both are the same image object, as UIKit's `UIImage` (NSObject identity).
    public static func == (lhs: UIImage, rhs: UIImage) -> Bool { lhs === rhs }

    /// Hashes the image's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// "<UIImage: 0x…>, {width, height}", as UIKit describes an image (its size in points).
    public var description: String { "\(objectDescription(self)), {\(size.width), \(size.height)}" }
}
