import Foundation
import Testing

/// The shipped systemd files (`systemd/`), checked by systemd's own tools: the unit passes
/// `systemd-analyze verify` without a warning, and the sysusers file creates the `vitrine`
/// user in the groups that reach the display, input and backlight.
@Suite struct ServiceFilesTests {
    private static let systemdFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("systemd")

    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-unit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func unitText() throws -> String {
        try String(contentsOf: Self.systemdFolder.appendingPathComponent("vitrine.service"), encoding: .utf8)
    }

    @Test func theUnitPassesSystemdAnalyzeVerify() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // verify checks that ExecStart exists: point it at a stand-in binary in the same place
        // under the temporary folder; nothing else in the unit changes.
        let binary = folder.appendingPathComponent("usr/local/bin/vitrined")
        try FileManager.default.createDirectory(
            at: binary.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/bin/true", toPath: binary.path)
        let unit = try unitText().replacingOccurrences(of: "/usr/local/bin/vitrined", with: binary.path)
        let unitURL = folder.appendingPathComponent("vitrine.service")
        try unit.write(to: unitURL, atomically: true, encoding: .utf8)
        let (status, output) = try runTool("/usr/bin/systemd-analyze", ["verify", unitURL.path])
        #expect(status == 0)
        // verify exits 0 even for lines it ignores ("Failed to parse sec value, ignoring"): any
        // output at all is a fault in the unit.
        #expect(output.isEmpty, "systemd-analyze verify said:\n\(output)")
    }

    @Test func theUnitHasWhatAKioskServiceNeeds() throws {
        let lines = Set(try unitText().split(separator: "\n").map(String.init))
        for expected in [
            "Type=notify", "Restart=on-failure", "Conflicts=getty@tty1.service", "User=vitrine",
            "ProtectSystem=strict", "ProtectHome=yes", "PrivateTmp=yes", "NoNewPrivileges=yes",
            "DevicePolicy=closed", "DeviceAllow=char-drm rw", "DeviceAllow=char-input rw",
            "SupplementaryGroups=video input render", "RestartPreventExitStatus=78", "RuntimeDirectory=vitrine",
        ] {
            #expect(lines.contains(expected), "missing \(expected)")
        }
        #expect(lines.contains { $0.hasPrefix("WatchdogSec=") })
    }

    @Test func sysusersCreatesTheVitrineUserInItsGroups() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let etc = root.appendingPathComponent("etc")
        try FileManager.default.createDirectory(at: etc, withIntermediateDirectories: true)
        try "video:x:44:\nrender:x:108:\ninput:x:105:\n".write(
            to: etc.appendingPathComponent("group"), atomically: true, encoding: .utf8)
        for name in ["passwd", "shadow", "gshadow"] {
            #expect(FileManager.default.createFile(atPath: etc.appendingPathComponent(name).path, contents: nil))
        }
        let file = Self.systemdFolder.appendingPathComponent("vitrine.sysusers").path
        let (status, output) = try runTool("/usr/bin/systemd-sysusers", ["--root=\(root.path)", file])
        #expect(status == 0, "systemd-sysusers said:\n\(output)")
        let passwd = try String(contentsOf: etc.appendingPathComponent("passwd"), encoding: .utf8)
        let group = try String(contentsOf: etc.appendingPathComponent("group"), encoding: .utf8)
        #expect(passwd.contains("vitrine:x:"))
        #expect(passwd.contains(":/usr/sbin/nologin"))
        for name in ["video", "render", "input"] {
            #expect(group.split(separator: "\n").contains { $0.hasPrefix("\(name):") && $0.hasSuffix(":vitrine") })
        }
    }

    @Test func installPanelStagesEveryFileIntoAnImage() throws {
        let stage = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: stage) }
        let script = Self.systemdFolder.deletingLastPathComponent().appendingPathComponent("scripts/install-panel.sh")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script.path]
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["DESTDIR": stage.path, "PREFIX": "/opt/kiosk", "VITRINED": "/bin/true"]) { _, new in new }
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        for path in [
            "opt/kiosk/bin/vitrined", "opt/kiosk/lib/vitrine/vitrined", "etc/systemd/system/vitrine.service",
            "usr/lib/sysusers.d/vitrine.conf",
            "etc/udev/rules.d/90-vitrine-backlight.rules", "etc/vitrine/vitrine.toml",
        ] {
            #expect(FileManager.default.fileExists(atPath: stage.appendingPathComponent(path).path), "\(path)")
        }
        let unit = try String(
            contentsOf: stage.appendingPathComponent("etc/systemd/system/vitrine.service"), encoding: .utf8)
        #expect(unit.contains("ExecStart=/opt/kiosk/bin/vitrined --config /etc/vitrine/vitrine.toml"))
    }
}
