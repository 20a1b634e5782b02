import Foundation

// `CALayer.defaultValue(forKey:)`: the values a new layer starts with, by key.
extension CALayer {
    /// The default of `key` for this class: an animatable key path's value on a new layer of
    /// the class (so subclasses' animatable properties answer too), else the default of one
    /// of the other properties, else nil.
    static func layerDefaultValue(forKey key: String) -> Any? {
        if AnimatableKeyPath(key) != nil || AnimatableKeyPath.extraKinds[key] != nil {
            return self.init().value(forKeyPath: key)
        }
        return otherDefaults[key]
    }

    /// The defaults of the properties that are not animatable, by key (with Core Animation's
    /// key for the `is` booleans).
    private static let otherDefaults: [String: Any] = [
        "hidden": false, "isHidden": false, "masksToBounds": false, "opaque": false, "isOpaque": false,
        "needsDisplayOnBoundsChange": false, "anchorPointZ": CGFloat(0), "contentsScale": CGFloat(1),
        "contentsGravity": CALayerContentsGravity.resize, "beginTime": CFTimeInterval(0), "speed": Float(1),
        "timeOffset": CFTimeInterval(0), "duration": CFTimeInterval(0), "repeatCount": Float(0),
        "repeatDuration": CFTimeInterval(0), "autoreverses": false, "fillMode": CAMediaTimingFillMode.removed,
    ]
}
