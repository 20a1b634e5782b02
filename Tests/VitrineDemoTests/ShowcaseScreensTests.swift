import Foundation
import Testing
import VitrineDemo
import VitrineKit
import VitrinePlatform

/// Other screens: an info board appears on each one that connects and goes with it, as in the
/// View Programming Guide's second-screen example.
@MainActor @Suite struct ShowcaseScreensTests {
    @Test func aConnectingScreenGetsAnInfoBoardThatGoesWhenItDisconnects() throws {
        let rig = ShowcaseRig()
        #expect(rig.app.boardWindows.isEmpty)
        let output = rig.backend.addOutput(name: "HDMI-A-2", width: 1280, height: 720)
        let screen = try #require(UIScreen.screens.first { $0.output === output })
        weak var weakWindow: UIWindow?
        weak var weakBoard: InfoBoardViewController?
        do {
            let board = try #require(rig.app.infoBoard(on: screen))
            let window = try #require(rig.app.boardWindows.first)
            weakWindow = window
            weakBoard = board
            #expect(window.screen === screen)
            #expect(window.frame == screen.bounds)
            #expect(!window.isHidden)
            #expect(window.rootViewController === board)
            #expect(rig.app.window?.screen === UIScreen.main)
            #expect(rig.app.window?.isKeyWindow == true)

            rig.frames(3)
            #expect(output.completedPresentCount > 0)
            #expect(board.clockLabel.text == "09:41:07")
            #expect(board.screenLabel.text == "Vitrine · HDMI-A-2")
            let shot = try #require(output.screenshot())
            let clock = board.clockLabel.frameOnScreen
            // The large clock is drawn: some of its pixels are bright on the dark board.
            var bright = 0
            for x in Int(clock.minX)..<Int(clock.maxX) where shot.pixel(x: x, y: Int(clock.midY)) & 0xff > 200 {
                bright += 1
            }
            #expect(bright > 20)

            // It mirrors the main screen.
            rig.tap(rig.controller.checkInButton)
            #expect(board.status.visitors == 1)
            #expect(board.statusLabel.text == "1 visitor · motion 1.0× · cool colours")
        }

        rig.backend.disconnect(output)
        #expect(rig.app.infoBoard(on: screen) == nil)
        #expect(rig.app.boardWindows.isEmpty)
        #expect(weakWindow == nil)
        #expect(weakBoard == nil)
        #expect(rig.app.window?.isHidden == false)
    }

    @Test func screensConnectedAtLaunchGetBoards() throws {
        let rig = ShowcaseRig(extraOutputs: 2)
        #expect(UIScreen.screens.count == 3)
        #expect(rig.app.window?.screen === UIScreen.screens[0])
        for screen in UIScreen.screens.dropFirst() {
            let board = try #require(rig.app.infoBoard(on: screen))
            #expect(board.screenLabel.text == "Vitrine · \(screen.name)")
        }
        #expect(rig.app.boardWindows.map(\.screen.name) == ["HDMI-A-1", "HDMI-A-2"])
    }

    @Test func theMainWindowMovesWhenItsScreenGoesAndComesBackWithANewScreen() throws {
        let rig = ShowcaseRig(extraOutputs: 1)
        let window = try #require(rig.app.window)
        let second = UIScreen.screens[1]
        rig.backend.disconnect(rig.output)
        // The main window takes over the remaining screen from its board.
        #expect(window.screen === second)
        #expect(window.frame == second.bounds)
        #expect(!window.isHidden && window.isKeyWindow)
        #expect(rig.app.boardWindows.isEmpty)
        rig.frames(2)
        #expect(rig.controller.clockLabel.frameOnScreen.maxX <= second.bounds.maxX)

        // With no screen left, the next one to connect gets the main window back.
        rig.backend.disconnect(second.output as! HeadlessOutput)
        #expect(window.isHidden)
        let replug = rig.backend.addOutput(name: "HDMI-A-9", width: 1024, height: 600)
        #expect(window.screen.output === replug)
        #expect(!window.isHidden)
        #expect(rig.app.boardWindows.isEmpty)
        rig.frames(2)
        #expect(replug.completedPresentCount > 0)
    }
}
