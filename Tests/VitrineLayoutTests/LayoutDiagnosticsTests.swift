import Testing
import VitrineTestSupport

@testable import VitrineLayout

private func expr(_ terms: [(LayoutVariable, Double)], _ constant: Double = 0) -> LinearExpression {
    LinearExpression(terms, constant: constant)
}
private func v(_ variable: LayoutVariable) -> LinearExpression { LinearExpression(variable) }
private func c(_ constant: Double) -> LinearExpression { LinearExpression(constant: constant) }

/// Whether the constraints, all in `x` and `y`, have a common solution, decided exactly: a
/// non-empty polyhedron in the plane either has a vertex (two boundary lines meet there) or
/// holds a line, and then a boundary line's point nearest the origin, or the origin, is in it.
func isFeasible(_ equations: [LayoutEquation], x: LayoutVariable, y: LayoutVariable) -> Bool {
    typealias Line = (a: Double, b: Double, k: Double)
    let lines: [Line] = equations.map { equation in
        var line: Line = (0, 0, equation.expression.constant)
        for (variable, coefficient) in equation.expression.terms {
            if variable === x { line.a += coefficient } else if variable === y { line.b += coefficient }
        }
        return line
    }
    func holds(_ px: Double, _ py: Double) -> Bool {
        zip(lines, equations).allSatisfy { line, equation in
            let value = line.a * px + line.b * py + line.k
            switch equation.relation {
            case .equal: return abs(value) < 1e-7
            case .lessThanOrEqual: return value < 1e-7
            case .greaterThanOrEqual: return value > -1e-7
            }
        }
    }
    var candidates: [(Double, Double)] = [(0, 0)]
    for line in lines where line.a != 0 || line.b != 0 {
        let norm = line.a * line.a + line.b * line.b
        candidates.append((-line.k * line.a / norm, -line.k * line.b / norm))
    }
    for i in lines.indices {
        for j in lines.indices where j > i {
            let (p, q) = (lines[i], lines[j])
            let determinant = p.a * q.b - q.a * p.b
            guard determinant != 0 else { continue }
            candidates.append(((p.b * q.k - p.k * q.b) / determinant, (q.a * p.k - p.a * q.k) / determinant))
        }
    }
    return candidates.contains { holds($0.0, $0.1) }
}

/// A random constraint `a·x + b·y + k relation 0` with small integer coefficients.
private func randomEquation(
    _ x: LayoutVariable, _ y: LayoutVariable, priority: Double, using generator: inout SeededGenerator
) -> LayoutEquation {
    let a = Double(Int.random(in: -2...2, using: &generator))
    let b = Double(Int.random(in: -2...2, using: &generator))
    let constant = Double(Int.random(in: -20...20, using: &generator))
    let relation = [LayoutEquation.Relation.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(
        using: &generator)!
    return LayoutEquation(expr([(x, a), (y, b)], constant), relation, c(0), priority: priority)
}

/// The priority-weighted error of the preferences at the variables' current values.
private func weightedError(_ equations: [LayoutEquation]) -> Double {
    equations.filter { !$0.isRequired }.reduce(0) { sum, equation in
        let value = equation.expression.terms.reduce(equation.expression.constant) {
            $0 + $1.coefficient * $1.variable.value
        }
        switch equation.relation {
        case .equal: return sum + LayoutEquation.weight(ofPriority: equation.priority) * abs(value)
        case .lessThanOrEqual: return sum + LayoutEquation.weight(ofPriority: equation.priority) * max(0, value)
        case .greaterThanOrEqual: return sum + LayoutEquation.weight(ofPriority: equation.priority) * max(0, -value)
        }
    }
}

@Suite("LayoutSolver conflicts") struct LayoutConflictTests {
    @Test func aConflictOfTwoConstraintsNamesTheOther() throws {
        let solver = LayoutSolver()
        let x = LayoutVariable("x")
        let y = LayoutVariable("y")
        let minimum = LayoutEquation(v(x), .greaterThanOrEqual, c(10))
        try solver.add(minimum)
        try solver.add(LayoutEquation(v(x), .equal, c(12), priority: 500))  // a preference: never named
        try solver.add(LayoutEquation(v(y), .equal, c(3)))  // unrelated
        let maximum = LayoutEquation(v(x), .lessThanOrEqual, c(5))
        #expect(throws: LayoutSolverError.unsatisfiable) { try solver.add(maximum) }
        let conflict = solver.conflictingConstraints(with: maximum)
        #expect(conflict == [minimum])
        #expect(solver.constraintCount == 3 && !solver.contains(maximum), "explaining changes nothing")
        solver.updateVariables()
        #expect(abs(x.value - 12) < 1e-9 && abs(y.value - 3) < 1e-9)
        #expect(solver.invariantViolations().isEmpty)
    }

    @Test func aConflictOfThreeConstraintsNamesBothOthersAndOnlyOneOfTwoAlternatives() throws {
        let solver = LayoutSolver()
        let x = LayoutVariable("x")
        let y = LayoutVariable("y")
        let z = LayoutVariable("z")
        let offset = LayoutEquation(v(x), .equal, expr([(y, 1)], 10))
        let floor = LayoutEquation(v(y), .greaterThanOrEqual, c(5))
        let lowerFloor = LayoutEquation(v(y), .greaterThanOrEqual, c(3))
        let beside = LayoutEquation(v(z), .equal, expr([(x, 1)], 4))  // shares x, plays no part
        for equation in [offset, floor, lowerFloor, beside] { try solver.add(equation) }
        // x <= 12 means y <= 2: against either floor, through the offset.
        let ceiling = LayoutEquation(v(x), .lessThanOrEqual, c(12))
        #expect(throws: LayoutSolverError.unsatisfiable) { try solver.add(ceiling) }
        let conflict = solver.conflictingConstraints(with: ceiling)
        #expect(conflict.count == 2 && conflict.first === offset, "\(conflict)")
        #expect(conflict.last === floor || conflict.last === lowerFloor)
        #expect(!isFeasible(conflict + [ceiling], x: x, y: y))
    }

    @Test func aRefusedConstantChangeIsExplainedWithTheRefusedConstant() throws {
        let solver = LayoutSolver()
        let width = LayoutVariable("width")
        let minimum = LayoutEquation(v(width), .greaterThanOrEqual, c(40))
        let maximum = LayoutEquation(v(width), .lessThanOrEqual, c(200))
        try solver.add(minimum)
        try solver.add(maximum)
        try solver.add(LayoutEquation(v(width), .equal, c(100), priority: 250))
        #expect(solver.conflictingConstraints(with: minimum).isEmpty, "nothing was refused")
        #expect(throws: LayoutSolverError.unsatisfiable) { try solver.updateConstant(of: minimum, to: -500) }
        #expect(solver.conflictingConstraints(with: minimum) == [maximum])
        try solver.updateConstant(of: minimum, to: -50)
        #expect(solver.conflictingConstraints(with: minimum).isEmpty, "a later change that holds clears it")
    }

    @Test func anImpliedEqualityThatCannotChangeNamesWhatImpliesIt() throws {
        let solver = LayoutSolver()
        let x = LayoutVariable("x")
        let y = LayoutVariable("y")
        let first = LayoutEquation(v(x), .equal, c(10))
        let second = LayoutEquation(v(y), .equal, expr([(x, 1)], 5))
        let implied = LayoutEquation(v(y), .equal, c(15))
        for equation in [first, second, implied] { try solver.add(equation) }
        #expect(throws: LayoutSolverError.unsatisfiable) { try solver.updateConstant(of: implied, to: -16) }
        #expect(solver.conflictingConstraints(with: implied) == [first, second])
    }

    /// A certificate is irreducible as a rule; one that is not (two bounds where one does,
    /// a constraint in another variable) is cut down by the deletion filter.
    @Test func aReducibleSetIsCutDownToAnIrreducibleOne() throws {
        let x = LayoutVariable("x")
        let y = LayoutVariable("y")
        let atLeast10 = LayoutEquation(v(x), .greaterThanOrEqual, c(10))
        let atLeast12 = LayoutEquation(v(x), .greaterThanOrEqual, c(12))
        let elsewhere = LayoutEquation(v(y), .equal, c(3))
        let test = LayoutEquation(v(x), .lessThanOrEqual, c(5))
        let cut = LayoutSolver.irreducible([atLeast10, elsewhere, atLeast12], with: test)
        #expect(cut.count == 1 && (cut[0] === atLeast10 || cut[0] === atLeast12), "\(cut)")
        let already = LayoutSolver.irreducible([atLeast12], with: test)
        #expect(already.count == 1 && already[0] === atLeast12)
    }

    @Test func aLongChainsConflictIsExplainedWhole() throws {
        // 60 views stacked 8 points apart, each at least 10 tall: the last cannot end above
        // 60 · 18 = 1,080, and every gap and minimum height is needed to say so.
        let solver = LayoutSolver()
        var bottom = LinearExpression()
        var chain: [LayoutEquation] = []
        for index in 0..<60 {
            let top = LayoutVariable("view\(index).top")
            let height = LayoutVariable("view\(index).height")
            var below = bottom
            below.constant += 8
            chain.append(LayoutEquation(v(top), .equal, below))
            chain.append(LayoutEquation(v(height), .greaterThanOrEqual, c(10)))
            for equation in chain.suffix(2) { try solver.add(equation) }
            try solver.add(LayoutEquation(v(height), .equal, c(30), priority: 250))
            bottom = expr([(top, 1), (height, 1)])
        }
        let limit = LayoutEquation(bottom, .lessThanOrEqual, c(1000))
        #expect(throws: LayoutSolverError.unsatisfiable) { try solver.add(limit) }
        let conflict = solver.conflictingConstraints(with: limit)
        #expect(conflict == chain)
    }

    @Test func aSatisfiableOrNonRequiredConstraintHasNoConflict() throws {
        let solver = LayoutSolver()
        let x = LayoutVariable("x")
        try solver.add(LayoutEquation(v(x), .greaterThanOrEqual, c(10)))
        #expect(solver.conflictingConstraints(with: LayoutEquation(v(x), .lessThanOrEqual, c(50))).isEmpty)
        #expect(
            solver.conflictingConstraints(with: LayoutEquation(v(x), .lessThanOrEqual, c(5), priority: 999)).isEmpty)
        #expect(solver.conflictingConstraints(with: LayoutEquation(c(1), .equal, c(0))).isEmpty, "alone impossible")
    }

    /// On small random systems of required constraints in two variables: every refusal is
    /// right (decided exactly), and its explanation is drawn from the constraints in, cannot
    /// hold with the refused one, and can without any one of its members.
    @Test func explanationsAreConflictingAndIrreducible() throws {
        var generator = SeededGenerator(state: 0xC0F1)
        var explained = 0
        for trial in 0..<150 {
            let solver = LayoutSolver()
            let x = LayoutVariable("x")
            let y = LayoutVariable("y")
            var accepted: [LayoutEquation] = []
            for _ in 0..<Int.random(in: 3...9, using: &generator) {
                let priority = Int.random(in: 0..<4, using: &generator) == 0 ? 500.0 : LayoutEquation.required
                let equation = randomEquation(x, y, priority: priority, using: &generator)
                do {
                    try solver.add(equation)
                    accepted.append(equation)
                } catch {
                    #expect(error == .unsatisfiable && equation.isRequired)
                    let required = accepted.filter(\.isRequired)
                    #expect(!isFeasible(required + [equation], x: x, y: y), "trial \(trial): \(equation) refused")
                    let conflict = solver.conflictingConstraints(with: equation)
                    #expect(conflict.allSatisfy { member in required.contains { $0 === member } }, "trial \(trial)")
                    #expect(!isFeasible(conflict + [equation], x: x, y: y), "trial \(trial): \(conflict)")
                    for member in conflict {
                        let rest = conflict.filter { $0 !== member } + [equation]
                        #expect(isFeasible(rest, x: x, y: y), "trial \(trial): \(member) is not needed")
                    }
                    explained += 1
                }
                #expect(solver.invariantViolations().isEmpty, "trial \(trial): \(solver.invariantViolations())")
            }
        }
        #expect(explained > 50, "the trials refuse enough constraints to test anything")
    }

    /// A screen-sized system (the benchmark's, 10 rows of 20 views): a conflict in one row is
    /// explained by that row's chain alone, irreducibly.
    @Test func aConflictInAScreenSizedSystemStaysInItsRow() throws {
        let solver = LayoutSolver()
        let window = LayoutVariable("window.width")
        var widthsOfRow3: [LayoutVariable] = []
        var lastLeftOfRow3: LayoutVariable?
        for row in 0..<10 {
            let lefts = (0..<20).map { LayoutVariable("v\(row).\($0).left") }
            let widths = (0..<20).map { LayoutVariable("v\(row).\($0).width") }
            try solver.add(LayoutEquation(v(lefts[0]), .equal, c(8)))
            for column in 1..<20 {
                try solver.add(
                    LayoutEquation(
                        v(lefts[column]), .equal, expr([(lefts[column - 1], 1), (widths[column - 1], 1)], 8)))
                try solver.add(LayoutEquation(v(widths[column]), .equal, v(widths[0])))
            }
            for width in widths { try solver.add(LayoutEquation(v(width), .greaterThanOrEqual, c(0))) }
            try solver.add(LayoutEquation(expr([(lefts[19], 1), (widths[19], 1)], 8), .equal, v(window)))
            if row == 3 {
                widthsOfRow3 = widths
                lastLeftOfRow3 = lefts[19]
            }
        }
        try solver.addEditVariable(window, priority: 999)
        try solver.suggestValue(window, 1920)
        let narrow = LayoutEquation(v(widthsOfRow3[0]), .lessThanOrEqual, c(50))
        try solver.add(narrow)
        // 8 + 19 · (50 + 8) = 1110 at most.
        let far = LayoutEquation(v(lastLeftOfRow3!), .greaterThanOrEqual, c(2000))
        #expect(throws: LayoutSolverError.unsatisfiable) { try solver.add(far) }
        let conflict = solver.conflictingConstraints(with: far)
        #expect(conflict.contains(narrow))
        #expect(conflict.count == 1 + 19 + 18 + 1, "the margin, 19 lefts, the widths of 18 views equal, the narrow one")
        #expect(conflict.allSatisfy { $0.expression.terms.allSatisfy { $0.variable.name.hasPrefix("v3.") } })
        for member in conflict.prefix(3) {
            let rest = LayoutSolver()
            for other in conflict where other !== member { try rest.add(other) }
            #expect(throws: Never.self) { try rest.add(far) }
        }
    }
}

@Suite("LayoutSolver ambiguity") struct LayoutAmbiguityTests {
    @Test func unconstrainedAndUnderconstrainedVariablesAreAmbiguous() throws {
        let solver = LayoutSolver()
        let x = LayoutVariable("x")
        let y = LayoutVariable("y")
        #expect(solver.isAmbiguous(x), "no constraint mentions it")
        try solver.add(LayoutEquation(expr([(x, 1), (y, 1)]), .equal, c(100)))
        #expect(solver.isAmbiguous(x) && solver.isAmbiguous(y))
        try solver.add(LayoutEquation(v(y), .equal, c(30)))
        #expect(!solver.isAmbiguous(x) && !solver.isAmbiguous(y))
    }

    @Test func pinnedVariablesAreNotAmbiguous() throws {
        let solver = LayoutSolver()
        let x = LayoutVariable("x")
        let y = LayoutVariable("y")
        try solver.add(LayoutEquation(v(x), .equal, c(10)))
        try solver.add(LayoutEquation(v(y), .equal, c(20), priority: 250))
        #expect(!solver.isAmbiguous(x))
        #expect(!solver.isAmbiguous(y), "a preference alone fixes its optimum")
    }

    @Test func inequalityBoundedVariables() throws {
        let x = LayoutVariable("x")
        func solver(_ equations: [LayoutEquation]) throws -> LayoutSolver {
            let solver = LayoutSolver()
            for equation in equations { try solver.add(equation) }
            return solver
        }
        let atLeast10 = { LayoutEquation(v(x), .greaterThanOrEqual, c(10)) }
        #expect(try solver([atLeast10()]).isAmbiguous(x), "bounded on one side only")
        #expect(try solver([atLeast10(), LayoutEquation(v(x), .lessThanOrEqual, c(20))]).isAmbiguous(x))
        // Two bounds at one value: each slack alone is blocked by the other's row at 0.
        #expect(try !solver([atLeast10(), LayoutEquation(v(x), .lessThanOrEqual, c(10))]).isAmbiguous(x))
        #expect(try !solver([atLeast10(), LayoutEquation(v(x), .equal, c(5), priority: 250)]).isAmbiguous(x))
        #expect(try !solver([atLeast10(), LayoutEquation(v(x), .equal, c(30), priority: 250)]).isAmbiguous(x))
        let apart = [
            LayoutEquation(v(x), .equal, c(20), priority: 250), LayoutEquation(v(x), .equal, c(30), priority: 250),
        ]
        #expect(try solver(apart).isAmbiguous(x), "equal pulls apart: anywhere in 20...30 costs the same")
        let unequal = [
            LayoutEquation(v(x), .equal, c(20), priority: 250), LayoutEquation(v(x), .equal, c(30), priority: 251),
        ]
        #expect(try !solver(unequal).isAmbiguous(x))
    }

    /// Corners where more constraints meet than there are variables: at each, every slack of
    /// the solution's row, raised alone, takes a constraint at its bound past it, so only a
    /// move of several together can tell. x ≤ 0, y ≥ 3x − 1 and y ≥ −x − 1 meet at (0, −1)
    /// and leave y free upwards; y ≥ 3x, y ≥ 0 and x ≥ 2y leave only the origin.
    @Test func aDegenerateCornerNeedsItsSlacksToMoveTogether() throws {
        let x = LayoutVariable("x")
        let y = LayoutVariable("y")
        func corner(_ terms: [(Double, Double, Double)]) throws -> LayoutSolver {
            let solver = LayoutSolver()
            for (a, b, constant) in terms {
                try solver.add(LayoutEquation(expr([(x, a), (y, b)], constant), .greaterThanOrEqual, c(0)))
            }
            solver.updateVariables()
            return solver
        }
        let open = try corner([(-3, 1, 1), (-3, 0, 0), (1, 1, 1)])
        #expect(abs(x.value) < 1e-9 && abs(y.value + 1) < 1e-9)
        #expect(open.isAmbiguous(x) && open.isAmbiguous(y))
        let closed = try corner([(-3, 1, 0), (0, 1, 0), (1, -2, 0)])
        #expect(abs(x.value) < 1e-9 && abs(y.value) < 1e-9)
        #expect(!closed.isAmbiguous(x) && !closed.isAmbiguous(y))
    }

    /// The three boxes of a resizable window: fixed until the equal-width constraint of the
    /// last box goes, after which its width trades against the first two.
    @Test func aRowOfBoxesBecomesAmbiguousWhenAnEqualWidthGoes() throws {
        let solver = LayoutSolver()
        let window = LayoutVariable("window.width")
        let lefts = (0..<3).map { LayoutVariable("box\($0).left") }
        let widths = (0..<3).map { LayoutVariable("box\($0).width") }
        try solver.add(LayoutEquation(v(lefts[0]), .equal, c(10)))
        var equalWidths: [LayoutEquation] = []
        for index in 1..<3 {
            try solver.add(
                LayoutEquation(v(lefts[index]), .equal, expr([(lefts[index - 1], 1), (widths[index - 1], 1)], 10)))
            equalWidths.append(LayoutEquation(v(widths[index]), .equal, v(widths[0])))
            try solver.add(equalWidths.last!)
        }
        try solver.add(LayoutEquation(expr([(lefts[2], 1), (widths[2], 1)], 10), .equal, v(window)))
        for box in widths { try solver.add(LayoutEquation(v(box), .greaterThanOrEqual, c(20))) }
        try solver.addEditVariable(window, priority: 999)
        try solver.suggestValue(window, 640)
        for variable in lefts + widths + [window] { #expect(!solver.isAmbiguous(variable), "\(variable)") }
        try solver.remove(equalWidths[1])
        #expect(solver.isAmbiguous(widths[2]) && solver.isAmbiguous(widths[0]))
        #expect(!solver.isAmbiguous(lefts[0]) && !solver.isAmbiguous(window))
    }

    /// On random systems in two variables (required constraints and preferences, in a box):
    /// `isAmbiguous` against an independent test, solvers built anew with the variable
    /// required a little above or below its value: ambiguous exactly when one of them reaches
    /// the same weighted error.
    @Test func ambiguityMatchesMovingTheVariable() throws {
        var generator = SeededGenerator(state: 0xA3B1)
        var ambiguous = 0
        var fixed = 0
        for trial in 0..<120 {
            let x = LayoutVariable("x")
            let y = LayoutVariable("y")
            var accepted: [LayoutEquation] = []
            let solver = LayoutSolver()
            for variable in [x, y] {
                for (relation, bound) in [(LayoutEquation.Relation.greaterThanOrEqual, -40.0), (.lessThanOrEqual, 40)] {
                    accepted.append(LayoutEquation(v(variable), relation, c(bound)))
                    try solver.add(accepted.last!)
                }
            }
            for _ in 0..<Int.random(in: 1...5, using: &generator) {
                let priority = [1000.0, 750, 500, 250, 250].randomElement(using: &generator)!
                let equation = randomEquation(x, y, priority: priority, using: &generator)
                if (try? solver.add(equation)) != nil { accepted.append(equation) }
            }
            solver.updateVariables()
            let error = weightedError(accepted)
            for variable in [x, y] {
                let value = variable.value
                var movable = false
                for bound in [
                    LayoutEquation(v(variable), .greaterThanOrEqual, c(value + 1e-3)),
                    LayoutEquation(v(variable), .lessThanOrEqual, c(value - 1e-3)),
                ] {
                    let moved = LayoutSolver()
                    for equation in accepted { try moved.add(equation) }
                    guard (try? moved.add(bound)) != nil else { continue }
                    moved.updateVariables()
                    if weightedError(accepted) <= error + 1e-6 { movable = true }
                }
                solver.updateVariables()
                #expect(
                    solver.isAmbiguous(variable) == movable,
                    "trial \(trial): \(variable) at \(variable.value), \(accepted)")
                if movable { ambiguous += 1 } else { fixed += 1 }
            }
        }
        #expect(ambiguous > 30 && fixed > 30, "both answers are tested: \(ambiguous) ambiguous, \(fixed) fixed")
    }
}

@Suite("LayoutSolver variables") struct LayoutVariableLifetimeTests {
    @Test func aViewThatLeavesLeavesNothingInTheSolver() throws {
        let solver = LayoutSolver()
        let window = LayoutVariable("window.width")
        try solver.add(LayoutEquation(v(window), .equal, c(800)))
        let symbolsBefore = solver.tableau.symbolCount
        #expect(solver.variableCount == 1)
        for round in 0..<3 {
            let left = LayoutVariable("view.left")
            let width = LayoutVariable("view.width")
            let view = [
                LayoutEquation(v(left), .equal, c(20)),
                LayoutEquation(v(width), .equal, c(300), priority: 750),
                LayoutEquation(v(width), .greaterThanOrEqual, c(50)),
                LayoutEquation(expr([(left, 1), (width, 1)]), .lessThanOrEqual, expr([(window, 1)], -20)),
            ]
            for equation in view { try solver.add(equation) }
            try solver.addEditVariable(width, priority: 800)
            try solver.suggestValue(width, 900)
            solver.updateVariables()
            #expect(abs(width.value - 760) < 1e-9, "round \(round)")
            #expect(solver.variableCount == 3)
            try solver.removeEditVariable(width)
            for equation in view.reversed() {
                try solver.remove(equation)
                #expect(solver.invariantViolations().isEmpty, "\(solver.invariantViolations())")
            }
            #expect(solver.variableCount == 1, "round \(round)")
            #expect(solver.tableau.symbolCount == symbolsBefore, "round \(round)")
            #expect(solver.isAmbiguous(width), "forgotten")
        }
        #expect(solver.tableau.rows.count <= symbolsBefore + 12, "slots are reused")
    }

    /// Variables and constraints in several solvers at once (the first to hold one keeps its
    /// place in it, the others look it up): each solver sees its own system, and a solver
    /// that goes hands them on.
    @Test func variablesAndConstraintsSharedBetweenSolvers() throws {
        let x = LayoutVariable("x")
        let y = LayoutVariable("y")
        let shared = LayoutEquation(v(x), .equal, expr([(y, 2)]))
        var first: LayoutSolver? = LayoutSolver()
        let second = LayoutSolver()
        try first!.add(shared)
        try first!.add(LayoutEquation(v(y), .equal, c(5)))
        try second.add(LayoutEquation(v(y), .equal, c(7)))
        try second.add(shared)
        first!.updateVariables()
        #expect(x.value == 10)
        second.updateVariables()
        #expect(x.value == 14)
        try first!.remove(shared)
        #expect(!first!.contains(shared) && second.contains(shared) && first!.variableCount == 1)
        #expect(throws: LayoutSolverError.duplicateConstraint) { try second.add(shared) }
        try first!.add(shared)
        first = nil
        let third = LayoutSolver()
        try third.add(shared)
        try third.add(LayoutEquation(v(y), .equal, c(1)))
        try second.remove(shared)
        #expect(!second.contains(shared) && third.contains(shared))
        third.updateVariables()
        #expect(x.value == 2)
        #expect(second.variableCount == 1 && third.variableCount == 2)
        #expect(second.invariantViolations().isEmpty && third.invariantViolations().isEmpty)
    }

    @Test func aRefusedConstraintLeavesNoVariableBehind() throws {
        let solver = LayoutSolver()
        let x = LayoutVariable("x")
        try solver.add(LayoutEquation(v(x), .equal, c(10)))
        let symbols = solver.tableau.symbolCount
        let y = LayoutVariable("y")
        // Refused through phase one: y is new, x fixed; y ≥ x + 5 and y ≤ x hold apart.
        try solver.add(LayoutEquation(v(y), .greaterThanOrEqual, expr([(x, 1)], 5)))
        #expect(throws: LayoutSolverError.unsatisfiable) {
            try solver.add(LayoutEquation(v(y), .lessThanOrEqual, v(x)))
        }
        let z = LayoutVariable("z")
        #expect(throws: LayoutSolverError.unsatisfiable) {
            try solver.add(LayoutEquation(expr([(x, 1), (z, 0)]), .equal, c(11)))
        }
        #expect(solver.variableCount == 2 && solver.tableau.symbolCount == symbols + 2, "y and its slack")
        #expect(solver.invariantViolations().isEmpty, "\(solver.invariantViolations())")
    }

    /// Random additions, removals, constant changes and edits in six variables: after each,
    /// the invariants hold and the solution costs what a solver built anew with the same
    /// constraints finds; once everything is removed, nothing is left.
    @Test func randomChangesKeepTheTableauSoundAndLeaveNothingBehind() throws {
        var generator = SeededGenerator(state: 0x7AB1E)
        for trial in 0..<40 {
            let solver = LayoutSolver()
            let variables = (0..<6).map { LayoutVariable("x\($0)") }
            var accepted: [LayoutEquation] = []
            var editing: Set<LayoutVariable> = []
            var editValues: [LayoutVariable: Double] = [:]
            for variable in variables {
                for (relation, bound) in [
                    (LayoutEquation.Relation.greaterThanOrEqual, -500.0), (.lessThanOrEqual, 500),
                ] {
                    accepted.append(LayoutEquation(v(variable), relation, c(bound)))
                    try solver.add(accepted.last!)
                }
            }
            for step in 0..<60 {
                switch Int.random(in: 0..<10, using: &generator) {
                case 0..<5:
                    let chosen = variables.shuffled(using: &generator).prefix(Int.random(in: 1...3, using: &generator))
                    let terms = chosen.map { ($0, Double(Int.random(in: -2...2, using: &generator))) }
                    let relation = [LayoutEquation.Relation.equal, .lessThanOrEqual, .greaterThanOrEqual]
                        .randomElement(using: &generator)!
                    let priority = [1000.0, 1000, 750, 250].randomElement(using: &generator)!
                    let equation = LayoutEquation(
                        expr(terms, Double(Int.random(in: -50...50, using: &generator))), relation, c(0),
                        priority: priority)
                    if (try? solver.add(equation)) != nil { accepted.append(equation) }
                case 5..<7 where accepted.count > 12:
                    let index = Int.random(in: 12..<accepted.count, using: &generator)
                    try solver.remove(accepted.remove(at: index))
                case 7..<9 where accepted.count > 12:
                    let equation = accepted[Int.random(in: 12..<accepted.count, using: &generator)]
                    try? solver.updateConstant(of: equation, to: Double(Int.random(in: -50...50, using: &generator)))
                default:
                    let variable = variables.randomElement(using: &generator)!
                    if !editing.contains(variable) {
                        try solver.addEditVariable(variable, priority: 600)
                        editing.insert(variable)
                    }
                    editValues[variable] = Double(Int.random(in: -100...100, using: &generator))
                    try solver.suggestValue(variable, editValues[variable]!)
                }
                #expect(solver.invariantViolations().isEmpty, "trial \(trial) step \(step)")
                // The same constraints built anew, the edits as the preferences they are.
                let edits = editing.map { LayoutEquation(v($0), .equal, c(editValues[$0]!), priority: 600) }
                solver.updateVariables()
                let incremental = variables.map(\.value)
                let cost = weightedError(accepted + edits)
                for equation in accepted where equation.isRequired {
                    let value = equation.expression.terms.reduce(equation.expression.constant) {
                        $0 + $1.coefficient * $1.variable.value
                    }
                    let holds =
                        equation.relation == .equal
                        ? abs(value) < 1e-6 : equation.relation == .lessThanOrEqual ? value < 1e-6 : value > -1e-6
                    #expect(holds, "trial \(trial) step \(step): \(equation) at \(incremental)")
                }
                let fresh = LayoutSolver()
                for equation in accepted + edits { try fresh.add(equation) }
                fresh.updateVariables()
                let freshCost = weightedError(accepted + edits)
                #expect(abs(cost - freshCost) < 1e-6 * max(1, freshCost), "trial \(trial) step \(step)")
            }
            for variable in editing { try solver.removeEditVariable(variable) }
            for equation in accepted { try solver.remove(equation) }
            #expect(solver.constraintCount == 0 && solver.variableCount == 0)
            #expect(solver.tableau.symbolCount == 0, "trial \(trial)")
            #expect(solver.tableau.columns.allSatisfy(\.isEmpty) && solver.tableau.objective.allSatisfy { $0 == 0 })
        }
    }
}
