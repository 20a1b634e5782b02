/// What a window does when the user resizes it (the config's `window.resize`).
public enum WindowResizePolicy: String, Sendable, CaseIterable {
    /// The new size becomes the screen's mode (`UIScreen.modeDidChangeNotification`; layout
    /// follows).
    case modeChange = "mode-change"
    /// The window keeps the panel's size (its minimum and maximum sizes are set to it, and a
    /// size the compositor configures anyway is answered with the panel's).
    case refuse
}
