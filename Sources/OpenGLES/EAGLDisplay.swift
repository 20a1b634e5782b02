internal import CEGL
internal import Foundation

/// The EGL display every `EAGLContext` is made on: Mesa's surfaceless platform, which renders
/// into framebuffer objects with no window system or card (the app's frames reach the screen
/// through the layer tree, see `CAEAGLLayer`).
///
/// One per process and never terminated, as iOS's EAGL display is the system's: contexts of
/// one sharegroup must share a display, and `eglTerminate` would end every context on it. Mesa
/// gives every caller of the surfaceless platform the same `EGLDisplay`, so VitrineGL's
/// connection is this one too; when another user terminates it, the next context made here
/// initialises it again (`initialize()`).
final class EAGLDisplay {
    let display: EGLDisplay
    let extensions: Set<String>

    private init(display: EGLDisplay, extensions: Set<String>) {
        self.display = display
        self.extensions = extensions
    }

    nonisolated(unsafe) private static var opened: Result<EAGLDisplay, EAGLUnavailable>?
    private static let lock = NSLock()

    /// The display, opened on first use; the reason when EGL cannot give one.
    static func shared() -> Result<EAGLDisplay, EAGLUnavailable> {
        lock.lock()
        defer { lock.unlock() }
        if let opened {
            if case .success(let display) = opened, !display.initialize() {
                return .failure(EAGLUnavailable("eglInitialize failed: \(eglErrorName())"))
            }
            return opened
        }
        let result = open()
        opened = result
        return result
    }

    /// (Re-)initialises the display: a no-op while it is initialised.
    func initialize() -> Bool {
        eglInitialize(display, nil, nil) == EGLBoolean(EGL_TRUE)
    }

    private static func open() -> Result<EAGLDisplay, EAGLUnavailable> {
        let clientExtensions = extensionSet(eglQueryString(nil, EGL_EXTENSIONS))
        guard clientExtensions.contains("EGL_MESA_platform_surfaceless") else {
            return .failure(
                EAGLUnavailable(
                    "EGL does not offer EGL_MESA_platform_surfaceless; is Mesa's EGL driver (libegl-mesa0) installed?"
                ))
        }
        guard let display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil) else {
            return .failure(EAGLUnavailable("eglGetPlatformDisplay(surfaceless) failed: \(eglErrorName())"))
        }
        guard eglInitialize(display, nil, nil) == EGLBoolean(EGL_TRUE) else {
            return .failure(EAGLUnavailable("eglInitialize(surfaceless) failed: \(eglErrorName())"))
        }
        let extensions = extensionSet(eglQueryString(display, EGL_EXTENSIONS))
        guard extensions.contains("EGL_KHR_surfaceless_context") else {
            return .failure(EAGLUnavailable("the EGL display does not offer EGL_KHR_surfaceless_context"))
        }
        return .success(EAGLDisplay(display: display, extensions: extensions))
    }

    private static func extensionSet(_ string: UnsafePointer<CChar>?) -> Set<String> {
        guard let string else { return [] }
        return Set(String(cString: string).split(separator: " ").map(String.init))
    }
}

/// Why no context could be made.
struct EAGLUnavailable: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The name of `eglGetError()`'s current value.
func eglErrorName() -> String {
    let code = eglGetError()
    switch code {
    case EGL_SUCCESS: return "EGL_SUCCESS"
    case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED"
    case EGL_BAD_ACCESS: return "EGL_BAD_ACCESS"
    case EGL_BAD_ALLOC: return "EGL_BAD_ALLOC"
    case EGL_BAD_ATTRIBUTE: return "EGL_BAD_ATTRIBUTE"
    case EGL_BAD_CONFIG: return "EGL_BAD_CONFIG"
    case EGL_BAD_CONTEXT: return "EGL_BAD_CONTEXT"
    case EGL_BAD_DISPLAY: return "EGL_BAD_DISPLAY"
    case EGL_BAD_MATCH: return "EGL_BAD_MATCH"
    case EGL_BAD_PARAMETER: return "EGL_BAD_PARAMETER"
    case EGL_CONTEXT_LOST: return "EGL_CONTEXT_LOST"
    default: return "EGL error 0x\(String(code, radix: 16))"
    }
}
