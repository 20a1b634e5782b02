import Foundation
import VitrineConfig
import VitrinePlatform

// `--list-outputs`: what the panel has and what the config makes of it, for the person
// writing the config. Each registered backend lists what it finds (the DRM backend: every
// card and connector with its EDID identity and modes, and the input devices); the service
// answers for the config: the mode that would be chosen or that it disables the connector,
// rotation, scale and overscan, the screen each input device maps to and its calibration.
extension KioskService {
    func listOutputs() -> Never {
        let configuration: VitrineConfiguration
        do {
            configuration = try readConfig().configuration
        } catch {
            for problem in error.problems { FileHandle.standardError.write(Data("\(problem)\n".utf8)) }
            exit(ConfigError.exitStatus)
        }
        print(Self.outputListing(configuration, registry: registry))
        print(Self.gpuListing(GPUProbe.surfaceless()).joined(separator: "\n"))
        exit(0)
    }

    /// The listing's text.
    static func outputListing(_ configuration: VitrineConfiguration, registry: BackendRegistry) -> String {
        registry.outputListing(listingContext(configuration)).joined(separator: "\n")
    }

    /// The GPU's lines: EGL's vendor and version, the OpenGL ES renderer and version, and the
    /// renderer `auto` would pick with it.
    static func gpuListing(_ probe: GPUProbe) -> [String] {
        let auto = RendererSelection.choose(.auto, source: nil) { probe }
        return [
            "GPU (\(probe.platform)):",
            probe.failure.map { "  no usable OpenGL ES context: \($0)" } ?? "  EGL: \(probe.egl ?? "?")",
        ] + (probe.failure == nil ? ["  OpenGL ES: \(probe.glRenderer ?? "?"), \(probe.glVersion ?? "?")"] : [])
            + ["  renderer auto would draw with: \(auto.renderer.rawValue)"]
    }

    /// What the listing asks of the config.
    static func listingContext(_ configuration: VitrineConfiguration) -> OutputListingContext {
        OutputListingContext(
            policy: { output in outputPolicy(configuration, output) },
            settingsNote: { output in
                let rule = configuration.outputSettings(
                    connector: output.name, make: output.make, model: output.model, serial: output.serial)
                var notes: [String] = []
                if let rotation = rule?.rotation, rotation.rawValue != 0 {
                    notes.append("rotated \(rotation.rawValue)°")
                }
                if let scale = rule?.scale { notes.append("scale \(scale)") }
                if let overscan = rule?.overscan, !overscan.isZero { notes.append("overscan \(overscan)") }
                return notes.isEmpty ? nil : notes.joined(separator: ", ")
            },
            inputNote: { name, sysname, properties in
                let rule = configuration.touchSettings(name: name, sysname: sysname, properties: properties)
                let calibration = rule?.calibration?.map { String(format: "%g", $0) }.joined(separator: " ")
                return (rule?.output, calibration)
            },
            seat: configuration.seat)
    }
}
