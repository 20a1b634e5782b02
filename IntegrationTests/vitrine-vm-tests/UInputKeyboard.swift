import Foundation

/// A keyboard made through uinput with the keys from `KEY_ESC` (1) to `KEY_KPDOT` (83), and
/// `KEY_RIGHTALT` (AltGr): the first 32 of them make udev call it a full keyboard
/// (`ID_INPUT_KEYBOARD`), so libinput gives it the keyboard capability.
final class UInputKeyboard {
    let device: UInputDevice
    var name: String { device.name }
    /// libinput's name for it (`event6`).
    var sysname: String { device.eventSysname }

    init(name: String) throws(UInputError) {
        var capabilities = UInputDevice.Capabilities()
        capabilities.keys = Array(UInput.KEY_ESC...83) + [UInput.KEY_RIGHTALT]
        device = try UInputDevice(name: name, capabilities: capabilities)
    }

    /// Key `code` goes down (`true`) or up, then `SYN_REPORT`; returns whether the write worked.
    @discardableResult
    func key(_ code: UInt16, pressed: Bool) -> Bool {
        device.write([(UInput.EV_KEY, code, pressed ? 1 : 0), (UInput.EV_SYN, UInput.SYN_REPORT, 0)])
    }

    /// Removes the device.
    func destroy() { device.destroy() }
}
