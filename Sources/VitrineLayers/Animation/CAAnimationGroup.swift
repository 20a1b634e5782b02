/// Several animations run together on one layer, as Core Animation's `CAAnimationGroup`.
///
/// The children's times are relative to the group's local time (a child's `beginTime` 0 is
/// the group's start), and the group's active time cuts them off: a child running past the
/// group's `duration` is clipped. The group's `timingFunction` shapes the group's time
/// before the children see it. The children's delegates and `isRemovedOnCompletion` are
/// ignored (only the group's count), as in Core Animation. A child with `duration` 0 lasts
/// as long as the group.
@preconcurrency @MainActor
open class CAAnimationGroup: CAAnimation {
    /// The animations, applied in order, as `animations`.
    open var animations: [CAAnimation]?

    override func copyValues(from other: CAAnimation) {
        super.copyValues(from: other)
        guard let other = other as? CAAnimationGroup else { return }
        animations = other.animations?.compactMap { $0.copy() as? CAAnimation }
    }

    override func animates(_ property: AnimatedProperties) -> Bool {
        animations?.contains { $0.animates(property) } ?? false
    }

    override var isUsable: Bool { animations?.contains(where: \.isUsable) ?? false }

    override func apply(progress: AnimationProgress, to values: inout LayerRenderValues) -> AnimatedProperties {
        guard let animations else { return [] }
        // The group's local time, shaped by its curve: the children's parent time.
        let groupTime = progress.eased * progress.duration
        var written: AnimatedProperties = []
        for child in animations where child.isUsable {
            let childDuration = child.duration > 0 && child.duration.isFinite ? child.duration : progress.duration
            let timing = AnimationTiming(child, duration: childDuration)
            let sample = timing.sample(parentTime: groupTime, begin: child.beginTime.isFinite ? child.beginTime : 0)
            guard sample.applies else { continue }
            written.formUnion(child.apply(progress: sample.progress, to: &values))
        }
        return written
    }
}
