internal import CEGL
internal import Foundation

/// The OpenGL ES version a context implements, as `EAGLRenderingAPI`.
public enum EAGLRenderingAPI: UInt, Sendable {
    /// OpenGL ES 1.x. Vitrine offers no OpenGL ES 1 (its headers are GLES 2 and 3), so a
    /// context for it is never made: `EAGLContext(api: .openGLES1)` returns nil.
    case openGLES1 = 1
    /// OpenGL ES 2.0.
    case openGLES2 = 2
    /// OpenGL ES 3.x, where the driver has it (Mesa's llvmpipe, V3D, Panfrost, Freedreno, Intel
    /// do; VC4 and Lima do not).
    case openGLES3 = 3
}

/// A group of contexts that share textures, buffers, programs and renderbuffers, as
/// `EAGLSharegroup`: contexts made with `EAGLContext(api:sharegroup:)` on the same group are
/// EGL contexts created with the group's first living context as their share context.
open class EAGLSharegroup {
    /// A name for debugging, as `debugLabel`.
    open var debugLabel: String?

    private final class Member {
        weak var context: EAGLContext?
        init(_ context: EAGLContext) { self.context = context }
    }
    private var members: [Member] = []

    /// A new, empty group (`EAGLContext(api:)` makes one for each context).
    public init() {}

    /// A living context of the group, whose objects a new member shares.
    var shareContext: EAGLContext? {
        members.removeAll { $0.context == nil }
        return members.first?.context
    }

    func add(_ context: EAGLContext) { members.append(Member(context)) }
}

/// An OpenGL ES rendering context, as `EAGLContext`: the state GL calls act on, made current on
/// the calling thread with `setCurrent(_:)`.
///
/// Made on EGL (Mesa's surfaceless platform) with no window surface: an app draws into
/// framebuffer objects, as on iOS, whose colour renderbuffer gets its storage from a
/// `CAEAGLLayer` (`renderbufferStorage(_:from:)`) and reaches the screen by
/// `presentRenderbuffer(_:)`; `GLKView` does this for you. The current context is per thread,
/// as on iOS, and `setCurrent(_:)` keeps it alive while it is current.
///
/// Differences from iOS: no Objective-C (no `NSObject`); OpenGL ES 1 is not offered; when the
/// compositor itself draws with OpenGL ES (the GLES renderer) it makes its own EGL context
/// current while it composites, so an app that calls GL outside `GLKView`'s drawing or the
/// `GLKViewController` update calls `setCurrent(_:)` first, as careful iOS code does anyway.
open class EAGLContext {
    /// The OpenGL ES version of the context, as `api`.
    public let api: EAGLRenderingAPI
    /// The group whose objects the context shares, as `sharegroup`.
    public let sharegroup: EAGLSharegroup
    /// A name for debugging, as `debugLabel`.
    open var debugLabel: String?
    /// Whether GL calls are handed to a worker thread, as `isMultiThreaded`. Accepted and
    /// ignored: Mesa decides that itself (`mesa_glthread`).
    open var isMultiThreaded = false

    let display: EAGLDisplay
    let eglContext: EGLContext
    /// What `renderbufferStorage(_:from:)` gave each renderbuffer: its layer and size.
    var layerStorage: [GLuint: LayerRenderbuffer] = [:]
    /// A framebuffer object used to read a renderbuffer back (made on first present).
    var readFramebuffer: GLuint = 0

    /// Why the last context could not be made (no EGL display, an API the driver lacks), for
    /// logs and for telling the user; nil once one is made. A Vitrine addition: iOS says
    /// nothing beyond returning nil.
    nonisolated(unsafe) public private(set) static var lastFailureReason: String?

    /// A context for `api` in a new sharegroup, as `init(api:)`; nil when the driver cannot
    /// make one (no EGL, or `api` not offered), as on iOS.
    public convenience init?(api: EAGLRenderingAPI) {
        self.init(api: api, sharegroup: EAGLSharegroup())
    }

    /// A context for `api` sharing the objects of `sharegroup`'s contexts, as
    /// `init(api:sharegroup:)`; nil when the driver cannot make one.
    public init?(api: EAGLRenderingAPI, sharegroup: EAGLSharegroup) {
        guard api != .openGLES1 else {
            Self.fail("OpenGL ES 1 is not offered (Vitrine has OpenGL ES 2 and 3)")
            return nil
        }
        let display: EAGLDisplay
        switch EAGLDisplay.shared() {
        case .success(let opened): display = opened
        case .failure(let reason):
            Self.fail(reason.description)
            return nil
        }
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGLBoolean(EGL_TRUE) else {
            Self.fail("eglBindAPI(OpenGL ES) failed: \(eglErrorName())")
            return nil
        }
        // No config is needed where EGL_KHR_no_config_context is offered (the context draws
        // into framebuffer objects only); otherwise any config that renders the API.
        var config: EGLConfig? = nil
        if !display.extensions.contains("EGL_KHR_no_config_context") {
            let renderable = api == .openGLES3 ? EGL_OPENGL_ES3_BIT : EGL_OPENGL_ES2_BIT
            let attributes: [EGLint] = [EGL_RENDERABLE_TYPE, renderable, EGL_NONE]
            var count: EGLint = 0
            guard eglChooseConfig(display.display, attributes, &config, 1, &count) == EGLBoolean(EGL_TRUE), count > 0
            else {
                Self.fail("no EGL config renders OpenGL ES \(api.rawValue)")
                return nil
            }
        }
        let attributes: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, EGLint(api.rawValue), EGL_NONE]
        guard
            let context = eglCreateContext(
                display.display, config, sharegroup.shareContext?.eglContext, attributes)
        else {
            Self.fail("the driver makes no OpenGL ES \(api.rawValue) context (\(eglErrorName()))")
            return nil
        }
        self.api = api
        self.sharegroup = sharegroup
        self.display = display
        eglContext = context
        sharegroup.add(self)
        Self.lastFailureReason = nil
    }

    deinit {
        if readFramebuffer != 0 {
            var framebuffer = readFramebuffer
            withCurrentContext { glDeleteFramebuffers(1, &framebuffer) }
        }
        if eglGetCurrentContext() == eglContext {
            eglMakeCurrent(display.display, nil, nil, nil)
        }
        eglDestroyContext(display.display, eglContext)
    }

    private static func fail(_ reason: String) {
        lastFailureReason = reason
        eaglLog.info("EAGLContext not made: \(reason)")
    }

    // MARK: The current context

    private static let currentKey = "vitrine.EAGLContext.current"

    /// Makes `context` the calling thread's current context (nil: none), as `setCurrent(_:)`.
    /// The context is retained while it is current. False when EGL refuses it (the previous
    /// context then stays current).
    @discardableResult
    open class func setCurrent(_ context: EAGLContext?) -> Bool {
        let dictionary = Thread.current.threadDictionary
        guard let context else {
            if let current = dictionary[currentKey] as? EAGLContext {
                eglMakeCurrent(current.display.display, nil, nil, nil)
            }
            dictionary.removeObject(forKey: currentKey)
            return true
        }
        guard context.makeEGLCurrent() else {
            eaglLog.error("EAGLContext.setCurrent failed: \(eglErrorName())")
            return false
        }
        dictionary[currentKey] = context
        return true
    }

    /// The calling thread's current context, as `current()`.
    open class func current() -> EAGLContext? {
        Thread.current.threadDictionary[currentKey] as? EAGLContext
    }

    /// Makes the EGL context current, with no surface; a no-op when it is.
    func makeEGLCurrent() -> Bool {
        if eglGetCurrentContext() == eglContext { return true }
        // The display may have been terminated by another of its users; this brings it back.
        _ = display.initialize()
        return eglMakeCurrent(display.display, nil, nil, eglContext) == EGLBoolean(EGL_TRUE)
    }

    /// Runs `body` with this context's EGL context current, then puts back the EGL context
    /// that was current (the thread's `current()` does not change). For work a context does on
    /// its own behalf (its drawable's storage, deleting its objects).
    package func withCurrentContext<T>(_ body: () throws -> T) rethrows -> T {
        let previous = eglGetCurrentContext()
        let previousDisplay = eglGetCurrentDisplay()
        guard previous != eglContext else { return try body() }
        _ = makeEGLCurrent()
        defer {
            if let previous {
                eglMakeCurrent(previousDisplay, nil, nil, previous)
            } else {
                eglMakeCurrent(display.display, nil, nil, nil)
            }
        }
        return try body()
    }
}
