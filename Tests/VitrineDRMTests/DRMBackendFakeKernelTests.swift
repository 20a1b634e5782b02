import Foundation
import Testing
import VitrineDRMTesting
import VitrineGraphics
import VitrinePlatform

@testable import VitrineDRM

/// The DRM backend against a simulated card: what it commits, in which order, and how it
/// reacts to the kernel's refusals, without a VM.
@MainActor @Suite struct DRMBackendFakeKernelTests {
    @Test func theFirstPresentIsATestedModesetThenANonBlockingCommitWithTheFlipEvent() throws {
        let rig = DRMFakeRig()
        let output = try rig.start()
        #expect(rig.connected == ["HDMI-A-1"])
        #expect(output.currentMode.width == 800)
        #expect(rig.kernel.commits.isEmpty, "the modeset waits for the first frame")

        let buffer = try rig.present(output)
        let commits = rig.kernel.commits
        try #require(commits.count == 2)
        let (test, real) = (commits[0], commits[1])
        #expect(test.flags == [.testOnly, .allowModeset])
        #expect(real.flags == [.nonblock, .pageFlipEvent, .allowModeset])
        for commit in [test, real] {
            #expect(commit.result == 0)
            #expect(commit.mode == DRMFakeRig.preferred)
            #expect(commit.value("ACTIVE", of: output.crtcID) == 1)
            #expect(commit.value("CRTC_ID", of: output.connectorID) == UInt64(output.crtcID))
            #expect(commit.value("FB_ID", of: output.planeID) == UInt64(output.framebufferIDs[buffer.slot]))
            #expect(commit.value("SRC_W", of: output.planeID) == 800 << 16)
            #expect(commit.value("CRTC_H", of: output.planeID) == 600)
            #expect(commit.damageClips == nil, "a modeset repaints the whole plane")
        }
        #expect(output.isPresentPending)

        // The vblank: the flip event becomes the present-complete event.
        #expect(rig.kernel.vblank() == [output.crtcID])
        #expect(!output.isPresentPending)
        #expect(output.completedPresentCount == 1)
        let event = try #require(rig.presentEvents.first)
        #expect(event.sequence == 1)
        #expect(abs(event.timestamp - rig.kernel.vblankTime) < 1e-5)
        let crtc = try #require(rig.kernel.crtc(output.crtcID))
        #expect(crtc.mode == DRMFakeRig.preferred && crtc.isActive)
        #expect(crtc.framebufferID == output.framebufferIDs[buffer.slot])
    }

    @Test func aModeTheKernelRejectsFallsBackToThePreferredOne() throws {
        let rig = DRMFakeRig(modeSelection: .size(width: 640, height: 480))
        rig.kernel.rejectedModes = [DRMFakeRig.small]
        let output = try rig.start()
        #expect(output.currentMode.width == 640)

        #expect(throws: DisplayOutputError.self) { try rig.present(output) }
        let rejected = try #require(rig.kernel.commits.first)
        #expect(rejected.isTestOnly && rejected.mode == DRMFakeRig.small && rejected.result == -EINVAL)
        #expect(rig.kernel.commits.count == 1, "nothing is committed after a failed TEST_ONLY")
        #expect(output.currentMode.width == 800, "the preferred mode")
        #expect(rig.logged("the kernel rejected 640x480"), "\(rig.lines)")
        #expect(rig.modeChanges.map(\.previous.width) == [640])
        #expect(!output.isPresentPending)

        // The next frame sets the preferred mode, in fresh 800x600 buffers.
        rig.kernel.clearCalls()
        let buffer = try rig.present(output)
        #expect(buffer.pixels.width == 800 && buffer.age == 0)
        #expect(
            rig.kernel.commits.map(\.flags) == [
                [.testOnly, .allowModeset], [.nonblock, .pageFlipEvent, .allowModeset],
            ])
        #expect(rig.kernel.commits.allSatisfy { $0.mode == DRMFakeRig.preferred && $0.result == 0 })
    }

    @Test func aModesetCheckFailingWithEBUSYKeepsTheModeAndTheNextPresentRetriesIt() throws {
        // Not the preferred mode, so that a fallback would show.
        let rig = DRMFakeRig(modeSelection: .size(width: 640, height: 480))
        let output = try rig.start()
        #expect(output.currentMode.width == 640)

        rig.kernel.failNextCommits(with: EBUSY)
        let buffer = try #require(output.acquireBuffer())
        do {
            try output.present(buffer, damage: Region(buffer.pixels.bounds))
            Issue.record("a modeset whose TEST_ONLY check fails must fail the present")
        } catch {
            guard case .backendFailure(_, let reason) = error else {
                Issue.record("expected a backend failure, got \(error)")
                return
            }
            #expect(reason.contains("TEST_ONLY") && reason.contains(String(cString: strerror(EBUSY))), "\(reason)")
        }
        let busy = try #require(rig.kernel.commits.first)
        #expect(busy.isTestOnly && busy.mode == DRMFakeRig.small && busy.result == -EBUSY)
        #expect(rig.kernel.commits.count == 1, "nothing is committed after a failed TEST_ONLY")
        // EBUSY says nothing about the mode: no fallback, no mode change, nothing suspended.
        #expect(output.currentMode.width == 640 && output.currentMode.height == 480)
        #expect(rig.modeChanges.isEmpty)
        #expect(!rig.logged("rejected"), "\(rig.lines)")
        #expect(!output.isPresentPending && !output.isSuspended && rig.backend.isSessionActive)

        // The next present is the whole modeset again, in the same mode, from the same buffer.
        rig.kernel.clearCalls()
        let retry = try #require(output.acquireBuffer())
        #expect(retry.slot == buffer.slot && retry.pixels.width == 640)
        try output.present(retry, damage: Region(retry.pixels.bounds))
        let commits = rig.kernel.commits
        #expect(commits.map(\.flags) == [[.testOnly, .allowModeset], [.nonblock, .pageFlipEvent, .allowModeset]])
        for commit in commits {
            #expect(commit.result == 0)
            #expect(commit.mode == DRMFakeRig.small, "MODE_ID holds the same mode as the failed attempt")
            #expect(commit.value("ACTIVE", of: output.crtcID) == 1)
            #expect(commit.value("CRTC_ID", of: output.connectorID) == UInt64(output.crtcID))
        }
        // The check and the commit name one MODE_ID blob; the failed attempt's blob was freed.
        let modeIDs = Set(commits.compactMap { $0.value("MODE_ID", of: output.crtcID) })
        #expect(modeIDs.count == 1 && !modeIDs.contains(0))
        #expect(rig.kernel.blobCount == 1)
        #expect(output.isPresentPending)
        #expect(rig.kernel.vblank() == [output.crtcID])
        #expect(rig.kernel.crtc(output.crtcID)?.mode == DRMFakeRig.small)

        // The modeset is done: the next present is a plain flip.
        rig.kernel.clearCalls()
        try rig.present(output)
        #expect(rig.kernel.commits.map(\.flags) == [[.nonblock, .pageFlipEvent]])
    }

    @Test func legacyModesetsFallBackOnlyWhenSetCRTCRefusesTheMode() throws {
        let rig = DRMFakeRig(atomic: false, modeSelection: .size(width: 640, height: 480))
        let output = try rig.start()
        #expect(output.currentMode.width == 640)

        // ENOMEM: that present fails, the mode stays, the next present sets it again.
        rig.kernel.failNextCommits(with: ENOMEM)
        let failed = try #require(output.acquireBuffer())
        let fb = output.framebufferIDs[failed.slot]
        #expect(throws: DisplayOutputError.self) {
            try output.present(failed, damage: Region(failed.pixels.bounds))
        }
        #expect(
            rig.kernel.calls.compactMap(\.legacySummary) == ["setCRTC 31 fb \(fb) connector 11 640x480 -> \(-ENOMEM)"])
        #expect(output.currentMode.width == 640 && rig.modeChanges.isEmpty && !rig.logged("rejected"))
        rig.kernel.clearCalls()
        try rig.present(output)
        #expect(
            rig.kernel.calls.compactMap(\.legacySummary) == [
                "setCRTC 31 fb \(fb) connector 11 640x480 -> 0", "pageFlip 31 fb \(fb) -> 0",
            ])
        #expect(rig.kernel.vblank() == [31])

        // ERANGE from setCRTC is the kernel refusing the mode: the preferred mode instead.
        let refusing = DRMFakeRig(atomic: false, modeSelection: .size(width: 640, height: 480))
        let refused = try refusing.start()
        refusing.kernel.failNextCommits(with: ERANGE)
        #expect(throws: DisplayOutputError.self) { try refusing.present(refused) }
        #expect(refusing.kernel.calls.compactMap(\.legacySummary).last?.hasSuffix("640x480 -> \(-ERANGE)") == true)
        #expect(refused.currentMode.width == 800, "the preferred mode")
        #expect(refusing.modeChanges.map(\.previous.width) == [640])
        #expect(refusing.logged("the kernel rejected 640x480"), "\(refusing.lines)")
    }

    @Test func laterFlipsCarryTheDamageAsClips() throws {
        let rig = DRMFakeRig()
        let output = try rig.start()
        #expect(output.supportsDamageClips)
        try rig.presentAndFlip(output)
        rig.kernel.clearCalls()

        let damage = Region([
            PixelRect(x: 10, y: 20, width: 30, height: 40), PixelRect(x: 700, y: 500, width: 200, height: 200),
        ])
        let buffer = try rig.present(output, damage: damage)
        let flip = try #require(rig.kernel.commits.last)
        #expect(rig.kernel.commits.count == 1, "no TEST_ONLY for a flip")
        #expect(flip.flags == [.nonblock, .pageFlipEvent])
        #expect(flip.value("MODE_ID", of: output.crtcID) == nil)
        #expect(flip.value("FB_ID", of: output.planeID) == UInt64(output.framebufferIDs[buffer.slot]))
        // Clipped to the 800x600 framebuffer; x2 and y2 exclusive.
        #expect(
            Set(flip.damageClips ?? [])
                == [DRMDamageRect(x1: 10, y1: 20, x2: 40, y2: 60), DRMDamageRect(x1: 700, y1: 500, x2: 800, y2: 600)])
        #expect(output.lastPresentedDamage == damage)
        // The damage blob is freed after the commit; the mode blob stays.
        #expect(rig.kernel.blobCount == 1)

        // Empty damage sends no blob (the kernel then takes the whole plane as changed).
        rig.kernel.vblank()
        try rig.present(output, damage: Region())
        #expect(rig.kernel.commits.last?.damageClips == nil)
        #expect(rig.kernel.commits.last?.result == 0)
    }

    @Test func aPlaneWithoutDamageClipsGetsNone() throws {
        let rig = DRMFakeRig(damageClips: false)
        let output = try rig.start()
        #expect(!output.supportsDamageClips)
        try rig.presentAndFlip(output)
        try rig.present(output, damage: Region(PixelRect(x: 0, y: 0, width: 8, height: 8)))
        let flip = try #require(rig.kernel.commits.last)
        #expect(flip.result == 0 && flip.damageClips == nil)
        #expect(!flip.properties.contains { $0.property == "FB_DAMAGE_CLIPS" })
    }

    @Test func aConnectorUnpluggedMidFlipDisconnectsAndFreesItsBuffers() throws {
        let rig = DRMFakeRig()
        let output = try rig.start()
        try rig.presentAndFlip(output)
        let buffer = try rig.present(output)
        #expect(output.isPresentPending)
        #expect(rig.kernel.framebuffers.count == 2)

        rig.kernel.unplug(output.connectorID)
        rig.hotplug.send(.change)
        #expect(rig.disconnected == ["HDMI-A-1"])
        #expect(rig.backend.outputs.isEmpty)
        #expect(!output.isConnected)
        // The CRTC is switched off and every buffer, mapping and blob is freed.
        let off = try #require(rig.kernel.commits.last)
        #expect(off.flags == [.allowModeset])
        #expect(off.value("ACTIVE", of: output.crtcID) == 0 && off.value("FB_ID", of: output.planeID) == 0)
        #expect(rig.kernel.framebuffers.isEmpty && rig.kernel.dumbBuffers.isEmpty && !rig.kernel.hasMappedBuffers)
        #expect(rig.kernel.blobCount == 0)

        // The flip in flight still lands: its event is dropped, nothing is called.
        let events = rig.presentEvents.count
        rig.kernel.vblank()
        #expect(rig.presentEvents.count == events)
        #expect(output.acquireBuffer() == nil)
        #expect(throws: DisplayOutputError.disconnected(output: "HDMI-A-1")) {
            try output.present(buffer, damage: Region())
        }

        // Plugged back: a new output, modeset again.
        rig.kernel.updateConnector(11) {
            $0.isConnected = true
            $0.modes = [DRMFakeRig.preferred]
        }
        rig.hotplug.send(.change)
        let again = try #require(rig.backend.drmOutputs.first)
        #expect(again !== output && rig.connected.count == 2)
        rig.kernel.clearCalls()
        try rig.present(again)
        #expect(rig.kernel.commits.first?.isTestOnly == true)
    }

    @Test func masterLostOnACommitSuspendsThenEnablingResumesWithAFullModeset() throws {
        let rig = DRMFakeRig()
        let output = try rig.start()
        try rig.presentAndFlip(output)

        // logind revokes master at a VT switch; another compositor holds it.
        rig.kernel.revokeMaster(heldElsewhere: true)
        #expect(throws: DisplayOutputError.suspended(output: "HDMI-A-1")) { try rig.present(output) }
        #expect(rig.kernel.commits.last?.result == -EACCES)
        #expect(output.isSuspended)
        #expect(!rig.backend.isSessionActive)
        #expect(output.acquireBuffer() == nil, "frames are held")
        #expect(rig.lines.filter { $0.contains("lost DRM master") }.count == 1, "\(rig.lines)")
        #expect(rig.resumeCount == 0)

        // Enabling fails while the other client holds master, and succeeds once it let go.
        #expect(!rig.backend.enableSession())
        #expect(output.isSuspended)
        #expect(rig.logged("still DRM master"))
        rig.kernel.releaseMasterElsewhere()
        #expect(rig.backend.enableSession())
        #expect(rig.backend.isSessionActive && !output.isSuspended)
        #expect(rig.resumeCount == 1, "the frame loop is asked to repaint everything")

        // The next present is a full modeset again, checked first.
        rig.kernel.clearCalls()
        try rig.present(output)
        #expect(
            rig.kernel.commits.map(\.flags) == [
                [.testOnly, .allowModeset], [.nonblock, .pageFlipEvent, .allowModeset],
            ])
        #expect(rig.kernel.commits.last?.mode == DRMFakeRig.preferred)
        #expect(rig.kernel.commits.last?.result == 0)
    }

    @Test func disablingTheSessionDropsMasterAndHoldsFrames() throws {
        let rig = DRMFakeRig()
        let output = try rig.start()
        try rig.presentAndFlip(output)
        rig.backend.disableSession()
        #expect(!rig.kernel.isMasterNow)
        #expect(output.isSuspended && output.acquireBuffer() == nil)
        rig.kernel.clearCalls()
        #expect(rig.backend.enableSession())
        #expect(rig.kernel.isMasterNow && rig.resumeCount == 1)
        try rig.present(output)
        #expect(rig.kernel.commits.first?.isTestOnly == true)
    }

    @Test func anEBUSYFlipFailsThatPresentAndTheSameBufferIsPresentedNext() throws {
        let rig = DRMFakeRig()
        let output = try rig.start()
        try rig.presentAndFlip(output)

        rig.kernel.failNextCommits(with: EBUSY)
        let buffer = try #require(output.acquireBuffer())
        do {
            try output.present(buffer, damage: Region(buffer.pixels.bounds))
            Issue.record("an EBUSY commit must fail the present")
        } catch {
            guard case .backendFailure(_, let reason) = error else {
                Issue.record("expected a backend failure, got \(error)")
                return
            }
            #expect(reason.contains("flip HDMI-A-1") && reason.contains(String(cString: strerror(EBUSY))))
        }
        #expect(rig.kernel.commits.last?.result == -EBUSY)
        // Not a master loss, not a mode problem: nothing suspended, no fallback, nothing pending.
        #expect(!output.isSuspended && rig.backend.isSessionActive)
        #expect(output.currentMode.width == 800 && rig.modeChanges.isEmpty)
        #expect(!output.isPresentPending)

        // The buffer stays acquired (same slot and age); presenting it again goes through.
        let retry = try #require(output.acquireBuffer())
        #expect(retry.slot == buffer.slot && retry.age == buffer.age)
        try output.present(retry, damage: Region(retry.pixels.bounds))
        #expect(output.isPresentPending)
        #expect(rig.kernel.commits.last?.result == 0)

        // A present while that flip is in flight never reaches the kernel.
        let commits = rig.kernel.commits.count
        #expect(throws: DisplayOutputError.self) { try rig.present(output) }
        #expect(rig.kernel.commits.count == commits)
    }

    @Test func shutdownRestoresTheCRTCsFoundAtStart() throws {
        let rig = DRMFakeRig()
        // The console showed its own framebuffer on CRTC 31 driving the connector.
        rig.kernel.showOnCRTC(31, framebuffer: 999, mode: DRMFakeRig.small, connector: 11)
        let output = try rig.start()
        #expect(output.crtcID == 31, "the CRTC driving the connector is kept")
        try rig.presentAndFlip(output)
        #expect(rig.kernel.crtc(31)?.framebufferID != 999)

        rig.kernel.clearCalls()
        rig.backend.shutdown()
        #expect(rig.disconnected == ["HDMI-A-1"])
        let restores = rig.kernel.calls.compactMap { call -> (DRMCRTCState, [UInt32])? in
            if case .restore(let state, let connectors) = call { (state, connectors) } else { nil }
        }
        try #require(restores.count == 1)
        #expect(restores[0].0.id == 31 && restores[0].0.framebufferID == 999 && restores[0].0.mode == DRMFakeRig.small)
        #expect(restores[0].1 == [11])
        // Switched off first, then restored.
        guard case .atomic(let off) = rig.kernel.calls.first else {
            Issue.record("the CRTC is switched off before the restore")
            return
        }
        #expect(off.value("ACTIVE", of: 31) == 0)
        let crtc = try #require(rig.kernel.crtc(31))
        #expect(crtc.framebufferID == 999 && crtc.mode == DRMFakeRig.small && crtc.isActive)
        #expect(rig.kernel.isClosed && !rig.kernel.isMasterNow)
        #expect(rig.kernel.framebuffers.isEmpty)
        #expect(!rig.hotplug.isStarted)
    }

    @Test func legacyModesetsWithSetCRTCThenFlipsToTheSameFramebuffer() throws {
        let rig = DRMFakeRig(atomic: false)
        let output = try rig.start()
        #expect(!output.usesAtomic)
        let first = try rig.present(output)
        let fb1 = output.framebufferIDs[first.slot]
        #expect(
            rig.kernel.calls.compactMap(\.legacySummary) == [
                "setCRTC 31 fb \(fb1) connector 11 800x600 -> 0", "pageFlip 31 fb \(fb1) -> 0",
            ])
        #expect(rig.kernel.commits.isEmpty, "no atomic commit without atomic")
        #expect(rig.kernel.vblank() == [31])
        #expect(rig.presentEvents.count == 1)

        rig.kernel.clearCalls()
        let second = try rig.present(output)
        let fb2 = output.framebufferIDs[second.slot]
        #expect(fb2 != fb1)
        #expect(rig.kernel.calls.compactMap(\.legacySummary) == ["pageFlip 31 fb \(fb2) -> 0"])
    }

    @Test func legacyPowerOffUsesDPMSAndPowerOnModesetsAndSwitchesDPMSBackOn() throws {
        let rig = DRMFakeRig(atomic: false)
        let output = try rig.start()
        try rig.presentAndFlip(output)
        rig.kernel.clearCalls()
        try output.setPowered(false)
        #expect(rig.kernel.calls.compactMap(\.legacySummary) == ["set 11.DPMS=3 -> 0"])
        try output.setPowered(true)
        #expect(rig.resumeCount == 1)
        rig.kernel.clearCalls()
        let buffer = try rig.present(output)
        let fb = output.framebufferIDs[buffer.slot]
        #expect(
            rig.kernel.calls.compactMap(\.legacySummary) == [
                "setCRTC 31 fb \(fb) connector 11 800x600 -> 0", "set 11.DPMS=0 -> 0", "pageFlip 31 fb \(fb) -> 0",
            ])
    }

    @Test func atomicPowerOffCommitsActiveZero() throws {
        let rig = DRMFakeRig()
        let output = try rig.start()
        try rig.presentAndFlip(output)
        rig.kernel.clearCalls()
        try output.setPowered(false)
        let off = try #require(rig.kernel.commits.last)
        #expect(off.flags == [.allowModeset])
        #expect(off.properties == [.init(object: 31, property: "ACTIVE", value: 0)])
        #expect(rig.kernel.crtc(31)?.isActive == false)
    }

    @Test func aSecondConnectorGetsTheOtherCRTC() throws {
        let rig = DRMFakeRig(connectorModes: [[DRMFakeRig.preferred], [DRMFakeRig.small]])
        rig.backend.start()
        #expect(rig.connected == ["HDMI-A-1", "HDMI-A-2"])
        #expect(Set(rig.backend.drmOutputs.map(\.crtcID)) == [31, 32])
        #expect(rig.backend.knownConnectorNames == ["HDMI-A-1", "HDMI-A-2"])
        // A card removed drops its outputs without switching anything off.
        rig.kernel.clearCalls()
        rig.hotplug.send(.remove)
        #expect(rig.backend.outputs.isEmpty && rig.disconnected.count == 2)
        #expect(rig.kernel.commits.isEmpty)
        #expect(rig.kernel.isClosed)
    }

    @Test func aPowerOffRefusedForWantOfMasterSuspendsAndTheResumeSwitchesTheCRTCOffAgain() throws {
        let rig = DRMFakeRig()
        let output = try rig.start()
        try rig.presentAndFlip(output)
        rig.kernel.revokeMaster()
        // The kernel refuses ACTIVE = 0 (EACCES): the output is suspended, the wish kept.
        try output.setPowered(false)
        #expect(rig.kernel.commits.last?.result == -EACCES)
        #expect(output.isSuspended && !output.isPoweredOn && !rig.backend.isSessionActive)

        rig.kernel.clearCalls()
        #expect(rig.backend.enableSession())
        // Back, but dark: the CRTC is switched off again and nothing asks for a frame.
        let off = try #require(rig.kernel.commits.last)
        #expect(off.result == 0 && off.properties == [.init(object: output.crtcID, property: "ACTIVE", value: 0)])
        #expect(rig.resumeCount == 0)
        #expect(output.acquireBuffer() == nil)
        try output.setPowered(true)
        #expect(rig.resumeCount == 1)
        rig.kernel.clearCalls()
        try rig.present(output)
        #expect(rig.kernel.commits.last?.value("ACTIVE", of: output.crtcID) == 1)
    }

    @Test func legacyFlipsFailingWithEACCESWithoutMasterSuspend() throws {
        let rig = DRMFakeRig(atomic: false)
        let output = try rig.start()
        try rig.presentAndFlip(output)
        rig.kernel.revokeMaster()
        #expect(throws: DisplayOutputError.suspended(output: "HDMI-A-1")) { try rig.present(output) }
        #expect(rig.kernel.calls.last?.legacySummary?.hasSuffix("-> \(-EACCES)") == true)
        #expect(output.isSuspended && !rig.backend.isSessionActive)
        #expect(rig.backend.enableSession())
        rig.kernel.clearCalls()
        let buffer = try rig.present(output)
        let fb = output.framebufferIDs[buffer.slot]
        #expect(
            rig.kernel.calls.compactMap(\.legacySummary) == [
                "setCRTC 31 fb \(fb) connector 11 800x600 -> 0", "pageFlip 31 fb \(fb) -> 0",
            ])
    }

    @Test func aModeGoneFromTheConnectorSwitchesToThePreferredOne() throws {
        let rig = DRMFakeRig(modeSelection: .size(width: 640, height: 480))
        let output = try rig.start()
        try rig.presentAndFlip(output)
        // The display was swapped for one without 640x480.
        let other = DRMModeInfo(
            clock: 65_000, hdisplay: 1024, htotal: 1344, vdisplay: 768, vtotal: 806,
            type: DRMModeInfo.typePreferred | DRMModeInfo.typeDriver)
        rig.kernel.updateConnector(output.connectorID) { $0.modes = [DRMFakeRig.preferred, other] }
        rig.hotplug.send(.change)
        #expect(rig.modeChanges.map(\.previous.width) == [640])
        #expect(output.currentMode.width == 800 || output.currentMode.width == 1024)
        #expect(output.currentMode.isPreferred)
        // The in-flight state is gone with the old buffers; the next present is a modeset.
        rig.kernel.clearCalls()
        let buffer = try rig.present(output)
        #expect(buffer.age == 0 && buffer.pixels.width == output.currentMode.width)
        #expect(rig.kernel.commits.first?.isTestOnly == true)
        #expect(rig.kernel.commits.last?.mode?.hdisplay == UInt16(output.currentMode.width))
    }

    @Test func aCardThatAppearsLaterIsOpenedOnItsAddEvent() throws {
        let rig = DRMFakeRig(scanner: DRMFakeScanner(cards: []))
        rig.backend.start()
        #expect(rig.backend.outputs.isEmpty && rig.opened.isEmpty)
        #expect(rig.logged("no DRM card; waiting for one"))
        #expect(rig.hotplug.isStarted)
        rig.scanner.cards = [DRMFakeScanner.card0]
        // A connector entry's event is not the card's.
        rig.hotplug.send(.add, sysname: "card0-HDMI-A-1")
        #expect(rig.opened.isEmpty)
        rig.hotplug.send(.add)
        #expect(rig.opened == ["card0"])
        #expect(rig.connected == ["HDMI-A-1"])
    }

    @Test func withoutAConfiguredCardOneWithADisplayIsPreferredOverTheFirst() throws {
        let card1 = DRMDevice(devnode: "/dev/dri/card1", syspath: "/sys/devices/x/drm/card1", sysname: "card1")
        let rig = DRMFakeRig(scanner: DRMFakeScanner(cards: [DRMFakeScanner.card0, card1], withDisplay: ["card1"]))
        rig.backend.start()
        #expect(rig.opened == ["card1"])
        #expect(rig.backend.device?.sysname == "card1")
    }

    @Test func aCardWithoutDumbBuffersIsClosedAndNotUsed() throws {
        let rig = DRMFakeRig()
        rig.kernel.supportsDumbBuffers = false
        rig.backend.start()
        #expect(rig.backend.outputs.isEmpty && rig.backend.device == nil)
        #expect(rig.kernel.isClosed)
        #expect(rig.logged("no dumb buffers"))
    }
}
