import Foundation
import Testing

@testable import VitrineKit

/// `semanticContentAttribute`: the effective direction, and leading and trailing laid out
/// right to left in anchors, stack views and directional margins, as UIKit does.
@MainActor @Suite struct LayoutDirectionTests {
    @Test func theEffectiveDirectionFollowsTheAttributeAndTheSuperview() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView(frame: .zero)
        let playback = UIView(frame: .zero)
        playback.semanticContentAttribute = .playback
        container.addSubview(child)
        container.addSubview(playback)
        #expect(container.semanticContentAttribute == .unspecified)
        #expect(container.effectiveUserInterfaceLayoutDirection == .leftToRight)
        container.semanticContentAttribute = .forceRightToLeft
        #expect(container.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(child.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(playback.effectiveUserInterfaceLayoutDirection == .leftToRight)
        #expect(UIView.userInterfaceLayoutDirection(for: .forceRightToLeft) == .rightToLeft)
        #expect(UIView.userInterfaceLayoutDirection(for: .unspecified) == .leftToRight)
        #expect(UIView.userInterfaceLayoutDirection(for: .spatial, relativeTo: .rightToLeft) == .leftToRight)
        #expect(UIView.userInterfaceLayoutDirection(for: .unspecified, relativeTo: .rightToLeft) == .rightToLeft)
    }

    @Test func leadingAndTrailingAnchorsSwapSidesRightToLeft() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let first = UIView(frame: .zero)
        let second = UIView(frame: .zero)
        for view in [first, second] {
            view.translatesAutoresizingMaskIntoConstraints = false
            container.addSubview(view)
        }
        NSLayoutConstraint.activate([
            first.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 10),
            first.widthAnchor.constraint(equalToConstant: 50),
            second.leadingAnchor.constraint(equalTo: first.trailingAnchor, constant: 8),
            second.trailingAnchor.constraint(lessThanOrEqualTo: container.trailingAnchor, constant: -20),
            second.widthAnchor.constraint(equalToConstant: 40),
            first.topAnchor.constraint(equalTo: container.topAnchor),
            second.topAnchor.constraint(equalTo: container.topAnchor),
            first.heightAnchor.constraint(equalToConstant: 10),
            second.heightAnchor.constraint(equalToConstant: 10),
        ])
        container.layoutIfNeeded()
        #expect(first.frame.minX == 10 && second.frame.minX == 68)
        container.semanticContentAttribute = .forceRightToLeft
        container.layoutIfNeeded()
        // Leading is the right edge: 10 from the right, then 8 further left.
        #expect(first.frame == CGRect(x: 140, y: 0, width: 50, height: 10))
        #expect(second.frame == CGRect(x: 92, y: 0, width: 40, height: 10))
        // A constant changed later counts leftward too.
        container.constraints.first { $0.firstItem === first && $0.firstAttribute == .leading }?.constant = 30
        container.layoutIfNeeded()
        #expect(first.frame.minX == 120 && second.frame.minX == 72)
        container.semanticContentAttribute = .forceLeftToRight
        container.layoutIfNeeded()
        #expect(first.frame.minX == 30 && second.frame.minX == 88)
    }

    @Test func aHorizontalStackViewArrangesFromTheRightRightToLeft() {
        let first = UIView(frame: .zero)
        let second = UIView(frame: .zero)
        let stack = UIStackView(arrangedSubviews: [first, second])
        stack.frame = CGRect(x: 0, y: 0, width: 200, height: 40)
        stack.axis = .horizontal
        stack.distribution = .fillEqually
        stack.spacing = 10
        stack.layoutIfNeeded()
        #expect(first.frame.minX == 0 && second.frame.minX == 105)
        stack.semanticContentAttribute = .forceRightToLeft
        stack.layoutIfNeeded()
        #expect(first.frame == CGRect(x: 105, y: 0, width: 95, height: 40))
        #expect(second.frame == CGRect(x: 0, y: 0, width: 95, height: 40))
    }

    @Test func directionalMarginsFollowTheDirection() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        view.semanticContentAttribute = .forceRightToLeft
        view.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 1, leading: 10, bottom: 2, trailing: 30)
        #expect(view.layoutMargins == UIEdgeInsets(top: 1, left: 30, bottom: 2, right: 10))
        #expect(view.directionalLayoutMargins == NSDirectionalEdgeInsets(top: 1, leading: 10, bottom: 2, trailing: 30))
        view.semanticContentAttribute = .unspecified
        #expect(view.layoutMargins == UIEdgeInsets(top: 1, left: 10, bottom: 2, right: 30))
        // Margins set by their sides stay on them.
        view.layoutMargins = UIEdgeInsets(top: 0, left: 5, bottom: 0, right: 7)
        view.semanticContentAttribute = .forceRightToLeft
        #expect(view.layoutMargins == UIEdgeInsets(top: 0, left: 5, bottom: 0, right: 7))
        #expect(view.directionalLayoutMargins.leading == 7)
        // The leading margin anchor is on the right.
        let child = UIView(frame: .zero)
        child.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(child)
        NSLayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            child.widthAnchor.constraint(equalToConstant: 20),
            child.topAnchor.constraint(equalTo: view.topAnchor),
            child.heightAnchor.constraint(equalToConstant: 20),
        ])
        view.layoutIfNeeded()
        #expect(abs(child.frame.minX - (200 - 7 - 20)) < 0.001)
    }
}

/// `NSTextAlignment.natural` is right aligned in a view laid out right to left.
@MainActor @Suite(.serialized) struct NaturalAlignmentDirectionTests {
    @Test func naturalResolvesByTheDirection() {
        #expect(NSTextAlignment.natural.resolved(for: .leftToRight) == .natural)
        #expect(NSTextAlignment.natural.resolved(for: .rightToLeft) == .right)
        #expect(NSTextAlignment.left.resolved(for: .rightToLeft) == .left)
        #expect(NSTextAlignment.center.resolved(for: .rightToLeft) == .center)
    }

    @Test func aLabelDrawsNaturalTextOnTheRightRightToLeft() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 240, height: 40))
        label.text = "Hxg"
        label.textColor = .black
        let leftToRight = try #require(LabelTests.inkBounds(LabelTests.render(label)))
        #expect(leftToRight.columns.lowerBound < 4)
        label.semanticContentAttribute = .forceRightToLeft
        let rightToLeft = try #require(LabelTests.inkBounds(LabelTests.render(label)))
        #expect(rightToLeft.columns.upperBound > 234)
        #expect(rightToLeft.columns.lowerBound > 120)
        // Inherited from a superview laid out right to left; explicit alignments stay.
        label.semanticContentAttribute = .unspecified
        let container = UIView(frame: label.frame)
        container.semanticContentAttribute = .forceRightToLeft
        container.addSubview(label)
        #expect(try #require(LabelTests.inkBounds(LabelTests.render(label))).columns.upperBound > 234)
        label.textAlignment = .left
        #expect(try #require(LabelTests.inkBounds(LabelTests.render(label))).columns.lowerBound < 4)
    }

    @Test func aTextFieldPlacesNaturalTextOnTheRightRightToLeft() {
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        field.text = "Hi"
        let rect = field.textRect(forBounds: field.bounds)
        let leftOrigin = field.textOrigin(in: rect, layout: field.currentLayout())
        #expect(leftOrigin.x == rect.minX)
        field.semanticContentAttribute = .forceRightToLeft
        let layout = field.currentLayout()
        let rightOrigin = field.textOrigin(in: rect, layout: layout)
        #expect(rightOrigin.x == rect.maxX - layout.size.width)
        #expect(rightOrigin.x > rect.midX)
    }

    @Test func aTextViewLaysNaturalTextOutOnTheRightRightToLeft() {
        let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        textView.text = "Hi"
        let left = textView.caretRect(forOffset: 0)
        #expect(left.minX < 20)
        textView.semanticContentAttribute = .forceRightToLeft
        let right = textView.caretRect(forOffset: 2)
        #expect(right.minX > 150, "the line ends at the right edge")
    }
}
