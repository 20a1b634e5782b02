// vitrined: the reference kiosk daemon. It runs the showcase app through VitrineKiosk's `UIApplicationMain`,
// which carries the whole kiosk service (command line, config, backends, systemd, signals,
// control socket): `vitrined --help` lists the options, docs/install.md installs it on a panel.
import VitrineDemo
import VitrineKiosk

MainActor.assumeIsolated {
    UIApplicationMain(ShowcaseAppDelegate())
}
