// vitrine-parser-bench: the parsers given hostile input (issue 27): how long a deeply nested
// configuration key takes to check, and what deep, large or bomb-like interface files and PNGs
// cost before they are refused. Medians of wall time, and the process's peak resident memory.
// Run: swift run -c release vitrine-parser-bench   (see docs/benchmarks.md)
import BenchmarkSupport
import Foundation
import VitrineConfig
import VitrineGraphics
import VitrineInterface
import VitrineTestSupport

/// `a.a.a… = 1`, `depth` keys deep: a valid document toml++ accepts.
func dottedKey(depth: Int) -> String {
    Array(repeating: "a", count: depth).joined(separator: ".") + " = 1\n"
}

/// `[a.a.a…]` then a key in that table.
func tableHeader(depth: Int) -> String {
    "[" + Array(repeating: "a", count: depth).joined(separator: ".") + "]\nx = 1\n"
}

func milliseconds(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }

/// The process's peak resident memory so far (`VmHWM`), in MiB: it only grows, so a section
/// that allocates nothing leaves it where the one before left it.
func peakResident() -> String {
    "peak resident memory so far: \((ProcessMemory.status()?["VmHWM"] ?? 0) / 1_048_576) MiB"
}

print("configuration check (ConfigLoader.check), median of 5:")
// The largest depth under the 1 MiB file cap: two bytes a level.
for (name, make) in [("dotted key", dottedKey), ("table header", tableHeader)] {
    for depth in [10_000, 100_000, (ConfigLoader.maximumFileSize - 16) / 2] {
        let text = make(depth)
        var first = ""
        let time = median(runs: 5, warmup: 1) {
            first = ConfigLoader.check(text: text, file: "deep.toml").first?.description ?? "no problems"
        }
        print("  \(name) \(depth) deep (\(text.utf8.count) bytes): \(milliseconds(time)) — \(first.prefix(100))")
    }
}

/// A megabyte of keys 63 deep (the limit is 64), each line a new key under the same table:
/// what the key locator's old whole-path hashing made quadratic in the depth.
var wide = ""
var wideKeys = 0
while wide.utf8.count < ConfigLoader.maximumFileSize - 1000 {
    wide +=
        Array(repeating: "a", count: ConfigLoader.maximumNestingDepth - 1).joined(separator: ".")
        + ".k\(wideKeys) = 1\n"
    wideKeys += 1
}
let wideTime = median(runs: 5, warmup: 1) { _ = ConfigLoader.check(text: wide, file: "wide.toml") }
print(
    "  \(wideKeys) keys \(ConfigLoader.maximumNestingDepth) deep (\(wide.utf8.count) bytes): \(milliseconds(wideTime))")

print(peakResident())

print("interface files (InterfaceDocument.parse), median of 5:")
for (name, data) in [
    ("1,000 views nested", Data(HostileXIB.nested(depth: 1_000).utf8)),
    ("100,000 views nested", Data(HostileXIB.nested(depth: 100_000).utf8)),
    ("11 MB", HostileXIB.padded(to: 11_000_000)),
    ("10,000,000 bytes (the limit)", HostileXIB.padded(to: InterfaceDocument.maximumFileSize)),
] {
    var outcome = ""
    let time = median(runs: 5, warmup: 1) {
        do throws(InterfaceError) {
            _ = try InterfaceDocument.parse(data: data, fileName: "hostile.xib")
            outcome = "loaded"
        } catch {
            outcome = error.description
        }
    }
    print("  \(name) (\(data.count) bytes): \(milliseconds(time)) — \(outcome.prefix(100))")
}

print(peakResident())

print("PNG (ImageCodec.decode), median of 5:")
let bomb = HandmadePNG.png(width: 20_000, height: 20_000, rows: 1)
var bombOutcome = ""
let bombTime = median(runs: 5, warmup: 1) {
    do throws(ImageCodecError) {
        _ = try ImageCodec.decode(bomb)
        bombOutcome = "decoded"
    } catch {
        bombOutcome = error.description
    }
}
print("  20000x20000 bomb (\(bomb.count) bytes): \(milliseconds(bombTime)) — \(bombOutcome)")
print(peakResident())
// The structure check's cost on an image that decodes: 4096x4096 RGB stored uncompressed (48 MiB).
let large = HandmadePNG.png(width: 4096, height: 4096)
// Without its IEND chunk the file is refused once every chunk has been walked: the check alone.
let truncated = large.prefix(large.count - 12)
let checkTime = median(runs: 5, warmup: 1) { _ = try? ImageCodec.decode(truncated) }
let decodeTime = median(runs: 5, warmup: 1) { _ = try? ImageCodec.decode(large) }
print(
    "  4096x4096 (\(large.count) bytes): decoded in \(milliseconds(decodeTime)), of which the chunk check \(milliseconds(checkTime))"
)
