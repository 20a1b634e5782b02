import Foundation
import Testing
import VitrineGraphics
import VitrinePlatform

@testable import VitrineKit

/// A 320x240-pixel headless panel turned by `rotation`, with a blue window covering the
/// screen and a red view in the window's top-left corner (40x20 pixels of picture).
@MainActor
private struct RotatedScene {
    let rig: HeadlessRig
    let window: UIWindow
    let corner: UIView

    init(rotation: DisplayRotation, bufferCount: Int = 2) {
        rig = HeadlessRig(width: 320, height: 240, bufferCount: bufferCount)
        rig.screen.rotation = rotation
        let scale = rig.screen.scale
        window = makeVisibleWindow(on: rig.screen, frame: rig.screen.bounds, color: .blue)
        corner = UIView(frame: CGRect(x: 0, y: 0, width: 40 / scale, height: 20 / scale))
        corner.backgroundColor = .red
        window.addSubview(corner)
        rig.settle()
    }

    var screen: UIScreen { rig.screen }
    var output: HeadlessOutput { rig.output }

    /// `rect` given in picture pixels, in points.
    func points(_ rect: PixelRect) -> CGRect {
        let scale = screen.scale
        return CGRect(
            x: CGFloat(rect.x) / scale, y: CGFloat(rect.y) / scale, width: CGFloat(rect.width) / scale,
            height: CGFloat(rect.height) / scale)
    }
}

/// The pixels of `buffer` inside `rect` that are not `color`.
private func mismatches(in buffer: PixelBuffer, _ rect: PixelRect, expected color: RGB) -> Int {
    var count = 0
    for y in rect.minY..<rect.maxY {
        for x in rect.minX..<rect.maxX where buffer.rgb(x, y) != color { count += 1 }
    }
    return count
}

@Suite("UIScreen rotation") @MainActor struct ScreenRotationTests {
    @Test(arguments: DisplayRotation.allCases)
    func boundsHaveTheTurnedSizeAndNativeBoundsTheModes(rotation: DisplayRotation) {
        let clock = ManualClock()
        let backend = HeadlessBackend(clock: clock)
        let output = HeadlessOutput(name: "DSI-1", width: 1920, height: 1080, clock: clock)
        output.physicalSize = CGSize(width: 1920 / 326.0 * 25.4, height: 1080 / 326.0 * 25.4)
        backend.connect(output)
        UIApplication.shared.setDisplayBackend(backend)
        let screen = UIScreen.main
        let scale = screen.scale
        screen.rotation = rotation

        let turned = rotation == .clockwise90 || rotation == .clockwise270
        let size = turned ? CGSize(width: 1080, height: 1920) : CGSize(width: 1920, height: 1080)
        #expect(screen.bounds == CGRect(x: 0, y: 0, width: size.width / scale, height: size.height / scale))
        #expect(screen.nativeBounds == CGRect(x: 0, y: 0, width: 1920, height: 1080))
        #expect(screen.currentMode?.size == CGSize(width: 1920, height: 1080))
        #expect(screen.rotation == rotation)
    }

    @Test func rotationsFromDegrees() {
        #expect(DisplayRotation(degrees: 0) == .upright)
        #expect(DisplayRotation(degrees: 90) == .clockwise90)
        #expect(DisplayRotation(degrees: -90) == .clockwise270)
        #expect(DisplayRotation(degrees: 540) == .clockwise180)
        #expect(DisplayRotation(degrees: 45) == nil)
    }

    @Test(arguments: DisplayRotation.allCases)
    func theWindowsTopLeftCornerLandsInTheTurnedCornerOfTheBuffer(rotation: DisplayRotation) throws {
        let scene = RotatedScene(rotation: rotation)
        let shot = try #require(scene.output.screenshot())
        #expect(shot.width == 320 && shot.height == 240)
        // The picture's top-left corner: the output's top-left, top-right, bottom-right or
        // bottom-left for a turn of 0, 90, 180 or 270 degrees clockwise.
        let red: PixelRect =
            switch rotation {
            case .upright: PixelRect(x: 0, y: 0, width: 40, height: 20)
            case .clockwise90: PixelRect(x: 300, y: 0, width: 20, height: 40)
            case .clockwise180: PixelRect(x: 280, y: 220, width: 40, height: 20)
            case .clockwise270: PixelRect(x: 0, y: 200, width: 20, height: 40)
            }
        #expect(mismatches(in: shot, red, expected: .red) == 0)
        var blue = Region(shot.bounds)
        blue.subtract(red)
        let wrong = blue.rects.reduce(0) { $0 + mismatches(in: shot, $1, expected: .blue) }
        #expect(wrong == 0)
    }

    @Test(arguments: [DisplayRotation.clockwise90, .clockwise180, .clockwise270])
    func aSmallChangeDamagesTheTurnedRectangle(rotation: DisplayRotation) throws {
        let scene = RotatedScene(rotation: rotation)
        let pictureRect = PixelRect(x: 100, y: 30, width: 24, height: 10)
        let view = UIView(frame: scene.points(pictureRect))
        view.backgroundColor = .green
        scene.window.addSubview(view)
        scene.rig.settle()
        scene.rig.settle()

        view.backgroundColor = .yellow
        scene.rig.settle()
        let picture = rotation.logicalSize(forOutputSize: CGSize(width: 320, height: 240))
        let turned = rotation.outputRect(
            pictureRect, logicalWidth: Int(picture.width), logicalHeight: Int(picture.height))
        #expect(scene.output.lastDamage == Region(turned))
        let shot = try #require(scene.output.screenshot())
        #expect(mismatches(in: shot, turned, expected: .yellow) == 0)
        // Nothing changed: nothing presented.
        let presents = scene.output.presentCount
        scene.rig.settle()
        #expect(scene.output.presentCount == presents)
    }

    /// Buffer ages on a rotated screen: with changes spread over frames, every buffer of the
    /// swapchain (each missing a different set of them) shows exactly the expected picture.
    @Test(arguments: [2, 3])
    func partialFramesOnARotatedScreenShowTheWholePicture(bufferCount: Int) throws {
        let scene = RotatedScene(rotation: .clockwise90, bufferCount: bufferCount)
        // The picture is 240x320 pixels; four views, apart from each other and the corner.
        var rects = (0..<4).map { PixelRect(x: 10 + $0 * 50, y: 40 + $0 * 60, width: 30, height: 20) }
        var colors = Array(repeating: RGB.green, count: 4)
        let views = rects.map { rect in
            let view = UIView(frame: scene.points(rect))
            view.backgroundColor = .green
            scene.window.addSubview(view)
            return view
        }
        scene.rig.settle()
        let expected = PixelBuffer(width: 320, height: 240, format: .xrgb8888)
        func fill(_ rect: PixelRect, _ color: RGB) {
            let turned = DisplayRotation.clockwise90.outputRect(rect, logicalWidth: 240, logicalHeight: 320)
            let value = 0xff00_0000 | UInt32(color.red << 16 | color.green << 8 | color.blue)
            for y in turned.minY..<turned.maxY {
                for x in turned.minX..<turned.maxX { expected.setPixel(x: x, y: y, value) }
            }
        }
        // One change per frame, each presented.
        for step in 0..<9 {
            let recolored = step % views.count
            colors[recolored] = step % 2 == 0 ? .yellow : .white
            views[recolored].backgroundColor = step % 2 == 0 ? .yellow : .white
            let moved = (step + 1) % views.count
            rects[moved].x += 3
            views[moved].frame = scene.points(rects[moved])
            scene.rig.clock.advance(by: 0)
            scene.rig.clock.advance(by: HeadlessRig.frame)

            fill(PixelRect(x: 0, y: 0, width: 240, height: 320), .blue)
            fill(PixelRect(x: 0, y: 0, width: 40, height: 20), .red)
            for (rect, color) in zip(rects, colors) { fill(rect, color) }
            let shot = try #require(scene.output.screenshot())
            #expect(shot.hasSamePixels(as: expected), "step \(step)")
        }
    }

    @Test func turningLiveResizesAFullScreenWindowAndRepaintsEverything() throws {
        let scene = RotatedScene(rotation: .upright)
        let screen = scene.screen
        let controller = UIViewController()
        scene.window.rootViewController = controller
        let small = makeVisibleWindow(
            on: screen, frame: CGRect(x: 100, y: 100, width: 30, height: 30), color: .green)
        scene.rig.settle()
        let recorder = NotificationRecorder([UIScreen.modeDidChangeNotification])
        defer { recorder.stop() }

        screen.rotation = .clockwise90
        #expect(recorder.names(for: screen) == [UIScreen.modeDidChangeNotification])
        #expect(screen.bounds.size == CGSize(width: 240 / screen.scale, height: 320 / screen.scale))
        #expect(scene.window.frame == screen.bounds)
        #expect(controller.view.frame == scene.window.bounds)
        #expect(small.frame == CGRect(x: 100, y: 100, width: 30, height: 30))
        scene.rig.settle()
        #expect(scene.output.lastDamage == Region(PixelRect(x: 0, y: 0, width: 320, height: 240)))
        let shot = try #require(scene.output.screenshot())
        #expect(mismatches(in: shot, PixelRect(x: 300, y: 0, width: 20, height: 10), expected: .red) == 0)

        // The same rotation again: nothing happens.
        screen.rotation = .clockwise90
        #expect(recorder.names(for: screen).count == 1)
        // Back upright: the window follows again.
        screen.rotation = .upright
        #expect(scene.window.frame == screen.bounds)
        #expect(screen.bounds.size == CGSize(width: 320 / screen.scale, height: 240 / screen.scale))
        scene.rig.settle()
        let upright = try #require(scene.output.screenshot())
        #expect(mismatches(in: upright, PixelRect(x: 0, y: 0, width: 40, height: 20), expected: .red) == 0)
        _ = small
    }

    // MARK: Touches

    /// Four touch-logging views, one per quadrant of a full-screen window.
    @MainActor
    private struct QuadrantScene {
        let clock = ManualClock()
        let backend: HeadlessBackend
        let source = HeadlessInputSource()
        let window: UIWindow
        let screen: UIScreen

        init(rotation: DisplayRotation) {
            backend = HeadlessBackend(clock: clock)
            backend.addOutput(name: "PANEL-1", width: 400, height: 300)
            UIApplication.shared.setDisplayBackend(backend)
            UIApplication.shared.setInputSource(source)
            screen = UIScreen.main
            screen.rotation = rotation
            window = UIWindow(frame: screen.bounds)
            window.makeKeyAndVisible()
            let half = CGSize(width: screen.bounds.width / 2, height: screen.bounds.height / 2)
            for (name, x, y) in [
                ("topLeft", 0.0, 0.0), ("topRight", 1, 0), ("bottomLeft", 0, 1), ("bottomRight", 1, 1),
            ] {
                let frame = CGRect(origin: CGPoint(x: x * half.width, y: y * half.height), size: half)
                window.addSubview(TouchLogView(name, frame: frame))
            }
            TouchLogView.log = []
        }

        /// A finger down and up at a normalised panel position.
        func tap(panel position: CGPoint, time: Double) {
            source.inject(.down(slot: 0, at: position, output: "PANEL-1", timestamp: time))
            source.inject(TouchEvent.frame(timestamp: time))
            source.inject(.up(slot: 0, timestamp: time + 0.05))
            source.inject(TouchEvent.frame(timestamp: time + 0.05))
        }
    }

    @Test(arguments: DisplayRotation.allCases)
    func aTouchAtAPanelPositionHitsTheViewShownThere(rotation: DisplayRotation) {
        let scene = QuadrantScene(rotation: rotation)
        // The panel's top-right corner shows the picture's top-right, top-left, bottom-left or
        // bottom-right corner for a turn of 0, 90, 180 or 270 degrees clockwise.
        scene.tap(panel: CGPoint(x: 0.95, y: 0.05), time: 1)
        let expected =
            switch rotation {
            case .upright: "topRight"
            case .clockwise90: "topLeft"
            case .clockwise180: "bottomLeft"
            case .clockwise270: "bottomRight"
            }
        #expect(TouchLogView.log == ["\(expected) began 1", "\(expected) ended 1"])
    }

    @Test(arguments: DisplayRotation.allCases)
    func thePanelMapAndItsInverseAgree(rotation: DisplayRotation) {
        let scene = QuadrantScene(rotation: rotation)
        let bounds = scene.screen.bounds
        let point = CGPoint(x: bounds.width * 0.2, y: bounds.height * 0.7)
        let position = scene.screen.normalizedOutputPosition(of: point)
        let back = scene.screen.point(fromNormalizedOutputPosition: position)
        #expect(abs(back.x - point.x) < 1e-9 && abs(back.y - point.y) < 1e-9)
        // The picture's top-left corner is where the rotation puts it on the panel.
        let corner = scene.screen.normalizedOutputPosition(of: .zero)
        let expected: CGPoint =
            switch rotation {
            case .upright: CGPoint(x: 0, y: 0)
            case .clockwise90: CGPoint(x: 1, y: 0)
            case .clockwise180: CGPoint(x: 1, y: 1)
            case .clockwise270: CGPoint(x: 0, y: 1)
            }
        #expect(corner == expected)
    }

    @Test(arguments: DisplayRotation.allCases)
    func syntheticTapsLandOnTheirPointsOnRotatedScreens(rotation: DisplayRotation) {
        let scene = QuadrantScene(rotation: rotation)
        let input = SyntheticInput(source: scene.source)
        let bounds = scene.screen.bounds
        input.tap(at: CGPoint(x: bounds.width * 0.75, y: bounds.height * 0.8), time: 1)
        input.tap(at: CGPoint(x: bounds.width * 0.1, y: bounds.height * 0.3), time: 2)
        #expect(
            TouchLogView.log == ["bottomRight began 1", "bottomRight ended 1", "topLeft began 1", "topLeft ended 1"])
    }

    @Test(arguments: DisplayRotation.allCases)
    func aMouseMovesInScreenPointsAndClicksWhereTheCursorIsShown(rotation: DisplayRotation) {
        let scene = QuadrantScene(rotation: rotation)
        let bounds = scene.screen.bounds
        func pointer(_ kind: PointerEvent.Kind, _ time: Double) {
            scene.source.inject(PointerEvent(kind: kind, outputName: "PANEL-1", timestamp: time))
        }
        // From the middle, right and down by a quarter of the screen: the bottom-right view.
        pointer(.motionAbsolute(CGPoint(x: 0.5, y: 0.5)), 1)
        pointer(.motion(dx: Double(bounds.width / 4), dy: Double(bounds.height / 4)), 1.1)
        pointer(.button(button: 0x110, isPressed: true), 1.2)
        pointer(.button(button: 0x110, isPressed: false), 1.3)
        // An absolute position is a panel position: the panel's top-right corner.
        pointer(.motionAbsolute(CGPoint(x: 0.95, y: 0.05)), 2)
        pointer(.button(button: 0x110, isPressed: true), 2.1)
        pointer(.button(button: 0x110, isPressed: false), 2.2)
        let corner =
            switch rotation {
            case .upright: "topRight"
            case .clockwise90: "topLeft"
            case .clockwise180: "bottomLeft"
            case .clockwise270: "bottomRight"
            }
        #expect(
            TouchLogView.log == [
                "bottomRight began 1", "bottomRight ended 1", "\(corner) began 1", "\(corner) ended 1",
            ])
    }
}
