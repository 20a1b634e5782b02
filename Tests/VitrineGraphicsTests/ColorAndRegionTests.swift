import Foundation
import Testing
import VitrineGraphics

@Suite struct CGColorTests {
    @Test func premultipliesAndPacksARGB32() {
        let color = CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.5)
        let p = color.premultiplied
        #expect(p.red == 0.5 && p.green == 0.25 && p.blue == 0 && p.alpha == 0.5)
        // alpha 127.5 -> 128, red 127.5 -> 128, green 63.75 -> 64.
        #expect(color.argb32 == 0x8080_4000)
        #expect(CGColor.white.argb32 == 0xffff_ffff)
        #expect(CGColor.clear.argb32 == 0)
    }

    @Test func clampsAndRejectsNaN() {
        let color = CGColor(red: 2, green: -1, blue: .nan, alpha: .nan)
        #expect(color.red == 1 && color.green == 0 && color.blue == 0 && color.alpha == 0)
    }

    @Test func unpacksAndUnpremultiplies() {
        let p = PremultipliedColor(argb32: 0x8040_2000)
        #expect(p.argb32 == 0x8040_2000)
        let straight = p.unpremultiplied
        #expect(abs(straight.red - CGFloat(0x40) / CGFloat(0x80)) < 1e-9)
        #expect(PremultipliedColor(argb32: 0).unpremultiplied == .clear)
    }
}

@Suite struct RegionTests {
    let a = PixelRect(x: 0, y: 0, width: 10, height: 10)
    let b = PixelRect(x: 5, y: 5, width: 10, height: 10)

    @Test func union() {
        let region = Region(a).union(Region(b))
        #expect(region.area == 175)
        #expect(region.boundingBox == PixelRect(x: 0, y: 0, width: 15, height: 15))
        #expect(region.contains(x: 12, y: 12) && !region.contains(x: 12, y: 2))
    }

    @Test func intersection() {
        let region = Region(a).intersection(Region(b))
        #expect(region.area == 25)
        #expect(region.rects == [PixelRect(x: 5, y: 5, width: 5, height: 5)])
        #expect(
            Region(a).intersection(Region(PixelRect(x: 20, y: 20, width: 2, height: 2))).isEmpty)
    }

    @Test func subtraction() {
        let region = Region(a).subtracting(Region(b))
        #expect(region.area == 75)
        #expect(region.boundingBox == a)
        #expect(!region.contains(x: 7, y: 7) && region.contains(x: 2, y: 7))
    }

    @Test func equalityIgnoresConstructionOrder() {
        #expect(Region([a, b]) == Region(b).union(Region(a)))
        #expect(Region([a, b]) != Region(a))
        #expect(Region() == Region(PixelRect.zero))
        #expect(Region().boundingBox == .zero && Region().area == 0)
    }

    @Test func copiesAreIndependent() {
        var first = Region(a)
        let second = first
        first.formUnion(b)
        #expect(second.area == 100 && first.area == 175)
    }
}

@Suite struct PixelBufferTests {
    @Test func wrapsExternalMemoryWithLargerStride() {
        let stride = 64  // width 8 needs only 32
        let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * 4, alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: stride * 4)
        var released = false
        do {
            let buffer = PixelBuffer(
                wrapping: memory, width: 8, height: 4, stride: stride,
                format: .argb8888Premultiplied,
                release: { released = true })
            #expect(buffer.stride == 64 && buffer.byteCount == 256)
            buffer.setPixel(x: 7, y: 3, 0x1122_3344)
            #expect(memory.load(fromByteOffset: 3 * 64 + 7 * 4, as: UInt32.self) == 0x1122_3344)
            memory.storeBytes(
                of: 0xff00_ff00 as UInt32, toByteOffset: 2 * 64 + 1 * 4, as: UInt32.self)
            #expect(buffer.pixel(x: 1, y: 2) == 0xff00_ff00)
            let copy = buffer.copy()
            #expect(copy.stride == 32)
            #expect(copy.pixel(x: 7, y: 3) == 0x1122_3344 && copy.pixel(x: 1, y: 2) == 0xff00_ff00)
            #expect(copy.hasSamePixels(as: buffer))
            withExtendedLifetime(buffer) { #expect(!released) }
        }
        #expect(released)
        memory.deallocate()
    }

    @Test func xrgbReadsOpaque() {
        let buffer = PixelBuffer(width: 2, height: 2, format: .xrgb8888)
        buffer.setPixel(x: 1, y: 1, 0x0012_3456)
        #expect(buffer.pixel(x: 1, y: 1) == 0xff12_3456)
    }
}
