// vitrine-fuzz: the fuzz targets of issue 27 (docs/testing.md, "Fuzzing").
//
//     vitrine-fuzz --list                      the targets
//     vitrine-fuzz TARGET PATH...              replays every file under PATH once (any build)
//     vitrine-fuzz TARGET [LIBFUZZER-ARGS...]  fuzzes (a build made by scripts/fuzz/build.sh)
//
// One executable rather than one per target: the ordinary `swift build` compiles it with
// warnings as errors, so the targets cannot rot, and a test replays the committed corpus
// through it. scripts/fuzz/build.sh builds it again with libFuzzer's coverage and
// `VITRINE_FUZZING` defined; libFuzzer is then linked without its `main` (SwiftPM gives the
// executable its own) and started here through `LLVMFuzzerRunDriver`.
import Foundation
import Logging

/// Parsers log what they refuse; a million refusals a minute on standard error would cost
/// more than the parsing. `VITRINE_FUZZ_LOG=1` keeps them, to see why an input is refused.
if ProcessInfo.processInfo.environment["VITRINE_FUZZ_LOG"] != "1" {
    LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
}

let arguments = CommandLine.arguments
let usage = """
    usage: vitrine-fuzz --list
           vitrine-fuzz TARGET PATH...               replay files (folders: every file in them)
           vitrine-fuzz TARGET [LIBFUZZER-ARGS...]   fuzz (scripts/fuzz/build.sh builds the fuzzer)
    """
if arguments.count >= 2 && arguments[1] == "--list" {
    for target in FuzzTarget.all { print("\(target.name)\t\(target.summary)") }
    exit(0)
}
/// The target and the arguments after it. libFuzzer starts the program again with its own
/// arguments alone for `-minimize_crash`, `-merge`, `-fork` and `-jobs`: those runs find the
/// target in `VITRINE_FUZZ_TARGET`, which the first run sets.
let (target, rest): (FuzzTarget, [String]) = {
    if arguments.count >= 2, let named = FuzzTarget.named(arguments[1]) {
        return (named, Array(arguments.dropFirst(2)))
    }
    if let inherited = ProcessInfo.processInfo.environment["VITRINE_FUZZ_TARGET"].flatMap(FuzzTarget.named) {
        return (inherited, Array(arguments.dropFirst()))
    }
    let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
    let given = arguments.count >= 2 ? "no target \(arguments[1]) (\(names))" : "no target given (\(names))"
    FileHandle.standardError.write(Data("vitrine-fuzz: \(given)\n\(usage)\n".utf8))
    exit(64)
}()

#if VITRINE_FUZZING
    setenv("VITRINE_FUZZ_TARGET", target.name, 1)
    exit(runLibFuzzer(target, arguments: [arguments[0]] + rest))
#else
    guard !rest.isEmpty else {
        FileHandle.standardError.write(Data("vitrine-fuzz: not built with libFuzzer; give files to replay\n".utf8))
        exit(64)
    }
    exit(replay(target, paths: rest))
#endif
