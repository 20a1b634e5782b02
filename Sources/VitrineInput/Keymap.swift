internal import CXKBCommon

/// A keyboard layout, as xkbcommon compiles it from XKB rule names (`us`, `de(nodeadkeys)`),
/// with the state of the modifiers: turns evdev key codes into the characters they type.
///
/// Compositors do this per seat; Vitrine keeps one for all keyboards of the seat, as kiosks
/// rarely have more than one.
public final class Keymap {
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer
    /// The layout it was made from.
    public let layout: String

    /// A keymap for `layout` (and optional `variant`) with the default rules and model. Nil
    /// when xkbcommon cannot compile it (an unknown layout, or no XKB data installed).
    public init?(layout: String = "us", variant: String? = nil) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        let compiled: OpaquePointer? = layout.withCString { layoutName in
            (variant ?? "").withCString { variantName in
                var names = xkb_rule_names(
                    rules: nil, model: nil, layout: layoutName, variant: variant == nil ? nil : variantName,
                    options: nil)
                return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
            }
        }
        guard let keymap = compiled, let state = xkb_state_new(keymap) else {
            if let compiled { xkb_keymap_unref(compiled) }
            xkb_context_unref(context)
            return nil
        }
        self.context = context
        self.keymap = keymap
        self.state = state
        self.layout = layout
    }

    /// What a key change types: its characters with and without the modifiers held, and the
    /// modifiers, read before the change is applied (so a Shift press reports no Shift), then
    /// the change updates the modifier state.
    public func process(keyCode: UInt32, isPressed: Bool) -> (
        characters: String, charactersIgnoringModifiers: String, modifiers: KeyModifierState
    ) {
        // XKB key codes are evdev codes plus 8 (X11's historical offset).
        let code = keyCode + 8
        let characters = utf8(state, code)
        let modifiers = currentModifiers()
        let plainState = xkb_state_new(keymap)
        let plain = plainState.map { utf8($0, code) } ?? characters
        if let plainState { xkb_state_unref(plainState) }
        xkb_state_update_key(state, code, isPressed ? XKB_KEY_DOWN : XKB_KEY_UP)
        return (characters, plain, modifiers)
    }

    private func utf8(_ state: OpaquePointer, _ code: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = xkb_state_key_get_utf8(state, code, &buffer, buffer.count)
        guard length > 0 else { return "" }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

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
