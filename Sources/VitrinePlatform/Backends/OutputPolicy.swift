/// An output as a config matches it: its connector's name and its display's EDID identity.
public struct OutputIdentity: Hashable, Sendable {
    /// The connector's name: `HDMI-A-1`, `HEADLESS-1`.
    public var name: String
    /// The EDID's manufacturer id, when the display has an EDID.
    public var make: String?
    /// The EDID's model name or product code.
    public var model: String?
    /// The EDID's serial number.
    public var serial: String?

    /// An identity with the given name and EDID fields.
    public init(name: String, make: String? = nil, model: String? = nil, serial: String? = nil) {
        self.name = name
        self.make = make
        self.model = model
        self.serial = serial
    }
}

/// What the service decides for one output: whether to light it, and how to pick its mode.
public struct OutputPolicy: Hashable, Sendable {
    /// Whether to light it at all.
    public var isEnabled: Bool
    /// How to pick its mode.
    public var modeSelection: DisplayModeSelection

    /// A policy; by default the output is lit in its preferred mode.
    public init(isEnabled: Bool = true, modeSelection: DisplayModeSelection = .preferred) {
        self.isEnabled = isEnabled
        self.modeSelection = modeSelection
    }
}

/// A display backend whose outputs follow a policy the service gives it (the kiosk config's
/// `[[output]]` rules): which connectors to light and in which mode. The service sets the
/// policy and reapplies it on reload through this protocol, never through the concrete
/// backend, so a new backend plugs in by adopting it.
@MainActor
public protocol OutputPolicyControl: AnyObject {
    /// Asked for each output as it connects, and again by `applyOutputPolicy()`.
    var outputPolicy: @MainActor (OutputIdentity) -> OutputPolicy { get set }
    /// Asks the policy again for every connector: outputs it now disables are disconnected,
    /// ones it now enables are connected. Mode changes of lit outputs are left to the caller
    /// (`policyMode(for:)`), which switches them through the screen so a flip in flight lands.
    func applyOutputPolicy()
    /// The mode the policy picks for `output` now, nil when the output is not this backend's
    /// or has no modes.
    func policyMode(for output: any DisplayOutput) -> DisplayMode?
    /// Every connector name the backend knows, connected or not, so that rules naming a
    /// connector that does not exist can be warned about.
    var knownConnectorNames: Set<String> { get }
}
