internal import CXKBCommon
import Foundation
import VitrinePlatform

/// A keyboard layout, as xkbcommon compiles it from XKB rule names (`us`, `de(nodeadkeys)`),
/// with the state of the modifiers and of a compose sequence: turns evdev key codes into the
/// characters they type.
///
/// Dead keys and the Compose key go through xkbcommon's compose tables (libX11's
/// `/usr/share/X11/locale/<locale>/Compose`, or `~/.XCompose` and `XCOMPOSEFILE` as
/// xkbcommon reads them): a key that starts or continues a sequence types nothing (`""`),
/// the key that completes it types the composed text (dead acute then `e` types "é" on the
/// `de` layout), and a key that breaks a sequence off types nothing either, as in GTK and Qt.
/// With no compose table for the locale, dead keys type nothing and everything else works.
///
/// Compositors do this per seat; Vitrine keeps one for all keyboards of the seat, as kiosks
/// rarely have more than one.
public final class Keymap {
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer
    /// The compose state, nil when no compose table could be loaded.
    private let composeState: OpaquePointer?
    /// The layout it was made from.
    public let layout: String
    /// The layout variant it was made from (`nodeadkeys`, `intl`), if any.
    public let variant: String?
    /// The locale whose compose table is loaded (it may be a fallback of the one asked for),
    /// nil when none could be loaded.
    public let composeLocale: String?
    /// Why no compose table is loaded, for a log line; nil when one is.
    public let composeProblem: String?

    /// Where compose sequences come from.
    enum ComposeSource {
        /// The table of a locale (tried in order: the first that loads).
        case locales([String])
        /// A table in the Compose file format, for tests.
        case buffer([UInt8], locale: String)
    }

    /// A keymap for `layout` (and optional `variant`) with the default rules and model, and
    /// the compose table of `composeLocale` (by default the environment's, see
    /// `composeLocale(configured:environment:)`; "C" and then "en_US.UTF-8" when the locale
    /// has none). Nil when xkbcommon cannot compile the layout (an unknown layout, or no XKB
    /// data installed); a missing compose table is not a failure (`composeProblem` says why).
    public convenience init?(layout: String = "us", variant: String? = nil, composeLocale: String? = nil) {
        let locale =
            composeLocale ?? Self.composeLocale(configured: nil, environment: ProcessInfo.processInfo.environment)
        var locales = [locale]
        for fallback in ["C", "en_US.UTF-8"] where !locales.contains(fallback) { locales.append(fallback) }
        self.init(layout: layout, variant: variant, compose: .locales(locales))
    }

    /// The keymap a Wayland compositor sends with `wl_keyboard.keymap` (XKB text, format
    /// `xkb_v1`): the desktop's layout, whatever the config says; the compose table as
    /// `init(layout:variant:composeLocale:)` finds it. Nil when xkbcommon cannot compile it.
    public convenience init?(keymapText: String, composeLocale: String? = nil) {
        let locale =
            composeLocale ?? Self.composeLocale(configured: nil, environment: ProcessInfo.processInfo.environment)
        var locales = [locale]
        for fallback in ["C", "en_US.UTF-8"] where !locales.contains(fallback) { locales.append(fallback) }
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        let keymap = xkb_keymap_new_from_string(
            context, keymapText, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS)
        self.init(context: context, keymap: keymap, layout: "compositor", variant: nil, compose: .locales(locales))
    }

    /// The modifier and group state a compositor sends (`wl_keyboard.modifiers`), which holds
    /// over what the keys seen so far would give (keys pressed before the window had focus).
    public func updateModifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
    }

    /// Whether the key repeats while held (not a modifier, say), as the keymap says.
    public func repeats(keyCode: UInt32) -> Bool {
        xkb_keymap_key_repeats(keymap, keyCode + 8) != 0
    }

    convenience init?(layout: String, variant: String?, compose: ComposeSource) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        let compiled: OpaquePointer? = layout.withCString { layoutName in
            (variant ?? "").withCString { variantName in
                var names = xkb_rule_names(
                    rules: nil, model: nil, layout: layoutName, variant: variant == nil ? nil : variantName,
                    options: nil)
                return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
            }
        }
        self.init(context: context, keymap: compiled, layout: layout, variant: variant, compose: compose)
    }

    /// A keymap over `compiled` (nil: the compile failed), made in `context`; takes both.
    private init?(
        context: OpaquePointer, keymap compiled: OpaquePointer?, layout: String, variant: String?,
        compose: ComposeSource
    ) {
        guard let keymap = compiled, let state = xkb_state_new(keymap) else {
            if let compiled { xkb_keymap_unref(compiled) }
            xkb_context_unref(context)
            return nil
        }
        let (table, locale, problem) = Self.composeTable(compose, context: context)
        self.context = context
        self.keymap = keymap
        self.state = state
        self.layout = layout
        self.variant = variant
        self.composeState = table.flatMap { xkb_compose_state_new($0, XKB_COMPOSE_STATE_NO_FLAGS) }
        // The state holds its own reference to the table.
        if let table { xkb_compose_table_unref(table) }
        self.composeLocale = composeState == nil ? nil : locale
        self.composeProblem = composeState == nil ? (problem ?? "no compose state") : nil
    }

    /// The compose table `source` names, the locale it is for, or why there is none.
    private static func composeTable(_ source: ComposeSource, context: OpaquePointer) -> (
        OpaquePointer?, String?, String?
    ) {
        switch source {
        case .locales(let locales):
            for locale in locales {
                if let table = xkb_compose_table_new_from_locale(context, locale, XKB_COMPOSE_COMPILE_NO_FLAGS) {
                    return (table, locale, nil)
                }
            }
            return (
                nil, nil,
                "no compose table for locale \(locales.joined(separator: " or ")) "
                    + "(is libX11's data, /usr/share/X11/locale, installed?): dead keys and the Compose key type nothing"
            )
        case .buffer(let bytes, let locale):
            let table = bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    xkb_compose_table_new_from_buffer(
                        context, chars.baseAddress, chars.count, locale, XKB_COMPOSE_FORMAT_TEXT_V1,
                        XKB_COMPOSE_COMPILE_NO_FLAGS)
                }
            }
            return (table, locale, table == nil ? "the compose table does not parse" : nil)
        }
    }

    /// The locale compose sequences follow: `configured` when given, else the environment's
    /// `LC_ALL`, `LC_CTYPE` or `LANG` (the first set and not empty, as setlocale(3) reads
    /// them for character handling), else "C" (which xkbcommon treats as en_US.UTF-8).
    public static func composeLocale(configured: String?, environment: [String: String]) -> String {
        if let configured, !configured.isEmpty { return configured }
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let value = environment[name], !value.isEmpty { return value }
        }
        return "C"
    }

    /// What a key change types: its characters with and without the modifiers held, and the
    /// modifiers, read before the change is applied (so a Shift press reports no Shift), then
    /// the change updates the modifier state. A press also goes through the compose state:
    /// inside a sequence `characters` is empty, and the press that completes one has the
    /// composed text.
    public func process(keyCode: UInt32, isPressed: Bool) -> (
        characters: String, charactersIgnoringModifiers: String, modifiers: KeyModifierState
    ) {
        // XKB key codes are evdev codes plus 8 (X11's historical offset).
        let code = keyCode + 8
        var characters = utf8(state, code)
        let modifiers = currentModifiers()
        let plainState = xkb_state_new(keymap)
        let plain = plainState.map { utf8($0, code) } ?? characters
        if let plainState { xkb_state_unref(plainState) }
        if isPressed, let composed = compose(xkb_state_key_get_one_sym(state, code)) {
            characters = composed
        }
        xkb_state_update_key(state, code, isPressed ? XKB_KEY_DOWN : XKB_KEY_UP)
        return (characters, plain, modifiers)
    }

    /// Feeds a pressed key's symbol to the compose state: what it types instead of its own
    /// characters ("" inside or at the end of a broken sequence, the composed text at the end
    /// of one), or nil when it takes no part in a sequence (modifiers are ignored by
    /// xkbcommon, so Shift inside a sequence does not break it).
    private func compose(_ keysym: xkb_keysym_t) -> String? {
        guard let composeState, keysym != 0,
            xkb_compose_state_feed(composeState, keysym) == XKB_COMPOSE_FEED_ACCEPTED
        else { return nil }
        switch xkb_compose_state_get_status(composeState) {
        case XKB_COMPOSE_COMPOSING:
            return ""
        case XKB_COMPOSE_COMPOSED:
            defer { xkb_compose_state_reset(composeState) }
            let text = Self.readUTF8 { buffer, size in xkb_compose_state_get_utf8(composeState, buffer, size) }
            if !text.isEmpty { return text }
            // A sequence that yields a keysym alone: the keysym's character.
            let symbol = xkb_compose_state_get_one_sym(composeState)
            return Self.readUTF8 { buffer, size in xkb_keysym_to_utf8(symbol, buffer, size) - 1 }
        case XKB_COMPOSE_CANCELLED:
            xkb_compose_state_reset(composeState)
            return ""
        default:
            return nil
        }
    }

    private func utf8(_ state: OpaquePointer, _ code: UInt32) -> String {
        Self.readUTF8 { buffer, size in xkb_state_key_get_utf8(state, code, buffer, size) }
    }

    /// Text from an xkbcommon function that writes NUL-terminated UTF-8 into a buffer and
    /// returns its length (snprintf's convention: the length it needed, which may exceed the
    /// buffer), with a bigger buffer when the first is short.
    private static func readUTF8(_ write: (UnsafeMutablePointer<CChar>, Int) -> Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        var length = buffer.withUnsafeMutableBufferPointer { write($0.baseAddress!, $0.count) }
        if length >= buffer.count {
            buffer = [CChar](repeating: 0, count: Int(length) + 1)
            length = buffer.withUnsafeMutableBufferPointer { write($0.baseAddress!, $0.count) }
        }
        guard length > 0 else { return "" }
        return decode(buffer.prefix(min(Int(length), buffer.count - 1)).map { UInt8(bitPattern: $0) })
    }

    /// `bytes` as text; bytes that are not UTF-8 (which xkbcommon should never hand out)
    /// become U+FFFD rather than trap.
    static func decode(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// The modifiers active now, as `UIKeyModifierFlags` spell them.
    public func activeModifiers() -> KeyModifiers { KeyModifiers(currentModifiers()) }

    private func currentModifiers() -> KeyModifierState {
        func active(_ name: String) -> Bool {
            xkb_state_mod_name_is_active(state, name, XKB_STATE_MODS_EFFECTIVE) > 0
        }
        return KeyModifierState(
            shift: active(XKB_MOD_NAME_SHIFT), capsLock: active(XKB_MOD_NAME_CAPS),
            control: active(XKB_MOD_NAME_CTRL), alternate: active(XKB_MOD_NAME_ALT),
            command: active(XKB_MOD_NAME_LOGO))
    }

    deinit {
        if let composeState { xkb_compose_state_unref(composeState) }
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }
}

/// The modifiers active when a key changed.
public struct KeyModifierState: Hashable, Sendable {
    public var shift: Bool
    public var capsLock: Bool
    public var control: Bool
    public var alternate: Bool
    public var command: Bool
}

extension KeyModifiers {
    /// The modifiers of `state`, as `UIKeyModifierFlags` spell them (Caps Lock is
    /// `.alphaShift`).
    public init(_ state: KeyModifierState) {
        self = []
        if state.shift { insert(.shift) }
        if state.capsLock { insert(.alphaShift) }
        if state.control { insert(.control) }
        if state.alternate { insert(.alternate) }
        if state.command { insert(.command) }
    }
}
