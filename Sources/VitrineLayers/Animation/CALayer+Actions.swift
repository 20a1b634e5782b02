import Foundation

// Actions: what runs when an animatable property changes. The action is looked up before the
// change (so a delegate sees the old value) and run after it, as in Core Animation.
extension CALayer {
    /// Looks up the action for a property about to change, unless actions are disabled or
    /// the layer has never been drawn (Core Animation animates only committed layers, so
    /// setting up a new layer does not animate).
    func willChangeAnimatableProperty(_ key: String) {
        guard hasBeenRendered, !CATransaction.disableActions(), !CAReplicatorLayer.isSyncingInstances else { return }
        guard let action = action(forKey: key) else { return }
        let previous = AnimatableKeyPath(key).map { $0.read(renderValues) }
        pendingAction = PendingAction(key: key, action: action, previous: previous)
    }

    /// Runs the action looked up for `key` before the change.
    func didChangeAnimatableProperty(_ key: String) {
        // A subclass that draws from this property is drawn again (`needsDisplay(forKey:)`).
        if type(of: self).needsDisplay(forKey: key) { setNeedsDisplay() }
        guard let pending = pendingAction, pending.key == key else { return }
        pendingAction = nil
        let saved = actionPreviousValue
        actionPreviousValue = pending.previous.map { (key, $0) }
        pending.action.run(forKey: key, object: self, arguments: nil)
        actionPreviousValue = saved
    }

    /// The `didSet` of an animatable property: when the value is `different`, records the
    /// visual change (`layerDidChange`) and runs the action looked up before it.
    func animatablePropertyDidChange(_ different: Bool, _ key: String) {
        guard different else { return }
        layerDidChange()
        didChangeAnimatableProperty(key)
    }

    func lookUpAction(forKey event: String) -> (any CAAction)? {
        if let action = delegate?.action(for: self, forKey: event) {
            return action is NSNull ? nil : action
        }
        if let action = actions?[event] {
            return action is NSNull ? nil : action
        }
        let action = type(of: self).defaultAction(forKey: event)
        return action is NSNull ? nil : action
    }

    /// The implicit animation of an animatable property (see `defaultAction(forKey:)`).
    static func implicitAnimation(forKey event: String) -> (any CAAction)? {
        guard let keyPath = AnimatableKeyPath(event), keyPath.field == .whole else { return nil }
        let animation = CABasicAnimation(keyPath: event)
        animation.duration = CATransaction.animationDuration()
        animation.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        return animation
    }
}
