import Foundation
import Testing
import VitrineKit

/// Records the control events a control sends, by name, in order.
@MainActor
final class ControlEventLog {
    static let names: [(UIControl.Event, String)] = [
        (.touchDown, "down"), (.touchDownRepeat, "downRepeat"), (.touchDragInside, "dragInside"),
        (.touchDragOutside, "dragOutside"), (.touchDragEnter, "dragEnter"), (.touchDragExit, "dragExit"),
        (.touchUpInside, "upInside"), (.touchUpOutside, "upOutside"), (.touchCancel, "cancel"),
        (.valueChanged, "valueChanged"), (.primaryActionTriggered, "primary"),
    ]
    var entries: [String] = []

    init(_ control: UIControl) {
        for (event, name) in Self.names {
            control.addAction(UIAction { [weak self] _ in self?.entries.append(name) }, for: event)
        }
    }

    /// The entries with runs of one name collapsed to "name…" (for drags of unknown length).
    var collapsed: [String] {
        var result: [String] = []
        for entry in entries {
            if let last = result.last, last == entry || last == entry + "…" {
                result[result.count - 1] = entry + "…"
            } else {
                result.append(entry)
            }
        }
        return result
    }
}

extension EventScene {
    /// `point` in `view`'s bounds coordinates, on the screen.
    func screenPoint(_ point: CGPoint, in view: UIView) -> CGPoint {
        let inWindow = view.convert(point, to: nil)
        return window.convert(inWindow, to: window.screen.coordinateSpace)
    }

    /// Renders the screen and returns what it shows.
    func screenshot() throws -> PixelBuffer {
        clock.advance(by: 0)
        return try #require(backend.headlessOutputs[0].screenshot())
    }
}

/// Renders `view` alone into a buffer of its size (a white background behind it).
@MainActor
func renderAlone(_ view: UIView, width: Int, height: Int) -> PixelBuffer {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: width, height: height))
    root.backgroundColor = .white
    root.addSubview(view)
    let buffer = PixelBuffer(width: width, height: height, format: .xrgb8888)
    root.layer.layoutAndDisplayIfNeeded()
    Compositor().render(root.layer, into: buffer, bufferAge: 0)
    view.removeFromSuperview()
    return buffer
}
