import Foundation
import OpenGLES
import VitrineGraphics
import VitrineLayers

/// The showcase's OpenGL ES card: a colour wheel drawn with OpenGL ES 2 the way an iOS app draws
/// into a `CAEAGLLayer` (a framebuffer with a colour renderbuffer whose storage is the layer's,
/// `presentRenderbuffer`), shown in the layer tree beside the other cards. Drawn once, when the
/// scene is built. Where EGL gives no context (no Mesa driver, no GPU), the card says so and
/// why, and the rest of the scene is unchanged.
@MainActor
enum ShowcaseGLCard {
    /// The card in `frame`: drawn with a context from `makeContext`, or the reason it could not be.
    static func make(frame: CGRect, makeContext: () -> EAGLContext?) -> (card: CALayer, status: String) {
        let card = CALayer()
        card.name = "gl card"
        card.frame = frame
        card.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.16)
        card.cornerRadius = 14
        card.masksToBounds = true

        let caption = CATextLayer()
        caption.name = "gl caption"
        caption.fontSize = 13
        caption.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.9)
        caption.isWrapped = true
        card.addSublayer(caption)

        guard let context = makeContext() else {
            let reason = EAGLContext.lastFailureReason ?? "no context"
            caption.frame = CGRect(x: 12, y: 12, width: frame.width - 24, height: frame.height - 24)
            caption.string = "OpenGL ES unavailable: \(reason)"
            return (card, "OpenGL ES unavailable: \(reason)")
        }
        let wheel = CAEAGLLayer()
        wheel.name = "gl wheel"
        wheel.frame = CGRect(x: 0, y: 0, width: frame.width, height: frame.height - 24)
        wheel.isOpaque = false
        wheel.drawableProperties = [kEAGLDrawablePropertyColorFormat: kEAGLColorFormatRGBA8]
        card.insertSublayer(wheel, at: 0)
        caption.frame = CGRect(x: 12, y: frame.height - 22, width: frame.width - 24, height: 18)
        let renderer = context.withCurrentContext { draw(into: wheel, with: context) }
        // "llvmpipe (LLVM 15.0.6, 256 bits)": the name without the details fits the card.
        let shortName = renderer.split(separator: " (").first.map(String.init) ?? renderer
        caption.string = "OpenGL ES 2 · \(shortName)"
        return (card, "drawn with OpenGL ES 2 on \(renderer)")
    }

    /// Draws the wheel with the classic renderbuffer setup; the driver's renderer name.
    private static func draw(into layer: CAEAGLLayer, with context: EAGLContext) -> String {
        var framebuffer: GLuint = 0
        var colorRenderbuffer: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glGenRenderbuffers(1, &colorRenderbuffer)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), colorRenderbuffer)
        _ = context.renderbufferStorage(Int(GL_RENDERBUFFER), from: layer)
        glFramebufferRenderbuffer(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), colorRenderbuffer)
        var width: GLint = 0
        var height: GLint = 0
        glGetRenderbufferParameteriv(GLenum(GL_RENDERBUFFER), GLenum(GL_RENDERBUFFER_WIDTH), &width)
        glGetRenderbufferParameteriv(GLenum(GL_RENDERBUFFER), GLenum(GL_RENDERBUFFER_HEIGHT), &height)
        glViewport(0, 0, width, height)
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))

        let program = makeProgram()
        glUseProgram(program)
        // A fan: white in the middle, six hues around, kept round whatever the card's shape.
        let aspect = Float(max(width, 1)) / Float(max(height, 1))
        var vertices: [GLfloat] = [0, 0, 1, 1, 1]
        for step in 0...36 {
            let angle = Float(step) / 36 * 2 * .pi
            let hue = Float(step % 36) / 36
            let (red, green, blue) = rgb(hue: hue)
            vertices += [0.85 * cos(angle) / aspect, 0.85 * sin(angle), red, green, blue]
        }
        let stride = GLsizei(5 * MemoryLayout<GLfloat>.size)
        vertices.withUnsafeBufferPointer { pointer in
            glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, pointer.baseAddress)
            glVertexAttribPointer(1, 3, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, pointer.baseAddress! + 2)
            glEnableVertexAttribArray(0)
            glEnableVertexAttribArray(1)
            glDrawArrays(GLenum(GL_TRIANGLE_FAN), 0, GLsizei(vertices.count / 5))
            glDisableVertexAttribArray(0)
            glDisableVertexAttribArray(1)
        }
        _ = context.presentRenderbuffer(Int(GL_RENDERBUFFER))
        let renderer = glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? "an unnamed driver"
        glDeleteProgram(program)
        glDeleteRenderbuffers(1, &colorRenderbuffer)
        glDeleteFramebuffers(1, &framebuffer)
        return renderer
    }

    private static func rgb(hue: Float) -> (Float, Float, Float) {
        func channel(_ offset: Float) -> Float {
            let k = (offset + hue * 6).truncatingRemainder(dividingBy: 6)
            return 1 - max(0, min(1, min(k, 4 - k)))
        }
        return (channel(5), channel(3), channel(1))
    }

    private static func makeProgram() -> GLuint {
        func compile(_ type: Int32, _ source: String) -> GLuint {
            let shader = glCreateShader(GLenum(type))
            source.withCString { text in
                var pointer: UnsafePointer<GLchar>? = text
                glShaderSource(shader, 1, &pointer, nil)
            }
            glCompileShader(shader)
            return shader
        }
        let program = glCreateProgram()
        let vertex = compile(
            GL_VERTEX_SHADER,
            "attribute vec2 position; attribute vec3 color; varying lowp vec3 shade; "
                + "void main() { shade = color; gl_Position = vec4(position, 0.0, 1.0); }")
        let fragment = compile(
            GL_FRAGMENT_SHADER, "varying lowp vec3 shade; void main() { gl_FragColor = vec4(shade, 1.0); }")
        glAttachShader(program, vertex)
        glAttachShader(program, fragment)
        glBindAttribLocation(program, 0, "position")
        glBindAttribLocation(program, 1, "color")
        glLinkProgram(program)
        glDeleteShader(vertex)
        glDeleteShader(fragment)
        return program
    }
}
