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

/// The help flow's second scene: the opening hours `HelpViewController` passes on, as a heading
/// and as a table of days whose rows are the storyboard's "Day" prototype cell (a Right Detail
/// cell: the days in its `textLabel`, the times in its `detailTextLabel`).
@MainActor
public final class OpeningHoursViewController: UIViewController, UITableViewDataSource {
    /// The heading above the table.
    @Outlet public var headingLabel: UILabel!
    /// The table of days (its data source is this controller, connected in the storyboard).
    @Outlet public var daysTable: UITableView!
    /// The hours shown, set before the view loads: a line each, "days times".
    public var hours = ""

    /// The hours as rows: each line split at its last space into days and times.
    var rows: [(days: String, times: String)] {
        hours.split(separator: "\n").map { line in
            guard let space = line.lastIndex(of: " ") else { return (String(line), "") }
            return (String(line[..<space]), String(line[line.index(after: space)...]))
        }
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        headingLabel.text = "We are open"
    }

    public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }

    public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Day", for: indexPath)
        let row = rows[indexPath.row]
        cell.textLabel?.text = row.days
        cell.detailTextLabel?.text = row.times
        return cell
    }
}
