import VitrineLayers

/// The current media time in seconds, as Core Animation's `CACurrentMediaTime()`: the clock of
/// the display backend the application runs on (`CLOCK_MONOTONIC` on a real backend, the
/// manual clock in tests). It is the time base of `CADisplayLink.timestamp`, vblank events and
/// layer time (`CALayer.convertTime(_:from:)` with nil: a layer's time, the base of its
/// animations' `beginTime`, is this while the layer and its ancestors keep the default
/// timing). Lives in VitrineKit because the clock belongs to the backend (VitrineLayers reaches
/// no global clock).
@preconcurrency @MainActor
public func CACurrentMediaTime() -> CFTimeInterval {
    ScreenRegistry.current.backend.clock.now
}

extension CALayer {
    /// What to add to a media time near now to get the layer's time for it: the layer's time
    /// now minus the media time now (0 for a layer whose time is the media time). UIView
    /// animations give their delays this way, so that a delay runs in the layer's time (a
    /// paused layer's animations wait, as in Core Animation).
    func mediaTimeShift() -> Double {
        let now = CACurrentMediaTime()
        return convertTime(now, from: nil) - now
    }
}
