import Foundation
import Testing
import VitrineGraphics
import VitrinePlatform

@testable import VitrineKit

@Suite("UITextView editing") @MainActor struct TextViewEditingTests {
    @Test func defaultsFollowUIKit() {
        let s = TextViewScene()
        let view = UITextView()
        #expect(view.text == "" && !view.hasText)
        #expect(view.font?.pointSize == 17)  // the body style, as documented
        #expect(view.textContainerInset == UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0))
        #expect(view.textContainer.lineFragmentPadding == 5)
        #expect(view.textContainer.widthTracksTextView && view.textContainer.textView === view)
        #expect(view.isEditable && view.isSelectable && view.isScrollEnabled)
        #expect(view.selectedRange == NSRange(location: 0, length: 0))
        #expect(view.textAlignment == .natural)
        #expect(s.textView.delegate === s.delegate)
        let scrollView: UIScrollView = s.textView
        #expect(scrollView.delegate is any UITextViewDelegate)
    }

    @Test func aTapBeginsEditingWithTheDelegateAndTheNotificationInOrder() {
        let s = TextViewScene()
        let notifications = NotificationRecorder([
            UITextView.textDidBeginEditingNotification, UITextView.textDidEndEditingNotification,
        ])
        defer { notifications.stop() }
        s.tap(CGPoint(x: 100, y: 60))
        #expect(s.textView.isFirstResponder)
        #expect(s.delegate.take() == ["shouldBegin", "didBegin", "selection"])
        #expect(!s.textView.caretView.isHidden)
        #expect(s.textView.resignFirstResponder())
        #expect(s.delegate.take() == ["shouldEnd", "didEnd"])
        #expect(
            notifications.names(for: s.textView) == [
                UITextView.textDidBeginEditingNotification, UITextView.textDidEndEditingNotification,
            ])
        #expect(s.textView.caretView.isHidden)
    }

    @Test func returnTypesALineBreakAndTheCaretGoesToTheNextLine() {
        let s = TextViewScene()
        var changes = 0
        let observer = NotificationCenter.default.addObserver(
            forName: UITextView.textDidChangeNotification, object: s.textView, queue: nil
        ) { _ in MainActor.assumeIsolated { changes += 1 } }
        defer { NotificationCenter.default.removeObserver(observer) }
        #expect(s.textView.becomeFirstResponder())
        _ = s.delegate.take()
        let firstLine = s.textView.caretView.frame
        s.type("ab\ncd")
        #expect(s.textView.text == "ab\ncd")
        #expect(changes == 5)
        let log = s.delegate.take()
        #expect(log.contains("change 2,0 \"\\n\""))
        #expect(Array(log.prefix(3)) == ["change 0,0 \"a\"", "selection", "didChange"])
        let caret = s.textView.caretView.frame
        #expect(caret.minY >= firstLine.maxY - 1)
        #expect(abs(caret.minY - firstLine.minY - s.textView.font!.lineHeight) < 2)
        // Backspace joins the lines again.
        s.key(EditingKeyCode.left)
        s.key(EditingKeyCode.left)
        s.key(14)
        #expect(s.textView.text == "abcd")
        #expect(s.textView.selectedRange == NSRange(location: 2, length: 0))
    }

    @Test func theDelegateMayVetoAndSettingTextTellsItNothing() {
        let s = TextViewScene()
        #expect(s.textView.becomeFirstResponder())
        s.delegate.forbidden = ["x", "\n"]
        _ = s.delegate.take()
        s.type("axb\nc")
        #expect(s.textView.text == "abc")
        #expect(s.delegate.take().filter { $0 == "didChange" }.count == 3)
        s.textView.text = "set"
        s.textView.selectedRange = NSRange(location: 1, length: 1)
        #expect(s.delegate.take().isEmpty)
        #expect(s.textView.selectedRange == NSRange(location: 1, length: 1))
        // clearsOnInsertion: typing replaces the whole text.
        s.delegate.forbidden = []
        s.textView.clearsOnInsertion = true
        s.textView.insertText("new")
        #expect(s.textView.text == "new")
    }

    @Test func upAndDownKeepTheCaretsColumnAcrossWrappedLines() {
        let s = TextViewScene(frame: CGRect(x: 20, y: 20, width: 150, height: 200))
        s.textView.text = "aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii\nxy\nmmmm nnnn oooo pppp"
        #expect(s.textView.becomeFirstResponder())
        s.frame()
        let layout = s.textView.textLayout()
        #expect(layout.lineCount >= 5)  // wrapped, then two more paragraphs
        // Put the caret in the middle of the second shown line.
        let starts = layout.lineStartUTF8Offsets
        s.textView.selectedRange = NSRange(location: starts[1] + 3, length: 0)
        let start = s.textView.caretRect(forOffset: starts[1] + 3)
        s.key(EditingKeyCode.up)
        let up = s.textView.caretRect(forOffset: s.textView.selectedRange.location)
        #expect(up.minY < start.minY && abs(up.minX - start.minX) <= 6)
        #expect(s.textView.selectedRange.location == 3)
        s.key(EditingKeyCode.down)
        #expect(s.textView.selectedRange.location == starts[1] + 3)
        // Down to the short "xy" line and on: the column comes back after the short line.
        let xyLine = starts.firstIndex {
            $0 == ("aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii\n" as String).utf8.count
        }!
        while s.textView.caretRect(forOffset: s.textView.selectedRange.location).minY
            < s.textView.caretRect(forOffset: starts[xyLine]).minY
        {
            s.key(EditingKeyCode.down)
        }
        #expect(s.textView.selectedRange.location == starts[xyLine] + 2)  // the end of "xy"
        s.key(EditingKeyCode.down)
        let below = s.textView.caretRect(forOffset: s.textView.selectedRange.location)
        #expect(abs(below.minX - start.minX) <= 6)
        // Down on the last line goes to the end, up on the first to the start.
        for _ in 0..<6 { s.key(EditingKeyCode.down) }
        #expect(s.textView.selectedRange.location == s.textView.text.utf16.count)
        for _ in 0..<10 { s.key(EditingKeyCode.up) }
        #expect(s.textView.selectedRange.location == 0)
        // Shift+Down selects a line's worth.
        s.key(EditingKeyCode.down, modifiers: .shift)
        #expect(s.textView.selectedRange.location == 0 && s.textView.selectedRange.length > 0)
    }

    @Test func homeAndEndGoToTheShownLinesEndsAndShiftSelects() {
        let s = TextViewScene(frame: CGRect(x: 20, y: 20, width: 150, height: 200))
        s.textView.text = "one two three four five six seven\nlast"
        #expect(s.textView.becomeFirstResponder())
        let starts = s.textView.textLayout().lineStartUTF8Offsets
        #expect(starts.count >= 3)
        s.textView.selectedRange = NSRange(location: starts[1] + 1, length: 0)
        s.key(EditingKeyCode.home)
        #expect(s.textView.selectedRange.location == starts[1])
        s.key(EditingKeyCode.end, modifiers: .shift)
        let selected = s.textView.selectedRange
        #expect(selected.location == starts[1] && NSMaxRange(selected) == starts[2] - 1)
        // Ctrl+A, C, X and V.
        s.key(30, "a", modifiers: .control)
        #expect(s.textView.selectedRange == NSRange(location: 0, length: s.textView.text.utf16.count))
        s.key(46, "c", modifiers: .control)
        #expect(UIPasteboard.general.string == s.textView.text)
        s.key(45, "x", modifiers: .control)
        #expect(s.textView.text == "")
        s.key(47, "v", modifiers: .control)
        #expect(s.textView.text == UIPasteboard.general.string)
        // Space types a space while editing (it would scroll a plain scroll view).
        s.key(57, " ")
        #expect(s.textView.text.hasSuffix("last "))
    }

    @Test func theViewScrollsToKeepTheCaretVisibleAsLinesAreAdded() {
        let s = TextViewScene(frame: CGRect(x: 20, y: 20, width: 200, height: 100))
        #expect(s.textView.becomeFirstResponder())
        var heights: [CGFloat] = []
        for line in 1...12 {
            s.type("line \(line)\n")
            s.frame()
            let view = s.textView
            let caret = view.caretRect(forOffset: view.selectedRange.location)
            let visible = view.bounds
            #expect(caret.minY >= visible.minY - 0.5 && caret.maxY <= visible.maxY + 0.5, "line \(line)")
            #expect(view.contentOffset.y >= view.contentOffsetLimits.minimum.y)
            #expect(view.contentOffset.y <= view.contentOffsetLimits.maximum.y + 0.5)
            #expect(view.caretView.frame == caret)
            heights.append(view.contentSize.height)
        }
        #expect(heights == heights.sorted() && heights.last! > heights.first!)
        let view = s.textView
        // The content is the text's height plus the insets, and the caret is at the bottom with
        // the bottom inset in view.
        let textHeight = UITextView.textHeight(of: view.textLayout()).rounded(.up)
        #expect(view.contentSize == CGSize(width: 200, height: textHeight + 16))
        #expect(abs(view.contentOffset.y - (view.contentSize.height - 100)) < 1)
        // The scroll view delegate still hears the scrolling.
        #expect(s.delegate.scrolls > 0)
        // Ctrl+Home is not special: Up moves back, and the view follows the caret to the top.
        for _ in 0..<13 { s.key(EditingKeyCode.up) }
        #expect(view.selectedRange.location == 0 && view.contentOffset.y == 0)
        // scrollRangeToVisible shows a range.
        view.scrollRangeToVisible(NSRange(location: view.text.utf16.count - 3, length: 1))
        #expect(view.contentOffset.y > 0)
    }

    @Test func aDragScrollsTheTextAndPlacesNoCaret() {
        let s = TextViewScene(frame: CGRect(x: 20, y: 20, width: 200, height: 100))
        s.textView.text = (1...30).map { "row \($0)" }.joined(separator: "\n")
        s.textView.contentOffset = .zero
        s.frame()
        let input = s.scene.input
        var time = s.scene.clock.now
        let start = s.scene.screenPoint(CGPoint(x: 100, y: 80), in: s.textView)
        input.down(at: start, time: time)
        for step in 1...8 {
            time += 0.016
            s.scene.clock.advance(to: time)
            input.move(to: CGPoint(x: start.x, y: start.y - CGFloat(step) * 8), time: time)
        }
        time += 0.016
        input.up(time: time)
        s.scene.clock.advance(by: 2)
        #expect(s.textView.contentOffset.y > 20)
        #expect(!s.textView.isFirstResponder)
    }

    @Test func aTextViewThatIsNotEditableRefusesTypingAndFirstResponder() {
        let s = TextViewScene(text: "read only")
        s.textView.isEditable = false
        #expect(!s.textView.canBecomeFirstResponder && !s.textView.becomeFirstResponder())
        s.tap(CGPoint(x: 50, y: 20))
        #expect(!s.textView.isFirstResponder)
        s.textView.insertText("x")
        s.textView.deleteBackward()
        #expect(s.textView.text == "read only")
        // Still selectable: a selection set by program copies.
        s.textView.selectedRange = NSRange(location: 0, length: 4)
        s.textView.copy(nil)
        #expect(UIPasteboard.general.string == "read")
        // Turning editing off while editing ends it.
        s.textView.isEditable = true
        #expect(s.textView.becomeFirstResponder())
        s.delegate.allowsEnd = false
        s.textView.isEditable = false
        #expect(!s.textView.isFirstResponder && s.textView.caretView.isHidden)
    }

    @Test func theTextContainerInsetAndPaddingMoveTheText() {
        let s = TextViewScene(text: "Hello")
        let plain = s.textView.caretRect(forOffset: 0)
        #expect(plain.minX == 5 && plain.minY == 8)
        s.textView.textContainerInset = UIEdgeInsets(top: 20, left: 12, bottom: 4, right: 12)
        s.textView.textContainer.lineFragmentPadding = 0
        let moved = s.textView.caretRect(forOffset: 0)
        #expect(moved.minX == 12 && moved.minY == 20)
        #expect(s.textView.wrappingWidth == CGFloat(176))
        let textHeight = UITextView.textHeight(of: s.textView.textLayout()).rounded(.up)
        #expect(s.textView.contentSize.height == textHeight + 24)
    }

    @Test func withoutScrollingTheIntrinsicSizeGrowsWithTheLines() {
        let s = TextViewScene()
        let view = UITextView()
        view.translatesAutoresizingMaskIntoConstraints = false
        view.isScrollEnabled = false
        view.text = "one"
        s.scene.window.addSubview(view)
        NSLayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: s.scene.window.leadingAnchor, constant: 10),
            view.trailingAnchor.constraint(equalTo: s.scene.window.trailingAnchor, constant: -10),
            view.topAnchor.constraint(equalTo: s.scene.window.topAnchor, constant: 10),
        ])
        s.scene.window.layoutIfNeeded()
        let oneLine = view.frame.height
        #expect(view.frame.width == 380)
        #expect(oneLine == view.intrinsicContentSize.height && oneLine > 16)
        view.text = "one\ntwo\nthree"
        s.scene.window.layoutIfNeeded()
        #expect(view.frame.height > 2.5 * (oneLine - 16))
        #expect(view.frame.height == view.intrinsicContentSize.height)
        // A long paragraph wraps at the width it was given.
        view.text = String(repeating: "wrap me ", count: 40)
        s.scene.window.layoutIfNeeded()
        #expect(view.frame.height > 3 * (oneLine - 16))
        #expect(view.sizeThatFits(CGSize(width: 380, height: 0)).height == view.frame.height)
        // Scrolling on: no intrinsic size.
        view.isScrollEnabled = true
        #expect(view.intrinsicContentSize.height == UIView.noIntrinsicMetric)
    }

    @Test func theCaretBlinksLikeATextFieldsAndHidesUnderASelection() {
        let s = TextViewScene(text: "blink")
        #expect(s.textView.becomeFirstResponder())
        #expect(!s.textView.caretView.isHidden)
        s.scene.clock.advance(by: 0.51)
        #expect(s.textView.caretView.isHidden)
        s.scene.clock.advance(by: 0.5)
        #expect(!s.textView.caretView.isHidden)
        s.type("s")
        #expect(!s.textView.caretView.isHidden)
        s.key(EditingKeyCode.left, modifiers: .shift)
        #expect(s.textView.caretView.isHidden && s.textView.selectedRange == NSRange(location: 5, length: 1))
        s.scene.clock.advance(by: 1.2)
        #expect(s.textView.caretView.isHidden)
        s.key(EditingKeyCode.right)
        #expect(!s.textView.caretView.isHidden && s.textView.selectedRange == NSRange(location: 6, length: 0))
    }

    @Test func traitsAndInputViewsAreKept() {
        let view = UITextView(frame: .zero, textContainer: nil)
        view.keyboardType = .emailAddress
        view.returnKeyType = .send
        view.autocapitalizationType = .none
        let accessory = UIView()
        view.inputAccessoryView = accessory
        view.inputView = accessory
        #expect(view.keyboardType == .emailAddress && view.returnKeyType == .send)
        #expect(view.autocapitalizationType == .none)
        #expect(view.inputAccessoryView === accessory && view.inputView === accessory)
        let styled = NSAttributedString(
            string: "Styled", attributes: [.font: UIFont.systemFont(ofSize: 30), .foregroundColor: UIColor.red])
        view.attributedText = styled
        #expect(view.text == "Styled" && view.font?.pointSize == 30 && view.textColor == .red)
    }
}

@Suite("UITextView bad input") @MainActor struct TextViewBadInputTests {
    @Test func aMegabyteOfPastedTextIsLaidOutAndTypedAfter() {
        let s = TextViewScene(frame: CGRect(x: 20, y: 20, width: 300, height: 200))
        #expect(s.textView.becomeFirstResponder())
        let line = String(repeating: "0123456789 abcdef ", count: 227) + "\n"
        let text = String(repeating: line, count: 256)
        #expect(text.utf8.count > 1_000_000)
        UIPasteboard.general.string = text
        s.textView.paste(nil)
        s.frame()
        #expect(s.textView.text.utf8.count == text.utf8.count)
        #expect(s.textView.contentSize.height > 10_000)
        // The caret (at the end) is in view, and the drawing view covers only the visible part.
        let caret = s.textView.caretRect(forOffset: s.textView.selectedRange.location)
        #expect(s.textView.bounds.contains(caret.offsetBy(dx: 0, dy: 0).insetBy(dx: 0.5, dy: 0.5)))
        #expect(s.textView.textDrawingView.frame == s.textView.bounds)
        // Typing after it works (what it costs: docs/benchmarks.md, not a timed assertion).
        s.type("z")
        #expect(s.textView.text.hasSuffix("\nz"))
    }

    @Test func aTextViewRemovedWhileFirstResponderEndsEditingAndTakesNoMoreKeys() {
        let s = TextViewScene(text: "x")
        #expect(s.textView.becomeFirstResponder())
        _ = s.delegate.take()
        s.textView.removeFromSuperview()
        #expect(!s.textView.isFirstResponder && !s.textView.isEditingText)
        #expect(s.delegate.take() == ["shouldEnd", "didEnd"])
        s.textView.insertText("y")
        #expect(s.textView.text == "x")
        #expect(!s.textView.caretBlink.isBlinking && s.textView.caretView.isHidden)
        // Even a delegate that refuses to end loses the focus when the view leaves.
        s.scene.window.addSubview(s.textView)
        #expect(s.textView.becomeFirstResponder())
        s.delegate.allowsEnd = false
        s.textView.removeFromSuperview()
        #expect(!s.textView.isFirstResponder && !s.textView.isEditingText)
        s.frame()
    }

    @Test func charactersOfSeveralScalarsMoveAsOneAcrossLines() {
        let s = TextViewScene(text: "e\u{301}\n👍🏽x")
        #expect(s.textView.becomeFirstResponder())
        s.key(EditingKeyCode.left)
        s.key(EditingKeyCode.left)
        #expect(s.textView.selectedRange.location == 3)
        s.key(EditingKeyCode.up)
        #expect(s.textView.selectedRange.location == 0)
        s.key(EditingKeyCode.right)
        #expect(s.textView.selectedRange.location == 2)
        s.key(14)
        #expect(s.textView.text == "\n👍🏽x")
    }
}
