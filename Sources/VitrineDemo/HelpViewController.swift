import Foundation
import VitrineKit

/// The showcase's help, a small storyboard flow (`Help.storyboard`, in Resources/): this scene
/// explains the panel, and its "Opening hours" button's show segue pushes
/// `OpeningHoursViewController`, which `prepare(for:sender:)` hands the hours to. A product's
/// screen pushes it from its "Help" bar button item.
@MainActor
public final class HelpViewController: UIViewController {
    /// The button whose segue shows the opening hours.
    @Outlet public var hoursButton: UIButton!

    /// The hours the next scene shows.
    public var openingHours = "Monday to Friday 9:00–18:00\nSaturday 10:00–16:00"

    /// The help flow's first scene, from `Help.storyboard` in the app's resources.
    public static func fromStoryboard() -> HelpViewController? {
        UIStoryboard(name: "Help", bundle: nil).instantiateInitialViewController() as? HelpViewController
    }

    public override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        navigationController?.setNavigationBarHidden(false, animated: animated)
    }

    public override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        (segue.destination as? OpeningHoursViewController)?.hours = openingHours
    }
}

/// The help flow's second scene: the opening hours `HelpViewController` passes on.
@MainActor
public final class OpeningHoursViewController: UIViewController {
    /// The label the hours are shown in.
    @Outlet public var hoursLabel: UILabel!
    /// The hours shown, set before the view loads.
    public var hours = ""

    public override func viewDidLoad() {
        super.viewDidLoad()
        hoursLabel.text = hours
    }
}
