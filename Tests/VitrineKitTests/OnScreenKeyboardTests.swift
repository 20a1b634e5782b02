import Foundation
import Testing
import VitrineGraphics
import VitrinePlatform

@_spi(Service) @testable import VitrineKit

@MainActor @Suite("On-screen keyboard") struct OnScreenKeyboardTests {
    @Test func aTextReceiverBecomingFirstResponderSlidesTheKeyboardUp() throws {
        let scene = KeyboardScene()
        #expect(scene.field.becomeFirstResponder())
        #expect(scene.keyboard.state == .showing)
        #expect(scene.recorder.take() == ["WillChangeFrame", "WillShow"])
        let window = try #require(scene.keyboard.window)
        #expect(!window.isHidden)
        #expect(!window.isKeyWindow)
        #expect(window.windowLevel > UIWindow.Level.alert)
        #expect(scene.scene.window.isKeyWindow)
        scene.settle()
        #expect(scene.keyboard.state == .shown)
        #expect(scene.recorder.take() == ["DidChangeFrame", "DidShow"])
        #expect(scene.field.isFirstResponder)
    }

    @Test func itSlidesUpAndDownOverAQuarterSecond() throws {
        let scene = KeyboardScene()
        scene.field.becomeFirstResponder()
        let start = scene.scene.clock.now
        var positions: [CGFloat] = []
        for step in 1...20 {
            scene.scene.clock.advance(to: start + Double(step) / 60)
            positions.append(scene.keyboard.host.layer.presentation()?.frame.minY ?? -1)
        }
        // Moving up from below the screen, between the two ends while it slides.
        #expect(positions.contains { $0 > 280 && $0 < 480 }, "\(positions)")
        #expect(positions.last == 280)
        #expect(zip(positions, positions.dropFirst()).allSatisfy { $0 >= $1 || $0 == -1 }, "\(positions)")
        scene.field.resignFirstResponder()
        let hideStart = scene.scene.clock.now
        var down: [CGFloat] = []
        for step in 1...20 {
            scene.scene.clock.advance(to: hideStart + Double(step) / 60)
            down.append(scene.keyboard.host.layer.presentation()?.frame.minY ?? -1)
        }
        #expect(down.contains { $0 > 280 && $0 < 480 }, "\(down)")
    }

    @Test func notificationsCarryScreenFramesDurationCurveAndLocal() throws {
        let scene = KeyboardScene()
        scene.field.becomeFirstResponder()
        scene.settle()
        let show = scene.recorder.entries
        #expect(show.count == 4)
        let height = OnScreenKeyboard.systemKeyboardHeight(for: CGSize(width: 800, height: 480))
        #expect(height == 200)
        let shown = CGRect(x: 0, y: 480 - height, width: 800, height: height)
        let below = CGRect(x: 0, y: 480, width: 800, height: height)
        for entry in show {
            #expect(entry.begin == below)
            #expect(entry.end == shown)
            #expect(entry.duration == 0.25)
            #expect(entry.curve == 7)
            #expect(entry.isLocal == true)
        }
        #expect(scene.keyboard.host.convert(scene.keyboard.host.bounds, to: nil) == shown)
        _ = scene.recorder.take()
        scene.field.resignFirstResponder()
        #expect(scene.recorder.names == ["WillChangeFrame", "WillHide"])
        scene.settle()
        #expect(scene.recorder.names == ["WillChangeFrame", "WillHide", "DidChangeFrame", "DidHide"])
        for entry in scene.recorder.entries {
            #expect(entry.begin == shown)
            #expect(entry.end == below)
        }
        #expect(scene.keyboard.state == .hidden)
        #expect(scene.keyboard.window?.isHidden ?? true)
    }

    @Test func theUserInfoValuesBridgeToTheNumericTypesAppsAskFor() {
        let scene = KeyboardScene()
        final class Box: @unchecked Sendable { var info: [AnyHashable: Any] = [:] }
        let box = Box()
        let token = NotificationCenter.default.addObserver(
            forName: UIResponder.keyboardWillShowNotification, object: nil, queue: nil
        ) { note in box.info = note.userInfo ?? [:] }
        defer { NotificationCenter.default.removeObserver(token) }
        scene.field.becomeFirstResponder()
        let info = box.info
        #expect(info[UIResponder.keyboardAnimationDurationUserInfoKey] as? TimeInterval == 0.25)
        #expect(info[UIResponder.keyboardAnimationCurveUserInfoKey] as? UInt == 7)
        #expect(info[UIResponder.keyboardAnimationCurveUserInfoKey] as? Int == 7)
        #expect((info[UIResponder.keyboardAnimationCurveUserInfoKey] as? NSNumber)?.intValue == 7)
        #expect(info[UIResponder.keyboardIsLocalUserInfoKey] as? Bool == true)
        #expect((info[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue != nil)
    }

    @Test func tappingKeysTypesVitrine42() throws {
        let scene = KeyboardScene()
        scene.field.becomeFirstResponder()
        scene.settle()
        // Shift is on at the start of the text (sentences): V, then lower case.
        #expect(scene.keyboard.shift == .once)
        try scene.tap("V")
        #expect(scene.keyboard.shift == .off)
        try scene.tap(["i", "t", "r", "i", "n", "e", "space", ".?123", "4", "2"])
        #expect(scene.field.text == "Vitrine 42")
        #expect(scene.field.isFirstResponder)
        #expect(scene.scene.window.isKeyWindow)
    }

    @Test func shiftTypesOneCapitalAndADoubleTapLocksCaps() throws {
        let scene = KeyboardScene()
        scene.field.autocapitalizationType = .none
        scene.field.becomeFirstResponder()
        scene.settle()
        #expect(scene.keyboard.shift == .off)
        try scene.tap(["⇧", "A", "b"])
        #expect(scene.field.text == "Ab")
        // Two taps 0.1 s apart: Caps Lock.
        let shiftKeys = scene.keyboard.keyboardView.keyViews(where: { $0 == .shift })
        let point = scene.screenCenter(of: try #require(shiftKeys.first))
        scene.scene.input.tap(at: point, time: scene.scene.clock.now + 0.1)
        scene.scene.input.tap(at: point, time: scene.scene.clock.now + 0.2)
        scene.scene.clock.advance(by: 0.3)
        #expect(scene.keyboard.shift == .locked)
        try scene.tap(["C", "D", "space", "E"])
        #expect(scene.field.text == "AbCD E")
        try scene.tap(["⇧", "f"])
        #expect(scene.field.text == "AbCD Ef")
    }

    @Test func autocapitalizationFollowsTheType() throws {
        let scene = KeyboardScene()
        scene.field.autocapitalizationType = .words
        scene.field.becomeFirstResponder()
        scene.settle()
        try scene.tap(["A", "b", "space", "C", "d"])
        #expect(scene.field.text == "Ab Cd")
        scene.field.resignFirstResponder()
        scene.field.text = ""
        scene.field.autocapitalizationType = .sentences
        scene.field.becomeFirstResponder()
        try scene.tap("H")
        try scene.tap(["i", ".", "space", "Y", "o", "space", "y"])
        #expect(scene.field.text == "Hi. Yo y")
        scene.field.resignFirstResponder()
        scene.field.text = ""
        scene.field.autocapitalizationType = .allCharacters
        scene.field.becomeFirstResponder()
        try scene.tap(["A", "B"])
        #expect(scene.field.text == "AB")
    }

    @Test func theGermanLayoutHasUmlautsAndEszett() throws {
        let scene = KeyboardScene()
        UIApplication.shared.onScreenKeyboardLayout = .german
        scene.field.autocapitalizationType = .none
        scene.field.becomeFirstResponder()
        scene.settle()
        let labels = scene.keyboard.keyboardView.keyViews.compactMap(\.label.text)
        for letter in ["ä", "ö", "ü", "ß", "z", "y"] { #expect(labels.contains(letter)) }
        // QWERTZ: z in the top row after t.
        let top = scene.keyboard.keyboardView.rows[0].map(\.label)
        #expect(Array(top.prefix(6)) == ["q", "w", "e", "r", "t", "z"])
        try scene.tap(["g", "r", "ü", "ß", "e"])
        #expect(scene.field.text == "grüße")
        try scene.tap(["⇧", "Ä"])
        #expect(scene.field.text == "grüßeÄ")
        #expect(OnScreenKeyboardLayout(xkbLayout: "de,us") == .german)
        #expect(OnScreenKeyboardLayout(xkbLayout: "us") == .us)
        #expect(OnScreenKeyboardLayout(locale: Locale(identifier: "de_DE")) == .german)
    }

    @Test(arguments: [UIKeyboardType.numberPad, .asciiCapableNumberPad])
    func aNumberPadForNumberTypes(type: UIKeyboardType) throws {
        let scene = KeyboardScene()
        scene.field.keyboardType = type
        scene.field.becomeFirstResponder()
        scene.settle()
        #expect(scene.keyboard.keyboardView.isPad)
        let labels = scene.keyboard.keyboardView.keyViews.compactMap(\.label.text).filter { !$0.isEmpty }
        #expect(Set(labels) == Set(["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "⌫", "⌨︎"]))
        try scene.tap(["1", "9", "0", "⌫", "7"])
        #expect(scene.field.text == "197")
        // The pad is centred and no wider than 1.6 times its height.
        let pad = scene.keyboard.keyboardView.keyViews.filter { $0.key.action != .gap }
        let minX = pad.map(\.frame.minX).min() ?? 0
        let maxX = pad.map(\.frame.maxX).max() ?? 0
        #expect(maxX - minX <= 1.6 * 200)
        #expect(abs((minX + maxX) / 2 - 400) <= 1)
    }

    @Test func decimalAndPhonePadsAndTheTypesThatAddKeys() throws {
        let scene = KeyboardScene()
        func labels(_ type: UIKeyboardType) -> Set<String> {
            scene.field.resignFirstResponder()
            scene.field.keyboardType = type
            scene.field.becomeFirstResponder()
            return Set(scene.keyboard.keyboardView.keyViews.compactMap(\.label.text))
        }
        #expect(labels(.decimalPad).contains("."))
        #expect(labels(.phonePad).isSuperset(of: ["+", "*", "#"]))
        #expect(labels(.emailAddress).isSuperset(of: ["@", "."]))
        #expect(labels(.URL).isSuperset(of: ["/", ".", ".com"]))
        #expect(labels(.twitter).isSuperset(of: ["@", "#"]))
        #expect(labels(.webSearch).contains("."))
        #expect(labels(.numbersAndPunctuation).contains("1"))
    }

    @Test func theReturnKeyIsTitledByReturnKeyTypeAndTypesANewline() throws {
        let scene = KeyboardScene()
        let titles: [(UIReturnKeyType, String)] = [
            (.default, "return"), (.go, "Go"), (.next, "Next"), (.search, "Search"), (.send, "Send"),
            (.done, "Done"), (.join, "Join"), (.route, "Route"), (.continue, "Continue"),
            (.emergencyCall, "Emergency Call"), (.google, "Search"), (.yahoo, "Search"),
        ]
        for (type, title) in titles {
            scene.field.resignFirstResponder()
            scene.field.returnKeyType = type
            scene.field.becomeFirstResponder()
            #expect((try? scene.key(title)) != nil, "\(type)")
        }
        scene.settle()
        try scene.tap("Search")
        #expect(scene.field.log == ["insert \n"])
    }

    @Test func theReturnKeyIsDisabledWhileEmptyWhenEnabledAutomatically() throws {
        let scene = KeyboardScene()
        scene.field.enablesReturnKeyAutomatically = true
        scene.field.returnKeyType = .done
        scene.field.becomeFirstResponder()
        scene.settle()
        #expect(try !scene.key("Done").isEnabled)
        try scene.tap("Done")
        #expect(scene.field.text.isEmpty)
        try scene.tap("X")
        #expect(try scene.key("Done").isEnabled)
        try scene.tap("Done")
        #expect(scene.field.text == "X\n")
    }

    @Test func theHideKeyResignsTheFirstResponder() throws {
        let scene = KeyboardScene()
        scene.field.becomeFirstResponder()
        scene.settle()
        _ = scene.recorder.take()
        try scene.tap("⌨︎")
        #expect(!scene.field.isFirstResponder)
        #expect(scene.keyboard.state == .hiding)
        scene.settle()
        #expect(scene.recorder.take() == ["WillChangeFrame", "WillHide", "DidChangeFrame", "DidHide"])
    }

    @Test func backspaceDeletesAndRepeatsWhileHeld() throws {
        let scene = KeyboardScene()
        scene.field.text = "abcdefghij"
        scene.field.becomeFirstResponder()
        scene.settle()
        let point = scene.screenCenter(of: try scene.key("⌫"))
        let start = scene.scene.clock.now + 0.1
        scene.scene.clock.advance(to: start)
        scene.scene.input.down(at: point, time: start)
        #expect(scene.field.text == "abcdefghi")
        scene.scene.clock.advance(to: start + 0.49)
        #expect(scene.field.text == "abcdefghi")
        // After the key repeat delay, at most 10 a second.
        scene.scene.clock.advance(to: start + 0.5)
        #expect(scene.field.text == "abcdefgh")
        scene.scene.clock.advance(to: start + 0.75)
        #expect(scene.field.text == "abcdef")
        scene.scene.input.up(time: start + 0.75)
        scene.scene.clock.advance(to: start + 2)
        #expect(scene.field.text == "abcdef")
    }

    @Test func aPressedKeyPopsUpItsCallout() throws {
        let scene = KeyboardScene()
        scene.field.autocapitalizationType = .none
        scene.field.becomeFirstResponder()
        scene.settle()
        let key = try scene.key("g")
        let time = scene.scene.clock.now + 0.1
        scene.scene.input.down(at: scene.screenCenter(of: key), time: time)
        let callout = scene.keyboard.keyboardView.callout
        #expect(!callout.isHidden)
        #expect(callout.label.text == "g")
        #expect(callout.frame.maxY <= key.frame.minY)
        #expect(key.isPressed)
        #expect(scene.field.text.isEmpty)
        scene.scene.input.up(time: time + 0.05)
        #expect(callout.isHidden)
        #expect(!key.isPressed)
        #expect(scene.field.text == "g")
    }

    @Test func switchingFieldsKeepsTheKeyboardUpAndANewHeightChangesItsFrame() throws {
        let scene = KeyboardScene()
        let other = TypingView(frame: CGRect(x: 20, y: 80, width: 200, height: 40))
        scene.scene.window.addSubview(other)
        scene.field.becomeFirstResponder()
        scene.settle()
        _ = scene.recorder.take()
        other.becomeFirstResponder()
        scene.settle()
        #expect(scene.recorder.take().isEmpty)
        #expect(scene.keyboard.state == .shown)
        let accessory = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 44))
        scene.field.customAccessoryView = accessory
        scene.field.becomeFirstResponder()
        #expect(scene.recorder.names == ["WillChangeFrame"])
        scene.settle()
        #expect(scene.recorder.names == ["WillChangeFrame", "DidChangeFrame"])
        #expect(scene.recorder.entries.last?.end?.height == 244)
    }

    @Test func anInputViewReplacesTheKeyboardAndTheAccessorySitsAbove() throws {
        let scene = KeyboardScene()
        let input = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 150))
        let accessory = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 40))
        scene.field.customInputView = input
        scene.field.customAccessoryView = accessory
        scene.field.becomeFirstResponder()
        scene.settle()
        #expect(scene.keyboard.keyboardView.superview == nil)
        #expect(input.convert(input.bounds, to: nil) == CGRect(x: 0, y: 330, width: 800, height: 150))
        #expect(accessory.convert(accessory.bounds, to: nil) == CGRect(x: 0, y: 290, width: 800, height: 40))
        #expect(scene.recorder.entries.last?.end == CGRect(x: 0, y: 290, width: 800, height: 190))
        // reloadInputViews() takes the new input view.
        scene.field.customInputView = nil
        scene.field.reloadInputViews()
        scene.settle()
        #expect(scene.keyboard.keyboardView.superview === scene.keyboard.host)
        #expect(input.superview == nil)
        #expect(scene.recorder.entries.last?.end == CGRect(x: 0, y: 240, width: 800, height: 240))
    }

    @Test func theKeyboardLayoutGuideFollowsTheKeyboard() throws {
        let scene = KeyboardScene()
        let bar = UIView(frame: .zero)
        bar.translatesAutoresizingMaskIntoConstraints = false
        scene.scene.window.addSubview(bar)
        let guide = scene.scene.window.keyboardLayoutGuide
        NSLayoutConstraint.activate([
            bar.leadingAnchor.constraint(equalTo: scene.scene.window.leadingAnchor),
            bar.trailingAnchor.constraint(equalTo: scene.scene.window.trailingAnchor),
            bar.heightAnchor.constraint(equalToConstant: 30),
            bar.bottomAnchor.constraint(equalTo: guide.topAnchor),
        ])
        scene.scene.window.layoutIfNeeded()
        #expect(guide.layoutFrame == CGRect(x: 0, y: 480, width: 800, height: 0))
        #expect(bar.frame.maxY == 480)
        #expect(guide.identifier == "UIViewKeyboardLayoutGuide")
        // Drawn once (only drawn layers animate).
        bar.backgroundColor = .blue
        scene.scene.clock.advance(by: 0.1)
        scene.field.becomeFirstResponder()
        // The bar slides with the keyboard: its move is an animation of the slide's length.
        let slide = bar.layer.animationKeys()?.compactMap { bar.layer.animation(forKey: $0) }.first
        #expect(slide?.duration == 0.25)
        scene.settle()
        #expect(guide.layoutFrame == CGRect(x: 0, y: 280, width: 800, height: 200))
        #expect(bar.frame.maxY == 280)
        scene.field.resignFirstResponder()
        scene.settle()
        #expect(bar.frame.maxY == 480)
    }

    @Test func theKeyboardSitsInsideTheScreensOverscanAndTheGuideStartsAtTheSafeArea() throws {
        let scene = KeyboardScene()
        scene.screen.overscanInsets = UIEdgeInsets(top: 0, left: 10, bottom: 20, right: 30)
        let guide = scene.scene.window.keyboardLayoutGuide
        let bar = UIView(frame: .zero)
        bar.translatesAutoresizingMaskIntoConstraints = false
        scene.scene.window.addSubview(bar)
        NSLayoutConstraint.activate([
            bar.leadingAnchor.constraint(equalTo: scene.scene.window.leadingAnchor),
            bar.widthAnchor.constraint(equalToConstant: 30),
            bar.heightAnchor.constraint(equalToConstant: 30),
            bar.bottomAnchor.constraint(equalTo: guide.topAnchor),
        ])
        scene.scene.window.layoutIfNeeded()
        #expect(guide.layoutFrame == CGRect(x: 0, y: 460, width: 800, height: 20))
        guide.usesBottomSafeArea = false
        scene.scene.window.layoutIfNeeded()
        #expect(guide.layoutFrame.minY == 480)
        scene.field.becomeFirstResponder()
        scene.settle()
        let height = OnScreenKeyboard.systemKeyboardHeight(for: CGSize(width: 760, height: 460))
        #expect(scene.recorder.entries.last?.end == CGRect(x: 10, y: 460 - height, width: 760, height: height))
        #expect(bar.frame.maxY == 460 - height)
    }

    @Test func theKeyboardFillsTheRotatedScreensWidth() throws {
        let scene = KeyboardScene()
        scene.screen.rotation = .clockwise90
        #expect(scene.screen.bounds.size == CGSize(width: 480, height: 800))
        scene.field.becomeFirstResponder()
        scene.settle()
        let height = OnScreenKeyboard.systemKeyboardHeight(for: CGSize(width: 480, height: 800))
        #expect(height == 240)
        #expect(scene.recorder.entries.last?.end == CGRect(x: 0, y: 800 - height, width: 480, height: height))
        let keys = scene.keyboard.keyboardView.keyViews
        #expect((keys.map(\.frame.maxX).max() ?? 0) > 470)
        // Turning back while shown moves it at once.
        _ = scene.recorder.take()
        scene.screen.rotation = .upright
        #expect(scene.recorder.names == ["WillChangeFrame", "DidChangeFrame"])
        #expect(scene.recorder.entries.last?.end == CGRect(x: 0, y: 280, width: 800, height: 200))
        #expect(scene.recorder.entries.last?.duration == 0)
        // Typing still lands on the keys.
        try scene.tap(["H", "i"])
        #expect(scene.field.text == "Hi")
    }

    @Test func aScaleChangeWhileShownResizesItInPoints() throws {
        let scene = KeyboardScene(width: 1920, height: 1080)
        scene.field.becomeFirstResponder()
        scene.settle()
        #expect(scene.recorder.entries.last?.end == CGRect(x: 0, y: 720, width: 1920, height: 360))
        _ = scene.recorder.take()
        scene.screen.scaleOverride = 2
        #expect(scene.screen.bounds.size == CGSize(width: 960, height: 540))
        #expect(scene.recorder.names == ["WillChangeFrame", "DidChangeFrame"])
        #expect(scene.recorder.entries.last?.end == CGRect(x: 0, y: 340, width: 960, height: 200))
        try scene.tap(["O", "k"])
        #expect(scene.field.text == "Ok")
    }

    @Test func rotatedTapsLandOnTheKeys() throws {
        let scene = KeyboardScene()
        scene.screen.rotation = .clockwise270
        scene.field.becomeFirstResponder()
        scene.settle()
        try scene.tap(["O", "k"])
        #expect(scene.field.text == "Ok")
    }

    @Test func aHardwareKeyboardHidesItAndUnpluggingShowsItAgain() throws {
        let scene = KeyboardScene()
        scene.scene.input.attachKeyboard()
        scene.field.becomeFirstResponder()
        scene.settle()
        #expect(scene.keyboard.state == .hidden)
        #expect(scene.recorder.names.isEmpty)
        scene.scene.input.detachDevice()
        #expect(scene.keyboard.state == .showing)
        scene.settle()
        scene.scene.input.attachKeyboard()
        #expect(scene.keyboard.state == .hiding)
        scene.settle()
        #expect(scene.keyboard.state == .hidden)
        // The onscreen mode shows it whatever is attached.
        UIApplication.shared.keyboardPreference = .onScreen
        #expect(scene.keyboard.state == .showing)
    }

    @Test func aReceiverRemovedFromItsWindowHidesIt() throws {
        let scene = KeyboardScene()
        scene.field.becomeFirstResponder()
        scene.settle()
        _ = scene.recorder.take()
        scene.field.removeFromSuperview()
        #expect(!scene.field.isFirstResponder)
        scene.settle()
        #expect(scene.recorder.take() == ["WillChangeFrame", "WillHide", "DidChangeFrame", "DidHide"])
        #expect(scene.keyboard.state == .hidden)
    }

    @Test func aReceiverRemovedMidSlideAndRapidChangesNeverStick() throws {
        let scene = KeyboardScene()
        scene.field.becomeFirstResponder()
        scene.scene.clock.advance(by: 0.1)
        scene.field.removeFromSuperview()
        #expect(scene.keyboard.state == .hiding)
        scene.settle()
        #expect(scene.keyboard.state == .hidden)
        #expect(
            scene.recorder.names == [
                "WillChangeFrame", "WillShow", "WillChangeFrame", "WillHide", "DidChangeFrame", "DidHide",
            ])
        scene.scene.window.addSubview(scene.field)
        for _ in 0..<5 {
            scene.field.becomeFirstResponder()
            scene.scene.clock.advance(by: 0.03)
            scene.field.resignFirstResponder()
            scene.scene.clock.advance(by: 0.02)
        }
        scene.settle()
        #expect(scene.keyboard.state == .hidden)
        #expect(scene.keyboard.window?.isHidden ?? true)
        scene.field.becomeFirstResponder()
        scene.scene.clock.advance(by: 0.1)
        let other = TypingView(frame: CGRect(x: 0, y: 100, width: 100, height: 30))
        other.keyboardType = .numberPad
        scene.scene.window.addSubview(other)
        other.becomeFirstResponder()
        scene.settle()
        #expect(scene.keyboard.state == .shown)
        #expect(scene.keyboard.keyboardView.isPad)
        let host = scene.keyboard.host
        #expect(host.layer.presentation()?.frame ?? host.frame == host.frame)
        #expect(host.frame.maxY == 480)
    }

    @Test func theKeyboardShowsOnTheScreenOfTheReceiversWindow() throws {
        let scene = KeyboardScene()
        scene.scene.backend.addOutput(name: "PANEL-2", width: 1920, height: 1080)
        let second = try #require(UIScreen.screens.first { $0.name == "PANEL-2" })
        let window = UIWindow(screen: second)
        window.isHidden = false
        let field = TypingView(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        window.addSubview(field)
        field.becomeFirstResponder()
        scene.settle()
        #expect(scene.keyboard.window?.screen === second)
        #expect(scene.recorder.entries.last?.end == CGRect(x: 0, y: 720, width: 1920, height: 360))
        // Another field on the first screen: the keyboard moves there.
        scene.field.becomeFirstResponder()
        scene.settle()
        #expect(scene.keyboard.window?.screen === scene.screen)
        #expect(scene.keyboard.state == .shown)
        try scene.tap(["O", "k"])
        #expect(scene.field.text == "Ok")
    }

    @Test func aPressHeldWhenTheKeyboardGoesAwayLeavesNoCallout() throws {
        let scene = KeyboardScene()
        scene.field.becomeFirstResponder()
        scene.settle()
        scene.scene.input.down(at: scene.screenCenter(of: try scene.key("H")), time: scene.scene.clock.now + 0.1)
        #expect(!scene.keyboard.keyboardView.callout.isHidden)
        scene.field.resignFirstResponder()
        #expect(scene.keyboard.keyboardView.callout.isHidden)
        #expect(scene.keyboard.keyboardView.keyViews.allSatisfy { !$0.isPressed })
        scene.scene.input.up(time: scene.scene.clock.now + 0.2)
        #expect(scene.field.text.isEmpty)
    }

    @Test func theDarkAppearanceDrawsDarkKeys() throws {
        let scene = KeyboardScene()
        scene.field.keyboardAppearance = .dark
        scene.field.autocapitalizationType = .none
        scene.field.becomeFirstResponder()
        #expect(scene.keyboard.keyboardView.palette == .dark)
        #expect(try scene.key("q").backgroundColor == KeyboardPalette.dark.characterKey)
    }

    @Test func aResponderThatIsNotATextReceiverGetsNoKeyboard() {
        let scene = KeyboardScene()
        let view = RepeatLogView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        scene.scene.window.addSubview(view)
        #expect(view.becomeFirstResponder())
        scene.settle()
        #expect(scene.keyboard.state == .hidden)
        #expect(scene.recorder.names.isEmpty)
    }

    @Test func touchesOutsideTheKeyboardReachTheAppsWindow() throws {
        let scene = KeyboardScene()
        TouchLogView.log = []
        let target = TouchLogView("app", frame: CGRect(x: 300, y: 100, width: 100, height: 100))
        scene.scene.window.addSubview(target)
        scene.field.becomeFirstResponder()
        scene.settle()
        scene.scene.input.tap(at: CGPoint(x: 350, y: 150), time: scene.scene.clock.now + 0.1)
        #expect(TouchLogView.log == ["app began 1", "app ended 1"])
        #expect(scene.field.isFirstResponder)
    }

    @Test func thePixelsShowWhiteKeysOnTheKeyboardsGray() throws {
        let scene = KeyboardScene()
        scene.scene.window.backgroundColor = .red
        scene.field.autocapitalizationType = .none
        scene.field.becomeFirstResponder()
        scene.settle()
        let image = try scene.scene.screenshot()
        let background = RGB(209, 212, 217)
        let function = RGB(171, 177, 186)
        for label in ["q", "g", "m"] {
            let frame = try scene.key(label).convert(try scene.key(label).bounds, to: nil)
            // Inside the key, clear of its rounded corner and its label.
            let inside = image.rgb(Int(frame.minX + frame.width * 0.2), Int(frame.minY + frame.height * 0.2))
            #expect(inside.isClose(to: .white, tolerance: 2), "\(label) \(inside)")
            // Between it and the next key: the keyboard's gray.
            let gap = image.rgb(Int(frame.maxX + 2), Int(frame.midY))
            #expect(gap.isClose(to: background, tolerance: 2), "\(label) gap \(gap)")
        }
        let backspace = try scene.key("⌫").convert(try scene.key("⌫").bounds, to: nil)
        let pixel = image.rgb(
            Int(backspace.minX + backspace.width * 0.15), Int(backspace.minY + backspace.height * 0.2))
        #expect(pixel.isClose(to: function, tolerance: 2), "\(pixel)")
        // Above the keyboard the app shows.
        #expect(image.rgb(400, 100) == .red)
        // The keyboard's top edge row is gray, the row above it the app's.
        #expect(image.rgb(400, 281).isClose(to: background, tolerance: 2))
        #expect(image.rgb(400, 279) == .red)
    }

    @Test func sizesSuitSmallAndLargePanels() {
        #expect(OnScreenKeyboard.systemKeyboardHeight(for: CGSize(width: 800, height: 480)) == 200)
        #expect(OnScreenKeyboard.systemKeyboardHeight(for: CGSize(width: 1920, height: 1080)) == 360)
        #expect(OnScreenKeyboard.systemKeyboardHeight(for: CGSize(width: 2560, height: 1600)) == 420)
        #expect(OnScreenKeyboard.systemKeyboardHeight(for: CGSize(width: 1080, height: 1920)) == 420)
        #expect(OnScreenKeyboard.systemKeyboardHeight(for: CGSize(width: 320, height: 240)) == 120)
        // Letter keys on an 800x480 panel are at least 40 points high and 50 wide.
        let rows = KeyboardRows.rows(layout: .us, page: .letters, keyboardType: .default, returnTitle: "return")
        let frames = KeyboardView.keyFrames(rows: rows, isPad: false, in: CGRect(x: 0, y: 0, width: 800, height: 200))
        #expect(frames[0].height >= 40)
        #expect(frames[0].width >= 50)
    }
}
