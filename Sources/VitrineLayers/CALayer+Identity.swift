import Foundation

// What NSObject gives Core Animation's layers: equality and hashing by identity, and a
// description naming the class and address ("<CALayer: 0x…>").
extension CALayer: Hashable, CustomStringConvertible {
    /// Whether both are the same layer, as `NSObject.isEqual(_:)`.
    public nonisolated static func == (lhs: CALayer, rhs: CALayer) -> Bool { lhs === rhs }

    /// Hashes the layer's identity, as `NSObject.hash`.
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// "<CALayer: 0x…>", as NSObject's `description` (the class is the dynamic one).
    public nonisolated var description: String { objectDescription(self) }
}

/// "<ClassName: 0xADDRESS>", as NSObject describes an object.
public func objectDescription(_ object: AnyObject) -> String {
    let address = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    return "<\(type(of: object)): 0x\(String(address, radix: 16, uppercase: false))>"
}
