import Foundation
import VitrineLayout

/// A constraint's place in an engine: its equation and the part of the equation's constant
/// that is not the constraint's `constant` (a baseline offset, an own-coordinates edge).
struct ConstraintInstallation {
    let constraint: NSLayoutConstraint
    var equation: LayoutEquation
    let baseConstant: Double
    /// -1 when the constraint was made right to left (its `constant` counts leftward).
    var constantSign: Double = 1
}

/// The Auto Layout engine of one view tree, as UIKit keeps one per window: the active
/// constraints of the tree, the constraints UIKit adds on its own (autoresizing masks of views
/// that translate them, intrinsic content sizes, layout margins and safe areas) and the solver
/// they are in. Each view or guide that takes part has four variables: its frame's origin in
/// its superview's (a guide: its owning view's) coordinates and its size; a constraint between
/// two items is written in the coordinates of their nearest common ancestor.
///
/// The engine lives on the root of the tree and is built at the first layout pass that needs
/// it; after that, activating, deactivating and changing constraints, and views joining or
/// leaving the tree, change it incrementally. A layout pass solves it and sets the frames of
/// the views that do not translate their autoresizing masks, rounded to the pixel grid.
@MainActor
final class LayoutEngine {
    /// One view or guide in the engine.
    final class Entry {
        let x = LayoutVariable()
        let y = LayoutVariable()
        let width = LayoutVariable()
        let height = LayoutVariable()
        weak var item: AnyObject?
        /// The equations that place the item without any constraint of the app: the root's
        /// size, an autoresizing mask, a margins or safe-area guide's insets.
        var frameEquations: [LayoutEquation] = []
        /// The content-size equations of a view that uses constraints.
        var intrinsicEquations: [LayoutEquation] = []
        /// The frame last set from the solution: unchanged values are not set again (reading
        /// 500 frames back cost more than the solve).
        var appliedFrame: CGRect?

        init(item: AnyObject) { self.item = item }

        var frame: CGRect { CGRect(x: x.value, y: y.value, width: width.value, height: height.value) }
    }

    /// How the root's size enters the system.
    enum RootSizing {
        /// The root keeps its bounds size (a window, a view laid out on its own).
        case bounds
        /// The root's size is asked for at the given priorities, to find its fitting size
        /// (`systemLayoutSizeFitting`).
        case fitting(CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority)
    }

    /// Where an equation came from, to describe it when constraints conflict.
    enum Origin {
        case constraint(NSLayoutConstraint)
        case autoresizing(UIView)
        case contentSize(UIView)
        case rootSize(UIView)
        case guideInsets(UILayoutGuide)
    }

    unowned let root: UIView
    let sizing: RootSizing
    let solver = LayoutSolver()
    private(set) var entries: [ObjectIdentifier: Entry] = [:]
    private var installed: [ObjectIdentifier: ConstraintInstallation] = [:]
    /// The installed constraints on baselines, which a frame change can move.
    private var baselineConstraints: Set<ObjectIdentifier> = []
    /// The margins and safe-area guides in the engine: their insets follow the frames.
    private var insetGuides: [ObjectIdentifier: UILayoutGuide] = [:]
    private(set) var needsSolve = true
    private(set) var isApplying = false

    /// An engine for the tree under `root`. A fitting engine is private to one
    /// `systemLayoutSizeFitting` call: items do not learn of it and no frame is set.
    init(root: UIView, sizing: RootSizing = .bounds) {
        self.root = root
        self.sizing = sizing
    }

    var isFitting: Bool {
        if case .fitting = sizing { return true }
        return false
    }

    var constraintCount: Int { installed.count }

    // MARK: The tree

    /// Installs the active constraints of `view` and its subtree.
    func addSubtree(_ view: UIView) {
        if !isFitting { subtreesToCheck.append(view) }
        var stack = [view]
        while let current = stack.popLast() {
            if let state = current.autoLayout {
                for constraint in state.installedConstraints { install(constraint) }
            }
            stack.append(contentsOf: current.subviews)
        }
    }

    /// Takes `view`'s subtree out: its constraints, and every item in it.
    func removeSubtree(_ view: UIView) {
        var stack = [view]
        while let current = stack.popLast() {
            if let state = current.autoLayout {
                for constraint in state.installedConstraints { uninstall(constraint) }
                for guide in state.allGuides { unregister(guide) }
            }
            unregister(current)
            stack.append(contentsOf: current.subviews)
        }
        markNeedsSolve()
    }

    /// Takes a guide its view removed out.
    func removeGuide(_ guide: UILayoutGuide) {
        unregister(guide)
        markNeedsSolve()
    }

    /// Forgets everything (the tree joined another tree, whose engine takes over).
    func discard() {
        // Only what points here: a fitting engine never took its constraints and items from
        // the tree's engine, which must keep them.
        for installation in installed.values where installation.constraint.engine === self {
            installation.constraint.engine = nil
        }
        installed = [:]
        baselineConstraints = []
        for entry in entries.values {
            if let item = entry.item, let state = AutoLayoutItemState.of(item), state.engine === self {
                state.engine = nil
            }
        }
        entries = [:]
        insetGuides = [:]
    }

    // MARK: Constraints

    func install(_ constraint: NSLayoutConstraint) {
        let id = ObjectIdentifier(constraint)
        guard installed[id] == nil, let (equation, base, sign) = makeEquation(for: constraint) else { return }
        let added = add(equation, origin: .constraint(constraint))
        installed[id] = ConstraintInstallation(
            constraint: constraint, equation: added, baseConstant: base, constantSign: sign)
        if constraint.involvesBaselines { baselineConstraints.insert(id) }
        if !isFitting { constraint.engine = self }
        markNeedsSolve()
    }

    func uninstall(_ constraint: NSLayoutConstraint) {
        guard let installation = installed.removeValue(forKey: ObjectIdentifier(constraint)) else { return }
        baselineConstraints.remove(ObjectIdentifier(constraint))
        remove(installation.equation)
        if constraint.engine === self { constraint.engine = nil }
        markNeedsSolve()
    }

    /// Re-solves from the current solution with the new constant (UIKit's incremental
    /// `constant` change).
    func constantDidChange(of constraint: NSLayoutConstraint) {
        let id = ObjectIdentifier(constraint)
        guard var installation = installed[id] else { return }
        let target = installation.baseConstant - installation.constantSign * Double(constraint.constant)
        do {
            try solver.updateConstant(of: installation.equation, to: target)
        } catch .unsatisfiable {
            // The new constant cannot hold with the other required constraints: report it
            // and keep the constraint as an optional one at 999, as UIKit breaks it.
            let equation = installation.equation
            reportUnsatisfiable(equation, origin: .constraint(constraint), newConstant: target)
            remove(equation)
            var expression = equation.expression
            expression.constant = target
            let relaxed = LayoutEquation(
                expression, equation.relation, LinearExpression(), priority: LayoutEquation.required - 1)
            installation.equation = add(relaxed, origin: .constraint(constraint))
            installed[id] = installation
        } catch {
            kitLog.error("constant change refused: \(error)", metadata: ["constraint": "\(constraint)"])
        }
        markNeedsSolve()
    }

    func priorityDidChange(of constraint: NSLayoutConstraint) {
        uninstall(constraint)
        install(constraint)
    }

    /// A view's layout direction changed (`semanticContentAttribute`): the constraints on
    /// leading and trailing edges are made again, from the new direction.
    func layoutDirectionDidChange() {
        let directional = installed.values.map(\.constraint).filter {
            $0.firstAttribute.isDirectional || $0.secondAttribute.isDirectional
        }
        // All out before any comes back in: one made in the new direction beside others
        // still in the old one would conflict.
        for constraint in directional { uninstall(constraint) }
        for constraint in directional { install(constraint) }
    }

    /// Whether the constraint is in this engine.
    func isInstalled(_ constraint: NSLayoutConstraint) -> Bool { installed[ObjectIdentifier(constraint)] != nil }

    /// The equation of a constraint, `lhs relation multiplier × rhs + constant`, its
    /// constant without the constraint's `constant`, and the sign the `constant` took.
    ///
    /// Right to left (the first item's `effectiveUserInterfaceLayoutDirection`), as UIKit:
    /// leading is the right edge and trailing the left, and a constraint on them counts
    /// leftward, so its constant is negated and `≤` / `≥` swap (`b.leading == a.trailing + 8`
    /// puts b 8 points left of a).
    private func makeEquation(for constraint: NSLayoutConstraint) -> (LayoutEquation, Double, Double)? {
        guard let ancestor = constraint.installedView, let first = constraint.firstItem else { return nil }
        let directional = constraint.firstAttribute.isDirectional || constraint.secondAttribute.isDirectional
        let rightToLeft = directional && Self.layoutDirection(of: first) == .rightToLeft
        guard let lhs = expression(first, constraint.firstAttribute, in: ancestor, rightToLeft: rightToLeft)
        else { return nil }
        var rhs = LinearExpression()
        if let second = constraint.secondItem {
            guard
                let expression = expression(
                    second, constraint.secondAttribute, in: ancestor, rightToLeft: rightToLeft)
            else { return nil }
            rhs = expression.scaled(by: Double(constraint.multiplier))
        }
        let base = lhs.constant - rhs.constant
        let sign: Double = rightToLeft ? -1 : 1
        rhs.constant += sign * Double(constraint.constant)
        var relation = constraint.relation
        if rightToLeft {
            switch relation {
            case .lessThanOrEqual: relation = .greaterThanOrEqual
            case .greaterThanOrEqual: relation = .lessThanOrEqual
            case .equal: break
            }
        }
        let equation = LayoutEquation(
            lhs, relation.equationRelation, rhs, priority: Double(constraint.priority.rawValue))
        return (equation, base, sign)
    }

    /// The layout direction of a constraint's item: a view's, or a guide's owning view's.
    static func layoutDirection(of item: AnyObject) -> UIUserInterfaceLayoutDirection {
        if let view = item as? UIView { return view.effectiveUserInterfaceLayoutDirection }
        if let guide = item as? UILayoutGuide, let owner = guide.owningView {
            return owner.effectiveUserInterfaceLayoutDirection
        }
        return .leftToRight
    }

    /// An item's attribute in `ancestor`'s coordinates. Margin attributes are the view's
    /// margins guide's; baselines are those of the view's `forFirstBaselineLayout` /
    /// `forLastBaselineLayout`, from its text (for a view without text, its top edge for the first
    /// baseline and its bottom edge for the last).
    private func expression(
        _ item: AnyObject, _ attribute: NSLayoutConstraint.Attribute, in ancestor: UIView, rightToLeft: Bool
    )
        -> LinearExpression?
    {
        var item = item
        var attribute = attribute
        if attribute.isMargin {
            guard let view = item as? UIView else { return nil }
            item = view.layoutMarginsGuide
            attribute = attribute.withoutMargin
        }
        var baselines: (firstFromTop: CGFloat, lastFromBottom: CGFloat)?
        if attribute == .firstBaseline || attribute == .lastBaseline, let view = item as? UIView {
            let baselineView = attribute == .firstBaseline ? view.forFirstBaselineLayout : view.forLastBaselineLayout
            let usable = baselineView.isDescendant(of: view) ? baselineView : view
            item = usable
            baselines = usable.layoutBaselines
        }
        let entry = self.entry(for: item)
        var expression = LinearExpression()
        switch attribute {
        case .width: expression.add(entry.width, 1)
        case .height: expression.add(entry.height, 1)
        case .left, .leading, .right, .trailing, .centerX:
            guard addOrigin(of: item, horizontal: true, in: ancestor, to: &expression) else { return nil }
            if attribute == .centerX { expression.add(entry.width, 0.5) }
            // Right to left, leading is the right edge and trailing the left.
            let isRightEdge =
                attribute == .right || (attribute == .trailing && !rightToLeft)
                || (attribute == .leading && rightToLeft)
            if isRightEdge { expression.add(entry.width, 1) }
        case .top, .bottom, .centerY, .firstBaseline, .lastBaseline:
            guard addOrigin(of: item, horizontal: false, in: ancestor, to: &expression) else { return nil }
            switch attribute {
            case .centerY: expression.add(entry.height, 0.5)
            case .bottom: expression.add(entry.height, 1)
            case .firstBaseline:
                // Without text, the top edge (UIKit's rule for the first baseline).
                if let baselines { expression.constant += Double(baselines.firstFromTop) }
            case .lastBaseline:
                expression.add(entry.height, 1)
                if let baselines { expression.constant -= Double(baselines.lastFromBottom) }
            default: break
            }
        default: return nil
        }
        return expression
    }

    /// Adds the item's origin in `ancestor`'s coordinates: its own origin, then each
    /// superview's up to the ancestor (whose own origin is zero in its coordinates).
    private func addOrigin(
        of item: AnyObject, horizontal: Bool, in ancestor: UIView, to expression: inout LinearExpression
    ) -> Bool {
        var current: AnyObject = item
        while true {
            if current === ancestor { return true }
            let entry = self.entry(for: current)
            expression.add(horizontal ? entry.x : entry.y, 1)
            if let view = current as? UIView {
                guard let superview = view.superview else { return false }
                current = superview
            } else if let guide = current as? UILayoutGuide, let owner = guide.owningView {
                current = owner
            } else {
                return false
            }
        }
    }

    // MARK: Items

    /// The item's entry, registering it (with its frame equations) on first use.
    @discardableResult
    func entry(for item: AnyObject) -> Entry {
        let id = ObjectIdentifier(item)
        if let entry = entries[id] { return entry }
        let entry = Entry(item: item)
        entries[id] = entry
        if !isFitting { AutoLayoutItemState.make(for: item)?.engine = self }
        if let guide = item as? UILayoutGuide, guide.role != .custom { insetGuides[id] = guide }
        syncFrameEquations(of: entry)
        if let view = item as? UIView { syncIntrinsicEquations(of: view, entry) }
        return entry
    }

    private func unregister(_ item: AnyObject) {
        guard let entry = entries.removeValue(forKey: ObjectIdentifier(item)) else { return }
        for equation in entry.frameEquations + entry.intrinsicEquations { remove(equation) }
        insetGuides[ObjectIdentifier(item)] = nil
        if !isFitting { AutoLayoutItemState.of(item)?.engine = nil }
    }

    /// The view's frame changed from outside the engine: a view that translates its
    /// autoresizing mask (or the root) now stands elsewhere.
    func geometryDidChange(of view: UIView) {
        guard let entry = entries[ObjectIdentifier(view)] else { return }
        // A scroll: the frame guide follows the bounds' origin.
        for guide in view.layoutGuides where guide.role == .scrollFrame {
            if let guideEntry = entries[ObjectIdentifier(guide)], syncFrameEquations(of: guideEntry) {
                markNeedsSolve()
            }
        }
        if view === root || view.translatesAutoresizingMaskIntoConstraints {
            if syncFrameEquations(of: entry) { markNeedsSolve() }
        } else if !isApplying {
            // The app moved a view that constraints place: the next pass puts it back, as
            // UIKit's does.
            entry.appliedFrame = nil
            markNeedsSolve()
        }
    }

    /// The view's autoresizing translation, mask or content priorities changed.
    func configurationDidChange(of view: UIView) {
        guard let entry = entries[ObjectIdentifier(view)] else { return }
        entry.appliedFrame = nil
        syncFrameEquations(of: entry)
        syncIntrinsicEquations(of: view, entry)
        markNeedsSolve()
    }

    /// The view's intrinsic content size (and with it its baselines) changed.
    func intrinsicContentSizeDidChange(of view: UIView) {
        guard let entry = entries[ObjectIdentifier(view)] else { return }
        if syncIntrinsicEquations(of: view, entry) { markNeedsSolve() }
        // Baseline constraints carry the baseline's offset in their constant.
        let baselineConstraints = (view.autoLayout?.item.referencingConstraints ?? []).filter(\.involvesBaselines)
        for constraint in baselineConstraints where isInstalled(constraint) {
            uninstall(constraint)
            install(constraint)
        }
    }

    /// The equations that place an item without constraints of the app's; true when
    /// anything changed.
    @discardableResult
    private func syncFrameEquations(of entry: Entry) -> Bool {
        guard let item = entry.item else { return false }
        var specs: [EquationSpec] = []
        let origin: Origin
        if let view = item as? UIView {
            if view === root {
                specs = rootSpecs(entry)
                origin = .rootSize(view)
            } else if view.translatesAutoresizingMaskIntoConstraints {
                specs = autoresizingSpecs(of: view, entry)
                origin = .autoresizing(view)
            } else {
                origin = .autoresizing(view)
            }
        } else if let guide = item as? UILayoutGuide {
            origin = .guideInsets(guide)
            if let owner = guide.owningView {
                switch guide.role {
                case .custom: break
                case .layoutMargins: specs = insetSpecs(entry, owner: owner, insets: owner.effectiveLayoutMargins)
                case .safeArea: specs = insetSpecs(entry, owner: owner, insets: owner.safeAreaInsets)
                case .keyboard:
                    specs = insetSpecs(
                        entry, owner: owner, insets: OnScreenKeyboard.layoutGuideInsets(for: owner, guide: guide))
                case .scrollContent:
                    // At the content's origin; its size is the app's constraints' to give.
                    specs = [
                        EquationSpec([(entry.x, 1)], 0, .equal, .required),
                        EquationSpec([(entry.y, 1)], 0, .equal, .required),
                    ]
                case .scrollFrame:
                    // The visible rectangle in content coordinates: it moves with the offset.
                    let ownerEntry = self.entry(for: owner)
                    let origin = owner.bounds.origin
                    specs = [
                        EquationSpec([(entry.x, 1)], -Double(origin.x), .equal, .required),
                        EquationSpec([(entry.y, 1)], -Double(origin.y), .equal, .required),
                        EquationSpec([(entry.width, 1), (ownerEntry.width, -1)], 0, .equal, .required),
                        EquationSpec([(entry.height, 1), (ownerEntry.height, -1)], 0, .equal, .required),
                    ]
                }
            }
        } else {
            return false
        }
        let (equations, changed) = sync(entry.frameEquations, to: specs, origin: origin)
        entry.frameEquations = equations
        return changed
    }

    /// Content-size equations, as UIKit's: `width <= intrinsic` at the hugging priority and
    /// `width >= intrinsic` at the compression resistance, per axis with an intrinsic metric,
    /// for views that do not translate their autoresizing masks.
    @discardableResult
    private func syncIntrinsicEquations(of view: UIView, _ entry: Entry) -> Bool {
        var specs: [EquationSpec] = []
        // The root of a fitting engine is sized by its content, whatever its mask says.
        let usesContentSize =
            isFitting
            ? view === root || !view.translatesAutoresizingMaskIntoConstraints
            : view !== root && !view.translatesAutoresizingMaskIntoConstraints
        if usesContentSize {
            let size = view.intrinsicContentSize
            let hugging = view.autoLayout?.huggingPriority ?? (.defaultLow, .defaultLow)
            let resistance = view.autoLayout?.compressionResistance ?? (.defaultHigh, .defaultHigh)
            for (variable, length, hug, resist) in [
                (entry.width, size.width, hugging.horizontal, resistance.horizontal),
                (entry.height, size.height, hugging.vertical, resistance.vertical),
            ] where length >= 0 && length.isFinite {
                specs.append(EquationSpec([(variable, 1)], -Double(length), .lessThanOrEqual, hug))
                specs.append(EquationSpec([(variable, 1)], -Double(length), .greaterThanOrEqual, resist))
            }
        }
        let (equations, changed) = sync(entry.intrinsicEquations, to: specs, origin: .contentSize(view))
        entry.intrinsicEquations = equations
        return changed
    }

    private func rootSpecs(_ entry: Entry) -> [EquationSpec] {
        switch sizing {
        case .bounds:
            let size = root.bounds.size
            return [
                EquationSpec([(entry.width, 1)], -Double(size.width), .equal, .required),
                EquationSpec([(entry.height, 1)], -Double(size.height), .equal, .required),
            ]
        case .fitting(let target, let horizontal, let vertical):
            return [
                EquationSpec([(entry.width, 1)], -Double(target.width), .equal, horizontal),
                EquationSpec([(entry.height, 1)], -Double(target.height), .equal, vertical),
                EquationSpec([(entry.width, 1)], 0, .greaterThanOrEqual, .required),
                EquationSpec([(entry.height, 1)], 0, .greaterThanOrEqual, .required),
            ]
        }
    }

    /// A view's autoresizing mask as equations, as UIKit translates it: on each axis the
    /// flexible parts take a fixed share of the superview's size change (their share of the
    /// current lengths, as `autoresize` computes), which makes origin and size linear in the
    /// superview's size. Without flexible parts the frame is fixed.
    private func autoresizingSpecs(of view: UIView, _ entry: Entry) -> [EquationSpec] {
        let frame = view.transform.isIdentity ? view.frame : view.alignmentFrame
        guard frame.origin.x.isFinite, frame.origin.y.isFinite, frame.width.isFinite, frame.height.isFinite else {
            return []
        }
        let mask: UIView.AutoresizingMask = view.superview?.autoresizesSubviews == false ? [] : view.autoresizingMask
        let superSize = view.superview?.bounds.size ?? .zero
        var specs: [EquationSpec] = []
        for horizontal in [true, false] {
            let origin = Double(horizontal ? frame.minX : frame.minY)
            let size = Double(horizontal ? frame.width : frame.height)
            let length = Double(horizontal ? superSize.width : superSize.height)
            let flexible =
                horizontal
                ? (
                    mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth),
                    mask.contains(.flexibleRightMargin)
                )
                : (
                    mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight),
                    mask.contains(.flexibleBottomMargin)
                )
            let shares = UIView.autoresizingShares(
                leading: origin, size: size, trailing: length - origin - size, flexible: flexible)
            var originTerms: [(LayoutVariable, Double)] = [(horizontal ? entry.x : entry.y, 1)]
            var sizeTerms: [(LayoutVariable, Double)] = [(horizontal ? entry.width : entry.height, 1)]
            var originConstant = -origin
            var sizeConstant = -size
            if (shares.leading != 0 || shares.size != 0), let superview = view.superview {
                let superEntry = self.entry(for: superview)
                let superLength = horizontal ? superEntry.width : superEntry.height
                if shares.leading != 0 {
                    originTerms.append((superLength, -shares.leading))
                    originConstant += shares.leading * length
                }
                if shares.size != 0 {
                    sizeTerms.append((superLength, -shares.size))
                    sizeConstant += shares.size * length
                }
            }
            specs.append(EquationSpec(originTerms, originConstant, .equal, .required))
            specs.append(EquationSpec(sizeTerms, sizeConstant, .equal, .required))
        }
        return specs
    }

    /// A margins or safe-area guide: the owning view's bounds inset by `insets`.
    private func insetSpecs(_ entry: Entry, owner: UIView, insets: UIEdgeInsets) -> [EquationSpec] {
        let ownerEntry = self.entry(for: owner)
        return [
            EquationSpec([(entry.x, 1)], -Double(insets.left), .equal, .required),
            EquationSpec([(entry.y, 1)], -Double(insets.top), .equal, .required),
            EquationSpec(
                [(entry.width, 1), (ownerEntry.width, -1)], Double(insets.left + insets.right), .equal, .required),
            EquationSpec(
                [(entry.height, 1), (ownerEntry.height, -1)], Double(insets.top + insets.bottom), .equal, .required),
        ]
    }

    // MARK: Equations

    /// Brings `equations` to `specs`: only constants moved → incremental constant changes;
    /// anything else → the old ones out, the new ones in. Returns the equations now in the
    /// solver and whether anything changed. (Not `inout`: a conflict report looks the
    /// equations up in the entries while this runs, which an `inout` access of an entry's
    /// list would make an exclusivity violation.)
    private func sync(_ equations: [LayoutEquation], to specs: [EquationSpec], origin: Origin) -> (
        [LayoutEquation], Bool
    ) {
        if equations.count == specs.count, zip(equations, specs).allSatisfy({ $1.hasShape(of: $0) }) {
            var changed = false
            for (equation, spec) in zip(equations, specs) where equation.expression.constant != spec.constant {
                changed = true
                do {
                    try solver.updateConstant(of: equation, to: spec.constant)
                } catch {
                    reportUnsatisfiable(equation, origin: origin, newConstant: spec.constant)
                }
            }
            return (equations, changed)
        }
        for equation in equations { remove(equation) }
        return (specs.map { add($0.equation, origin: origin) }, true)
    }

    /// Adds an equation; a required one that cannot hold is reported as UIKit reports it and
    /// added as an optional one at 999 instead (UIKit's "breaking" of the constraint). Returns
    /// the equation that went in.
    private func add(_ equation: LayoutEquation, origin: Origin) -> LayoutEquation {
        do {
            try solver.add(equation)
            return equation
        } catch .unsatisfiable {
            reportUnsatisfiable(equation, origin: origin, newConstant: nil)
            let relaxed = LayoutEquation(
                equation.expression, equation.relation, LinearExpression(), priority: LayoutEquation.required - 1)
            try? solver.add(relaxed)
            return relaxed
        } catch {
            kitLog.error("constraint refused by the layout engine: \(error)", metadata: ["constraint": "\(origin)"])
            return equation
        }
    }

    private func remove(_ equation: LayoutEquation) {
        try? solver.remove(equation)
    }

    /// Where conflict reports go: the log, as errors (tests listen here).
    static var reportHandler: @MainActor (String) -> Void = { kitLog.error("\($0)") }
    /// Where ambiguity reports go: the log, as notices (UIKit says nothing; a kiosk's
    /// installer is better told).
    static var ambiguityHandler: @MainActor (String) -> Void = { kitLog.notice("\($0)") }

    /// Logs what UIKit logs when required constraints conflict: the constraints involved and
    /// the one broken.
    private func reportUnsatisfiable(_ equation: LayoutEquation, origin: Origin, newConstant: Double?) {
        let conflicting = conflictingOrigins(with: equation)
        var lines: [String] = []
        for line in (conflicting + [origin]).map({ "    \"\(describe($0))\"" }) where !lines.contains(line) {
            lines.append(line)
        }
        Self.reportHandler(
            """
            [LayoutConstraints] Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want. Try this: (1) look at each constraint and try to figure out which you don't expect; (2) find the code that added the unwanted constraint or constraints and fix it.
            (
            \(lines.joined(separator: ",\n"))
            )

            Will attempt to recover by breaking constraint
            \(describe(origin))
            """)
    }

    /// The constraints that together with `equation` cannot hold: the solver's irreducible
    /// set, each told by where it came from.
    private func conflictingOrigins(with equation: LayoutEquation) -> [Origin] {
        solver.conflictingConstraints(with: equation).compactMap { origin(of: $0) }
    }

    /// Where an equation in the solver came from. Looked up only to describe a conflict, so a
    /// search beats keeping a map (which would also hold the views strongly).
    private func origin(of equation: LayoutEquation) -> Origin? {
        if let installation = installed.values.first(where: { $0.equation === equation }) {
            return .constraint(installation.constraint)
        }
        for entry in entries.values {
            guard let item = entry.item else { continue }
            if entry.intrinsicEquations.contains(where: { $0 === equation }), let view = item as? UIView {
                return .contentSize(view)
            }
            guard entry.frameEquations.contains(where: { $0 === equation }) else { continue }
            if let guide = item as? UILayoutGuide { return .guideInsets(guide) }
            if let view = item as? UIView { return view === root ? .rootSize(view) : .autoresizing(view) }
        }
        return nil
    }

    func describe(_ origin: Origin) -> String {
        switch origin {
        case .constraint(let constraint): return constraint.description
        case .autoresizing(let view):
            return
                "<NSAutoresizingMaskLayoutConstraint \(LayoutDescription.item(view)) frame \(view.frame), mask \(view.autoresizingMask.rawValue)>"
        case .contentSize(let view):
            return
                "<NSContentSizeLayoutConstraint \(LayoutDescription.item(view)) intrinsic \(view.intrinsicContentSize)>"
        case .rootSize(let view):
            return "<root size \(LayoutDescription.item(view)) \(view.bounds.size)>"
        case .guideInsets(let guide):
            return "<\(guide.identifier) of \(guide.owningView.map { LayoutDescription.item($0) } ?? "nil")>"
        }
    }

    // MARK: Solving

    func markNeedsSolve() {
        guard !needsSolve else { return }
        needsSolve = true
        if !isFitting && !isApplying { root.setNeedsLayout() }
    }

    /// Solves and sets the frames of the views that use constraints. A frame change moves the
    /// margins and safe areas of the views under it, which can move frames again: at most
    /// four rounds.
    func layOut() {
        guard needsSolve, !isApplying else { return }
        isApplying = true
        defer { isApplying = false }
        // Once here, then after each round's frames: nothing between moves a guide.
        syncInsetGuides()
        var rounds = 0
        repeat {
            needsSolve = false
            solver.updateVariables()
            if !isFitting {
                applyFrames()
                applyScrollContentSizes()
            }
            if syncInsetGuides() { needsSolve = true }
            if refreshBaselineConstraints() { needsSolve = true }
            rounds += 1
        } while needsSolve && rounds < 4
        needsSolve = false
        if !subtreesToCheck.isEmpty { reportAmbiguity() }
    }

    /// Subtrees whose constraints came in since the last layout: checked once for ambiguity.
    private var subtreesToCheck: [UIView] = []

    /// Tells the log which views of the subtrees that just came in have frames their
    /// constraints do not fix (UIKit leaves them where the solver happened to put them; so
    /// does Vitrine). Once per subtree, not at every pass: it asks the solver per variable.
    private func reportAmbiguity() {
        let roots = subtreesToCheck
        subtreesToCheck = []
        var ambiguous: [String] = []
        for root in roots {
            var stack = [root]
            while let view = stack.popLast() {
                stack.append(contentsOf: view.subviews)
                guard !view.translatesAutoresizingMaskIntoConstraints, entries[ObjectIdentifier(view)] != nil,
                    Self.hasAmbiguousLayout(view)
                else { continue }
                ambiguous.append("\(LayoutDescription.item(view)) \(view.frame)")
            }
        }
        guard !ambiguous.isEmpty else { return }
        let shown = ambiguous.prefix(10).joined(separator: "\n    ")
        let more = ambiguous.count > 10 ? "\n    and \(ambiguous.count - 10) more" : ""
        Self.ambiguityHandler(
            "[LayoutConstraints] Ambiguous layout: the constraints do not fix the frames of\n    \(shown)\(more)\n(UIView.autoLayoutTrace shows the tree.)"
        )
    }

    /// A label's baselines move with its height (it centres its text): the baseline
    /// constraints whose offset changed with the new frames go in again; true when one did.
    private func refreshBaselineConstraints() -> Bool {
        var changed = false
        for id in baselineConstraints {
            guard let installation = installed[id] else { continue }
            let constraint = installation.constraint
            guard let (_, base, _) = makeEquation(for: constraint), base != installation.baseConstant else { continue }
            uninstall(constraint)
            install(constraint)
            changed = true
        }
        return changed
    }

    /// A scroll view whose content layout guide has constraints gets the guide's solved size
    /// as its `contentSize`, as UIKit's does.
    private func applyScrollContentSizes() {
        for guide in insetGuides.values where guide.role == .scrollContent {
            guard let scrollView = guide.owningView as? UIScrollView,
                !guide.itemState.referencingConstraints.isEmpty, let entry = entries[ObjectIdentifier(guide)]
            else { continue }
            // On the pixel grid, as the frames of the content are.
            let scale = max(1, root.contentScaleFactor)
            let size = CGSize(
                width: (max(0, CGFloat(entry.width.value)) * scale).rounded() / scale,
                height: (max(0, CGFloat(entry.height.value)) * scale).rounded() / scale)
            if scrollView.contentSize != size { scrollView.contentSize = size }
        }
    }

    /// Brings the margins and safe-area guides to the current frames; true when one moved.
    @discardableResult
    private func syncInsetGuides() -> Bool {
        var changed = false
        for guide in insetGuides.values {
            if let entry = entries[ObjectIdentifier(guide)], syncFrameEquations(of: entry) { changed = true }
        }
        return changed
    }

    private func applyFrames() {
        let scale = max(1, root.contentScaleFactor)
        func snap(_ value: Double) -> CGFloat { (CGFloat(value) * scale).rounded() / scale }
        for entry in entries.values {
            guard let view = entry.item as? UIView, view !== root, !view.translatesAutoresizingMaskIntoConstraints
            else {
                continue
            }
            let minX = snap(entry.x.value)
            let minY = snap(entry.y.value)
            let frame = CGRect(
                x: minX, y: minY, width: max(0, snap(entry.x.value + entry.width.value) - minX),
                height: max(0, snap(entry.y.value + entry.height.value) - minY))
            guard frame != entry.appliedFrame else { continue }
            entry.appliedFrame = frame
            if view.transform.isIdentity {
                if view.frame != frame { view.frame = frame }
            } else {
                // With a transform, UIKit's engine sets the bounds size and the center.
                if view.bounds.size != frame.size { view.bounds.size = frame.size }
                let center = CGPoint(x: frame.midX, y: frame.midY)
                if view.center != center { view.center = center }
            }
        }
    }

    /// The solved size of the root (for a fitting engine).
    var rootSize: CGSize {
        guard let entry = entries[ObjectIdentifier(root)] else { return root.bounds.size }
        return CGSize(width: entry.width.value, height: entry.height.value)
    }

    // MARK: Queries

    static func layoutFrame(of guide: UILayoutGuide) -> CGRect {
        guard let engine = guide.itemState.engine, let entry = engine.entries[ObjectIdentifier(guide)] else {
            return .zero
        }
        engine.layOut()
        return entry.frame
    }

    /// Whether the constraints leave the item's frame undetermined (UIKit's
    /// `hasAmbiguousLayout`): any of its four variables ambiguous in its tree's solver. An
    /// item outside an engine has nothing to be ambiguous about.
    static func hasAmbiguousLayout(_ item: AnyObject) -> Bool {
        guard let engine = AutoLayoutItemState.of(item)?.engine, let entry = engine.entries[ObjectIdentifier(item)]
        else { return false }
        engine.layOut()
        // The root's place is its own business (its frame, not the engine's): only its size.
        let variables =
            item === engine.root ? [entry.width, entry.height] : [entry.x, entry.y, entry.width, entry.height]
        return variables.contains { engine.solver.isAmbiguous($0) }
    }

    /// Whether one attribute of the item is undetermined: its position (origin and size on
    /// that axis) or its size.
    static func isAmbiguous(_ item: AnyObject, attribute: NSLayoutConstraint.Attribute) -> Bool {
        guard let engine = AutoLayoutItemState.of(item)?.engine, let entry = engine.entries[ObjectIdentifier(item)],
            let kind = attribute.kind
        else { return false }
        engine.layOut()
        let variables: [LayoutVariable]
        switch kind {
        case .size: variables = [attribute.withoutMargin == .width ? entry.width : entry.height]
        case .horizontalPosition: variables = [entry.x, entry.width]
        case .verticalPosition: variables = [entry.y, entry.height]
        }
        return variables.contains { engine.solver.isAmbiguous($0) }
    }
}

/// An equation before it goes into the solver: `Σ terms + constant relation 0`.
struct EquationSpec {
    var terms: [(LayoutVariable, Double)]
    var constant: Double
    var relation: LayoutEquation.Relation
    var priority: Double

    init(
        _ terms: [(LayoutVariable, Double)], _ constant: Double, _ relation: LayoutEquation.Relation,
        _ priority: UILayoutPriority
    ) {
        self.terms = terms
        self.constant = constant
        self.relation = relation
        self.priority = Double(min(1000, max(1, priority.rawValue)))
    }

    var equation: LayoutEquation {
        LayoutEquation(LinearExpression(terms, constant: constant), relation, LinearExpression(), priority: priority)
    }

    /// Whether `equation` differs from this spec at most in its constant.
    func hasShape(of equation: LayoutEquation) -> Bool {
        guard equation.relation == relation, equation.priority == priority,
            equation.expression.terms.count == terms.count
        else { return false }
        return zip(equation.expression.terms, terms).allSatisfy { $0.variable === $1.0 && $0.coefficient == $1.1 }
    }
}

extension LinearExpression {
    func scaled(by factor: Double) -> LinearExpression {
        LinearExpression(terms.map { ($0.variable, $0.coefficient * factor) }, constant: constant * factor)
    }
}

extension NSLayoutConstraint.Relation {
    var equationRelation: LayoutEquation.Relation {
        switch self {
        case .lessThanOrEqual: .lessThanOrEqual
        case .equal: .equal
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
    }
}

extension NSLayoutConstraint {
    /// Whether an attribute is a baseline, whose offset the engine reads from the view.
    var involvesBaselines: Bool {
        [firstAttribute, secondAttribute].contains { $0 == .firstBaseline || $0 == .lastBaseline }
    }
}
