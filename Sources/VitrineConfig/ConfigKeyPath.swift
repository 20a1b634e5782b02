/// Where a value sits in the document: table keys and array indices from the root, written as
/// messages show it: `output[1].rotation`, `touch[0].udev_property.ID_INPUT_TOUCHSCREEN`.
///
/// Array indices are zero-based: `output[0]` is the first `[[output]]` table. Keys that are
/// not bare TOML keys are quoted (`touch[0].udev_property."ID.SEAT"`), so a path reads as the
/// TOML that would address it.
struct ConfigKeyPath: Hashable, Sendable, CustomStringConvertible {
    enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    var components: [Component]

    static let root = ConfigKeyPath(components: [])

    var isRoot: Bool { components.isEmpty }

    func appending(_ key: String) -> ConfigKeyPath {
        ConfigKeyPath(components: components + [.key(key)])
    }

    func appending(keys: [String]) -> ConfigKeyPath {
        ConfigKeyPath(components: components + keys.map { .key($0) })
    }

    func appending(index: Int) -> ConfigKeyPath {
        ConfigKeyPath(components: components + [.index(index)])
    }

    /// The path one level up; the root's parent is the root.
    var parent: ConfigKeyPath {
        ConfigKeyPath(components: Array(components.dropLast()))
    }

    var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += Self.render(key: key)
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    /// A key as TOML would write it: bare when it can be, else a basic string.
    static func render(key: String) -> String {
        if !key.isEmpty, key.utf8.allSatisfy(TOMLKeyLocator.isBareKeyByte) { return key }
        return TOMLText.quoted(key)
    }
}

/// How values are written back into messages.
enum TOMLText {
    /// `text` as a TOML basic string, so a message shows exactly what was read.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
