import Foundation
import Logging
import OpenGLES

/// Why OpenGL ES could not do what was asked: the step and the driver's message or GL error.
public struct GLFailure: Error, CustomStringConvertible, Sendable {
    /// What failed ("compiling the layer fragment shader").
    public let operation: String
    /// The driver's message (a shader info log), or the GL error's name.
    public let message: String

    public var description: String { "\(operation) failed: \(message)" }

    /// A failure of `operation` with `message`.
    package init(operation: String, message: String) {
        self.operation = operation
        self.message = message
    }

    /// The name of a `glGetError()` value.
    static func errorName(_ code: GLenum) -> String {
        switch Int32(code) {
        case GL_NO_ERROR: "GL_NO_ERROR"
        case GL_INVALID_ENUM: "GL_INVALID_ENUM"
        case GL_INVALID_VALUE: "GL_INVALID_VALUE"
        case GL_INVALID_OPERATION: "GL_INVALID_OPERATION"
        case GL_INVALID_FRAMEBUFFER_OPERATION: "GL_INVALID_FRAMEBUFFER_OPERATION"
        case GL_OUT_OF_MEMORY: "GL_OUT_OF_MEMORY"
        case GL_CONTEXT_LOST_KHR: "GL_CONTEXT_LOST"
        default: "GL error 0x\(String(code, radix: 16))"
        }
    }
}

/// A linked shader program and the locations of its uniforms, by name.
final class GLProgram {
    let name: GLuint
    private var locations: [String: GLint] = [:]

    /// Compiles and links `vertex` and `fragment` (GLSL ES 1.00). A compile or link failure logs
    /// the driver's message and throws it.
    init(vertex: String, fragment: String, label: String, logger: Logger) throws(GLFailure) {
        let vertexShader = try Self.compile(
            vertex, type: GLenum(GL_VERTEX_SHADER), label: "\(label) vertex", logger: logger)
        defer { glDeleteShader(vertexShader) }
        let fragmentShader = try Self.compile(
            fragment, type: GLenum(GL_FRAGMENT_SHADER), label: "\(label) fragment", logger: logger)
        defer { glDeleteShader(fragmentShader) }
        let program = glCreateProgram()
        glAttachShader(program, vertexShader)
        glAttachShader(program, fragmentShader)
        // The one attribute: the quad's corners, in target pixels.
        glBindAttribLocation(program, 0, "a_position")
        glLinkProgram(program)
        var linked: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
        guard linked != 0 else {
            let message = Self.infoLog(of: program, program: true)
            glDeleteProgram(program)
            logger.error("linking the \(label) shader program failed: \(message)")
            throw GLFailure(operation: "linking the \(label) shader program", message: message)
        }
        name = program
    }

    deinit { glDeleteProgram(name) }

    /// The location of uniform `uniform` (-1 when the program does not use it).
    func location(_ uniform: String) -> GLint {
        if let known = locations[uniform] { return known }
        let location = glGetUniformLocation(name, uniform)
        locations[uniform] = location
        return location
    }

    private static func compile(_ source: String, type: GLenum, label: String, logger: Logger) throws(GLFailure)
        -> GLuint
    {
        let shader = glCreateShader(type)
        source.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var compiled: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &compiled)
        guard compiled != 0 else {
            let message = infoLog(of: shader, program: false)
            glDeleteShader(shader)
            logger.error("compiling the \(label) shader failed: \(message)")
            throw GLFailure(operation: "compiling the \(label) shader", message: message)
        }
        return shader
    }

    private static func infoLog(of object: GLuint, program: Bool) -> String {
        var length: GLint = 0
        if program {
            glGetProgramiv(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        } else {
            glGetShaderiv(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        }
        guard length > 1 else { return "(the driver gave no message)" }
        var log = [GLchar](repeating: 0, count: Int(length))
        if program {
            glGetProgramInfoLog(object, length, nil, &log)
        } else {
            glGetShaderInfoLog(object, length, nil, &log)
        }
        let bytes = log.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
