#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads and converts timestamps on `CLOCK_MONOTONIC`, the time base of every timestamp in
/// Vitrine: DRM page-flip events, libinput events, `CADisplayLink.timestamp` and
/// `CACurrentMediaTime()` all count seconds on this clock, as a `Double`.
///
/// Core Animation's media time is `mach_absolute_time` converted to seconds; on Linux the
/// equivalent, never-jumping clock is `CLOCK_MONOTONIC`, which is also the clock the kernel
/// stamps vblank and input events with.
public enum MonotonicTime {
    /// The current `CLOCK_MONOTONIC` time in seconds, as `CACurrentMediaTime()` returns.
    public static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return seconds(seconds: Int64(spec.tv_sec), nanoseconds: Int64(spec.tv_nsec))
    }

    /// Seconds from a whole-seconds part and a nanoseconds part, as a `timespec` holds them.
    public static func seconds(seconds: Int64, nanoseconds: Int64) -> Double {
        Double(seconds) + Double(nanoseconds) / 1_000_000_000
    }

    /// Seconds from a whole-seconds part and a microseconds part, as the `tv_sec` / `tv_usec`
    /// of a DRM page-flip or vblank event.
    public static func seconds(seconds: Int64, microseconds: Int64) -> Double {
        Double(seconds) + Double(microseconds) / 1_000_000
    }

    /// Seconds from a count of microseconds, as `libinput_event_*_get_time_usec` returns.
    public static func seconds(microseconds: UInt64) -> Double {
        Double(microseconds) / 1_000_000
    }
}
