import Foundation

extension UIFont {
    /// A font weight, as `UIFont.Weight`: UIKit's values from -1 (thinnest) to 1 (heaviest),
    /// with its named steps. Vitrine maps each to the nearest OpenType weight step (100 to 900)
    /// fontconfig chooses faces by.
    public struct Weight: RawRepresentable, Hashable, Sendable, Comparable {
        /// UIKit's weight value, -1...1 (regular is 0).
        public var rawValue: CGFloat

        /// A weight from UIKit's value, as `init(rawValue:)`.
        public init(rawValue: CGFloat) {
            self.rawValue = rawValue
        }

        /// As `UIFont.Weight.init(_:)`.
        public init(_ rawValue: CGFloat) {
            self.rawValue = rawValue
        }

        /// `ultraLight` (-0.8): OpenType 100.
        public static let ultraLight = Weight(rawValue: -0.8)
        /// `thin` (-0.6): OpenType 200.
        public static let thin = Weight(rawValue: -0.6)
        /// `light` (-0.4): OpenType 300.
        public static let light = Weight(rawValue: -0.4)
        /// `regular` (0): OpenType 400.
        public static let regular = Weight(rawValue: 0)
        /// `medium` (0.23): OpenType 500.
        public static let medium = Weight(rawValue: 0.23)
        /// `semibold` (0.3): OpenType 600.
        public static let semibold = Weight(rawValue: 0.3)
        /// `bold` (0.4): OpenType 700.
        public static let bold = Weight(rawValue: 0.4)
        /// `heavy` (0.56): OpenType 800.
        public static let heavy = Weight(rawValue: 0.56)
        /// `black` (0.62): OpenType 900.
        public static let black = Weight(rawValue: 0.62)

        /// Orders by thickness.
        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The OpenType step nearest to this weight (a non-finite value is regular).
        var descriptorWeight: FontDescriptor.Weight {
            guard rawValue.isFinite else { return .regular }
            let steps: [(Weight, FontDescriptor.Weight)] = [
                (.ultraLight, .ultraLight), (.thin, .thin), (.light, .light), (.regular, .regular),
                (.medium, .medium), (.semibold, .semibold), (.bold, .bold), (.heavy, .heavy), (.black, .black),
            ]
            return steps.min { abs($0.0.rawValue - rawValue) < abs($1.0.rawValue - rawValue) }!.1
        }
    }
}
