import Foundation
import Testing

/// A capture on a full disk (issue 27): the daemon says which file and why, exits with
/// `EX_CANTCREAT`, and leaves the previous capture as it was, with no truncated PNG and no
/// temporary file beside it. The disk is a 256 KiB tmpfs, mounted in a mount namespace of
/// the test's own (`unshare --mount --map-root-user`, so no privilege and no trace on the
/// machine), filled up before `vitrined --capture` runs.
@Suite struct FullDiskCaptureTests {
    @Test func aCaptureOnAFullDiskFailsClearlyAndKeepsTheOldFile() throws {
        let daemon = testBuildFolder.appendingPathComponent("vitrined").path
        let folder = NSTemporaryDirectory() + "vitrine-full-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Everything is checked inside the namespace, where the small disk exists; the script
        // prints what the test reads.
        let script = """
            set -u
            mount -t tmpfs -o size=256k tmpfs "$1" || { echo "MOUNT-FAILED"; exit 0; }
            printf 'previous capture' > "$1/shot.png"
            dd if=/dev/zero of="$1/filler" bs=4k 2>/dev/null
            "$2" --headless-screen 640x480 --capture "$1/shot.png"
            echo "STATUS=$?"
            echo "OLD=$(cat "$1/shot.png")"
            echo "FILES=$(ls -A "$1" | tr '\\n' ' ')"
            rm "$1/filler"
            "$2" --headless-screen 640x480 --capture "$1/shot.png" >/dev/null 2>&1
            echo "STATUS-WITH-ROOM=$?"
            echo "PNG=$(head -c 4 "$1/shot.png" | tail -c 3)"
            echo "FILES-WITH-ROOM=$(ls -A "$1" | tr '\\n' ' ')"
            """
        let (status, output) = try runTool(
            "/usr/bin/unshare", ["--mount", "--map-root-user", "sh", "-c", script, "full-disk", folder, daemon])
        try #require(status == 0 && !output.contains("MOUNT-FAILED"), "unshare: \(output)")
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.contains("STATUS=73"), "EX_CANTCREAT expected: \(output)")
        #expect(
            output.contains("--capture: cannot write \(folder)/shot.png: write \(folder)/.shot.png.")
                && output.contains("No space left on device (errno 28)"), "\(output)")
        #expect(lines.contains("OLD=previous capture"), "\(output)")
        #expect(lines.contains("FILES=filler shot.png "), "\(output)")
        #expect(lines.contains("STATUS-WITH-ROOM=0"), "\(output)")
        #expect(lines.contains("PNG=PNG"), "\(output)")
        #expect(lines.contains("FILES-WITH-ROOM=shot.png "), "\(output)")
    }
}
