let epsilon = 1e-9

func nearZero(_ value: Double) -> Bool { abs(value) < 1e-8 }

/// A column of the tableau: a user variable, or a slack, error or dummy variable the solver
/// made for a constraint. One word: the index of its slot in the tableau's arrays, shifted
/// left by two, and its kind in the low two bits, so symbols sort by index and a cell holds
/// its kind without a lookup.
struct Symbol: Hashable, Comparable {
    enum Kind: Int32 { case external = 0, slack = 1, error = 2, dummy = 3 }

    let raw: Int32

    /// No symbol: the `basic` of a slot whose symbol is not basic, the `other` of a tag.
    static let none = Symbol(raw: -1)

    init(raw: Int32) { self.raw = raw }
    init(index: Int, kind: Kind) { raw = Int32(index) << 2 | kind.rawValue }

    var index: Int { Int(raw >> 2) }
    var kind: Kind { Kind(rawValue: raw & 3).unsafelyUnwrapped }
    var isExternal: Bool { raw & 3 == 0 }
    var isDummy: Bool { raw & 3 == 3 }
    /// Slack and error variables are non-negative and may enter or leave the basis freely.
    var isPivotable: Bool { raw & 3 == 1 || raw & 3 == 2 }

    static func < (lhs: Symbol, rhs: Symbol) -> Bool { lhs.raw < rhs.raw }
}

/// One coefficient of a row. `slot` is, for a row in the tableau, where the row stands in
/// the symbol's column, so that leaving the column is a swap with its last entry.
struct Cell {
    var symbol: Symbol
    var slot: Int32
    var coefficient: Double
}

/// `basic = constant + Σ coefficient · symbol`, its cells sorted by symbol.
struct Row {
    var cells: [Cell] = []
    var constant: Double = 0
    /// The symbol whose row this is, for a slot of the tableau; `.none` otherwise.
    var basic = Symbol.none

    init(constant: Double = 0) { self.constant = constant }

    var isBasic: Bool { basic.raw >= 0 }

    var allDummies: Bool { cells.allSatisfy { $0.symbol.isDummy } }

    /// Where `symbol` is, or would be inserted.
    func lowerBound(_ symbol: Symbol) -> Int {
        var low = 0
        var high = cells.count
        while low < high {
            let middle = (low + high) >> 1
            if cells[middle].symbol.raw < symbol.raw { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The position of the cell of the symbol at slot `index`.
    func position(ofIndex index: Int) -> Int? {
        let position = lowerBound(Symbol(raw: Int32(index) << 2))
        return position < cells.count && cells[position].symbol.index == index ? position : nil
    }

    func position(of symbol: Symbol) -> Int? {
        let position = lowerBound(symbol)
        return position < cells.count && cells[position].symbol == symbol ? position : nil
    }

    func coefficient(for symbol: Symbol) -> Double {
        guard let position = position(of: symbol) else { return 0 }
        return cells[position].coefficient
    }

    /// The lowest symbol (Bland's rule, which keeps the simplex from cycling) whose
    /// coefficient is negative: making it basic lowers this objective. Dummies never enter.
    var enteringSymbol: Symbol? {
        cells.first { $0.coefficient < -epsilon && !$0.symbol.isDummy }?.symbol
    }

    mutating func insert(_ symbol: Symbol, _ coefficient: Double) {
        let position = lowerBound(symbol)
        if position < cells.count && cells[position].symbol == symbol {
            let sum = cells[position].coefficient + coefficient
            if nearZero(sum) { cells.remove(at: position) } else { cells[position].coefficient = sum }
        } else if !nearZero(coefficient) {
            cells.insert(Cell(symbol: symbol, slot: 0, coefficient: coefficient), at: position)
        }
    }

    mutating func remove(_ symbol: Symbol) {
        if let position = position(of: symbol) { cells.remove(at: position) }
    }

    /// Adds `coefficient · other`: a merge of two sorted rows. For rows outside the tableau
    /// (the tableau's own go through `Tableau.substitute`, which keeps the columns).
    mutating func add(_ other: Row, times coefficient: Double) {
        constant += other.constant * coefficient
        guard !other.cells.isEmpty else { return }
        var merged: [Cell] = []
        merged.reserveCapacity(cells.count + other.cells.count)
        var i = 0
        var j = 0
        while i < cells.count || j < other.cells.count {
            if j == other.cells.count || (i < cells.count && cells[i].symbol < other.cells[j].symbol) {
                merged.append(cells[i])
                i += 1
            } else if i == cells.count || other.cells[j].symbol < cells[i].symbol {
                let value = other.cells[j].coefficient * coefficient
                if !nearZero(value) { merged.append(Cell(symbol: other.cells[j].symbol, slot: 0, coefficient: value)) }
                j += 1
            } else {
                let value = cells[i].coefficient + other.cells[j].coefficient * coefficient
                if !nearZero(value) { merged.append(Cell(symbol: cells[i].symbol, slot: 0, coefficient: value)) }
                i += 1
                j += 1
            }
        }
        cells = merged
    }

    mutating func negate() {
        constant = -constant
        for index in cells.indices { cells[index].coefficient = -cells[index].coefficient }
    }

    /// Rewrites `0 = constant + c·symbol + rest` as `symbol = -(constant + rest) / c`.
    mutating func solve(for symbol: Symbol) {
        let coefficient = -1 / cells.remove(at: position(of: symbol)!).coefficient
        constant *= coefficient
        for index in cells.indices { cells[index].coefficient *= coefficient }
    }

    /// This row is `lhs = ...`; rewrites it as `rhs = ...`.
    mutating func solve(for lhs: Symbol, and rhs: Symbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    mutating func substitute(_ symbol: Symbol, with row: Row) {
        guard let position = position(of: symbol) else { return }
        let coefficient = cells.remove(at: position).coefficient
        add(row, times: coefficient)
    }
}

/// The symbols a constraint put in the tableau.
struct Markers {
    /// Its slack (an inequality), dummy (a required equality) or first error (a preferred
    /// equality): the symbol that is made basic to take the constraint out.
    var marker: Symbol
    /// The error of a preference, else `.none`.
    var other: Symbol
    /// The marker's coefficient in the constraint's own row, as made: a change of the
    /// constraint's constant by d is the marker moving by d / this.
    var markerCoefficient: Double
}

/// The simplex tableau in basic feasible form, its symbols dense indices into arrays: a
/// slot per symbol holds the symbol's row when it is basic, its column (the basic symbols
/// whose rows hold it, so a substitution or a ratio test visits only those rows) and its
/// coefficient in the objective. A struct, so its methods touch its arrays without the
/// run-time exclusivity checks a class's stored properties need.
struct Tableau {
    private(set) var rows: [Row] = []
    private(set) var columns: [[Symbol]] = []
    /// The objective in the non-basic symbols, dense: a substitution costs the size of the
    /// row substituted, not of the objective.
    private(set) var objective: [Double] = []
    /// The non-dummy symbols whose objective coefficient went negative (some since back to
    /// non-negative), each once: the entering symbol is found without scanning the objective.
    private var negatives: [Symbol] = []
    private var isInNegatives: [Bool] = []
    private var freeIndices: [Int32] = []
    /// Rows a dual pivot or a constant change may have made negative.
    private var infeasible: [Symbol] = []
    /// Phase one's objective: the row being added, kept up to date by `substitute`.
    private var artificial: Row?
    /// While `isJournaling`, what the rows and the objective were before a change that may be
    /// undone. Not an optional: mutating through `journal!` would copy it at every note.
    private var journal = Journal()
    private var isJournaling = false
    /// The entries a substitution's cancelled cells left in columns, counted per column, and
    /// the columns that have some: filled in once the substitution is done (`closeHoles`).
    private var holes: [Int32] = []
    private var columnsWithHoles: [Int] = []

    private struct Journal {
        var rows: [(index: Int, row: Row)] = []
        var saved: Set<Int> = []
        var objective: [(symbol: Symbol, value: Double)] = []
    }

    /// How many slots are in use (symbols made and not freed).
    var symbolCount: Int { rows.count - freeIndices.count }

    func isBasic(_ symbol: Symbol) -> Bool { rows[symbol.index].basic == symbol }

    /// The value of `symbol` in the current solution: its row's constant if basic, else 0.
    func value(of symbol: Symbol) -> Double {
        let row = rows[symbol.index]
        return row.basic == symbol ? row.constant : 0
    }

    // MARK: Symbols

    mutating func makeSymbol(_ kind: Symbol.Kind) -> Symbol {
        if let index = freeIndices.popLast() { return Symbol(index: Int(index), kind: kind) }
        precondition(rows.count < 1 << 29, "too many symbols for a layout tableau")
        rows.append(Row())
        columns.append([])
        holes.append(0)
        objective.append(0)
        isInNegatives.append(false)
        return Symbol(index: rows.count - 1, kind: kind)
    }

    /// Gives the slot of a symbol that no constraint has any more back for reuse. Exactly,
    /// the symbol is in no row by now; rounding may have left cells of it, which go.
    mutating func freeSymbol(_ symbol: Symbol) {
        let index = symbol.index
        if rows[index].isBasic { _ = removeRow(for: rows[index].basic) }
        for holder in columns[index] {
            if let position = rows[holder.index].position(ofIndex: index) {
                rows[holder.index].cells.remove(at: position)
            }
        }
        columns[index] = []
        objective[index] = 0
        if isInNegatives[index] {
            isInNegatives[index] = false
            negatives.removeAll { $0.index == index }
        }
        freeIndices.append(Int32(index))
    }

    // MARK: Adding and removing constraints

    /// The constraint `Σ terms + constant relation 0` as a row over non-basic symbols, with
    /// its slack, error or dummy symbols; errors go into the objective at `priority`.
    private mutating func makeRow(
        _ terms: [(symbol: Symbol, coefficient: Double)], constant: Double, relation: LayoutEquation.Relation,
        priority: Double
    ) -> (Row, Markers) {
        var row = Row(constant: constant)
        for (symbol, coefficient) in terms {
            if isBasic(symbol) {
                row.add(rows[symbol.index], times: coefficient)
            } else {
                row.insert(symbol, coefficient)
            }
        }
        let isRequired = priority >= LayoutEquation.required
        let markers: Markers
        switch relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = relation == .lessThanOrEqual ? 1 : -1
            let slack = makeSymbol(.slack)
            row.insert(slack, sign)
            if isRequired {
                markers = Markers(marker: slack, other: .none, markerCoefficient: sign)
            } else {
                let error = makeSymbol(.error)
                row.insert(error, -sign)
                addToObjective(error, LayoutEquation.weight(ofPriority: priority))
                markers = Markers(marker: slack, other: error, markerCoefficient: sign)
            }
        case .equal:
            if isRequired {
                let dummy = makeSymbol(.dummy)
                row.insert(dummy, 1)
                markers = Markers(marker: dummy, other: .none, markerCoefficient: 1)
            } else {
                let plus = makeSymbol(.error)
                let minus = makeSymbol(.error)
                row.insert(plus, -1)
                row.insert(minus, 1)
                addToObjective(plus, LayoutEquation.weight(ofPriority: priority))
                addToObjective(minus, LayoutEquation.weight(ofPriority: priority))
                markers = Markers(marker: plus, other: minus, markerCoefficient: -1)
            }
        }
        if row.constant < 0 { row.negate() }
        return (row, markers)
    }

    /// Adds the constraint `Σ terms + constant relation 0` at `priority`. A required one that
    /// cannot hold with the required ones in is refused and the tableau left exactly as it
    /// was; `certificate` then gets the symbols of the combination of constraints that
    /// proves it (their markers).
    mutating func add(
        _ terms: [(symbol: Symbol, coefficient: Double)], constant: Double, relation: LayoutEquation.Relation,
        priority: Double, certificate: inout [Symbol]
    ) throws(LayoutSolverError) -> Markers {
        var (row, markers) = makeRow(terms, constant: constant, relation: relation, priority: priority)
        var subject = chooseSubject(row, markers)
        if subject == nil, row.allDummies {
            // Only required constraints get here (others always have an error subject), and
            // they put nothing in the objective: a refusal leaves nothing to undo. The row is
            // the new constraint plus required equalities: their dummies name them.
            guard nearZero(row.constant) else {
                certificate = row.cells.map(\.symbol)
                freeSymbol(markers.marker)
                throw .unsatisfiable
            }
            subject = markers.marker  // a redundant required equality: harmless
        }
        if let subject {
            row.solve(for: subject)
            substitute(subject, with: row)
            insertRow(row, for: subject)
        } else if !addWithArtificialVariable(row, certificate: &certificate) {
            freeSymbol(markers.marker)
            throw .unsatisfiable
        }
        optimize()
        // Exactly, an addition makes no row infeasible (restricted rows never hold external
        // symbols); what rounding put here must not outlive slots that may be reused.
        infeasible.removeAll(keepingCapacity: true)
        return markers
    }

    /// An external symbol of the row, else a new slack or error symbol with a negative
    /// coefficient (so the row stays feasible when solved for it).
    private func chooseSubject(_ row: Row, _ markers: Markers) -> Symbol? {
        // Of the row's variables, the one fewest other rows hold (a new variable: none), so
        // that substituting it into the tableau touches as little as possible.
        var external: Symbol?
        var holders = Int.max
        for cell in row.cells where cell.symbol.isExternal {
            let count = columns[cell.symbol.index].count
            if count < holders || (count == holders && cell.symbol > external!) {
                external = cell.symbol
                holders = count
            }
        }
        if let external { return external }
        if markers.marker.isPivotable && row.coefficient(for: markers.marker) < 0 { return markers.marker }
        if markers.other != .none && markers.other.isPivotable && row.coefficient(for: markers.other) < 0 {
            return markers.other
        }
        return nil
    }

    /// Phase one for a row with no easy subject: minimise an artificial variable standing for
    /// it; the row is satisfiable when that reaches 0. On failure the tableau is put back as
    /// it was from the journal of what the pivots changed (only those rows, not a copy of all).
    private mutating func addWithArtificialVariable(_ row: Row, certificate: inout [Symbol]) -> Bool {
        isJournaling = true
        let artificialSymbol = makeSymbol(.slack)
        insertRow(row, for: artificialSymbol)
        artificial = row
        optimize(artificialObjective: true)
        let success = nearZero(artificial!.constant)
        artificial = nil
        guard success else {
            // The artificial row is now `a = k + Σ c·s`, k > 0, every c of a restricted
            // symbol non-negative: its symbols are the markers of the constraints that, with
            // the new one, force a above 0.
            certificate = rows[artificialSymbol.index].cells.map(\.symbol)
            rollBack()
            freeSymbol(artificialSymbol)
            return false
        }
        endJournal()
        if var basic = removeRow(for: artificialSymbol), !basic.cells.isEmpty {
            // a = 0 + Σ c·s: make one of its symbols basic instead. Only dummies left means
            // the row is implied by required equalities: one of them becomes basic, as a
            // redundant equality's dummy does.
            let entering = basic.cells.first { $0.symbol.isPivotable }?.symbol ?? basic.cells[0].symbol
            basic.solve(for: artificialSymbol, and: entering)
            substitute(entering, with: basic)
            insertRow(basic, for: entering)
        }
        freeSymbol(artificialSymbol)  // at 0: its cells go
        return true
    }

    /// Takes out a constraint with `markers`, added at `priority`: its errors leave the
    /// objective and its marker is pivoted into the basis and its row dropped.
    mutating func remove(_ markers: Markers, priority: Double) {
        let weight = LayoutEquation.weight(ofPriority: priority)
        for symbol in [markers.marker, markers.other] where symbol != .none && symbol.kind == .error {
            if isBasic(symbol) {
                addToObjective(rows[symbol.index], times: -weight)
            } else {
                addToObjective(symbol, -weight)
            }
        }
        if removeRow(for: markers.marker) == nil, let leaving = leavingRow(for: markers.marker),
            var row = removeRow(for: leaving)
        {
            // The marker's row is the removed constraint: substituted away, then dropped.
            row.solve(for: leaving, and: markers.marker)
            substitute(markers.marker, with: row)
        }
        // With the marker's row dropped, no row holds the constraint's symbols any more.
        freeSymbol(markers.marker)
        if markers.other != .none { freeSymbol(markers.other) }
        optimize()
        infeasible.removeAll(keepingCapacity: true)
    }

    /// The row to pivot a marker out of when removing its constraint: a restricted row that
    /// stays feasible, else any restricted one, else an unrestricted one.
    private func leavingRow(for marker: Symbol) -> Symbol? {
        var first: (Symbol, Double)?
        var second: (Symbol, Double)?
        var third: Symbol?
        for symbol in columns[marker.index].sorted() {
            let row = rows[symbol.index]
            let coefficient = row.coefficient(for: marker)
            guard coefficient != 0 else { continue }
            if symbol.isExternal {
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

    // MARK: Constants

    /// A constraint's constant moved so that its marker stands `shift` further: the rows
    /// move their constants as substituting `marker + shift` for the marker would. Rows
    /// made negative wait for `dualOptimize`.
    mutating func shift(_ marker: Symbol, by shift: Double) {
        let index = marker.index
        if rows[index].basic == marker {
            rows[index].constant -= shift
            if rows[index].constant < 0 { infeasible.append(marker) }
            return
        }
        for holder in columns[index] {
            let row = holder.index
            guard let position = rows[row].position(of: marker) else { continue }
            rows[row].constant += rows[row].cells[position].coefficient * shift
            if rows[row].constant < 0 && !holder.isExternal { infeasible.append(holder) }
        }
    }

    // MARK: Rows and columns

    /// Before a row changes while a journal is kept: what it was.
    private mutating func note(_ index: Int) {
        guard isJournaling, journal.saved.insert(index).inserted else { return }
        journal.rows.append((index, rows[index]))
    }

    private mutating func endJournal() {
        isJournaling = false
        journal = Journal()
    }

    /// Puts back the rows and objective the journal saved and ends it.
    private mutating func rollBack() {
        guard isJournaling else { return }
        let journal = self.journal
        endJournal()
        for (index, _) in journal.rows where rows[index].isBasic { detachCells(of: index) }
        for (index, row) in journal.rows {
            rows[index] = row
            if row.isBasic { attachCells(of: index) }
        }
        for (symbol, value) in journal.objective.reversed() { objective[symbol.index] = value }
        for (symbol, _) in journal.objective { noteIfNegative(symbol) }
        artificial = nil
        infeasible.removeAll(keepingCapacity: true)
    }

    /// Notes each cell of a row in its symbol's column, and where.
    private mutating func attachCells(of index: Int) {
        let basic = rows[index].basic
        for position in rows[index].cells.indices {
            let column = rows[index].cells[position].symbol.index
            rows[index].cells[position].slot = Int32(columns[column].count)
            columns[column].append(basic)
        }
    }

    private mutating func detachCells(of index: Int) {
        for cell in rows[index].cells { leaveColumn(cell.symbol.index, at: Int(cell.slot)) }
    }

    /// Takes the entry at `slot` out of a column: the last entry moves into its place, and
    /// its row's cell learns the new slot.
    private mutating func leaveColumn(_ column: Int, at slot: Int) {
        let last = columns[column].count - 1
        if slot != last {
            let moved = columns[column][last]
            columns[column][slot] = moved
            let position = rows[moved.index].position(ofIndex: column)!
            rows[moved.index].cells[position].slot = Int32(slot)
        }
        columns[column].removeLast()
        shrinkIfSparse(column)
    }

    /// Fills the holes cancelled cells left in columns with the columns' last entries, each
    /// row moved told its new slot. Done once a substitution is over, not at each cancellation:
    /// substituting one symbol (an edit variable's) into a thousand rows can cancel the same
    /// few symbols in each, emptying their columns, and then most holes are filled by popping
    /// holes off the end, and few rows move.
    private mutating func closeHoles() {
        for column in columnsWithHoles {
            holes[column] = 0
            var position = 0
            while position < columns[column].count {
                if columns[column][position] == Symbol.none {
                    while columns[column].last == Symbol.none { columns[column].removeLast() }
                    if position < columns[column].count {
                        let moved = columns[column].removeLast()
                        columns[column][position] = moved
                        let cell = rows[moved.index].position(ofIndex: column)!
                        rows[moved.index].cells[cell].slot = Int32(position)
                    }
                }
                position += 1
            }
            shrinkIfSparse(column)
        }
        columnsWithHoles.removeAll(keepingCapacity: true)
    }

    /// Gives back the room of a column that lost most of its entries.
    private mutating func shrinkIfSparse(_ column: Int) {
        if columns[column].capacity > 32 && columns[column].count * 4 < columns[column].capacity {
            var smaller: [Symbol] = []
            smaller.reserveCapacity(columns[column].count * 2)
            smaller.append(contentsOf: columns[column])
            columns[column] = smaller
        }
    }

    /// Makes `row` the row of `basic`, noting its cells in the columns.
    private mutating func insertRow(_ row: Row, for basic: Symbol) {
        note(basic.index)
        rows[basic.index] = row
        rows[basic.index].basic = basic
        attachCells(of: basic.index)
    }

    /// Takes the row of `basic` out of the tableau.
    private mutating func removeRow(for basic: Symbol) -> Row? {
        let index = basic.index
        guard rows[index].basic == basic else { return nil }
        note(index)
        detachCells(of: index)
        var row = rows[index]
        rows[index] = Row()
        row.basic = .none
        return row
    }

    /// Replaces `symbol` by `row` (its new row) in every row holding it, the objective and
    /// phase one's objective.
    private mutating func substitute(_ symbol: Symbol, with row: Row) {
        var holders: [Symbol] = []
        swap(&holders, &columns[symbol.index])
        for holder in holders {
            substitute(symbol, with: row, inRow: holder.index)
            if !holder.isExternal && rows[holder.index].constant < 0 { infeasible.append(holder) }
        }
        closeHoles()
        let coefficient = objective[symbol.index]
        if coefficient != 0 {
            setObjective(symbol, 0)
            addToObjective(row, times: coefficient)
        }
        if artificial != nil { artificial!.substitute(symbol, with: row) }
    }

    /// One row's substitution: a merge of two sorted rows straight into an array of the
    /// size needed (a row grows or loses a few cells a substitution, and a tableau holds
    /// thousands of rows: no append's doubling, no room kept from cancelled cells), the columns
    /// told of the cells that appear (appended) and cancel (a hole, for `closeHoles`). The
    /// symbol's own column is the caller's to empty.
    ///
    /// Each incoming cell is searched for in the row, and the stretches of the row between
    /// them are copied as blocks: a long row (a chain of views puts every earlier view's
    /// symbols in a later one's row) takes a short substitution at the cost of a copy, not of
    /// a step per cell.
    private mutating func substitute(_ symbol: Symbol, with row: Row, inRow index: Int) {
        note(index)
        var cells: [Cell] = []
        swap(&cells, &rows[index].cells)
        guard let removed = Row.position(of: symbol, in: cells) else {
            swap(&cells, &rows[index].cells)
            return
        }
        let coefficient = cells[removed].coefficient
        rows[index].constant += row.constant * coefficient
        let basic = rows[index].basic
        rows[index].cells = cells.withUnsafeBufferPointer { old in
            row.cells.withUnsafeBufferPointer { incoming in
                [Cell](unsafeUninitializedCapacity: old.count - 1 + incoming.count) { result, count in
                    var n = 0
                    // Copies old[from..<to] but the substituted cell.
                    func copy(_ from: Int, _ to: Int) {
                        var start = from
                        while start < to {
                            let end = removed >= start && removed < to ? removed : to
                            if end > start {
                                (result.baseAddress! + n).initialize(from: old.baseAddress! + start, count: end - start)
                                n += end - start
                            }
                            start = end == removed ? removed + 1 : to
                        }
                    }
                    var from = 0
                    for cell in incoming {
                        var low = from
                        var high = old.count
                        while low < high {
                            let middle = (low + high) >> 1
                            if old[middle].symbol < cell.symbol { low = middle + 1 } else { high = middle }
                        }
                        copy(from, low)
                        if low < old.count && old[low].symbol == cell.symbol {
                            let value = old[low].coefficient + cell.coefficient * coefficient
                            if nearZero(value) {
                                let column = cell.symbol.index
                                columns[column][Int(old[low].slot)] = .none
                                if holes[column] == 0 { columnsWithHoles.append(column) }
                                holes[column] += 1
                            } else {
                                result.initializeElement(
                                    at: n, to: Cell(symbol: cell.symbol, slot: old[low].slot, coefficient: value))
                                n += 1
                            }
                            from = low + 1
                        } else {
                            let value = cell.coefficient * coefficient
                            if !nearZero(value) {
                                let column = cell.symbol.index
                                let slot = Int32(columns[column].count)
                                result.initializeElement(
                                    at: n, to: Cell(symbol: cell.symbol, slot: slot, coefficient: value))
                                n += 1
                                columns[column].append(basic)
                            }
                            from = low
                        }
                    }
                    copy(from, old.count)
                    count = n
                }
            }
        }
        if rows[index].cells.capacity > rows[index].cells.count * 5 / 4 + 2 {
            // Cells cancelled: do not keep their room.
            var exact: [Cell] = []
            exact.reserveCapacity(rows[index].cells.count)
            exact.append(contentsOf: rows[index].cells)
            rows[index].cells = exact
        }
    }

    // MARK: Objective

    private mutating func setObjective(_ symbol: Symbol, _ value: Double) {
        let index = symbol.index
        if isJournaling { journal.objective.append((symbol, objective[index])) }
        objective[index] = nearZero(value) ? 0 : value
        noteIfNegative(symbol)
    }

    private mutating func addToObjective(_ symbol: Symbol, _ value: Double) {
        setObjective(symbol, objective[symbol.index] + value)
    }

    private mutating func addToObjective(_ row: Row, times coefficient: Double) {
        for cell in row.cells { addToObjective(cell.symbol, cell.coefficient * coefficient) }
    }

    private mutating func noteIfNegative(_ symbol: Symbol) {
        let index = symbol.index
        if objective[index] < -epsilon && !symbol.isDummy && !isInNegatives[index] {
            isInNegatives[index] = true
            negatives.append(symbol)
        }
    }

    /// The lowest symbol whose objective coefficient is negative (Bland's rule), dropping
    /// from the list the ones no longer negative.
    private mutating func objectiveEnteringSymbol() -> Symbol? {
        var best: Symbol?
        var kept = 0
        for position in negatives.indices {
            let symbol = negatives[position]
            if objective[symbol.index] < -epsilon {
                negatives[kept] = symbol
                kept += 1
                if best == nil || symbol < best! { best = symbol }
            } else {
                isInNegatives[symbol.index] = false
            }
        }
        negatives.removeLast(negatives.count - kept)
        return best
    }

    // MARK: Simplex

    /// Primal simplex: pivots while the objective (or the artificial one of phase one) can
    /// still fall. `substitute` keeps both up to date as rows pivot.
    private mutating func optimize(artificialObjective: Bool = false) {
        while true {
            guard let entering = artificialObjective ? artificial!.enteringSymbol : objectiveEnteringSymbol()
            else { return }
            var leaving: Symbol?
            var ratio = Double.infinity
            for holder in columns[entering.index] where !holder.isExternal {
                let row = holder.index
                guard let position = rows[row].position(of: entering) else { continue }
                let coefficient = rows[row].cells[position].coefficient
                guard coefficient < -epsilon else { continue }
                let candidate = -rows[row].constant / coefficient
                if candidate < ratio - epsilon || (abs(candidate - ratio) <= epsilon && holder < leaving!) {
                    ratio = candidate
                    leaving = holder
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
    mutating func dualOptimize() -> Bool {
        var feasible = true
        while let leaving = infeasible.popLast() {
            guard isBasic(leaving), rows[leaving.index].constant < -epsilon else { continue }
            var entering: Symbol?
            var ratio = Double.infinity
            for cell in rows[leaving.index].cells where cell.coefficient > epsilon && !cell.symbol.isDummy {
                let candidate = objective[cell.symbol.index] / cell.coefficient
                if candidate < ratio - epsilon || (abs(candidate - ratio) <= epsilon && cell.symbol < entering!) {
                    ratio = candidate
                    entering = cell.symbol
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
}

extension Row {
    /// `position(of:)` over bare cells.
    static func position(of symbol: Symbol, in cells: [Cell]) -> Int? {
        var low = 0
        var high = cells.count
        while low < high {
            let middle = (low + high) >> 1
            if cells[middle].symbol.raw < symbol.raw { low = middle + 1 } else { high = middle }
        }
        return low < cells.count && cells[low].symbol == symbol ? low : nil
    }
}

extension Tableau {
    /// What is wrong with the tableau's invariants, for tests: each row sorted, in the columns
    /// of its cells at the slots they say, and feasible; restricted rows and the objective free
    /// of external symbols; the objective optimal and its negative list complete.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        let free = Set(freeIndices.map(Int.init))
        var entries = 0
        for (index, row) in rows.enumerated() {
            guard row.isBasic else {
                if !row.cells.isEmpty { problems.append("slot \(index) is not basic but has cells") }
                continue
            }
            let basic = row.basic
            if basic.index != index { problems.append("row \(index) names \(basic.raw)") }
            if free.contains(index) { problems.append("row \(index) is basic but free") }
            if objective[index] != 0 { problems.append("basic \(basic.raw) in the objective") }
            if !basic.isExternal && !basic.isDummy && row.constant < -1e-7 {
                problems.append("row \(basic.raw) infeasible: \(row.constant)")
            }
            for (position, cell) in row.cells.enumerated() {
                entries += 1
                if position > 0 && !(row.cells[position - 1].symbol < cell.symbol) {
                    problems.append("row \(basic.raw) unsorted")
                }
                if free.contains(cell.symbol.index) {
                    problems.append("row \(basic.raw) holds freed \(cell.symbol.raw)")
                }
                if rows[cell.symbol.index].isBasic {
                    problems.append("row \(basic.raw) holds basic \(cell.symbol.raw)")
                }
                if !basic.isExternal && cell.symbol.isExternal {
                    problems.append("restricted row \(basic.raw) holds external \(cell.symbol.raw)")
                }
                let column = columns[cell.symbol.index]
                if Int(cell.slot) >= column.count || column[Int(cell.slot)] != basic {
                    problems.append("row \(basic.raw): cell \(cell.symbol.raw) has a wrong slot")
                }
            }
        }
        if entries != columns.reduce(0, { $0 + $1.count }) { problems.append("columns hold entries no cell has") }
        var dummies: Set<Int> = []
        for row in rows { for cell in row.cells where cell.symbol.isDummy { dummies.insert(cell.symbol.index) } }
        for (index, value) in objective.enumerated() where value != 0 {
            if free.contains(index) { problems.append("freed slot \(index) in the objective") }
            if value < -1e-7 && !isInNegatives[index] && !dummies.contains(index) {
                problems.append("negative \(index) not listed")
            }
        }
        for symbol in negatives where objective[symbol.index] < -1e-7 && !symbol.isDummy {
            problems.append("not optimal: \(symbol.raw) at \(objective[symbol.index])")
        }
        if artificial != nil || isJournaling || !journal.rows.isEmpty { problems.append("phase one left state behind") }
        return problems
    }
}
