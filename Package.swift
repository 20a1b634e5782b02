// swift-tools-version: 6.2
// Vitrine: a UIKit-compatible display runtime for embedded Linux touch panels.
// The module map and the rules between modules are in docs/architecture.md.
import PackageDescription

/// Every Swift target builds in Swift 6 mode with warnings as errors, except
/// `VitrineKitSwift5Tests`, which checks that Swift 5 client code builds.
let strict: [SwiftSetting] = [
    .treatAllWarnings(as: .error)
]

// How the daemon is linked, to keep its resident memory down (docs/benchmarks.md): lld packs
// the 83,000 relative relocations of a position-independent binary into a few kilobytes
// (DT_RELR, glibc 2.36 and later), where the default 2 MB table is read whole at every start;
// and the symbols are not exported (the static Swift runtime's link flags export them), which
// spares the loader a 900 KB dynamic symbol table nothing looks up.
// For release (built with `--static-swift-stdlib`, as docs/install.md does), the C++ runtime
// is linked statically too (scripts/link/libstdc++.so says how), which saves 1.1 MB more.
let daemonLinking: [LinkerSetting] = [
    .unsafeFlags([
        "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic",
    ]),
    .unsafeFlags(["-L\(Context.packageDirectory)/scripts/link"], .when(configuration: .release)),
]

/// A system-library target found by pkg-config, with the Debian package that provides it.
func systemLibrary(_ name: String, pkgConfig: String, apt: String) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt([apt])])
}

let package = Package(
    name: "Vitrine",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "VitrineKit", targets: ["VitrineKit"]),
        .library(name: "VitrineKiosk", targets: ["VitrineKiosk"]),
        .library(name: "VitrineIO", targets: ["VitrineIO"]),
        .library(name: "VitrineSystemd", targets: ["VitrineSystemd"]),
        .library(name: "VitrineService", targets: ["VitrineService"]),
        .library(name: "VitrineGraphics", targets: ["VitrineGraphics"]),
        .library(name: "VitrineLayers", targets: ["VitrineLayers"]),
        .library(name: "VitrineGL", targets: ["VitrineGL"]),
        .library(name: "OpenGLES", targets: ["OpenGLES"]),
        .library(name: "GLKit", targets: ["GLKit"]),
        .library(name: "VitrinePlatform", targets: ["VitrinePlatform"]),
        .library(name: "VitrineUdev", targets: ["VitrineUdev"]),
        .library(name: "VitrineDRM", targets: ["VitrineDRM"]),
        .library(name: "VitrineInput", targets: ["VitrineInput"]),
        .library(name: "VitrineSeat", targets: ["VitrineSeat"]),
        .library(name: "VitrineTestSupport", targets: ["VitrineTestSupport"]),
        .library(name: "VitrineConfig", targets: ["VitrineConfig"]),
        .library(name: "VitrineInterface", targets: ["VitrineInterface"]),
        .executable(name: "vitrined", targets: ["vitrined"]),
        .executable(name: "vitrine-hello", targets: ["vitrine-hello"]),
        .executable(name: "vitrine-glcube", targets: ["vitrine-glcube"]),
        .executable(name: "vitrine-bench", targets: ["vitrine-bench"]),
        .executable(name: "vitrine-kit-bench", targets: ["vitrine-kit-bench"]),
        .executable(name: "vitrine-events-bench", targets: ["vitrine-events-bench"]),
        .executable(name: "vitrine-anim-bench", targets: ["vitrine-anim-bench"]),
        .executable(name: "vitrine-daemon-bench", targets: ["vitrine-daemon-bench"]),
        .executable(name: "vitrine-socket-bench", targets: ["vitrine-socket-bench"]),
        .executable(name: "vitrine-layout-bench", targets: ["vitrine-layout-bench"]),
        .executable(name: "vitrine-scroll-bench", targets: ["vitrine-scroll-bench"]),
        .executable(name: "vitrine-parser-bench", targets: ["vitrine-parser-bench"]),
        .executable(name: "vitrine-vm-tests", targets: ["vitrine-vm-tests"]),
        .executable(name: "vitrine-fuzz", targets: ["vitrine-fuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // The daemon's configuration file (VitrineConfig): toml++ behind a Swift API.
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        // Typed file descriptors and errno values (VitrineIO).
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        // C libraries: module maps only.
        systemLibrary("CDRM", pkgConfig: "libdrm", apt: "libdrm-dev"),
        systemLibrary("CUdev", pkgConfig: "libudev", apt: "libudev-dev"),
        systemLibrary("CLibinput", pkgConfig: "libinput", apt: "libinput-dev"),
        systemLibrary("CPixman", pkgConfig: "pixman-1", apt: "libpixman-1-dev"),
        // The XML parser under Foundation's XMLParser, used directly for interface files.
        systemLibrary("CLibXML2", pkgConfig: "libxml-2.0", apt: "libxml2-dev"),
        // cairo and pango together: pangocairo's pkg-config file requires cairo.
        systemLibrary("CCairo", pkgConfig: "pangocairo", apt: "libpango1.0-dev"),
        // libjpeg-turbo's TurboJPEG API: plain error codes, no setjmp/longjmp.
        systemLibrary("CTurboJPEG", pkgConfig: "libturbojpeg", apt: "libturbojpeg0-dev"),
        // Keymaps: evdev key codes to keysyms and characters, as Wayland compositors do.
        systemLibrary("CXKBCommon", pkgConfig: "xkbcommon", apt: "libxkbcommon-dev"),
        // Seat management (seatd or logind): device access for a kiosk that is not root.
        systemLibrary("CLibseat", pkgConfig: "libseat", apt: "libseat-dev"),
        // EGL and GBM for the GLES renderer (the module map links libgbm, whose headers need no
        // flags); Mesa's EGL driver (libegl-mesa0) is what opens a display at run time.
        .systemLibrary(name: "CEGL", pkgConfig: "egl", providers: [.apt(["libegl-dev", "libgbm-dev"])]),
        // OpenGL ES 2 and 3, re-exported by the Swift module `OpenGLES` (iOS's module name) beside
        // EAGLContext, so ported GL code keeps `import OpenGLES`.
        systemLibrary("COpenGLES", pkgConfig: "glesv2", apt: "libgles-dev"),
        // libwayland-client with the xdg-shell protocol code wayland-scanner generated (checked in:
        // scripts/wayland/generate-protocols.sh), for the window backend (VitrineWayland).
        .target(
            name: "CWayland",
            linkerSettings: [.linkedLibrary("wayland-client")]
        ),

        // Owned, close-once file descriptors and the one retry-on-EINTR helper.
        .target(
            name: "VitrineIO",
            dependencies: [.product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: strict
        ),
        // Auto Layout's engine: an incremental Cassowary solver, no UI types.
        .target(
            name: "VitrineLayout",
            swiftSettings: strict
        ),
        .target(
            name: "VitrineGraphics",
            dependencies: ["CPixman", "CCairo", "CTurboJPEG"],
            swiftSettings: strict
        ),
        .target(
            name: "VitrineLayers",
            dependencies: ["VitrineGraphics"],
            swiftSettings: strict
        ),
        // Apple's OpenGLES framework: the GLES 2/3 functions (COpenGLES, re-exported), EAGLContext
        // on EGL and CAEAGLLayer (docs/porting.md, "OpenGL ES"). Below VitrineGL, which draws
        // with the same functions through it.
        .target(
            name: "OpenGLES",
            dependencies: [
                "COpenGLES", "CEGL", "VitrineGraphics", "VitrineLayers",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // Apple's GLKit: GLKView, GLKViewController on the screen's vblank, GLKMatrix4 and kin.
        .target(
            name: "GLKit",
            dependencies: ["OpenGLES", "VitrineKit", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict
        ),
        // The GLES renderer: EGL contexts, GL render targets and a `Renderer` drawing the
        // compositor's display list with OpenGL ES 2 (docs/architecture.md, "A pixel").
        .target(
            name: "VitrineGL",
            dependencies: [
                "CEGL", "OpenGLES", "VitrineGraphics", "VitrineLayers", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "VitrinePlatform",
            dependencies: ["VitrineGraphics", "VitrineIO", .product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: strict
        ),
        .target(
            name: "VitrineUdev",
            dependencies: ["CUdev"],
            swiftSettings: strict
        ),
        .target(
            name: "VitrineDRM",
            dependencies: ["CDRM", "VitrineUdev", "VitrinePlatform", "VitrineIO"],
            swiftSettings: strict
        ),
        // The recording fake of the DRM kernel interface: only tests depend on it, so no shipped
        // binary holds it (it reaches VitrineDRM's seams through their package access).
        .target(
            name: "VitrineDRMTesting",
            dependencies: ["VitrineDRM"],
            swiftSettings: strict
        ),
        .target(
            name: "VitrineInput",
            dependencies: ["CLibinput", "CUdev", "CXKBCommon", "VitrineUdev", "VitrinePlatform", "VitrineIO"],
            swiftSettings: strict
        ),
        .target(
            name: "VitrineSeat",
            dependencies: [
                "CLibseat", "VitrinePlatform", "VitrineIO", .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "VitrineSystemd",
            dependencies: ["VitrineIO"],
            swiftSettings: strict
        ),
        // The daemon's configuration: pure data and validation, no display or input imports.
        .target(
            name: "VitrineConfig",
            dependencies: ["VitrineIO", .product(name: "TOMLKit", package: "TOMLKit")],
            swiftSettings: strict
        ),
        // Xcode's interface files (.xib, .storyboard) read into a document model with libxml2 (the
        // parser under Foundation's XMLParser, called directly), no UI types (VitrineKit makes them).
        .target(
            name: "VitrineInterface",
            dependencies: ["CLibXML2"],
            swiftSettings: strict
        ),
        .target(
            name: "VitrineService",
            dependencies: [
                "VitrineIO",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // The UIKit-compatible API: views, screens and events over the platform seams only, so
        // an app on a headless screen (a test, a simulator) links no KMS, libinput or libseat.
        .target(
            name: "VitrineKit",
            dependencies: [
                "VitrineGraphics", "VitrineLayers", "VitrineLayout", "VitrinePlatform", "VitrineInterface",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // The window backend on Wayland (the simulator, or a client under cage): one xdg_toplevel
        // per screen, shared-memory buffers, frame callbacks as the vblank, seat input.
        .target(
            name: "VitrineWayland",
            dependencies: [
                "CWayland", "VitrineInput", "VitrinePlatform", "VitrineGraphics", "VitrineIO",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // The kiosk service around a VitrineKit app: command line, config, backend registry,
        // seat, systemd, signals, control socket.
        .target(
            name: "VitrineKiosk",
            dependencies: [
                "VitrineKit", "VitrinePlatform", "VitrineDRM", "VitrineInput", "VitrineSeat", "VitrineSystemd",
                "VitrineService", "VitrineConfig", "VitrineIO", "VitrineGL", "VitrineWayland",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "VitrineDemo",
            dependencies: ["VitrineKit", "VitrinePlatform"],
            // Interface files, copied as Xcode saved them (docs/install.md: where they go on a panel).
            resources: [.copy("Resources/InfoBoard.xib"), .copy("Resources/Help.storyboard")],
            swiftSettings: strict
        ),
        .target(
            name: "VitrineShowcase",
            dependencies: ["VitrineLayers", "OpenGLES"],
            swiftSettings: strict
        ),
        .target(
            name: "VitrineTestSupport",
            dependencies: ["VitrineGraphics", "VitrineLayers", "VitrinePlatform"],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "vitrined",
            dependencies: ["VitrineKiosk", "VitrineDemo"],
            swiftSettings: strict,
            linkerSettings: daemonLinking
        ),
        // An app on VitrineKit alone (headless, no kiosk service): links no KMS, libinput or libseat.
        .executableTarget(
            name: "vitrine-hello",
            dependencies: ["VitrineKit"],
            path: "Examples/vitrine-hello",
            swiftSettings: strict
        ),
        // A lit cube spinning in a GLKViewController, turned by the finger (docs/porting.md,
        // "OpenGL ES"): the GL path as a ported app uses it, under the kiosk service.
        .executableTarget(
            name: "vitrine-glcube",
            dependencies: ["GLKit", "VitrineKiosk"],
            path: "Examples/vitrine-glcube",
            swiftSettings: strict
        ),
        // An app launched through UIApplicationMain whose timers, run-loop blocks, main-queue
        // notifications, tasks and display link MainRunLoopAppTests checks from outside.
        .executableTarget(
            name: "vitrine-runloop-app",
            dependencies: ["VitrineKiosk"],
            path: "IntegrationTests/vitrine-runloop-app",
            swiftSettings: strict
        ),
        // glibc's malloc statistics, for the benchmark's heap-growth figure.
        .systemLibrary(name: "CMallocInfo", path: "Benchmarks/CMallocInfo"),
        // Medians and heap counts, shared by the benchmarks.
        .target(
            name: "BenchmarkSupport",
            dependencies: ["CMallocInfo"],
            path: "Benchmarks/BenchmarkSupport",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "vitrine-bench",
            dependencies: [
                "VitrineLayers", "VitrinePlatform", "VitrineShowcase", "VitrineTestSupport", "BenchmarkSupport",
                "VitrineGL", "OpenGLES",
            ],
            path: "Benchmarks/vitrine-bench",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "vitrine-kit-bench",
            dependencies: [
                "VitrineKit", "VitrineInterface", "VitrinePlatform", "VitrineTestSupport", "BenchmarkSupport",
            ],
            path: "Benchmarks/vitrine-kit-bench",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "vitrine-events-bench",
            dependencies: ["VitrineKit", "VitrinePlatform"],
            path: "Benchmarks/vitrine-events-bench",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "vitrine-anim-bench",
            dependencies: ["VitrineKit", "VitrineLayers", "VitrinePlatform"],
            path: "Benchmarks/vitrine-anim-bench",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "vitrine-layout-bench",
            dependencies: ["VitrineLayout", "BenchmarkSupport"],
            path: "Benchmarks/vitrine-layout-bench",
            swiftSettings: strict
        ),
        // A full-screen list scrolled by flings: scrolls repainted against pixels moved.
        .executableTarget(
            name: "vitrine-scroll-bench",
            dependencies: ["VitrineLayers", "VitrineGraphics", "BenchmarkSupport"],
            path: "Benchmarks/vitrine-scroll-bench",
            swiftSettings: strict
        ),
        // The parsers given hostile files (issue 27): deep keys, deep or large interface files, PNG bombs.
        .executableTarget(
            name: "vitrine-parser-bench",
            dependencies: [
                "VitrineConfig", "VitrineInterface", "VitrineGraphics", "VitrineTestSupport", "BenchmarkSupport",
            ],
            path: "Benchmarks/vitrine-parser-bench",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "vitrine-daemon-bench",
            dependencies: ["VitrineTestSupport"],
            path: "Benchmarks/vitrine-daemon-bench",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "vitrine-socket-bench",
            dependencies: ["VitrineKiosk", "VitrineKit", "VitrineDemo", "VitrineService", "VitrineIO"],
            path: "Benchmarks/vitrine-socket-bench",
            swiftSettings: strict
        ),
        // Checks on real KMS and real input (uinput devices read by libinput): run inside the
        // qemu guest (scripts/vm/run-in-vm.sh, docs/testing.md).
        .executableTarget(
            name: "vitrine-vm-tests",
            dependencies: [
                "VitrineDRM", "VitrineInput", "VitrineKit", "VitrineKiosk", "VitrinePlatform", "VitrineSeat",
                "VitrineUdev",
                "VitrineGraphics", "VitrineLayers", "VitrineTestSupport", "VitrineDemo", "VitrineIO", "VitrineService",
                "VitrineGL",
            ],
            path: "IntegrationTests/vitrine-vm-tests",
            swiftSettings: strict
        ),
        // The fuzz targets (issue 27): replays a corpus in any build; scripts/fuzz/build.sh builds
        // it with libFuzzer (docs/testing.md, "Fuzzing").
        .executableTarget(
            name: "vitrine-fuzz",
            dependencies: [
                "VitrineConfig", "VitrineDRM", "VitrineInterface", "VitrineKit", "VitrineService",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Fuzz/vitrine-fuzz",
            swiftSettings: strict
        ),

        .testTarget(
            name: "VitrineIOTests",
            dependencies: [
                "VitrineIO", "VitrineTestSupport", .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "VitrineLayoutTests",
            dependencies: ["VitrineLayout", "VitrineTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "VitrineGraphicsTests",
            dependencies: ["VitrineGraphics", "VitrineTestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "VitrineLayersTests",
            dependencies: ["VitrineLayers", "VitrineTestSupport", "VitrinePlatform"],
            exclude: ["Compositor/References"],
            swiftSettings: strict
        ),
        // The compositor's pixel scenes through the GLES renderer on Mesa (llvmpipe, EGL
        // surfaceless), compared with VitrineLayersTests' references.
        .testTarget(
            name: "VitrineGLTests",
            dependencies: ["VitrineGL", "VitrineLayers", "VitrineGraphics", "VitrineTestSupport", "OpenGLES"],
            swiftSettings: strict
        ),
        // EAGLContext, CAEAGLLayer, GLKView and GLKViewController on Mesa (llvmpipe, EGL
        // surfaceless) in a headless screen's layer tree.
        .testTarget(
            name: "GLKitTests",
            dependencies: [
                "GLKit", "OpenGLES", "VitrineKit", "VitrinePlatform", "VitrineShowcase", "VitrineTestSupport",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "VitrineKitTests",
            dependencies: ["VitrineKit", "VitrineTestSupport"],
            exclude: ["References", "Resources"],
            swiftSettings: strict
        ),
        // UIKit-style client code in the Swift 5 language mode: main-actor API called from
        // XCTest's non-isolated `setUp()` and plain functions must build (warnings allowed, so
        // not `strict`), as it does with Apple's SDK (docs/porting.md).
        .testTarget(
            name: "VitrineKitSwift5Tests",
            dependencies: ["VitrineKit", "VitrinePlatform", "GLKit"],
            // The reviewed list of public and open API OpenAPIListingTests reads beside its source.
            exclude: ["OpenAPIListing.expected"],
            // A font for docs/porting.md's registration snippet, found through `Bundle.module`.
            resources: [.copy("Fonts")],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "VitrineKioskTests",
            dependencies: [
                "VitrineKiosk", "VitrineKit", "VitrinePlatform", "VitrineDRM", "VitrineInput", "VitrineSeat",
                "VitrineService", "VitrineSystemd", "VitrineConfig", "VitrineTestSupport",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "VitrineSystemdTests",
            dependencies: ["VitrineSystemd", "VitrineTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "VitrineServiceTests",
            dependencies: ["VitrineService", "VitrineIO", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "VitrineConfigTests",
            dependencies: ["VitrineConfig"],
            exclude: ["Fixtures"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "VitrineInterfaceTests",
            dependencies: ["VitrineInterface", "VitrineTestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "VitrineDemoTests",
            dependencies: ["VitrineDemo", "VitrineKit", "VitrinePlatform", "VitrineTestSupport"],
            exclude: ["References"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "VitrinePlatformTests",
            dependencies: ["VitrinePlatform", "VitrineTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "VitrineDRMTests",
            dependencies: ["VitrineDRM", "VitrineDRMTesting", "VitrinePlatform", "CDRM"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "VitrineSeatTests",
            dependencies: ["VitrineSeat", "VitrinePlatform"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "VitrineInputTests",
            dependencies: ["VitrineInput", "VitrinePlatform", "VitrineIO", "VitrineTestSupport"],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
