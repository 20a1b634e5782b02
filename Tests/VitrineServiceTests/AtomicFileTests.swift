import Foundation
import SystemPackage
import Testing
import VitrineIO

#if canImport(Glibc)
    import Glibc
#endif

/// Screenshots and captures are written as system software writes files (issue 27): a new
/// file renamed over the target, so a link there is replaced and a failure leaves no half file.
@Suite struct AtomicFileTests {
    private func temporaryFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "vitrine-atomic-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        return folder
    }

    private func entries(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    @Test func aFileIsWrittenWholeWithNoTemporaryLeft() throws {
        let folder = try temporaryFolder()
        let path = folder + "/shot.png"
        try AtomicFile.write(Data("first".utf8), to: path)
        try AtomicFile.write(Data("second".utf8), to: path)
        #expect(FileManager.default.contents(atPath: path) == Data("second".utf8))
        #expect(try entries(folder) == ["shot.png"])
        var info = stat()
        let mask = umask(0)
        umask(mask)
        #expect(lstat(path, &info) == 0 && info.st_mode & 0o777 == 0o644 & ~mask)
    }

    /// A link planted at the target (into /etc, say) is replaced, and what it points to kept.
    @Test func aSymbolicLinkAtTheTargetIsReplacedNotFollowed() throws {
        let folder = try temporaryFolder()
        let victim = folder + "/passwd"
        #expect(FileManager.default.createFile(atPath: victim, contents: Data("root:x:0:0".utf8)))
        let path = folder + "/shot.png"
        #expect(symlink(victim, path) == 0)
        try AtomicFile.write([UInt8](repeating: 7, count: 1000), to: path)
        #expect(FileManager.default.contents(atPath: victim) == Data("root:x:0:0".utf8))
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
        #expect(FileManager.default.contents(atPath: path) == Data(repeating: 7, count: 1000))
    }

    @Test func aFailureNamesThePathAndTheErrnoAndLeavesNothingBehind() throws {
        let folder = try temporaryFolder()
        // A directory at the target: the rename fails after the whole file was written.
        let path = folder + "/shot.png"
        try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
        #expect {
            try AtomicFile.write(Data("png".utf8), to: path)
        } throws: { error in
            guard let error = error as? AtomicFileError else { return false }
            return error.path == path && error.errno == .isDirectory
                && error.description.hasPrefix("cannot write \(path): rename ")
                && error.description.contains("errno \(EISDIR)")
        }
        #expect(try entries(folder) == ["shot.png"])
        #expect(try entries(path) == ["inside"])
        #expect(throws: AtomicFileError.self) { try AtomicFile.write(Data(), to: folder + "/missing/shot.png") }
    }
}
