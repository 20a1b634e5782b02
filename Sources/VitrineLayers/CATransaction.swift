import Foundation

/// Groups layer-tree changes so they take effect together, as Core Animation's
/// `CATransaction`.
///
/// Like Core Animation's, this is a static API on the main actor (UIKit's documented shape,
/// so the state is static rather than reached through a hidden singleton inside layers).
/// Explicit transactions nest: `begin()` opens one with no values of its own, so it reads
/// its enclosing transaction's values until it sets them; `commit()` closes it.
///
/// Outside any explicit transaction, setters apply to the implicit transaction, which
/// `flush()` commits (the frame loop flushes once per frame, where Core Animation commits at
/// the end of the run-loop turn). While an explicit transaction is open the compositor does
/// not render the tree, so a half-built change is never shown.
///
/// Hosts of trees changed while an explicit transaction was open hear from their trees once
/// more when the outermost transaction commits (see ``CALayerTreeHost``).
///
/// Completion blocks run, in the order their transactions committed, once the outermost
/// explicit transaction commits (or, for the implicit transaction, at `flush()`), or, when
/// animations were added to layers during the transaction (explicitly or as implicit
/// actions), once the last of them has stopped (finished or removed), as Core Animation does.
@preconcurrency @MainActor
open class CATransaction {
    /// One open transaction's own values; nil where it inherits.
    private struct Scope {
        var disableActions: Bool?
        var animationDuration: CFTimeInterval?
        var completionBlock: (() -> Void)?
        var timingFunction: CAMediaTimingFunction?
        var values: [String: Any] = [:]
        /// The animations added (while this transaction or one inside it was current) since
        /// its completion block was set.
        var group = CompletionGroup()
    }

    /// The animations a transaction's completion block waits for.
    final class CompletionGroup {
        /// Animations added and not yet stopped.
        var pending = 0
        /// The block to run when `pending` reaches 0 (after the transaction committed).
        var block: (() -> Void)?
    }

    /// The implicit transaction.
    private static var implicitScope = Scope()
    /// The open explicit transactions, outermost first.
    private static var explicitScopes: [Scope] = []
    /// Completion blocks of committed inner transactions, waiting for the outermost commit,
    /// with the animations they wait for.
    private static var pendingCompletions: [(block: () -> Void, group: CompletionGroup)] = []

    /// A hosted tree that changed while an explicit transaction was open.
    private struct TouchedTree {
        weak var host: (any CALayerTreeHost)?
        weak var root: CALayer?
    }
    /// The hosted trees changed during the open explicit transactions, by host and root.
    private static var touchedTrees: [[ObjectIdentifier]: TouchedTree] = [:]

    /// A transaction object, as `init()` (NSObject's): public so a subclass can be made, as
    /// Core Animation's open class allows; all of the class's work is in its class methods.
    public init() {}

    /// Whether an explicit transaction is open (a Vitrine addition): a screen's frame loop
    /// does not render its tree until the outermost one commits, so the changes made inside
    /// show together.
    public static var isBatching: Bool { !explicitScopes.isEmpty }

    /// The number of open explicit transactions (0 outside any).
    internal static var nestingDepth: Int { explicitScopes.count }

    /// Opens a transaction, as `begin()`; it inherits the enclosing transaction's values
    /// until it sets its own.
    open class func begin() {
        explicitScopes.append(Scope())
    }

    /// Closes the innermost explicit transaction, as `commit()`. Its completion block runs
    /// when the outermost transaction commits, after those of transactions that committed
    /// before it. A `commit()` without a `begin()` does nothing (Core Animation logs it).
    open class func commit() {
        guard let scope = explicitScopes.popLast() else { return }
        if let block = scope.completionBlock { pendingCompletions.append((block, scope.group)) }
        guard explicitScopes.isEmpty else { return }
        notifyTouchedTrees()
        runPendingCompletions()
    }

    /// Remembers that `host`'s tree changed inside an explicit transaction, so that the
    /// outermost commit tells the host again: a frame it skipped while the transaction was
    /// open (see `isBatching`) is then rendered.
    internal static func noteChange(of root: CALayer, hostedBy host: any CALayerTreeHost) {
        guard isBatching else { return }
        let key = [ObjectIdentifier(host), ObjectIdentifier(root)]
        if touchedTrees[key] == nil { touchedTrees[key] = TouchedTree(host: host, root: root) }
    }

    private static func notifyTouchedTrees() {
        let touched = touchedTrees.values
        touchedTrees = [:]
        for tree in touched {
            if let host = tree.host, let root = tree.root { host.layerTreeDidChange(root) }
        }
    }

    /// Commits the implicit transaction, as `flush()`: its completion block runs and its
    /// values return to the defaults. While an explicit transaction is open this does nothing,
    /// as Core Animation defers the flush until the outermost commit.
    open class func flush() {
        guard explicitScopes.isEmpty else { return }
        let scope = implicitScope
        implicitScope = Scope()
        if let block = scope.completionBlock { pendingCompletions.append((block, scope.group)) }
        runPendingCompletions()
    }

    /// Whether property changes in this transaction skip their implicit animations, as
    /// `disableActions()` (default false).
    open class func disableActions() -> Bool {
        resolved(\.disableActions) ?? false
    }

    /// Sets `disableActions()` for the current transaction, as `setDisableActions(_:)`.
    open class func setDisableActions(_ flag: Bool) {
        modifyCurrent { $0.disableActions = flag }
    }
    /// Runs `body` with actions disabled, then restores the previous setting (a Vitrine
    /// addition for code that updates standalone layers it owns, as controls do).
    public static func withActionsDisabled<Result>(_ body: () throws -> Result) rethrows -> Result {
        let wereDisabled = disableActions()
        setDisableActions(true)
        defer { setDisableActions(wereDisabled) }
        return try body()
    }

    /// The duration of implicit animations in this transaction, as `animationDuration()`
    /// (default 0.25 seconds).
    open class func animationDuration() -> CFTimeInterval {
        resolved(\.animationDuration) ?? 0.25
    }

    /// Sets `animationDuration()` for the current transaction, as
    /// `setAnimationDuration(_:)`.
    open class func setAnimationDuration(_ dur: CFTimeInterval) {
        modifyCurrent { $0.animationDuration = dur }
    }

    /// The completion block of the current transaction, or of the nearest enclosing one that
    /// has one, as `completionBlock()`.
    open class func completionBlock() -> (() -> Void)? {
        if let block = explicitScopes.last(where: { $0.completionBlock != nil })?.completionBlock {
            return block
        }
        return implicitScope.completionBlock
    }

    /// Sets the block run once this transaction has committed, as `setCompletionBlock(_:)`.
    /// Only the current transaction's block is replaced; an enclosing one keeps its own.
    /// As Core Animation documents, the block waits for the animations added to layers
    /// *after* it was set, in this transaction or transactions inside it.
    open class func setCompletionBlock(_ block: (() -> Void)?) {
        modifyCurrent {
            $0.completionBlock = block
            $0.group = CompletionGroup()
        }
    }

    /// An arbitrary value of the current transaction (or the nearest enclosing one that set
    /// it), as `value(forKey:)`.
    open class func value(forKey key: String) -> Any? {
        for scope in explicitScopes.reversed() {
            if let value = scope.values[key] { return value }
        }
        return implicitScope.values[key]
    }

    /// Sets an arbitrary value for the current transaction, as `setValue(_:forKey:)`.
    /// Vitrine keeps it for `value(forKey:)`; the built-in keys are read through their own
    /// accessors only.
    open class func setValue(_ anObject: Any?, forKey key: String) {
        modifyCurrent { $0.values[key] = anObject }
    }

    private static func resolved<Value>(_ keyPath: KeyPath<Scope, Value?>) -> Value? {
        for scope in explicitScopes.reversed() {
            if let value = scope[keyPath: keyPath] { return value }
        }
        return implicitScope[keyPath: keyPath]
    }

    private static func modifyCurrent(_ change: (inout Scope) -> Void) {
        if explicitScopes.isEmpty {
            change(&implicitScope)
        } else {
            change(&explicitScopes[explicitScopes.count - 1])
        }
    }

    private static func runPendingCompletions() {
        while !pendingCompletions.isEmpty {
            let (block, group) = pendingCompletions.removeFirst()
            if group.pending == 0 {
                block()
            } else {
                group.block = block
            }
        }
    }

    /// The groups an animation added now belongs to: every open explicit transaction's, or
    /// the implicit transaction's when none is open. Each counts the animation as pending.
    internal static func registerAnimation() -> [CompletionGroup] {
        let groups = explicitScopes.isEmpty ? [implicitScope.group] : explicitScopes.map(\.group)
        for group in groups { group.pending += 1 }
        return groups
    }

    /// An animation registered with `groups` stopped (finished or removed): a committed
    /// transaction whose last animation this was runs its completion block.
    internal static func animationDidStop(in groups: [CompletionGroup]) {
        for group in groups {
            group.pending -= 1
            if group.pending == 0, let block = group.block {
                group.block = nil
                block()
            }
        }
    }

    /// The timing function of implicit animations in this transaction, as
    /// `animationTimingFunction()` (nil: Core Animation's default curve, `.default`).
    open class func animationTimingFunction() -> CAMediaTimingFunction? {
        resolved(\.timingFunction)
    }

    /// Sets `animationTimingFunction()` for the current transaction, as
    /// `setAnimationTimingFunction(_:)`.
    open class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        modifyCurrent { $0.timingFunction = function }
    }
}
