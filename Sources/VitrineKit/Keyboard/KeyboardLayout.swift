import Foundation

/// What a key of the on-screen keyboard does.
enum KeyboardKeyAction: Equatable, Sendable {
    /// Types its text (`insertText(_:)`), upper-cased while Shift or Caps Lock is on when it
    /// is a letter.
    case text(String)
    /// Deletes backwards (`deleteBackward()`), repeating while held.
    case backspace
    /// Types "\n", as UIKit's return key; titled by `returnKeyType`.
    case `return`
    /// Shift: one tap shifts the next letter, a double tap locks (Caps Lock).
    case shift
    /// Types a space.
    case space
    /// Shows another page of the keyboard.
    case page(KeyboardPage)
    /// Resigns the first responder, as the iPad's dismiss-keyboard key.
    case hide
    /// A gap: draws nothing and does nothing.
    case gap
}

/// The pages of the letters keyboard.
enum KeyboardPage: Equatable, Sendable {
    case letters
    case numbers
    case symbols
}

/// One key: its action, its label and its width in key units of its row.
struct KeyboardKey: Equatable, Sendable {
    var action: KeyboardKeyAction
    var label: String
    var width: CGFloat

    init(_ action: KeyboardKeyAction, _ label: String, width: CGFloat = 1) {
        self.action = action
        self.label = label
        self.width = width
    }

    static func character(_ text: String) -> KeyboardKey { KeyboardKey(.text(text), text) }

    /// Whether it draws as a function key (gray) rather than a character key (white).
    var isFunctionKey: Bool {
        switch action {
        case .text(let text): text.count > 1 && !text.hasPrefix(".")
        case .space: false
        default: true
        }
    }

    /// Whether pressing it pops up the callout above it (character keys, as iOS).
    var showsCallout: Bool {
        if case .text = action { return true }
        return false
    }
}

/// The letters layout of the on-screen keyboard: from the config's `[keyboard] layout`
/// (XKB names: "de", "at", "ch" give German QWERTZ, anything else US English) or, without
/// one, the locale's language ("de" gives German).
package enum OnScreenKeyboardLayout: String, CaseIterable, Sendable {
    /// US English QWERTY.
    case us
    /// German QWERTZ with ü, ö, ä and ß.
    case german = "de"

    /// The layout for an XKB layout name ("de", "us", "de,us": the first counts).
    package init(xkbLayout: String) {
        let first = xkbLayout.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        switch first.lowercased() {
        case "de", "at", "ch": self = .german
        default: self = .us
        }
    }

    /// The layout for a locale (its language: German gives `.german`).
    package init(locale: Locale) {
        self = locale.language.languageCode?.identifier == "de" ? .german : .us
    }

    /// The locale's layout, from `LC_ALL` / `LC_MESSAGES` / `LANG` (like "de_DE.UTF-8")
    /// when set, else `Locale.current`.
    static var fromEnvironment: OnScreenKeyboardLayout {
        let environment = ProcessInfo.processInfo.environment
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[name], !value.isEmpty, value != "C", value != "POSIX" {
                let language = value.prefix { $0 != "_" && $0 != "." && $0 != "@" }
                return language == "de" ? .german : .us
            }
        }
        return OnScreenKeyboardLayout(locale: .current)
    }

    /// The currency sign of the numbers page.
    var currency: String { self == .german ? "€" : "$" }
    /// The decimal pad's separator.
    var decimalSeparator: String { self == .german ? "," : "." }
}

/// The rows of keys the keyboard shows for a layout, a page, a keyboard type and the shift
/// state.
enum KeyboardRows {
    static let backspace = KeyboardKey(.backspace, "⌫", width: 1.5)
    static let hide = KeyboardKey(.hide, "⌨︎", width: 1.5)

    /// The rows of the letters keyboard (4 rows, iPad-like).
    static func rows(
        layout: OnScreenKeyboardLayout, page: KeyboardPage, keyboardType: UIKeyboardType, returnTitle: String
    ) -> [[KeyboardKey]] {
        switch keyboardType {
        case .numberPad, .asciiCapableNumberPad: return pad(bottomLeft: nil, extra: [nil, nil])
        case .decimalPad: return pad(bottomLeft: layout.decimalSeparator, extra: [nil, nil])
        case .phonePad: return pad(bottomLeft: "+", extra: ["*", "#"])
        default: break
        }
        let returnKey = KeyboardKey(.return, returnTitle, width: 1.75)
        var rows: [[KeyboardKey]]
        switch page {
        case .letters:
            switch layout {
            case .us:
                rows = [
                    "qwertyuiop".map { .character(String($0)) } + [backspace],
                    [KeyboardKey(.gap, "", width: 0.5)] + "asdfghjkl".map { .character(String($0)) } + [returnKey],
                    [KeyboardKey(.shift, "⇧", width: 1.5)] + "zxcvbnm,.".map { .character(String($0)) }
                        + [KeyboardKey(.shift, "⇧", width: 1.5)],
                ]
            case .german:
                rows = [
                    "qwertzuiopü".map { .character(String($0)) } + [backspace],
                    "asdfghjklöä".map { .character(String($0)) } + [returnKey],
                    [KeyboardKey(.shift, "⇧", width: 1.5)] + "yxcvbnmß,.".map { .character(String($0)) }
                        + [KeyboardKey(.shift, "⇧", width: 1.5)],
                ]
            }
        case .numbers:
            rows = [
                "1234567890".map { .character(String($0)) } + [backspace],
                ["-", "/", ":", ";", "(", ")", layout.currency, "&", "@", "\""].map { .character($0) } + [returnKey],
                [KeyboardKey(.page(.symbols), "#+=", width: 1.5)] + [".", ",", "?", "!", "'"].map { .character($0) }
                    + [KeyboardKey(.page(.symbols), "#+=", width: 1.5)],
            ]
        case .symbols:
            rows = [
                ["[", "]", "{", "}", "#", "%", "^", "*", "+", "="].map { .character($0) } + [backspace],
                ["_", "\\", "|", "~", "<", ">", layout == .german ? "$" : "€", "£", "¥", "•"].map { .character($0) }
                    + [returnKey],
                [KeyboardKey(.page(.numbers), "123", width: 1.5)] + [".", ",", "?", "!", "'"].map { .character($0) }
                    + [KeyboardKey(.page(.numbers), "123", width: 1.5)],
            ]
        }
        let pageKey =
            page == .letters
            ? KeyboardKey(.page(.numbers), ".?123", width: 1.5) : KeyboardKey(.page(.letters), "ABC", width: 1.5)
        var bottom: [KeyboardKey] = [pageKey]
        switch keyboardType {
        case .emailAddress:
            bottom += [KeyboardKey(.space, "space", width: 4), .character("@"), .character(".")]
        case .URL:
            bottom += [
                .character("/"), KeyboardKey(.space, "space", width: 3), KeyboardKey(.text(".com"), ".com"),
                .character("."),
            ]
        case .twitter:
            bottom += [.character("@"), KeyboardKey(.space, "space", width: 4), .character("#")]
        case .webSearch:
            bottom += [KeyboardKey(.space, "space", width: 5), .character(".")]
        default:
            bottom += [KeyboardKey(.space, "space", width: 6)]
        }
        bottom += [pageKey, hide]
        rows.append(bottom)
        return rows
    }

    /// A 4x4 pad: digits in three columns, then Backspace, `extra` and Hide in the fourth.
    static func pad(bottomLeft: String?, extra: [String?]) -> [[KeyboardKey]] {
        func key(_ text: String?) -> KeyboardKey { text.map { .character($0) } ?? KeyboardKey(.gap, "") }
        let backspace = KeyboardKey(.backspace, "⌫")
        let hide = KeyboardKey(.hide, "⌨︎")
        return [
            ["1", "2", "3"].map { key($0) } + [backspace],
            ["4", "5", "6"].map { key($0) } + [key(extra[0])],
            ["7", "8", "9"].map { key($0) } + [key(extra[1])],
            [key(bottomLeft), key("0"), KeyboardKey(.gap, ""), hide],
        ]
    }

    /// Whether the keyboard type shows a pad rather than the letters keyboard.
    static func isPad(_ keyboardType: UIKeyboardType) -> Bool {
        switch keyboardType {
        case .numberPad, .asciiCapableNumberPad, .decimalPad, .phonePad: true
        default: false
        }
    }

    /// The page a keyboard type starts on.
    static func initialPage(for keyboardType: UIKeyboardType) -> KeyboardPage {
        keyboardType == .numbersAndPunctuation ? .numbers : .letters
    }

    /// The return key's title for a `UIReturnKeyType`, as UIKit's English titles.
    static func returnTitle(_ type: UIReturnKeyType) -> String {
        switch type {
        case .default: "return"
        case .go: "Go"
        case .google, .yahoo, .search: "Search"
        case .join: "Join"
        case .next: "Next"
        case .route: "Route"
        case .send: "Send"
        case .done: "Done"
        case .emergencyCall: "Emergency Call"
        case .continue: "Continue"
        }
    }
}
