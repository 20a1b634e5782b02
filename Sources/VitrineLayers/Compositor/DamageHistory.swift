import VitrineGraphics

/// The damage of a compositor's last frames, and what a buffer of a given age needs to catch up.
///
/// A frame either repaints its damage over the previous frame, or first moves the pixels of a
/// scrolled layer's clip (`move`) and then repaints its damage over that. A buffer holding the
/// frame from n frames ago catches up by one move (the sum of the frames' moves, when they all
/// move the same clip) and one repaint: each frame's damage, carried along by the later frames'
/// moves (pixels inside the clip move with it, pixels outside stay). When the frames move
/// different clips the buffer is repainted over every pixel that changed.
///
/// The compositor keeps one for its targets, and a rotated screen one for its output's buffers
/// (the frames turned).
package struct DamageHistory {
    /// One frame.
    package struct Frame {
        /// Every pixel that differs from the frame before: what a display is told.
        package var changed: Region
        /// The pixels moved before painting, and the damage painted after the move (which holds
        /// the strip the move exposes).
        package var move: PixelMove?
        package var damageAfterMove = Region()

        package init(changed: Region, move: PixelMove? = nil, damageAfterMove: Region = Region()) {
            self.changed = changed
            self.move = move
            self.damageAfterMove = damageAfterMove
        }
    }

    /// What a target must do to show the newest frame.
    package struct Repaint {
        /// Pixels to move first.
        package var move: PixelMove?
        /// Pixels to paint then.
        package var region: Region
    }

    /// How many frames are kept.
    package let capacity: Int
    /// Newest first.
    package private(set) var frames: [Frame] = []

    package init(capacity: Int) {
        self.capacity = capacity
    }

    package mutating func record(_ frame: Frame) {
        frames.insert(frame, at: 0)
        if frames.count > capacity { frames.removeLast() }
    }

    package mutating func removeAll() {
        frames.removeAll()
    }

    /// What a target holding the frame from `age` frames ago needs to show the newest frame
    /// (age 0 or older than the history: everything in `screen`).
    package func repaint(forAge age: Int, screen: PixelRect) -> Repaint {
        guard age > 0, age <= frames.count else { return Repaint(region: Region(screen)) }
        let window = frames[0..<age]
        var changed: Region {
            var region = Region()
            for frame in window { region.formUnion(frame.changed) }
            return region
        }
        guard let area = window.lazy.compactMap(\.move).first?.area else { return Repaint(region: changed) }
        // Moves of different clips do not add up to one move.
        guard window.allSatisfy({ $0.move == nil || $0.move?.area == area }) else { return Repaint(region: changed) }
        var region = Region()
        var dx = 0
        var dy = 0
        for frame in window.reversed() {
            if let move = frame.move {
                region = Self.carry(region, along: move)
                dx += move.dx
                dy += move.dy
                region.formUnion(frame.damageAfterMove)
            } else {
                region.formUnion(frame.changed)
            }
        }
        guard dx != 0 || dy != 0 else { return Repaint(region: region) }
        let move = PixelMove(area: area, dx: dx, dy: dy)
        let destination = move.destination
        // What the summed move exposes is already damage (each frame's exposed strip, carried
        // along); added again so a clip is never left unpainted.
        region.formUnion(Region(area).subtracting(Region(destination)))
        // Moving pixels that are all painted over anyway would be wasted.
        guard !Region(destination).subtracting(region).isEmpty else { return Repaint(region: region) }
        return Repaint(move: move, region: region)
    }

    /// `region` after `move`: its pixels inside the clip move with it (and those moved out of
    /// the clip are gone), the others stay.
    package static func carry(_ region: Region, along move: PixelMove) -> Region {
        var inside = region.intersection(Region(move.area))
        guard !inside.isEmpty else { return region }
        var carried = region.subtracting(Region(move.area))
        inside.translate(dx: move.dx, dy: move.dy)
        inside.formIntersection(move.area)
        carried.formUnion(inside)
        return carried
    }
}
