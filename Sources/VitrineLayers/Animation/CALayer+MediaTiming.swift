import Foundation

/// A layer's own `CAMediaTiming` values, kept out of line (see `CALayer.timingBox`).
struct LayerTiming {
    var beginTime: CFTimeInterval = 0
    var speed: Float = 1
    var timeOffset: CFTimeInterval = 0
    var duration: CFTimeInterval = 0
    var repeatCount: Float = 0
    var repeatDuration: CFTimeInterval = 0
    var autoreverses = false
    var fillMode: CAMediaTimingFillMode = .removed

    /// Whether the layer's time is its superlayer's (the values that map time are the defaults).
    var isIdentity: Bool { beginTime == 0 && speed == 1 && timeOffset == 0 }

    /// `speed`, `beginTime` and `timeOffset` as they apply: a value that is not finite counts
    /// as the default (1, 0, 0), as for `CAAnimation`.
    var rate: Double { speed.isFinite ? Double(speed) : 1 }
    var begin: Double { beginTime.isFinite ? beginTime : 0 }
    var offset: Double { timeOffset.isFinite ? timeOffset : 0 }

    /// The layer's time at superlayer time `t`: `(t - beginTime) · speed + timeOffset`.
    func local(fromParent t: Double) -> Double {
        (t - begin) * rate + offset
    }

    /// The superlayer's time at layer time `t`, the inverse of `local(fromParent:)`. With speed 0
    /// every superlayer time gives the same layer time; the begin time is returned.
    func parent(fromLocal t: Double) -> Double {
        let rate = self.rate
        return rate == 0 ? begin : (t - offset) / rate + begin
    }
}

// Layer time, as Core Animation's `CALayer` adopting `CAMediaTiming`: every layer has a time
// space derived from its superlayer's, down from the media time at the root.
extension CALayer: CAMediaTiming {
    /// Converts `t` from `l`'s time space to this layer's, as `convertTime(_:from:)`; a nil `l`
    /// means the media time (`CACurrentMediaTime()`), so `convertTime(CACurrentMediaTime(),
    /// from: nil)` is the layer's current time, the base for its animations' `beginTime`.
    ///
    /// Core Animation's time model: a layer's time is `(t_parent - beginTime) · speed +
    /// timeOffset`, `t_parent` being its superlayer's time (the media time for a root), so the
    /// speeds multiply down the tree (a sublayer of a layer with speed 2 runs twice as fast)
    /// and a layer with speed 0 freezes its subtree at its `timeOffset` (Apple's QA1673 pauses
    /// a layer's animations this way). The conversion goes up from `l` to the closest common
    /// ancestor and down to this layer, so layers under one frozen ancestor still convert
    /// exactly; going up through a layer with speed 0 (where every superlayer time gives the
    /// same layer time) gives that layer's `beginTime`. Layers in different trees convert
    /// through the media time. `duration`, `repeatCount`, `repeatDuration`, `autoreverses`
    /// and `fillMode` do not take part (Vitrine's layer time runs unbounded).
    internal func mapTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval {
        CALayer.convert(t, from: l, to: self)
    }

    /// Converts `t` from this layer's time space to `l`'s, as `convertTime(_:to:)`; a nil `l`
    /// means the media time. See `convertTime(_:from:)`.
    internal func mapTime(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval {
        CALayer.convert(t, from: self, to: l)
    }

    /// The layer's timing values (the defaults when none was set).
    var timing: LayerTiming { timingBox?.value ?? LayerTiming() }

    /// The layer's time at superlayer time `t` (a Vitrine helper for the animation engine).
    func localTime(fromParentTime t: Double) -> Double {
        guard let timing = timingBox?.value else { return t }
        return timing.local(fromParent: t)
    }

    /// Whether the layer's own speed is 0, freezing its time and its subtree's.
    var freezesTime: Bool { timingBox?.value.rate == 0 }

    /// Whether the layer or an ancestor freezes time (speed 0).
    var isTimeFrozen: Bool {
        var layer: CALayer? = self
        while let current = layer {
            if current.freezesTime { return true }
            layer = current.superlayer
        }
        return false
    }

    /// Changes the timing values; a change that maps time differently asks for a frame, in
    /// which the engine samples the subtree's animations at their new times (their changed
    /// presentations are damaged as any animation's are).
    func changeTiming(_ change: (inout LayerTiming) -> Void) {
        var timing = self.timing
        let before = timing
        change(&timing)
        Boxed.store(timing, in: &timingBox)
        let mapsDifferently =
            timing.beginTime.bitPattern != before.beginTime.bitPattern
            || timing.speed.bitPattern != before.speed.bitPattern
            || timing.timeOffset.bitPattern != before.timeOffset.bitPattern
        if mapsDifferently { notifyTreeHosts() }
    }

    /// `t` converted from `source`'s time space to `target`'s (nil: the media time).
    private static func convert(_ t: Double, from source: CALayer?, to target: CALayer?) -> Double {
        if source === target { return t }
        // The closest common ancestor (nil: none, the media time).
        var common: CALayer?
        if let source, let target { common = source.ancestorShared(with: target) }
        // Up from the source to the common ancestor.
        var time = t
        var layer = source
        while let current = layer, current !== common {
            if let timing = current.timingBox?.value { time = timing.parent(fromLocal: time) }
            layer = current.superlayer
        }
        // Down from the common ancestor to the target.
        return target?.time(time, below: common) ?? time
    }

    /// This layer's time at `ancestor`'s time `t` (nil: the media time).
    private func time(_ t: Double, below ancestor: CALayer?) -> Double {
        if self === ancestor { return t }
        return localTime(fromParentTime: superlayer?.time(t, below: ancestor) ?? t)
    }
}
