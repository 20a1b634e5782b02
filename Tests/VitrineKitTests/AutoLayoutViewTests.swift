import Foundation
import Testing

@_spi(Service) @testable import VitrineKit

/// A view that makes its constraints in `updateConstraints()`, as UIKit's pattern has it.
@MainActor final class SelfConstrainingView: UIView {
    static var calls: [String] = []
    let inner = IntrinsicBox()
    var name = ""
    private var made = false

    override class var requiresConstraintBasedLayout: Bool { true }

    override func updateConstraints() {
        Self.calls.append(name)
        if !made {
            made = true
            inner.translatesAutoresizingMaskIntoConstraints = false
            addSubview(inner)
            NSLayoutConstraint.activate([
                inner.centerXAnchor.constraint(equalTo: centerXAnchor),
                inner.centerYAnchor.constraint(equalTo: centerYAnchor),
            ])
        }
        super.updateConstraints()
    }
}

/// UIKit behaviour of views in the engine: the constraint pass, fitting sizes, guides,
/// safe areas, animation and trees joining.
@MainActor @Suite struct AutoLayoutViewTests {
    @Test func updateConstraintsRunsBeforeLayoutSubviewsFirst() {
        SelfConstrainingView.calls = []
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let outer = SelfConstrainingView(frame: root.bounds)
        outer.name = "outer"
        let nested = SelfConstrainingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        nested.name = "nested"
        outer.addSubview(nested)
        root.addSubview(outer)
        #expect(outer.needsUpdateConstraints())
        root.layoutIfNeeded()
        #expect(SelfConstrainingView.calls == ["nested", "outer"])
        #expect(!outer.needsUpdateConstraints())
        #expect(outer.inner.frame == CGRect(x: 80, y: 40, width: 40, height: 20))
        // Marked again: one more call at the next pass, none without a mark.
        outer.setNeedsUpdateConstraints()
        root.layoutIfNeeded()
        root.layoutIfNeeded()
        #expect(SelfConstrainingView.calls == ["nested", "outer", "outer"])
    }

    @Test func systemLayoutSizeFittingGivesTheContentsSize() {
        let card = UIView()
        let title = IntrinsicBox()
        title.natural = CGSize(width: 120, height: 24)
        let body = IntrinsicBox()
        body.natural = CGSize(width: 80, height: 40)
        for view in [title, body] {
            view.translatesAutoresizingMaskIntoConstraints = false
            card.addSubview(view)
        }
        NSLayoutConstraint.activate([
            title.topAnchor.constraint(equalTo: card.topAnchor, constant: 10),
            title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 10),
            title.trailingAnchor.constraint(lessThanOrEqualTo: card.trailingAnchor, constant: -10),
            body.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 8),
            body.leadingAnchor.constraint(equalTo: title.leadingAnchor),
            body.trailingAnchor.constraint(lessThanOrEqualTo: card.trailingAnchor, constant: -10),
            body.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -10),
        ])
        let compressed = card.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
        #expect(compressed == CGSize(width: 140, height: 92))
        // A required width: the height for that width.
        let fixedWidth = card.systemLayoutSizeFitting(
            CGSize(width: 300, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel)
        #expect(fixedWidth == CGSize(width: 300, height: 92))
        // The card's own frame is left alone.
        #expect(card.frame == .zero)
        #expect(title.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 120, height: 24))
    }

    @Test func aSubtreeBuiltOffscreenJoinsALaidOutTree() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let anchor = constrainedView(root)
        NSLayoutConstraint.activate([
            anchor.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            anchor.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            anchor.widthAnchor.constraint(equalToConstant: 50), anchor.heightAnchor.constraint(equalToConstant: 50),
        ])
        root.layoutIfNeeded()
        // A panel built and laid out on its own, then added.
        let panel = UIView(frame: CGRect(x: 100, y: 0, width: 200, height: 200))
        let badge = constrainedView(panel)
        NSLayoutConstraint.activate([
            badge.trailingAnchor.constraint(equalTo: panel.trailingAnchor, constant: -5),
            badge.bottomAnchor.constraint(equalTo: panel.bottomAnchor, constant: -5),
            badge.widthAnchor.constraint(equalToConstant: 20), badge.heightAnchor.constraint(equalToConstant: 20),
        ])
        panel.layoutIfNeeded()
        #expect(badge.frame == CGRect(x: 175, y: 175, width: 20, height: 20))
        root.addSubview(panel)
        let tie = badge.topAnchor.constraint(equalTo: anchor.bottomAnchor)
        tie.priority = .defaultHigh
        tie.isActive = true
        root.layoutIfNeeded()
        // The required bottom wins over the 750 tie.
        #expect(badge.frame == CGRect(x: 175, y: 175, width: 20, height: 20))
        #expect(root.constraints.contains(tie))
        // Resizing the panel (it translates its mask) moves the badge.
        panel.frame = CGRect(x: 100, y: 0, width: 100, height: 100)
        root.layoutIfNeeded()
        #expect(badge.frame == CGRect(x: 75, y: 75, width: 20, height: 20))
    }

    @Test func constraintChangesAnimateInsideAnAnimationBlock() {
        let rig = HeadlessRig(width: 320, height: 240)
        let root = makeVisibleWindow(on: rig.screen, frame: rig.screen.bounds, color: .black)
        let child = constrainedView(root)
        let left = child.leftAnchor.constraint(equalTo: root.leftAnchor)
        NSLayoutConstraint.activate([
            left, child.topAnchor.constraint(equalTo: root.topAnchor),
            child.widthAnchor.constraint(equalToConstant: 40), child.heightAnchor.constraint(equalToConstant: 40),
        ])
        rig.settle()
        #expect(child.frame.minX == 0)
        #expect(child.layer.animationKeys() == nil)
        left.constant = 200
        #expect(child.frame.minX == 0)
        UIView.animate(withDuration: 0.3) {
            root.layoutIfNeeded()
        }
        // The model is at the end; the layer animates its position there.
        #expect(child.frame.minX == 200)
        #expect(child.layer.animationKeys()?.contains("position") == true)
        rig.clock.advance(by: 0)
        rig.clock.advance(by: 0.15)
        let shown = child.layer.presentation()?.frame.minX ?? -1
        #expect(shown > 20 && shown < 180)
    }

    @Test func preservedSuperviewMarginsAndControllerMinimumMargins() {
        let controller = UIViewController()
        let root = controller.view!
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        root.layoutMargins = .zero
        let panel = constrainedView(root)
        panel.layoutMargins = UIEdgeInsets(top: 2, left: 2, bottom: 2, right: 2)
        panel.preservesSuperviewLayoutMargins = true
        let content = constrainedView(panel)
        NSLayoutConstraint.activate([
            panel.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            panel.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            panel.topAnchor.constraint(equalTo: root.topAnchor),
            panel.bottomAnchor.constraint(equalTo: root.bottomAnchor),
            content.leadingAnchor.constraint(equalTo: panel.layoutMarginsGuide.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: panel.layoutMarginsGuide.trailingAnchor),
            content.topAnchor.constraint(equalTo: panel.layoutMarginsGuide.topAnchor),
            content.bottomAnchor.constraint(equalTo: panel.layoutMarginsGuide.bottomAnchor),
        ])
        root.layoutIfNeeded()
        // The root's margins rise to the controller's minimum (20 leading and trailing), and
        // the panel, flush with the root, keeps them.
        #expect(content.frame == CGRect(x: 20, y: 2, width: 360, height: 296))
        controller.viewRespectsSystemMinimumLayoutMargins = false
        root.layoutIfNeeded()
        #expect(content.frame == CGRect(x: 2, y: 2, width: 396, height: 296))
    }

    @Test func safeAreaFollowsTheScreensOverscan() {
        let rig = HeadlessRig(width: 320, height: 240)
        let window = makeVisibleWindow(on: rig.screen, frame: rig.screen.bounds, color: .black)
        let content = constrainedView(window)
        NSLayoutConstraint.activate([
            content.leadingAnchor.constraint(equalTo: window.safeAreaLayoutGuide.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: window.safeAreaLayoutGuide.trailingAnchor),
            content.topAnchor.constraint(equalTo: window.safeAreaLayoutGuide.topAnchor),
            content.bottomAnchor.constraint(equalTo: window.safeAreaLayoutGuide.bottomAnchor),
        ])
        window.layoutIfNeeded()
        #expect(window.safeAreaInsets == .zero)
        #expect(content.frame == window.bounds)
        rig.screen.overscanInsets = UIEdgeInsets(top: 10, left: 20, bottom: 0, right: 20)
        window.layoutIfNeeded()
        #expect(window.safeAreaInsets == UIEdgeInsets(top: 10, left: 20, bottom: 0, right: 20))
        #expect(content.frame == CGRect(x: 20, y: 10, width: 280, height: 230))
        // A view's own safe area is the part of the overscan it covers.
        #expect(content.safeAreaInsets == .zero)
        let corner = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(corner)
        #expect(corner.safeAreaInsets == UIEdgeInsets(top: 10, left: 20, bottom: 0, right: 0))
        // Margins are measured from the safe area.
        let margins = window.layoutMarginsGuide
        window.layoutMargins = UIEdgeInsets(top: 5, left: 5, bottom: 5, right: 5)
        let inner = constrainedView(window)
        NSLayoutConstraint.activate([
            inner.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            inner.topAnchor.constraint(equalTo: margins.topAnchor),
            inner.widthAnchor.constraint(equalToConstant: 10), inner.heightAnchor.constraint(equalToConstant: 10),
        ])
        window.layoutIfNeeded()
        #expect(inner.frame.origin == CGPoint(x: 25, y: 15))
        rig.screen.overscanInsets = .zero
    }

    @Test func labelsAlignOnTheirBaselines() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 200))
        let big = UILabel()
        big.font = .systemFont(ofSize: 40)
        big.text = "Total"
        let small = UILabel()
        small.font = .systemFont(ofSize: 14)
        small.text = "EUR"
        for label in [big, small] {
            label.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(label)
        }
        NSLayoutConstraint.activate([
            big.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            big.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            small.leadingAnchor.constraint(equalTo: big.trailingAnchor, constant: 8),
            small.firstBaselineAnchor.constraint(equalTo: big.firstBaselineAnchor),
        ])
        root.layoutIfNeeded()
        let bigBaseline = big.frame.minY + big.font.ascender
        let smallBaseline = small.frame.minY + small.font.ascender
        #expect(abs(bigBaseline - smallBaseline) <= 1)
        #expect(small.frame.minY > big.frame.minY + 10)
        #expect(big.frame.size == big.intrinsicContentSize)
    }

    @Test func constraintsOnGuidesAndViewsReportWhatAffectsThem() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let a = constrainedView(root)
        let width = a.widthAnchor.constraint(equalToConstant: 10)
        let top = a.topAnchor.constraint(equalTo: root.topAnchor)
        NSLayoutConstraint.activate([width, top])
        #expect(a.constraintsAffectingLayout(for: .horizontal) == [width])
        #expect(a.constraintsAffectingLayout(for: .vertical) == [top])
        let guide = UILayoutGuide()
        root.addLayoutGuide(guide)
        let tie = guide.topAnchor.constraint(equalTo: a.bottomAnchor)
        tie.isActive = true
        root.removeLayoutGuide(guide)
        #expect(!tie.isActive)
        #expect(guide.owningView == nil && root.layoutGuides.isEmpty)
    }

    @Test func aMultiLineLabelWrapsAtTheWidthConstraintsGiveIt() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 400))
        let label = UILabel()
        label.numberOfLines = 0
        label.font = .systemFont(ofSize: 16)
        label.text = "Boarding for gate B12 starts in ten minutes; please have your pass ready."
        label.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(label)
        let below = constrainedView(root)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            label.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10),
            label.topAnchor.constraint(equalTo: root.topAnchor),
            below.topAnchor.constraint(equalTo: label.bottomAnchor),
            below.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            below.widthAnchor.constraint(equalToConstant: 10), below.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        let oneLine = label.font.lineHeight
        #expect(label.frame.width == 180)
        #expect(label.frame.height > oneLine * 2.5)
        #expect(below.frame.minY == label.frame.maxY)
        // Wider: fewer lines.
        let tall = label.frame.height
        root.frame.size.width = 400
        root.layoutIfNeeded()
        #expect(label.frame.height < tall)
        #expect(below.frame.minY == label.frame.maxY)
    }

    @Test func aTreeWithAnEngineIsFreedWithItsViews() {
        weak var weakRoot: UIView?
        weak var weakChild: UIView?
        weak var weakConstraint: NSLayoutConstraint?
        do {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let child = constrainedView(root)
            let width = child.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5)
            NSLayoutConstraint.activate([width, child.heightAnchor.constraint(equalToConstant: 10)])
            root.layoutIfNeeded()
            #expect(child.frame.width == 50)
            weakRoot = root
            weakChild = child
            weakConstraint = width
        }
        #expect(weakRoot == nil)
        #expect(weakChild == nil)
        #expect(weakConstraint == nil)
    }
}
