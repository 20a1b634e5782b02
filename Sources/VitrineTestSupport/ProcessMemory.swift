import Foundation

/// This process's memory as the kernel counts it, for benchmarks.
public enum ProcessMemory {
    /// Resident anonymous memory, in bytes (`RssAnon` of `/proc/self/status`); 0 when it
    /// cannot be read.
    ///
    /// Benchmarks count memory this way rather than with glibc's `mallinfo2`: pixel buffers of
    /// 128 KiB or more are mapped by Vitrine itself, outside malloc, and `mallinfo2` counts the
    /// whole size of every block malloc maps, touched or not, so its figure moves with malloc's
    /// mmap threshold while the memory used stays the same.
    public static func residentAnonymousBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("RssAnon:") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if fields.count >= 2, let kilobytes = Int(fields[1]) { return kilobytes * 1024 }
        }
        return 0
    }
}
