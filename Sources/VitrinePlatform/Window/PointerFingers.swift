import Foundation

/// The mouse of a window backend as touches, window-system independent: the primary button
/// held is one finger (as the DRM backend maps a pointer); pressed with the pinch modifier
/// (Ctrl or Alt) held, it is two fingers mirrored through the window's centre, as the iOS
/// Simulator's Option-drag, so that pinch and rotation recognizers can be tried without a
/// touchscreen. Positions are normalised to the window (0...1).
public struct PointerFingers {
    /// The touch slot of the first finger; the second is `slot + 1`. High, so that a real
    /// touchscreen's slots (from 0) never meet them.
    public static let slot = 1000

    /// Where the pointer is, normalised; nil outside the window.
    public private(set) var position: CGPoint?
    /// How many fingers are down: 0, 1 or 2.
    public private(set) var fingersDown = 0

    /// No finger down, the pointer outside.
    public init() {}

    /// The second finger's position for the first one's: mirrored through the centre.
    public static func mirrored(_ point: CGPoint) -> CGPoint { CGPoint(x: 1 - point.x, y: 1 - point.y) }

    /// The pointer moved to `point`: the fingers down move with it.
    public mutating func move(to point: CGPoint, output: String?, timestamp: Double) -> [TouchEvent] {
        position = point
        guard fingersDown > 0 else { return [] }
        var events = [TouchEvent.motion(slot: Self.slot, to: point, output: output, timestamp: timestamp)]
        if fingersDown == 2 {
            events.append(.motion(slot: Self.slot + 1, to: Self.mirrored(point), output: output, timestamp: timestamp))
        }
        events.append(.frame(output: output, timestamp: timestamp))
        return events
    }

    /// The primary button went down (`pinch`: with the pinch modifier held) or up.
    public mutating func button(isPressed: Bool, pinch: Bool, output: String?, timestamp: Double) -> [TouchEvent] {
        if isPressed {
            guard fingersDown == 0, let point = position else { return [] }
            fingersDown = pinch ? 2 : 1
            var events = [TouchEvent.down(slot: Self.slot, at: point, output: output, timestamp: timestamp)]
            if pinch {
                events.append(
                    .down(slot: Self.slot + 1, at: Self.mirrored(point), output: output, timestamp: timestamp))
            }
            events.append(.frame(output: output, timestamp: timestamp))
            return events
        }
        return lift(output: output, timestamp: timestamp, cancel: false)
    }

    /// The pointer left the window or lost focus with fingers down: they are cancelled.
    public mutating func leave(output: String?, timestamp: Double) -> [TouchEvent] {
        position = nil
        return lift(output: output, timestamp: timestamp, cancel: true)
    }

    private mutating func lift(output: String?, timestamp: Double, cancel: Bool) -> [TouchEvent] {
        guard fingersDown > 0 else { return [] }
        var events: [TouchEvent] = []
        for slot in Self.slot..<(Self.slot + fingersDown) {
            events.append(
                cancel
                    ? .cancel(slot: slot, output: output, timestamp: timestamp)
                    : .up(slot: slot, output: output, timestamp: timestamp))
        }
        fingersDown = 0
        events.append(.frame(output: output, timestamp: timestamp))
        return events
    }
}
