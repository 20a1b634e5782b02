// VitrineKit: the UIKit-compatible API an app imports. Like UIKit, which brings QuartzCore and
// CoreGraphics along, it re-exports the layer and graphics modules.
@_exported import Foundation
import Logging
@_exported import VitrineGraphics
@_exported import VitrineLayers

/// Where VitrineKit reports what it refuses or cannot load (a missing image, a view added to
/// itself): UIKit logs or raises there; a kiosk logs and carries on.
let kitLog = Logger(label: "vitrine.kit")
