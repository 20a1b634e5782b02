// Apple's OpenGLES framework on Linux: the OpenGL ES 2 and 3 functions and constants (Mesa's
// libGLESv2 through the C module COpenGLES, re-exported so `import OpenGLES` gives them, as on
// iOS), `EAGLContext` and `EAGLSharegroup` on EGL, and `CAEAGLLayer` with the drawable
// properties. GLKit (GLKView, GLKViewController) sits on it.
@_exported public import COpenGLES
import Logging

let eaglLog = Logger(label: "vitrine.eagl")
