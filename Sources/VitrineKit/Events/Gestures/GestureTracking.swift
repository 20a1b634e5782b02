import Foundation
import VitrinePlatform

/// Helpers the concrete recognizers share: the media clock's timers and velocity from
/// recent samples.
extension UIGestureRecognizer {
    /// Calls `action` with this recognizer at `time` on the display backend's media clock
    /// (the clock input timestamps are on), unless the recognizer is gone by then.
    func scheduleTimer(at time: Double, _ action: @escaping @MainActor (UIGestureRecognizer) -> Void) -> ClockTimer {
        UIApplication.shared.displayBackend.clock.schedule(at: time) { [weak self] in
            if let self { action(self) }
        }
    }

    /// Fails the recognizer if it is still deciding (a timer ran out).
    func failIfPossible() {
        if currentState == .possible { state = .failed }
    }

    /// A vector in window coordinates, expressed in `view`'s coordinates (nil: the window's).
    func vector(_ vector: CGPoint, fromWindowTo view: UIView?) -> CGPoint {
        guard let view else { return vector }
        let origin = view.convert(CGPoint.zero, from: nil)
        let end = view.convert(vector, from: nil)
        let result = CGPoint(x: end.x - origin.x, y: end.y - origin.y)
        return result.x.isFinite && result.y.isFinite ? result : .zero
    }

    /// A vector in `view`'s coordinates (nil: the window's), expressed in window coordinates.
    func vector(_ vector: CGPoint, toWindowFrom view: UIView?) -> CGPoint {
        guard let view else { return vector }
        let origin = view.convert(CGPoint.zero, to: nil)
        let end = view.convert(vector, to: nil)
        let result = CGPoint(x: end.x - origin.x, y: end.y - origin.y)
        return result.x.isFinite && result.y.isFinite ? result : .zero
    }
}

/// The distance between two points.
func gestureDistance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
    hypot(b.x - a.x, b.y - a.y)
}

/// Timestamped values of a gesture (a translation, a scale, an angle), and their rate of
/// change over the most recent `window` seconds: what `velocity` properties report.
struct GestureSamples {
    /// How far back the rate looks.
    static let window = 0.1
    private var samples: [(time: Double, value: CGPoint)] = []

    mutating func add(time: Double, value: CGPoint) {
        guard time.isFinite, value.x.isFinite, value.y.isFinite else { return }
        if let last = samples.last, time < last.time { return }  // out of order: ignored
        samples.append((time, value))
        if let last = samples.last {
            // Keep one sample older than the window, so a slow last step still has a base.
            while samples.count > 2 && samples[1].time < last.time - Self.window { samples.removeFirst() }
        }
    }

    /// Moves every sample by `offset` (the value was rebased, its motion was not).
    mutating func shift(by offset: CGPoint) {
        for index in samples.indices {
            samples[index].value.x += offset.x
            samples[index].value.y += offset.y
        }
    }

    mutating func removeAll() { samples.removeAll() }

    var isEmpty: Bool { samples.isEmpty }

    /// Change per second between the newest sample and the oldest one within `window`
    /// seconds of it (or the one just before, when the window holds only the newest).
    var rate: CGPoint {
        guard let last = samples.last else { return .zero }
        let base =
            samples.first { $0.time >= last.time - Self.window && $0.time < last.time }
            ?? samples.last { $0.time < last.time }
        guard let base else { return .zero }
        let interval = last.time - base.time
        guard interval > 0 else { return .zero }
        return CGPoint(x: (last.value.x - base.value.x) / interval, y: (last.value.y - base.value.y) / interval)
    }
}

/// How far the centroid of the tracked fingers moved: the mean of the movements of the
/// `touches` found in `lastLocations` (window coordinates), whose entries it advances. Nil when
/// no finger is tracked.
@MainActor
func centroidMovement(of touches: Set<UITouch>, tracking lastLocations: inout [ObjectIdentifier: CGPoint]) -> CGPoint? {
    guard !lastLocations.isEmpty else { return nil }
    var delta = CGPoint.zero
    for touch in touches {
        let key = ObjectIdentifier(touch)
        guard let last = lastLocations[key] else { continue }
        let now = touch.location(in: nil)
        guard now.x.isFinite, now.y.isFinite else { continue }
        delta.x += now.x - last.x
        delta.y += now.y - last.y
        lastLocations[key] = now
    }
    let count = CGFloat(lastLocations.count)
    return CGPoint(x: delta.x / count, y: delta.y / count)
}
