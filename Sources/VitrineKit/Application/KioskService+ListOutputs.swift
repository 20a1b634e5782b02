import Foundation
import VitrineConfig
import VitrineDRM
import VitrineInput
import VitrinePlatform

// `--list-outputs`: what the panel has and what the config makes of it, for the person
// writing the config: every card and connector with its EDID identity and modes, the mode
// that would be chosen (or that the config disables it), and the input devices with the
// screen each maps to.
extension KioskService {
    func listOutputs() -> Never {
        let configuration: VitrineConfiguration
        do {
            configuration = try readConfig().configuration
        } catch {
            for problem in error.problems { FileHandle.standardError.write(Data("\(problem)\n".utf8)) }
            exit(ConfigError.exitStatus)
        }
        print(Self.outputListing(configuration))
        exit(0)
    }

    /// The listing's text.
    static func outputListing(_ configuration: VitrineConfiguration) -> String {
        var lines: [String] = []
        let cards = DRMDeviceScanner().devices()
        let chosenCard = DRMDeviceScanner.pick(from: cards)
        if cards.isEmpty { lines.append("no DRM cards: the app would run on the headless backend") }
        for card in cards {
            let marks = [card.driver, card == chosenCard ? "used" : nil, card.isBootVGA ? "boot VGA" : nil]
            lines.append("\(card.devnode) (\(marks.compactMap { $0 }.joined(separator: ", ")))")
            let client: DRMClient
            do {
                client = try DRMClient(path: card.devnode)
            } catch {
                lines.append("  cannot open: \(error)")
                continue
            }
            for connector in client.connectors() where !connector.name.hasPrefix("Writeback") {
                lines += connectorLines(connector, configuration)
            }
        }
        lines.append("input devices (seat \(configuration.seat)):")
        let devices = InputDeviceScanner().devices()
        if devices.isEmpty { lines.append("  none") }
        for device in devices {
            var kinds: [String] = []
            if device.capabilities.contains(.touchscreen) { kinds.append("touchscreen") }
            if device.capabilities.contains(.touchpad) { kinds.append("touchpad") }
            if device.capabilities.contains(.mouse) { kinds.append("mouse") }
            if device.capabilities.contains(.keyboard) { kinds.append("keyboard") }
            let rule = configuration.touchSettings(
                name: device.name, sysname: device.sysname, properties: device.properties)
            let screen: String
            if let output = rule?.output {
                screen = "\(output) (config)"
            } else if let output = device.outputName {
                screen = "\(output) (udev WL_OUTPUT)"
            } else {
                screen = "the main screen"
            }
            var line = "  \(device.sysname) \"\(device.name)\" [\(kinds.joined(separator: ", "))] -> \(screen)"
            if let calibration = rule?.calibration {
                line += ", calibration \(calibration.map { String(format: "%g", $0) }.joined(separator: " "))"
            } else if let property = device.calibrationMatrixProperty {
                line += ", calibration \(property) (udev)"
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    private static func connectorLines(_ connector: DRMConnectorSummary, _ configuration: VitrineConfiguration)
        -> [String]
    {
        var identity = [connector.make, connector.model, connector.serial].compactMap { $0 }.joined(separator: " ")
        if !identity.isEmpty { identity = " \"\(identity)\"" }
        var lines = ["  \(connector.name): \(connector.isConnected ? "connected" : "disconnected")\(identity)"]
        guard connector.isConnected, !connector.modes.isEmpty else { return lines }
        let modes = connector.modes.map { mode in "\(mode)\(mode.isPreferred ? " (preferred)" : "")" }
        lines.append("    modes: \(modes.joined(separator: ", "))")
        let identityForPolicy = DRMConnectorIdentity(
            name: connector.name, make: connector.make, model: connector.model, serial: connector.serial)
        let policy = outputPolicy(configuration, identityForPolicy)
        let rule = configuration.outputSettings(
            connector: connector.name, make: connector.make, model: connector.model, serial: connector.serial)
        guard policy.isEnabled else {
            lines.append("    not used: disabled by the config")
            return lines
        }
        if let choice = policy.modeSelection.choose(from: connector.modes) {
            var line = "    would show \(choice.mode) (mode \(policy.modeSelection))"
            if let rotation = rule?.rotation, rotation.rawValue != 0 { line += ", rotated \(rotation.rawValue)°" }
            if let scale = rule?.scale { line += ", scale \(scale)" }
            lines.append(line)
            if let warning = choice.warning { lines.append("    note: \(warning)") }
        }
        return lines
    }
}
