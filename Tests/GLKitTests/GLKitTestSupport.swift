import Foundation
import GLKit
import VitrinePlatform

/// A headless screen on a manual clock, installed as the app's display backend, with
/// synthetic touch input: the GL views are drawn by Mesa (llvmpipe, EGL surfaceless) and
/// composited into this screen by the pixman renderer.
@MainActor
struct GLRig {
    let clock = ManualClock()
    let backend: HeadlessBackend
    let output: HeadlessOutput
    let input: SyntheticInput

    init(width: Int = 200, height: Int = 150) {
        // llvmpipe even where a GPU's render node exists, so every machine draws the same.
        setenv("LIBGL_ALWAYS_SOFTWARE", "1", 1)
        backend = HeadlessBackend(clock: clock)
        output = backend.addOutput(name: "HEADLESS-1", width: width, height: height, bufferCount: 2)
        UIApplication.shared.setDisplayBackend(backend)
        input = SyntheticInput().install()
    }

    var screen: UIScreen { UIScreen.screens[0] }

    static let frame = 1.0 / 60

    /// Runs the frame due now, then lets it reach the screen.
    func settle() {
        clock.advance(by: 0)
        clock.advance(by: Self.frame)
        clock.advance(by: Self.frame)
    }

    /// A visible window filling the screen, black.
    func window() -> UIWindow {
        let window = UIWindow(frame: screen.bounds)
        window.screen = screen
        window.backgroundColor = .black
        window.isHidden = false
        return window
    }
}

/// An OpenGL ES 2 context, or a test failure naming why EGL gave none (no skip).
func makeContext(_ api: EAGLRenderingAPI = .openGLES2) throws -> EAGLContext {
    setenv("LIBGL_ALWAYS_SOFTWARE", "1", 1)
    guard let context = EAGLContext(api: api) else {
        throw GLTestFailure("no OpenGL ES \(api.rawValue) context: \(EAGLContext.lastFailureReason ?? "?")")
    }
    return context
}

struct GLTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The red, green, blue and alpha bytes of a `0xAARRGGBB` pixel.
struct RGBA: Equatable, CustomStringConvertible {
    var red: Int, green: Int, blue: Int, alpha: Int

    init(_ red: Int, _ green: Int, _ blue: Int, _ alpha: Int = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    init(pixel: UInt32) {
        self.init(
            Int((pixel >> 16) & 0xff), Int((pixel >> 8) & 0xff), Int(pixel & 0xff), Int(pixel >> 24))
    }

    func isClose(to other: RGBA, tolerance: Int = 2) -> Bool {
        abs(red - other.red) <= tolerance && abs(green - other.green) <= tolerance
            && abs(blue - other.blue) <= tolerance && abs(alpha - other.alpha) <= tolerance
    }

    var description: String { "(\(red), \(green), \(blue), \(alpha))" }
}

extension PixelBuffer {
    func rgba(_ x: Int, _ y: Int) -> RGBA { RGBA(pixel: pixel(x: x, y: y)) }
    /// An XRGB screen pixel, alpha taken as opaque.
    func rgb(_ x: Int, _ y: Int) -> RGBA { RGBA(pixel: pixel(x: x, y: y) | 0xff00_0000) }
}

/// Draws with a tiny GLSL ES 1.00 program: clears to `clear`, then a triangle in `triangle`
/// colour covering the lower-left half of the viewport (GL's clip space, y up: the triangle
/// (-1,-1), (1,-1), (-1,1)).
@MainActor
final class TriangleDrawer: GLKViewDelegate {
    var clear: (Float, Float, Float, Float) = (0, 0, 1, 1)
    var triangle: (Float, Float, Float, Float) = (1, 0, 0, 1)
    private(set) var draws = 0
    private(set) var lastRect: CGRect?
    private(set) var viewport: [GLint] = []
    private var program: GLuint = 0

    func glkView(_ view: GLKView, drawIn rect: CGRect) {
        draws += 1
        lastRect = rect
        var box = [GLint](repeating: 0, count: 4)
        glGetIntegerv(GLenum(GL_VIEWPORT), &box)
        viewport = box
        glClearColor(clear.0, clear.1, clear.2, clear.3)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        if program == 0 { program = Self.makeProgram() }
        glUseProgram(program)
        glUniform4f(glGetUniformLocation(program, "color"), triangle.0, triangle.1, triangle.2, triangle.3)
        let vertices: [GLfloat] = [-1, -1, 1, -1, -1, 1]
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, vertices)
        glEnableVertexAttribArray(0)
        glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        glDisableVertexAttribArray(0)
    }

    static func makeProgram() -> GLuint {
        func shader(_ type: Int32, _ source: String) -> GLuint {
            let shader = glCreateShader(GLenum(type))
            source.withCString { text in
                var pointer: UnsafePointer<GLchar>? = text
                glShaderSource(shader, 1, &pointer, nil)
            }
            glCompileShader(shader)
            return shader
        }
        let program = glCreateProgram()
        glAttachShader(
            program,
            shader(GL_VERTEX_SHADER, "attribute vec2 position; void main() { gl_Position = vec4(position, 0.0, 1.0); }")
        )
        glAttachShader(
            program,
            shader(
                GL_FRAGMENT_SHADER, "precision mediump float; uniform vec4 color; void main() { gl_FragColor = color; }"
            ))
        glBindAttribLocation(program, 0, "position")
        glLinkProgram(program)
        return program
    }
}
