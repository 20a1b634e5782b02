import Foundation

extension UIControl {
    /// The events a control sends, as UIKit's `UIControl.Event`, with UIKit's raw values.
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// A finger went down in the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A finger went down again as part of a multi-tap (its `tapCount` is above 1); sent
        /// right after `.touchDown`.
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// The finger moved and is still inside the control's bounds plus the tracking slop.
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// The finger moved and is still outside the bounds plus the slop.
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// The finger moved from outside back inside the bounds plus the slop.
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// The finger moved from inside to outside the bounds plus the slop.
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// The finger lifted inside the bounds plus the slop.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// The finger lifted outside the bounds plus the slop.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// The touch was cancelled (the control left its window, a recognizer took the touch,
        /// the input device went away).
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The control's value changed (a switch toggled, a slider moved).
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's main action: a button's tap, a switch's or slider's value change.
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// A menu action (no menus on Vitrine; never sent by Vitrine's controls).
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        /// Editing began in a text control.
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        /// The text of a text control changed.
        public static let editingChanged = Event(rawValue: 1 << 17)
        /// Editing ended in a text control.
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        /// Editing ended by the return key in a text control.
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        /// Every touch event.
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        /// Every editing event.
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        /// Bits an application may use for events of its own.
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        /// Bits reserved for the framework.
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        /// Every event.
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }
}
