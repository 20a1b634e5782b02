import Foundation

/// Runs `target` once on every regular file under `paths` (a folder is read recursively, in
/// name order), printing how many. An input that crashes ends the process, as in the fuzzer;
/// the last `replaying` line names it. Returns the exit status: 66 (`EX_NOINPUT`) when a path
/// is missing or holds no file, since an empty replay would pass for a clean one.
func replay(_ target: FuzzTarget, paths: [String]) -> Int32 {
    var files: [String] = []
    for path in paths {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            FileHandle.standardError.write(Data("vitrine-fuzz: \(path): no such file\n".utf8))
            return 66
        }
        if !isDirectory.boolValue {
            files.append(path)
            continue
        }
        let found = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
        for relative in found.sorted() {
            let file = (path as NSString).appendingPathComponent(relative)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), !isFolder.boolValue {
                files.append(file)
            }
        }
    }
    guard !files.isEmpty else {
        FileHandle.standardError.write(Data("vitrine-fuzz: no files in \(paths.joined(separator: " "))\n".utf8))
        return 66
    }
    let verbose = ProcessInfo.processInfo.environment["VITRINE_FUZZ_VERBOSE"] == "1"
    for file in files {
        guard let data = FileManager.default.contents(atPath: file) else {
            FileHandle.standardError.write(Data("vitrine-fuzz: \(file): cannot be read\n".utf8))
            return 66
        }
        if verbose { FileHandle.standardError.write(Data("replaying \(file)\n".utf8)) }
        target.run(Array(data))
    }
    print("\(target.name): \(files.count) inputs replayed")
    return 0
}
