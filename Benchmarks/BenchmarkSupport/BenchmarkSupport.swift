// What the benchmarks share: medians of wall time and glibc's count of the heap in use.
import CMallocInfo
import Dispatch

/// Median wall time of `body` in seconds over `runs` runs, after `warmup` unmeasured ones.
public func median(runs: Int, warmup: Int = 5, _ body: () -> Void) -> Double {
    for _ in 0..<warmup { body() }
    var samples: [Double] = []
    samples.reserveCapacity(runs)
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    samples.sort()
    return samples[samples.count / 2]
}

/// Bytes the allocator has handed out and not got back (small blocks and mmapped ones).
public func heapInUse() -> Int {
    let info = mallinfo2()
    return Int(info.uordblks) + Int(info.hblkhd)
}
