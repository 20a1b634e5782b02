import Foundation
import Testing

@testable import VitrineKit

/// UIKit's text getters: a text field's and a text view's `text` is "" when empty, never nil;
/// a label's stays nil-able.
@MainActor @Suite struct TextEmptyTextTests {
    @Test func aTextFieldsTextIsEmptyNotNil() {
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 34))
        #expect(field.text == "")
        field.text = "Hello"
        #expect(field.text == "Hello")
        field.text = nil
        #expect(field.text == "")
        #expect(field.attributedText?.string == "")
        field.attributedText = nil
        #expect(field.text == "")
    }

    @Test func aTextViewsTextIsEmptyNotNil() {
        let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        #expect(textView.text == "")
        textView.text = "Notes"
        textView.text = nil
        #expect(textView.text == "")
    }

    @Test func aLabelsTextStaysNil() {
        let label = UILabel(frame: .zero)
        #expect(label.text == nil)
        label.text = "A"
        label.text = nil
        #expect(label.text == nil)
    }
}
