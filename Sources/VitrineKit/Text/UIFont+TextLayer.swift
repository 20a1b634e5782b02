import VitrineGraphics
import VitrineLayers

/// `CATextLayer.font` accepts a `UIFont`, as Core Animation accepts one through its toll-free
/// bridge to `CTFont`.
extension UIFont: CATextLayerFontSource {
    /// The font's descriptor (the text layer's `fontSize` replaces its size).
    public var textLayerFontDescriptor: FontDescriptor { descriptor }
}
