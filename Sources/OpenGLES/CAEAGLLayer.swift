public import VitrineLayers

/// The key of the colour format in `drawableProperties`, as `kEAGLDrawablePropertyColorFormat`:
/// `kEAGLColorFormatRGBA8` (default) or `kEAGLColorFormatRGB565`.
public let kEAGLDrawablePropertyColorFormat = "EAGLDrawablePropertyColorFormat"
/// The key of whether the contents are kept after a present, as
/// `kEAGLDrawablePropertyRetainedBacking` (a `Bool`, default false).
public let kEAGLDrawablePropertyRetainedBacking = "EAGLDrawablePropertyRetainedBacking"
/// 32-bit RGBA, as `kEAGLColorFormatRGBA8`.
public let kEAGLColorFormatRGBA8 = "EAGLColorFormatRGBA8"
/// 16-bit RGB 5-6-5, as `kEAGLColorFormatRGB565`.
public let kEAGLColorFormatRGB565 = "EAGLColorFormatRGB565"
/// 32-bit sRGB-encoded RGBA, as `kEAGLColorFormatSRGBA8`; stored as RGBA8 (Vitrine composites
/// without colour management, so the bytes are shown as they are).
public let kEAGLColorFormatSRGBA8 = "EAGLColorFormatSRGBA8"

/// Something an `EAGLContext` can give renderbuffer storage from, as `EAGLDrawable`.
@MainActor
public protocol EAGLDrawable: AnyObject {
    /// The drawable's colour format and retention, as `drawableProperties`
    /// (`kEAGLDrawablePropertyColorFormat`, `kEAGLDrawablePropertyRetainedBacking`).
    var drawableProperties: [AnyHashable: Any]! { get set }
}

/// A layer showing what OpenGL ES draws, as `CAEAGLLayer`: the classic iOS setup ports as it
/// is (a view whose `layerClass` is `CAEAGLLayer`, a framebuffer with a colour renderbuffer
/// whose storage comes from `EAGLContext.renderbufferStorage(_:from:)`, frames shown by
/// `presentRenderbuffer(_:)`).
///
/// The renderbuffer is `bounds.size × contentsScale` pixels, as on iOS. A present reads it back
/// (`glReadPixels`) into the layer's `contents`, which the compositor draws as any image, so
/// the GL frame sits in the layer tree with the rest (transforms, opacity, masks, views above
/// it). An opaque layer (`isOpaque`) or an RGB565 drawable shows its pixels opaque, as iOS
/// ignores the alpha of an opaque layer; otherwise the alpha is taken as premultiplied, as Core
/// Animation takes it.
///
/// Differences from iOS: the backing is always retained (`kEAGLDrawablePropertyRetainedBacking`
/// false allows that); the frame is copied, not handed over (zero-copy composition on the GLES
/// renderer and direct scan-out of a full-screen opaque layer are planned, issue 29).
open class CAEAGLLayer: CALayer, EAGLDrawable {
    /// The colour format and retention, as `drawableProperties`; nil means the defaults
    /// (RGBA8, not retained). Read when storage is allocated.
    open var drawableProperties: [AnyHashable: Any]!

    /// Whether a present is shown with the current transaction, as `presentsWithTransaction`
    /// (default false). Vitrine shows a presented frame with the next composited frame either
    /// way; when true the new contents are set inside the caller's transaction, so they
    /// appear together with the layer changes made in it.
    open var presentsWithTransaction = false

    public required init() {
        super.init()
    }

    /// A copy of `layer`'s properties, as `init(layer:)`.
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAEAGLLayer {
            drawableProperties = other.drawableProperties
            presentsWithTransaction = other.presentsWithTransaction
        }
    }

    /// The colour format `drawableProperties` asks for (RGBA8 when absent or unknown).
    var colorFormat: String {
        (drawableProperties?[kEAGLDrawablePropertyColorFormat] as? String) ?? kEAGLColorFormatRGBA8
    }
}
