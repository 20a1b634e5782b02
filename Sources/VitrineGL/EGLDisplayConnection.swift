internal import CEGL
import OpenGLES
import Foundation

/// Why EGL could not do what was asked: the call and EGL's error, by its name.
public struct EGLFailure: Error, CustomStringConvertible, Equatable, Sendable {
    /// The EGL call or step that failed (`eglInitialize`, "the surfaceless platform").
    public let operation: String
    /// `eglGetError()` after the call (`EGL_SUCCESS` when the failure is not EGL's own, such as
    /// a missing extension).
    public let code: Int32
    /// What was missing or refused, when EGL's code alone does not say.
    public let detail: String?

    init(_ operation: String, code: Int32 = eglGetError(), detail: String? = nil) {
        self.operation = operation
        self.code = code
        self.detail = detail
    }

    /// EGL's name for `code` (`EGL_BAD_ALLOC`), or its number when EGL defines none.
    public var errorName: String { Self.name(of: code) }

    public var description: String {
        "\(operation) failed: \(errorName)" + (detail.map { " (\($0))" } ?? "")
    }

    /// The EGL 1.5 error names (OpenGLES's `eglErrorName`, which EAGLContext's messages use).
    static func name(of code: Int32) -> String { eglErrorName(code) }
}

/// An initialised EGL display: the connection to a GPU driver that contexts are made on.
///
/// Opened on an EGL platform (`Platform`): `surfaceless` (Mesa's `EGL_PLATFORM_SURFACELESS_MESA`)
/// renders into textures only, with no window system or card, which is how the headless backend
/// and the tests use the GPU path (Mesa's llvmpipe when there is no GPU). A GBM device on a DRM
/// card is the next platform (issue 29): it enters as another `Platform` case whose native
/// display is the `gbm_device`, and everything above the display stays as it is.
public final class EGLDisplayConnection {
    /// Where the display comes from.
    public enum Platform: Sendable, Equatable {
        /// Mesa's surfaceless platform: no window system, no output, textures and framebuffer
        /// objects only (`EGL_MESA_platform_surfaceless`).
        case surfaceless
        /// A GBM device on a DRM card (`EGL_KHR_platform_gbm`): contexts draw into GBM scan-out
        /// buffers (`GBMScanoutBuffer`) imported as images.
        case gbm(GBMDevice)

        var eglPlatform: EGLenum {
            switch self {
            case .surfaceless: EGLenum(EGL_PLATFORM_SURFACELESS_MESA)
            case .gbm: EGLenum(EGL_PLATFORM_GBM_KHR)
            }
        }
        /// The client extension EGL must list for the platform.
        var clientExtension: String {
            switch self {
            case .surfaceless: "EGL_MESA_platform_surfaceless"
            case .gbm: "EGL_KHR_platform_gbm"
            }
        }
        var nativeDisplay: UnsafeMutableRawPointer? {
            switch self {
            case .surfaceless: nil
            case .gbm(let device): UnsafeMutableRawPointer(device.device)
            }
        }

        public static func == (lhs: Platform, rhs: Platform) -> Bool {
            switch (lhs, rhs) {
            case (.surfaceless, .surfaceless): true
            case (.gbm(let a), .gbm(let b)): a === b
            default: false
            }
        }
    }

    /// The platform the display was opened on.
    public let platform: Platform
    let display: EGLDisplay
    /// The EGL version the driver implements.
    public let majorVersion: Int
    public let minorVersion: Int
    /// `EGL_VENDOR` (Mesa's is "Mesa Project").
    public let vendor: String
    /// The display's extensions (`EGL_EXTENSIONS`).
    public let extensions: Set<String>

    /// Opens and initialises the display of `platform`.
    ///
    /// - Throws: `EGLFailure` naming the step and EGL's error when EGL has no such platform
    ///   (Mesa's EGL driver, `libegl-mesa0`, not installed) or the display cannot be initialised.
    public init(platform: Platform = .surfaceless) throws(EGLFailure) {
        self.platform = platform
        // Client extensions are queried on no display (EGL_EXT_client_extensions).
        let clientExtensions = eglExtensionSet(eglQueryString(nil, EGL_EXTENSIONS))
        guard clientExtensions.contains(platform.clientExtension) else {
            throw EGLFailure(
                "opening an EGL display on \(platform)", code: eglGetError(),
                detail:
                    "EGL does not offer \(platform.clientExtension); is Mesa's EGL driver (libegl-mesa0) installed?"
            )
        }
        guard let display = eglGetPlatformDisplay(platform.eglPlatform, platform.nativeDisplay, nil) else {
            throw EGLFailure("eglGetPlatformDisplay(\(platform))")
        }
        var major: EGLint = 0
        var minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGLBoolean(EGL_TRUE) else {
            throw EGLFailure("eglInitialize(\(platform))")
        }
        self.display = display
        majorVersion = Int(major)
        minorVersion = Int(minor)
        vendor = eglQueryString(display, EGL_VENDOR).map { String(cString: $0) } ?? ""
        extensions = eglExtensionSet(eglQueryString(display, EGL_EXTENSIONS))
    }

    deinit {
        // Contexts hold their display, so none of ours is left when it goes. Mesa gives every
        // user of the surfaceless platform the same display (the app's `EAGLContext`s too) and
        // `eglTerminate` is not counted: it would end their contexts, so that one stays open
        // for the process, as OpenGLES's `EAGLDisplay` keeps it. A GBM display is the card's.
        if case .gbm = platform { eglTerminate(display) }
    }

    /// The configs rendering OpenGL ES 2 into windows whose `EGL_NATIVE_VISUAL_ID` is `format`
    /// (a GBM fourcc): EGL returns several for a format's bit depths, and only the one whose
    /// visual is the scan-out format renders pixels the display reads as that format.
    public func configs(matchingNativeVisual format: UInt32) -> [EGLConfigHandle] {
        let attributes: [EGLint] = [
            EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_RED_SIZE, 8,
            EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_NONE,
        ]
        var count: EGLint = 0
        guard eglChooseConfig(display, attributes, nil, 0, &count) == EGLBoolean(EGL_TRUE), count > 0 else {
            return []
        }
        var configs = [EGLConfig?](repeating: nil, count: Int(count))
        guard eglChooseConfig(display, attributes, &configs, count, &count) == EGLBoolean(EGL_TRUE) else { return [] }
        return configs.prefix(Int(count)).compactMap { config -> EGLConfigHandle? in
            guard let config else { return nil }
            var visual: EGLint = 0
            guard eglGetConfigAttrib(display, config, EGL_NATIVE_VISUAL_ID, &visual) == EGLBoolean(EGL_TRUE),
                UInt32(bitPattern: visual) == format
            else { return nil }
            return EGLConfigHandle(config: config)
        }
    }

}

/// An EGL config of a display (`EGLDisplayConnection.configs(matchingNativeVisual:)`).
public struct EGLConfigHandle: @unchecked Sendable {
    let config: EGLConfig
}

/// An OpenGL ES context on an EGL display, made current without a surface: it draws into
/// framebuffer objects (`GLTextureTarget`, and the GBM buffers' next).
public final class EGLContextHandle {
    /// The display the context was made on (kept open while the context lives).
    public let connection: EGLDisplayConnection
    let context: EGLContext
    /// The OpenGL ES version asked for (2 or 3).
    public let clientVersion: Int
    /// GBM scan-out buffers imported into this context, by the `PixelBuffer` their output hands
    /// out: the GLES renderer draws into the buffer's framebuffer object instead of the CPU
    /// mapping (`GBMBufferAllocator` keeps it).
    @MainActor var scanoutTargets: [ObjectIdentifier: GBMScanoutBuffer] = [:]

    /// Makes an OpenGL ES `clientVersion` context on `connection` and makes it current.
    ///
    /// - Throws: `EGLFailure` when the display cannot make a context without a surface
    ///   (`EGL_KHR_surfaceless_context`), has no config for OpenGL ES, or refuses the context.
    public init(connection: EGLDisplayConnection, clientVersion: Int = 2, config chosen: EGLConfigHandle? = nil)
        throws(EGLFailure)
    {
        self.connection = connection
        self.clientVersion = clientVersion
        let display = connection.display
        guard connection.extensions.contains("EGL_KHR_surfaceless_context") else {
            throw EGLFailure(
                "making an OpenGL ES context", code: EGL_SUCCESS,
                detail: "the display does not offer EGL_KHR_surfaceless_context")
        }
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGLBoolean(EGL_TRUE) else {
            throw EGLFailure("eglBindAPI(OpenGL ES)")
        }
        // A context needs no config where EGL_KHR_no_config_context is offered (it draws into
        // FBOs only); otherwise any config that renders OpenGL ES 2.
        var config: EGLConfig? = chosen?.config
        if config == nil, !connection.extensions.contains("EGL_KHR_no_config_context") {
            let attributes: [EGLint] = [EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_NONE]
            var count: EGLint = 0
            guard eglChooseConfig(display, attributes, &config, 1, &count) == EGLBoolean(EGL_TRUE), count > 0 else {
                throw EGLFailure("eglChooseConfig(OpenGL ES 2)")
            }
        }
        let contextAttributes: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, EGLint(clientVersion), EGL_NONE]
        guard let context = eglCreateContext(display, config, nil, contextAttributes) else {
            throw EGLFailure("eglCreateContext(OpenGL ES \(clientVersion))")
        }
        self.context = context
        try makeCurrent()
    }

    deinit {
        let display = connection.display
        if eglGetCurrentContext() == context {
            eglMakeCurrent(display, nil, nil, nil)
        }
        eglDestroyContext(display, context)
    }

    /// Whether this context is the calling thread's current one.
    public var isCurrent: Bool { eglGetCurrentContext() == context }

    /// Whether users of the context unbind it when done (`releaseAfterUse()`). EGL binds a
    /// context to one thread, and a main queue served by whichever thread Dispatch picks (an
    /// `async` main on Linux parks the main thread in `dispatchMain`) would meet it bound to
    /// another: `eglMakeCurrent` fails with `EGL_BAD_ACCESS`. The kiosk's screens on GBM set
    /// it; a context used on one thread leaves it false and stays bound.
    public var releasesAfterUse = false

    /// Unbinds the context from the calling thread when `releasesAfterUse` says so.
    public func releaseAfterUse() {
        guard releasesAfterUse, isCurrent else { return }
        eglMakeCurrent(connection.display, nil, nil, nil)
    }

    /// Makes the context current on the calling thread, with no surface (a no-op when it is).
    public func makeCurrent() throws(EGLFailure) {
        guard !isCurrent else { return }
        guard eglMakeCurrent(connection.display, nil, nil, context) == EGLBoolean(EGL_TRUE) else {
            throw EGLFailure("eglMakeCurrent")
        }
    }
}

extension EGLFailure {
    /// `EGL_CONTEXT_LOST` from `operation`: what EGL says after a GPU reset (for tests).
    package static func contextLost(_ operation: String) -> EGLFailure {
        EGLFailure(operation, code: EGL_CONTEXT_LOST)
    }

    /// `EGL_BAD_ALLOC` from `operation`: the driver ran out of memory (for tests).
    package static func badAlloc(_ operation: String) -> EGLFailure {
        EGLFailure(operation, code: EGL_BAD_ALLOC)
    }
}
