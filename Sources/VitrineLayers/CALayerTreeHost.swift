/// Whoever presents a layer tree and wants to hear when it changes: a Vitrine extension with
/// no Core Animation counterpart (there, the render server learns of changes when the
/// transaction commits).
///
/// Set it on a tree's root layer with ``CALayer/treeHost``. Any change to a layer's visual
/// properties, its sublayers, or its need for display or layout notifies the hosts found on
/// the way from that layer up to its root (usually only the root has one); the host then
/// schedules a frame. There is no global registry: a tree nobody hosts notifies nobody.
@preconcurrency @MainActor
public protocol CALayerTreeHost: AnyObject {
    /// Something in the tree under `root` changed; called synchronously from the property
    /// setter, possibly many times per frame, so it should only note that a frame is due.
    func layerTreeDidChange(_ root: CALayer)
}
