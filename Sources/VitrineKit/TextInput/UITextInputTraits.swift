import Foundation

/// The kind of keyboard a text receiver asks for, as UIKit's `UIKeyboardType` (same raw
/// values). Vitrine's on-screen keyboard shows letters for the text types, a number pad for
/// `.numberPad`/`.asciiCapableNumberPad`, a decimal pad for `.decimalPad` and a phone pad for
/// `.phonePad`/`.namePhonePad`; `.emailAddress`, `.URL`, `.twitter` and `.webSearch` add
/// their keys ("@", ".", "/", "#") to the letters.
public enum UIKeyboardType: Int, Sendable, CaseIterable {
    case `default` = 0
    case asciiCapable = 1
    case numbersAndPunctuation = 2
    case URL = 3
    case numberPad = 4
    case phonePad = 5
    case namePhonePad = 6
    case emailAddress = 7
    case decimalPad = 8
    case twitter = 9
    case webSearch = 10
    case asciiCapableNumberPad = 11
    /// As UIKit's `alphabet`: `.asciiCapable`.
    public static let alphabet = UIKeyboardType.asciiCapable
}

/// The title of the keyboard's return key, as UIKit's `UIReturnKeyType` (same raw values).
public enum UIReturnKeyType: Int, Sendable, CaseIterable {
    case `default` = 0
    case go = 1
    case google = 2
    case join = 3
    case next = 4
    case route = 5
    case search = 6
    case send = 7
    case yahoo = 8
    case done = 9
    case emergencyCall = 10
    case `continue` = 11
}

/// When the keyboard turns on Shift by itself, as UIKit's `UITextAutocapitalizationType`.
public enum UITextAutocapitalizationType: Int, Sendable, CaseIterable {
    case none = 0
    case words = 1
    case sentences = 2
    case allCharacters = 3
}

/// Whether autocorrection is on, as UIKit's `UITextAutocorrectionType` (Vitrine's keyboard
/// does not autocorrect: the value is kept for the app).
public enum UITextAutocorrectionType: Int, Sendable, CaseIterable {
    case `default` = 0
    case no = 1
    case yes = 2
}

/// Whether spell checking is on, as UIKit's `UITextSpellCheckingType` (kept, not acted on).
public enum UITextSpellCheckingType: Int, Sendable, CaseIterable {
    case `default` = 0
    case no = 1
    case yes = 2
}

/// The keyboard's look, as UIKit's `UIKeyboardAppearance`.
public enum UIKeyboardAppearance: Int, Sendable, CaseIterable {
    case `default` = 0
    case dark = 1
    case light = 2
    /// As UIKit's `alert`: `.dark`.
    public static let alert = UIKeyboardAppearance.dark
}

/// What a text receiver's content means, as UIKit's `UITextContentType` (a string constant;
/// kept for the app, Vitrine fills nothing in automatically).
public struct UITextContentType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let name = UITextContentType("name")
    public static let givenName = UITextContentType("given-name")
    public static let familyName = UITextContentType("family-name")
    public static let username = UITextContentType("username")
    public static let password = UITextContentType("password")
    public static let newPassword = UITextContentType("new-password")
    public static let oneTimeCode = UITextContentType("one-time-code")
    public static let emailAddress = UITextContentType("email")
    public static let telephoneNumber = UITextContentType("tel")
    public static let URL = UITextContentType("url")
    public static let postalCode = UITextContentType("postal-code")
}

/// How a text receiver wants the keyboard to behave, as UIKit's `UITextInputTraits`. Every
/// property is optional in UIKit: here each has a default (UIKit's) that a conforming type
/// replaces by declaring its own stored property; setting a trait the type does not store
/// does nothing, as sending an unimplemented optional setter would not in UIKit.
@preconcurrency @MainActor
public protocol UITextInputTraits: AnyObject {
    /// The keyboard to show, as `keyboardType` (`.default`).
    var keyboardType: UIKeyboardType { get set }
    /// The return key's title, as `returnKeyType` (`.default`, "return").
    var returnKeyType: UIReturnKeyType { get set }
    /// When Shift turns on by itself, as `autocapitalizationType` (`.sentences`).
    var autocapitalizationType: UITextAutocapitalizationType { get set }
    /// As `autocorrectionType` (`.default`; Vitrine does not autocorrect).
    var autocorrectionType: UITextAutocorrectionType { get set }
    /// As `spellCheckingType` (`.default`; Vitrine does not check spelling).
    var spellCheckingType: UITextSpellCheckingType { get set }
    /// The keyboard's look, as `keyboardAppearance` (`.default`).
    var keyboardAppearance: UIKeyboardAppearance { get set }
    /// Whether the return key is disabled while there is no text, as
    /// `enablesReturnKeyAutomatically` (false).
    var enablesReturnKeyAutomatically: Bool { get set }
    /// Whether the text is hidden as it is typed, as `isSecureTextEntry` (false).
    var isSecureTextEntry: Bool { get set }
    /// What the text means, as `textContentType` (nil).
    var textContentType: UITextContentType! { get set }
}

extension UITextInputTraits {
    public var keyboardType: UIKeyboardType {
        get { .default }
        set {}
    }
    public var returnKeyType: UIReturnKeyType {
        get { .default }
        set {}
    }
    public var autocapitalizationType: UITextAutocapitalizationType {
        get { .sentences }
        set {}
    }
    public var autocorrectionType: UITextAutocorrectionType {
        get { .default }
        set {}
    }
    public var spellCheckingType: UITextSpellCheckingType {
        get { .default }
        set {}
    }
    public var keyboardAppearance: UIKeyboardAppearance {
        get { .default }
        set {}
    }
    public var enablesReturnKeyAutomatically: Bool {
        get { false }
        set {}
    }
    public var isSecureTextEntry: Bool {
        get { false }
        set {}
    }
    public var textContentType: UITextContentType! {
        get { nil }
        set {}
    }
}

/// A responder that takes typed text, as UIKit's `UIKeyInput`: a custom view that adopts it
/// and returns true from `canBecomeFirstResponder` gets the hardware keyboard's characters
/// and the on-screen keyboard's keys once it is first responder. Return arrives as
/// `insertText("\n")`, as in UIKit.
@preconcurrency @MainActor
public protocol UIKeyInput: UITextInputTraits {
    /// Whether there is text to delete, as `hasText`.
    var hasText: Bool { get }
    /// Types `text` at the insertion point, as `insertText(_:)`.
    func insertText(_ text: String)
    /// Deletes the character before the insertion point (or the selection), as
    /// `deleteBackward()`.
    func deleteBackward()
}
