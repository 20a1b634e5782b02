import Foundation
import Testing
import VitrineKit

/// A view with a fixed intrinsic size, for content-size tests.
@MainActor final class IntrinsicBox: UIView {
    var natural = CGSize(width: 40, height: 20) {
        didSet { invalidateIntrinsicContentSize() }
    }
    override var intrinsicContentSize: CGSize { natural }
}

@MainActor func constrainedView(_ superview: UIView) -> UIView {
    let view = UIView()
    view.translatesAutoresizingMaskIntoConstraints = false
    superview.addSubview(view)
    return view
}

/// NSLayoutConstraint and anchors, solved into frames as UIKit does.
@MainActor @Suite struct AutoLayoutConstraintTests {
    @Test func anchorsPinAViewInsideItsSuperview() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let child = constrainedView(root)
        NSLayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            child.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -30),
            child.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            child.heightAnchor.constraint(equalToConstant: 50),
        ])
        root.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 10, y: 20, width: 360, height: 50))
        #expect(root.constraints.count == 3)
        #expect(child.constraints.count == 1)  // the height: installed on the view itself
    }

    @Test func itemInitializerAndMultiplier() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let child = constrainedView(root)
        NSLayoutConstraint.activate([
            NSLayoutConstraint(
                item: child, attribute: .width, relatedBy: .equal, toItem: root, attribute: .width, multiplier: 0.5,
                constant: 0),
            NSLayoutConstraint(
                item: child, attribute: .height, relatedBy: .equal, toItem: child, attribute: .width,
                multiplier: 0.25, constant: 0),
            NSLayoutConstraint(
                item: child, attribute: .centerX, relatedBy: .equal, toItem: root, attribute: .centerX,
                multiplier: 1, constant: 0),
            NSLayoutConstraint(
                item: child, attribute: .centerY, relatedBy: .equal, toItem: root, attribute: .centerY,
                multiplier: 1, constant: 0),
        ])
        root.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 100, y: 125, width: 200, height: 50))
    }

    @Test func constantChangeMovesTheViewAtTheNextPass() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let child = constrainedView(root)
        let left = child.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10)
        NSLayoutConstraint.activate([
            left, child.topAnchor.constraint(equalTo: root.topAnchor),
            child.widthAnchor.constraint(equalToConstant: 20), child.heightAnchor.constraint(equalToConstant: 20),
        ])
        root.layoutIfNeeded()
        #expect(child.frame.minX == 10)
        left.constant = 75
        #expect(child.frame.minX == 10)  // not before the layout pass
        root.layoutIfNeeded()
        #expect(child.frame.minX == 75)
        #expect(left.isActive)
        left.isActive = false
        #expect(!left.isActive && root.constraints.isEmpty == false)
        #expect(!root.constraints.contains(left))
    }

    @Test func constraintsBetweenCousinsUseTheCommonAncestor() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 500, height: 500))
        let left = UIView(frame: CGRect(x: 50, y: 40, width: 100, height: 100))
        let right = UIView(frame: CGRect(x: 300, y: 60, width: 100, height: 100))
        root.addSubview(left)
        root.addSubview(right)
        let a = constrainedView(left)
        let b = constrainedView(right)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: left.leadingAnchor, constant: 5),
            a.topAnchor.constraint(equalTo: left.topAnchor, constant: 5),
            a.widthAnchor.constraint(equalToConstant: 10), a.heightAnchor.constraint(equalToConstant: 10),
            // b's top lines up with a's bottom, across two superviews.
            b.topAnchor.constraint(equalTo: a.bottomAnchor),
            b.trailingAnchor.constraint(equalTo: right.trailingAnchor),
            b.widthAnchor.constraint(equalTo: a.widthAnchor, multiplier: 2),
            b.heightAnchor.constraint(equalTo: a.heightAnchor),
        ])
        root.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 5, y: 5, width: 10, height: 10))
        // a's bottom is at 40 + 15 = 55 in root; right's top is at 60: b.y = -5.
        #expect(b.frame == CGRect(x: 80, y: -5, width: 20, height: 10))
        // The three constraints between a and b are installed on their common ancestor.
        #expect(root.constraints.count == 3)
        #expect(left.constraints.count == 2 && a.constraints.count == 2)
    }

    @Test func autoresizingViewsStayWhereTheirFramesPutThem() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let header = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 44))
        header.autoresizingMask = [.flexibleWidth]
        root.addSubview(header)
        let child = constrainedView(root)
        NSLayoutConstraint.activate([
            child.topAnchor.constraint(equalTo: header.bottomAnchor, constant: 8),
            child.leadingAnchor.constraint(equalTo: header.leadingAnchor),
            child.trailingAnchor.constraint(equalTo: header.trailingAnchor),
            child.bottomAnchor.constraint(equalTo: root.bottomAnchor),
        ])
        root.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 0, y: 52, width: 400, height: 248))
        // A rotation: the root's bounds change, the header autoresizes, the child follows.
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 400)
        root.layoutIfNeeded()
        #expect(header.frame == CGRect(x: 0, y: 0, width: 300, height: 44))
        #expect(child.frame == CGRect(x: 0, y: 52, width: 300, height: 348))
        // The app moves the header: the child follows at the next pass.
        header.frame.origin.y = 100
        root.layoutIfNeeded()
        #expect(child.frame.minY == 152)
    }

    @Test func intrinsicSizeHugsAndResists() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let box = IntrinsicBox()
        box.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(box)
        NSLayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            box.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        #expect(box.frame.size == CGSize(width: 40, height: 20))
        box.natural = CGSize(width: 70, height: 30)
        root.layoutIfNeeded()
        #expect(box.frame.size == CGSize(width: 70, height: 30))
        // A required width beats hugging; a width below the content beats only at a priority
        // above compression resistance.
        let wide = box.widthAnchor.constraint(equalToConstant: 100)
        wide.isActive = true
        root.layoutIfNeeded()
        #expect(box.frame.width == 100)
        wide.isActive = false
        let narrow = box.widthAnchor.constraint(equalToConstant: 10)
        narrow.priority = .defaultLow
        narrow.isActive = true
        root.layoutIfNeeded()
        #expect(box.frame.width == 70)
        box.setContentCompressionResistancePriority(.defaultLow - 1, for: .horizontal)
        root.layoutIfNeeded()
        #expect(box.frame.width == 10)
    }

    @Test func lowerHuggingPriorityStretches() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let first = IntrinsicBox()
        let second = IntrinsicBox()
        for box in [first, second] {
            box.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(box)
        }
        second.setContentHuggingPriority(.defaultLow + 1, for: .horizontal)
        NSLayoutConstraint.activate([
            first.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            second.leadingAnchor.constraint(equalTo: first.trailingAnchor),
            second.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            first.topAnchor.constraint(equalTo: root.topAnchor), second.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        #expect(second.frame.width == 40)
        #expect(first.frame.width == 260)
    }

    @Test func marginsGuideAndMarginAttributes() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        root.layoutMargins = UIEdgeInsets(top: 10, left: 20, bottom: 30, right: 40)
        let child = constrainedView(root)
        NSLayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
            child.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
            NSLayoutConstraint(
                item: child, attribute: .top, relatedBy: .equal, toItem: root, attribute: .topMargin, multiplier: 1,
                constant: 0),
            NSLayoutConstraint(
                item: child, attribute: .bottom, relatedBy: .equal, toItem: root, attribute: .bottomMargin,
                multiplier: 1, constant: 0),
        ])
        root.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 20, y: 10, width: 340, height: 260))
        #expect(root.layoutMarginsGuide.layoutFrame == CGRect(x: 20, y: 10, width: 340, height: 260))
        root.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 0, leading: 5, bottom: 0, trailing: 5)
        #expect(root.layoutMargins == UIEdgeInsets(top: 0, left: 5, bottom: 0, right: 5))
        root.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 5, y: 0, width: 390, height: 300))
    }

    @Test func customLayoutGuideSpacesViewsEvenly() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let gap1 = UILayoutGuide()
        let gap2 = UILayoutGuide()
        root.addLayoutGuide(gap1)
        root.addLayoutGuide(gap2)
        #expect(root.layoutGuides.count == 2 && gap1.owningView === root)
        let a = constrainedView(root)
        let b = constrainedView(root)
        NSLayoutConstraint.activate([
            a.widthAnchor.constraint(equalToConstant: 50), b.widthAnchor.constraint(equalToConstant: 50),
            a.heightAnchor.constraint(equalToConstant: 10), b.heightAnchor.constraint(equalToConstant: 10),
            a.topAnchor.constraint(equalTo: root.topAnchor), b.topAnchor.constraint(equalTo: root.topAnchor),
            gap1.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            a.leadingAnchor.constraint(equalTo: gap1.trailingAnchor),
            gap2.leadingAnchor.constraint(equalTo: a.trailingAnchor),
            b.leadingAnchor.constraint(equalTo: gap2.trailingAnchor),
            b.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            gap1.widthAnchor.constraint(equalTo: gap2.widthAnchor),
        ])
        root.layoutIfNeeded()
        #expect(a.frame.minX == 100 && b.frame.minX == 250)
        #expect(gap2.layoutFrame.width == 100)
    }

    @Test func removingAViewDeactivatesItsConstraintsToTheRest() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let container = constrainedView(root)
        let inner = constrainedView(container)
        let outer = container.leadingAnchor.constraint(equalTo: root.leadingAnchor)
        let own = inner.widthAnchor.constraint(equalTo: container.widthAnchor)
        let across = inner.topAnchor.constraint(equalTo: root.topAnchor)
        NSLayoutConstraint.activate([outer, own, across])
        root.layoutIfNeeded()
        container.removeFromSuperview()
        #expect(!outer.isActive)
        #expect(!across.isActive)
        #expect(own.isActive)  // both items left together
        #expect(container.constraints.contains(own))
    }

    @Test func illegalConstraintsAreRefusedNotRaised() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let a = constrainedView(root)
        let stranger = UIView()
        let b = constrainedView(root)
        let noAncestor = a.leadingAnchor.constraint(equalTo: stranger.leadingAnchor)
        noAncestor.isActive = true
        #expect(!noAncestor.isActive)
        let positionToConstant = NSLayoutConstraint(
            item: a, attribute: .left, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1,
            constant: 10)
        positionToConstant.isActive = true
        #expect(!positionToConstant.isActive)
        let zeroMultiplier = NSLayoutConstraint(
            item: a, attribute: .top, relatedBy: .equal, toItem: b, attribute: .top, multiplier: 0, constant: 10)
        zeroMultiplier.isActive = true
        #expect(!zeroMultiplier.isActive)
        let mixedAxes = NSLayoutConstraint(
            item: a, attribute: .left, relatedBy: .equal, toItem: b, attribute: .top, multiplier: 1, constant: 0)
        mixedAxes.isActive = true
        #expect(!mixedAxes.isActive)
        let leadingToLeft = NSLayoutConstraint(
            item: a, attribute: .leading, relatedBy: .equal, toItem: b, attribute: .left, multiplier: 1, constant: 0)
        leadingToLeft.isActive = true
        #expect(!leadingToLeft.isActive)
        let notFinite = a.widthAnchor.constraint(equalToConstant: .nan)
        notFinite.isActive = true
        #expect(!notFinite.isActive)
        let fine = a.widthAnchor.constraint(equalToConstant: 10)
        fine.isActive = true
        fine.constant = .infinity
        #expect(fine.constant == 10)
        root.layoutIfNeeded()
        #expect(a.frame.width == 10)
    }

    @Test func conflictingRequiredConstraintsBreakOneAndNeverCrash() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let a = constrainedView(root)
        let first = a.widthAnchor.constraint(equalToConstant: 100)
        let second = a.widthAnchor.constraint(equalToConstant: 200)
        NSLayoutConstraint.activate([first, second])
        root.layoutIfNeeded()
        // The second is broken (kept at 999): the first holds.
        #expect(a.frame.width == 100)
        #expect(first.isActive && second.isActive)
        first.isActive = false
        root.layoutIfNeeded()
        #expect(a.frame.width == 200)
    }

    @Test func descriptionReadsLikeUIKits() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let a = constrainedView(root)
        let constraint = a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20)
        constraint.identifier = "inset"
        constraint.isActive = true
        let text = constraint.description
        #expect(text.hasPrefix("<NSLayoutConstraint:0x"))
        #expect(text.contains("'inset'"))
        #expect(text.contains(".leading == UIView:0x"))
        #expect(text.hasSuffix(".leading + 20   (active)>"))
        #expect(constraint.firstItem === a && constraint.secondItem === root)
        #expect(constraint.firstAttribute == .leading && constraint.relation == .equal)
    }

    @Test func aFrameSetByTheAppIsPutBackAtTheNextPass() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let a = constrainedView(root)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 5),
            a.topAnchor.constraint(equalTo: root.topAnchor), a.widthAnchor.constraint(equalToConstant: 20),
            a.heightAnchor.constraint(equalToConstant: 20),
        ])
        root.layoutIfNeeded()
        a.frame = CGRect(x: 100, y: 50, width: 1, height: 1)
        root.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 5, y: 0, width: 20, height: 20))
        a.center = CGPoint(x: 200, y: 50)
        root.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 5, y: 0, width: 20, height: 20))
    }
}
