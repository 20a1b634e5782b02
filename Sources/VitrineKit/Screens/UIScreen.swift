import Foundation
import VitrineLayers
import VitrinePlatform

/// A display the app draws on, as UIKit's `UIScreen`: one per connected display output (a
/// DRM connector, or a headless output in tests and on machines without a display).
///
/// Screens come and go at run time: `didConnectNotification` and `didDisconnectNotification`
/// are posted on `NotificationCenter.default` with the screen as the object, as UIKit does
/// for external displays. The first connected screen is `main`. In a process that never
/// launched an application (unit tests of views), `main` is a 1920x1080 headless screen.
///
/// Each screen composites its windows (in window-level order) into its output's buffers on
/// its own frame loop; see `ScreenFrameLoop`.
@MainActor
public final class UIScreen {
    /// The output this screen shows.
    public let output: any DisplayOutput

    /// Points to pixels, as `scale`. From the output's pixel density when it reports its
    /// physical size (about 163 pixels per inch is 1, as on iOS; rounded, 1 to 3), else 1.
    public let scale: CGFloat

    /// The layer tree the screen composites: the windows' layers, ordered by level.
    let rootLayer = CALayer()
    /// Draws the software dimming (`wantsSoftwareDimming`) above every window.
    private let dimmingLayer = CALayer()
    /// Keeps the root and dimming layers from animating implicitly (layers hold delegates weakly).
    private let layerActions = ScreenLayerActions()
    /// Renders and presents frames.
    private(set) var frameLoop: ScreenFrameLoop!

    /// The clock of the backend the output belongs to: frames are scheduled on it.
    let clock: any MediaClock

    init(output: any DisplayOutput, clock: any MediaClock, scale: CGFloat? = nil) {
        self.output = output
        self.clock = clock
        self.scale = scale ?? Self.scale(for: output)
        rootLayer.name = "screen \(output.name)"
        rootLayer.delegate = layerActions
        dimmingLayer.delegate = layerActions
        dimmingLayer.name = "software dimming"
        dimmingLayer.backgroundColor = .black
        dimmingLayer.zPosition = 1e9  // above every window level
        dimmingLayer.isHidden = true
        rootLayer.addSublayer(dimmingLayer)
        updateRootGeometry()
        frameLoop = ScreenFrameLoop(screen: self, clock: clock)
        frameLoop.beforeFrameAfterPresent = { [unowned self] in self.applyRequestedMode() }
    }

    static func scale(for output: any DisplayOutput) -> CGFloat {
        guard let physical = output.physicalSize, physical.width > 0 else { return 1 }
        let pixelsPerInch = CGFloat(output.currentMode.width) / (physical.width / 25.4)
        return min(3, max(1, (pixelsPerInch / 163).rounded()))
    }

    // MARK: Screens

    /// The connected screens, main first, as `screens`.
    public static var screens: [UIScreen] { ScreenRegistry.current.screens }

    /// The main screen, as `main`: the first connected one. With no display connected at all,
    /// a disconnected placeholder screen, so that code reading it does not crash.
    public static var main: UIScreen { ScreenRegistry.current.mainScreen }

    // MARK: Geometry

    /// The screen's rectangle in points, as `bounds` (the current mode's pixels over `scale`).
    public var bounds: CGRect {
        let mode = output.currentMode
        return CGRect(x: 0, y: 0, width: CGFloat(mode.width) / scale, height: CGFloat(mode.height) / scale)
    }

    /// The screen's rectangle in pixels, as `nativeBounds`.
    public var nativeBounds: CGRect {
        CGRect(origin: .zero, size: output.currentMode.size)
    }

    /// The pixels per point of the physical display, as `nativeScale`: the same as `scale`
    /// (Vitrine never downsamples).
    public var nativeScale: CGFloat { scale }

    /// The screen's coordinate space, as `coordinateSpace` (the screen itself; panels do not
    /// rotate the interface, so it is also `fixedCoordinateSpace`).
    public var coordinateSpace: any UICoordinateSpace { self }

    /// As `fixedCoordinateSpace`; see `coordinateSpace`.
    public var fixedCoordinateSpace: any UICoordinateSpace { self }

    // MARK: Modes

    /// The modes the display supports, as `availableModes`.
    public var availableModes: [UIScreenMode] { output.modes.map(UIScreenMode.init) }

    /// The display's native mode, as `preferredMode`.
    public var preferredMode: UIScreenMode? {
        output.modes.first(where: \.isPreferred).map(UIScreenMode.init) ?? availableModes.first
    }

    /// The mode being shown, as `currentMode` (nil once the display is disconnected).
    /// Assigning one of `availableModes` switches the display to it, as in UIKit; then
    /// `bounds` and `nativeBounds` follow the new size, the next frame repaints everything and
    /// `modeDidChangeNotification` is posted. While a frame waits for its vblank the switch
    /// waits for that vblank (a modeset cannot overtake a page flip), so the getter reports
    /// the new mode once `modeDidChangeNotification` has been posted. A mode the display does
    /// not offer, or a failing switch, is logged and changes nothing.
    public var currentMode: UIScreenMode? {
        get { output.isConnected ? UIScreenMode(output.currentMode) : nil }
        set {
            guard let newValue else { return }
            guard let mode = output.modes.first(where: { $0.hasSameTiming(as: newValue.displayMode) }) else {
                kitLog.error("mode \(newValue.displayMode) is not offered by \(output.name)")
                return
            }
            requestedMode = mode
            if !output.isPresentPending { applyRequestedMode() }
        }
    }

    /// A mode assigned to `currentMode` while a present was in flight.
    private var requestedMode: DisplayMode?

    private func applyRequestedMode() {
        guard let mode = requestedMode else { return }
        requestedMode = nil
        guard output.isConnected else { return }
        do {
            try output.setMode(mode)
        } catch {
            kitLog.error("switching \(output.name) to \(mode) failed: \(error)")
        }
    }

    /// The refresh rate in whole frames per second, as `maximumFramesPerSecond`.
    public var maximumFramesPerSecond: Int { Int(output.currentMode.refreshRate.rounded()) }

    /// The output's connector name (`HDMI-A-1`, `HEADLESS-1`): a Vitrine addition for telling
    /// panels apart.
    public var name: String { output.name }

    /// Whether the display is still plugged in (a Vitrine addition).
    public var isConnected: Bool { output.isConnected }

    // MARK: Brightness

    /// The brightness, 0...1, as `brightness`. Vitrine applies it by software dimming when
    /// `wantsSoftwareDimming` is set (the compositor darkens the whole screen); panel
    /// backlight control belongs to the DRM backend. Setting it posts
    /// `brightnessDidChangeNotification`.
    public var brightness: CGFloat = 1 {
        didSet {
            let clamped = brightness.isFinite ? min(1, max(0, brightness)) : oldValue
            if clamped != brightness { brightness = clamped }
            guard brightness != oldValue else { return }
            updateDimming()
            NotificationCenter.default.post(name: UIScreen.brightnessDidChangeNotification, object: self)
        }
    }

    /// Whether brightness below 1 is done by darkening the picture, as
    /// `wantsSoftwareDimming` (default false).
    public var wantsSoftwareDimming = false {
        didSet { updateDimming() }
    }

    private func updateDimming() {
        let dims = wantsSoftwareDimming && brightness < 1
        dimmingLayer.isHidden = !dims
        dimmingLayer.opacity = Float(1 - brightness)
    }

    /// Makes the next frame repaint every pixel instead of only what changed (a Vitrine
    /// addition, with no UIKit counterpart): for a panel whose picture was disturbed behind
    /// the compositor's back, and for measuring full redraws.
    public func setNeedsFullRedraw() {
        frameLoop.invalidate()
    }

    // MARK: Windows

    /// Puts a window's layer into this screen's tree, in front of the windows of its level
    /// and below those of higher levels (the layer's zPosition is the level).
    func attach(_ window: UIWindow) {
        // The dimming layer stays above every window by its zPosition, whatever the order.
        rootLayer.addSublayer(window.layer)
    }

    /// The windows on this screen, back to front.
    var windows: [UIWindow] {
        // Back to front: by level, then in the order they were brought forward.
        let layers = (rootLayer.sublayers ?? []).enumerated().sorted {
            ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset)
        }
        return layers.compactMap { $0.element.delegate as? UIWindow }
    }

    /// The output's mode changed: the tree is resized and repainted.
    func outputModeDidChange() {
        updateRootGeometry()
        frameLoop.modeDidChange()
        NotificationCenter.default.post(name: UIScreen.modeDidChangeNotification, object: self)
    }

    private func updateRootGeometry() {
        rootLayer.frame = bounds
        dimmingLayer.frame = bounds
    }

    /// A short description for logs (a Vitrine addition).
    public var summary: String {
        "UIScreen(\(output.name), \(Int(bounds.width))x\(Int(bounds.height)) pt @\(scale)x)"
    }
}

extension UIScreen: UICoordinateSpace, ScreenCoordinateConvertible {
    public func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint {
        CoordinateSpaceConversion.convert(point, from: self, to: coordinateSpace)
    }

    public func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint {
        CoordinateSpaceConversion.convert(point, from: coordinateSpace, to: self)
    }

    public func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect {
        CoordinateSpaceConversion.convert(rect, from: self, to: coordinateSpace)
    }

    public func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect {
        CoordinateSpaceConversion.convert(rect, from: coordinateSpace, to: self)
    }

    func pointToScreen(_ point: CGPoint) -> CGPoint { point }
    func pointFromScreen(_ point: CGPoint) -> CGPoint { point }
}

extension UIScreen {
    /// Posted when a display is connected, with the new screen as the object, as
    /// `didConnectNotification`.
    public static let didConnectNotification = Notification.Name("UIScreenDidConnectNotification")
    /// Posted when a display is disconnected, with its screen as the object, as
    /// `didDisconnectNotification`.
    public static let didDisconnectNotification = Notification.Name("UIScreenDidDisconnectNotification")
    /// Posted when a screen's current mode changed, as `modeDidChangeNotification`.
    public static let modeDidChangeNotification = Notification.Name("UIScreenModeDidChangeNotification")
    /// Posted when a screen's brightness changed, as `brightnessDidChangeNotification`.
    public static let brightnessDidChangeNotification = Notification.Name("UIScreenBrightnessDidChangeNotification")
}
