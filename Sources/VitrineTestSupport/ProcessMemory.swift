import Foundation

/// A process's memory as the kernel counts it, for benchmarks and the VM checks.
public enum ProcessMemory {
    /// The sizes in `/proc/PROCESS/status` (`VmRSS`, `RssAnon`, `RssFile`, `RssShmem`, `VmHWM`,
    /// ...: every field given in kB), in bytes, from one reading of the file; nil when it cannot
    /// be read (the process is gone). `process` is a PID, or `self`.
    public static func status(of process: String = "self") -> [String: Int]? {
        guard let status = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8) else { return nil }
        var sizes: [String: Int] = [:]
        for line in status.split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if fields.count == 3, fields[0].hasSuffix(":"), fields[2] == "kB", let kilobytes = Int(fields[1]) {
                sizes[String(fields[0].dropLast())] = kilobytes * 1024
            }
        }
        return sizes
    }

    /// This process's resident anonymous memory, in bytes (`RssAnon`); 0 when it cannot be read.
    ///
    /// Benchmarks count memory this way rather than with glibc's `mallinfo2`: pixel buffers of
    /// 128 KiB or more are mapped by Vitrine itself, outside malloc, and `mallinfo2` counts the
    /// whole size of every block malloc maps, touched or not, so its figure moves with malloc's
    /// mmap threshold while the memory used stays the same.
    public static func residentAnonymousBytes() -> Int {
        status()?["RssAnon"] ?? 0
    }
}
