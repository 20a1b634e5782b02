/// A duration or time in seconds, as CoreFoundation's `CFTimeInterval` (a `Double`), which
/// Foundation on Linux does not provide. Core Animation's timing APIs use it.
public typealias CFTimeInterval = Double
