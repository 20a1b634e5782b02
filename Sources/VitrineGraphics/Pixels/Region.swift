internal import CPixman

/// A set of pixels made of rectangles: damage, clips and occlusion. Wraps pixman's 32-bit
/// regions; a value type (copy on write).
public struct Region: Sendable, CustomStringConvertible {
    private var storage: Storage

    /// The empty region.
    public init() {
        storage = Storage()
    }

    /// The region of one rectangle (empty for an empty rectangle).
    public init(_ rect: PixelRect) {
        storage = Storage()
        if !rect.isEmpty {
            pixman_region32_init_rect(
                storage.region, Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height))
        }
    }

    /// The union of the rectangles.
    public init(_ rects: [PixelRect]) {
        self.init()
        for rect in rects { formUnion(rect) }
    }

    /// The region of rectangles that do not overlap, built in one go (a union one at a time
    /// costs a pass over the region for each).
    init(disjoint rects: [PixelRect]) {
        storage = Storage()
        var boxes = rects.filter { !$0.isEmpty }.map {
            pixman_box32_t(x1: Int32($0.x), y1: Int32($0.y), x2: Int32($0.maxX), y2: Int32($0.maxY))
        }
        pixman_region32_fini(storage.region)
        _ = pixman_region32_init_rects(storage.region, &boxes, Int32(boxes.count))
    }

    public var isEmpty: Bool { pixman_region32_not_empty(storage.region) == 0 }

    /// The smallest rectangle holding the region; `.zero` when empty.
    public var boundingBox: PixelRect {
        guard !isEmpty else { return .zero }
        let box = storage.region.pointee.extents
        return PixelRect(
            x: Int(box.x1), y: Int(box.y1), width: Int(box.x2 - box.x1), height: Int(box.y2 - box.y1))
    }

    /// The disjoint rectangles that make the region, in pixman's y-x banded order.
    public var rects: [PixelRect] {
        var count: Int32 = 0
        guard let boxes = pixman_region32_rectangles(storage.region, &count) else { return [] }
        return (0..<Int(count)).map { index in
            let box = boxes[index]
            return PixelRect(
                x: Int(box.x1), y: Int(box.y1), width: Int(box.x2 - box.x1), height: Int(box.y2 - box.y1))
        }
    }

    /// The number of rectangles, without building them.
    public var rectCount: Int { Int(pixman_region32_n_rects(storage.region)) }

    /// The number of pixels in the region.
    public var area: Int { rects.reduce(0) { $0 + $1.area } }

    public func contains(x: Int, y: Int) -> Bool {
        pixman_region32_contains_point(storage.region, Int32(x), Int32(y), nil) != 0
    }

    /// Whether any pixel of `rect` is in the region; makes no region, so it is cheap.
    public func intersects(_ rect: PixelRect) -> Bool {
        guard !rect.isEmpty else { return false }
        var box = pixman_box32_t(x1: Int32(rect.x), y1: Int32(rect.y), x2: Int32(rect.maxX), y2: Int32(rect.maxY))
        return pixman_region32_contains_rectangle(storage.region, &box) != PIXMAN_REGION_OUT
    }

    public mutating func formUnion(_ other: Region) {
        makeUnique()
        pixman_region32_union(storage.region, storage.region, other.storage.region)
    }

    public mutating func formUnion(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        makeUnique()
        pixman_region32_union_rect(
            storage.region, storage.region, Int32(rect.x), Int32(rect.y), UInt32(rect.width),
            UInt32(rect.height))
    }

    public mutating func formIntersection(_ other: Region) {
        makeUnique()
        pixman_region32_intersect(storage.region, storage.region, other.storage.region)
    }

    public mutating func formIntersection(_ rect: PixelRect) {
        makeUnique()
        if rect.isEmpty {
            pixman_region32_clear(storage.region)
            return
        }
        pixman_region32_intersect_rect(
            storage.region, storage.region, Int32(rect.x), Int32(rect.y), UInt32(rect.width),
            UInt32(rect.height))
    }

    public mutating func subtract(_ other: Region) {
        makeUnique()
        pixman_region32_subtract(storage.region, storage.region, other.storage.region)
    }

    public mutating func subtract(_ rect: PixelRect) {
        subtract(Region(rect))
    }

    public mutating func translate(dx: Int, dy: Int) {
        makeUnique()
        pixman_region32_translate(storage.region, Int32(dx), Int32(dy))
    }

    public mutating func removeAll() {
        makeUnique()
        pixman_region32_clear(storage.region)
    }

    public func union(_ other: Region) -> Region {
        var result = self
        result.formUnion(other)
        return result
    }

    public func intersection(_ other: Region) -> Region {
        var result = self
        result.formIntersection(other)
        return result
    }

    public func subtracting(_ other: Region) -> Region {
        var result = self
        result.subtract(other)
        return result
    }

    public var description: String {
        "Region(" + rects.map(\.description).joined(separator: ", ") + ")"
    }

    /// Calls `body` with pixman's region, for the wrappers in this module.
    func withPixmanRegion<R>(_ body: (UnsafeMutablePointer<pixman_region32_t>) throws -> R) rethrows -> R {
        try body(storage.region)
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) {
            storage = storage.copy()
        }
    }

    /// Owns one pixman region; freed with the last reference.
    /// The region lives at a fixed address so pixman calls may name it as both source and
    /// destination.
    private final class Storage: @unchecked Sendable {
        let region = UnsafeMutablePointer<pixman_region32_t>.allocate(capacity: 1)

        init() {
            pixman_region32_init(region)
        }

        func copy() -> Storage {
            let copy = Storage()
            pixman_region32_copy(copy.region, region)
            return copy
        }

        deinit {
            pixman_region32_fini(region)
            region.deallocate()
        }
    }
}

extension Region: Equatable {
    public static func == (lhs: Region, rhs: Region) -> Bool {
        return pixman_region32_equal(lhs.storage.region, rhs.storage.region) != 0
    }
}
