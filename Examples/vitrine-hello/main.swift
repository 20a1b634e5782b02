// vitrine-hello: an app written against VitrineKit alone, without the kiosk service. It runs on
// the headless backend (one 1920x1080 screen in memory), shows a label, says when its first
// frame is on screen and exits. Its binary links no libdrm, libinput or libseat (the tests
// check it with ldd): this is how a unit test, a simulator or a laptop runs views.
import Foundation
import VitrineKit

final class HelloDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.backgroundColor = .white
        let label = UILabel(frame: CGRect(x: 40, y: 40, width: 600, height: 80))
        label.text = "Hello from VitrineKit"
        label.font = .systemFont(ofSize: 48)
        window.addSubview(label)
        window.makeKeyAndVisible()
        self.window = window
        application.screenFirstFrameHandler = { screen in
            print(
                "vitrine-hello: first frame on \(screen.name) (\(Int(screen.bounds.width))x\(Int(screen.bounds.height)))"
            )
            exit(0)
        }
        return true
    }
}

MainActor.assumeIsolated {
    UIApplicationMain(HelloDelegate())
}
