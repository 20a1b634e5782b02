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
@preconcurrency @MainActor
open class UIScreen {
    /// The output this screen shows.
    public let output: any DisplayOutput

    /// Points to pixels, as `scale`: `scaleOverride` when set, else from the output's pixel
    /// density when it reports its physical size (about 163 pixels per inch is 1, as on iOS;
    /// rounded, 1 to 3), else 1.
    open private(set) var scale: CGFloat

    /// The scale the output's pixel density gives (see `scale`).
    private let derivedScale: CGFloat

    /// A scale chosen for this screen instead of the one its pixel density gives (a Vitrine
    /// addition: UIKit's `scale` is fixed by the device). It stands in for what a different
    /// device class would give, for panels whose EDID misreports their size or kiosks meant
    /// to be read from afar. When it changes, `bounds` follow, windows that covered the
    /// screen are resized to the new bounds, views' `contentScaleFactor` follows (unless set
    /// explicitly), the next frame repaints everything and `modeDidChangeNotification` is
    /// posted; view controllers hear of it as of a rotation (`viewWillTransition(to:with:)`,
    /// `traitCollectionDidChange(_:)` with the new `displayScale`). nil: the derived scale. Not finite or not positive: refused (logged).
    public var scaleOverride: CGFloat? {
        get { storedScaleOverride }
        set { setGeometry(rotation: rotation, scaleOverride: newValue) }
    }
    private var storedScaleOverride: CGFloat?

    /// The clockwise turn the picture is given on the panel (a Vitrine addition for panels
    /// mounted sideways or upside down; see `DisplayRotation`). The app sees an upright
    /// screen: `bounds` has the rotated size (a 1920x1080 mode turned 90° is 1080x1920 pixels
    /// of picture), `nativeBounds` stays the mode's pixels, touches are turned with it
    /// (`point(fromNormalizedOutputPosition:)`). When it changes, windows that covered the
    /// screen are resized to the new bounds, the next frame repaints everything, and
    /// `modeDidChangeNotification` is posted, as for a mode change (both change `bounds`).
    /// The windows' root view controllers get UIKit's size transition: `willTransition(to:with:)`
    /// when their traits change, `viewWillTransition(to:with:)` before the resize (a coordinator
    /// whose `targetTransform` is the turn, not animated), `traitCollectionDidChange(_:)` after
    /// it when size classes change (see `UIViewController.viewWillTransition(to:with:)`).
    public var rotation: DisplayRotation {
        get { storedRotation }
        set { setGeometry(rotation: newValue, scaleOverride: storedScaleOverride) }
    }
    private var storedRotation = DisplayRotation.upright

    /// The layer tree the screen composites: the windows' layers, ordered by level.
    let rootLayer = CALayer()
    /// Draws the software dimming (`wantsSoftwareDimming`) above every window.
    private let dimmingLayer = CALayer()
    /// Keeps the root and dimming layers from animating implicitly (layers hold delegates weakly).
    private let layerActions = ScreenLayerActions()
    /// Renders and presents frames.
    private(set) var frameLoop: ScreenFrameLoop!
    /// What the last composite on this screen did (painted, moved), for benchmarks and tests.
    package var lastComposite: CompositeResult? { frameLoop.lastComposite }

    /// The clock of the backend the output belongs to: frames are scheduled on it.
    let clock: any MediaClock

    /// The traits last reported to `traitCollectionDidChange(_:)` (see `performSizeTransition`).
    var reportedTraitCollection: UITraitCollection?
    /// Whether a size transition is resizing the windows (they report their trait changes
    /// once laid out, not as their frames change).
    var isTransitioningSize = false

    init(output: any DisplayOutput, clock: any MediaClock, scale: CGFloat? = nil) {
        self.output = output
        self.clock = clock
        derivedScale = Self.scale(for: output)
        self.scale = scale ?? derivedScale
        storedScaleOverride = scale
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
        reportedTraitCollection = traitCollection
    }

    static func scale(for output: any DisplayOutput) -> CGFloat {
        guard let physical = output.physicalSize, physical.width > 0 else { return 1 }
        let pixelsPerInch = CGFloat(output.currentMode.width) / (physical.width / 25.4)
        return min(3, max(1, (pixelsPerInch / 163).rounded()))
    }

    // MARK: Screens

    /// The connected screens, main first, as `screens`.
    open class var screens: [UIScreen] { ScreenRegistry.current.screens }

    /// The main screen, as `main`: the first connected one. With no display connected at all,
    /// a disconnected placeholder screen, so that code reading it does not crash.
    open class var main: UIScreen { ScreenRegistry.current.mainScreen }

    // MARK: Geometry

    /// The screen's rectangle in points, as `bounds`: the current mode's pixels, turned by
    /// `rotation`, over `scale`.
    open var bounds: CGRect {
        let size = rotation.logicalSize(forOutputSize: output.currentMode.size)
        return CGRect(x: 0, y: 0, width: size.width / scale, height: size.height / scale)
    }

    /// The screen's rectangle in pixels, as `nativeBounds`: the mode's pixels as the panel
    /// scans them out, whatever the `rotation`.
    open var nativeBounds: CGRect {
        CGRect(origin: .zero, size: output.currentMode.size)
    }

    /// The pixels per point of the physical display, as `nativeScale`: the same as `scale`
    /// (Vitrine never downsamples).
    open var nativeScale: CGFloat { scale }

    /// The screen's coordinate space, as `coordinateSpace` (the screen itself; the interface
    /// never changes orientation while the app runs, so it is also `fixedCoordinateSpace`; a
    /// panel's `rotation` turns the whole picture and is not seen by the app).
    open var coordinateSpace: any UICoordinateSpace { self }

    /// As `fixedCoordinateSpace`; see `coordinateSpace`.
    open var fixedCoordinateSpace: any UICoordinateSpace { self }

    // MARK: Modes

    /// The modes the display supports, as `availableModes`.
    open var availableModes: [UIScreenMode] { output.modes.map(UIScreenMode.init) }

    /// The display's native mode, as `preferredMode`.
    open var preferredMode: UIScreenMode? {
        output.modes.first(where: \.isPreferred).map(UIScreenMode.init) ?? availableModes.first
    }

    /// The mode being shown, as `currentMode` (nil once the display is disconnected).
    /// Assigning one of `availableModes` switches the display to it, as in UIKit; then
    /// `bounds` and `nativeBounds` follow the new size, the windows that covered the screen
    /// are resized (a size transition for their view controllers, as for `rotation`), the next
    /// frame repaints everything and `modeDidChangeNotification` is posted. While a frame waits for its vblank the switch
    /// waits for that vblank (a modeset cannot overtake a page flip), so the getter reports
    /// the new mode once `modeDidChangeNotification` has been posted. A mode the display does
    /// not offer, or a failing switch, is logged and changes nothing.
    open var currentMode: UIScreenMode? {
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
    open var maximumFramesPerSecond: Int { Int(output.currentMode.refreshRate.rounded()) }

    /// The output's connector name (`HDMI-A-1`, `HEADLESS-1`): a Vitrine addition for telling
    /// panels apart.
    public var name: String { output.name }

    /// Whether the display is still plugged in (a Vitrine addition).
    public var isConnected: Bool { output.isConnected }

    // MARK: Brightness

    /// The screen's edges the panel hides or its bezel covers (the output's `overscan` in the
    /// kiosk config), in points. Windows on the screen report them as their `safeAreaInsets`
    /// (a Vitrine addition: on an iPad the safe area comes from the hardware).
    @_spi(Service) public var overscanInsets: UIEdgeInsets = .zero {
        didSet {
            guard overscanInsets != oldValue else { return }
            for window in windows { window.safeAreaSourceDidChange() }
        }
    }

    /// The brightness, 0...1, as `brightness`. With a `backlight`, Vitrine sets the panel's
    /// backlight to it; without one, it darkens the picture (software dimming) when
    /// `wantsSoftwareDimming` is set. Setting it posts `brightnessDidChangeNotification`.
    open var brightness: CGFloat = 1 {
        didSet {
            let clamped = brightness.isFinite ? min(1, max(0, brightness)) : oldValue
            if clamped != brightness { brightness = clamped }
            guard brightness != oldValue else { return }
            applyBrightness()
            NotificationCenter.default.post(name: UIScreen.brightnessDidChangeNotification, object: self)
        }
    }

    /// Whether brightness below 1 is done by darkening the picture, as
    /// `wantsSoftwareDimming` (default false). A working `backlight` takes its place.
    open var wantsSoftwareDimming = false {
        didSet { updateDimming() }
    }

    /// The panel's backlight, which `brightness` drives (a Vitrine addition; UIKit's screens
    /// control their backlight themselves). Assigning one sets it to the current
    /// `brightness`. When writing to it fails (the device went away, permission was taken),
    /// the screen logs one warning and dims in software from then on, whatever
    /// `wantsSoftwareDimming` says, until a backlight is assigned again. nil (the default):
    /// software dimming as `wantsSoftwareDimming` says.
    public var backlight: Backlight? {
        didSet {
            backlightFailed = false
            applyBrightness()
        }
    }

    /// Writing to `backlight` failed: software dimming stands in for it.
    private(set) var backlightFailed = false

    private func applyBrightness() {
        if let backlight, !backlightFailed {
            do {
                try backlight.setBrightness(Double(brightness))
            } catch {
                backlightFailed = true
                kitLog.warning("backlight of \(output.name) failed, dimming in software instead: \(error)")
            }
        }
        updateDimming()
    }

    private func updateDimming() {
        let software = backlight == nil ? wantsSoftwareDimming : backlightFailed
        let dims = software && brightness < 1
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

    /// The output's mode changed: the tree is resized (a size transition, see
    /// `performSizeTransition`) and repainted.
    func outputModeDidChange() {
        let previousBounds = rootLayer.bounds
        performSizeTransition(from: previousBounds, to: bounds, scale: scale, turn: .identity) {
            updateRootGeometry()
            resizeWindows(coveringBounds: previousBounds)
        }
        frameLoop.modeDidChange()
        NotificationCenter.default.post(name: UIScreen.modeDidChangeNotification, object: self)
    }

    /// Sets the rotation and the scale override together (one resize, one repaint); see
    /// `rotation` and `scaleOverride`. `announces` false: no `modeDidChangeNotification` (for a
    /// screen not yet announced by `didConnectNotification`).
    func setGeometry(rotation: DisplayRotation, scaleOverride: CGFloat?, announces: Bool = true) {
        var override = scaleOverride
        if let value = override, !(value.isFinite && value > 0) {
            kitLog.error("scale \(value) for \(output.name) refused: not a positive number")
            override = storedScaleOverride
        }
        storedScaleOverride = override
        let newScale = override ?? derivedScale
        guard rotation != storedRotation || newScale != scale else { return }
        let previousBounds = rootLayer.bounds
        let scaleChanged = newScale != scale
        let size = rotation.logicalSize(forOutputSize: output.currentMode.size)
        let newBounds = CGRect(x: 0, y: 0, width: size.width / newScale, height: size.height / newScale)
        let turn = Self.turn(from: storedRotation, to: rotation)
        performSizeTransition(from: previousBounds, to: newBounds, scale: newScale, turn: turn) {
            storedRotation = rotation
            scale = newScale
            frameLoop.compositor.rotation = rotation
            frameLoop.compositor.scale = newScale
            updateRootGeometry()
            resizeWindows(coveringBounds: previousBounds)
            if scaleChanged {
                for window in windows { window.propagateScale() }
            }
        }
        frameLoop.invalidate()
        if announces { NotificationCenter.default.post(name: UIScreen.modeDidChangeNotification, object: self) }
    }

    /// The `targetTransform` of a size transition that turns the picture from `old` to `new`:
    /// the turn the interface makes on the panel, as UIKit's for a device rotation (clockwise
    /// positive, in (-180°, 180°]).
    static func turn(from old: DisplayRotation, to new: DisplayRotation) -> CGAffineTransform {
        var degrees = ((new.rawValue - old.rawValue) % 360 + 360) % 360
        if degrees > 180 { degrees -= 360 }
        return degrees == 0 ? .identity : CGAffineTransform(rotationAngle: CGFloat(degrees) * .pi / 180)
    }

    /// Windows that covered the screen keep covering it (their controllers' views follow by
    /// autoresizing); others keep their frames.
    private func resizeWindows(coveringBounds previousBounds: CGRect) {
        let bounds = self.bounds
        guard bounds != previousBounds else { return }
        for window in windows where window.frame == previousBounds { window.frame = bounds }
    }

    private func updateRootGeometry() {
        rootLayer.frame = bounds
        dimmingLayer.frame = bounds
    }

    /// A short description for logs (a Vitrine addition).
    public var summary: String {
        "UIScreen(\(output.name), \(Int(bounds.width))x\(Int(bounds.height)) pt @\(scale)x)"
    }

    // MARK: Trait environment (here rather than in UIViewController+Traits.swift, so it can be
    // overridden, as UIKit's `open` members)

    /// The screen's traits, as `traitCollection`: idiom `.pad`, `displayScale` the `scale`,
    /// left to right, light, size classes from `bounds` (see `UITraitCollection`).
    open var traitCollection: UITraitCollection {
        UITraitCollection.environment(size: bounds.size, scale: scale)
    }

    /// Called after the screen's traits changed (a rotation, mode or scale change), as
    /// `traitCollectionDidChange(_:)`; before its windows'.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
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
