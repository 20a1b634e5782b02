import Foundation

/// Advances the animations of a layer tree, once per frame (a Vitrine type; in Core Animation
/// this is the render server's work). A screen's frame loop owns one and calls
/// `advance(_:to:)` at each vblank, after the display links and before layout and
/// compositing, with the time the frame will be shown.
///
/// For every layer with animations (found through a flag each layer carries for its subtree,
/// so only paths to animating layers are walked) it:
/// 1. sends `animationDidStop(_:finished: false)` for animations removed since the last frame;
/// 2. samples each attached animation at the frame time converted to the layer's time (Core
///    Animation's layer time: `(t_parent - beginTime) · speed + timeOffset` from the root's
///    media time down; see `CALayer.convertTime(_:from:)`), resolving `beginTime` 0 to it,
///    in the order added, over the model values: the result is the layer's presentation;
/// 3. gives the layer a new change serial and subtree stamp when its presentation changed,
///    so the compositor's damage tracking redraws it (the compositor reads presentation
///    values wherever an animation can change one);
/// 4. removes animations whose active duration is over and `isRemovedOnCompletion`; others
///    keep filling (`fillMode`).
/// Delegate calls (`animationDidStart`, `animationDidStop`) and transaction completion blocks
/// run after the whole tree is sampled, in the order the events happened.
@preconcurrency @MainActor
public final class CAAnimationEngine {
    private enum Event {
        case start(CAAnimation)
        case stop(AttachedAnimation, finished: Bool)
    }

    private var events: [Event] = []

    /// Layers sampled by the last `advance` (for statistics and benchmarks).
    public private(set) var sampledLayerCount = 0
    /// Layers whose presentation changed in the last `advance`.
    public private(set) var changedLayerCount = 0

    /// An engine with nothing to do yet.
    public init() {}

    /// Samples every animation in `root`'s tree at media time `time` (see the type's
    /// documentation). Returns whether an animation is still to run (started or waiting for
    /// its begin time): while it does, the caller keeps making frames. Animations that only
    /// fill forwards do not count, nor frozen ones: on a layer whose time stands still (its
    /// speed or an ancestor's is 0, as when paused the QA1673 way) or begun with a speed of
    /// their own of 0. A frozen animation never ends; a timing change asks for a frame.
    @discardableResult
    public func advance(_ root: CALayer, to time: CFTimeInterval) -> Bool {
        sampledLayerCount = 0
        changedLayerCount = 0
        events.removeAll(keepingCapacity: true)
        var running = false
        if time.isFinite {
            // The root's superlayer time (the media time unless the root is itself a sublayer).
            let parent = root.superlayer
            running = visit(
                root, parentTime: parent?.convertTime(time, from: nil) ?? time, frozen: parent?.isTimeFrozen ?? false)
        }
        deliverEvents()
        return running
    }

    /// Visits `layer` at its superlayer's time `parentTime`; `frozen`: an ancestor has speed 0.
    private func visit(_ layer: CALayer, parentTime: Double, frozen ancestorFrozen: Bool) -> Bool {
        let time = layer.localTime(fromParentTime: parentTime)
        let frozen = ancestorFrozen || layer.freezesTime
        var running = false
        if !layer.attachedAnimations.isEmpty || layer.hasPresentationOverlay || !layer.pendingAnimationStops.isEmpty {
            running = sample(layer, time: time, frozen: frozen)
        }
        var flaggedBelow = false
        if let sublayers = layer.sublayerStorage {
            for sublayer in sublayers where sublayer.subtreeHasAnimations {
                if visit(sublayer, parentTime: time, frozen: frozen) { running = true }
                if sublayer.subtreeHasAnimations { flaggedBelow = true }
            }
        }
        for sublayer in layer.animatedInternalSublayers where sublayer.subtreeHasAnimations {
            if visit(sublayer, parentTime: time, frozen: frozen) { running = true }
            if sublayer.subtreeHasAnimations { flaggedBelow = true }
        }
        if !flaggedBelow, layer.attachedAnimations.isEmpty, !layer.hasPresentationOverlay,
            layer.pendingAnimationStops.isEmpty
        {
            layer.subtreeHasAnimations = false
        }
        return running
    }

    /// Samples one layer's animations at the layer's time `time`; returns whether any is still
    /// to run. Under a layer with speed 0 (`frozen`) none is: the layer's time stands still, so
    /// nothing it shows changes until a timing property changes, which asks for a frame.
    private func sample(_ layer: CALayer, time: Double, frozen: Bool) -> Bool {
        sampledLayerCount += 1
        for stopped in layer.pendingAnimationStops { events.append(.stop(stopped, finished: false)) }
        layer.pendingAnimationStops.removeAll()

        var values = LayerRenderValues(model: layer)
        var mask: AnimatedProperties = []
        var running = false
        var index = 0
        while index < layer.attachedAnimations.count {
            let attached = layer.attachedAnimations[index]
            let animation = attached.animation
            let begin: Double
            if let resolved = attached.begin {
                begin = resolved
            } else {
                begin = time
                attached.begin = time
            }
            let sample = attached.timing.sample(parentTime: time, begin: begin)
            if sample.phase != .before, !attached.started {
                attached.started = true
                events.append(.start(animation))
            }
            if sample.phase == .after {
                if !attached.ended {
                    attached.ended = true
                    events.append(.stop(attached, finished: true))
                }
                if animation.isRemovedOnCompletion {
                    layer.attachedAnimations.remove(at: index)
                    continue
                }
            } else if !frozen, !(sample.phase == .active && attached.timing.isFrozen) {
                running = true
            }
            if sample.applies {
                mask.formUnion(animation.apply(progress: sample.progress, to: &values))
            }
            index += 1
        }
        let overlay = mask.isEmpty ? nil : PresentationOverlay(mask: mask, values: values)
        if overlay != layer.presentationOverlay {
            layer.presentationOverlay = overlay
            layer.presentationDidChange()
            changedLayerCount += 1
        }
        return running
    }

    private func deliverEvents() {
        guard !events.isEmpty else { return }
        let delivered = events
        events.removeAll(keepingCapacity: true)
        for event in delivered {
            switch event {
            case .start(let animation):
                animation.delegate?.animationDidStart(animation)
            case .stop(let attached, let finished):
                attached.animation.delegate?.animationDidStop(attached.animation, finished: finished)
                CATransaction.animationDidStop(in: attached.completionGroups)
            }
        }
    }
}
