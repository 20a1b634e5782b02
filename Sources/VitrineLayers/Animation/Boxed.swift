/// A value kept out of line, for large optional state most layers never have: the layer holds
/// one pointer instead of the value's full size.
final class Boxed<Value> {
    var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Stores `value` in `box`, reusing the box, or drops the box for nil.
    static func store(_ value: Value?, in box: inout Boxed<Value>?) {
        guard let value else {
            box = nil
            return
        }
        if let box { box.value = value } else { box = Boxed(value) }
    }
}
