/// The display backend for tests and display-less machines: outputs in memory that tests
/// create, unplug and replug at will, posting the same connected / disconnected / mode-changed
/// handlers the DRM backend posts on udev hotplug. Outputs and their vblanks run on `clock`.
@MainActor
public final class HeadlessBackend: DisplayBackend {
    /// The clock every output of this backend is timed on.
    public let clock: any MediaClock

    /// The connected outputs, as their concrete type.
    public private(set) var headlessOutputs: [HeadlessOutput] = []

    /// The connected outputs, in connection order.
    public var outputs: [any DisplayOutput] { headlessOutputs }

    /// Called after `connect(_:)` or `addOutput` connected an output.
    public var outputConnectedHandler: (@MainActor (any DisplayOutput) -> Void)?
    /// Called after `disconnect(_:)` unplugged an output.
    public var outputDisconnectedHandler: (@MainActor (any DisplayOutput) -> Void)?
    /// Called after a connected output's mode changed (`setMode`, `setAvailableModes`).
    public var outputModeChangedHandler: (@MainActor (any DisplayOutput, _ previousMode: DisplayMode) -> Void)?

    private var outputsMade = 0

    /// A backend with no outputs yet, timed on `clock`.
    public init(clock: any MediaClock) {
        self.clock = clock
    }

    /// Makes an output (named `HEADLESS-<n>` unless `name` is given; 1920x1080@60 unless told)
    /// and connects it, calling `outputConnectedHandler`.
    @discardableResult
    public func addOutput(
        name: String? = nil, width: Int = 1920, height: Int = 1080, refreshMillihertz: Int = 60_000,
        bufferCount: Int = 2
    ) -> HeadlessOutput {
        let output = HeadlessOutput(
            name: name ?? "HEADLESS-\(outputsMade + 1)", width: width, height: height,
            refreshMillihertz: refreshMillihertz, bufferCount: bufferCount, clock: clock)
        connect(output)
        return output
    }

    /// Connects `output` (new, or disconnected earlier: it gets fresh buffers), appending it to
    /// `outputs` and calling `outputConnectedHandler`. Connecting a connected output of this
    /// backend does nothing. The output must run on this backend's clock.
    public func connect(_ output: HeadlessOutput) {
        precondition(output.clock === clock, "an output must run on its backend's clock")
        guard !headlessOutputs.contains(where: { $0 === output }) else { return }
        precondition(
            !headlessOutputs.contains(where: { $0.name == output.name }), "output names are unique per backend")
        outputsMade += 1
        output.markConnected()
        output.modeChangeObserver = { [weak self] output, previous in
            self?.outputModeChangedHandler?(output, previous)
        }
        headlessOutputs.append(output)
        outputConnectedHandler?(output)
    }

    /// Unplugs `output`: removes it from `outputs`, makes it unusable (presents throw
    /// `.disconnected`, a present in flight is dropped) and calls `outputDisconnectedHandler`.
    /// Does nothing for an output that is not connected to this backend.
    public func disconnect(_ output: HeadlessOutput) {
        guard let index = headlessOutputs.firstIndex(where: { $0 === output }) else { return }
        headlessOutputs.remove(at: index)
        output.markDisconnected()
        output.modeChangeObserver = nil
        outputDisconnectedHandler?(output)
    }
}
