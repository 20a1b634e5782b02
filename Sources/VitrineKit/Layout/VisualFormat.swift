import Foundation

extension NSLayoutConstraint {
    /// How `constraints(withVisualFormat:options:metrics:views:)` aligns the views of a format
    /// string across its axis, which way it lays them out and how it spaces them, as
    /// `NSLayoutConstraint.FormatOptions` (the same raw values: an alignment bit is
    /// `1 << attribute.rawValue`).
    public struct FormatOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
        public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
        public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
        public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
        public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
        public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
        public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
        public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
        public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
        public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
        public static let alignmentMask = FormatOptions(rawValue: 0xFFFF)
        /// Horizontal formats run from leading to trailing (the default).
        public static let directionLeadingToTrailing = FormatOptions(rawValue: 0 << 16)
        public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
        public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
        public static let directionMask = FormatOptions(rawValue: 3 << 16)
        /// Spacing measured between the views' edges (the default).
        public static let spacingEdgeToEdge = FormatOptions(rawValue: 0 << 19)
        /// Vertical spacing measured from one view's last baseline to the next's first.
        public static let spacingBaselineToBaseline = FormatOptions(rawValue: 1 << 19)
        public static let spacingMask = FormatOptions(rawValue: 1 << 19)
    }
}

/// Auto Layout's visual format language (the Auto Layout Guide's appendix, "Visual Format
/// Language"), read into constraints: `H:|-[find]-[findNext]-[findField(>=20)]-|`.
///
/// The grammar is Apple's: an optional `H:` or `V:`, an optional superview `|` and connection,
/// views in brackets with an optional parenthesised predicate list on their width (height in
/// `V:`), connections (`-`, the standard space; `-N-`, `-(>=N@P,...)-`; nothing, flush), an
/// optional connection and `|` at the end. Numbers are read as `strtod` reads them in the C
/// locale; names are C identifiers looked up in `views` and `metrics`. Spaces between tokens
/// are skipped. The standard space is 8 points between siblings and 20 to the superview's edge,
/// as UIKit's `NSSpace`.
@MainActor
struct VisualFormat {
    /// What went wrong and where, worded as UIKit words it.
    struct ParseError: Error, Equatable {
        var message: String
        var position: Int
    }

    enum Orientation { case horizontal, vertical }

    enum Relation {
        case equal, lessThanOrEqual, greaterThanOrEqual
        var layoutRelation: NSLayoutConstraint.Relation {
            switch self {
            case .equal: .equal
            case .lessThanOrEqual: .lessThanOrEqual
            case .greaterThanOrEqual: .greaterThanOrEqual
            }
        }
    }

    /// What a predicate relates to: a number (or a metric's value), or another view.
    enum Object {
        case constant(CGFloat)
        case view(String, UIView)
    }

    struct Predicate {
        var relation: Relation
        var object: Object
        var priority: Float?
    }

    /// The standard space, shown as `-` alone.
    enum Spacing {
        case standard
        case predicates([Predicate])
    }

    struct ViewTerm {
        var name: String
        var view: UIView
        var predicates: [Predicate]
        var position: Int
    }

    /// A `|` at either end: the connection between it and the view (nil: flush), and where
    /// it stands in the format, for the caret of an error.
    struct SuperviewEdge {
        var spacing: Spacing?
        var position: Int
    }

    var orientation = Orientation.horizontal
    var leadingEdge: SuperviewEdge?
    /// The views, and the connection before each after the first (nil: flush).
    var views: [ViewTerm] = []
    var connections: [Spacing?] = []
    var trailingEdge: SuperviewEdge?

    /// Points between sibling views for `-`, and between a view and its superview's edge.
    static let siblingSpace: CGFloat = 8
    static let superviewSpace: CGFloat = 20

    // MARK: Parsing

    private struct Scanner {
        let characters: [Character]
        var index = 0

        var atEnd: Bool { index >= characters.count }
        var current: Character? { atEnd ? nil : characters[index] }

        mutating func skipSpaces() {
            while let character = current, character == " " || character == "\t" || character == "\n" { index += 1 }
        }

        mutating func take(_ character: Character) -> Bool {
            skipSpaces()
            guard current == character else { return false }
            index += 1
            return true
        }

        mutating func identifier() -> String? {
            skipSpaces()
            guard let first = current, first == "_" || (first.isASCII && first.isLetter) else { return nil }
            var name = ""
            while let character = current,
                character == "_" || (character.isASCII && (character.isLetter || character.isNumber))
            {
                name.append(character)
                index += 1
            }
            return name
        }

        /// A number as `strtod` reads it in the C locale (sign, digits, a point, an exponent).
        mutating func number() -> CGFloat? {
            skipSpaces()
            var end = index
            func digits() -> Bool {
                let start = end
                while end < characters.count, let digit = characters[end].asciiValue, (48...57).contains(digit) {
                    end += 1
                }
                return end > start
            }
            if end < characters.count, characters[end] == "+" || characters[end] == "-" { end += 1 }
            var sawDigits = digits()
            if end < characters.count, characters[end] == "." {
                end += 1
                sawDigits = digits() || sawDigits
            }
            guard sawDigits else { return nil }
            if end < characters.count, characters[end] == "e" || characters[end] == "E" {
                var exponentEnd = end + 1
                if exponentEnd < characters.count, characters[exponentEnd] == "+" || characters[exponentEnd] == "-" {
                    exponentEnd += 1
                }
                let mantissaEnd = end
                end = exponentEnd
                if !digits() { end = mantissaEnd }
            }
            let text = String(characters[index..<end])
            index = end
            return Double(text).map { CGFloat($0) }
        }
    }

    /// Reads `format` against `views` and `metrics`; throws the first error.
    init(format: String, metrics: [String: Any], views viewTable: [String: Any]) throws(ParseError) {
        var scanner = Scanner(characters: Array(format))

        func fail(_ message: String) -> ParseError { ParseError(message: message, position: scanner.index) }

        func metric(_ name: String) throws(ParseError) -> CGFloat {
            guard let value = metrics[name], let number = Self.number(value) else {
                throw fail("\(name) is not a key in the metrics dictionary.")
            }
            return number
        }

        func constantOrMetric() throws(ParseError) -> CGFloat? {
            if let number = scanner.number() { return number }
            let start = scanner.index
            if let name = scanner.identifier() {
                scanner.index = start
                let value = try metric(name)
                _ = scanner.identifier()
                return value
            }
            return nil
        }

        func priority() throws(ParseError) -> Float? {
            guard scanner.take("@") else { return nil }
            guard let value = try constantOrMetric() else {
                throw fail("Expected a number or key from the metrics dictionary after '@'")
            }
            return Float(value)
        }

        func relation() throws(ParseError) -> Relation? {
            scanner.skipSpaces()
            guard let first = scanner.current, first == "=" || first == "<" || first == ">" else { return nil }
            let next = scanner.index + 1 < scanner.characters.count ? scanner.characters[scanner.index + 1] : nil
            guard next == "=" else { throw fail("Unknown relation. Must be ==, >=, or <=") }
            scanner.index += 2
            switch first {
            case "<": return .lessThanOrEqual
            case ">": return .greaterThanOrEqual
            default: return .equal
            }
        }

        /// `(predicate, ...)`, the opening parenthesis already read; views allowed as objects
        /// only on a view's own size.
        func predicateList(allowingViews: Bool) throws(ParseError) -> [Predicate] {
            var predicates: [Predicate] = []
            repeat {
                let relation = try relation() ?? .equal
                let object: Object
                if let number = scanner.number() {
                    object = .constant(number)
                } else if let name = scanner.identifier() {
                    if let value = metrics[name], let number = Self.number(value) {
                        object = .constant(number)
                    } else if allowingViews, let view = viewTable[name] as? UIView {
                        object = .view(name, view)
                    } else if allowingViews {
                        throw fail("\(name) is not a key in the views dictionary.")
                    } else {
                        throw fail("\(name) is not a key in the metrics dictionary.")
                    }
                } else {
                    throw fail("Expected a number or key from the metrics dictionary")
                }
                predicates.append(Predicate(relation: relation, object: object, priority: try priority()))
            } while scanner.take(",")
            return predicates
        }

        /// After a `-`: the spacing up to and including the closing `-`, or the standard
        /// space when what follows is a view or a `|`.
        func connection() throws(ParseError) -> Spacing {
            scanner.skipSpaces()
            if scanner.current == "[" || scanner.current == "|" { return .standard }
            if scanner.take("(") {
                let predicates = try predicateList(allowingViews: false)
                guard scanner.take(")") else { throw fail("Expected ')' to end a predicate list") }
                guard scanner.take("-") else { throw fail("Expected '-' after a predicate list") }
                return .predicates(predicates)
            }
            guard let value = try constantOrMetric() else {
                throw fail("Expected a number or key from the metrics dictionary, or a view")
            }
            let spacing = Predicate(relation: .equal, object: .constant(value), priority: try priority())
            guard scanner.take("-") else { throw fail("Expected '-' after a spacing") }
            return .predicates([spacing])
        }

        func view() throws(ParseError) -> ViewTerm {
            let position = scanner.index
            guard scanner.take("[") else { throw fail("Expected a view") }
            let nameStart = scanner.index
            guard let name = scanner.identifier() else { throw fail("Expected a view name") }
            guard let view = viewTable[name] as? UIView else {
                scanner.index = nameStart
                scanner.skipSpaces()
                scanner.index += name.count
                throw fail("\(name) is not a key in the views dictionary.")
            }
            var predicates: [Predicate] = []
            if scanner.take("(") {
                predicates = try predicateList(allowingViews: true)
                guard scanner.take(")") else {
                    throw fail("A predicate on a view's thickness must end with ')' and the view must end with ']'")
                }
            }
            guard scanner.take("]") else {
                throw fail("A predicate on a view's thickness must end with ')' and the view must end with ']'")
            }
            return ViewTerm(name: name, view: view, predicates: predicates, position: position)
        }

        // (H:|V:)?
        scanner.skipSpaces()
        if let first = scanner.current, first == "H" || first == "V" {
            scanner.index += 1
            guard scanner.take(":") else {
                throw fail(
                    first == "V"
                        ? "Expected ':' after 'V' to specify vertical arrangement"
                        : "Expected ':' after 'H' to specify horizontal arrangement")
            }
            orientation = first == "V" ? .vertical : .horizontal
        }
        // (| connection)?
        scanner.skipSpaces()
        let leadingPosition = scanner.index
        if scanner.take("|") {
            leadingEdge = SuperviewEdge(spacing: scanner.take("-") ? try connection() : nil, position: leadingPosition)
        }
        views.append(try view())
        // (connection view)* (connection |)?
        while true {
            scanner.skipSpaces()
            if scanner.atEnd { break }
            var spacing: Spacing?
            if scanner.take("-") { spacing = try connection() }
            scanner.skipSpaces()
            if scanner.current == "|" {
                trailingEdge = SuperviewEdge(spacing: spacing, position: scanner.index)
                scanner.index += 1
                scanner.skipSpaces()
                guard scanner.atEnd else { throw fail("Expected the end of the format after '|'") }
                break
            }
            if scanner.atEnd { throw fail("Expected a view") }
            connections.append(spacing)
            views.append(try view())
        }
    }

    /// A metric's value as a number (`NSNumber`, `Int`, `Double`, `CGFloat`, `Float`).
    static func number(_ value: Any) -> CGFloat? {
        switch value {
        case let value as CGFloat: value
        case let value as Double: CGFloat(value)
        case let value as Float: CGFloat(value)
        case let value as Int: CGFloat(value)
        case let value as NSNumber: CGFloat(value.doubleValue)
        default: nil
        }
    }

    // MARK: Constraints

    /// The constraints the format says, with `options`' alignment, direction and spacing.
    func constraints(options: NSLayoutConstraint.FormatOptions) throws(ParseError) -> [NSLayoutConstraint] {
        let alignment = alignmentAttributes(options)
        for attribute in alignment {
            let isHorizontalEdge = attribute.kind == .horizontalPosition
            if isHorizontalEdge == (orientation == .horizontal) {
                let edge = orientation == .horizontal ? "horizontal" : "vertical"
                throw ParseError(
                    message:
                        "Options mask required views to be aligned on a \(edge) edge, which is not allowed for layout that is also \(edge).",
                    position: 0)
            }
        }
        let direction = options.intersection(.directionMask)
        let reversed = orientation == .horizontal && direction == .directionRightToLeft
        let startAttribute: NSLayoutConstraint.Attribute
        let endAttribute: NSLayoutConstraint.Attribute
        let sizeAttribute: NSLayoutConstraint.Attribute
        switch orientation {
        case .vertical:
            (startAttribute, endAttribute, sizeAttribute) = (.top, .bottom, .height)
        case .horizontal where direction == .directionLeftToRight:
            (startAttribute, endAttribute, sizeAttribute) = (.left, .right, .width)
        case .horizontal where reversed:
            (startAttribute, endAttribute, sizeAttribute) = (.right, .left, .width)
        case .horizontal:
            (startAttribute, endAttribute, sizeAttribute) = (.leading, .trailing, .width)
        }
        let baselines = orientation == .vertical && options.contains(.spacingBaselineToBaseline)

        var result: [NSLayoutConstraint] = []
        func make(
            _ first: AnyObject, _ firstAttribute: NSLayoutConstraint.Attribute, _ predicate: Predicate,
            _ second: AnyObject?, _ secondAttribute: NSLayoutConstraint.Attribute, constant: CGFloat
        ) {
            let constraint = NSLayoutConstraint(
                item: first, attribute: firstAttribute, relatedBy: predicate.relation.layoutRelation, toItem: second,
                attribute: secondAttribute, multiplier: 1, constant: constant)
            if let priority = predicate.priority { constraint.priority = UILayoutPriority(priority) }
            result.append(constraint)
        }

        /// One connection's constraints between the edges facing each other; the item further
        /// along the coordinate axis comes first, so the relation reads as a gap.
        func connect(
            _ before: (item: AnyObject, attribute: NSLayoutConstraint.Attribute),
            _ after: (item: AnyObject, attribute: NSLayoutConstraint.Attribute), spacing: Spacing?,
            standard: CGFloat
        ) {
            let predicates: [Predicate]
            switch spacing {
            case nil: predicates = [Predicate(relation: .equal, object: .constant(0), priority: nil)]
            case .standard?: predicates = [Predicate(relation: .equal, object: .constant(standard), priority: nil)]
            case .predicates(let list)?: predicates = list
            }
            for predicate in predicates {
                guard case .constant(let value) = predicate.object else { continue }
                if reversed {
                    make(before.item, before.attribute, predicate, after.item, after.attribute, constant: value)
                } else {
                    make(after.item, after.attribute, predicate, before.item, before.attribute, constant: value)
                }
            }
        }

        func superview(of term: ViewTerm, at position: Int) throws(ParseError) -> UIView {
            guard let superview = term.view.superview else {
                throw ParseError(
                    message: "Unable to interpret '|' character, because the related view doesn't have a superview",
                    position: position)
            }
            return superview
        }

        if let leading = leadingEdge, let first = views.first {
            let container = try superview(of: first, at: leading.position)
            connect(
                (container, startAttribute), (first.view, baselines ? .firstBaseline : startAttribute),
                spacing: leading.spacing,
                standard: Self.superviewSpace)
        }
        for term in views {
            for predicate in term.predicates {
                switch predicate.object {
                case .constant(let value):
                    make(term.view, sizeAttribute, predicate, nil, .notAnAttribute, constant: value)
                case .view(_, let other):
                    make(term.view, sizeAttribute, predicate, other, sizeAttribute, constant: 0)
                }
            }
        }
        for (index, spacing) in connections.enumerated() {
            let before = views[index].view
            let after = views[index + 1].view
            connect(
                (before, baselines ? .lastBaseline : endAttribute),
                (after, baselines ? .firstBaseline : startAttribute),
                spacing: spacing, standard: Self.siblingSpace)
        }
        if let trailing = trailingEdge, let last = views.last {
            let container = try superview(of: last, at: trailing.position)
            connect(
                (last.view, baselines ? .lastBaseline : endAttribute), (container, endAttribute),
                spacing: trailing.spacing,
                standard: Self.superviewSpace)
        }
        for attribute in alignment {
            for index in views.indices.dropFirst() {
                let predicate = Predicate(relation: .equal, object: .constant(0), priority: nil)
                make(views[index - 1].view, attribute, predicate, views[index].view, attribute, constant: 0)
            }
        }
        return result
    }

    /// The attributes `options` aligns the views on, in raw-value order.
    private func alignmentAttributes(_ options: NSLayoutConstraint.FormatOptions) -> [NSLayoutConstraint.Attribute] {
        let alignable: [NSLayoutConstraint.Attribute] = [
            .left, .right, .top, .bottom, .leading, .trailing, .centerX, .centerY, .lastBaseline, .firstBaseline,
        ]
        return alignable.filter { options.rawValue & (1 << UInt($0.rawValue)) != 0 }
    }

    /// UIKit's message for an error: what went wrong, the format, and a caret under where.
    static func describe(_ error: ParseError, in format: String) -> String {
        let caret = String(repeating: " ", count: max(0, min(error.position, format.count))) + "^"
        return "Unable to parse constraint format: \n\(error.message) \n\(format) \n\(caret)"
    }
}
