import Foundation
import VitrineGraphics
import VitrinePlatform

extension DRMBackend {
    /// Reads back what `output`'s CRTC composes, through the card's writeback connector: an
    /// atomic commit attaches the connector with a fresh buffer, the out-fence says when the
    /// kernel has written it, and the pixels are copied out. For tests and diagnostics (a
    /// screenshot from the kernel's side); throws when the card has no writeback connector,
    /// the output has not presented yet, or the kernel refuses.
    public func captureWriteback(of output: DRMOutput, timeout: Double = 2) throws(DisplayOutputError) -> PixelBuffer {
        let fail = { (reason: String) in DisplayOutputError.backendFailure(output: output.name, reason: reason) }
        guard output.isConnected, output.scanoutFramebufferID != 0, !output.isPresentPending else {
            throw fail("nothing on screen to capture")
        }
        let card = output.card
        guard card.exposesWriteback,
            let writeback = card.connectorIDs().first(where: { card.probeConnector($0)?.type == .writeback })
        else { throw fail("the card has no writeback connector") }
        let properties = card.properties(of: writeback, type: .connector)
        guard let crtcProperty = properties["CRTC_ID"], let fbProperty = properties["WRITEBACK_FB_ID"],
            let fenceProperty = properties["WRITEBACK_OUT_FENCE_PTR"]
        else { throw fail("the writeback connector lacks its properties") }
        let width = output.currentMode.width
        let height = output.currentMode.height
        let target: DRMDumbBuffer
        switch card.makeDumbBuffer(width: width, height: height) {
        case .success(let buffer): target = buffer
        case .failure(let error): throw fail(error.description)
        }
        defer { card.destroy(target) }

        let fence = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        fence.pointee = -1
        defer { fence.deallocate() }
        var commit = output.planeStateProperties(framebuffer: output.scanoutFramebufferID)
        commit += [
            (writeback, crtcProperty, UInt64(output.crtcID)),
            (writeback, fbProperty, UInt64(target.framebufferID)),
            (writeback, fenceProperty, UInt64(UInt(bitPattern: fence))),
        ]
        var status = card.atomicCommit(commit, flags: [.allowModeset])
        guard status == 0 else { throw fail(DRMError("commit the writeback", status).description) }
        defer {
            // Detach the connector again so that later commits do not carry it.
            status = card.atomicCommit([(writeback, crtcProperty, 0)], flags: [.allowModeset])
            if status != 0 { log("cannot detach the writeback connector: \(DRMError("commit", status))") }
        }
        guard fence.pointee >= 0 else { throw fail("the kernel returned no writeback fence") }
        defer { close(fence.pointee) }
        var poller = pollfd(fd: fence.pointee, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(timeout * 1000)) == 1 else { throw fail("the writeback did not complete") }

        let copy = PixelBuffer(width: width, height: height, format: .xrgb8888)
        for row in 0..<height {
            (copy.baseAddress + row * copy.stride).copyMemory(
                from: target.memory + row * target.stride, byteCount: width * 4)
        }
        return copy
    }
}
