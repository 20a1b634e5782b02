import VitrineGraphics

/// Drawing backdrops (`CALayer.backdropBlurRadius`): the entries behind the layer drawn again
/// offscreen over the backdrop's source box and blurred (`ColorBlur`), only when the
/// compositor's key says what lies behind changed; every repaint composites the kept pixels.
extension PixmanRenderer {
    /// Backdrops blurred so far, for tests and benchmarks: a still backdrop blurs none.
    public private(set) static var backdropsBlurred = 0

    func drawBackdrop(
        of record: LayerRecord, behind entries: Range<Int>, frame: RenderFrame, on canvas: Canvas, clip: Region
    ) {
        guard let backdrop = record.backdrop, !backdrop.sourceBox.isEmpty else { return }
        var area = clip
        area.formIntersection(record.current.box)
        // Inside the bounds: the exact pixel rectangle when axis-aligned (rounded corners and
        // turns come from a clipping superlayer, as with `UIVisualEffectView`).
        if let rect = Compositor.roundedPixelRect(of: record.layer.renderBounds, through: record.current.transform) {
            area.formIntersection(rect)
        }
        guard !area.isEmpty else { return }
        let cache = PixmanLayerCache.of(record)
        let source = backdrop.sourceBox
        let pixels: PixelBuffer
        if let kept = cache.backdrop, kept.key == backdrop.stamp, kept.sourceBox == source {
            pixels = kept.pixels
        } else {
            Self.backdropsBlurred += 1
            // What lies behind, over the whole source box (not only the damage: the blur is kept
            // for later frames), on the screen's clear colour.
            pixels = PixelBuffer(width: source.width, height: source.height, format: .argb8888Premultiplied)
            let behind = Canvas(target: pixels, originX: source.x, originY: source.y)
            behind.fill(Region(behind.area), color: frame.clearColor, operator: .source)
            execute(frame, entries: entries, on: Level(canvas: behind, clip: Region(source)), topLevel: false)
            ColorBlur.blur(pixels, sigma: backdrop.sigma)
            cache.backdrop = (backdrop.stamp, source, pixels)
        }
        canvas.draw(
            pixels, transform: ProjectiveTransform(translationX: Double(source.x), y: Double(source.y)),
            opacity: record.drawing.opacity, filter: .nearest, operator: .over, clip: area)
    }
}
