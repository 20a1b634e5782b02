import Foundation
import Testing
import VitrineDRMTesting
import VitrineGraphics
import VitrinePlatform

@testable import VitrineDRM

/// Another allocator's buffers (GBM's, for the GLES renderer) on the DRM backend: the outputs
/// use what `scanoutAllocatorProvider` gives when the card opens and commit its framebuffers
/// as they commit dumb buffers'; framebuffers carry the buffers' modifiers where the card
/// takes them.
@MainActor @Suite struct DRMScanoutAllocatorTests {
    /// Buffers in memory with framebuffers made as the GBM allocator makes them.
    final class ModifierAllocator: BufferAllocator {
        let kernel: any DRMKernelInterface
        let modifier: UInt64?
        private(set) var made: [DRMScanoutBuffer] = []
        private(set) var freed = 0

        init(kernel: any DRMKernelInterface, modifier: UInt64?) {
            self.kernel = kernel
            self.modifier = modifier
        }

        func makeBuffer(width: Int, height: Int, format: PixelFormat) throws(BufferAllocationError) -> DRMScanoutBuffer
        {
            let pixels = PixelBuffer(width: width, height: height, format: format)
            let result = kernel.addFramebuffer(
                width: width, height: height, format: 0x3432_5258, handle: UInt32(100 + made.count),
                pitch: UInt32(width * 4), offset: 0, modifier: modifier)
            guard case .success(let id) = result else { throw BufferAllocationError("no framebuffer") }
            let buffer = DRMScanoutBuffer(pixels: pixels, framebufferID: id, owner: pixels)
            made.append(buffer)
            return buffer
        }

        func free(_ buffer: DRMScanoutBuffer) {
            kernel.removeFramebuffer(buffer.framebufferID)
            freed += 1
        }
    }

    @Test(arguments: [true, false])
    func anotherAllocatorsFramebuffersAreCommitted(acceptsModifiers: Bool) throws {
        let rig = DRMFakeRig()
        rig.kernel.acceptsModifiers = acceptsModifiers
        var allocator: ModifierAllocator?
        rig.backend.scanoutAllocatorProvider = { kernel in
            let made = ModifierAllocator(kernel: kernel, modifier: 0x0100_0000_0000_0001)
            allocator = made
            return made
        }
        let output = try rig.start()
        let made = try #require(allocator)
        #expect(made.made.count == output.framebufferIDs.count, "every buffer is the allocator's")
        #expect(Set(output.framebufferIDs) == Set(made.made.map(\.framebufferID)))
        for id in output.framebufferIDs {
            let recorded = try #require(rig.kernel.framebufferModifiers[id], "framebuffer \(id) made by the allocator")
            let expected: UInt64? = acceptsModifiers ? 0x0100_0000_0000_0001 : nil
            #expect(recorded == expected)
        }
        let buffer = try rig.present(output)
        let commit = try #require(rig.kernel.commits.last)
        #expect(commit.value("FB_ID", of: output.planeID) == UInt64(output.framebufferIDs[buffer.slot]))
        #expect(rig.kernel.vblank() == [output.crtcID])
        let second = try rig.present(output)
        #expect(
            rig.kernel.commits.last?.value("FB_ID", of: output.planeID)
                == UInt64(output.framebufferIDs[second.slot]))
        rig.backend.shutdown()
        #expect(made.freed == made.made.count, "the allocator frees its buffers")
    }
}
