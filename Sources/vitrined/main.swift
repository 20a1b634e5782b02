import Foundation
import VitrineGraphics
import VitrineLayers
import VitrineShowcase

let scene = MainActor.assumeIsolated { ShowcaseScene() }
let output = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "showcase.png"
MainActor.assumeIsolated {
    let buffer = PixelBuffer(width: 1920, height: 1080, format: .xrgb8888)
    let compositor = Compositor()
    compositor.render(scene.root, into: buffer, bufferAge: 0)
    let data = try! ImageCodec.encodePNG(buffer)
    try! data.write(to: URL(fileURLWithPath: output))
    print("wrote \(output)")
}
