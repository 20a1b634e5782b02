import Foundation
import GLKit

/// The cube's screen: a GLKView drawn every frame, the cube turning by itself and by the finger.
final class CubeViewController: GLKViewController, GLKViewDelegate {
    private var context: EAGLContext?
    private var program: GLuint = 0
    private var vertexBuffer: GLuint = 0
    private var modelViewProjectionUniform: GLint = 0
    private var normalMatrixUniform: GLint = 0
    private var colorUniform: GLint = 0
    private var rotation: Float = 0
    /// The turn the finger gave, about y and x, in radians.
    private var dragAngles = (x: Float(0), y: Float(0))
    private var colorIndex = 0
    private static let colors: [(Float, Float, Float)] = [(0.30, 0.65, 1.0), (1.0, 0.55, 0.25), (0.45, 0.85, 0.45)]

    override func viewDidLoad() {
        super.viewDidLoad()
        preferredFramesPerSecond = 60
        guard let context = EAGLContext(api: .openGLES2), let view = view as? GLKView else {
            print("vitrine-glcube: no OpenGL ES 2 context: \(EAGLContext.lastFailureReason ?? "unknown")")
            return
        }
        self.context = context
        view.context = context
        view.delegate = self
        view.drawableDepthFormat = .format24
        EAGLContext.setCurrent(context)
        setUpGL()

        let pan = UIPanGestureRecognizer()
        pan.addTarget { [weak self] recognizer in
            guard let self, let pan = recognizer as? UIPanGestureRecognizer else { return }
            let moved = pan.translation(in: self.view)
            self.dragAngles.y += Float(moved.x) * 0.01
            self.dragAngles.x += Float(moved.y) * 0.01
            pan.setTranslation(.zero, in: self.view)
        }
        view.addGestureRecognizer(pan)
        let tap = UITapGestureRecognizer()
        tap.addTarget { [weak self] _ in
            guard let self else { return }
            self.colorIndex = (self.colorIndex + 1) % Self.colors.count
        }
        view.addGestureRecognizer(tap)
    }

    /// Spins the cube by the time since the last frame (the loop's `update()`, overridden).
    override func update() {
        rotation += Float(timeSinceLastUpdate) * 0.8
    }

    func glkView(_ view: GLKView, drawIn rect: CGRect) {
        glClearColor(0.06, 0.08, 0.16, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT) | GLbitfield(GL_DEPTH_BUFFER_BIT))
        guard program != 0 else { return }
        glEnable(GLenum(GL_DEPTH_TEST))
        glUseProgram(program)

        let aspect = Float(abs(view.bounds.width / max(view.bounds.height, 1)))
        let projection = GLKMatrix4MakePerspective(GLKMathDegreesToRadians(55), aspect, 0.1, 100)
        var modelView = GLKMatrix4MakeTranslation(0, 0, -4)
        modelView = GLKMatrix4Rotate(modelView, dragAngles.x + 0.5, 1, 0, 0)
        modelView = GLKMatrix4Rotate(modelView, dragAngles.y + rotation, 0, 1, 0)
        modelView = GLKMatrix4Rotate(modelView, rotation * 0.4, 0, 0, 1)
        var normalMatrix = GLKMatrix3InvertAndTranspose(GLKMatrix4GetMatrix3(modelView), nil)
        var modelViewProjection = GLKMatrix4Multiply(projection, modelView)
        withUnsafePointer(to: &modelViewProjection.m) {
            $0.withMemoryRebound(to: GLfloat.self, capacity: 16) {
                glUniformMatrix4fv(modelViewProjectionUniform, 1, GLboolean(GL_FALSE), $0)
            }
        }
        withUnsafePointer(to: &normalMatrix.m) {
            $0.withMemoryRebound(to: GLfloat.self, capacity: 9) {
                glUniformMatrix3fv(normalMatrixUniform, 1, GLboolean(GL_FALSE), $0)
            }
        }
        let color = Self.colors[colorIndex]
        glUniform3f(colorUniform, color.0, color.1, color.2)

        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        let stride = GLsizei(6 * MemoryLayout<GLfloat>.size)
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 3, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, nil)
        glEnableVertexAttribArray(1)
        glVertexAttribPointer(
            1, 3, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
            UnsafeRawPointer(bitPattern: 3 * MemoryLayout<GLfloat>.size))
        glDrawArrays(GLenum(GL_TRIANGLES), 0, 36)
    }

    private func setUpGL() {
        program = Self.makeProgram()
        modelViewProjectionUniform = glGetUniformLocation(program, "modelViewProjection")
        normalMatrixUniform = glGetUniformLocation(program, "normalMatrix")
        colorUniform = glGetUniformLocation(program, "color")
        glGenBuffers(1, &vertexBuffer)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        let vertices = Self.cubeVertices()
        vertices.withUnsafeBytes {
            glBufferData(GLenum(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STATIC_DRAW))
        }
    }

    /// 36 vertices (6 faces × 2 triangles), each a position and the face's normal.
    private static func cubeVertices() -> [GLfloat] {
        let faces: [(normal: (Float, Float, Float), u: (Float, Float, Float), v: (Float, Float, Float))] = [
            ((1, 0, 0), (0, 0, -1), (0, 1, 0)), ((-1, 0, 0), (0, 0, 1), (0, 1, 0)),
            ((0, 1, 0), (1, 0, 0), (0, 0, -1)), ((0, -1, 0), (1, 0, 0), (0, 0, 1)),
            ((0, 0, 1), (1, 0, 0), (0, 1, 0)), ((0, 0, -1), (-1, 0, 0), (0, 1, 0)),
        ]
        var vertices: [GLfloat] = []
        for face in faces {
            let n = face.normal
            for (a, b) in [(-1, -1), (1, -1), (1, 1), (-1, -1), (1, 1), (-1, 1)] as [(Float, Float)] {
                vertices += [
                    0.7 * (n.0 + a * face.u.0 + b * face.v.0), 0.7 * (n.1 + a * face.u.1 + b * face.v.1),
                    0.7 * (n.2 + a * face.u.2 + b * face.v.2), n.0, n.1, n.2,
                ]
            }
        }
        return vertices
    }

    private static let vertexShader = """
        attribute vec4 position;
        attribute vec3 normal;
        uniform mat4 modelViewProjection;
        uniform mat3 normalMatrix;
        uniform vec3 color;
        varying lowp vec4 shade;
        void main() {
            vec3 eyeNormal = normalize(normalMatrix * normal);
            float diffuse = max(0.0, dot(eyeNormal, normalize(vec3(0.3, 0.6, 1.0))));
            shade = vec4(color * (0.25 + 0.75 * diffuse), 1.0);
            gl_Position = modelViewProjection * position;
        }
        """

    private static let fragmentShader = """
        varying lowp vec4 shade;
        void main() { gl_FragColor = shade; }
        """

    private static func makeProgram() -> GLuint {
        func compile(_ type: Int32, _ source: String) -> GLuint {
            let shader = glCreateShader(GLenum(type))
            source.withCString { text in
                var pointer: UnsafePointer<GLchar>? = text
                glShaderSource(shader, 1, &pointer, nil)
            }
            glCompileShader(shader)
            var status: GLint = 0
            glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &status)
            if status == 0 {
                var log = [GLchar](repeating: 0, count: 1024)
                glGetShaderInfoLog(shader, 1024, nil, &log)
                let message = String(decoding: log.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                print("vitrine-glcube: shader: \(message)")
            }
            return shader
        }
        let program = glCreateProgram()
        glAttachShader(program, compile(GL_VERTEX_SHADER, vertexShader))
        glAttachShader(program, compile(GL_FRAGMENT_SHADER, fragmentShader))
        glBindAttribLocation(program, 0, "position")
        glBindAttribLocation(program, 1, "normal")
        glLinkProgram(program)
        return program
    }
}
