import Foundation
import Testing
import VitrineConfig
import VitrineGraphics
import VitrineTestSupport

@testable import VitrineKiosk

/// Choosing the renderer (`[render] renderer`, `--renderer`): what `auto` takes and says, the
/// GPU lines of `--list-outputs`, and the headless backend's captures with each renderer.
@MainActor
@Suite("Renderer choice")
struct RendererChoiceTests {
    /// EGL's surfaceless platform on Mesa, in software, as the GL tests use it.
    private func surfaceless() -> GPUProbe {
        setenv("LIBGL_ALWAYS_SOFTWARE", "1", 1)
        return GPUProbe.surfaceless()
    }

    private func failedProbe() -> GPUProbe {
        GPUProbe(
            platform: "GBM on /dev/dri/card0", context: nil, egl: nil, glRenderer: nil, glVersion: nil,
            failure: "eglInitialize(gbm) failed: EGL_NOT_INITIALIZED")
    }

    @Test func pixmanOpensNoEGL() {
        let selection = RendererSelection.choose(.pixman, source: "--renderer") {
            Issue.record("EGL probed for pixman")
            return failedProbe()
        }
        #expect(selection.renderer == .pixman)
        #expect(selection.logLine == "renderer: pixman (--renderer pixman)")
        #expect(selection.makeRenderer == nil)
    }

    @Test func autoKeepsPixmanOverASoftwareRasterizer() throws {
        let probe = surfaceless()
        try #require(probe.context != nil, "\(probe.summary)")
        #expect(probe.isSoftwareRasterizer, "llvmpipe: \(probe.summary)")
        let selection = RendererSelection.choose(.auto, source: nil) { probe }
        #expect(selection.renderer == .pixman)
        #expect(selection.logLine.hasPrefix("renderer: pixman (auto: EGL surfaceless: Mesa Project, EGL 1."))
        #expect(selection.logLine.contains("llvmpipe"))
        #expect(
            selection.logLine.hasSuffix("is a software rasterizer, slower than pixman; --renderer gles uses it anyway)")
        )
        // Asked for, the same context draws.
        let asked = RendererSelection.choose(.gles, source: "--renderer") { probe }
        #expect(asked.renderer == .gles)
        #expect(asked.logLine.hasPrefix("renderer: gles (--renderer gles: EGL surfaceless: Mesa Project"))
        #expect(asked.makeRenderer != nil)
    }

    @Test func autoTakesAGPUsContext() throws {
        let real = surfaceless()
        let context = try #require(real.context, "\(real.summary)")
        // The same context, as a GPU driver would name itself.
        let gpu = GPUProbe(
            platform: "GBM on /dev/dri/card0", context: context, egl: "Mesa Project, EGL 1.5",
            glRenderer: "V3D 4.2", glVersion: "OpenGL ES 3.1 Mesa 22.3.6", failure: nil)
        let selection = RendererSelection.choose(.auto, source: nil) { gpu }
        #expect(selection.renderer == .gles)
        #expect(
            selection.logLine
                == "renderer: gles (auto: GBM on /dev/dri/card0: Mesa Project, EGL 1.5; V3D 4.2, OpenGL ES 3.1 Mesa 22.3.6)"
        )
    }

    @Test func autoOpensNoEGLWithoutARenderNode() {
        let selection = RendererSelection.choose(.auto, source: nil, renderNodes: []) {
            Issue.record("EGL probed without a render node")
            return failedProbe()
        }
        #expect(selection.logLine == "renderer: pixman (auto: no GPU render node in /dev/dri)")
        // Asked for, OpenGL ES is tried anyway (a software rasterizer is what there is).
        var probed = false
        _ = RendererSelection.choose(.gles, source: "--renderer", renderNodes: []) {
            probed = true
            return failedProbe()
        }
        #expect(probed)
    }

    @Test func noUsableContextMeansPixmanWithTheReason() {
        let auto = RendererSelection.choose(.auto, source: nil) { failedProbe() }
        #expect(auto.renderer == .pixman)
        #expect(
            auto.logLine
                == "renderer: pixman (auto: GBM on /dev/dri/card0: no usable OpenGL ES context (eglInitialize(gbm) failed: EGL_NOT_INITIALIZED))"
        )
        let asked = RendererSelection.choose(.gles, source: "render.renderer") { failedProbe() }
        #expect(asked.renderer == .pixman)
        #expect(asked.logLine.hasPrefix("renderer: pixman (render.renderer gles, but GBM on /dev/dri/card0: no usable"))
    }

    @Test func listOutputsShowsEGLAndOpenGLES() {
        let lines = KioskService.gpuListing(surfaceless())
        #expect(lines.first == "GPU (EGL surfaceless):")
        #expect(lines.contains { $0.hasPrefix("  EGL: Mesa Project, EGL 1.") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("  OpenGL ES: llvmpipe") && $0.contains("OpenGL ES 3") }, "\(lines)")
        #expect(lines.last == "  renderer auto would draw with: pixman")
        let failed = KioskService.gpuListing(failedProbe())
        #expect(failed[1] == "  no usable OpenGL ES context: eglInitialize(gbm) failed: EGL_NOT_INITIALIZED")
    }

    /// `vitrined --backend headless --renderer gles --capture` against `--renderer pixman`: the
    /// showcase drawn by each, equal within the GL tests' tolerance (3 a channel) outside what
    /// moves by itself (the clock's seconds and the live-motion card, masked in both).
    @Test func headlessCapturesWithEitherRendererMatch() throws {
        let daemon = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("vitrined").path
        let folder = NSTemporaryDirectory() + "vitrine-renderers-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data().write(to: URL(fileURLWithPath: "\(folder)/vitrine.toml"))
        var captures: [String: PixelBuffer] = [:]
        for renderer in ["gles", "pixman"] {
            let path = "\(folder)/\(renderer).png"
            let (status, output) = try run(
                daemon,
                [
                    "--backend", "headless", "--renderer", renderer, "--headless-screen", "800x480",
                    "--config", "\(folder)/vitrine.toml", "--capture", path,
                ])
            try #require(status == 0, "\(renderer): \(output)")
            #expect(output.contains("renderer: \(renderer) (--renderer \(renderer)"), "\(output)")
            let buffer = try ImageCodec.decodePNG(contentsOf: URL(fileURLWithPath: path)).makePixelBuffer()
            for rect in Self.moving {
                for y in rect.y..<rect.y + rect.height {
                    for x in rect.x..<rect.x + rect.width { buffer.setPixel(x: x, y: y, 0xff00_0000) }
                }
            }
            captures[renderer] = buffer
        }
        let comparison = PixelComparison(try #require(captures["gles"]), try #require(captures["pixman"]), tolerance: 3)
        print("gles against pixman, 800x480 showcase: \(comparison)")
        #expect(comparison.sizesMatch)
        #expect(comparison.passes(maxDifferingPixels: 100), "\(comparison)")
        #expect(PixelComparison(captures["gles"]!, captures["pixman"]!, tolerance: 24).isMatch)
    }

    /// The showcase's parts that change between two captures (800x480): the clock and the
    /// live-motion card's animations.
    static let moving = [
        PixelRect(x: 560, y: 0, width: 240, height: 84),
        PixelRect(x: 208, y: 86, width: 190, height: 308),
    ]

    private func run(_ program: String, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["LIBGL_ALWAYS_SOFTWARE"] = "1"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
