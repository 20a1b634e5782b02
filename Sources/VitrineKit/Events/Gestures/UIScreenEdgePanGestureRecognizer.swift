import Foundation

/// A pan that starts at an edge of the screen, as UIKit's `UIScreenEdgePanGestureRecognizer`
/// (the navigation controller's `interactivePopGestureRecognizer` is one, on the left edge).
///
/// It follows `UIPanGestureRecognizer` (the same 10-point hysteresis, `translation(in:)` and
/// `velocity(in:)`), with two more conditions, as UIKit's:
/// - the first finger must come down within `edgeMargin` (20 points, close to the width
///   UIKit's edge zone is measured at; UIKit does not document it) of one of the `edges`,
///   measured in the touch's window, which in Vitrine fills its screen; elsewhere it fails;
/// - the movement that begins it must go away from that edge (within 45° of straight away
///   from it); moving along the edge or towards it fails it.
///
/// `edges` is empty by default, as in UIKit, so a recognizer that is not given an edge never
/// recognizes. A touch that starts within the margin of several of the `edges` (a corner)
/// may move away from any of them.
@preconcurrency @MainActor
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// How far from the edge the first finger may come down, in points.
    public static let edgeMargin: CGFloat = 20

    /// The edges the gesture may start from, as `edges` (default none).
    open var edges: UIRectEdge = []

    /// The edges (of `edges`) the first finger came down near; nil before it.
    private var startEdges: UIRectEdge?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if startEdges == nil, state == .possible, let touch = touches.first {
            let near = Self.edges(near: touch.location(in: nil), in: touch.window?.bounds).intersection(edges)
            startEdges = near
            if near.isEmpty {
                state = .failed
                return
            }
        }
        super.touchesBegan(touches, with: event)
    }

    /// The edges of `bounds` within `edgeMargin` of `point` (none without bounds).
    static func edges(near point: CGPoint, in bounds: CGRect?) -> UIRectEdge {
        guard let bounds, point.x.isFinite, point.y.isFinite else { return [] }
        var near: UIRectEdge = []
        if point.x - bounds.minX <= edgeMargin { near.insert(.left) }
        if bounds.maxX - point.x <= edgeMargin { near.insert(.right) }
        if point.y - bounds.minY <= edgeMargin { near.insert(.top) }
        if bounds.maxY - point.y <= edgeMargin { near.insert(.bottom) }
        return near
    }

    override func mayBegin(movement: CGPoint) -> Bool {
        guard let startEdges else { return false }
        let away: [(UIRectEdge, CGFloat, CGFloat)] = [
            (.left, movement.x, movement.y), (.right, -movement.x, movement.y),
            (.top, movement.y, movement.x), (.bottom, -movement.y, movement.x),
        ]
        return away.contains { edge, along, across in
            startEdges.contains(edge) && along > 0 && along >= abs(across)
        }
    }

    open override func reset() {
        super.reset()
        startEdges = nil
    }
}
