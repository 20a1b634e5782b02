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
/// the system unchanged.
public final class LayoutSolver {
    /// Where a constraint lives in the tableau: the slack, error or dummy symbols made for it.
    private struct Tag {
        var marker: Symbol
        var other: Symbol?
        /// The marker's coefficient in the constraint's own row, as made: a change of the
        /// constraint's constant by d is the marker moving by d / this.
        var markerCoefficient: Double
    }

    private var constraints: [LayoutEquation: Tag] = [:]
    private var rows: [Symbol: Row] = [:]
    /// For each non-basic symbol, the basic symbols whose rows hold it: a substitution or a
    /// ratio test visits only those rows, not the whole tableau.
    private var columns: [Symbol: Set<Symbol>] = [:]
    private var variableSymbols: [LayoutVariable: Symbol] = [:]
    /// The constraint `variable == value` of each edit variable; its constant is the value.
    private var edits: [LayoutVariable: LayoutEquation] = [:]
    private var infeasible: [Symbol] = []
    private var objective = Row()
    private var artificial: Row?
    private var nextSymbolID = 0

    /// An empty system.
    public init() {}

    /// How many constraints are in (edit constraints included).
    public var constraintCount: Int { constraints.count }

    /// Whether `equation` is in the system.
    public func contains(_ equation: LayoutEquation) -> Bool { constraints[equation] != nil }

    // MARK: Constraints

    /// Adds `equation`. A required one that conflicts with the required ones already in is
    /// refused with `.unsatisfiable`, leaving the system as it was.
    public func add(_ equation: LayoutEquation) throws(LayoutSolverError) {
        guard constraints[equation] == nil else { throw .duplicateConstraint }
        guard equation.expression.isFinite else { throw .notFinite }
        var (row, tag) = makeRow(for: equation)
        var subject = chooseSubject(row, tag)
        if subject == nil, row.allDummies {
            // Only required constraints get here (others always have an error subject), and
            // they put nothing in the objective: a refusal leaves nothing to undo.
            guard nearZero(row.constant) else { throw .unsatisfiable }
            subject = tag.marker  // a redundant required equality: harmless
        }
        if let subject {
            row.solve(for: subject)
            substitute(subject, with: row)
            insertRow(row, for: subject)
        } else {
            // Phase one pivots the tableau before it knows whether the row can hold: keep the
            // tableau as it was (copy-on-write, so this copies only when a pivot happens) and
            // put it back on failure, so a refused constraint leaves no trace.
            let saved = (rows, columns, objective, infeasible)
            if !addWithArtificialVariable(row) {
                (rows, columns, objective, infeasible) = saved
                throw .unsatisfiable
            }
        }
        constraints[equation] = tag
        optimize()
    }

    /// Removes `equation`, pivoting its marker out of the basis.
    public func remove(_ equation: LayoutEquation) throws(LayoutSolverError) {
        guard let tag = constraints.removeValue(forKey: equation) else { throw .unknownConstraint }
        undoObjective(for: equation, tag)
        if removeRow(for: tag.marker) == nil {
            guard let leaving = leavingRow(for: tag.marker), var row = removeRow(for: leaving) else {
                return  // the marker is in no row: nothing holds it
            }
            // The marker's row is the removed constraint: substituted away, then dropped.
            row.solve(for: leaving, and: tag.marker)
            substitute(tag.marker, with: row)
        }
        optimize()
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
    /// constraint whose new constant cannot hold is left at its old one (`.unsatisfiable`).
    public func updateConstant(of equation: LayoutEquation, to constant: Double) throws(LayoutSolverError) {
        guard let tag = constraints[equation] else { throw .unknownConstraint }
        guard constant.isFinite else { throw .notFinite }
        let delta = constant - equation.expression.constant
        guard delta != 0 else { return }
        // A required equality that the others already imply (its dummy is basic) cannot
        // change alone.
        if tag.marker.kind == .dummy && rows[tag.marker] != nil { throw .unsatisfiable }
        equation.expression.constant = constant
        shiftMarker(of: tag, by: delta / tag.markerCoefficient)
        guard dualOptimize() else {
            // The required constraints cannot hold with the new constant: take it back.
            equation.expression.constant -= delta
            shiftMarker(of: tag, by: -delta / tag.markerCoefficient)
            _ = dualOptimize()
            throw .unsatisfiable
        }
    }

    /// The constraint's constant moved so that its marker stands `shift` further: the rows
    /// move their constants as substituting `marker + shift` for the marker would.
    private func shiftMarker(of tag: Tag, by shift: Double) {
        if var row = rows[tag.marker] {
            row.constant -= shift
            rows[tag.marker] = row
            if row.constant < 0 { infeasible.append(tag.marker) }
            return
        }
        for symbol in columns[tag.marker] ?? [] {
            let coefficient = rows[symbol]!.coefficient(for: tag.marker)
            rows[symbol]!.constant += coefficient * shift
            if rows[symbol]!.constant < 0 && symbol.kind != .external { infeasible.append(symbol) }
        }
    }

    /// Writes the solution into every variable's `value`.
    public func updateVariables() {
        for (variable, symbol) in variableSymbols {
            variable.value = rows[symbol]?.constant ?? 0
        }
    }

    // MARK: Rows

    private func symbol(for variable: LayoutVariable) -> Symbol {
        if let symbol = variableSymbols[variable] { return symbol }
        let symbol = makeSymbol(.external)
        variableSymbols[variable] = symbol
        return symbol
    }

    private func makeSymbol(_ kind: Symbol.Kind) -> Symbol {
        nextSymbolID += 1
        return Symbol(id: nextSymbolID, kind: kind)
    }

    /// The equation as a row over non-basic symbols, with its slack, error or dummy symbols;
    /// errors go into the objective at the equation's priority.
    private func makeRow(for equation: LayoutEquation) -> (Row, Tag) {
        var row = Row(constant: equation.expression.constant)
        for (variable, coefficient) in equation.expression.terms where !nearZero(coefficient) {
            let symbol = symbol(for: variable)
            if let basic = rows[symbol] {
                row.add(basic, times: coefficient)
            } else {
                row.insert(symbol, coefficient)
            }
        }
        let tag: Tag
        switch equation.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = equation.relation == .lessThanOrEqual ? 1 : -1
            let slack = makeSymbol(.slack)
            row.insert(slack, sign)
            if equation.isRequired {
                tag = Tag(marker: slack, markerCoefficient: sign)
            } else {
                let error = makeSymbol(.error)
                row.insert(error, -sign)
                objective.insert(error, equation.priority)
                tag = Tag(marker: slack, other: error, markerCoefficient: sign)
            }
        case .equal:
            if equation.isRequired {
                let dummy = makeSymbol(.dummy)
                row.insert(dummy, 1)
                tag = Tag(marker: dummy, markerCoefficient: 1)
            } else {
                let plus = makeSymbol(.error)
                let minus = makeSymbol(.error)
                row.insert(plus, -1)
                row.insert(minus, 1)
                objective.insert(plus, equation.priority)
                objective.insert(minus, equation.priority)
                tag = Tag(marker: plus, other: minus, markerCoefficient: -1)
            }
        }
        if row.constant < 0 { row.negate() }
        return (row, tag)
    }

    /// An external symbol of the row, else a new slack or error symbol with a negative
    /// coefficient (so the row stays feasible when solved for it).
    private func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol? {
        // Of the row's variables, the one fewest other rows hold (a new variable: none), so
        // that substituting it into the tableau touches as little as possible.
        var external: Symbol?
        var holders = Int.max
        for symbol in row.cells.keys where symbol.kind == .external {
            let count = columns[symbol]?.count ?? 0
            if count < holders || (count == holders && symbol > external!) {
                external = symbol
                holders = count
            }
        }
        if let external { return external }
        for symbol in [tag.marker, tag.other].compactMap({ $0 })
        where symbol.isPivotable && row.coefficient(for: symbol) < 0 {
            return symbol
        }
        return nil
    }

    /// Phase one for a row with no easy subject: minimise an artificial variable standing for
    /// it; the row is satisfiable when that reaches 0.
    private func addWithArtificialVariable(_ row: Row) -> Bool {
        let artificialSymbol = makeSymbol(.slack)
        insertRow(row, for: artificialSymbol)
        artificial = row
        optimize(artificialObjective: true)
        let success = nearZero(artificial!.constant)
        artificial = nil
        if var basic = removeRow(for: artificialSymbol) {
            if basic.cells.isEmpty { return success }
            guard let entering = basic.cells.keys.filter(\.isPivotable).min() else { return false }
            basic.solve(for: artificialSymbol, and: entering)
            substitute(entering, with: basic)
            insertRow(basic, for: entering)
        }
        for key in columns.removeValue(forKey: artificialSymbol) ?? [] { rows[key]!.remove(artificialSymbol) }
        objective.remove(artificialSymbol)
        return success
    }

    /// Takes a failed or removed equation's errors back out of the objective.
    private func undoObjective(for equation: LayoutEquation, _ tag: Tag) {
        for symbol in [tag.marker, tag.other].compactMap({ $0 }) where symbol.kind == .error {
            if let row = rows[symbol] {
                objective.add(row, times: -equation.priority)
            } else {
                objective.insert(symbol, -equation.priority)
            }
        }
    }

    private func substitute(_ symbol: Symbol, with row: Row) {
        for key in columns.removeValue(forKey: symbol) ?? [] {
            rows[key]!.substitute(symbol, with: row)
            // The cells that changed are `row`'s: each is now held by this row, or cancelled.
            for cell in row.cells.keys {
                if rows[key]!.coefficient(for: cell) != 0 {
                    columns[cell, default: []].insert(key)
                } else {
                    columns[cell]?.remove(key)
                }
            }
            if key.kind != .external && rows[key]!.constant < 0 { infeasible.append(key) }
        }
        objective.substitute(symbol, with: row)
        artificial?.substitute(symbol, with: row)
    }

    /// Makes `row` the row of `basic`, noting its cells in the columns.
    private func insertRow(_ row: Row, for basic: Symbol) {
        rows[basic] = row
        for cell in row.cells.keys { columns[cell, default: []].insert(basic) }
    }

    /// Takes the row of `basic` out of the tableau.
    private func removeRow(for basic: Symbol) -> Row? {
        guard let row = rows.removeValue(forKey: basic) else { return nil }
        for cell in row.cells.keys { columns[cell]?.remove(basic) }
        return row
    }

    /// Primal simplex: pivots while the objective (or the artificial one of phase one) can
    /// still fall. `substitute` keeps both up to date as rows pivot.
    private func optimize(artificialObjective: Bool = false) {
        while true {
            // Read in place, never kept as a copy: a copy alive while `substitute` rewrites
            // the objective would make it copy the whole objective at every pivot.
            guard let entering = artificialObjective ? artificial!.enteringSymbol : objective.enteringSymbol
            else { return }
            var leaving: Symbol?
            var ratio = Double.infinity
            for symbol in columns[entering] ?? [] where symbol.kind != .external {
                let row = rows[symbol]!
                let coefficient = row.coefficient(for: entering)
                guard coefficient < -epsilon else { continue }
                let candidate = -row.constant / coefficient
                if candidate < ratio - epsilon || (abs(candidate - ratio) <= epsilon && symbol < leaving!) {
                    ratio = candidate
                    leaving = symbol
                }
            }
            guard let leaving, var row = removeRow(for: leaving) else { return }  // unbounded
            row.solve(for: leaving, and: entering)
            substitute(entering, with: row)
            insertRow(row, for: entering)
        }
    }

    /// Dual simplex: pivots rows made infeasible (negative constants) by an edit back to
    /// feasibility while keeping the objective optimal. False when a row cannot be made
    /// feasible: the required constraints conflict.
    @discardableResult
    private func dualOptimize() -> Bool {
        var feasible = true
        while let leaving = infeasible.popLast() {
            guard let row = rows[leaving], row.constant < -epsilon else { continue }
            var entering: Symbol?
            var ratio = Double.infinity
            for (symbol, coefficient) in row.cells where coefficient > epsilon && symbol.kind != .dummy {
                let candidate = objective.coefficient(for: symbol) / coefficient
                if candidate < ratio - epsilon || (abs(candidate - ratio) <= epsilon && symbol < entering!) {
                    ratio = candidate
                    entering = symbol
                }
            }
            guard let entering else {
                feasible = false
                continue
            }
            var pivot = removeRow(for: leaving)!
            pivot.solve(for: leaving, and: entering)
            substitute(entering, with: pivot)
            insertRow(pivot, for: entering)
        }
        return feasible
    }

    /// The row to pivot a marker out of when removing its constraint: a restricted row that
    /// stays feasible, else any restricted one, else an unrestricted one.
    private func leavingRow(for marker: Symbol) -> Symbol? {
        var first: (Symbol, Double)?
        var second: (Symbol, Double)?
        var third: Symbol?
        for symbol in (columns[marker] ?? []).sorted() {
            let row = rows[symbol]!
            let coefficient = row.coefficient(for: marker)
            guard coefficient != 0 else { continue }
            if symbol.kind == .external {
                third = third ?? symbol
            } else if coefficient < 0 {
                let ratio = -row.constant / coefficient
                if first == nil || ratio < first!.1 { first = (symbol, ratio) }
            } else {
                let ratio = row.constant / coefficient
                if second == nil || ratio < second!.1 { second = (symbol, ratio) }
            }
        }
        return first?.0 ?? second?.0 ?? third
    }
}

let epsilon = 1e-9

func nearZero(_ value: Double) -> Bool { abs(value) < 1e-8 }

/// A column of the tableau: a user variable, or a slack, error or dummy variable the solver
/// made for a constraint.
struct Symbol: Hashable, Comparable {
    enum Kind { case external, slack, error, dummy }
    let id: Int
    let kind: Kind

    /// Slack and error variables are non-negative and may enter or leave the basis freely.
    var isPivotable: Bool { kind == .slack || kind == .error }

    static func < (lhs: Symbol, rhs: Symbol) -> Bool { lhs.id < rhs.id }
    // The id alone tells symbols apart (the kind follows from it): hashing one word, not two,
    // matters in a tableau that is mostly dictionary lookups.
    static func == (lhs: Symbol, rhs: Symbol) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// One row of the tableau: `basic = constant + Σ coefficient · symbol`.
struct Row {
    private(set) var cells: [Symbol: Double] = [:]
    var constant: Double = 0

    var allDummies: Bool { cells.keys.allSatisfy { $0.kind == .dummy } }

    func coefficient(for symbol: Symbol) -> Double { cells[symbol] ?? 0 }

    /// The lowest symbol (Bland's rule, which keeps the simplex from cycling) whose
    /// coefficient is negative: making it basic lowers this objective. Dummies never enter.
    var enteringSymbol: Symbol? {
        var best: Symbol?
        for (symbol, coefficient) in cells where coefficient < -epsilon && symbol.kind != .dummy {
            if best == nil || symbol < best! { best = symbol }
        }
        return best
    }

    mutating func insert(_ symbol: Symbol, _ coefficient: Double) {
        let sum = (cells[symbol] ?? 0) + coefficient
        cells[symbol] = nearZero(sum) ? nil : sum
    }

    mutating func remove(_ symbol: Symbol) { cells[symbol] = nil }

    mutating func add(_ other: Row, times coefficient: Double) {
        constant += other.constant * coefficient
        for (symbol, value) in other.cells { insert(symbol, value * coefficient) }
    }

    mutating func negate() {
        constant = -constant
        for key in cells.keys { cells[key] = -cells[key]! }
    }

    /// Rewrites `0 = constant + c·symbol + rest` as `symbol = -(constant + rest) / c`.
    mutating func solve(for symbol: Symbol) {
        let coefficient = -1 / cells.removeValue(forKey: symbol)!
        constant *= coefficient
        for key in cells.keys { cells[key]! *= coefficient }
    }

    /// This row is `lhs = ...`; rewrites it as `rhs = ...`.
    mutating func solve(for lhs: Symbol, and rhs: Symbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    mutating func substitute(_ symbol: Symbol, with row: Row) {
        guard let coefficient = cells.removeValue(forKey: symbol) else { return }
        add(row, times: coefficient)
    }
}
