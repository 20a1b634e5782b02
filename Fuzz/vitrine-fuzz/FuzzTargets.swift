import Foundation
import VitrineConfig
import VitrineDRM
import VitrineInterface
import VitrineKit
import VitrineService

/// One parser given arbitrary bytes. It must return for every input: a crash, a trap or a
/// failed `precondition` (an invariant the parser promises) is a finding.
struct FuzzTarget: Sendable {
    /// The name on the command line and of its corpus folder, `Fuzz/corpus/<name>`.
    var name: String
    /// What it feeds, for `--list`.
    var summary: String
    /// Runs one input. Called on the main thread (libFuzzer's callback and the replay loop both
    /// run there), so main-actor API is reached with `MainActor.assumeIsolated`.
    var run: @Sendable (_ input: [UInt8]) -> Void

    /// Every target, in the order `--list` prints them.
    static let all: [FuzzTarget] = [config, image, edid, controlRequest, controlReply, interface, nib]

    /// The target called `name`.
    static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }

    /// The daemon's TOML configuration: `ConfigLoader.check(text:file:)`, parsing and
    /// validation together, for the bytes that pass the loader's UTF-8 check (its `read`).
    static let config = FuzzTarget(
        name: "config", summary: "ConfigLoader: TOML parsing and validation (vitrine.toml)"
    ) { input in
        guard let text = String(validating: input, as: UTF8.self) else { return }
        let lineCount = text.utf8.count { $0 == UInt8(ascii: "\n") } + 1
        for diagnostic in ConfigLoader.check(text: text, file: "fuzz.toml") {
            // A diagnostic names a line of the file, or none.
            if let line = diagnostic.line {
                precondition((1...lineCount).contains(line), "line \(line) of a \(lineCount)-line file: \(diagnostic)")
            }
            _ = diagnostic.description
        }
    }

    /// PNG and JPEG decoding as an app reaches it: `UIImage(data:)`.
    static let image = FuzzTarget(name: "image", summary: "UIImage(data:): PNG (cairo) and JPEG (TurboJPEG)") { input in
        MainActor.assumeIsolated {
            guard let image = UIImage(data: Data(input)) else { return }
            let size = image.size
            // A decoded image has pixels: the decoders refuse empty and oversized pictures.
            precondition(
                size.width >= 1 && size.height >= 1 && size.width.isFinite && size.height.isFinite, "size \(size)")
            precondition(
                Double(size.width) * Double(size.height) <= Double(ImageCodec.maximumPixelCount), "size \(size)")
        }
    }

    /// A monitor's EDID as the DRM backend reads it from a connector.
    static let edid = FuzzTarget(name: "edid", summary: "EDID(bytes:): a connector's EDID blob") { input in
        guard let edid = try? EDID(bytes: input) else { return }
        precondition(edid.make.count == 3, "make \(edid.make)")
        _ = (edid.model, edid.serial, edid.widthMillimeters, edid.heightMillimeters, edid.version)
        if let timing = edid.preferredTiming {
            precondition(timing.refreshMillihertz >= 0, "refresh \(timing.refreshMillihertz)")
        }
    }

    /// A request line the control socket's server reads (the bytes before the first newline,
    /// as `UnixSocket.readLine` gives them).
    static let controlRequest = FuzzTarget(
        name: "control-request", summary: "ControlRequest.parse: a line sent to the control socket"
    ) { input in
        let line = input.prefix { $0 != UInt8(ascii: "\n") }
        guard let request = ControlRequest.parse(line) else {
            precondition(line.allSatisfy { $0 == UInt8(ascii: " ") }, "a line with a word gave no request")
            return
        }
        precondition(!request.command.isEmpty && !request.arguments.contains(""), "an empty word: \(request)")
        // What the client would send for it is read back as the same request.
        precondition(ControlRequest.parse(Array(request.line.utf8)) == request, "round trip: \(request)")
    }

    /// The header line the control socket's client reads before the PNG.
    static let controlReply = FuzzTarget(
        name: "control-reply", summary: "ControlReplyHeader.parse: the daemon's answer line"
    ) { input in
        let line = String(decoding: input.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        guard let header = ControlReplyHeader.parse(line) else { return }
        if case .image(let length, let screen, let width, let height) = header {
            precondition(length > 0 && length < ControlReplyHeader.maximumLength, "length \(length)")
            precondition(!screen.isEmpty && width >= 1 && height >= 1, "\(header)")
        }
        // The line the server would write for it is read back as the same header.
        precondition(ControlReplyHeader.parse(header.line) == header, "round trip: \(header)")
    }

    /// An interface file read into the document model (libxml2's SAX2 push parser).
    static let interface = FuzzTarget(
        name: "interface", summary: "InterfaceDocument.parse: a .xib or .storyboard into the document model"
    ) { input in
        guard let (document, warnings) = try? InterfaceDocument.parse(data: Data(input), fileName: "fuzz.xib")
        else { return }
        _ = (document.scenes.count, document.topLevelObjects.count, warnings.count)
    }

    /// An interface file made into views: `UINib(data:bundle:)` and `instantiate`, the whole
    /// builder (properties, subviews, constraints, runtime attributes, connections).
    static let nib = FuzzTarget(
        name: "nib", summary: "UINib(data:bundle:).instantiate: a .xib made into views"
    ) { input in
        MainActor.assumeIsolated {
            let objects = UINib(data: Data(input), bundle: nil).instantiate(withOwner: nil)
            for case let view as UIView in objects { view.layoutIfNeeded() }
        }
    }
}
