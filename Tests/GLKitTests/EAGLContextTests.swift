import Foundation
import OpenGLES
import Testing

/// EAGLContext on Mesa (llvmpipe, EGL surfaceless): APIs, the current context, sharegroups.
@Suite("EAGLContext") @MainActor struct EAGLContextTests {
    @Test func setCurrentMakesTheContextTheOneGLCallsActOn() throws {
        EAGLContext.setCurrent(nil)
        #expect(EAGLContext.current() == nil)
        let first = try makeContext()
        let second = try makeContext()
        #expect(first.api == .openGLES2)
        #expect(EAGLContext.setCurrent(first))
        #expect(EAGLContext.current() === first)
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        #expect(glIsTexture(texture) == GLboolean(GL_TRUE))
        // Another context (another sharegroup) does not see the first one's texture.
        #expect(EAGLContext.setCurrent(second))
        #expect(EAGLContext.current() === second)
        #expect(glIsTexture(texture) == GLboolean(GL_FALSE))
        #expect(EAGLContext.setCurrent(first))
        #expect(glIsTexture(texture) == GLboolean(GL_TRUE))
        glDeleteTextures(1, &texture)
        EAGLContext.setCurrent(nil)
        #expect(EAGLContext.current() == nil)
    }

    @Test func theCurrentContextIsRetainedWhileCurrent() throws {
        weak var released: EAGLContext?
        do {
            let context = try makeContext()
            released = context
            #expect(EAGLContext.setCurrent(context))
        }
        #expect(released != nil)
        #expect(EAGLContext.current() === released)
        EAGLContext.setCurrent(nil)
        #expect(released == nil)
    }

    @Test func theCurrentContextIsPerThread() throws {
        let context = try makeContext()
        EAGLContext.setCurrent(context)
        defer { EAGLContext.setCurrent(nil) }
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var otherThreadSaw: Bool?
        Thread.detachNewThread {
            otherThreadSaw = EAGLContext.current() != nil
            done.signal()
        }
        done.wait()
        #expect(otherThreadSaw == false)
        #expect(EAGLContext.current() === context)
    }

    @Test func aSharegroupSharesObjects() throws {
        let first = try makeContext()
        let shared = try #require(EAGLContext(api: .openGLES2, sharegroup: first.sharegroup))
        let apart = try makeContext()
        #expect(shared.sharegroup === first.sharegroup)
        #expect(apart.sharegroup !== first.sharegroup)
        EAGLContext.setCurrent(first)
        var buffer: GLuint = 0
        glGenBuffers(1, &buffer)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        EAGLContext.setCurrent(shared)
        #expect(glIsBuffer(buffer) == GLboolean(GL_TRUE))
        EAGLContext.setCurrent(apart)
        #expect(glIsBuffer(buffer) == GLboolean(GL_FALSE))
        EAGLContext.setCurrent(nil)
    }

    /// llvmpipe implements OpenGL ES 3.2, so `.openGLES3` gives a context of that version.
    @Test func openGLES3WhereTheDriverHasIt() throws {
        let context = try makeContext(.openGLES3)
        #expect(context.api == .openGLES3)
        EAGLContext.setCurrent(context)
        defer { EAGLContext.setCurrent(nil) }
        let version = glGetString(GLenum(GL_VERSION)).map { String(cString: $0) } ?? ""
        #expect(version.hasPrefix("OpenGL ES 3."))
    }

    @Test func anUnavailableAPIGivesNoContext() throws {
        #expect(EAGLContext(api: .openGLES1) == nil)
        #expect(EAGLContext.lastFailureReason?.contains("OpenGL ES 1") == true)
        // A failure leaves the current context alone.
        let context = try makeContext()
        EAGLContext.setCurrent(context)
        #expect(EAGLContext(api: .openGLES1, sharegroup: context.sharegroup) == nil)
        #expect(EAGLContext.current() === context)
        EAGLContext.setCurrent(nil)
    }
}
