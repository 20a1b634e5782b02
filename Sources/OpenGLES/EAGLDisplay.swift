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
        let clientExtensions = eglExtensionSet(eglQueryString(nil, EGL_EXTENSIONS))
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
        let extensions = eglExtensionSet(eglQueryString(display, EGL_EXTENSIONS))
        guard extensions.contains("EGL_KHR_surfaceless_context") else {
            return .failure(EAGLUnavailable("the EGL display does not offer EGL_KHR_surfaceless_context"))
        }
        return .success(EAGLDisplay(display: display, extensions: extensions))
    }

}

/// Why no context could be made.
struct EAGLUnavailable: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// EGL 1.5's name for an error code (`EGL_BAD_ALLOC`), or its number when EGL defines none;
/// by default the code `eglGetError()` gives now. Shared with VitrineGL's `EGLFailure`.
package func eglErrorName(_ code: Int32 = eglGetError()) -> String {
    switch code {
    case EGL_SUCCESS: "EGL_SUCCESS"
    case EGL_NOT_INITIALIZED: "EGL_NOT_INITIALIZED"
    case EGL_BAD_ACCESS: "EGL_BAD_ACCESS"
    case EGL_BAD_ALLOC: "EGL_BAD_ALLOC"
    case EGL_BAD_ATTRIBUTE: "EGL_BAD_ATTRIBUTE"
    case EGL_BAD_CONFIG: "EGL_BAD_CONFIG"
    case EGL_BAD_CONTEXT: "EGL_BAD_CONTEXT"
    case EGL_BAD_CURRENT_SURFACE: "EGL_BAD_CURRENT_SURFACE"
    case EGL_BAD_DISPLAY: "EGL_BAD_DISPLAY"
    case EGL_BAD_MATCH: "EGL_BAD_MATCH"
    case EGL_BAD_NATIVE_PIXMAP: "EGL_BAD_NATIVE_PIXMAP"
    case EGL_BAD_NATIVE_WINDOW: "EGL_BAD_NATIVE_WINDOW"
    case EGL_BAD_PARAMETER: "EGL_BAD_PARAMETER"
    case EGL_BAD_SURFACE: "EGL_BAD_SURFACE"
    case EGL_CONTEXT_LOST: "EGL_CONTEXT_LOST"
    default: "EGL error 0x\(String(code, radix: 16))"
    }
}

/// The names in an EGL extension string (`EGL_EXTENSIONS`, space-separated); empty for nil.
package func eglExtensionSet(_ string: UnsafePointer<CChar>?) -> Set<String> {
    guard let string else { return [] }
    return Set(String(cString: string).split(separator: " ").map(String.init))
}
