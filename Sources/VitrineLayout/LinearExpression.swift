import Foundation

/// A variable of a layout system: a view's left edge, width, a guide's top. The solver gives
/// it its `value`; identity, not the name, tells variables apart.
public final class LayoutVariable: Hashable, CustomStringConvertible, SolverListed {
    /// For debug descriptions: `button.width`.
    public let name: String
    /// The value of the last `LayoutSolver.updateVariables()`.
    public internal(set) var value: Double = 0
    /// The first solver to know it, and its place there (`SolverPlaces`).
    var owner: SolverToken?
    var ownerPosition = 0

    /// A variable called `name`.
    public init(_ name: String = "") {
        self.name = name
    }

    public static func == (lhs: LayoutVariable, rhs: LayoutVariable) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String { name.isEmpty ? "v\(ObjectIdentifier(self).hashValue)" : name }
}

/// `constant + Σ coefficient · variable`: one side of an equation, or both moved to one side.
public struct LinearExpression: CustomStringConvertible {
    /// The variables and their coefficients, in the order first added.
    public private(set) var terms: [(variable: LayoutVariable, coefficient: Double)]
    /// The constant part.
    public var constant: Double

    /// An expression of `terms` and `constant`.
    public init(_ terms: [(LayoutVariable, Double)] = [], constant: Double = 0) {
        self.terms = []
        self.constant = constant
        for (variable, coefficient) in terms { add(variable, coefficient) }
    }

    /// `1 · variable`.
    public init(_ variable: LayoutVariable) { self.init([(variable, 1)]) }

    /// Adds `coefficient · variable`, merging with a term of the same variable.
    public mutating func add(_ variable: LayoutVariable, _ coefficient: Double) {
        if let index = terms.firstIndex(where: { $0.variable === variable }) {
            terms[index].coefficient += coefficient
        } else {
            terms.append((variable, coefficient))
        }
    }

    /// Whether the constant and every coefficient are finite.
    public var isFinite: Bool { constant.isFinite && terms.allSatisfy { $0.coefficient.isFinite } }

    public static func - (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
        var result = lhs
        result.constant -= rhs.constant
        for term in rhs.terms { result.add(term.variable, -term.coefficient) }
        return result
    }

    public var description: String {
        var parts = terms.map { "\($0.coefficient == 1 ? "" : "\($0.coefficient)·")\($0.variable)" }
        if constant != 0 || parts.isEmpty { parts.append("\(constant)") }
        return parts.joined(separator: " + ")
    }
}

/// A linear constraint `lhs relation rhs` with a priority, as Auto Layout's engine takes it:
/// priority 1000 is required; below it the solver minimises the violation weighted by the
/// priority. Identity tells constraints apart.
public final class LayoutEquation: Hashable, CustomStringConvertible, SolverListed {
    /// How the two sides relate.
    public enum Relation: Sendable {
        case lessThanOrEqual, equal, greaterThanOrEqual
    }

    /// The required priority (UIKit's `UILayoutPriority.required`).
    public static let required: Double = 1000

    /// `lhs - rhs`, compared with 0. Its constant changes through
    /// `LayoutSolver.updateConstant(of:to:)` (UIKit's `constant`).
    public internal(set) var expression: LinearExpression
    public let relation: Relation
    /// 1...1000; 1000 must hold.
    public let priority: Double
    /// The first solver to hold it, and its place there (`SolverPlaces`).
    var owner: SolverToken?
    var ownerPosition = 0

    /// `lhs relation rhs` at `priority` (clamped to 1...1000).
    public init(_ lhs: LinearExpression, _ relation: Relation, _ rhs: LinearExpression, priority: Double = required) {
        expression = lhs - rhs
        self.relation = relation
        self.priority = min(Self.required, max(1, priority.isFinite ? priority : Self.required))
    }

    /// `expression relation 0`: a copy of a constraint with another constant, for the solver.
    init(expression: LinearExpression, relation: Relation, priority: Double) {
        self.expression = expression
        self.relation = relation
        self.priority = priority
    }

    /// The weight of a violation of an optional constraint at `priority` in what the solver
    /// minimises: `10^((priority - 1) / 200)`, from 1 at priority 1 to about 97,000 at 999.
    ///
    /// Apple documents that Auto Layout satisfies constraints "in priority order from highest
    /// to lowest". Weights that grow geometrically come close: a constraint at 750 (a
    /// compression resistance) outweighs 316 at 250 (huggings), where weights equal to the
    /// priorities let three outvote it; neighbouring priorities (751 and 750) still trade
    /// almost one for one. Strict ranking would need a separate optimisation per level, and
    /// weights steep enough for it over 999 levels would exceed what a double resolves.
    public static func weight(ofPriority priority: Double) -> Double {
        pow(10, (min(max(priority, 1), required - 1) - 1) / 200)
    }

    /// Whether the priority is required.
    public var isRequired: Bool { priority >= Self.required }

    public static func == (lhs: LayoutEquation, rhs: LayoutEquation) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    public var description: String {
        let symbol = relation == .equal ? "==" : relation == .lessThanOrEqual ? "<=" : ">="
        return "\(expression) \(symbol) 0 @\(priority)"
    }
}
