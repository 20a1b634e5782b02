import Foundation
import Testing

/// The module split as the dynamic linker sees it: an app on VitrineKit alone (the
/// `vitrine-hello` example) loads no KMS, libinput or libseat; the kiosk daemon loads all three.
@Suite struct ModuleLinkageTests {
    /// The build folder the test bundle runs from (`.build/debug`; on Linux the bundle is an
    /// executable file there), where `swift build` put the executables.
    private var buildFolder: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// The shared libraries `ldd` lists for `program`, by file name.
    private func libraries(of program: String) throws -> [String] {
        let path = buildFolder.appendingPathComponent(program).path
        try #require(FileManager.default.isExecutableFile(atPath: path), "\(path) is built by swift build / swift test")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        process.arguments = [path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "ldd \(path): \(output)")
        return output.split(separator: "\n").compactMap { line in
            line.split(separator: " ").first.map { String($0.trimmingCharacters(in: .whitespaces)) }
        }
    }

    private static let deviceLibraries = ["libdrm.so", "libinput.so", "libseat.so"]

    @Test func aVitrineKitAppLinksNoDeviceLibrary() throws {
        let linked = try libraries(of: "vitrine-hello")
        #expect(linked.contains { $0.hasPrefix("libpixman-1.so") }, "it does link the compositor's pixman: \(linked)")
        for library in Self.deviceLibraries {
            #expect(!linked.contains { $0.hasPrefix(library) }, "vitrine-hello links \(library)")
        }
    }

    @Test func theKioskDaemonLinksThemAll() throws {
        let linked = try libraries(of: "vitrined")
        for library in Self.deviceLibraries {
            #expect(linked.contains { $0.hasPrefix(library) }, "vitrined does not link \(library): \(linked)")
        }
    }
}
