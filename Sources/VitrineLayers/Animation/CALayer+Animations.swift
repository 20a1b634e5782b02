import Foundation

// Explicit animations: attaching, finding and removing them, as Core Animation's CALayer.
extension CALayer {
    private static var lastAnonymousKey = 0

    /// Attaches a copy of `anim` to the layer, as `add(_:forKey:)`; the screen's animation
    /// engine samples it from the next frame on. Core Animation's rules and Vitrine's choices:
    ///
    /// - The layer keeps a **copy**: changing `anim` afterwards changes nothing.
    /// - An animation already attached under `key` is removed first (its delegate gets
    ///   `animationDidStop(_:finished: false)` unless it had already finished).
    /// - A nil `key` gets a unique one (`"vitrine.animation.<n>"`), which `animationKeys()`
    ///   lists.
    /// - `duration` 0, negative or not finite becomes `CATransaction.animationDuration()`.
    /// - `beginTime` is in the layer's time (see `convertTime(_:from:)`; the media time while
    ///   the layer and its ancestors keep the default timing). 0 is resolved to the layer's
    ///   time at the first frame that samples the animation: the time that frame is shown (its
    ///   target timestamp), so the first frame shows the animation's start. Core Animation uses
    ///   the commit's time, which is at most a frame earlier.
    /// - A key path that is not animatable (see `CAPropertyAnimation`), or a group with no such
    ///   animation, is ignored without error, as in Core Animation.
    /// - The animation counts towards the completion blocks of the open transactions (see
    ///   `CATransaction.setCompletionBlock(_:)`).
    ///
    /// Animations apply in the order they were added; additive ones add to what is underneath.
    internal func performAdd(_ anim: CAAnimation, forKey key: String?) {
        guard anim.isUsable, let copy = anim.copy() as? CAAnimation else { return }
        if !(copy.duration > 0 && copy.duration.isFinite) {
            let fallback = CATransaction.animationDuration()
            copy.duration = fallback.isFinite && fallback > 0 ? fallback : 0
        }
        if let basic = copy as? CABasicAnimation, basic.hasNoValues, let keyPath = basic.parsedKeyPath {
            if let previous = actionPreviousValue, previous.key == basic.keyPath {
                basic.impliedFromValue = previous.value
            } else {
                basic.impliedFromValue = keyPath.read(renderValues)
            }
        }
        let finalKey: String
        if let key {
            finalKey = key
        } else {
            CALayer.lastAnonymousKey += 1
            finalKey = "vitrine.animation.\(CALayer.lastAnonymousKey)"
        }
        if let index = attachedAnimations.firstIndex(where: { $0.key == finalKey }) {
            detachAnimation(at: index)
        }
        attachedAnimations.append(
            AttachedAnimation(key: finalKey, animation: copy, completionGroups: CATransaction.registerAnimation()))
        markSubtreeHasAnimations()
        notifyTreeHosts()
    }

    /// Removes the animation attached under `key`, as `removeAnimation(forKey:)`. Its delegate
    /// gets `animationDidStop(_:finished: false)` at the next frame (unless it had finished).
    /// An unknown key does nothing.
    internal func performRemoveAnimation(forKey key: String) {
        guard let index = attachedAnimations.firstIndex(where: { $0.key == key }) else { return }
        detachAnimation(at: index)
        notifyTreeHosts()
    }

    /// Removes every attached animation, as `removeAllAnimations()` (see
    /// `removeAnimation(forKey:)`).
    internal func performRemoveAllAnimations() {
        guard !attachedAnimations.isEmpty else { return }
        while !attachedAnimations.isEmpty { detachAnimation(at: 0) }
        notifyTreeHosts()
    }

    /// Ends the animations of this layer and every layer under it that end when removed
    /// (`isRemovedOnCompletion` true), as Core Animation does for a layer tree that leaves the
    /// window; ones with `isRemovedOnCompletion` false stay, as they do on iOS. Their delegates
    /// get `animationDidStop(_:finished: false)` (and UIKit's completions `finished == false`)
    /// at the next frame of `survivor`, the layer still on screen the tree was taken from: the
    /// engine only walks layers on a screen.
    package func endAnimationsLeavingWindow(reportingTo survivor: CALayer) {
        var stopped: [AttachedAnimation] = []
        collectAnimationsLeavingWindow(into: &stopped)
        guard !stopped.isEmpty else { return }
        survivor.pendingAnimationStops.append(contentsOf: stopped)
        survivor.markSubtreeHasAnimations()
        survivor.notifyTreeHosts()
    }

    private func collectAnimationsLeavingWindow(into stopped: inout [AttachedAnimation]) {
        // Stops already waiting for a frame here would never come either.
        stopped.append(contentsOf: pendingAnimationStops)
        pendingAnimationStops.removeAll()
        attachedAnimations.removeAll { attached in
            guard attached.animation.isRemovedOnCompletion else { return false }
            if !attached.ended { stopped.append(attached) }
            return true
        }
        for sublayer in sublayerStorage ?? [] { sublayer.collectAnimationsLeavingWindow(into: &stopped) }
        for sublayer in animatedInternalSublayers { sublayer.collectAnimationsLeavingWindow(into: &stopped) }
    }

    /// The animation attached under `key`, as `animation(forKey:)`: the layer's own copy,
    /// the object delegates receive. Like Core Animation's, it must not be changed (see
    /// `updateAnimation(forKey:_:)`).
    internal func attachedAnimation(forKey key: String) -> CAAnimation? {
        attachedAnimations.first(where: { $0.key == key })?.animation
    }

    /// The keys of the attached animations in the order added, as `animationKeys()`; nil
    /// when there are none.
    internal func attachedAnimationKeys() -> [String]? {
        attachedAnimations.isEmpty ? nil : attachedAnimations.map(\.key)
    }

    /// Changes the timing of the animation attached under `key` while it runs (a Vitrine
    /// addition, with no Core Animation counterpart, for `UIViewPropertyAnimator`: pausing with
    /// `speed` 0 and `timeOffset`, scrubbing with `timeOffset`, resuming with a new
    /// `beginTime`, reversing with a negative `speed`). `change` may set `beginTime`,
    /// `duration`, `speed`, `timeOffset`, `repeatCount`, `repeatDuration`, `autoreverses`,
    /// `fillMode`, `timingFunction` and the values; a `beginTime` of 0 keeps the resolved begin.
    /// An animation that had ended but is still attached runs again if its new timing
    /// says so (its delegate then gets a second `animationDidStop`). Returns false for an
    /// unknown key.
    @discardableResult
    public func updateAnimation(forKey key: String, _ change: (CAAnimation) -> Void) -> Bool {
        guard let attached = attachedAnimations.first(where: { $0.key == key }) else { return false }
        let animation = attached.animation
        change(animation)
        if !(animation.duration >= 0 && animation.duration.isFinite) { animation.duration = 0 }
        attached.timing = AnimationTiming(animation, duration: animation.duration)
        if animation.beginTime != 0, animation.beginTime.isFinite { attached.begin = animation.beginTime }
        attached.ended = false
        markSubtreeHasAnimations()
        notifyTreeHosts()
        return true
    }

    /// Takes an animation off the layer; its stop is sent at the next frame unless it ended.
    private func detachAnimation(at index: Int) {
        let attached = attachedAnimations.remove(at: index)
        guard !attached.ended else { return }
        pendingAnimationStops.append(attached)
        markSubtreeHasAnimations()
    }

    /// Marks this layer and its ancestors for the animation engine's walk.
    func markSubtreeHasAnimations() {
        var layer: CALayer? = self
        while let current = layer, !current.subtreeHasAnimations {
            current.subtreeHasAnimations = true
            layer = current.superlayer
        }
    }
}
