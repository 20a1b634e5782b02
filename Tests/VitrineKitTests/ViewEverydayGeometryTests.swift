import Foundation
import Testing
import VitrineLayers

@testable import VitrineKit

private func close(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) <= 1e-9 }
private func close(_ a: CGRect, _ b: CGRect) -> Bool {
    close(a.minX, b.minX) && close(a.minY, b.minY) && close(a.width, b.width) && close(a.height, b.height)
}

/// iOS's everyday geometry: frames set under a transform, layout after a resize, subview
/// insertion next to a sibling, tags, the empty button's size.
@MainActor @Suite struct ViewEverydayGeometryTests {
    @Test func settingTheFrameOfAScaledViewInvertsTheScale() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
        view.frame = CGRect(x: 20, y: 30, width: 100, height: 100)
        #expect(view.bounds.size == CGSize(width: 200, height: 200))
        #expect(view.center == CGPoint(x: 70, y: 80))
        #expect(close(view.frame, CGRect(x: 20, y: 30, width: 100, height: 100)))
    }

    @Test func aQuarterTurnSwapsTheBoundsSize() {
        let view = UIView(frame: .zero)
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        view.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
        #expect(close(view.bounds.width, 40) && close(view.bounds.height, 100))
        #expect(close(view.frame, CGRect(x: 0, y: 0, width: 100, height: 40)))
    }

    @Test func aLayerDoesTheSame() {
        let layer = CALayer()
        layer.transform = CATransform3DMakeScale(2, 4, 1)
        layer.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
        #expect(layer.bounds.size == CGSize(width: 50, height: 25))
        #expect(layer.position == CGPoint(x: 60, y: 60))
        #expect(close(layer.frame, CGRect(x: 10, y: 10, width: 100, height: 100)))
    }

    @Test func hitTestingAndConversionFollowTheFrameSet() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let child = UIView(frame: .zero)
        root.addSubview(child)
        child.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
        child.frame = CGRect(x: 100, y: 100, width: 100, height: 100)
        #expect(root.hitTest(CGPoint(x: 150, y: 150), with: nil) === child)
        #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === root)
        let corner = child.convert(CGPoint(x: 200, y: 200), to: root)
        #expect(close(corner.x, 200) && close(corner.y, 200))
        #expect(close(child.convert(child.bounds, to: root), CGRect(x: 100, y: 100, width: 100, height: 100)))
    }

    @Test func resizingASubviewLaysOutItAndItsSuperview() {
        final class Counting: UIView {
            var layouts = 0
            override func layoutSubviews() {
                super.layoutSubviews()
                layouts += 1
            }
        }
        let parent = Counting(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let child = Counting(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        parent.addSubview(child)
        parent.layoutIfNeeded()
        parent.layouts = 0
        child.layouts = 0
        child.frame.size = CGSize(width: 80, height: 50)
        #expect(parent.layer.needsLayout() && child.layer.needsLayout())
        parent.layoutIfNeeded()
        #expect(parent.layouts == 1 && child.layouts == 1)
        // A move alone lays out neither.
        child.frame.origin = CGPoint(x: 10, y: 10)
        #expect(!parent.layer.needsLayout() && !child.layer.needsLayout())
        child.bounds.size = CGSize(width: 20, height: 20)
        #expect(parent.layer.needsLayout())
    }

    @Test func aSuperviewPlacingItsSubviewsIsNotLaidOutAgain() {
        final class Placing: UIView {
            let child = UIView(frame: .zero)
            var layouts = 0
            override init(frame: CGRect) {
                super.init(frame: frame)
                addSubview(child)
            }
            required init?(coder: NSCoder) { nil }
            override func layoutSubviews() {
                layouts += 1
                child.frame = bounds.insetBy(dx: 10, dy: 10)
            }
        }
        let view = Placing(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.layoutIfNeeded()
        #expect(view.layouts == 1 && view.child.frame.width == 80)
        #expect(!view.layer.needsLayout())
    }

    @Test func insertingAboveASiblingPutsTheLayerDirectlyAboveItsLayer() {
        let parent = UIView(frame: .zero)
        let a = UIView(frame: .zero)
        let b = UIView(frame: .zero)
        parent.addSubview(a)
        let plain = CALayer()
        parent.layer.addSublayer(plain)
        parent.addSubview(b)
        let x = UIView(frame: .zero)
        parent.insertSubview(x, aboveSubview: a)
        #expect(parent.subviews == [a, x, b])
        #expect(parent.layer.sublayers! == [a.layer, x.layer, plain, b.layer])
        let y = UIView(frame: .zero)
        parent.insertSubview(y, belowSubview: b)
        #expect(parent.subviews == [a, x, y, b])
        #expect(parent.layer.sublayers! == [a.layer, x.layer, plain, y.layer, b.layer])
        // Moving a subview already there.
        parent.insertSubview(b, belowSubview: a)
        #expect(parent.subviews == [b, a, x, y])
        #expect(parent.layer.sublayers!.first === b.layer)
    }

    @Test func aSiblingThatIsNotASubviewPutsTheViewOnTop() {
        let parent = UIView(frame: .zero)
        let a = UIView(frame: .zero)
        let b = UIView(frame: .zero)
        parent.addSubview(a)
        parent.addSubview(b)
        let stranger = UIView(frame: .zero)
        let x = UIView(frame: .zero)
        parent.insertSubview(x, belowSubview: stranger)
        #expect(parent.subviews == [a, b, x])
        let y = UIView(frame: .zero)
        parent.insertSubview(y, aboveSubview: stranger)
        #expect(parent.subviews == [a, b, x, y])
        #expect(parent.layer.sublayers!.last === y.layer)
    }

    @Test func viewWithTagSearchesItselfThenSubviewsDepthFirst() {
        let root = UIView(frame: .zero)
        let first = UIView(frame: .zero)
        let deep = UIView(frame: .zero)
        let second = UIView(frame: .zero)
        root.addSubview(first)
        first.addSubview(deep)
        root.addSubview(second)
        #expect(root.tag == 0 && root.viewWithTag(0) === root)
        deep.tag = 7
        second.tag = 7
        #expect(root.viewWithTag(7) === deep)
        root.tag = 7
        #expect(root.viewWithTag(7) === root)
        #expect(root.viewWithTag(99) == nil)
    }

    @Test func anEmptyButtonIsThirtyByThirtyFour() {
        for type in [UIButton.ButtonType.system, .custom] {
            let button = UIButton(type: type)
            #expect(button.intrinsicContentSize == CGSize(width: 30, height: 34))
            button.sizeToFit()
            #expect(button.bounds.size == CGSize(width: 30, height: 34))
        }
        let titled = UIButton(type: .system)
        titled.setTitle("Go", for: .normal)
        #expect(titled.intrinsicContentSize != CGSize(width: 30, height: 34))
    }
}
