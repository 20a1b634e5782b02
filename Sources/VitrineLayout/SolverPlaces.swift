/// A solver's identity for `SolverPlaces`. Objects hold it strongly, so no other token can
/// be made at its address while one does; a solver that goes marks it dead, and another
/// may then take its objects over.
final class SolverToken {
    var isAlive = true
}

/// An object a solver lists (a variable, a constraint): it carries the place the first
/// solver listing it gave it.
protocol SolverListed: AnyObject, Hashable {
    var owner: SolverToken? { get set }
    var ownerPosition: Int { get set }
}

/// Where each object stands in a solver's dense list. The first solver to list an object
/// keeps the place in the object itself, so the common case, one solver, costs no hashing
/// (adding a constraint looks up each of its variables); others, such as the solvers an
/// explanation builds, fall back on a dictionary.
struct SolverPlaces<Object: SolverListed> {
    let token = SolverToken()
    private var others: [Object: Int] = [:]

    func position(of object: Object) -> Int? {
        if object.owner === token { return object.ownerPosition }
        return others.isEmpty ? nil : others[object]
    }

    mutating func setPosition(_ position: Int, of object: Object) {
        if object.owner === token {
            object.ownerPosition = position
        } else if object.owner?.isAlive ?? false {
            others[object] = position
        } else {
            object.owner = token
            object.ownerPosition = position
            if !others.isEmpty { others[object] = nil }
        }
    }

    mutating func removePosition(of object: Object) {
        if object.owner === token {
            object.owner = nil
        } else if !others.isEmpty {
            others[object] = nil
        }
    }
}
