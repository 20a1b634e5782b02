import VitrinePlatform

/// The `headless` backend: in-memory screens, one per `--headless-screen` size, no input, drawn
/// by either renderer (`--renderer`). The
/// automatic choice's last resort (it always runs): a machine without a usable panel still
/// runs the app, and screenshots and `--capture` show what it draws.
@MainActor
enum HeadlessBackendRegistration {
    static let registration = BackendRegistration(
        name: "headless",
        summary: "in-memory screens (--headless-screen WxH, default one 1920x1080), no input",
        capabilities: [.display],
        isAutomatic: true,
        launch: { context in launch(context) })

    /// A headless backend with one output per size. Each output has a single buffer: nothing
    /// scans it out, so a second one would only double the memory of every screen (8.3 MB at
    /// 1920x1080) to give the same pictures.
    static func launch(_ context: BackendLaunchContext) -> LaunchedBackends {
        let backend = HeadlessBackend(clock: MonotonicClock())
        for (index, size) in context.headlessSizes.enumerated() {
            backend.addOutput(name: "HEADLESS-\(index + 1)", width: size.width, height: size.height, bufferCount: 1)
        }
        // Either renderer: OpenGL ES on EGL's surfaceless platform draws into the CPU buffers
        // (read back), so captures and screenshots compare with pixman's.
        let selection = RendererSelection.choose(
            context.renderer, source: context.rendererSource, renderNodes: gpuRenderNodes(), probe: GPUProbe.surfaceless
        )
        selection.log(to: serviceLog, asked: context.renderer)
        return LaunchedBackends(name: registration.name, display: backend, makeRenderer: selection.makeRenderer)
    }
}
