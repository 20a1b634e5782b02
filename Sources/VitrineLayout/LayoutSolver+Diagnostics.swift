// What UIKit reports about a layout: the constraints a refused one conflicts with, and the
// variables the constraints leave free.

extension LayoutSolver {
    // MARK: Conflicts

    /// The required constraints in the system that, together with `equation`, cannot all
    /// hold: UIKit's "Unable to simultaneously satisfy constraints" list.
    ///
    /// `equation` is one `add(_:)` refused with `.unsatisfiable`, or one in the system whose
    /// last constant change `updateConstant(of:to:)` refused (it is then read with that
    /// constant). The answer does not include `equation` itself, and is irreducible: without
    /// any one of its constraints, the rest and `equation` can hold together. Constraints come
    /// in the order they were added. Empty when `equation` can be added (or its refused
    /// constant set), is not required, or conflicts with no other constraint (`0 == 1`).
    ///
    /// It runs only after a refusal, and changes nothing: a copy of the tableau (its arrays,
    /// copied as they are written) refuses `equation` again and keeps the certificate, the
    /// constraints whose combination proves the conflict (the markers in the row phase one
    /// could not bring to 0), which only constraints sharing variables with `equation`,
    /// directly or through one another, can be in. One solver of the members' terms then
    /// checks that the combination is their only linear dependency, which makes the set
    /// irreducible; when it is not, a deletion filter takes members out one by one on a
    /// solver of the certificate alone (for up to 256 members; a larger one is returned as
    /// found, conflicting still).
    public func conflictingConstraints(with equation: LayoutEquation) -> [LayoutEquation] {
        var copy = tableau
        let test: LayoutEquation
        if let tag = tag(of: equation) {
            guard let constant = refusedConstants[equation] else { return [] }
            copy.remove(tag.markers, priority: equation.priority)
            var expression = equation.expression
            expression.constant = constant
            test = LayoutEquation(expression: expression, relation: equation.relation, priority: equation.priority)
        } else {
            test = equation
        }
        guard test.isRequired, test.expression.isFinite else { return [] }
        var terms: [(symbol: Symbol, coefficient: Double)] = []
        for (variable, coefficient) in test.expression.terms where !nearZero(coefficient) {
            let symbol = position(of: variable).map { knownVariables[$0].symbol } ?? copy.makeSymbol(.external)
            terms.append((symbol, coefficient))
        }
        var certificate: [Symbol] = []
        do {
            _ = try copy.add(
                terms, constant: test.expression.constant, relation: test.relation, priority: test.priority,
                certificate: &certificate)
            return []
        } catch {}
        let markers = Set(certificate)
        let conflict = constraints.filter { entry in
            entry.equation !== equation && entry.equation.isRequired && markers.contains(entry.tag.markers.marker)
        }
        return Self.irreducible(conflict.sorted { $0.tag.order < $1.tag.order }.map(\.equation), with: test)
    }

    /// `conflict`, which with `test` cannot hold, made irreducible. Usually it is already: a
    /// certificate has every member in its combination, and when that combination is the
    /// only linear dependency among the members' terms, each without any one member is
    /// linearly independent, so solvable. That is checked with one solver of their terms
    /// alone (constants 0, all equalities): a dependent one is a redundant equality there.
    /// Otherwise a deletion filter runs, for certificates of up to `filterLimit` members.
    static func irreducible(_ conflict: [LayoutEquation], with test: LayoutEquation) -> [LayoutEquation] {
        let terms = LayoutSolver()
        var dependencies = 0
        for equation in conflict + [test] where dependencies <= 1 {
            var homogeneous = equation.expression
            homogeneous.constant = 0
            let row = LayoutEquation(expression: homogeneous, relation: .equal, priority: LayoutEquation.required)
            // Constants 0: x = 0 satisfies every row, nothing is refused.
            try? terms.add(row)
            if let marker = terms.tag(of: row)?.markers.marker, terms.tableau.isBasic(marker) { dependencies += 1 }
        }
        if dependencies == 1 || conflict.count > filterLimit { return conflict }
        return deletionFilter(conflict, with: test)
    }

    /// The largest certificate `irreducible` filters: each test refuses `test` again.
    private static let filterLimit = 256

    /// A deletion filter: each constraint of `conflict` not yet known to be needed is taken
    /// out of a solver holding them; if `test` is still refused, the new certificate (a
    /// subset) is what is left, else the constraint is needed and goes back in. Needed in a
    /// set means needed in any subset that still conflicts, so the end is irreducible.
    private static func deletionFilter(_ conflict: [LayoutEquation], with test: LayoutEquation) -> [LayoutEquation] {
        let solver = LayoutSolver()
        for equation in conflict {
            // They hold together in the solver asking: a refusal here could only be rounding.
            try? solver.add(equation)
        }
        var kept = conflict
        var needed: Set<LayoutEquation> = []
        while let next = kept.first(where: { !needed.contains($0) }) {
            try? solver.remove(next)
            var certificate: [Symbol] = []
            do {
                try solver.add(test, certificate: &certificate)
                try? solver.remove(test)
                try? solver.add(next)
                needed.insert(next)
            } catch {
                let markers = Set(certificate)
                let smaller = kept.filter { equation in
                    equation !== next && solver.tag(of: equation).map { markers.contains($0.markers.marker) } ?? false
                }
                let staying = Set(smaller)
                for equation in kept where equation !== next && !staying.contains(equation) {
                    try? solver.remove(equation)
                }
                kept = smaller
            }
        }
        return kept
    }

    // MARK: Ambiguity

    /// Whether the constraints leave `variable`'s value open: some other solution with the
    /// same, optimal, weighted error (every required constraint holding) gives it another
    /// value. UIKit's `hasAmbiguousLayout` asks this of a view's edges and size.
    ///
    /// A variable no constraint mentions is ambiguous; one a required equality pins, or a
    /// preference holds at its value with nothing cheaper pulling elsewhere, is not. What is
    /// checked, at the current solution: the variable is a free parameter (no row defines
    /// it), or its row holds one; or its row holds a slack or error of a constraint that can
    /// move at no cost (a non-binding inequality, two equal preferences pulling apart), alone
    /// or together with other such slacks without taking a constraint at its bound past it.
    /// The last case is a small linear program over only those slacks, solved by a solver of
    /// its own; the others are a look at one row.
    public func isAmbiguous(_ variable: LayoutVariable) -> Bool {
        guard let position = position(of: variable) else { return true }
        return tableau.isAmbiguous(knownVariables[position].symbol)
    }
}

extension Tableau {
    /// A row constant below this is at its bound: the row blocks moves that lower it.
    private static let degenerate = 1e-8

    /// `LayoutSolver.isAmbiguous` for an external symbol.
    func isAmbiguous(_ symbol: Symbol) -> Bool {
        let row = rows[symbol.index]
        // Not basic: a parameter; restricted rows and the objective never hold external
        // symbols, so it moves freely.
        guard row.basic == symbol else { return true }
        var moving: [(symbol: Symbol, coefficient: Double)] = []
        for cell in row.cells {
            if cell.symbol.isExternal { return true }
            guard isFree(cell.symbol) else { continue }
            if canRaiseAlone(cell.symbol) { return true }
            moving.append((cell.symbol, cell.coefficient))
        }
        return !moving.isEmpty && canMove(moving)
    }

    /// A non-basic slack or error raising which costs nothing: its objective coefficient is
    /// 0 (at the optimum, none is negative). Dummies stay at 0; costly symbols too, at an
    /// optimum.
    private func isFree(_ symbol: Symbol) -> Bool {
        symbol.isPivotable && !isBasic(symbol) && objective[symbol.index] <= epsilon
    }

    /// Whether raising `symbol` alone keeps every restricted row feasible: no row at its
    /// bound falls with it, and no implied equality (a basic dummy) moves.
    private func canRaiseAlone(_ symbol: Symbol) -> Bool {
        for holder in columns[symbol.index] where !holder.isExternal {
            let row = rows[holder.index]
            let coefficient = row.coefficient(for: symbol)
            if holder.isDummy ? coefficient != 0 : row.constant < Self.degenerate && coefficient < 0 { return false }
        }
        return true
    }

    /// Whether some move of the free symbols, each raised by 0...1 and every row at its bound
    /// kept at or above it, changes `Σ coefficient · symbol`: maximised and minimised by a
    /// solver of its own over only the symbols the blocking rows tie to these.
    private func canMove(_ moving: [(symbol: Symbol, coefficient: Double)]) -> Bool {
        var directions: [Int: LayoutVariable] = [:]
        var pending: [Symbol] = []
        func direction(_ symbol: Symbol) -> LayoutVariable {
            if let variable = directions[symbol.index] { return variable }
            let variable = LayoutVariable()
            directions[symbol.index] = variable
            pending.append(symbol)
            return variable
        }
        var change = LinearExpression()
        for (symbol, coefficient) in moving { change.add(direction(symbol), coefficient) }
        var visited: Set<Int> = []
        var blocking: [LayoutEquation] = []
        while let symbol = pending.popLast() {
            for holder in columns[symbol.index] where !holder.isExternal && visited.insert(holder.index).inserted {
                let row = rows[holder.index]
                guard holder.isDummy || row.constant < Self.degenerate else { continue }
                var expression = LinearExpression()
                for cell in row.cells where isFree(cell.symbol) {
                    expression.add(direction(cell.symbol), cell.coefficient)
                }
                let relation: LayoutEquation.Relation = holder.isDummy ? .equal : .greaterThanOrEqual
                blocking.append(LayoutEquation(expression, relation, LinearExpression()))
            }
        }
        let solver = LayoutSolver()
        // Every constraint holds at 0: none is refused.
        for variable in directions.values {
            try? solver.add(LayoutEquation(LinearExpression(variable), .greaterThanOrEqual, LinearExpression()))
            try? solver.add(LayoutEquation(LinearExpression(variable), .lessThanOrEqual, LinearExpression(constant: 1)))
        }
        for equation in blocking { try? solver.add(equation) }
        for (relation, target) in [(LayoutEquation.Relation.greaterThanOrEqual, 1.0), (.lessThanOrEqual, -1)] {
            // The weakest preference for the change to reach the target: the optimum takes it
            // as far as the constraints let it.
            let goal = LayoutEquation(change, relation, LinearExpression(constant: target), priority: 1)
            try? solver.add(goal)
            solver.updateVariables()
            let reached = change.terms.reduce(0) { $0 + $1.coefficient * $1.variable.value }
            if abs(reached) > 1e-7 { return true }
            try? solver.remove(goal)
        }
        return false
    }
}

extension LayoutSolver {
    /// The tableau's broken invariants and the solver's own (every known variable mentioned
    /// by as many constraints as it counts), for tests.
    func invariantViolations() -> [String] {
        var problems = tableau.invariantViolations()
        var uses: [LayoutVariable: Int] = [:]
        for (equation, _) in constraints {
            for (variable, coefficient) in equation.expression.terms where !nearZero(coefficient) {
                uses[variable, default: 0] += 1
            }
        }
        if uses.count != knownVariables.count { problems.append("\(knownVariables.count) known, \(uses.count) used") }
        for (position, known) in knownVariables.enumerated() {
            if self.position(of: known.variable) != position { problems.append("\(known.variable) misplaced") }
            if uses[known.variable] != known.uses { problems.append("\(known.variable) counts \(known.uses) uses") }
            if !known.symbol.isExternal { problems.append("\(known.variable) is not external") }
            if tableau.objective[known.symbol.index] != 0 { problems.append("\(known.variable) in the objective") }
        }
        if tableau.symbolCount < knownVariables.count { problems.append("fewer symbols than variables") }
        for (position, entry) in constraints.enumerated() where tag(of: entry.equation)?.order != entry.tag.order {
            problems.append("\(entry.equation) misplaced at \(position)")
        }
        return problems
    }
}
