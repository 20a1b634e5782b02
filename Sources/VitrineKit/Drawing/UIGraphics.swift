import Foundation

/// The stack of current drawing contexts that UIKit's `UIGraphics*` functions work on.
///
/// UIKit keeps one such stack per thread; Vitrine keeps one, on the main actor, because all of
/// Vitrine's drawing (`draw(_:)`, image renderers) runs there.
@MainActor
enum GraphicsContextStack {
    /// One pushed context; `image` is set for contexts made by
    /// `UIGraphicsBeginImageContextWithOptions`.
    struct Entry {
        let context: CGContext
        let image: ImageContextInfo?
    }

    /// What `UIGraphicsGetImageFromCurrentImageContext()` needs to know about an image context.
    struct ImageContextInfo {
        /// Pixels per point.
        let scale: CGFloat
    }

    static var entries: [Entry] = []

    static var current: CGContext? { entries.last?.context }

    /// The screen scale used when a caller passes 0 or leaves the scale to UIKit: the main
    /// screen's, as in UIKit.
    static var defaultScale: CGFloat { UIScreen.main.scale }

    /// The largest bitmap the image functions make, per side and in total pixels: a bigger
    /// request gets no context rather than a huge allocation.
    static let maximumSide = 16_384
    static let maximumPixels = 64 * 1024 * 1024

    /// The pixel size for `size` points at `scale`, or nil when it is empty, non-finite or
    /// too big.
    static func pixelSize(for size: CGSize, scale: CGFloat) -> (width: Int, height: Int)? {
        guard size.width.isFinite, size.height.isFinite, scale.isFinite, scale > 0 else { return nil }
        let width = (size.width * scale).rounded(.up)
        let height = (size.height * scale).rounded(.up)
        guard width.isFinite, height.isFinite, width >= 1, height >= 1,
            width <= CGFloat(maximumSide), height <= CGFloat(maximumSide),
            Int(width) * Int(height) <= maximumPixels
        else { return nil }
        return (Int(width), Int(height))
    }

    /// A non-finite or non-positive scale means the default, as UIKit treats 0.
    static func resolvedScale(_ scale: CGFloat) -> CGFloat {
        scale.isFinite && scale > 0 ? scale : defaultScale
    }
}

/// The context drawing goes to, as UIKit's `UIGraphicsGetCurrentContext()`: the top of the
/// context stack, set while a view's `draw(_:)` runs, inside an image renderer's actions, after
/// `UIGraphicsPushContext(_:)` or `UIGraphicsBeginImageContextWithOptions`; nil otherwise.
///
/// Deviation: UIKit keeps a stack per thread; Vitrine's is the main actor's.
@preconcurrency @MainActor
public func UIGraphicsGetCurrentContext() -> CGContext? {
    GraphicsContextStack.current
}

/// Makes `context` the current context, as UIKit's `UIGraphicsPushContext(_:)`, so that
/// UIKit drawing (`UIBezierPath.fill()`, `UIColor.setFill()`, ...) goes to it. Balance it
/// with `UIGraphicsPopContext()`.
@preconcurrency @MainActor
public func UIGraphicsPushContext(_ context: CGContext) {
    GraphicsContextStack.entries.append(.init(context: context, image: nil))
}

/// Removes the current context from the stack, making the one below current again, as
/// UIKit's `UIGraphicsPopContext()`. With an empty stack it does nothing (UIKit logs).
@preconcurrency @MainActor
public func UIGraphicsPopContext() {
    _ = GraphicsContextStack.entries.popLast()
}

/// Makes a bitmap context and pushes it, as UIKit's
/// `UIGraphicsBeginImageContextWithOptions(_:_:_:)`: `size` in points, `scale` pixels per
/// point (0 means the main screen's), `opaque` for a bitmap without alpha (it starts black;
/// a transparent one starts clear). Drawing is in points, y-down, origin at the top left.
/// Balance it with `UIGraphicsEndImageContext()`.
///
/// Deviation: UIKit logs an error and makes no context for an empty size; Vitrine does that
/// also for non-finite sizes and for bitmaps over 16384 pixels a side or 64 megapixels, so
/// that bad input never traps. `UIGraphicsEndImageContext()` stays safe to call.
@preconcurrency @MainActor
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let scale = GraphicsContextStack.resolvedScale(scale)
    guard let pixels = GraphicsContextStack.pixelSize(for: size, scale: scale) else {
        kitLog.warning("UIGraphicsBeginImageContextWithOptions: no context for size \(size) at scale \(scale)")
        return
    }
    let buffer = PixelBuffer(
        width: pixels.width, height: pixels.height, format: opaque ? .xrgb8888 : .argb8888Premultiplied)
    let context = CGContext(pixelBuffer: buffer, scale: scale)
    GraphicsContextStack.entries.append(.init(context: context, image: .init(scale: scale)))
}

/// Makes a transparent bitmap context at scale 1 and pushes it, as UIKit's
/// `UIGraphicsBeginImageContext(_:)`.
@preconcurrency @MainActor
public func UIGraphicsBeginImageContext(_ size: CGSize) {
    UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// The current image context's drawing as an image at its scale, as UIKit's
/// `UIGraphicsGetImageFromCurrentImageContext()`; nil when the current context is not one made
/// by `UIGraphicsBeginImageContextWithOptions`.
@preconcurrency @MainActor
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let entry = GraphicsContextStack.entries.last, let info = entry.image,
        let image = entry.context.makeImage()
    else { return nil }
    return UIImage(cgImage: image, scale: info.scale, orientation: .up)
}

/// Pops the current context if it is a bitmap context made by
/// `UIGraphicsBeginImageContextWithOptions`, as UIKit's `UIGraphicsEndImageContext()`.
/// Otherwise it does nothing (UIKit logs).
@preconcurrency @MainActor
public func UIGraphicsEndImageContext() {
    guard GraphicsContextStack.entries.last?.image != nil else { return }
    GraphicsContextStack.entries.removeLast()
}
