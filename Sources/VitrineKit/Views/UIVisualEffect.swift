import Foundation
import VitrineGraphics

/// A visual effect a `UIVisualEffectView` applies, as UIKit's `UIVisualEffect`: the base of
/// `UIBlurEffect` and `UIVibrancyEffect`.
@preconcurrency @MainActor
open class UIVisualEffect: Equatable {
    init() {}

    /// Two effects are equal when they are of the same kind with the same style.
    nonisolated public static func == (lhs: UIVisualEffect, rhs: UIVisualEffect) -> Bool {
        MainActor.assumeIsolated { lhs.isEqual(to: rhs) }
    }

    func isEqual(to other: UIVisualEffect) -> Bool { type(of: self) == type(of: other) }
}

/// A blur of what lies behind a `UIVisualEffectView`, as UIKit's `UIBlurEffect`: the pixels
/// behind the view are blurred and tinted in the style's colour.
///
/// Each style is a blur radius and a tint, close to UIKit's look (Vitrine does not raise the
/// backdrop's saturation as UIKit does): the legacy styles `extraLight`, `light` and `dark`
/// keep their look in both interface styles; `regular`, `prominent` and the `system...Material`
/// styles adapt to the view's `traitCollection.userInterfaceStyle`, and their `Light` / `Dark`
/// variants do not.
@preconcurrency @MainActor
open class UIBlurEffect: UIVisualEffect {
    /// The look of a blur, as `UIBlurEffect.Style` (same raw values as UIKit).
    public enum Style: Int, Sendable, CaseIterable {
        case extraLight = 0
        case light = 1
        case dark = 2
        case regular = 4
        case prominent = 5
        case systemUltraThinMaterial = 6
        case systemThinMaterial = 7
        case systemMaterial = 8
        case systemThickMaterial = 9
        case systemChromeMaterial = 10
        case systemUltraThinMaterialLight = 11
        case systemThinMaterialLight = 12
        case systemMaterialLight = 13
        case systemThickMaterialLight = 14
        case systemChromeMaterialLight = 15
        case systemUltraThinMaterialDark = 16
        case systemThinMaterialDark = 17
        case systemMaterialDark = 18
        case systemThickMaterialDark = 19
        case systemChromeMaterialDark = 20
    }

    /// The style the effect was made with (UIKit keeps it private too).
    let style: Style

    /// A blur of the given style, as `init(style:)`.
    public init(style: Style) {
        self.style = style
        super.init()
    }

    override func isEqual(to other: UIVisualEffect) -> Bool {
        (other as? UIBlurEffect)?.style == style && type(of: other) == type(of: self)
    }

    /// How a style looks in an interface style: the blur's radius in points (a Gaussian's
    /// standard deviation, as Core Image's blur radius) and the tint drawn over the blur.
    struct Look: Equatable {
        var radius: CGFloat
        var tint: UIColor
    }

    /// The style's look for `userInterfaceStyle` (`.dark` or not).
    func look(dark: Bool) -> Look {
        func light(_ white: CGFloat, _ alpha: CGFloat, radius: CGFloat = 30) -> Look {
            Look(radius: radius, tint: UIColor(white: white, alpha: alpha))
        }
        func darkLook(_ alpha: CGFloat, radius: CGFloat = 30) -> Look {
            Look(radius: radius, tint: UIColor(white: 0.11, alpha: alpha))
        }
        switch style {
        case .extraLight: return light(0.97, 0.82, radius: 20)
        case .light: return light(1, 0.3)
        case .dark: return darkLook(0.73, radius: 20)
        case .regular: return dark ? darkLook(0.73, radius: 20) : light(1, 0.3)
        case .prominent: return dark ? darkLook(0.82, radius: 20) : light(0.97, 0.82, radius: 20)
        case .systemUltraThinMaterial: return dark ? darkLook(0.45) : light(1, 0.4)
        case .systemThinMaterial: return dark ? darkLook(0.6) : light(1, 0.6)
        case .systemMaterial: return dark ? darkLook(0.7) : light(1, 0.75)
        case .systemThickMaterial: return dark ? darkLook(0.85) : light(1, 0.9)
        case .systemChromeMaterial: return dark ? darkLook(0.8) : light(0.97, 0.75)
        case .systemUltraThinMaterialLight: return light(1, 0.4)
        case .systemThinMaterialLight: return light(1, 0.6)
        case .systemMaterialLight: return light(1, 0.75)
        case .systemThickMaterialLight: return light(1, 0.9)
        case .systemChromeMaterialLight: return light(0.97, 0.75)
        case .systemUltraThinMaterialDark: return darkLook(0.45)
        case .systemThinMaterialDark: return darkLook(0.6)
        case .systemMaterialDark: return darkLook(0.7)
        case .systemThickMaterialDark: return darkLook(0.85)
        case .systemChromeMaterialDark: return darkLook(0.8)
        }
    }
}

/// Content made to stand out over a blur, as UIKit's `UIVibrancyEffect`: the `contentView` of
/// a `UIVisualEffectView` with this effect (placed in a blur view's `contentView`) is drawn
/// through it.
///
/// Vitrine difference: UIKit mixes vibrant content with the blurred backdrop (a colour-dodge
/// blend); Vitrine draws the content translucent, with the style's opacity, so the blur shows
/// through it in proportion.
@preconcurrency @MainActor
open class UIVibrancyEffect: UIVisualEffect {
    /// The blur the vibrancy goes over (private in UIKit too).
    let blurEffect: UIBlurEffect
    /// The vibrancy's style (`.label` for `init(blurEffect:)`).
    let style: UIVibrancyEffectStyle

    /// A vibrancy effect for content over `blurEffect`, as `init(blurEffect:)`.
    public convenience init(blurEffect: UIBlurEffect) {
        self.init(blurEffect: blurEffect, style: .label)
    }

    /// A vibrancy effect of `style` over `blurEffect`, as `init(blurEffect:style:)`.
    public init(blurEffect: UIBlurEffect, style: UIVibrancyEffectStyle) {
        self.blurEffect = blurEffect
        self.style = style
        super.init()
    }

    override func isEqual(to other: UIVisualEffect) -> Bool {
        guard let other = other as? UIVibrancyEffect else { return false }
        return other.style == style && other.blurEffect == blurEffect
    }

    /// The opacity content is drawn with.
    var contentOpacity: CGFloat {
        switch style {
        case .label: 0.85
        case .secondaryLabel: 0.6
        case .tertiaryLabel: 0.4
        case .quaternaryLabel: 0.25
        case .fill: 0.35
        case .secondaryFill: 0.25
        case .tertiaryFill: 0.18
        case .separator: 0.4
        }
    }
}

/// How prominent vibrant content is, as `UIVibrancyEffectStyle` (same raw values as UIKit).
public enum UIVibrancyEffectStyle: Int, Sendable, CaseIterable {
    case label = 0
    case secondaryLabel = 1
    case tertiaryLabel = 2
    case quaternaryLabel = 3
    case fill = 4
    case secondaryFill = 5
    case tertiaryFill = 6
    case separator = 7
}
