import Foundation

/// The traits of an interface's environment, as UIKit's `UITraitCollection`: size classes,
/// idiom, display scale, layout direction and interface style. Screens, windows, views and
/// view controllers report theirs (`UITraitEnvironment`); `UIImage(named:in:compatibleWith:)`
/// uses `displayScale` to choose `@2x`/`@3x` files.
///
/// **What Vitrine reports.** Every screen is an iPad-like display: `userInterfaceIdiom` is
/// `.pad` (a kiosk panel is a large touch screen with no phone-style chrome, and Vitrine lays
/// out presentations, margins and bars as UIKit does on iPad, so apps written for iPad take
/// the code paths that fit), `displayScale` is the screen's `scale`, `layoutDirection` is
/// `.leftToRight` (Vitrine has no right-to-left localisation), `userInterfaceStyle` is
/// `.light` (there is no system dark mode to follow) unless a window, view or view controller
/// sets `overrideUserInterfaceStyle` for its subtree.
///
/// **Size classes** follow the window's size in points, as on an iPad whose app shares the
/// screen in Split View: an axis shorter than 678 points is `.compact`, else `.regular`.
/// 678 points is the narrowest width UIKit gives regular width in Split View (half of a
/// 12.9-inch iPad in landscape); narrower splits (half of a 10.5- or 11-inch iPad, a third of
/// any iPad, two thirds of a 12.9-inch one in portrait) are compact. The same rule for the
/// height makes a full-screen window on any iPad-sized display (1024x768 points and up, in
/// either orientation) regular in both, a small landscape panel (800x480) regular width and
/// compact height, and the same panel in portrait compact width and regular height, as an
/// iPhone held that way. Form and page sheets are compact width, as on iPad.
///
/// Open, as UIKit's class is (unchecked `Sendable`: an open class cannot be checked; its traits
/// are written only by its initializers). Deviations: no custom traits (iOS 17's
/// `UITraitDefinition`, `modifyingTraits`), no `preferredContentSizeCategory`,
/// `accessibilityContrast`, `displayGamut` or `userInterfaceLevel`.
open class UITraitCollection: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// Pixels per point, as `displayScale`; 0 means unspecified, as in UIKit.
    open private(set) var displayScale: CGFloat
    /// The width class, as `horizontalSizeClass` (`.unspecified` when not set).
    open private(set) var horizontalSizeClass: UIUserInterfaceSizeClass
    /// The height class, as `verticalSizeClass` (`.unspecified` when not set).
    open private(set) var verticalSizeClass: UIUserInterfaceSizeClass
    /// The kind of device, as `userInterfaceIdiom` (`.unspecified` when not set; environments
    /// in Vitrine report `.pad`, see the class notes).
    open private(set) var userInterfaceIdiom: UIUserInterfaceIdiom
    /// The direction of the layout, as `layoutDirection` (`.unspecified` when not set).
    open private(set) var layoutDirection: UITraitEnvironmentLayoutDirection
    /// Light or dark, as `userInterfaceStyle` (`.unspecified` when not set; environments in
    /// Vitrine report `.light`).
    open private(set) var userInterfaceStyle: UIUserInterfaceStyle

    /// The shortest axis, in points, that is regular (see the class notes).
    static let regularMinimumLength: CGFloat = 678

    /// A collection with every trait unspecified, as `init()`: the one designated initializer,
    /// so that a subclass inherits the others, as from UIKit's.
    public init() {
        displayScale = 0
        horizontalSizeClass = .unspecified
        verticalSizeClass = .unspecified
        userInterfaceIdiom = .unspecified
        layoutDirection = .unspecified
        userInterfaceStyle = .unspecified
    }

    /// A collection with every trait given (`scale` 0 or not finite or negative: unspecified).
    convenience init(
        scale: CGFloat, horizontal: UIUserInterfaceSizeClass, vertical: UIUserInterfaceSizeClass,
        idiom: UIUserInterfaceIdiom, direction: UITraitEnvironmentLayoutDirection, style: UIUserInterfaceStyle
    ) {
        self.init()
        displayScale = scale.isFinite && scale > 0 ? scale : 0
        horizontalSizeClass = horizontal
        verticalSizeClass = vertical
        userInterfaceIdiom = idiom
        layoutDirection = direction
        userInterfaceStyle = style
    }

    /// A collection with only the traits given.
    private convenience init(
        scale: CGFloat = 0, horizontal: UIUserInterfaceSizeClass = .unspecified,
        vertical: UIUserInterfaceSizeClass = .unspecified, idiom: UIUserInterfaceIdiom = .unspecified,
        direction: UITraitEnvironmentLayoutDirection = .unspecified, style: UIUserInterfaceStyle = .unspecified,
        only: Void
    ) {
        self.init(
            scale: scale, horizontal: horizontal, vertical: vertical, idiom: idiom, direction: direction, style: style)
    }

    /// A collection with only the display scale, as `init(displayScale:)`. A scale that is not
    /// finite or negative counts as unspecified.
    public convenience init(displayScale: CGFloat) {
        self.init(scale: displayScale, only: ())
    }

    /// A collection with only the width class, as `init(horizontalSizeClass:)`.
    public convenience init(horizontalSizeClass: UIUserInterfaceSizeClass) {
        self.init(horizontal: horizontalSizeClass, only: ())
    }

    /// A collection with only the height class, as `init(verticalSizeClass:)`.
    public convenience init(verticalSizeClass: UIUserInterfaceSizeClass) {
        self.init(vertical: verticalSizeClass, only: ())
    }

    /// A collection with only the idiom, as `init(userInterfaceIdiom:)`.
    public convenience init(userInterfaceIdiom: UIUserInterfaceIdiom) {
        self.init(idiom: userInterfaceIdiom, only: ())
    }

    /// A collection with only the layout direction, as `init(layoutDirection:)`.
    public convenience init(layoutDirection: UITraitEnvironmentLayoutDirection) {
        self.init(direction: layoutDirection, only: ())
    }

    /// A collection with only the interface style, as `init(userInterfaceStyle:)`.
    public convenience init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.init(style: userInterfaceStyle, only: ())
    }

    /// The traits of `traitCollections` combined, as `init(traitsFrom:)`: each trait is the
    /// one specified by the last collection in the array that specifies it (unspecified when
    /// none does).
    public convenience init(traitsFrom traitCollections: [UITraitCollection]) {
        func last<Value: Equatable>(_ value: (UITraitCollection) -> Value, unspecified: Value) -> Value {
            traitCollections.last { value($0) != unspecified }.map(value) ?? unspecified
        }
        self.init(
            scale: last(\.displayScale, unspecified: 0),
            horizontal: last(\.horizontalSizeClass, unspecified: .unspecified),
            vertical: last(\.verticalSizeClass, unspecified: .unspecified),
            idiom: last(\.userInterfaceIdiom, unspecified: .unspecified),
            direction: last(\.layoutDirection, unspecified: .unspecified),
            style: last(\.userInterfaceStyle, unspecified: .unspecified))
    }

    /// Whether every trait `trait` specifies has the same value here, as
    /// `containsTraits(in:)` (a collection with nothing specified, or nil, is contained in
    /// any collection).
    open func containsTraits(in trait: UITraitCollection?) -> Bool {
        guard let trait else { return true }
        return (trait.displayScale == 0 || trait.displayScale == displayScale)
            && (trait.horizontalSizeClass == .unspecified || trait.horizontalSizeClass == horizontalSizeClass)
            && (trait.verticalSizeClass == .unspecified || trait.verticalSizeClass == verticalSizeClass)
            && (trait.userInterfaceIdiom == .unspecified || trait.userInterfaceIdiom == userInterfaceIdiom)
            && (trait.layoutDirection == .unspecified || trait.layoutDirection == layoutDirection)
            && (trait.userInterfaceStyle == .unspecified || trait.userInterfaceStyle == userInterfaceStyle)
    }

    /// Whether colours resolve differently in `traitCollection`, as
    /// `hasDifferentColorAppearance(comparedTo:)`: whether the interface styles differ (the
    /// only appearance trait Vitrine has).
    open func hasDifferentColorAppearance(comparedTo traitCollection: UITraitCollection?) -> Bool {
        userInterfaceStyle != (traitCollection?.userInterfaceStyle ?? .unspecified)
    }

    /// The traits of the environment the code runs for, as `current`: while Vitrine calls
    /// `traitCollectionDidChange(_:)` or runs `performAsCurrent(_:)`, that environment's
    /// traits; otherwise the main screen's. Setting it lasts until the next such call
    /// changes it (or it is set to another value). Main thread only (UIKit's is per thread).
    @preconcurrency @MainActor open class var current: UITraitCollection {
        get { storedCurrent ?? UIScreen.main.traitCollection }
        set { storedCurrent = newValue }
    }
    @MainActor private static var storedCurrent: UITraitCollection? {
        didSet { resolvingTraits.set(storedCurrent) }
    }

    /// `current` as set, for resolving dynamic colours from any thread (`UIColor.cgColor` is
    /// not main-actor isolated); nil when it was not set (the main screen's traits).
    static let resolvingTraits = LockedTraits()

    /// A trait collection behind a lock.
    final class LockedTraits: Sendable {
        private let lock = NSLock()
        nonisolated(unsafe) private var value: UITraitCollection?

        func set(_ traits: UITraitCollection?) { lock.withLock { value = traits } }
        func get() -> UITraitCollection? { lock.withLock { value } }
    }

    /// Runs `actions` with this collection as `current`, then restores the previous one, as
    /// `performAsCurrent(_:)`.
    @preconcurrency @MainActor open func performAsCurrent(_ actions: () throws -> Void) rethrows {
        let saved = Self.storedCurrent
        Self.storedCurrent = self
        defer { Self.storedCurrent = saved }
        try actions()
    }

    /// The traits a window (or any view) of `size` points has on a screen of `scale`: the
    /// screen's idiom, scale, direction and style, and size classes from the size (see the
    /// class notes).
    static func environment(size: CGSize, scale: CGFloat) -> UITraitCollection {
        UITraitCollection(
            scale: scale, horizontal: sizeClass(for: size.width), vertical: sizeClass(for: size.height), idiom: .pad,
            direction: .leftToRight, style: .light)
    }

    /// The size class of an axis `length` points long.
    static func sizeClass(for length: CGFloat) -> UIUserInterfaceSizeClass {
        length < regularMinimumLength ? .compact : .regular
    }

    /// Whether both specify the same traits.
    public static func == (lhs: UITraitCollection, rhs: UITraitCollection) -> Bool {
        lhs.displayScale == rhs.displayScale && lhs.horizontalSizeClass == rhs.horizontalSizeClass
            && lhs.verticalSizeClass == rhs.verticalSizeClass && lhs.userInterfaceIdiom == rhs.userInterfaceIdiom
            && lhs.layoutDirection == rhs.layoutDirection && lhs.userInterfaceStyle == rhs.userInterfaceStyle
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(displayScale)
        hasher.combine(horizontalSizeClass)
        hasher.combine(verticalSizeClass)
        hasher.combine(userInterfaceIdiom)
        hasher.combine(layoutDirection)
        hasher.combine(userInterfaceStyle)
    }

    public var description: String {
        "UITraitCollection(horizontalSizeClass: \(horizontalSizeClass), verticalSizeClass: \(verticalSizeClass), "
            + "userInterfaceIdiom: \(userInterfaceIdiom), displayScale: \(displayScale), "
            + "layoutDirection: \(layoutDirection), userInterfaceStyle: \(userInterfaceStyle))"
    }
}

/// How much room an axis has, as UIKit's `UIUserInterfaceSizeClass` (same raw values).
public enum UIUserInterfaceSizeClass: Int, Sendable, CaseIterable {
    /// Not specified, as `.unspecified`.
    case unspecified = 0
    /// Constrained room (a phone's width), as `.compact`.
    case compact = 1
    /// Ample room (an iPad's width), as `.regular`.
    case regular = 2
}

/// The kind of device the interface is for, as UIKit's `UIUserInterfaceIdiom` (same raw
/// values). Vitrine's screens report `.pad` (see `UITraitCollection`).
public enum UIUserInterfaceIdiom: Int, Sendable, CaseIterable {
    /// Not specified, as `.unspecified`.
    case unspecified = -1
    /// An iPhone-style interface, as `.phone`.
    case phone = 0
    /// An iPad-style interface, as `.pad`.
    case pad = 1
    /// A TV interface, as `.tv`.
    case tv = 2
    /// A CarPlay interface, as `.carPlay`.
    case carPlay = 3
    /// A Mac interface, as `.mac`.
    case mac = 5
    /// A visionOS interface, as `.vision`.
    case vision = 6
}

/// Light or dark appearance, as UIKit's `UIUserInterfaceStyle` (same raw values).
public enum UIUserInterfaceStyle: Int, Sendable, CaseIterable {
    /// Not specified, as `.unspecified`.
    case unspecified = 0
    /// Light appearance, as `.light` (what Vitrine's screens report).
    case light = 1
    /// Dark appearance, as `.dark`.
    case dark = 2
}

/// The direction of an environment's layout, as UIKit's `UITraitEnvironmentLayoutDirection`
/// (same raw values).
public enum UITraitEnvironmentLayoutDirection: Int, Sendable, CaseIterable {
    /// Not specified, as `.unspecified`.
    case unspecified = -1
    /// Left to right, as `.leftToRight` (what Vitrine's screens report).
    case leftToRight = 0
    /// Right to left, as `.rightToLeft`.
    case rightToLeft = 1
}

/// An object with traits, as UIKit's `UITraitEnvironment`: `UIScreen`, `UIWindow`, `UIView`
/// and `UIViewController` adopt it. Traits flow down: screen → window → root view controller
/// → its children and the controllers it presents → their views → subviews.
///
/// `traitCollectionDidChange(_:)` is called when an environment's traits change (a screen
/// rotation or mode change that changes size classes, a `scaleOverride` that changes
/// `displayScale`, a window resized across the 678-point line, a window moved to a screen of
/// another scale, `setOverrideTraitCollection(_:forChild:)`), parents before children (a
/// controller before its view, a view before its subviews), and not when nothing changed.
/// Child controllers whose views are not shown (under the top of a navigation stack, not
/// loaded) hear it too, without their views being loaded. Deviation: a view or controller
/// that joins a window whose traits differ from the ones it last heard of is not told (UIKit
/// tells it as it joins); it reads the new ones from `traitCollection`. UIKit marks it
/// deprecated in iOS 17 in favour of `registerForTraitChanges(_:handler:)`; Vitrine keeps it
/// (it is what kiosk apps use) and has no `registerForTraitChanges`.
@preconcurrency @MainActor
public protocol UITraitEnvironment: AnyObject {
    /// The environment's traits, as `traitCollection`.
    var traitCollection: UITraitCollection { get }
    /// Called after the traits changed, with the traits before, as
    /// `traitCollectionDidChange(_:)`.
    func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?)
}
