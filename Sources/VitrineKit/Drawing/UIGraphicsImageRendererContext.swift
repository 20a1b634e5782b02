import Foundation

/// The drawing environment of `UIGraphicsImageRenderer`'s actions, as UIKit's
/// `UIGraphicsImageRendererContext`.
@MainActor
open class UIGraphicsImageRendererContext: UIGraphicsRendererContext {
}
