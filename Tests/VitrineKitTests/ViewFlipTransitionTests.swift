import Foundation
import Testing
import VitrineGraphics
import VitrinePlatform
import VitrineTestSupport

@testable import VitrineKit

/// The flip transitions, drawn: frames at a quarter, half and three quarters of the duration
/// and at the end, measured in pixels against UIKit's flip geometry worked out here apart
/// from the implementation.
@Suite("UIView flip transitions") @MainActor struct ViewFlipTransitionTests {
    /// One flip of the 200x120 container at (60, 60) of `transitionScene()`, and where it
    /// shows the container's content. The content turns about its centre line; a point's
    /// depth is −s·a·sin φ (a: its offset across the axis, s: 1 when the leading edge, left or
    /// top, comes toward the viewer) minus the recess (E/2)·|sin φ| that keeps the near edge
    /// in the view's plane; the perspective distance is 2E (E: the extent across the axis).
    /// The old content shows at φ = 180°·turn for turn ≤ 0.5, the new at 180°·turn − 180°.
    struct Flip: CustomTestStringConvertible, Sendable {
        let option: UIView.AnimationOptions
        let name: String
        /// Left and right flips turn about the vertical axis and narrow the content along x.
        let vertical: Bool
        let leadingComesForward: Bool

        var testDescription: String { name }

        static let fromLeft = Flip(
            option: .transitionFlipFromLeft, name: "from-left", vertical: true, leadingComesForward: true)
        static let fromRight = Flip(
            option: .transitionFlipFromRight, name: "from-right", vertical: true, leadingComesForward: false)
        static let fromTop = Flip(
            option: .transitionFlipFromTop, name: "from-top", vertical: false, leadingComesForward: true)
        static let fromBottom = Flip(
            option: .transitionFlipFromBottom, name: "from-bottom", vertical: false, leadingComesForward: false)
        static let all = [fromLeft, fromRight, fromTop, fromBottom]

        static let frame = CGRect(x: 60, y: 60, width: 200, height: 120)
        /// The extent across the axis (along which the content narrows) and along it.
        var extent: Double { vertical ? 200 : 120 }
        var breadth: Double { vertical ? 120 : 200 }
        var centre: (along: Double, across: Double) { vertical ? (160, 120) : (120, 160) }

        /// Where the content point `along`, `across` from the content's centre shows.
        func point(along a: Double, across b: Double, turn: Double) -> (along: Double, across: Double) {
            let angle = (turn <= 0.5 ? 180 * turn : 180 * turn - 180) * .pi / 180
            let depth = -(leadingComesForward ? 1 : -1) * a * sin(angle) - extent / 2 * abs(sin(angle))
            let w = 1 - depth / (2 * extent)
            return (centre.along + a * cos(angle) / w, centre.across + b / w)
        }

        /// Where the content point at `x`, `y` from the content's centre shows, in pixels.
        func pixel(x: Double, y: Double, turn: Double) -> (x: Int, y: Int) {
            let p = vertical ? point(along: x, across: y, turn: turn) : point(along: y, across: x, turn: turn)
            let (px, py) = vertical ? (p.along, p.across) : (p.across, p.along)
            return (Int(px), Int(py))
        }

        /// The first lit pixel and one past the last on the line at `line` (a row for vertical
        /// flips) when `alongLine`, else on the perpendicular line there; lit: a channel at
        /// least half on (the window is black).
        func litSpan(_ shot: PixelBuffer, line: Int, alongLine: Bool) -> (first: Int, end: Int)? {
            let lit = (0..<(alongLine == vertical ? 320 : 240)).filter { i in
                let (x, y) = alongLine == vertical ? (i, line) : (line, i)
                let c = shot.rgb(x, y)
                return max(c.red, c.green, c.blue) >= 128
            }
            guard let first = lit.first, let last = lit.last else { return nil }
            return (first, last + 1)
        }
    }

    /// Checks a frame showing one side of the flip at `turn`: its leading and trailing edges
    /// where the geometry puts them, its outline between them (the near edge as tall as the
    /// view, the far one shorter), `content` at its middle and the child at `child` (offset
    /// from the content's centre) blue.
    private func expectTurned(
        _ shot: PixelBuffer, _ flip: Flip, turn: Double, content: RGB, child: (x: Double, y: Double)?,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let half = flip.extent / 2
        let lead = flip.point(along: -half, across: -flip.breadth / 2, turn: turn)
        let trail = flip.point(along: half, across: -flip.breadth / 2, turn: turn)
        let span = flip.litSpan(shot, line: Int(flip.centre.across) + 10, alongLine: true)
        #expect(abs(Double(span?.first ?? 0) - lead.along) <= 1.5, "leading edge", sourceLocation: sourceLocation)
        #expect(abs(Double(span?.end ?? 0) - trail.along) <= 1.5, "trailing edge", sourceLocation: sourceLocation)
        var sizes: [Double] = []
        for (edge, inward) in [(lead.along, 3), (trail.along, -3)] {
            let line = Int(edge.rounded()) + inward
            // The outline is straight from one edge's end to the other's.
            let f = (Double(line) + 0.5 - lead.along) / (trail.along - lead.along)
            let top = lead.across + f * (trail.across - lead.across)
            let bottom = 2 * flip.centre.across - top
            let measured = flip.litSpan(shot, line: line, alongLine: false)
            #expect(abs(Double(measured?.first ?? 0) - top) <= 1.5, "outline", sourceLocation: sourceLocation)
            #expect(abs(Double(measured?.end ?? 0) - bottom) <= 1.5, "outline", sourceLocation: sourceLocation)
            sizes.append(Double((measured?.end ?? 0) - (measured?.first ?? 0)))
        }
        let nearIsLeading = (turn < 0.5) == flip.leadingComesForward
        #expect(
            nearIsLeading ? sizes[0] > sizes[1] + 8 : sizes[1] > sizes[0] + 8, "near edge \(sizes)",
            sourceLocation: sourceLocation)
        // The near edge stays as tall as the view (the recess), no taller.
        #expect(abs(sizes[nearIsLeading ? 0 : 1] - flip.breadth) <= 2, "near \(sizes)", sourceLocation: sourceLocation)
        // Nothing shows outside the outline (a pixel and a half away from it).
        var strays = 0
        for a in 40..<280 {
            for b in 40..<280 {
                let (x, y) = flip.vertical ? (a, b) : (b, a)
                guard x < 320, y < 240, shot.rgb(x, y) != .black else { continue }
                let along = Double(a) + 0.5
                let f = (along - lead.along) / (trail.along - lead.along)
                let half = flip.centre.across - (lead.across + f * (trail.across - lead.across))
                let outside = min(
                    along - lead.along, trail.along - along, half - abs(Double(b) + 0.5 - flip.centre.across))
                if outside < -1.5 { strays += 1 }
            }
        }
        #expect(strays == 0, "\(strays) pixels outside the outline", sourceLocation: sourceLocation)
        let middle = flip.pixel(x: 30, y: 30, turn: turn)
        #expect(shot.rgb(middle.x, middle.y).isClose(to: content, tolerance: 2), sourceLocation: sourceLocation)
        if let child {
            let point = flip.pixel(x: child.x, y: child.y, turn: turn)
            #expect(shot.rgb(point.x, point.y).isClose(to: .blue, tolerance: 2), sourceLocation: sourceLocation)
        }
    }

    /// Every pixel of the container's frame (and a margin) shows the black window.
    private func expectNothingShown(_ shot: PixelBuffer, sourceLocation: SourceLocation = #_sourceLocation) {
        var shown = 0
        for y in 56..<184 {
            for x in 56..<264 where shot.rgb(x, y) != .black { shown += 1 }
        }
        #expect(shown == 0, "\(shown) pixels of the content show", sourceLocation: sourceLocation)
    }

    @Test(arguments: Flip.all)
    func aFlipTurnsTheOldContentAwayAndTheNewContentIn(flip: Flip) throws {
        let (scene, container, child) = transitionScene()
        let log = CompletionLog()
        let layerCount = scene.window.layer.sublayers?.count
        scene.start()
        UIView.transition(
            with: container, duration: 1, options: flip.option,
            animations: newTransitionContent(container, child), completion: log.record("t"))
        #expect(child.layer.animationKeys() == nil)  // the content changes at once
        #expect(scene.window.layer.sublayers?.count == (layerCount ?? 0) + 1)  // the snapshot

        // Ease-in-out (the default): a quarter of the time is 12.9% of the turn.
        scene.frame(15)
        let quarter = try #require(scene.rig.output.screenshot())
        expectTurned(quarter, flip, turn: referenceCurve(0.25, 0.42, 0, 0.58, 1), content: .red, child: (-50, -20))
        try assertSnapshot(of: quarter, named: "flip-\(flip.name)-25")
        #expect(scene.window.hitTest(CGPoint(x: 160, y: 150), with: nil) === scene.window)  // touches pass over
        #expect(container.layer.transform.isIdentity)
        #expect(container.frame == Flip.frame)

        scene.frame(30)
        expectNothingShown(try #require(scene.rig.output.screenshot()))

        scene.frame(45)
        let threeQuarters = try #require(scene.rig.output.screenshot())
        expectTurned(
            threeQuarters, flip, turn: referenceCurve(0.75, 0.42, 0, 0.58, 1), content: .green, child: (50, -20))
        try assertSnapshot(of: threeQuarters, named: "flip-\(flip.name)-75")
        #expect(container.layer.presentation()?.transform.isIdentity == false)
        #expect(log.entries.isEmpty)

        scene.frame(61)
        let end = try #require(scene.rig.output.screenshot())
        #expect(flip.litSpan(end, line: 150, alongLine: flip.vertical).map { [$0.first, $0.end] } == [60, 260])
        #expect(flip.litSpan(end, line: 150, alongLine: !flip.vertical).map { [$0.first, $0.end] } == [60, 180])
        #expect(end.rgb(160, 150) == .green)
        #expect(end.rgb(210, 100) == .blue)  // the child where the block put it
        #expect(end.rgb(110, 100) == .green)
        #expect(log.entries == ["t true"])
        #expect(scene.window.layer.sublayers?.count == layerCount)  // the snapshot left
        #expect(container.layer.animationKeys() == nil)
        #expect(container.layer.presentation()?.transform.isIdentity == true)
        #expect(container.layer.transform.isIdentity)
        #expect(scene.window.hitTest(CGPoint(x: 160, y: 150), with: nil) === container)
        scene.run(0.5)
        #expect(log.entries == ["t true"])
        #expect(scene.rig.output.screenshot()?.hasSamePixels(as: end) == true)
    }

    @Test func theFlipFollowsTheOptionsCurve() throws {
        let (scene, container, _) = transitionScene()
        scene.start()
        UIView.transition(
            with: container, duration: 1, options: [.transitionFlipFromLeft, .curveEaseIn],
            animations: { container.backgroundColor = .green })
        // Ease-in: at half the time the turn is at 31.5%, the old content still showing.
        scene.frame(30)
        let middle = try #require(scene.rig.output.screenshot())
        expectTurned(middle, .fromLeft, turn: referenceCurve(0.5, 0.42, 0, 1, 1), content: .red, child: (-50, -20))
        scene.frame(48)
        let later = try #require(scene.rig.output.screenshot())
        expectTurned(later, .fromLeft, turn: referenceCurve(0.8, 0.42, 0, 1, 1), content: .green, child: nil)
    }

    @Test func aViewTurnsAboutItsCentreWhateverItsAnchorPoint() throws {
        let (scene, container, child) = transitionScene()
        container.layer.anchorPoint = .zero
        container.frame = Flip.frame
        scene.rig.settle()
        scene.start()
        UIView.transition(
            with: container, duration: 1, options: [.transitionFlipFromTop, .curveLinear],
            animations: newTransitionContent(container, child))
        scene.frame(15)
        let quarter = try #require(scene.rig.output.screenshot())
        expectTurned(quarter, .fromTop, turn: 0.25, content: .red, child: (-50, -20))
        scene.frame(45)
        let threeQuarters = try #require(scene.rig.output.screenshot())
        expectTurned(threeQuarters, .fromTop, turn: 0.75, content: .green, child: (50, -20))
    }

    @Test func aFlipMadeDuringAnotherEndsIt() throws {
        let (scene, container, _) = transitionScene()
        let log = CompletionLog()
        let layerCount = scene.window.layer.sublayers?.count ?? 0
        scene.start()
        UIView.transition(
            with: container, duration: 1, options: .transitionFlipFromLeft,
            animations: { container.backgroundColor = .green }, completion: log.record("a"))
        scene.frame(15)
        UIView.transition(
            with: container, duration: 1, options: .transitionFlipFromTop,
            animations: { container.backgroundColor = .blue }, completion: log.record("b"))
        #expect(scene.window.layer.sublayers?.count == layerCount + 2)
        scene.frame(17)
        #expect(log.entries == ["a false"])
        #expect(scene.window.layer.sublayers?.count == layerCount + 1)  // the first snapshot left
        scene.run(1)
        #expect(log.entries == ["a false", "b true"])
        #expect(scene.window.layer.sublayers?.count == layerCount)
        #expect(scene.rig.output.screenshot()?.rgb(160, 150) == .blue)
    }

    @Test func transitionFromToFlipsTheSuperview() throws {
        let scene = ViewAnimationScene()
        scene.view.removeFromSuperview()
        let holder = UIView(frame: Flip.frame)
        let front = UIView(frame: holder.bounds)
        front.backgroundColor = .red
        let back = UIView(frame: holder.bounds)
        back.backgroundColor = .green
        holder.addSubview(front)
        scene.window.addSubview(holder)
        scene.rig.settle()
        let log = CompletionLog()
        scene.start()
        UIView.transition(
            from: front, to: back, duration: 1, options: [.transitionFlipFromRight, .curveLinear],
            completion: log.record("f"))
        #expect(front.superview == nil)  // replaced at once, as UIKit's transition on the superview
        #expect(holder.subviews.count == 1 && holder.subviews.first === back)
        scene.frame(15)
        expectTurned(try #require(scene.rig.output.screenshot()), .fromRight, turn: 0.25, content: .red, child: nil)
        scene.frame(30)
        expectNothingShown(try #require(scene.rig.output.screenshot()))
        scene.frame(45)
        expectTurned(try #require(scene.rig.output.screenshot()), .fromRight, turn: 0.75, content: .green, child: nil)
        scene.frame(61)
        #expect(scene.rig.output.screenshot()?.rgb(61, 61) == .green)
        #expect(scene.rig.output.screenshot()?.rgb(258, 178) == .green)
        #expect(log.entries == ["f true"])
    }

    @Test(arguments: [UIView.AnimationOptions.transitionFlipFromLeft, .transitionCrossDissolve])
    func aReplacementWithoutDurationCompletesAtTheNextTurn(option: UIView.AnimationOptions) {
        let (scene, container, _) = transitionScene()
        let log = CompletionLog()
        let replacement = UIView(frame: container.frame)
        UIView.transition(from: container, to: replacement, duration: 0, options: option, completion: log.record("r"))
        #expect(container.superview == nil)
        #expect(replacement.superview === scene.window)
        #expect(log.entries.isEmpty)
        scene.run(0)
        #expect(log.entries == ["r true"])
    }
}
