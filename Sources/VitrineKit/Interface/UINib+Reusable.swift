import Foundation

// What the lists make from a registered nib: `UITableView.register(_:forCellReuseIdentifier:)`
// and the other nib registrations, and the prototype cells of interface files, which are
// registered as nibs of their own (see `NibBuilder.registerPrototypes`).
extension UINib {
    /// The nib's one top-level object as a new `View` for a list's reuse `identifier`, as UIKit
    /// makes cells and reusable views from a registered nib (instantiated with no owner).
    /// Nil, with the error given to `report` naming the nib and the identifier, when the nib
    /// does not hold exactly one top-level object of that kind (UIKit raises:
    /// "invalid nib registered for identifier ...").
    func makeReusableView<View: UIView>(
        _ kind: View.Type, identifier: String, report: (String) -> Void
    ) -> View? {
        let objects = instantiate(withOwner: nil, options: nil)
        if objects.count == 1, let view = objects.first as? View { return view }
        let found =
            objects.isEmpty
            ? "none" : objects.map { String(describing: type(of: $0)) }.joined(separator: ", ")
        report(
            "invalid nib registered for identifier (\(identifier)) - nib must contain exactly one top level object "
                + "which must be a \(View.self) instance: \(displayName) has \(objects.count) (\(found)); "
                + "a plain \(View.self) is used")
        return nil
    }
}
