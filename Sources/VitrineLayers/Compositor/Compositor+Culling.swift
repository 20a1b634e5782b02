import Foundation
import VitrineGraphics

/// Culling: a subtree that only moved with its superlayer (a list's rows under a scroll) and
/// lies outside the clip, then and now, is left out of the frame without a visit. A list of
/// 10,000 rows then costs a frame a look at each row and the work of the few on screen.
///
/// The record keeps its subtree's unclipped extent in the pixels of the frame it was last
/// visited or culled in; a culled subtree's extent moves with its superlayer. A record culled,
/// or not visited, last frame holds nothing in the buffer and nothing worked out that still
/// holds: its next visit starts afresh.
extension Compositor {
    /// How what a layer passes to its sublayers moved since last frame, when only by a
    /// translation: its clip for them then and now.
    struct SublayerMove {
        var dx: Double
        var dy: Double
        /// Whether the move is by whole pixels, and then by how many.
        var isWhole = false
        var wholeDX = 0
        var wholeDY = 0
        var clipBefore: PixelRect
        var clipNow: PixelRect

        init?(dx: Double, dy: Double, clipBefore: PixelRect, clipNow: PixelRect) {
            // Beyond any screen: not worth culling, and kept clear of integer overflow.
            guard abs(dx) < 1e7, abs(dy) < 1e7 else { return nil }
            self.dx = dx
            self.dy = dy
            if dx == dx.rounded(), dy == dy.rounded() {
                isWhole = true
                wholeDX = Int(dx)
                wholeDY = Int(dy)
            }
            self.clipBefore = clipBefore
            self.clipNow = clipNow
        }

        /// The move from `before` to `now`, or nil when more than a translation changed.
        init?(from before: LayerRecord.SublayerContext, to now: LayerRecord.SublayerContext) {
            let a = before.transform
            let b = now.transform
            guard before.opacity == now.opacity, before.insideGroup == now.insideGroup,
                before.sublayerTransform == now.sublayerTransform,
                before.sublayerPivot == now.sublayerPivot || now.sublayerTransform.isIdentity,
                a.m11 == b.m11, a.m12 == b.m12, a.m13 == b.m13, a.m21 == b.m21, a.m22 == b.m22, a.m23 == b.m23,
                a.m33 == b.m33, a.isAffine
            else { return nil }
            self.init(dx: b.m31 - a.m31, dy: b.m32 - a.m32, clipBefore: before.clip.rect, clipNow: now.clip.rect)
        }
    }

    /// The culling test of one superlayer's sublayers this frame, worked out once for all of
    /// them (a list's thousands of rows).
    struct CullTest {
        /// This frame's number and the last one's.
        let frame: UInt64
        let previousFrame: UInt64
        let move: SublayerMove
        /// Inside the scroll: its move, which took the old pixels along.
        let scrollMove: PixelMove?

        /// Culls `record`, whose subtree did not change since its last visit, when it was
        /// visited or culled last frame and lies outside the clip before and after the move:
        /// with a scroll moving pixels around it, outside the scroll's clip once moved (its old
        /// pixels went with the move); otherwise outside its clip then and now. Then its extent
        /// moves along. Returns whether it culled.
        @MainActor func cull(_ record: LayerRecord) -> Bool {
            guard record.isDrawable, record.inputs != nil,
                record.seenFrame == previousFrame || record.culledFrame == previousFrame
            else { return false }
            let extent = record.extent
            if extent.width > 0 && extent.height > 0 {
                // (Coordinates stay within pixman's ±2^24, so the sums cannot overflow.)
                let now = moved(extent)
                // A pixel of margin: the extent moved may differ by rounding from the one worked
                // out afresh.
                if Self.meet(now, grownBy: 1, move.clipNow) { return false }
                if let scrollMove {
                    // Its old pixels went with the scroll's move.
                    let carried = PixelRect(
                        x: extent.x &+ scrollMove.dx, y: extent.y &+ scrollMove.dy, width: extent.width,
                        height: extent.height)
                    if Self.meet(carried, grownBy: 1, scrollMove.area) { return false }
                } else if Self.meet(extent, grownBy: 1, move.clipBefore) {
                    return false
                }
                record.extent = now
            }
            record.culledFrame = frame
            return true
        }

        /// `rect` moved by the superlayer's move, grown to whole pixels.
        @inline(__always)
        private func moved(_ rect: PixelRect) -> PixelRect {
            if move.isWhole {
                return PixelRect(
                    x: rect.x &+ move.wholeDX, y: rect.y &+ move.wholeDY, width: rect.width, height: rect.height)
            }
            let minX = Int((Double(rect.x) + move.dx).rounded(.down))
            let minY = Int((Double(rect.y) + move.dy).rounded(.down))
            let maxX = Int((Double(rect.x &+ rect.width) + move.dx).rounded(.up))
            let maxY = Int((Double(rect.y &+ rect.height) + move.dy).rounded(.up))
            return PixelRect(x: minX, y: minY, width: maxX &- minX, height: maxY &- minY)
        }

        /// Whether `a`, grown by `margin` on every side, and a non-empty `b` share a pixel.
        @inline(__always)
        private static func meet(_ a: PixelRect, grownBy margin: Int, _ b: PixelRect) -> Bool {
            a.x &- margin < b.x &+ b.width && b.x < a.x &+ a.width &+ margin && a.y &- margin < b.y &+ b.height
                && b.y < a.y &+ a.height &+ margin && b.width > 0 && b.height > 0
        }
    }

    /// The culling test for the sublayers of a layer whose sublayer context moved by `move`.
    func makeCullTest(for move: SublayerMove) -> CullTest {
        CullTest(
            frame: frameNumber, previousFrame: frameNumber - 1, move: move,
            scrollMove: insideScroll ? scroll?.move : nil)
    }

    /// Culls `record` (the record of `layer`) when nothing in its subtree changed and the test
    /// passes; the culled records count as seen.
    func cull(_ record: LayerRecord, of layer: CALayer, previousSiblingID: UInt64, test: CullTest) -> Bool {
        guard let inputs = record.inputs, record.subtreeStamp == layer.subtreeStamp,
            inputs.serial == layer.changeSerial, inputs.previousSiblingID == previousSiblingID,
            test.cull(record)
        else { return false }
        recordsSeen += record.subtreeCount
        return true
    }
}

extension PixelRect {
    /// The rectangle grown by `margin` pixels on every side (an empty one stays empty).
    func grown(by margin: Int) -> PixelRect {
        isEmpty ? self : PixelRect(x: x - margin, y: y - margin, width: width + 2 * margin, height: height + 2 * margin)
    }
}
