import VitrineGraphics

/// How a layer's backdrop is drawn this frame: the blur and the pixels behind it that are
/// blurred, and a stamp that changes whenever those pixels may have changed.
struct BackdropDrawing: Equatable {
    /// The blur's standard deviation in target pixels.
    var sigma: Double
    /// The target pixels blurred: the layer's box and the blur's reach (3 sigma) around it,
    /// within the ancestors' clip.
    var sourceBox: PixelRect
    /// A never-reused number, new whenever what lies behind the layer may have changed.
    var stamp: UInt64
}

/// Backdrops (`CALayer.backdropBlurRadius`, what `UIVisualEffectView` blurs): the pixels
/// behind a layer, blurred. The compositor decides when they changed; the renderer draws the
/// entries before the `backdrop` entry again over `sourceBox` and blurs them only when the
/// stamp changed, and otherwise composites what it kept.
///
/// What lies behind a layer is drawn before it, and the collection visits layers in drawing
/// order, so the damage gathered when the layer is visited is the damage behind it (and its
/// ancestors' borders, above it: a re-blur too many, never one too few). Layers removed this
/// frame are found after the walk: their damage is checked against every backdrop then. A
/// subtree holding a backdrop is never reused whole, so its backdrop is always checked.
extension Compositor {
    /// Works out `record`'s backdrop this frame and, when the pixels behind it may have
    /// changed, gives it a new stamp and damages its box.
    func checkBackdrop(of record: LayerRecord) {
        backdropRecords.append(record)
        let sigma = record.drawing.backdropSigma
        let margin = Int((3 * sigma).rounded(.up)) + 1
        let box = record.current.box
        var source = PixelRect(
            x: box.x - margin, y: box.y - margin, width: box.width + 2 * margin, height: box.height + 2 * margin)
        if let clip = record.current.clipRect { source = source.intersection(clip) }
        if let previous = record.backdrop, previous.sourceBox == source, previous.sigma == sigma, scroll == nil,
            !insideScroll, !forceFullDamage, !frameDamage.intersects(source)
        {
            return
        }
        record.backdrop = BackdropDrawing(sigma: sigma, sourceBox: source, stamp: Self.nextGeneration())
        damageBackdrop(of: record)
    }

    /// After layers drawn last frame were dropped: backdrops their old pixels were behind.
    func recheckBackdrops() {
        for record in backdropRecords where record.seenFrame == frameNumber {
            guard var backdrop = record.backdrop, frameDamage.intersects(backdrop.sourceBox) else { continue }
            backdrop.stamp = Self.nextGeneration()
            record.backdrop = backdrop
            damageBackdrop(of: record)
        }
    }

    private func damageBackdrop(of record: LayerRecord) {
        // A backdrop that moves with a scroll is behind pixels that moved too: repaint.
        if insideScroll {
            forceFullDamage = true
        } else {
            frameDamage.formUnion(record.current.box)
        }
    }

    /// How many target pixels one point covers through `transform`'s linear part (its mean
    /// scale).
    static func linearScale(of transform: ProjectiveTransform) -> Double {
        let scale = abs(transform.m11 * transform.m22 - transform.m12 * transform.m21).squareRoot()
        return scale.isFinite ? scale : 1
    }
}
