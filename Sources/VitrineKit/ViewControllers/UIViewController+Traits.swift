import Foundation

// Traits and size transitions: where each environment's traits come from, how
// `traitCollectionDidChange(_:)` travels down when they change, and the size transition a
// screen runs when its size or scale changes (`UIScreen.performSizeTransition`).

extension UIViewController: UITraitEnvironment, UIContentContainer {
    /// The traits the controller inherits, before its own adjustments (`traits(inheriting:)`).
    var inheritedTraitCollection: UITraitCollection {
        if let parent { return parent.traitCollection }
        if let presenter = presentingStorage { return presenter.traitCollection }
        if let window = rootOfWindow, window.rootViewController === self { return window.traitCollection }
        return loadedView?.superview?.traitCollection ?? UIScreen.main.traitCollection
    }

    /// The controller's traits when it inherits `inherited`: with its parent's override for
    /// it, compact width for a form or page sheet (as UIKit gives them on iPad), and its own
    /// `overrideUserInterfaceStyle`.
    func traits(inheriting inherited: UITraitCollection) -> UITraitCollection {
        var traits = inherited
        if let parent, let override = parent.childTraitOverrides[ObjectIdentifier(self)] {
            traits = UITraitCollection(traitsFrom: [traits, override])
        }
        if parent == nil, presentation?.isSheet == true, traits.horizontalSizeClass != .compact {
            traits = UITraitCollection(traitsFrom: [traits, UITraitCollection(horizontalSizeClass: .compact)])
        }
        return traits.overridingStyle(storedOverrideUserInterfaceStyle)
    }

    // MARK: Reporting trait changes

    /// Reports a change of the inherited traits from `old` to `new` to this controller and
    /// what is below it; returns the controller's own traits before and after.
    @discardableResult
    func propagateTraitChange(inheritedFrom old: UITraitCollection, to new: UITraitCollection, walksView: Bool)
        -> (UITraitCollection, UITraitCollection)
    {
        let own = (traits(inheriting: old), traits(inheriting: new))
        reportTraitChange(from: own.0, to: own.1, walksView: walksView)
        return own
    }

    /// The controller's traits changed from `old` to `new`: it is told, then its children
    /// whose views are not inside its own (they are told when their views are reached), then,
    /// when `walksView`, its view and the view's subtree.
    func reportTraitChange(from old: UITraitCollection, to new: UITraitCollection, walksView: Bool) {
        guard old != new else { return }
        TraitChange.report(to: self, from: old, to: new)
        let root = viewIfLoaded
        for child in children {
            if let root, let childView = child.viewIfLoaded, childView.isDescendant(of: root) { continue }
            child.propagateTraitChange(inheritedFrom: old, to: new, walksView: true)
        }
        if walksView, let root { root.propagateTraitChange(from: old, to: new, controllerReported: true) }
    }

    // MARK: Size transitions

    /// The children a size transition is forwarded to: a navigation controller's top one, a
    /// tab bar controller's selected one (the ones whose views the container shows, as
    /// UIKit's containers forward), every child of other controllers.
    var childrenForSizeTransition: [UIViewController] {
        if let navigation = self as? UINavigationController { return navigation.topViewController.map { [$0] } ?? [] }
        if let tabs = self as? UITabBarController { return tabs.selectedViewController.map { [$0] } ?? [] }
        return children
    }

    /// The default `viewWillTransition(to:with:)`: to the children, then the presented
    /// controller, with the sizes their views will have.
    func forwardSizeTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        for child in childrenForSizeTransition {
            child.viewWillTransition(
                to: self.size(forChildContentContainer: child, withParentContainerSize: size), with: coordinator)
        }
        if let presented = presentedStorage, let presentation = presented.presentation {
            let frame = Presentation.cardFrame(for: presentation.style, in: CGRect(origin: .zero, size: size))
            presented.viewWillTransition(to: frame.size, with: coordinator)
        }
    }

    /// The default `willTransition(to:with:)`: to the children, then the presented controller,
    /// each with the traits it will have, when they change.
    func forwardTraitTransition(
        to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator
    ) {
        var receivers = children
        if let presented = presentedStorage, presented.presentation != nil { receivers.append(presented) }
        for receiver in receivers {
            let next = receiver.traits(inheriting: newCollection)
            if next != receiver.traitCollection { receiver.willTransition(to: next, with: coordinator) }
        }
    }
}

extension UIView: UITraitEnvironment {
    /// Reports a change of the traits from `old` to `new` (the superview's, or the view's
    /// controller's when `controllerReported`) to the view and its subtree, parents first; a
    /// controller's root view is reached after its controller.
    func propagateTraitChange(from old: UITraitCollection, to new: UITraitCollection, controllerReported: Bool = false)
    {
        var traits = (old, new)
        if !controllerReported, let controller = owningViewController {
            traits = controller.propagateTraitChange(inheritedFrom: old, to: new, walksView: false)
        }
        reportOwnTraitChange(from: applyingOwnTraitOverrides(to: traits.0), to: applyingOwnTraitOverrides(to: traits.1))
    }

    /// The view's own traits changed from `old` to `new`: dynamic colours resolve again, the
    /// view is told, then its subviews.
    func reportOwnTraitChange(from old: UITraitCollection, to new: UITraitCollection) {
        guard old != new else { return }
        // A dynamic background colour follows the new traits.
        if new.hasDifferentColorAppearance(comparedTo: old) {
            if let backgroundColor, backgroundColor.isDynamic {
                layer.backgroundColor = backgroundColor.resolvedColor(with: new).cgColor
            }
            // What the view drew (a label's text, a `draw(_:)` override) may use dynamic
            // colours: it is drawn again with the new traits, as UIKit does.
            if layer.contents != nil { setNeedsDisplay() }
        }
        TraitChange.report(to: self, from: old, to: new)
        for subview in subviews { subview.propagateTraitChange(from: old, to: new) }
    }

    /// `traits` with the view's own overrides (`overrideUserInterfaceStyle`).
    func applyingOwnTraitOverrides(to traits: UITraitCollection) -> UITraitCollection {
        traits.overridingStyle(overrideUserInterfaceStyle)
    }

    /// `overrideUserInterfaceStyle` changed: the view's subtree is told of its new traits (a
    /// window's whole tree, through `updateTraitCollections()`).
    func overrideUserInterfaceStyleDidChange(from oldStyle: UIUserInterfaceStyle) {
        if let window = self as? UIWindow {
            window.updateTraitCollections()
            return
        }
        let new = traitCollection
        let inherited =
            owningViewController?.traitCollection ?? superview?.traitCollection ?? UIScreen.main.traitCollection
        reportOwnTraitChange(from: inherited.overridingStyle(oldStyle), to: new)
    }
}

extension UITraitCollection {
    /// These traits with `style` as the interface style (themselves when `style` is
    /// `.unspecified` or already theirs).
    func overridingStyle(_ style: UIUserInterfaceStyle) -> UITraitCollection {
        guard style != .unspecified, style != userInterfaceStyle else { return self }
        return UITraitCollection(traitsFrom: [self, UITraitCollection(userInterfaceStyle: style)])
    }
}

extension UIWindow {
    /// Compares the window's traits with the ones last reported and, when they differ, calls
    /// `traitCollectionDidChange(_:)` on the window, its root view controller, its views and
    /// controllers, parents first (a root controller whose view a full-screen presentation
    /// took out of the window, before the views).
    func updateTraitCollections() {
        let new = traitCollection
        let old = reportedTraitCollection ?? new
        reportedTraitCollection = new
        guard old != new else { return }
        TraitChange.report(to: self, from: old, to: new)
        if let root = rootViewController, !(root.viewIfLoaded?.isDescendant(of: self) ?? false) {
            root.propagateTraitChange(inheritedFrom: old, to: new, walksView: true)
        }
        for subview in subviews { subview.propagateTraitChange(from: old, to: new) }
    }
}

/// Calls `traitCollectionDidChange(_:)` with the new traits as `UITraitCollection.current`.
@MainActor
enum TraitChange {
    static func report(to environment: any UITraitEnvironment, from old: UITraitCollection, to new: UITraitCollection) {
        new.performAsCurrent { environment.traitCollectionDidChange(old) }
    }
}

extension UIScreen: UITraitEnvironment {

    /// Runs a change of the screen's size or scale (`apply`, which resizes the windows that
    /// cover the screen) as UIKit runs a size transition, with one coordinator per window
    /// (`SizeTransitionCoordinator`, not animated; its `targetTransform` is `turn` for the
    /// windows that cover the screen):
    ///
    /// 1. each window's root view controller whose traits will change gets
    ///    `willTransition(to:with:)`;
    /// 2. the root view controllers of the windows that change size (or that cover the screen
    ///    when it turns) get `viewWillTransition(to:with:)` with the new size (their views
    ///    still have the old one), which the default forwards to children and presented
    ///    controllers;
    /// 3. `apply`, then the resized windows are laid out (`layoutIfNeeded()`);
    /// 4. `traitCollectionDidChange(_:)` where traits changed: the screen, then each window
    ///    down its tree;
    /// 5. the alongside blocks (without animation), and a layout pass for what they changed;
    /// 6. the coordinators' completion blocks.
    func performSizeTransition(
        from previousBounds: CGRect, to newBounds: CGRect, scale newScale: CGFloat, turn: CGAffineTransform,
        apply: () -> Void
    ) {
        let turns = turn != .identity
        var resized: [UIWindow] = []
        var coordinators: [SizeTransitionCoordinator] = []
        for window in windows {
            let covers = window.frame == previousBounds
            let resizes = covers && previousBounds != newBounds
            if resizes { resized.append(window) }
            let coordinator = SizeTransitionCoordinator(
                containerView: window, targetTransform: covers ? turn : .identity)
            coordinators.append(coordinator)
            guard let root = window.rootViewController else { continue }
            let size = resizes ? newBounds.size : window.bounds.size
            let newTraits = root.traits(inheriting: UITraitCollection.environment(size: size, scale: newScale))
            if newTraits != root.traitCollection { root.willTransition(to: newTraits, with: coordinator) }
            if resizes || (covers && turns) { root.viewWillTransition(to: size, with: coordinator) }
        }
        isTransitioningSize = true
        apply()
        isTransitioningSize = false
        for window in resized { window.layoutIfNeeded() }
        let newTraits = traitCollection
        let oldTraits = reportedTraitCollection ?? newTraits
        reportedTraitCollection = newTraits
        if oldTraits != newTraits { TraitChange.report(to: self, from: oldTraits, to: newTraits) }
        for window in windows { window.updateTraitCollections() }
        for coordinator in coordinators {
            coordinator.runAnimations()
            UIView.performWithoutAnimation { coordinator.containerView.layoutIfNeeded() }
        }
        for coordinator in coordinators { coordinator.complete() }
    }
}
