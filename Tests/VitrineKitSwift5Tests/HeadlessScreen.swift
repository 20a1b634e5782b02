import VitrineKit
import VitrinePlatform

/// Puts a headless `width` x `height` screen under the app on a manual clock, with synthetic
/// input installed, for the tests that touch. VitrinePlatform's backends are Vitrine's own
/// Swift 6 API, not UIKit's, so they are not `@preconcurrency`: non-isolated test code reaches
/// them through `MainActor.assumeIsolated` (XCTest runs tests on the main thread).
func installHeadlessScreen(name: String, width: Int = 400, height: Int = 300) -> SyntheticInput {
    MainActor.assumeIsolated {
        let backend = HeadlessBackend(clock: ManualClock())
        backend.addOutput(name: name, width: width, height: height)
        UIApplication.shared.setDisplayBackend(backend)
        return SyntheticInput().install()
    }
}
