import Foundation
import Logging
import VitrineConfig
import VitrineGL
import VitrineLayers
import VitrinePlatform

/// What EGL offers on a platform: its vendor and version, and the OpenGL ES context's renderer
/// and version, or why it gives no usable context (`--list-outputs`, the renderer's log line).
@MainActor
struct GPUProbe {
    /// The EGL platform asked (`surfaceless`, `GBM on /dev/dri/card0`).
    let platform: String
    /// The context, ready for renderers to share; nil when EGL gave none.
    let context: EGLContextHandle?
    /// `EGL_VENDOR` and the EGL version ("Mesa Project, EGL 1.5").
    let egl: String?
    /// `GL_RENDERER` ("llvmpipe (LLVM 15.0.6, 256 bits)").
    let glRenderer: String?
    /// `GL_VERSION` ("OpenGL ES 3.2 Mesa 22.3.6").
    let glVersion: String?
    /// Why there is no usable context (EGL's or the shader compiler's message).
    let failure: String?

    /// Opens EGL with `open` and makes a GLES renderer on it once, so a driver that cannot
    /// compile the shaders counts as unusable too.
    static func probe(platform: String, open: @MainActor () throws -> EGLContextHandle) -> GPUProbe {
        do {
            let context = try open()
            let connection = context.connection
            let renderer = try GLESRenderer(context: context)
            return GPUProbe(
                platform: platform, context: context,
                egl: "\(connection.vendor), EGL \(connection.majorVersion).\(connection.minorVersion)",
                glRenderer: renderer.glRenderer, glVersion: renderer.glVersion, failure: nil)
        } catch {
            return GPUProbe(
                platform: platform, context: nil, egl: nil, glRenderer: nil, glVersion: nil, failure: "\(error)")
        }
    }

    /// Mesa's surfaceless platform: what headless screens draw with.
    static func surfaceless() -> GPUProbe {
        probe(platform: "EGL surfaceless") {
            try EGLContextHandle(connection: EGLDisplayConnection(platform: .surfaceless))
        }
    }

    /// Whether the context draws on the CPU (Mesa's llvmpipe or softpipe, `kms_swrast`): no
    /// faster than pixman, which `auto` therefore prefers.
    var isSoftwareRasterizer: Bool {
        guard let glRenderer else { return false }
        return ["llvmpipe", "softpipe", "Software Rasterizer", "swrast"].contains { glRenderer.contains($0) }
    }

    /// One line for the listing and the log: "EGL surfaceless: Mesa Project, EGL 1.5; llvmpipe
    /// (LLVM 15.0.6, 256 bits), OpenGL ES 3.2 Mesa 22.3.6".
    var summary: String {
        if let failure { return "\(platform): no usable OpenGL ES context (\(failure))" }
        return "\(platform): \(egl ?? "?"); \(glRenderer ?? "?"), \(glVersion ?? "?")"
    }
}

/// The GPU render nodes (`/dev/dri/renderD128`, ...): none means no GPU.
func gpuRenderNodes(folder: String = "/dev/dri") -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasPrefix("renderD") }.sorted().map { "\(folder)/\($0)" }
}

/// Which renderer the screens get (`[render] renderer`, `vitrined --renderer`), decided once
/// when the backend launches and said in one log line with the reason.
///
/// `gles` draws with OpenGL ES whatever the driver (a software rasterizer included); `auto`
/// only when the context is a GPU's: Mesa's llvmpipe draws the showcase about a hundred times
/// slower than pixman (docs/benchmarks.md, "(g)"), so on a machine without a GPU `auto` keeps
/// pixman. A context EGL cannot give, or shaders the driver rejects, mean pixman, for `gles`
/// too (logged as an error): the screen shows the app either way. Each screen's renderer is a
/// `FallbackRenderer`, so a GPU failing later hands over to pixman as well.
@MainActor
struct RendererSelection {
    /// What draws: `.gles` or `.pixman`.
    let renderer: RendererChoice
    /// Why, for the log line.
    let reason: String
    /// The probe made (nil when pixman was asked for: EGL is not opened at all).
    let probe: GPUProbe?

    /// The one log line: "renderer: gles (auto: EGL surfaceless: ...)".
    var logLine: String { "renderer: \(renderer.rawValue) (\(reason))" }

    /// Each screen's renderer: a `FallbackRenderer` over a GLES renderer on the shared context;
    /// nil for pixman (the screens' default).
    var makeRenderer: (@MainActor (any DisplayOutput) -> any Renderer)? {
        guard renderer == .gles, let context = probe?.context else { return nil }
        return { _ in FallbackRenderer { try GLESRenderer(context: context) } }
    }

    /// Decides for `choice`, asked for by `source` ("--renderer", "render.renderer"; nil: the
    /// default), probing EGL with `probe` unless pixman was asked for.
    static func choose(
        _ choice: RendererChoice, source: String?, renderNodes: [String]? = nil, probe: @MainActor () -> GPUProbe
    ) -> RendererSelection {
        let asked = source.map { "\($0) \(choice.rawValue)" } ?? "auto"
        // Without a render node there is no GPU, only Mesa's software rasterizers, which `auto`
        // would not take: EGL is not even loaded (Mesa and LLVM would add tens of MB to the
        // daemon and seconds to its start for nothing).
        if choice == .auto, let renderNodes, renderNodes.isEmpty {
            return RendererSelection(renderer: .pixman, reason: "auto: no GPU render node in /dev/dri", probe: nil)
        }
        switch choice {
        case .pixman:
            return RendererSelection(renderer: .pixman, reason: asked, probe: nil)
        case .gles:
            let gpu = probe()
            if gpu.failure != nil {
                return RendererSelection(renderer: .pixman, reason: "\(asked), but \(gpu.summary)", probe: gpu)
            }
            return RendererSelection(renderer: .gles, reason: "\(asked): \(gpu.summary)", probe: gpu)
        case .auto:
            let gpu = probe()
            if gpu.failure != nil {
                return RendererSelection(renderer: .pixman, reason: "\(asked): \(gpu.summary)", probe: gpu)
            }
            if gpu.isSoftwareRasterizer {
                return RendererSelection(
                    renderer: .pixman,
                    reason:
                        "\(asked): \(gpu.summary) is a software rasterizer, slower than pixman; --renderer gles uses it anyway",
                    probe: gpu)
            }
            return RendererSelection(renderer: .gles, reason: "\(asked): \(gpu.summary)", probe: gpu)
        }
    }

    /// Logs the choice: at error level when OpenGL ES was asked for and could not be had.
    func log(to logger: Logger, asked choice: RendererChoice) {
        if choice == .gles && renderer != .gles {
            logger.error("\(logLine)")
        } else {
            logger.notice("\(logLine)")
        }
    }
}
