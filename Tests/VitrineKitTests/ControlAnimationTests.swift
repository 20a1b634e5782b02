import Foundation
import Testing
import VitrineGraphics
import VitrinePlatform

@testable import VitrineKit

/// `UISwitch.setOn(_:animated:)` and `UISlider.setValue(_:animated:)`: the model changes at
/// once, the parts' presentation moves over 0.25 s (15 frames at 60 Hz), ease-in-ease-out.
@Suite("Control animations") @MainActor struct ControlAnimationTests {
    private static let frames = 15
    private static let green = RGB(52, 199, 89)
    private static let lightGrey = RGB(229, 229, 234)

    /// The eased fraction shown at frame `k` of a 15-frame ease-in-ease-out animation.
    private func eased(_ k: Int) -> Double {
        referenceCurve(Double(k) / Double(Self.frames), 0.42, 0, 0.58, 1)
    }

    private func shown(_ layer: CALayer) -> CALayer { layer.presentation() ?? layer }

    /// Whether `value` is `expected` but for rounding.
    private func near(_ value: CGFloat, _ expected: Double) -> Bool { abs(Double(value) - expected) < 1e-4 }

    // MARK: Switch

    /// A drawn switch at (100, 50) in the scene's window, and its track and thumb layers.
    private func switchScene() throws -> (ViewAnimationScene, UISwitch, track: CALayer, thumb: CALayer) {
        let scene = ViewAnimationScene()
        let control = UISwitch(frame: CGRect(x: 100, y: 50, width: 0, height: 0))
        scene.window.addSubview(control)
        scene.rig.settle()
        let parts = try #require(control.layer.sublayers?.first?.sublayers)
        try #require(parts.count == 2)
        return (scene, control, parts[0], parts[1])
    }

    /// The thumb's centre x off (2 + 27 / 2) and on (51 − 2 − 27 / 2), in the switch.
    private static let thumbOff = 15.5
    private static let thumbOn = 35.5

    @Test func setOnAnimatedSlidesTheThumbWhileTheModelChangesAtOnce() throws {
        let (scene, control, _, thumb) = try switchScene()
        #expect(near(thumb.position.x, Self.thumbOff))
        scene.start()
        control.setOn(true, animated: true)
        #expect(control.isOn)
        #expect(near(thumb.position.x, Self.thumbOn))  // the model is at the end already
        scene.frame(0)
        #expect(abs(Double(shown(thumb).position.x) - Self.thumbOff) < 1e-4)
        for k in [4, 7, 11] {
            scene.frame(k)
            let expected = Self.thumbOff + (Self.thumbOn - Self.thumbOff) * eased(k)
            #expect(abs(Double(shown(thumb).position.x) - expected) < 1e-4, "frame \(k)")
            #expect(shown(thumb).position.x > Self.thumbOff && shown(thumb).position.x < Self.thumbOn)
        }
        scene.frame(Self.frames + 1)
        #expect(near(shown(thumb).position.x, Self.thumbOn))
        scene.run(0.1)
        #expect((thumb.animationKeys() ?? []).isEmpty)
    }

    @Test func setOnAnimatedCrossFadesTheTrack() throws {
        let (scene, control, track, _) = try switchScene()
        control.onTintColor = .red
        scene.rig.settle()
        scene.start()
        control.setOn(true, animated: true)
        #expect(track.backgroundColor == UIColor.red.cgColor)  // the model
        scene.frame(0)
        #expect(shown(track).backgroundColor == UIColor.systemGray5.cgColor)
        scene.frame(7)
        let middle = try #require(shown(track).backgroundColor?.components)
        let grey = try #require(UIColor.systemGray5.cgColor.components)
        let fraction = eased(7)
        // Red 1, green 0, blue 0 against the grey, component-wise.
        #expect(abs(Double(middle[0]) - (Double(grey[0]) + (1 - Double(grey[0])) * fraction)) < 1e-3)
        #expect(abs(Double(middle[1]) - Double(grey[1]) * (1 - fraction)) < 1e-3)
        scene.frame(Self.frames + 1)
        #expect(shown(track).backgroundColor == UIColor.red.cgColor)
    }

    @Test func setOnWithoutAnimationAndIsOnJump() throws {
        let (scene, control, track, thumb) = try switchScene()
        scene.start()
        control.setOn(true, animated: false)
        #expect((thumb.animationKeys() ?? []).isEmpty && (track.animationKeys() ?? []).isEmpty)
        scene.frame(0)
        #expect(near(shown(thumb).position.x, Self.thumbOn))
        // Setting `isOn` while an animation runs stops it: the next frame shows the end.
        control.setOn(false, animated: true)
        scene.frame(5)
        #expect(shown(thumb).position.x > Self.thumbOff)
        control.isOn = true
        #expect((thumb.animationKeys() ?? []).isEmpty && (track.animationKeys() ?? []).isEmpty)
        scene.run(1.0 / 60)
        #expect(near(shown(thumb).position.x, Self.thumbOn))
        #expect(shown(track).backgroundColor == UIColor.systemGreen.cgColor)
    }

    @Test func aSecondAnimatedSetStartsWhereTheThumbIsShown() throws {
        let (scene, control, _, thumb) = try switchScene()
        scene.start()
        control.setOn(true, animated: true)
        scene.frame(0)
        scene.frame(6)
        let turn = Double(shown(thumb).position.x)
        #expect(turn > Self.thumbOff + 1 && turn < Self.thumbOn - 1)
        control.setOn(false, animated: true)
        #expect(!control.isOn)
        #expect(thumb.animationKeys()?.count == 2)  // position and bounds, replaced
        let animation = try #require(thumb.animation(forKey: "vitrine.control.position") as? CABasicAnimation)
        let from = try #require(animation.fromValue as? CGPoint)
        #expect(Double(from.x) == turn)
        // The next frame starts the new animation where the old one was; then it goes back.
        scene.frame(7)
        #expect(abs(Double(shown(thumb).position.x) - turn) < 1e-4)
        scene.frame(7 + 7)
        let expected = turn + (Self.thumbOff - turn) * eased(7)
        #expect(abs(Double(shown(thumb).position.x) - expected) < 1e-4)
        scene.frame(7 + Self.frames + 1)
        #expect(near(shown(thumb).position.x, Self.thumbOff))
    }

    @Test func theThumbsPixelsMoveOverTheFrames() throws {
        let (scene, control, _, _) = try switchScene()
        let scale = Double(scene.rig.screen.scale)
        /// The centre x (points) of the white run on the thumb's middle row, in the switch.
        func thumbCentre() throws -> Double {
            let image = try #require(scene.rig.output.screenshot())
            let y = Int(65.5 * scale)
            let xs = (Int(100 * scale)..<Int(151 * scale)).filter { image.rgb($0, y) == .white }
            let first = try #require(xs.first)
            let last = try #require(xs.last)
            return (Double(first + last + 1) / 2) / scale - 100
        }
        /// The track's colour above the thumb's travel.
        func trackTop() throws -> RGB {
            try #require(scene.rig.output.screenshot()).rgb(Int(125 * scale), Int(50.25 * scale))
        }
        let before = try thumbCentre()
        #expect(abs(before - Self.thumbOff) < 1)
        #expect(try trackTop().isClose(to: Self.lightGrey, tolerance: 2))
        scene.start()
        control.setOn(true, animated: true)
        var centres: [Double] = []
        var tracks: [RGB] = []
        for k in [2, 5, 8, 11] {
            scene.frame(k)
            centres.append(try thumbCentre())
            tracks.append(try trackTop())
        }
        #expect(zip(centres, centres.dropFirst()).allSatisfy { $0 < $1 }, "\(centres)")
        #expect(centres.allSatisfy { $0 > Self.thumbOff + 0.5 && $0 < Self.thumbOn - 0.5 })
        // The track's red falls from the grey's towards the green's.
        #expect(zip(tracks, tracks.dropFirst()).allSatisfy { $0.red > $1.red }, "\(tracks)")
        #expect(tracks[2].red > Self.green.red + 10 && tracks[2].red < Self.lightGrey.red - 10)
        scene.run(0.5)
        let after = try thumbCentre()
        #expect(abs(after - Self.thumbOn) < 1)
        #expect(try trackTop().isClose(to: Self.green, tolerance: 2))
    }

    // MARK: Slider

    /// A drawn slider 228 points wide at (20, 100) over 0...100 (the thumb's centre travels
    /// from x 14 to 214 in the slider), with its filled track and thumb layers.
    private func sliderScene() throws -> (ViewAnimationScene, UISlider, fill: CALayer, thumb: CALayer) {
        let scene = ViewAnimationScene()
        let slider = UISlider(frame: CGRect(x: 20, y: 100, width: 228, height: 31))
        slider.maximumValue = 100
        scene.window.addSubview(slider)
        scene.rig.settle()
        let parts = try #require(slider.layer.sublayers?.first?.sublayers)
        try #require(parts.count == 3)
        return (scene, slider, parts[1], parts[2])
    }

    @Test func setValueAnimatedMovesTheThumbAndTheFill() throws {
        let (scene, slider, fill, thumb) = try sliderScene()
        scene.start()
        slider.setValue(50, animated: true)
        #expect(slider.value == 50)
        #expect(near(thumb.position.x, 114))  // the model
        #expect(near(fill.bounds.width, 114))
        scene.frame(0)
        #expect(abs(Double(shown(thumb).position.x) - 14) < 1e-4)
        for k in [5, 10] {
            scene.frame(k)
            let expected = 14 + 100 * eased(k)
            #expect(abs(Double(shown(thumb).position.x) - expected) < 1e-4, "frame \(k)")
            // The fill ends at the thumb's centre all along.
            #expect(abs(Double(shown(fill).bounds.width) - expected) < 1e-4)
            #expect(abs(Double(shown(fill).frame.minX)) < 1e-4)
        }
        scene.frame(Self.frames + 1)
        #expect(near(shown(thumb).position.x, 114))
        #expect(near(shown(fill).bounds.width, 114))
    }

    @Test func setValueWithoutAnimationAndValueJump() throws {
        let (scene, slider, fill, thumb) = try sliderScene()
        scene.start()
        slider.setValue(100, animated: false)
        scene.frame(0)
        #expect(near(shown(thumb).position.x, 214))
        slider.setValue(0, animated: true)
        scene.frame(5)
        #expect(shown(thumb).position.x < 214 && shown(thumb).position.x > 14)
        slider.value = 80
        #expect((thumb.animationKeys() ?? []).isEmpty && (fill.animationKeys() ?? []).isEmpty)
        scene.run(1.0 / 60)
        #expect(near(shown(thumb).position.x, 174))
        #expect(near(shown(fill).bounds.width, 174))
    }

    @Test func aSecondAnimatedValueStartsWhereTheThumbIsShown() throws {
        let (scene, slider, fill, thumb) = try sliderScene()
        scene.start()
        slider.setValue(100, animated: true)
        scene.frame(0)
        scene.frame(8)
        let turn = Double(shown(thumb).position.x)
        #expect(turn > 20 && turn < 208)
        slider.setValue(25, animated: true)
        #expect(slider.value == 25)
        scene.frame(9)
        #expect(abs(Double(shown(thumb).position.x) - turn) < 1e-4)
        #expect(abs(Double(shown(fill).bounds.width) - turn) < 1e-4)
        scene.frame(9 + 5)
        let expected = turn + (64 - turn) * eased(5)
        #expect(abs(Double(shown(thumb).position.x) - expected) < 1e-4)
        scene.frame(9 + Self.frames + 1)
        #expect(near(shown(thumb).position.x, 64))
    }
}
