import Foundation
import VitrineGL
import VitrineGraphics
import VitrineLayers
import VitrineTestSupport

/// The GL tests' renderer: OpenGL ES 2 on Mesa's surfaceless EGL platform, in software
/// (llvmpipe), so every machine draws the same pixels. No GPU or display is needed; when EGL
/// cannot be opened the test fails with EGL's error (no skip).
@MainActor
enum GLTest {
    static func makeRenderer(textureBudget: Int = 64 << 20) throws -> GLESRenderer {
        // llvmpipe even where a GPU's render node exists: the tolerance below is llvmpipe's.
        setenv("LIBGL_ALWAYS_SOFTWARE", "1", 1)
        return try GLESRenderer(surfacelessTextureBudget: textureBudget)
    }

    /// Renders the whole tree through `renderer` into a new GL target and reads it back.
    static func render(_ root: CALayer, with renderer: GLESRenderer, scale: CGFloat = 1) throws -> PixelBuffer {
        let width = Int((root.bounds.width * scale).rounded())
        let height = Int((root.bounds.height * scale).rounded())
        let target = try GLTextureTarget(width: width, height: height)
        Compositor(scale: scale, renderer: renderer).render(root, into: target, bufferAge: 0)
        return target.readPixels()
    }

    /// The same tree through the pixman renderer, for comparisons.
    static func renderWithPixman(_ root: CALayer, scale: CGFloat = 1) -> PixelBuffer {
        let width = Int((root.bounds.width * scale).rounded())
        let height = Int((root.bounds.height * scale).rounded())
        let buffer = PixelBuffer(width: width, height: height, format: .argb8888Premultiplied)
        Compositor(scale: scale).render(root, into: buffer, bufferAge: 0)
        return buffer
    }

    /// The pixman renderer's references (VitrineLayersTests), which the GL renderer must match;
    /// never rewritten from here (`record: false`).
    static func comparisonWithPixmanReference(
        _ buffer: PixelBuffer, named name: String, tolerance: Int, maxDifferingPixels: Int,
        filePath: StaticString = #filePath
    ) throws -> SnapshotOutcome {
        let testDirectory = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent()
        let tests = testDirectory.deletingLastPathComponent()
        return try assertSnapshot(
            of: buffer, named: name,
            referenceDirectory: tests.appendingPathComponent("VitrineLayersTests/Compositor/References"),
            failureDirectory: tests.deletingLastPathComponent().appendingPathComponent(
                "snapshot-failures/VitrineGLTests"),
            tolerance: tolerance, maxDifferingPixels: maxDifferingPixels, record: false)
    }
}

/// The compositor tests' small scenes, built the same way (VitrineTestSupport).
typealias Scene = LayerScene

extension CGColor {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
}
