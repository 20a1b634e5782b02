import Foundation

/// What a table view asks for its data, as UIKit's `UITableViewDataSource`: the number of
/// rows in each section and a cell for each visible row are required; the rest are optional
/// and answer as UIKit does when the data source does not implement them (one section, no
/// header or footer title, rows editable, rows not movable).
@preconcurrency @MainActor
public protocol UITableViewDataSource: AnyObject {
    /// The number of rows in a section, as `tableView(_:numberOfRowsInSection:)`.
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    /// The cell showing a row, as `tableView(_:cellForRowAt:)`: usually one from
    /// `dequeueReusableCell(withIdentifier:for:)`, configured for the row.
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    /// The number of sections, as `numberOfSections(in:)` (default 1).
    func numberOfSections(in tableView: UITableView) -> Int
    /// The title of a section's header, as `tableView(_:titleForHeaderInSection:)` (default
    /// nil: no header unless the delegate gives a view).
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
    /// The title of a section's footer, as `tableView(_:titleForFooterInSection:)`.
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
    /// Whether a row may be edited (swiped to delete), as `tableView(_:canEditRowAt:)`
    /// (default true).
    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool
    /// Whether a row may be moved, as `tableView(_:canMoveRowAt:)` (default false).
    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool
    /// The titles of the section index, as `sectionIndexTitles(for:)` (default nil; Vitrine
    /// keeps them for the API and draws no index).
    func sectionIndexTitles(for tableView: UITableView) -> [String]?
    /// The section an index title leads to, as `tableView(_:sectionForSectionIndexTitle:at:)`.
    func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int
    /// The user asked to insert or delete a row, as `tableView(_:commit:forRowAt:)`.
    func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath)
    /// The user moved a row, as `tableView(_:moveRowAt:to:)`.
    func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension UITableViewDataSource {
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    public func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }
    public func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        index
    }
    public func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
    ) {}
    public func tableView(
        _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {}
}
