// Apple's GLKit on Vitrine: `GLKView`, `GLKViewController` and the GLKMath types and functions
// ported GL code uses most. As on iOS, `import GLKit` also gives OpenGLES (the GL functions,
// EAGLContext) and the UIKit API (VitrineKit).
@_exported public import OpenGLES
@_exported public import VitrineKit
import Logging

let glkLog = Logger(label: "vitrine.glkit")
