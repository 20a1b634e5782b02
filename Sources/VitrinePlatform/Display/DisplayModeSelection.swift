import Foundation

/// Which mode a screen runs in, as the daemon's configuration spells it: `preferred` (the
/// default), `WxH` (that size; the preferred one of that size, else its highest rate), `WxH@Hz`
/// (that size at the rate closest to `Hz`, within 1 Hz), or `highest` (the most pixels, then the
/// highest rate).
public enum DisplayModeSelection: Hashable, Sendable, CustomStringConvertible {
    /// The display's preferred (native) mode.
    case preferred
    /// A mode of this size.
    case size(width: Int, height: Int)
    /// A mode of this size refreshing within 1 Hz of `refreshMillihertz`.
    case sizeAndRate(width: Int, height: Int, refreshMillihertz: Int)
    /// The largest mode, then the fastest.
    case highest

    /// Parses `preferred`, `highest`, `1280x720` or `1280x720@60` / `1920x1080@59.94`
    /// (case and surrounding spaces ignored); nil for anything else.
    public init?(parsing text: String) {
        let spec = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch spec {
        case "preferred", "": self = .preferred
        case "highest": self = .highest
        default:
            let parts = spec.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count <= 2 else { return nil }
            let size = parts[0].split(separator: "x", omittingEmptySubsequences: false)
            guard size.count == 2, let width = Int(size[0]), let height = Int(size[1]), width > 0, height > 0
            else { return nil }
            if parts.count == 2 {
                guard let hertz = Double(parts[1]), hertz > 0, hertz < 1000 else { return nil }
                self = .sizeAndRate(width: width, height: height, refreshMillihertz: Int((hertz * 1000).rounded()))
            } else {
                self = .size(width: width, height: height)
            }
        }
    }

    /// `preferred`, `highest`, `1280x720`, `1280x720@60`.
    public var description: String {
        switch self {
        case .preferred: "preferred"
        case .highest: "highest"
        case .size(let width, let height): "\(width)x\(height)"
        case .sizeAndRate(let width, let height, let millihertz):
            "\(width)x\(height)@\(Double(millihertz) / 1000)"
        }
    }

    /// The outcome of choosing: the mode, and a warning when the request could not be met.
    public struct Choice: Hashable, Sendable {
        /// The chosen mode.
        public var mode: DisplayMode
        /// Why the requested mode was not chosen, naming the modes on offer; nil when it was.
        public var warning: String?
    }

    /// Chooses among `modes` (nil when empty). A request the list cannot meet gives the
    /// preferred mode (the first if none is marked) with a warning that names every mode.
    public func choose(from modes: [DisplayMode]) -> Choice? {
        guard !modes.isEmpty else { return nil }
        let preferred = modes.first(where: \.isPreferred) ?? modes[0]
        let found: DisplayMode?
        switch self {
        case .preferred:
            found = preferred
        case .highest:
            found = modes.max { a, b in
                (a.width * a.height, a.refreshMillihertz) < (b.width * b.height, b.refreshMillihertz)
            }
        case .size(let width, let height):
            let sized = modes.filter { $0.width == width && $0.height == height }
            found = sized.first(where: \.isPreferred) ?? sized.max { $0.refreshMillihertz < $1.refreshMillihertz }
        case .sizeAndRate(let width, let height, let millihertz):
            found = modes.filter { $0.width == width && $0.height == height }
                .filter { abs($0.refreshMillihertz - millihertz) <= 1000 }
                .min { abs($0.refreshMillihertz - millihertz) < abs($1.refreshMillihertz - millihertz) }
        }
        if let found { return Choice(mode: found, warning: nil) }
        let list = modes.map(\.description).joined(separator: ", ")
        return Choice(
            mode: preferred,
            warning: "mode \(self) is not offered; using the preferred mode \(preferred). Modes: \(list)")
    }
}
