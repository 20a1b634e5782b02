#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// An evdev absolute axis's range (`struct input_absinfo`'s minimum and maximum), and whether
/// a touch position on it can be mapped onto a screen.
///
/// libinput normalises a position as `(value - minimum) / (maximum - minimum + 1)` with the
/// width in a C `int`: a range as wide as the whole `Int32` (`0...2^31-1`, `-2^31...2^31-1`)
/// overflows it, and touches come out infinite or not at all; an empty range (minimum equal
/// to maximum: libinput logs "kernel bug") maps every touch to one point. The kernel itself
/// refuses a minimum above the maximum. A controller reporting such ranges is refused as a
/// touchscreen, with a log line, instead of sending touches nowhere.
package struct TouchAxisRange: Equatable, Sendable {
    package var minimum: Int32
    package var maximum: Int32

    package init(minimum: Int32, maximum: Int32) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// Why positions on this axis cannot be mapped, or nil when they can.
    package var problem: String? {
        let width = Int64(maximum) - Int64(minimum) + 1
        if maximum <= minimum { return "range \(minimum)...\(maximum) is empty" }
        if width > Int64(Int32.max) { return "range \(minimum)...\(maximum) is wider than libinput can map" }
        return nil
    }

    /// `EVIOCGABS(axis)`: `_IOR('E', 0x40 + axis, struct input_absinfo)`, the structure being
    /// six `__s32` (value, minimum, maximum, fuzz, flat, resolution).
    static func request(axis: UInt) -> UInt {
        (2 << 30) | (24 << 16) | (UInt(UInt8(ascii: "E")) << 8) | (0x40 + axis)
    }

    /// The range of `axis` on the evdev device open as `descriptor`; nil when the device lacks
    /// the axis or the ioctl fails.
    static func read(descriptor: Int32, axis: UInt) -> TouchAxisRange? {
        var info = [Int32](repeating: 0, count: 6)
        let result = info.withUnsafeMutableBytes { ioctl(descriptor, request(axis: axis), $0.baseAddress!) }
        guard result >= 0 else { return nil }
        // An axis the device lacks reads as all zeros.
        guard info[1] != 0 || info[2] != 0 else { return nil }
        return TouchAxisRange(minimum: info[1], maximum: info[2])
    }
}
