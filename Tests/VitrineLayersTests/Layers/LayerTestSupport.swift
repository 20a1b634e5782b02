import Foundation
import VitrineGraphics

@testable import VitrineLayers

/// A ring path: a circle of `radius` about `center`, starting at the top and running clockwise
/// on screen (y down, angles increasing), as the classic progress ring draws it.
func ringPath(center: CGPoint, radius: CGFloat) -> CGPath {
    let path = CGMutablePath()
    path.addArc(
        center: center, radius: radius, startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: false)
    return path
}

/// The point at `angle` (radians, y down) on a circle.
func point(on center: CGPoint, radius: CGFloat, angle: CGFloat) -> (Int, Int) {
    (Int((center.x + radius * cos(angle)).rounded(.down)), Int((center.y + radius * sin(angle)).rounded(.down)))
}

/// The alpha-free darkness of a grey-ish pixel: 255 minus its mean channel.
func darkness(_ buffer: PixelBuffer, _ x: Int, _ y: Int) -> Int {
    let (r, g, b) = rgb(buffer.pixel(x: x, y: y))
    return 255 - (r + g + b) / 3
}
