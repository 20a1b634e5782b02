#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// Calls `call` again for as long as it fails with `EINTR`: a system call a signal interrupted
/// before it did anything. The one retry loop of the project; every `read`, `write`, `recv`,
/// `open` or `ioctl` wrapper goes through it (swift-system's own calls retry the same way).
///
/// `call` returns a C-style result: -1 (with `errno` set) on failure.
@inlinable
public func retryingOnInterrupt<Result: BinaryInteger>(_ call: () -> Result) -> Result {
    while true {
        let result = call()
        if result == -1 && errno == EINTR { continue }
        return result
    }
}

/// `retryingOnInterrupt(_:)` for calls that return a negative errno value rather than setting
/// `errno` (libdrm's `drmModeAtomicCommit`, libinput's and libseat's functions): retried while
/// the result is `-EINTR`.
@inlinable
public func retryingOnNegativeInterrupt<Result: SignedInteger>(_ call: () -> Result) -> Result {
    while true {
        let result = call()
        if result == Result(-EINTR) { continue }
        return result
    }
}
