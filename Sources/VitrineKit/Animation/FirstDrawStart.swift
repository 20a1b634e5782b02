import Foundation
import VitrineLayers

extension UIScreen {
    /// Calls `start` with the link's target timestamp at the first frame after the one that
    /// first drew every layer of `layers` (all have a presentation), as long as `isCurrent()`
    /// stays true (else the link ends without calling it). VitrineLayers (as Core Animation)
    /// animates only layers it has drawn, so a transition that adds views starts its animations
    /// here rather than at once. Returns the running link (invalidate it to cancel), or nil when
    /// the screen cannot make one (then the caller ends the transition without animating).
    func startAfterFirstDraw(
        of layers: @escaping @MainActor () -> [CALayer], while isCurrent: @escaping @MainActor () -> Bool,
        start: @escaping @MainActor (_ beginTime: Double) -> Void
    ) -> CADisplayLink? {
        guard
            let link = displayLink(handler: { link in
                guard isCurrent() else {
                    link.invalidate()
                    return
                }
                guard layers().allSatisfy({ $0.presentation() != nil }) else { return }
                link.invalidate()
                start(link.targetTimestamp)
            })
        else { return nil }
        link.add(to: .main, forMode: .common)
        return link
    }
}
