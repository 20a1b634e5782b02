import Foundation

@testable import VitrineInterface

/// Files next to the tests: fixtures are read by path (excluded from the target), as the
/// fixtures of other test targets are.
enum InterfaceFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures")

    static func url(_ relative: String) -> URL { directory.appendingPathComponent(relative) }

    /// Loads a fixture that must load, with its warnings.
    static func load(_ relative: String) throws -> (document: InterfaceDocument, warnings: [InterfaceDiagnostic]) {
        try InterfaceDocument.load(contentsOf: url(relative))
    }

    /// The error a fixture that must not load gives, or nil when it loads.
    static func error(_ relative: String) -> InterfaceError? {
        do {
            _ = try InterfaceDocument.load(contentsOf: url(relative))
            return nil
        } catch {
            return error
        }
    }

    /// The 1-based line of the first line of a fixture containing `text`.
    static func line(of text: String, in relative: String) throws -> Int {
        let lines = try String(contentsOf: url(relative), encoding: .utf8).components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.contains(text) }) else { return -1 }
        return index + 1
    }
}

extension InterfaceDocument {
    /// The object with an id, failing loudly in a test when it is missing.
    func required(_ id: String) throws -> InterfaceObject {
        guard let object = object(withID: id) else { throw MissingObject(id: id) }
        return object
    }
}

struct MissingObject: Error, CustomStringConvertible {
    var id: String
    var description: String { "no object \(id)" }
}
