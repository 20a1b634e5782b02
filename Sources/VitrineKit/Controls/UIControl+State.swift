import Foundation

extension UIControl {
    /// The states a control can be in, as UIKit's `UIControl.State`, with UIKit's raw values.
    /// `.normal` is the empty set. Vitrine has no focus engine, so `.focused` is never part of
    /// a control's `state`; it exists for code (and per-state tables) written for iOS.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// No other state: enabled, not selected, not highlighted.
        public static let normal = State([])
        /// A touch is down and inside the control (with its tracking slop).
        public static let highlighted = State(rawValue: 1 << 0)
        /// `isEnabled` is false.
        public static let disabled = State(rawValue: 1 << 1)
        /// `isSelected` is true.
        public static let selected = State(rawValue: 1 << 2)
        /// The control has focus (never set on Vitrine).
        public static let focused = State(rawValue: 1 << 3)
        /// Bits an application may use for states of its own.
        public static let application = State(rawValue: 0x00FF_0000)
        /// Bits reserved for the framework.
        public static let reserved = State(rawValue: 0xFF00_0000)
    }
}
