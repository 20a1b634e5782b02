import Foundation
import VitrineKit
import VitrinePlatform

/// The showcase's animated panel: a rotating tile, an equalizer of bouncing bars and a glider
/// sliding along a track, all Core Animation repeat animations, so between frames they cost
/// the main thread nothing.
///
/// `speed` scales every animation and changes without a jump: the running animations are
/// replaced by ones that continue from the same point of their cycle. `accentColor` paints
/// the moving parts.
@MainActor
public final class MotionPanelView: UIView {
    /// The tile turning once every four seconds (at speed 1).
    public let spinner = UIView()
    /// The dot sliding from one end of the track to the other and back.
    public let glider = UIView()
    /// The rail the glider runs on.
    public let track = UIView()
    /// The equalizer's bars, bouncing at different paces.
    public private(set) var bars: [UIView] = []
    private let spinnerCore = UIView()

    /// Whether the parts are animating (`startAnimating()` / `stopAnimating()`).
    public private(set) var isAnimating = false
    /// The pace of every animation, 1 being the natural one (`setSpeed(_:)`).
    public private(set) var speed = 1.0

    /// The colour of the moving parts.
    public var accentColor: UIColor = .systemTeal {
        didSet { applyColors() }
    }

    // The animations' common timeline: at media time `anchorTime` they were `anchorPhase`
    // seconds (at speed 1) into their cycles.
    private var anchorTime: CFTimeInterval = 0
    private var anchorPhase: CFTimeInterval = 0
    /// The size the animations were made for; a new size needs new end points.
    private var animatedSize: CGSize?
    private var refreshTimer: ClockTimer?

    private static let glideDuration: CFTimeInterval = 1.6
    private static let spinDuration: CFTimeInterval = 4
    private static let barDurations: [CFTimeInterval] = [0.62, 0.9, 0.74, 1.06, 0.68, 0.96, 0.8]

    /// An empty panel at `frame`, not animating.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        track.backgroundColor = UIColor(white: 1, alpha: 0.16)
        addSubview(track)
        addSubview(spinner)
        spinnerCore.backgroundColor = UIColor(white: 1, alpha: 0.85)
        spinner.addSubview(spinnerCore)
        for _ in Self.barDurations {
            let bar = UIView()
            // Bars grow from their foot.
            bar.layer.anchorPoint = CGPoint(x: 0.5, y: 1)
            addSubview(bar)
            bars.append(bar)
        }
        glider.layer.borderWidth = 3
        glider.layer.borderColor = UIColor(white: 1, alpha: 0.9).cgColor
        addSubview(glider)
        applyColors()
    }

    /// Vitrine has no archives; always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    private func applyColors() {
        spinner.backgroundColor = accentColor
        glider.backgroundColor = accentColor
        for (index, bar) in bars.enumerated() {
            bar.backgroundColor = accentColor.withAlphaComponent(0.55 + 0.45 * CGFloat(index % 3) / 2)
        }
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        let size = bounds.size
        let unit = max(10, min(size.width, size.height) * 0.1)
        // The glider's track along the bottom.
        let dot = (unit * 0.9).rounded()
        track.frame = CGRect(
            x: dot / 2, y: (size.height - dot / 2 - 3).rounded(), width: max(0, size.width - dot), height: 6)
        track.layer.cornerRadius = 3
        glider.bounds = CGRect(x: 0, y: 0, width: dot, height: dot)
        glider.layer.cornerRadius = dot / 2
        glider.center = CGPoint(x: track.frame.minX, y: track.frame.midY)
        // The spinner in the upper left part, the bars to its right, both above the track.
        let upper = CGRect(x: 0, y: 0, width: size.width, height: max(0, track.frame.minY - dot))
        let side = max(0, min(upper.height * 0.62, size.width * 0.26)).rounded()
        spinner.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        spinner.center = CGPoint(x: (upper.minX + side * 0.65 + unit * 0.2).rounded(), y: upper.midY.rounded())
        spinner.layer.cornerRadius = side * 0.22
        let core = (side * 0.3).rounded()
        spinnerCore.frame = CGRect(x: side * 0.14, y: side * 0.14, width: core, height: core)
        spinnerCore.layer.cornerRadius = core * 0.3
        let barsLeft = spinner.center.x + side * 0.5 + unit * 1.6
        let barsWidth = max(0, size.width - barsLeft)
        let slot = barsWidth / CGFloat(bars.count)
        let barHeight = max(0, upper.height * 0.8)
        for (index, bar) in bars.enumerated() {
            bar.bounds = CGRect(x: 0, y: 0, width: max(2, (slot * 0.56).rounded()), height: barHeight.rounded())
            bar.layer.cornerRadius = min(8, slot * 0.2)
            bar.center = CGPoint(
                x: (barsLeft + slot * (CGFloat(index) + 0.5)).rounded(), y: (upper.midY + barHeight / 2).rounded())
        }
        if isAnimating, animatedSize != size { scheduleAnimationRefresh() }
    }

    /// Makes new animations for a new size at the next turn of the media clock. Not now:
    /// Vitrine's frame samples animations before its layout pass and does not ask for another
    /// frame for an animation added during layout, so one added here would not start.
    private func scheduleAnimationRefresh() {
        guard refreshTimer?.isPending != true else { return }
        let clock = UIApplication.shared.displayBackend.clock
        refreshTimer = clock.schedule(at: clock.now) { [weak self] in
            guard let self, isAnimating else { return }
            refreshTimer = nil
            addAnimations()
        }
    }

    // MARK: Animating

    /// Starts the animations from the start of their cycles.
    public func startAnimating() {
        isAnimating = true
        anchorTime = CACurrentMediaTime()
        anchorPhase = 0
        addAnimations()
    }

    /// Removes the animations: the parts rest at their model places.
    public func stopAnimating() {
        isAnimating = false
        animatedSize = nil
        refreshTimer?.cancel()
        refreshTimer = nil
        for view in [spinner, glider] + bars { view.layer.removeAllAnimations() }
    }

    /// Changes the pace of every animation (0.1 ... 10; others are clamped), continuing each
    /// from where it is now.
    public func setSpeed(_ newSpeed: Double) {
        let clamped = newSpeed.isFinite ? min(10, max(0.1, newSpeed)) : 1
        guard clamped != speed else { return }
        let now = CACurrentMediaTime()
        anchorPhase += (now - anchorTime) * speed
        anchorTime = now
        speed = clamped
        if isAnimating { addAnimations() }
    }

    /// (Re)adds the animations on the common timeline; ones under the same keys are replaced.
    private func addAnimations() {
        animatedSize = bounds.size
        guard bounds.width > 0, bounds.height > 0 else { return }
        func repeating(_ keyPath: String, from: Any, to: Any, duration: CFTimeInterval, phase: CFTimeInterval)
            -> CABasicAnimation
        {
            let animation = CABasicAnimation(keyPath: keyPath)
            animation.fromValue = from
            animation.toValue = to
            animation.duration = duration
            animation.repeatCount = .infinity
            animation.beginTime = anchorTime
            animation.timeOffset = phase
            animation.speed = Float(speed)
            return animation
        }
        let glide = repeating(
            "position.x", from: track.frame.minX, to: track.frame.maxX, duration: Self.glideDuration,
            phase: anchorPhase)
        glide.autoreverses = true
        glide.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        glider.layer.add(glide, forKey: "glide")

        let spin = repeating(
            "transform.rotation.z", from: 0.0, to: 2 * Double.pi, duration: Self.spinDuration, phase: anchorPhase)
        spin.timingFunction = CAMediaTimingFunction(name: .linear)
        spinner.layer.add(spin, forKey: "spin")

        for (index, bar) in bars.enumerated() {
            let duration = Self.barDurations[index]
            // Each bar starts at another point of its cycle, so they never move in step.
            let bounce = repeating(
                "transform.scale.y", from: 0.22, to: 1.0, duration: duration,
                phase: anchorPhase + duration * Double(index) * 0.37)
            bounce.autoreverses = true
            bounce.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            bar.layer.add(bounce, forKey: "bounce")
        }
    }
}
