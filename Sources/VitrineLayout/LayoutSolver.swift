/// Why the solver refused a change. The system is left as it was.
public enum LayoutSolverError: Error, Equatable, CustomStringConvertible {
    /// A required constraint cannot hold together with the required constraints already in.
    case unsatisfiable
    /// The constraint is already in the system.
    case duplicateConstraint
    /// The constraint is not in the system.
    case unknownConstraint
    /// A constant or coefficient is NaN or infinite.
    case notFinite
    /// The variable is already an edit variable, or is not one.
    case duplicateEditVariable, unknownEditVariable

    public var description: String {
        switch self {
        case .unsatisfiable: "the required constraints cannot all hold"
        case .duplicateConstraint: "the constraint is already active"
        case .unknownConstraint: "the constraint is not active"
        case .notFinite: "a constant or multiplier is not finite"
        case .duplicateEditVariable: "the variable is already being edited"
        case .unknownEditVariable: "the variable is not being edited"
        }
    }
}

/// An incremental linear constraint solver after the Cassowary algorithm (Badros, Borning and
/// Stuckey, 2001), the kind Auto Layout's engine is: the constraints are kept as a simplex
/// tableau in basic feasible form, and adding or removing a constraint, or suggesting a new
/// value for an edit variable (a constant changed, a window resized), pivots from the current
/// solution instead of solving from scratch.
///
/// Non-required constraints get error variables whose sum, weighted by priority, the solver
/// minimises; required ones must hold, and one that cannot is refused (`unsatisfiable`) with
/// the system unchanged; `conflictingConstraints(with:)` then says which ones it met.
/// `isAmbiguous(_:)` says whether the constraints leave a variable's value open.
///
/// A variable is known to the solver while a constraint in it mentions it: removing the last
/// such constraint forgets it (`variableCount`), so a view that leaves the hierarchy leaves
/// nothing behind.
public final class LayoutSolver {
    /// Where a constraint lives in the tableau, and when it came (for stable listings).
    struct Tag {
        var markers: Markers
        var order: Int
    }

    /// A variable the solver knows: its symbol and how many constraints mention it.
    struct KnownVariable {
        let variable: LayoutVariable
        let symbol: Symbol
        var uses: Int
    }

    var tableau = Tableau()
    /// The constraints in, and their places in this list.
    private(set) var constraints: [(equation: LayoutEquation, tag: Tag)] = []
    private var constraintPlaces = SolverPlaces<LayoutEquation>()
    /// The variables known, a dense list so `updateVariables` walks an array, and their places.
    private(set) var knownVariables: [KnownVariable] = []
    private var variablePlaces = SolverPlaces<LayoutVariable>()
    /// The constraint `variable == value` of each edit variable; its constant is the value.
    private var edits: [LayoutVariable: LayoutEquation] = [:]
    /// The constant of each constraint whose last change was refused, for the explanation.
    var refusedConstants: [LayoutEquation: Double] = [:]
    private var nextOrder = 0

    /// An empty system.
    public init() {}

    deinit {
        constraintPlaces.token.isAlive = false
        variablePlaces.token.isAlive = false
    }

    /// How many constraints are in (edit constraints included).
    public var constraintCount: Int { constraints.count }

    /// How many variables the solver knows: those some constraint in it mentions.
    public var variableCount: Int { knownVariables.count }

    /// Whether `equation` is in the system.
    public func contains(_ equation: LayoutEquation) -> Bool { constraintPlaces.position(of: equation) != nil }

    /// Where `equation` lives in the tableau, if it is in.
    func tag(of equation: LayoutEquation) -> Tag? {
        constraintPlaces.position(of: equation).map { constraints[$0].tag }
    }

    /// The place of `variable` in `knownVariables`, if known.
    func position(of variable: LayoutVariable) -> Int? { variablePlaces.position(of: variable) }

    // MARK: Constraints

    /// Adds `equation`. A required one that conflicts with the required ones already in is
    /// refused with `.unsatisfiable`, leaving the system as it was.
    public func add(_ equation: LayoutEquation) throws(LayoutSolverError) {
        var certificate: [Symbol] = []
        try add(equation, certificate: &certificate)
    }

    /// `add`, which on refusal gives the symbols whose constraints prove it.
    func add(_ equation: LayoutEquation, certificate: inout [Symbol]) throws(LayoutSolverError) {
        guard !contains(equation) else { throw .duplicateConstraint }
        guard equation.expression.isFinite else { throw .notFinite }
        var terms: [(symbol: Symbol, coefficient: Double)] = []
        var positions: [Int] = []
        terms.reserveCapacity(equation.expression.terms.count)
        positions.reserveCapacity(equation.expression.terms.count)
        for (variable, coefficient) in equation.expression.terms where !nearZero(coefficient) {
            let position = place(of: variable)
            positions.append(position)
            terms.append((knownVariables[position].symbol, coefficient))
        }
        let markers: Markers
        do {
            markers = try tableau.add(
                terms, constant: equation.expression.constant, relation: equation.relation,
                priority: equation.priority, certificate: &certificate)
        } catch {
            for (variable, _) in equation.expression.terms { forgetIfUnused(variable) }
            throw error
        }
        for position in positions { knownVariables[position].uses += 1 }
        constraintPlaces.setPosition(constraints.count, of: equation)
        constraints.append((equation, Tag(markers: markers, order: nextOrder)))
        nextOrder += 1
    }

    /// Removes `equation`, pivoting its marker out of the basis. The variables no other
    /// constraint mentions are forgotten.
    public func remove(_ equation: LayoutEquation) throws(LayoutSolverError) {
        guard let position = constraintPlaces.position(of: equation) else { throw .unknownConstraint }
        let tag = constraints[position].tag
        constraintPlaces.removePosition(of: equation)
        let last = constraints.removeLast()
        if position < constraints.count {
            constraints[position] = last
            constraintPlaces.setPosition(position, of: last.equation)
        }
        if !refusedConstants.isEmpty { refusedConstants[equation] = nil }
        tableau.remove(tag.markers, priority: equation.priority)
        for (variable, coefficient) in equation.expression.terms where !nearZero(coefficient) {
            knownVariables[variablePlaces.position(of: variable)!].uses -= 1
            forgetIfUnused(variable)
        }
    }

    // MARK: Edit variables

    /// Makes `variable` editable at `priority` (below required): `suggestValue` then moves it
    /// incrementally.
    public func addEditVariable(_ variable: LayoutVariable, priority: Double) throws(LayoutSolverError) {
        guard edits[variable] == nil else { throw .duplicateEditVariable }
        let equation = LayoutEquation(
            LinearExpression(variable), .equal, LinearExpression(), priority: min(priority, LayoutEquation.required - 1)
        )
        try add(equation)
        edits[variable] = equation
    }

    /// Stops editing `variable`.
    public func removeEditVariable(_ variable: LayoutVariable) throws(LayoutSolverError) {
        guard let equation = edits.removeValue(forKey: variable) else { throw .unknownEditVariable }
        try remove(equation)
    }

    /// Whether `variable` is an edit variable.
    public func isEditing(_ variable: LayoutVariable) -> Bool { edits[variable] != nil }

    /// Suggests `value` for an edit variable: the tableau's constants move by the difference
    /// and the dual simplex restores feasibility, without solving again.
    public func suggestValue(_ variable: LayoutVariable, _ value: Double) throws(LayoutSolverError) {
        guard let equation = edits[variable] else { throw .unknownEditVariable }
        // The edit constraint reads `variable - value == 0`.
        try updateConstant(of: equation, to: -value)
    }

    /// Changes the constant of `equation` (in the system) so that its `lhs - rhs` constant
    /// is `constant`: the tableau's constants move and the dual simplex restores feasibility,
    /// as UIKit re-solves incrementally when a constraint's `constant` changes. A required
    /// constraint whose new constant cannot hold is left at its old one (`.unsatisfiable`);
    /// `conflictingConstraints(with:)` explains the refused constant.
    public func updateConstant(of equation: LayoutEquation, to constant: Double) throws(LayoutSolverError) {
        guard let tag = tag(of: equation) else { throw .unknownConstraint }
        guard constant.isFinite else { throw .notFinite }
        if !refusedConstants.isEmpty { refusedConstants[equation] = nil }
        let delta = constant - equation.expression.constant
        guard delta != 0 else { return }
        let marker = tag.markers.marker
        // A required equality that the others already imply (its dummy is basic) cannot
        // change alone.
        if marker.isDummy && tableau.isBasic(marker) {
            refusedConstants[equation] = constant
            throw .unsatisfiable
        }
        equation.expression.constant = constant
        tableau.shift(marker, by: delta / tag.markers.markerCoefficient)
        guard tableau.dualOptimize() else {
            // The required constraints cannot hold with the new constant: take it back.
            equation.expression.constant -= delta
            tableau.shift(marker, by: -delta / tag.markers.markerCoefficient)
            _ = tableau.dualOptimize()
            refusedConstants[equation] = constant
            throw .unsatisfiable
        }
    }

    /// Writes the solution into the `value` of every variable the solver knows; one it has
    /// forgotten (no constraint in it mentions it any more) keeps its last value.
    public func updateVariables() {
        for known in knownVariables {
            known.variable.value = tableau.value(of: known.symbol)
        }
    }

    // MARK: Variables

    /// The place of `variable` in `knownVariables`, which it joins if new.
    private func place(of variable: LayoutVariable) -> Int {
        if let position = variablePlaces.position(of: variable) { return position }
        let symbol = tableau.makeSymbol(.external)
        variablePlaces.setPosition(knownVariables.count, of: variable)
        knownVariables.append(KnownVariable(variable: variable, symbol: symbol, uses: 0))
        return knownVariables.count - 1
    }

    /// Forgets `variable` if no constraint mentions it: its slot goes back to the tableau.
    private func forgetIfUnused(_ variable: LayoutVariable) {
        guard let position = variablePlaces.position(of: variable), knownVariables[position].uses == 0 else { return }
        tableau.freeSymbol(knownVariables[position].symbol)
        variablePlaces.removePosition(of: variable)
        let last = knownVariables.removeLast()
        if position < knownVariables.count {
            knownVariables[position] = last
            variablePlaces.setPosition(position, of: last.variable)
        }
    }
}
