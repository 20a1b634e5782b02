import Foundation
import Testing
import VitrinePlatform

@testable import VitrineKit

/// "HxV" for a collection's size classes: R regular, C compact, U unspecified.
private func classes(_ traits: UITraitCollection?) -> String {
    func letter(_ sizeClass: UIUserInterfaceSizeClass?) -> String {
        switch sizeClass {
        case .regular: "R"
        case .compact: "C"
        default: "U"
        }
    }
    return letter(traits?.horizontalSizeClass) + letter(traits?.verticalSizeClass)
}

private func text(_ size: CGSize?) -> String {
    guard let size else { return "unloaded" }
    return "\(Int(size.width))x\(Int(size.height))"
}

/// A controller that logs its size and trait transitions as "NAME.call(...)"; it never loads
/// its view by itself (it reads `viewIfLoaded`).
@MainActor
private final class TransitionLoggingController: UIViewController {
    let name: String
    let log: NavigationLog
    var coordinators: [any UIViewControllerTransitionCoordinator] = []
    /// Whether `viewWillTransition` queues an alongside block and a completion.
    var animatesAlongside = false

    init(_ name: String, log: NavigationLog) {
        self.name = name
        self.log = log
        super.init(nibName: nil, bundle: nil)
        title = name
    }

    required init?(coder: NSCoder) { nil }

    override func loadView() {
        let view = TraitLoggingView(frame: UIScreen.main.bounds)
        view.name = "\(name).view"
        view.log = log
        self.view = view
    }

    override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        log.add("\(name).viewWillTransition(\(text(size)), bounds \(text(viewIfLoaded?.bounds.size)))")
        coordinators.append(coordinator)
        if animatesAlongside {
            coordinator.animate(
                alongsideTransition: { [self] _ in
                    log.add("\(name).alongside(bounds \(text(viewIfLoaded?.bounds.size)))")
                },
                completion: { [self] _ in log.add("\(name).completion") })
        }
        super.viewWillTransition(to: size, with: coordinator)
    }

    override func willTransition(
        to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator
    ) {
        log.add("\(name).willTransition(to: \(classes(newCollection)))")
        super.willTransition(to: newCollection, with: coordinator)
    }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        log.add("\(name).traitCollectionDidChange(\(classes(previousTraitCollection)) -> \(classes(traitCollection)))")
    }

    override func viewWillLayoutSubviews() { log.add("\(name).viewWillLayoutSubviews") }
}

/// A view that logs `traitCollectionDidChange(_:)` when it has a name.
@MainActor
private final class TraitLoggingView: UIView {
    var name = ""
    var log: NavigationLog?

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        guard let log, !name.isEmpty else { return }
        log.add("\(name).traitCollectionDidChange(\(classes(previousTraitCollection)) -> \(classes(traitCollection)))")
    }
}

/// A window showing `root` covering a headless panel of `width`x`height` pixels (scale 1).
@MainActor
private func makeScene(width: Int, height: Int, root: UIViewController) -> (HeadlessRig, UIWindow) {
    let rig = HeadlessRig(width: width, height: height)
    let window = UIWindow(screen: rig.screen)
    window.rootViewController = root
    window.makeKeyAndVisible()
    rig.settle()
    return (rig, window)
}

@Suite("UITraitCollection") @MainActor struct TraitCollectionTests {
    @Test func initializersSpecifyOneTraitEach() {
        let empty = UITraitCollection()
        #expect(empty.horizontalSizeClass == .unspecified && empty.verticalSizeClass == .unspecified)
        #expect(empty.userInterfaceIdiom == .unspecified && empty.displayScale == 0)
        #expect(empty.layoutDirection == .unspecified && empty.userInterfaceStyle == .unspecified)
        #expect(UITraitCollection(horizontalSizeClass: .compact).horizontalSizeClass == .compact)
        #expect(UITraitCollection(verticalSizeClass: .regular).verticalSizeClass == .regular)
        #expect(UITraitCollection(userInterfaceIdiom: .pad).userInterfaceIdiom == .pad)
        #expect(UITraitCollection(userInterfaceStyle: .dark).userInterfaceStyle == .dark)
        #expect(UITraitCollection(layoutDirection: .rightToLeft).layoutDirection == .rightToLeft)
        #expect(UITraitCollection(displayScale: 2).displayScale == 2)
        #expect(UITraitCollection(displayScale: -1).displayScale == 0)
        #expect(UITraitCollection(horizontalSizeClass: .compact) != UITraitCollection(horizontalSizeClass: .regular))
        #expect(UITraitCollection(displayScale: 2) == UITraitCollection(displayScale: 2))
        #expect(UIUserInterfaceIdiom.pad.rawValue == 1 && UIUserInterfaceSizeClass.compact.rawValue == 1)
        #expect(UIUserInterfaceStyle.light.rawValue == 1 && UITraitEnvironmentLayoutDirection.rightToLeft.rawValue == 1)
    }

    @Test func traitsFromTakesTheLastSpecifiedValueOfEachTrait() {
        let combined = UITraitCollection(traitsFrom: [
            UITraitCollection(horizontalSizeClass: .regular), UITraitCollection(displayScale: 2),
            UITraitCollection(horizontalSizeClass: .compact), UITraitCollection(),
        ])
        #expect(combined.horizontalSizeClass == .compact)
        #expect(combined.displayScale == 2)
        #expect(combined.verticalSizeClass == .unspecified)
        #expect(UITraitCollection(traitsFrom: []) == UITraitCollection())
    }

    @Test func containsTraitsComparesOnlyTheSpecifiedOnes() {
        let traits = UITraitCollection(traitsFrom: [
            UITraitCollection(horizontalSizeClass: .compact), UITraitCollection(verticalSizeClass: .regular),
            UITraitCollection(displayScale: 2),
        ])
        #expect(traits.containsTraits(in: UITraitCollection(horizontalSizeClass: .compact)))
        #expect(!traits.containsTraits(in: UITraitCollection(horizontalSizeClass: .regular)))
        #expect(traits.containsTraits(in: UITraitCollection()))
        #expect(traits.containsTraits(in: nil))
        #expect(!traits.containsTraits(in: UITraitCollection(userInterfaceIdiom: .phone)))
        #expect(!UITraitCollection().containsTraits(in: traits))
    }

    @Test func screensWindowsViewsAndControllersReportAnIPadLikeEnvironment() {
        let log = NavigationLog()
        let root = TransitionLoggingController("root", log: log)
        let (rig, window) = makeScene(width: 1920, height: 1080, root: root)
        defer { withExtendedLifetime(window) {} }
        for environment: any UITraitEnvironment in [rig.screen, window, root, root.view] {
            let traits = environment.traitCollection
            #expect(traits.userInterfaceIdiom == .pad)
            #expect(traits.displayScale == 1)
            #expect(traits.layoutDirection == .leftToRight)
            #expect(traits.userInterfaceStyle == .light)
            #expect(classes(traits) == "RR")
        }
        #expect(UITraitCollection.current == rig.screen.traitCollection)
    }

    @Test(arguments: [
        (CGSize(width: 1024, height: 768), "RR"), (CGSize(width: 768, height: 1024), "RR"),
        (CGSize(width: 678, height: 678), "RR"), (CGSize(width: 677, height: 1366), "CR"),
        (CGSize(width: 800, height: 480), "RC"), (CGSize(width: 480, height: 800), "CR"),
        (CGSize(width: 320, height: 240), "CC"),
    ])
    func sizeClassesFollowTheWindowsSize(size: CGSize, expected: String) {
        let rig = HeadlessRig(width: 1920, height: 1080)
        let window = UIWindow(frame: CGRect(origin: .zero, size: size))
        window.screen = rig.screen
        #expect(classes(window.traitCollection) == expected)
        let view = UIView(frame: .zero)
        window.addSubview(view)
        #expect(classes(view.traitCollection) == expected)
    }
}

@Suite("Size transitions and trait changes") @MainActor struct SizeTransitionTests {
    @Test func aRotationCallsTheRootBeforeLayoutThenReportsTheTraitsThenCompletes() throws {
        let log = NavigationLog()
        let root = TransitionLoggingController("root", log: log)
        root.animatesAlongside = true
        let (rig, window) = makeScene(width: 800, height: 480, root: root)
        defer { withExtendedLifetime(window) {} }
        #expect(classes(root.traitCollection) == "RC")
        _ = log.take()

        rig.screen.rotation = .clockwise90
        #expect(
            log.take() == [
                "root.willTransition(to: CR)",
                "root.viewWillTransition(480x800, bounds 800x480)",
                "root.viewWillLayoutSubviews",
                "root.traitCollectionDidChange(RC -> CR)",
                "root.view.traitCollectionDidChange(RC -> CR)",
                "root.alongside(bounds 480x800)",
                "root.completion",
            ])
        let coordinator = try #require(root.coordinators.first)
        #expect(!coordinator.isAnimated)
        #expect(coordinator.transitionDuration == 0)
        #expect(!coordinator.isCancelled && !coordinator.isInteractive)
        #expect(coordinator.containerView === window)
        #expect(coordinator.presentationStyle == .none)
        let quarter = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(abs(coordinator.targetTransform.b - quarter.b) < 1e-9)
        #expect(abs(coordinator.targetTransform.a) < 1e-9)
        // After the transition: nothing more runs.
        #expect(!coordinator.animate(alongsideTransition: { _ in Issue.record("ran after the end") }))
        #expect(window.bounds.size == CGSize(width: 480, height: 800))
        #expect(root.view.bounds.size == CGSize(width: 480, height: 800))
    }

    @Test func aTurnThatKeepsTheSizeClassesCallsViewWillTransitionButNotTraitCollectionDidChange() throws {
        let log = NavigationLog()
        let root = TransitionLoggingController("root", log: log)
        let (rig, window) = makeScene(width: 1920, height: 1080, root: root)
        defer { withExtendedLifetime(window) {} }
        _ = log.take()

        rig.screen.rotation = .clockwise270
        #expect(
            log.take() == [
                "root.viewWillTransition(1080x1920, bounds 1920x1080)", "root.viewWillLayoutSubviews",
            ])
        let coordinator = try #require(root.coordinators.last)
        #expect(abs(coordinator.targetTransform.b - -1) < 1e-9)

        // A half turn keeps the size: the root still hears of it, with a half-turn transform.
        rig.screen.rotation = .clockwise90
        #expect(log.take() == ["root.viewWillTransition(1080x1920, bounds 1080x1920)"])
        #expect(abs(try #require(root.coordinators.last).targetTransform.a - -1) < 1e-9)
        // Setting the same rotation again is no transition.
        rig.screen.rotation = .clockwise90
        #expect(log.take().isEmpty)
    }

    @Test func navigationForwardsToItsTopControllerAndThePresentedControllerHearsOfItsOwnSize() {
        let log = NavigationLog()
        let first = TransitionLoggingController("A", log: log)
        let second = TransitionLoggingController("B", log: log)
        let sheet = TransitionLoggingController("C", log: log)
        sheet.modalPresentationStyle = .formSheet
        let navigation = UINavigationController(rootViewController: first)
        let (rig, window) = makeScene(width: 800, height: 480, root: navigation)
        defer { withExtendedLifetime(window) {} }
        navigation.pushViewController(second, animated: false)
        navigation.present(sheet, animated: false)
        rig.settle()
        #expect(classes(sheet.traitCollection) == "CC")
        #expect(classes(second.traitCollection) == "RC")
        _ = log.take()

        rig.screen.rotation = .clockwise90
        let entries = log.take()
        let transitions = entries.filter { $0.contains("viewWillTransition") }
        #expect(
            transitions == [
                "B.viewWillTransition(480x800, bounds 800x480)", "C.viewWillTransition(440x620, bounds 540x440)",
            ])
        // Parents before children: the controllers' trait changes, the top of the stack's
        // before its view's; the one under it (off screen) hears too.
        let changes = entries.filter { $0.contains("traitCollectionDidChange") }
        #expect(changes.contains("A.traitCollectionDidChange(RC -> CR)"))
        let indexB = changes.firstIndex(of: "B.traitCollectionDidChange(RC -> CR)")
        let indexBView = changes.firstIndex(of: "B.view.traitCollectionDidChange(RC -> CR)")
        #expect(indexB != nil && indexBView != nil)
        #expect((indexB ?? 0) < (indexBView ?? 0))
        #expect(changes.contains("C.traitCollectionDidChange(CC -> CR)"))
        #expect(classes(sheet.traitCollection) == "CR")
        #expect(classes(second.view.traitCollection) == "CR")
    }

    @Test func childControllersAndTheirViewsHearParentsFirst() {
        let log = NavigationLog()
        let root = TransitionLoggingController("root", log: log)
        let child = TransitionLoggingController("child", log: log)
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        let leaf = TraitLoggingView(frame: .zero)
        leaf.name = "leaf"
        leaf.log = log
        child.view.addSubview(leaf)
        let (rig, window) = makeScene(width: 800, height: 480, root: root)
        defer { withExtendedLifetime(window) {} }
        #expect(classes(leaf.traitCollection) == "RC")
        _ = log.take()

        rig.screen.rotation = .clockwise270
        let changes = log.take().filter { $0.contains("traitCollectionDidChange") }
        #expect(
            changes == [
                "root.traitCollectionDidChange(RC -> CR)", "root.view.traitCollectionDidChange(RC -> CR)",
                "child.traitCollectionDidChange(RC -> CR)", "child.view.traitCollectionDidChange(RC -> CR)",
                "leaf.traitCollectionDidChange(RC -> CR)",
            ])
        #expect(classes(leaf.traitCollection) == "CR")
        #expect(classes(child.traitCollection) == "CR")
    }

    @Test func aScaleOverrideChangesTheDisplayScaleAndTheSize() {
        let log = NavigationLog()
        let root = TransitionLoggingController("root", log: log)
        var previousScale: CGFloat?
        final class ScaleView: UIView {
            var onChange: ((UITraitCollection?) -> Void)?
            override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
                onChange?(previousTraitCollection)
            }
        }
        let view = ScaleView(frame: .zero)
        view.onChange = { previousScale = $0?.displayScale }
        let (rig, window) = makeScene(width: 2560, height: 1600, root: root)
        defer { withExtendedLifetime(window) {} }
        root.view.addSubview(view)
        _ = log.take()

        rig.screen.scaleOverride = 2
        #expect(
            log.take() == [
                "root.willTransition(to: RR)", "root.viewWillTransition(1280x800, bounds 2560x1600)",
                "root.viewWillLayoutSubviews", "root.traitCollectionDidChange(RR -> RR)",
                "root.view.traitCollectionDidChange(RR -> RR)",
            ])
        #expect(previousScale == 1)
        #expect(view.traitCollection.displayScale == 2)
        #expect(window.traitCollection.displayScale == 2)
        #expect(root.traitCollection.displayScale == 2)
        #expect(rig.screen.traitCollection.displayScale == 2)
    }

    @Test func aWindowThatKeepsItsSizeHearsOnlyOfTheTraits() {
        let log = NavigationLog()
        let rig = HeadlessRig(width: 800, height: 480)
        let root = TransitionLoggingController("root", log: log)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.screen = rig.screen
        window.rootViewController = root
        window.isHidden = false
        _ = log.take()

        rig.screen.scaleOverride = 2
        // Same size, same size classes (CC): only the display scale changes.
        #expect(
            log.take().filter { !$0.contains("Layout") } == [
                "root.willTransition(to: CC)", "root.traitCollectionDidChange(CC -> CC)",
                "root.view.traitCollectionDidChange(CC -> CC)",
            ])
        #expect(root.traitCollection.displayScale == 2)
        #expect(window.frame.size == CGSize(width: 300, height: 300))
    }

    @Test func aWindowResizedAcrossTheLineReportsItsNewSizeClasses() {
        let log = NavigationLog()
        let rig = HeadlessRig(width: 1920, height: 1080)
        let root = TransitionLoggingController("root", log: log)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 1024, height: 768))
        window.screen = rig.screen
        window.rootViewController = root
        window.isHidden = false
        _ = log.take()

        window.frame = CGRect(x: 0, y: 0, width: 1000, height: 768)
        #expect(log.take().isEmpty)
        window.frame = CGRect(x: 0, y: 0, width: 600, height: 768)
        #expect(
            log.take() == [
                "root.traitCollectionDidChange(RR -> CR)", "root.view.traitCollectionDidChange(RR -> CR)",
            ])
        #expect(root.coordinators.isEmpty)  // the app's own resize is no transition
    }

    @Test func aModeChangeIsASizeTransition() {
        let clock = ManualClock()
        let backend = HeadlessBackend(clock: clock)
        let modes = [
            DisplayMode(width: 1280, height: 800, refreshMillihertz: 60_000, isPreferred: true),
            DisplayMode(width: 640, height: 480, refreshMillihertz: 60_000),
        ]
        let output = HeadlessOutput(name: "HDMI-A-1", modes: modes, clock: clock)
        backend.connect(output)
        UIApplication.shared.setDisplayBackend(backend)
        let log = NavigationLog()
        let root = TransitionLoggingController("root", log: log)
        let window = UIWindow(screen: UIScreen.main)
        window.rootViewController = root
        window.isHidden = false
        clock.advance(by: 0)
        clock.advance(by: RigTiming.frame * 2)
        _ = log.take()

        UIScreen.main.currentMode = UIScreen.main.availableModes[1]
        clock.advance(by: RigTiming.frame * 2)
        #expect(
            log.take() == [
                "root.willTransition(to: CC)", "root.viewWillTransition(640x480, bounds 1280x800)",
                "root.viewWillLayoutSubviews", "root.traitCollectionDidChange(RR -> CC)",
                "root.view.traitCollectionDidChange(RR -> CC)",
            ])
    }

    @Test func aRotationDoesNotLoadViews() {
        let log = NavigationLog()
        let container = TransitionLoggingController("container", log: log)
        let hidden = TransitionLoggingController("hidden", log: log)
        container.addChild(hidden)
        hidden.didMove(toParent: container)
        let under = TransitionLoggingController("under", log: log)
        let top = TransitionLoggingController("top", log: log)
        let navigation = UINavigationController()
        navigation.setViewControllers([under, top], animated: false)
        container.addChild(navigation)
        container.view.addSubview(navigation.view)
        navigation.didMove(toParent: container)
        let (rig, window) = makeScene(width: 800, height: 480, root: container)
        defer { withExtendedLifetime(window) {} }
        #expect(!hidden.isViewLoaded && !under.isViewLoaded)
        _ = log.take()

        rig.screen.rotation = .clockwise90
        let entries = log.take()
        #expect(!hidden.isViewLoaded && !under.isViewLoaded)
        // A custom container forwards to every child; the view-less one hears without loading.
        #expect(entries.contains("hidden.viewWillTransition(480x800, bounds unloaded)"))
        #expect(entries.contains("hidden.traitCollectionDidChange(RC -> CR)"))
        #expect(entries.contains { $0.hasPrefix("top.viewWillTransition(480x800, ") })
        #expect(!entries.contains { $0.hasPrefix("under.viewWillTransition") })
        #expect(entries.contains("under.traitCollectionDidChange(RC -> CR)"))
    }

    @Test func anOverrideTraitCollectionReachesTheChildAndItsView() {
        let log = NavigationLog()
        let root = TransitionLoggingController("root", log: log)
        let child = TransitionLoggingController("child", log: log)
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        let (rig, window) = makeScene(width: 1920, height: 1080, root: root)
        defer { withExtendedLifetime(window) {} }
        _ = log.take()

        root.setOverrideTraitCollection(UITraitCollection(horizontalSizeClass: .compact), forChild: child)
        #expect(
            log.take() == [
                "child.traitCollectionDidChange(RR -> CR)", "child.view.traitCollectionDidChange(RR -> CR)",
            ])
        #expect(root.overrideTraitCollection(forChild: child) == UITraitCollection(horizontalSizeClass: .compact))
        #expect(classes(child.view.traitCollection) == "CR")

        // A turn keeps the override.
        rig.screen.rotation = .clockwise90
        #expect(classes(child.traitCollection) == "CR")
        #expect(!log.take().contains { $0.contains("traitCollectionDidChange") })

        root.setOverrideTraitCollection(nil, forChild: child)
        #expect(log.take().contains("child.traitCollectionDidChange(CR -> RR)"))
    }

    @Test func alongsideBlocksQueuedFromAnAlongsideBlockRunAndCompletionsRunInOrder() {
        let log = NavigationLog()
        final class Root: UIViewController {
            var log: NavigationLog?
            override func viewWillTransition(
                to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator
            ) {
                super.viewWillTransition(to: size, with: coordinator)
                let log = self.log
                coordinator.animate(
                    alongsideTransition: { context in
                        log?.add("first")
                        context.containerView.tag = 1
                        coordinator.animate(alongsideTransition: { _ in log?.add("nested") }) { _ in
                            log?.add("nested done")
                        }
                    },
                    completion: { _ in log?.add("first done") })
                coordinator.animate(alongsideTransition: nil) { _ in log?.add("second done") }
            }
        }
        let root = Root()
        root.log = log
        let (rig, window) = makeScene(width: 800, height: 480, root: root)
        defer { withExtendedLifetime(window) {} }
        rig.screen.rotation = .clockwise180
        #expect(log.take() == ["first", "nested", "first done", "second done", "nested done"])
        #expect(window.tag == 1)
    }
}
