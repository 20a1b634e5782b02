import Foundation
import Testing
import VitrineGraphics

@testable import VitrinePlatform

/// The window-system independent parts of the window backend (VitrinePlatform/Window), which
/// the Wayland backend uses and an X11 one will.
@MainActor
struct WindowBackendPartsTests {
    @Test func screenSpecsParseSizeAndScale() {
        #expect(WindowScreenSpec(parsing: "800x480") == WindowScreenSpec(width: 800, height: 480, scale: 1))
        #expect(WindowScreenSpec(parsing: "1080x1920@2") == WindowScreenSpec(width: 1080, height: 1920, scale: 2))
        for bad in ["800", "800x", "0x480", "9000x480", "800x480@4", "800x480@", "800x480@2@2", "axb"] {
            #expect(WindowScreenSpec(parsing: bad) == nil, "\(bad)")
        }
        #expect(WindowScreenSpec(width: 1080, height: 1920, scale: 2).description == "1080x1920@2")
    }

    @Test func aScreenSpecsPhysicalSizeGivesItsScale() {
        // UIScreen rounds pixels per inch over 163 to its scale.
        for scale in 1...3 {
            let spec = WindowScreenSpec(width: 1000, height: 600, scale: scale)
            let pixelsPerInch = Double(spec.width) / (spec.physicalSize.width / 25.4)
            #expect((pixelsPerInch / 163).rounded() == Double(scale))
        }
    }

    @Test func theMouseIsOneFingerAndWithTheModifierTwoMirrored() {
        var fingers = PointerFingers()
        // Pressed outside the window: nothing.
        #expect(fingers.button(isPressed: true, pinch: false, output: "W", timestamp: 0).isEmpty)
        _ = fingers.move(to: CGPoint(x: 0.25, y: 0.5), output: "W", timestamp: 1)
        let down = fingers.button(isPressed: true, pinch: false, output: "W", timestamp: 2)
        #expect(down.map(\.phase) == [.down, .frame])
        #expect(down[0].position == CGPoint(x: 0.25, y: 0.5))
        #expect(
            fingers.button(isPressed: false, pinch: false, output: "W", timestamp: 3).map(\.phase) == [.up, .frame])

        let pinch = fingers.button(isPressed: true, pinch: true, output: "W", timestamp: 4)
        #expect(pinch.map(\.phase) == [.down, .down, .frame])
        #expect(pinch[1].position == CGPoint(x: 0.75, y: 0.5))
        let moved = fingers.move(to: CGPoint(x: 0.1, y: 0.2), output: "W", timestamp: 5)
        #expect(moved.map(\.phase) == [.motion, .motion, .frame])
        #expect(moved[1].position!.x == 0.9 && abs(moved[1].position!.y - 0.8) < 1e-12)
        // Leaving the window cancels both.
        let left = fingers.leave(output: "W", timestamp: 6)
        #expect(left.map(\.phase) == [.cancel, .cancel, .frame])
        #expect(fingers.fingersDown == 0)
    }

    @Test func aCallbackPacedSwapchainHoldsWhatTheServerReads() {
        let buffers = (0..<2).map { _ in PixelBuffer(width: 4, height: 4, format: .xrgb8888) }
        var chain = CallbackPacedSwapchain(buffers: buffers)
        let first = chain.acquire()!
        _ = chain.presentAcquired()
        #expect(chain.isPresentPending)
        let event = chain.frameCallback(timestamp: 10, refreshPeriod: 1.0 / 60)
        #expect(event.sequence == 1 && event.timestamp == 10 && !chain.isPresentPending)
        let second = chain.acquire()!
        #expect(second.slot != first.slot)
        _ = chain.presentAcquired()
        _ = chain.frameCallback(timestamp: 11, refreshPeriod: 1.0 / 60)
        // The first buffer is free in the chain, but the server has not released it.
        let refused = chain.acquire()
        #expect(refused == nil)
        #expect(chain.starved)
        let wasStarved = chain.released(slot: first.slot)
        #expect(wasStarved)
        let again = chain.acquire()
        #expect(again?.slot == first.slot)
    }

    @Test func simulatorKeysNeedControlAndShift() {
        let s = KeyEvent(keyCode: 31, isPressed: true, timestamp: 0, modifiers: [.control, .shift])
        #expect(SimulatorKey.matching(s) == .screenshot)
        #expect(
            SimulatorKey.matching(KeyEvent(keyCode: 31, isPressed: true, timestamp: 0, modifiers: [.control])) == nil)
        var release = s
        release.isPressed = false
        #expect(SimulatorKey.matching(release) == nil)
        #expect(Set(SimulatorKey.allCases.map(\.keyCode)).count == SimulatorKey.allCases.count)
    }
}
