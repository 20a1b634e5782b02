import Foundation

/// Values a control keeps per `UIControl.State` (a button's titles, colours, images), with
/// UIKit's fallback: the value set for the exact state, else the one for `.normal`.
struct ControlStateTable<Value> {
    private var values: [UInt: Value] = [:]

    /// The value set for exactly `state`, if any.
    func explicitValue(for state: UIControl.State) -> Value? { values[state.rawValue] }

    /// The value shown in `state`: its own, else `.normal`'s.
    func value(for state: UIControl.State) -> Value? {
        values[state.rawValue] ?? values[UIControl.State.normal.rawValue]
    }

    /// Sets (nil: clears) the value for exactly `state`.
    mutating func set(_ value: Value?, for state: UIControl.State) {
        values[state.rawValue] = value
    }
}
