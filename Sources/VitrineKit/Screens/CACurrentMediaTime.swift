import VitrineLayers

/// The current media time in seconds, as Core Animation's `CACurrentMediaTime()`: the clock of
/// the display backend the application runs on (`CLOCK_MONOTONIC` on a real backend, the
/// manual clock in tests). It is the time base of `CAAnimation.beginTime`,
/// `CADisplayLink.timestamp` and vblank events. Lives in VitrineKit because the clock belongs to
/// the backend (VitrineLayers reaches no global clock).
@MainActor
public func CACurrentMediaTime() -> CFTimeInterval {
    ScreenRegistry.current.backend.clock.now
}
