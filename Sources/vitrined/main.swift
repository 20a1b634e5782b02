// vitrined: the reference kiosk daemon. It runs the showcase app through `UIApplicationMain`,
// which carries the whole kiosk service (command line, config, backends, systemd, signals,
// control socket): `vitrined --help` lists the options, docs/install.md installs it on a panel.
import VitrineDemo
import VitrineKit

MainActor.assumeIsolated {
    UIApplicationMain(ShowcaseAppDelegate())
}
