import Testing
import VitrineTestSupport

@testable import VitrineLayout

/// `variable` as an expression, `coefficient · variable + constant`.
private func expr(_ terms: [(LayoutVariable, Double)], _ constant: Double = 0) -> LinearExpression {
    LinearExpression(terms, constant: constant)
}
private func v(_ variable: LayoutVariable) -> LinearExpression { LinearExpression(variable) }
private func c(_ constant: Double) -> LinearExpression { LinearExpression(constant: constant) }

@Suite("LayoutSolver") struct LayoutSolverTests {
    @Test func requiredEqualitiesAreSolved() throws {
        let solver = LayoutSolver()
        let x = LayoutVariable("x")
        let y = LayoutVariable("y")
        try solver.add(LayoutEquation(expr([(x, 1), (y, 1)]), .equal, c(20)))
        try solver.add(LayoutEquation(v(x), .equal, c(5)))
        solver.updateVariables()
        #expect(x.value == 5 && y.value == 15)
    }

    @Test func higherPrioritiesWinAndRequiredBoundsHold() throws {
        let solver = LayoutSolver()
        let x = LayoutVariable("x")
        let weak = LayoutEquation(v(x), .equal, c(20), priority: 250)
        let strong = LayoutEquation(v(x), .equal, c(10), priority: 750)
        try solver.add(weak)
        try solver.add(strong)
        solver.updateVariables()
        #expect(abs(x.value - 10) < 1e-9)
        let bound = LayoutEquation(v(x), .greaterThanOrEqual, c(15))
        try solver.add(bound)
        solver.updateVariables()
        #expect(abs(x.value - 15) < 1e-9)
        try solver.remove(bound)
        try solver.remove(strong)
        solver.updateVariables()
        #expect(abs(x.value - 20) < 1e-9, "with the stronger one gone the weak one holds")
    }

    @Test func anUnsatisfiableRequiredConstraintIsRefusedAndChangesNothing() throws {
        let solver = LayoutSolver()
        let x = LayoutVariable("x")
        try solver.add(LayoutEquation(v(x), .greaterThanOrEqual, c(10)))
        try solver.add(LayoutEquation(v(x), .equal, c(12), priority: 500))
        let conflicting = LayoutEquation(v(x), .lessThanOrEqual, c(5))
        #expect(throws: LayoutSolverError.unsatisfiable) { try solver.add(conflicting) }
        #expect(!solver.contains(conflicting) && solver.constraintCount == 2)
        solver.updateVariables()
        #expect(abs(x.value - 12) < 1e-9)
        // And the system still takes constraints.
        let y = LayoutVariable("y")
        try solver.add(LayoutEquation(v(y), .equal, expr([(x, 2)])))
        solver.updateVariables()
        #expect(abs(y.value - 24) < 1e-9)
    }

    @Test func contradictoryEqualitiesAreUnsatisfiableButARedundantOneIsAccepted() throws {
        let solver = LayoutSolver()
        let x = LayoutVariable("x")
        let y = LayoutVariable("y")
        try solver.add(LayoutEquation(v(x), .equal, c(10)))
        try solver.add(LayoutEquation(v(y), .equal, expr([(x, 1)], 5)))
        try solver.add(LayoutEquation(v(y), .equal, c(15)))  // implied: redundant
        #expect(throws: LayoutSolverError.unsatisfiable) {
            try solver.add(LayoutEquation(v(y), .equal, c(16)))
        }
        solver.updateVariables()
        #expect(x.value == 10 && y.value == 15)
    }

    @Test func badInputIsRefused() throws {
        let solver = LayoutSolver()
        let x = LayoutVariable("x")
        #expect(throws: LayoutSolverError.notFinite) { try solver.add(LayoutEquation(v(x), .equal, c(.nan))) }
        let equation = LayoutEquation(v(x), .equal, c(1))
        try solver.add(equation)
        #expect(throws: LayoutSolverError.duplicateConstraint) { try solver.add(equation) }
        try solver.remove(equation)
        #expect(throws: LayoutSolverError.unknownConstraint) { try solver.remove(equation) }
        #expect(throws: LayoutSolverError.unknownEditVariable) { try solver.suggestValue(x, 3) }
    }

    /// Three boxes in a row inside a window whose width is edited, as a resize does: equal
    /// widths, 10-point gaps and margins, re-solved incrementally at each suggestion.
    @Test func editVariablesMoveTheSolutionIncrementally() throws {
        let solver = LayoutSolver()
        let width = LayoutVariable("window.width")
        let lefts = (0..<3).map { LayoutVariable("box\($0).left") }
        let widths = (0..<3).map { LayoutVariable("box\($0).width") }
        try solver.add(LayoutEquation(v(lefts[0]), .equal, c(10)))
        for index in 1..<3 {
            try solver.add(
                LayoutEquation(v(lefts[index]), .equal, expr([(lefts[index - 1], 1), (widths[index - 1], 1)], 10)))
            try solver.add(LayoutEquation(v(widths[index]), .equal, v(widths[0])))
        }
        try solver.add(LayoutEquation(expr([(lefts[2], 1), (widths[2], 1)], 10), .equal, v(width)))
        for box in widths { try solver.add(LayoutEquation(v(box), .greaterThanOrEqual, c(20))) }
        try solver.addEditVariable(width, priority: 999)
        for (windowWidth, boxWidth) in [(340.0, 100.0), (640, 200), (100, 20), (190, 50)] {
            try solver.suggestValue(width, windowWidth)
            solver.updateVariables()
            #expect(abs(widths[1].value - boxWidth) < 1e-9, "window \(windowWidth): box \(widths[1].value)")
            #expect(abs(lefts[2].value - (10 + 2 * (boxWidth + 10))) < 1e-9)
        }
        // 100 points cannot fit three 20-point boxes and four gaps: the edit gives way.
        try solver.suggestValue(width, 50)
        solver.updateVariables()
        #expect(widths[0].value >= 20 - 1e-9 && abs(width.value - 100) < 1e-9)
        try solver.removeEditVariable(width)
        #expect(!solver.isEditing(width))
    }

    /// UIKit's `constant` changes: the solution moves without solving again, for an
    /// equality, a required bound and a preference alike, and a required change that cannot
    /// hold is refused and leaves the old constant in force.
    @Test func constantChangesResolveIncrementally() throws {
        let solver = LayoutSolver()
        let left = LayoutVariable("left")
        let width = LayoutVariable("width")
        let right = LayoutVariable("right")
        let gap = LayoutEquation(v(left), .equal, c(8))
        try solver.add(gap)
        try solver.add(LayoutEquation(v(right), .equal, expr([(left, 1), (width, 1)])))
        let minimum = LayoutEquation(v(width), .greaterThanOrEqual, c(40))
        try solver.add(minimum)
        let maximum = LayoutEquation(v(width), .lessThanOrEqual, c(300))
        try solver.add(maximum)
        let preferred = LayoutEquation(v(width), .equal, c(100), priority: 250)
        try solver.add(preferred)
        solver.updateVariables()
        #expect(left.value == 8 && width.value == 100 && right.value == 108)

        try solver.updateConstant(of: gap, to: -20)  // left - 20 == 0
        try solver.updateConstant(of: preferred, to: -250)  // width - 250 == 0
        solver.updateVariables()
        #expect(abs(left.value - 20) < 1e-9 && abs(width.value - 250) < 1e-9 && abs(right.value - 270) < 1e-9)

        try solver.updateConstant(of: maximum, to: -200)  // width <= 200 now binds
        solver.updateVariables()
        #expect(abs(width.value - 200) < 1e-9)

        #expect(throws: LayoutSolverError.unsatisfiable) {
            try solver.updateConstant(of: minimum, to: -500)  // width >= 500 against <= 200
        }
        #expect(minimum.expression.constant == -40, "the refused constant is not kept")
        solver.updateVariables()
        #expect(abs(width.value - 200) < 1e-9 && abs(right.value - 220) < 1e-9)

        try solver.updateConstant(of: maximum, to: -1000)
        solver.updateVariables()
        #expect(abs(width.value - 250) < 1e-9, "the preference is back in force")
    }

    /// A constant changed incrementally gives the same answer as a system built anew with it.
    @Test func aChangedConstantMatchesASystemBuiltWithIt() throws {
        func build(_ constants: [Double]) throws -> (LayoutSolver, [LayoutEquation], [LayoutVariable]) {
            let solver = LayoutSolver()
            let variables = (0..<4).map { LayoutVariable("x\($0)") }
            let equations = [
                LayoutEquation(v(variables[0]), .equal, c(constants[0])),
                LayoutEquation(v(variables[1]), .greaterThanOrEqual, expr([(variables[0], 1)], constants[1])),
                LayoutEquation(v(variables[2]), .equal, expr([(variables[1], 2)], constants[2]), priority: 500),
                LayoutEquation(v(variables[3]), .lessThanOrEqual, expr([(variables[2], 1)], constants[3])),
                LayoutEquation(v(variables[3]), .equal, c(1000), priority: 250),
                LayoutEquation(v(variables[1]), .equal, c(0), priority: 100),
            ]
            for equation in equations { try solver.add(equation) }
            solver.updateVariables()
            return (solver, equations, variables)
        }
        let start: [Double] = [10, 5, -3, 7]
        let (solver, equations, variables) = try build(start)
        for (index, value) in [(0, 25.0), (1, 40), (2, 12), (3, -30), (0, -5)] {
            var constants = equations.prefix(4).map { $0.expression.constant }
            // The equations' constants are `lhs - rhs`: undo the sign to rebuild them.
            constants = [-constants[0], -constants[1], -constants[2], -constants[3]]
            constants[index] = value
            try solver.updateConstant(of: equations[index], to: -value)
            solver.updateVariables()
            let (_, _, fresh) = try build(constants)
            for (incremental, rebuilt) in zip(variables, fresh) {
                #expect(
                    abs(incremental.value - rebuilt.value) < 1e-9,
                    "\(incremental): \(incremental.value) vs \(rebuilt.value)")
            }
        }
    }

    /// Small random systems in two variables against a brute-force search over a grid: every
    /// required constraint holds at the solver's answer, and no grid point that satisfies them
    /// has a lower weighted error.
    @Test func randomSystemsMatchABruteForceSearch() throws {
        var generator = SeededGenerator(state: 0x5EED)
        for trial in 0..<60 {
            let solver = LayoutSolver()
            let x = LayoutVariable("x")
            let y = LayoutVariable("y")
            var accepted: [LayoutEquation] = []
            for _ in 0..<Int.random(in: 2...6, using: &generator) {
                let a = Double(Int.random(in: -2...2, using: &generator))
                let b = Double(Int.random(in: -2...2, using: &generator))
                let constant = Double(Int.random(in: -20...20, using: &generator))
                let relation = [LayoutEquation.Relation.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(
                    using: &generator)!
                let priority = [1000, 750, 500, 250].randomElement(using: &generator)!
                let equation = LayoutEquation(
                    expr([(x, a), (y, b)], constant), relation, c(0), priority: Double(priority))
                do {
                    try solver.add(equation)
                    accepted.append(equation)
                } catch {
                    #expect(error == .unsatisfiable && equation.isRequired, "trial \(trial): \(equation)")
                    let required = accepted.filter(\.isRequired) + [equation]
                    #expect(!isFeasible(required, x: x, y: y), "trial \(trial): \(equation) was refused")
                }
                #expect(solver.invariantViolations().isEmpty, "trial \(trial): \(solver.invariantViolations())")
            }
            // Keep the answer bounded: the variables sit in a box.
            for variable in [x, y] {
                for (relation, bound) in [(LayoutEquation.Relation.greaterThanOrEqual, -40.0), (.lessThanOrEqual, 40)] {
                    let equation = LayoutEquation(v(variable), relation, c(bound))
                    try solver.add(equation)
                    accepted.append(equation)
                }
            }
            solver.updateVariables()
            func error(_ equation: LayoutEquation, _ px: Double, _ py: Double) -> Double {
                let terms = equation.expression.terms
                let value =
                    equation.expression.constant
                    + terms.reduce(0) { $0 + $1.coefficient * ($1.variable === x ? px : py) }
                switch equation.relation {
                case .equal: return abs(value)
                case .lessThanOrEqual: return max(0, value)
                case .greaterThanOrEqual: return max(0, -value)
                }
            }
            let required = accepted.filter(\.isRequired)
            let preferences = accepted.filter { !$0.isRequired }
            for equation in required {
                #expect(
                    error(equation, x.value, y.value) < 1e-6, "trial \(trial): \(equation) at (\(x.value), \(y.value))")
            }
            let solverCost = preferences.reduce(0) {
                $0 + LayoutEquation.weight(ofPriority: $1.priority) * error($1, x.value, y.value)
            }
            var bestGridCost = Double.infinity
            for gx in stride(from: -40.0, through: 40, by: 0.5) {
                for gy in stride(from: -40.0, through: 40, by: 0.5) {
                    guard required.allSatisfy({ error($0, gx, gy) < 1e-9 }) else { continue }
                    bestGridCost = min(
                        bestGridCost,
                        preferences.reduce(0) {
                            $0 + LayoutEquation.weight(ofPriority: $1.priority) * error($1, gx, gy)
                        })
                }
            }
            if bestGridCost.isFinite {
                #expect(solverCost <= bestGridCost + 1e-6, "trial \(trial): solver \(solverCost), grid \(bestGridCost)")
            }
        }
    }
}
