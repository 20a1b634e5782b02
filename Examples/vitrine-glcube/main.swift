// vitrine-glcube: a lit cube spinning in a GLKViewController, the way an iOS OpenGL ES app is
// written (GLKit, EAGLContext, GLSL ES shaders, GLKMatrix4), under the kiosk service: drag to
// spin it, tap to change its colour. `vitrine-glcube --backend headless --capture cube.png`
// draws it without a panel (Mesa's llvmpipe). docs/porting.md, "OpenGL ES", walks through it.
// This file imports VitrineKiosk alone: its UIApplicationMain (the kiosk service's) shadows
// VitrineKit's, which `import GLKit` would bring in beside it.
import VitrineKiosk

@MainActor
final class CubeAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = CubeViewController()
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}

MainActor.assumeIsolated {
    UIApplicationMain(CubeAppDelegate())
}
