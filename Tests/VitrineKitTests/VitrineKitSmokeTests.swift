import Testing
import VitrineKit

@Suite struct VitrineKitModuleTests {
    /// The module re-exports the layer and graphics modules, as UIKit brings QuartzCore and
    /// CoreGraphics along.
    @Test @MainActor func reexportsLayersAndGraphics() {
        let layer = CALayer()
        layer.setAffineTransform(CGAffineTransform(scaleX: 2, y: 2))
        #expect(layer.affineTransform().a == 2)
    }
}
