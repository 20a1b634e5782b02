#if VITRINE_FUZZING
    import Foundation

    /// libFuzzer's entry when it is linked without its own `main` (`libclang_rt.fuzzer_no_main`):
    /// parses libFuzzer's arguments and calls `callback` with each input until it stops.
    @_silgen_name("LLVMFuzzerRunDriver")
    private func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// The target libFuzzer's C callback runs: a C function pointer cannot capture it. Set once,
    /// before libFuzzer starts, on the main thread libFuzzer then calls back on.
    nonisolated(unsafe) private var fuzzedTarget: FuzzTarget?

    /// Hands the process to libFuzzer with `arguments` (the program name, then libFuzzer's own
    /// flags and corpus folders) and returns libFuzzer's status.
    func runLibFuzzer(_ target: FuzzTarget, arguments: [String]) -> Int32 {
        fuzzedTarget = target
        // libFuzzer may keep pointers into argv for the whole run: the copies are never freed.
        var argc = CInt(arguments.count)
        let vector = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: arguments.count + 1)
        for (index, argument) in arguments.enumerated() { vector[index] = strdup(argument) }
        vector[arguments.count] = nil
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = vector
        return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            let input = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
            fuzzedTarget?.run(input)
            return 0
        }
    }
#endif
