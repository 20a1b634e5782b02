import Testing
import VitrineGraphics

/// Coverage byte of an `.alpha8` mask at (x, y).
private func coverage(_ mask: PixelBuffer, _ x: Int, _ y: Int) -> Int {
    Int(mask.pixel(x: x, y: y) >> 24)
}

@Suite struct ShapeMaskTests {
    @Test func roundedRectCornerIsEmptyAndCentreFull() {
        let mask = ShapeMask.roundedRect(width: 40, height: 30, radius: 10)
        #expect(mask.format == .alpha8)
        #expect(mask.width == 40 && mask.height == 30)
        #expect(coverage(mask, 0, 0) == 0)
        #expect(coverage(mask, 39, 0) == 0)
        #expect(coverage(mask, 0, 29) == 0)
        #expect(coverage(mask, 39, 29) == 0)
        #expect(coverage(mask, 20, 15) == 255)
        // Straight edges between the corners are fully covered.
        #expect(coverage(mask, 20, 0) == 255)
        #expect(coverage(mask, 0, 15) == 255)
        // On the arc, partial coverage: anti-aliased.
        let diagonal = (0..<10).map { coverage(mask, $0, $0) }
        #expect(diagonal.contains { $0 > 0 && $0 < 255 })
    }

    @Test func zeroRadiusCoversEverything() {
        let mask = ShapeMask.roundedRect(width: 8, height: 8, radius: 0)
        for y in 0..<8 {
            for x in 0..<8 { #expect(coverage(mask, x, y) == 255) }
        }
        let negative = ShapeMask.roundedRect(width: 8, height: 8, radius: -5)
        #expect(coverage(negative, 0, 0) == 255)
        let nan = ShapeMask.roundedRect(width: 8, height: 8, radius: .nan)
        #expect(coverage(nan, 0, 0) == 255)
    }

    @Test func radiusIsClampedToHalfTheShorterSide() {
        // 40x20 with a huge radius clamps to 10: a capsule. Its flat top edge at x = 20 is
        // covered; with an unclamped radius it would not be.
        let huge = ShapeMask.roundedRect(width: 40, height: 20, radius: 1000)
        let clamped = ShapeMask.roundedRect(width: 40, height: 20, radius: 10)
        #expect(huge.hasSamePixels(as: clamped))
        #expect(coverage(huge, 20, 0) == 255)
        #expect(coverage(huge, 20, 10) == 255)
        #expect(coverage(huge, 0, 0) == 0)
    }

    @Test func borderRingHasEmptyCentre() {
        let ring = ShapeMask.roundedBorder(width: 40, height: 40, radius: 10, borderWidth: 4)
        #expect(ring.format == .alpha8)
        #expect(coverage(ring, 20, 20) == 0)
        #expect(coverage(ring, 20, 1) == 255)
        #expect(coverage(ring, 1, 20) == 255)
        #expect(coverage(ring, 38, 20) == 255)
        #expect(coverage(ring, 20, 5) == 0)
        #expect(coverage(ring, 0, 0) == 0)
    }

    @Test func thickBorderFillsTheShape() {
        let ring = ShapeMask.roundedBorder(width: 20, height: 10, radius: 0, borderWidth: 50)
        #expect(coverage(ring, 10, 5) == 255)
        let none = ShapeMask.roundedBorder(width: 20, height: 10, radius: 3, borderWidth: 0)
        #expect(coverage(none, 10, 0) == 0)
    }

    @Test func degenerateSizesDoNotCrash() {
        let empty = ShapeMask.roundedRect(width: 0, height: -3, radius: 4)
        #expect(empty.width == 1 && coverage(empty, 0, 0) == 0)
        let ring = ShapeMask.roundedBorder(width: 0, height: 0, radius: .nan, borderWidth: .nan)
        #expect(coverage(ring, 0, 0) == 0)
    }
}
