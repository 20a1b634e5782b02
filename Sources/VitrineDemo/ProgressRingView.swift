import Foundation
import VitrineKit

/// A progress ring: a faint full circle (the track) and, over it, an arc from twelve o'clock
/// clockwise showing `progress`, both drawn by `CAShapeLayer`s with the same circle path; the
/// arc's `strokeEnd` is the fraction, animated from what is shown when it changes.
///
/// The ring is the largest circle that fits the view's bounds, its line inside them.
@MainActor
public final class ProgressRingView: UIView {
    /// The full circle under the arc.
    public let trackLayer = CAShapeLayer()
    /// The arc; its `strokeEnd` is `progress`.
    public let progressLayer = CAShapeLayer()

    /// The fraction shown, 0 ... 1 (values outside are clamped). Set without animation; use
    /// `setProgress(_:animated:)` to animate.
    public var progress: CGFloat {
        get { progressLayer.strokeEnd }
        set { setProgress(newValue, animated: false) }
    }

    /// The arc's colour.
    public var ringColor: UIColor = .systemTeal {
        didSet { progressLayer.strokeColor = ringColor.cgColor }
    }

    /// The width of the track and the arc, in points.
    public var lineWidth: CGFloat = 12 {
        didSet {
            guard lineWidth != oldValue else { return }
            setNeedsLayout()
        }
    }

    /// How long a change of `progress` takes to show when animated.
    public static let animationDuration = 0.45

    /// An empty ring (progress 0).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = nil
        isOpaque = false
        isUserInteractionEnabled = false
        trackLayer.strokeColor = UIColor(white: 1, alpha: 0.12).cgColor
        progressLayer.strokeColor = ringColor.cgColor
        progressLayer.lineCap = .round
        progressLayer.strokeEnd = 0
        for shape in [trackLayer, progressLayer] {
            shape.fillColor = nil
            layer.addSublayer(shape)
        }
    }

    /// Vitrine has no archives; always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Shows `fraction` (clamped to 0 ... 1): the arc's model `strokeEnd` takes it at once;
    /// with `animated`, a `CABasicAnimation` runs the arc there from what is on screen.
    public func setProgress(_ fraction: CGFloat, animated: Bool) {
        let target = min(1, max(0, fraction))
        let shown = progressLayer.presentation()?.strokeEnd ?? progressLayer.strokeEnd
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        progressLayer.strokeEnd = target
        CATransaction.commit()
        guard animated, shown != target else {
            progressLayer.removeAnimation(forKey: "progress")
            return
        }
        let animation = CABasicAnimation(keyPath: "strokeEnd")
        animation.fromValue = shown
        animation.toValue = target
        animation.duration = Self.animationDuration
        animation.timingFunction = CAMediaTimingFunction(name: .easeOut)
        progressLayer.add(animation, forKey: "progress")
    }

    /// The circle: centred, as large as the bounds allow with the line inside them, starting at
    /// the top and running clockwise.
    public override func layoutSubviews() {
        super.layoutSubviews()
        let radius = max(0, (min(bounds.width, bounds.height) - lineWidth) / 2)
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let path = UIBezierPath(
            arcCenter: center, radius: radius, startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: true
        ).cgPath
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for shape in [trackLayer, progressLayer] {
            shape.frame = bounds
            shape.path = path
            shape.lineWidth = lineWidth
        }
        CATransaction.commit()
    }
}
